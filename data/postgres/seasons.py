"""The seasons and the fair boards on PostgreSQL: the same contract as :mod:`data.seasons`, whose
statements this runs with numbered placeholders. A claim is one ``UPDATE``: of two processes
claiming a season at once, the second waits for the first's row lock, re-checks the row and
matches nothing (``READ COMMITTED``), so exactly one posts."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, Final

from data._clock import to_timestamp
from data.leaderboard import ALL_PRESETS, PlayerResult, Standing, standing_row
from data.season_calendar import Season, SeasonMode, parse_season
from data.seasons import (
    BEST_PLACES_SQL,
    BOOK_SQL,
    CLAIM_SQL,
    DUE_SQL,
    LAST_CHANNEL_SQL,
    OPEN_SEASON_SQL,
    POSTED_SQL,
    SET_SETTINGS_SQL,
    SETTINGS_SQL,
    UPSERT_SEASON_SQL,
    BoardQuery,
    SeasonRow,
    SeasonSettings,
    board_sql,
    known_ratings,
    season_params,
    season_plan,
    season_row,
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
_UPSERT_SEASON: Final = numbered(UPSERT_SEASON_SQL)
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


class PostgresSeasons:
    """The seasons and the fair boards (``store.seasons``)."""

    def __init__(self, store: PostgresStore) -> None:
        self._store = store

    async def settings(self, guild_id: int) -> SeasonSettings:
        return settings_of(guild_id, await self._store.fetchrow(_SETTINGS, guild_id))

    async def set_settings(self, guild_id: int, mode: SeasonMode, channel_id: int | None = None) -> SeasonSettings:
        now = to_timestamp(self._store.now())
        await self._store.execute(numbered(SET_SETTINGS_SQL), guild_id, SeasonMode(mode).value, channel_id, now)
        return SeasonSettings(guild_id, SeasonMode(mode), channel_id)

    async def book(self, guild_id: int) -> list[SeasonRow]:
        return [season_row(row) for row in await self._store.fetch(numbered(BOOK_SQL), guild_id)]

    async def board(self, query: BoardQuery) -> list[Standing]:
        sql, params = board_sql(query)
        return [standing_row(row) for row in await self._store.fetch(numbered(sql), *params)]

    async def due(self, now: datetime, stale_before: datetime) -> list[tuple[int, Season]]:
        rows = await self._store.fetch(numbered(DUE_SQL), to_timestamp(now), to_timestamp(stale_before))
        return [(int(row["guild_id"]), parse_season(str(row["season"]))) for row in rows]

    async def claim(self, guild_id: int, season: Season, by: str, now: datetime, stale_before: datetime) -> bool:
        params = (to_timestamp(now), by, guild_id, season.key, to_timestamp(stale_before))
        return await self._returns_a_row(CLAIM_SQL, params)

    async def posted(
        self, guild_id: int, season: Season, by: str, channel_id: int | None, message_id: int | None
    ) -> bool:
        params = (to_timestamp(self._store.now()), channel_id, message_id, guild_id, season.key, by)
        return await self._returns_a_row(POSTED_SQL, params)

    async def last_channel(self, guild_id: int) -> int | None:
        row = await self._store.fetchrow(numbered(LAST_CHANNEL_SQL), guild_id)
        return None if row is None else int(row["channel_id"])

    async def best_places(
        self, guild_id: int, user_id: int, now: datetime, min_games: int, inactive: timedelta
    ) -> dict[str, int]:
        params = (guild_id, to_timestamp(now), False, min_games, inactive.total_seconds(), user_id)
        rows = await self._store.fetch(numbered(BEST_PLACES_SQL), *params)
        return {str(row["preset"]): int(row["best"]) for row in rows}

    async def _returns_a_row(self, sql: str, params: tuple[Any, ...]) -> bool:
        return await self._store.fetchrow(numbered(sql), *params) is not None
