"""Tournaments on PostgreSQL: the same contract and statements as :mod:`data.tournaments`, with
numbered placeholders. A save is one ``UPDATE ... WHERE id = $4 AND version = $5``: of two
processes saving one version, the second waits for the first's row lock, re-checks the row and
matches nothing (``READ COMMITTED``), so exactly one is kept."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from data.postgres.seasons import numbered
from data.rows import Row
from data.tournament_places import PlaceQueries
from data.tournaments import TournamentQueries

if TYPE_CHECKING:
    from data.postgres.store import PostgresStore

__all__ = ["PostgresTournaments"]


class PostgresTournaments(TournamentQueries, PlaceQueries):
    """Tournaments (``store.tournaments``), each statement on a connection of the pool."""

    def __init__(self, store: PostgresStore) -> None:
        self._store = store

    def _now(self) -> datetime:
        return self._store.now()

    async def _rows(self, sql: str, params: Sequence[Any]) -> Sequence[Row]:
        return await self._store.fetch(numbered(sql), *params)

    async def _write(self, sql: str, params: Sequence[Any]) -> Sequence[Row]:
        return await self._store.fetch(numbered(sql), *params)
