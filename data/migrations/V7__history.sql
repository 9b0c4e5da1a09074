-- V7: what a player's history and per-preset figures read from each result of a finished game:
-- `deals`, the deals that seat played (an eliminated seat's last is the deal that put it out), and
-- `finished_at`, when the game finished (UNIX seconds), which orders a player's games.
-- Rows already stored get both from what the game kept: its document's deal history and its
-- eliminations, and its action log's last entry (the finish). The defaults only serve the ALTER.
ALTER TABLE game_results ADD COLUMN deals INTEGER NOT NULL DEFAULT 0 CHECK (deals >= 0);
ALTER TABLE game_results ADD COLUMN finished_at REAL NOT NULL DEFAULT 0;

UPDATE game_results SET
    finished_at = COALESCE(
        (SELECT MAX(a.created_at) FROM game_actions a WHERE a.game_id = game_results.game_id),
        (SELECT g.updated_at FROM games g WHERE g.id = game_results.game_id),
        0
    ),
    deals = COALESCE(
        (SELECT COALESCE(
                    json_extract(g.state_json, '$.game.eliminated."' || game_results.seat || '"'),
                    json_array_length(g.state_json, '$.game.history'))
           FROM games g WHERE g.id = game_results.game_id),
        0
    );

-- A player's games, newest first, page by page: (finished_at, game_id) is the order and the key.
CREATE INDEX game_results_history ON game_results (user_id, finished_at, game_id);
