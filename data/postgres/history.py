"""A player's finished games and their figures in the PostgreSQL store: the contract and the value
objects of :mod:`data.history` (its SQLite twin), in PostgreSQL's SQL."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from data.history import GameFigures, PlayedGame, check_page, figures_of, played_games

if TYPE_CHECKING:
    from data.postgres.store import PostgresStore

__all__ = ["PostgresHistory"]

_PAGE: Final = (
    "SELECT g.preset, r.* FROM game_results r JOIN games g ON g.id = r.game_id"
    " WHERE r.user_id = $1 AND g.guild_id = $2{key}"
    " ORDER BY r.finished_at {order}, r.game_id {order} LIMIT $3"
)
_KEY: Final = (
    " AND (r.finished_at, r.game_id) {op} (SELECT c.finished_at, c.game_id FROM game_results c"
    " WHERE c.game_id = $4 AND c.user_id = $1)"
)
_OTHERS: Final = "SELECT * FROM game_results WHERE game_id = ANY($1::bigint[]) AND user_id <> $2"
_FIGURES: Final = (
    "SELECT g.preset, r.won, r.final_score, r.deals FROM game_results r JOIN games g ON g.id = r.game_id"
    " WHERE r.user_id = $1 AND g.guild_id = $2 ORDER BY r.finished_at, r.game_id"
)


class PostgresHistory:
    """``store.history`` (see :class:`data.history.HistoryStore`: the same pages, the same refusals)."""

    def __init__(self, store: PostgresStore) -> None:
        self._store = store

    async def played(
        self,
        guild_id: int,
        user_id: int,
        limit: int,
        *,
        older_than: int | None = None,
        newer_than: int | None = None,
    ) -> list[PlayedGame]:
        check_page(limit, older_than, newer_than)
        cursor = older_than if older_than is not None else newer_than
        key = "" if cursor is None else _KEY.format(op="<" if older_than is not None else ">")
        newest_first = newer_than is None
        sql = _PAGE.format(key=key, order="DESC" if newest_first else "ASC")
        params = (user_id, guild_id, limit) + (() if cursor is None else (cursor,))
        rows = await self._store.fetch(sql, *params)
        if not rows:
            return []
        others = await self._store.fetch(_OTHERS, [int(row["game_id"]) for row in rows], user_id)
        return played_games(rows, others, newest_first)

    async def figures(self, guild_id: int, user_id: int) -> dict[str, GameFigures]:
        rows = await self._store.fetch(_FIGURES, user_id, guild_id)
        return figures_of((str(r["preset"]), bool(r["won"]), int(r["final_score"]), int(r["deals"])) for r in rows)
