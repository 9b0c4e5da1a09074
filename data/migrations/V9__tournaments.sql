-- V9: tournaments (issue 31). A tournament is one versioned JSON document, as a game is; its
-- tables' games are ordinary games, linked to their round and table here.

-- One row per tournament. state_json is rummy.tournament's whole document, opaque here; status
-- repeats its stage for the queries; version is bumped by every save and is the
-- optimistic-concurrency token (UPDATE ... WHERE id = ? AND version = ?).
CREATE TABLE tournaments (
    id           INTEGER PRIMARY KEY,
    guild_id     INTEGER NOT NULL,
    channel_id   INTEGER NOT NULL,
    organiser_id INTEGER NOT NULL,
    status       TEXT    NOT NULL
                 CHECK (status IN ('sign_up', 'playing', 'between_rounds', 'finished', 'cancelled')),
    state_json   TEXT    NOT NULL CHECK (json_valid(state_json)),
    version      INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    message_id   INTEGER,
    created_at   REAL    NOT NULL,
    updated_at   REAL    NOT NULL
);

-- Start-up resumes the tournaments not over.
CREATE INDEX tournaments_open ON tournaments (guild_id) WHERE status NOT IN ('finished', 'cancelled');

-- A table of a round: the channel its game is played in, who sits where (a JSON array: the
-- entrant's id at each seat, null for a computer filler), and its game once created (NULL in
-- between: the link is written first, so a restart finds the table's channel and its game).
CREATE TABLE tournament_tables (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL CHECK (round >= 1),
    table_no      INTEGER NOT NULL CHECK (table_no >= 1),
    channel_id    INTEGER NOT NULL,
    seats_json    TEXT    NOT NULL CHECK (json_valid(seats_json)),
    game_id       INTEGER REFERENCES games (id),
    created_at    REAL    NOT NULL,
    PRIMARY KEY (tournament_id, round, table_no)
) WITHOUT ROWID;

-- A finished game finds its tournament table.
CREATE UNIQUE INDEX tournament_tables_game ON tournament_tables (game_id) WHERE game_id IS NOT NULL;
