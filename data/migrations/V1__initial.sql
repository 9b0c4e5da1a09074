-- V1: tables (a lobby and then its game) and their action log.
--
-- Conventions for every migration:
--   * Discord ids (guild, channel, user, message) are INTEGER: 64-bit snowflakes fit.
--   * Times are UNIX seconds in UTC, stored as REAL.
--   * Ids are INTEGER PRIMARY KEY, chosen by SQLite (never "last id + 1").

-- One row per table. state_json is the rules engine's whole document (lobby + game), opaque
-- here; version is bumped by every saved action and is the optimistic-concurrency token.
CREATE TABLE games (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    host_id       INTEGER NOT NULL,
    preset        TEXT    NOT NULL CHECK (preset <> '' AND preset <> '*'),
    status        TEXT    NOT NULL
                  CHECK (status IN ('lobby', 'playing', 'finished', 'cancelled', 'abandoned')),
    state_json    TEXT    NOT NULL CHECK (json_valid(state_json)),
    version       INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    message_id    INTEGER,
    turn_deadline REAL,
    created_at    REAL    NOT NULL,
    updated_at    REAL    NOT NULL
);

-- At most one active game (lobby or playing) per channel; ended games do not count.
CREATE UNIQUE INDEX games_one_active_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'playing');

-- Start-up resumes every active game.
CREATE INDEX games_active ON games (status) WHERE status IN ('lobby', 'playing');

CREATE INDEX games_guild ON games (guild_id, created_at);

-- Append-only log: row seq is written in the same transaction that moves games.version to seq.
-- actor_id is NULL for actions taken by the bot itself (timeouts, clean-up).
CREATE TABLE game_actions (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq          INTEGER NOT NULL CHECK (seq >= 1),
    actor_id     INTEGER,
    kind         TEXT    NOT NULL CHECK (kind <> ''),
    payload_json TEXT    NOT NULL CHECK (json_valid(payload_json)),
    created_at   REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
