-- V3: a small key-value table for the bot's own bookkeeping (e.g. the hash of the last
-- globally synced command tree, so commands are synced only when they changed).
CREATE TABLE meta (
    key        TEXT PRIMARY KEY CHECK (key <> ''),
    value      TEXT NOT NULL,
    updated_at REAL NOT NULL
) WITHOUT ROWID;
