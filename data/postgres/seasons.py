"""The seasons and the fair boards on PostgreSQL: the same contract as :mod:`data.seasons`, whose
statements this runs with numbered placeholders. A claim is one ``UPDATE``: of two processes
claiming a season at once, the second waits for the first's row lock, re-checks the row and
matches nothing (``READ COMMITTED``), so exactly one posts."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, Final

from data.leaderboard import ALL_PRESETS, PlayerResult, upsert_standing_sql
from data.rows import Row
from data.season_calendar import SeasonMode
from data.seasons import (
    OPEN_SEASON_SQL,
    SETTINGS_SQL,
    SeasonQueries,
    known_ratings,
    season_params,
    season_plan,
    settings_of,
)

if TYPE_CHECKING:
    from data.postgres.store import Connection, PostgresStore

__all__ = ["PostgresSeasons", "record_season"]

_MARK: Final = re.compile(r"\?")


def numbered(sql: str) -> str:
    """SQLite's ``?`` placeholders as PostgreSQL's ``$1``, ``$2``... (the statements here hold no
    other question mark)."""
    count = iter(range(1, 1_000))
    return _MARK.sub(lambda _: f"${next(count)}", sql)


_SETTINGS: Final = numbered(SETTINGS_SQL)
_OPEN_SEASON: Final = numbered(OPEN_SEASON_SQL)
_UPSERT_SEASON: Final = upsert_standing_sql("season_stats", "$", season=True)
_SEASON_RATINGS: Final = (
    "SELECT preset, user_id, mu, sigma FROM season_stats"
    " WHERE guild_id = $1 AND season = $2 AND preset IN ($3, $4) AND user_id = ANY($5::bigint[])"
)


async def record_season(
    conn: Connection, *, guild_id: int, preset: str, results: Sequence[PlayerResult], when: float
) -> None:
    """Rate a finished game on the server's current season too (see :func:`data.seasons.record_season`),
    in the caller's transaction, which holds the guild's advisory lock."""
    mode = settings_of(guild_id, await conn.fetchrow(_SETTINGS, guild_id)).mode
    if mode is SeasonMode.OFF:
        return
    season, book = season_plan(mode, guild_id, when)
    await conn.execute(_OPEN_SEASON, *book)
    users = [r.user_id for r in results]
    known = known_ratings(await conn.fetch(_SEASON_RATINGS, guild_id, season.key, preset, ALL_PRESETS, users))
    await conn.executemany(_UPSERT_SEASON, season_params(guild_id, season, preset, results, known, when))


class PostgresSeasons(SeasonQueries):
    """The seasons and the fair boards (``store.seasons``), each statement on a connection of the pool."""

    def __init__(self, store: PostgresStore) -> None:
        self._store = store

    def _now(self) -> datetime:
        return self._store.now()

    async def _rows(self, sql: str, params: Sequence[Any]) -> Sequence[Row]:
        return await self._store.fetch(numbered(sql), *params)

    async def _write(self, sql: str, params: Sequence[Any]) -> bool:
        return await self._store.fetchrow(numbered(sql), *params) is not None
