-- V7: each person's place in the tournaments they finished (SQLite's V11), read by /stats; and
-- the last round whose standings were posted, so that each round's standings message goes out once.

CREATE TABLE tournament_places (
    tournament_id bigint           NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id       bigint           NOT NULL CHECK (user_id > 0),
    guild_id      bigint           NOT NULL,
    name          text             NOT NULL,
    place         integer          NOT NULL CHECK (place >= 1),
    entrants      integer          NOT NULL CHECK (entrants >= place),
    finished_at   double precision NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
);

CREATE INDEX tournament_places_player ON tournament_places (guild_id, user_id, finished_at DESC);

ALTER TABLE tournaments ADD COLUMN standings_round integer CHECK (standings_round >= 1);
