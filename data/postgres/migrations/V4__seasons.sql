-- V4: seasons (SQLite's V8). A server's admins may start its boards again every month or every
-- quarter (UTC); the all-time board (player_stats) goes on whatever they choose.

-- A server's choice ('off' or no row: off), and the channel of its final boards (NULL: the
-- channel of its last finished game).
CREATE TABLE guild_seasons (
    guild_id   bigint           PRIMARY KEY,
    mode       text             NOT NULL CHECK (mode IN ('off', 'monthly', 'quarterly')),
    channel_id bigint,
    updated_at double precision NOT NULL
);

-- The book of seasons, one row per server and season that counted a game; its final board is
-- posted once (claimed by one UPDATE, then marked posted).
CREATE TABLE seasons (
    guild_id   bigint           NOT NULL,
    season     text             NOT NULL CHECK (season <> ''),
    starts_at  double precision NOT NULL,
    ends_at    double precision NOT NULL CHECK (ends_at > starts_at),
    claimed_at double precision,
    claimed_by text,
    posted_at  double precision,
    channel_id bigint,
    message_id bigint,
    PRIMARY KEY (guild_id, season)
);

CREATE INDEX seasons_unposted ON seasons (ends_at) WHERE posted_at IS NULL;

-- Each season's boards, as player_stats is the all-time one ('*': all presets together).
CREATE TABLE season_stats (
    guild_id       bigint           NOT NULL,
    season         text             NOT NULL,
    preset         text             NOT NULL CHECK (preset <> ''),
    user_id        bigint           NOT NULL,
    display_name   text             NOT NULL,
    is_bot         boolean          NOT NULL,
    games          integer          NOT NULL CHECK (games >= 0),
    wins           integer          NOT NULL CHECK (wins >= 0 AND wins <= games),
    deals_won      integer          NOT NULL CHECK (deals_won >= 0),
    rummies        integer          NOT NULL CHECK (rummies >= 0),
    mu             double precision NOT NULL,
    sigma          double precision NOT NULL CHECK (sigma > 0),
    last_played_at double precision NOT NULL,
    PRIMARY KEY (guild_id, season, preset, user_id),
    FOREIGN KEY (guild_id, season) REFERENCES seasons (guild_id, season)
);
