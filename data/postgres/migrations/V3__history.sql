-- V3: the SQLite store's V7: each result's `deals` (the deals that seat played; an eliminated
-- seat's last is the deal that put it out) and `finished_at` (when the game finished, UNIX
-- seconds), backfilled from the game's document and its action log's last entry.
ALTER TABLE game_results ADD COLUMN deals integer NOT NULL DEFAULT 0 CHECK (deals >= 0);
ALTER TABLE game_results ADD COLUMN finished_at double precision NOT NULL DEFAULT 0;

UPDATE game_results r SET
    finished_at = COALESCE((SELECT max(a.created_at) FROM game_actions a WHERE a.game_id = r.game_id), g.updated_at),
    deals = COALESCE(
        (g.state_json -> 'game' -> 'eliminated' ->> r.seat::text)::integer,
        CASE WHEN json_typeof(g.state_json -> 'game' -> 'history') = 'array'
             THEN json_array_length(g.state_json -> 'game' -> 'history') END,
        0
    )
FROM games g
WHERE g.id = r.game_id;

-- A player's games, newest first, page by page: (finished_at, game_id) is the order and the key.
CREATE INDEX game_results_history ON game_results (user_id, finished_at, game_id);
