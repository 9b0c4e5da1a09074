-- V2: a server's defaults for its new tables (/rami defaults): the default preset, the server's
-- house rules of each preset and the table options, as one versioned JSON document that the
-- service checks again at every read (rummy.defaults). No row: the bot's own defaults.
CREATE TABLE guild_defaults (
    guild_id      bigint           PRIMARY KEY,
    defaults_json json             NOT NULL,
    updated_at    double precision NOT NULL
);
