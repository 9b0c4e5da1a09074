-- V2: results of finished games and the per-guild leaderboard with skill ratings.

-- One row per seat of a finished game. The rating columns are the player's preset-track
-- rating (openskill mu/sigma) just before and just after this game.
CREATE TABLE game_results (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id      INTEGER NOT NULL,
    display_name TEXT    NOT NULL,
    is_bot       INTEGER NOT NULL CHECK (is_bot IN (0, 1)),
    bot_level    TEXT,
    seat         INTEGER NOT NULL CHECK (seat >= 0),
    rank         INTEGER NOT NULL CHECK (rank >= 1),
    won          INTEGER NOT NULL CHECK (won IN (0, 1)),
    deals_won    INTEGER NOT NULL CHECK (deals_won >= 0),
    rummies      INTEGER NOT NULL CHECK (rummies >= 0),
    final_score  INTEGER NOT NULL,
    mu_before    REAL    NOT NULL,
    sigma_before REAL    NOT NULL,
    mu_after     REAL    NOT NULL,
    sigma_after  REAL    NOT NULL,
    PRIMARY KEY (game_id, user_id),
    UNIQUE (game_id, seat)
) WITHOUT ROWID;

CREATE INDEX game_results_user ON game_results (user_id);

-- The leaderboard: one row per (guild, preset, player), never shared across guilds.
-- preset '*' is the "all presets" track: its counts are the sums over presets and its
-- rating is updated by every finished game of the guild, whatever the preset.
-- Computer players have rows too (is_bot = 1) so that beating them is worth something, but
-- the default listing shows people only.
CREATE TABLE player_stats (
    guild_id       INTEGER NOT NULL,
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
    PRIMARY KEY (guild_id, preset, user_id)
) WITHOUT ROWID;
