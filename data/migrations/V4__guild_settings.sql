-- V4: a server's own settings. `language` is the language of the server's public messages, set by
-- an admin (/rami language); no row (or NULL) means "the locale the server reports to Discord".
CREATE TABLE guild_settings (
    guild_id   INTEGER PRIMARY KEY,
    language   TEXT CHECK (language IS NULL OR language <> ''),
    updated_at REAL NOT NULL
) WITHOUT ROWID;
