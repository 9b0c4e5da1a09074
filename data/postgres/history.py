"""A player's finished games and their figures in the PostgreSQL store: the contract and the value
objects of :mod:`data.history` (its SQLite twin), in PostgreSQL's SQL."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from data.history import GameFigures, PlayedGame, figures_of_rows, figures_sql, page_read, played_games

if TYPE_CHECKING:
    from data.postgres.store import PostgresStore

__all__ = ["PostgresHistory"]

_OTHERS: Final = "SELECT * FROM game_results WHERE game_id = ANY($1::bigint[]) AND user_id <> $2"
_FIGURES: Final = figures_sql("$")


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
        read = page_read(guild_id, user_id, limit, older_than, newer_than, "$")
        rows = await self._store.fetch(read.sql, *read.params)
        if not rows:
            return []
        others = await self._store.fetch(_OTHERS, [int(row["game_id"]) for row in rows], user_id)
        return played_games(rows, others, read.newest_first)

    async def figures(self, guild_id: int, user_id: int) -> dict[str, GameFigures]:
        return figures_of_rows(await self._store.fetch(_FIGURES, user_id, guild_id))
