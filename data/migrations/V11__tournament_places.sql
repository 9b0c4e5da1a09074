-- V11: each person's place in the tournaments they finished (issue 31), read by /stats; and the
-- last round whose standings were posted, so that each round's standings message goes out once.

-- One row per person per finished tournament: written once when the tournament finishes (a
-- second write of the same row changes nothing). Computer entrants are never written. The
-- tournament's name and the count of the ranked are copied: the record reads as it was.
CREATE TABLE tournament_places (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL CHECK (user_id > 0),
    guild_id      INTEGER NOT NULL,
    name          TEXT    NOT NULL,
    place         INTEGER NOT NULL CHECK (place >= 1),
    entrants      INTEGER NOT NULL CHECK (entrants >= place),
    finished_at   REAL    NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
) WITHOUT ROWID;

-- /stats reads a person's tournaments on one server, the newest first.
CREATE INDEX tournament_places_player ON tournament_places (guild_id, user_id, finished_at DESC);

-- The newest round whose standings message was claimed (NULL: none yet); only ever raised.
ALTER TABLE tournaments ADD COLUMN standings_round INTEGER CHECK (standings_round >= 1);
