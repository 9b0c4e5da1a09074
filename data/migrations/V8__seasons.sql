-- V8: seasons. A server's admins may start its boards again every month or every quarter (UTC);
-- the all-time board (player_stats) goes on whatever they choose.

-- A server's choice: 'off' (no row means off too), 'monthly' or 'quarterly', and the channel its
-- seasons' final boards are posted in (NULL: the channel of its last finished game).
CREATE TABLE guild_seasons (
    guild_id   INTEGER PRIMARY KEY,
    mode       TEXT    NOT NULL CHECK (mode IN ('off', 'monthly', 'quarterly')),
    channel_id INTEGER,
    updated_at REAL    NOT NULL
) WITHOUT ROWID;

-- The book of seasons: one row per server and season that counted a game ('2026-12', '2026-Q4'),
-- written with its first game. Its final board is posted once: a process claims the row (one
-- UPDATE: claimed_at, claimed_by) and marks it posted (posted_at, where, which message); a claim
-- whose post never finished (a crash) may be taken again after a while.
CREATE TABLE seasons (
    guild_id   INTEGER NOT NULL,
    season     TEXT    NOT NULL CHECK (season <> ''),
    starts_at  REAL    NOT NULL,
    ends_at    REAL    NOT NULL CHECK (ends_at > starts_at),
    claimed_at REAL,
    claimed_by TEXT,
    posted_at  REAL,
    channel_id INTEGER,
    message_id INTEGER,
    PRIMARY KEY (guild_id, season)
) WITHOUT ROWID;

-- Seasons to post: ended and not posted yet.
CREATE INDEX seasons_unposted ON seasons (ends_at) WHERE posted_at IS NULL;

-- Each season's boards, as player_stats is the all-time one: one row per (server, season, preset,
-- player), '*' the all-presets track; each season's ratings start fresh (openskill, as all-time).
CREATE TABLE season_stats (
    guild_id       INTEGER NOT NULL,
    season         TEXT    NOT NULL,
    preset         TEXT    NOT NULL CHECK (preset <> ''),
    user_id        INTEGER NOT NULL,
    display_name   TEXT    NOT NULL,
    is_bot         INTEGER NOT NULL CHECK (is_bot IN (0, 1)),
    games          INTEGER NOT NULL CHECK (games >= 0),
    wins           INTEGER NOT NULL CHECK (wins >= 0 AND wins <= games),
    deals_won      INTEGER NOT NULL CHECK (deals_won >= 0),
    rummies        INTEGER NOT NULL CHECK (rummies >= 0),
    mu             REAL    NOT NULL,
    sigma          REAL    NOT NULL CHECK (sigma > 0),
    last_played_at REAL    NOT NULL,
    PRIMARY KEY (guild_id, season, preset, user_id),
    FOREIGN KEY (guild_id, season) REFERENCES seasons (guild_id, season)
) WITHOUT ROWID;
