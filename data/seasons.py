"""Seasons and the fair boards: a server's choice, the book of its seasons, each season's ratings.

With seasons on (:class:`~data.season_calendar.SeasonMode`), every finished game that counts is
also rated on the season it finished in (``season_stats``: the same tracks as ``player_stats``, one
per preset and ``"*"``, each season starting fresh), inside the transaction that ends the game
(:func:`record_season`, called by ``finish_game``). The all-time board goes on unchanged.

A season's final board is posted once, whatever the number of processes or restarts: a process
:meth:`~SeasonStore.claim`\\ s the season's row in one ``UPDATE`` (which only one writer can win),
posts, and marks it :meth:`~SeasonStore.posted`. A claim never marked (the process died) may be
taken again once it is older than the caller's lease.

API (``SeasonStore(db)``, ``store.seasons``)::

    await seasons.settings(guild_id) -> SeasonSettings      # mode off, no channel, by default
    await seasons.set_settings(guild_id, SeasonMode.MONTHLY, channel_id=None)
    await seasons.book(guild_id) -> [SeasonRow, ...]       # every season that counted a game, newest first
    await seasons.board(BoardQuery(...)) -> [Standing, ...]  # a fair board: all-time or a season's
    await seasons.due(now, stale_before) -> [(guild_id, Season), ...]
    await seasons.claim(guild_id, season, by, now, stale_before) -> bool
    await seasons.posted(guild_id, season, by, channel_id, message_id) -> bool
    await seasons.last_channel(guild_id) -> int | None
    await seasons.best_places(guild_id, user_id, now, min_games, inactive) -> {preset: place}
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, Final

import aiosqlite

from data import ratings
from data._clock import from_timestamp, to_timestamp
from data.leaderboard import ALL_PRESETS, PlayerResult, Standing, standing_params, standing_row, upsert_standing_sql
from data.ratings import Rating
from data.rows import Row
from data.season_calendar import Season, SeasonMode, parse_season, season_at

if TYPE_CHECKING:
    from data.db import Database

__all__ = [
    "BoardQuery",
    "SeasonQueries",
    "SeasonRow",
    "SeasonSettings",
    "SeasonStore",
    "board_sql",
    "record_season",
]


@dataclass(frozen=True, slots=True)
class SeasonSettings:
    """A server's seasons: their ``mode`` and the channel of their final boards (None: the channel
    of the server's last finished game)."""

    guild_id: int
    mode: SeasonMode = SeasonMode.OFF
    channel_id: int | None = None


@dataclass(frozen=True, slots=True)
class SeasonRow:
    """A season of the book, and where its final board went once posted."""

    guild_id: int
    season: Season
    posted_at: datetime | None
    channel_id: int | None
    message_id: int | None


@dataclass(frozen=True, slots=True)
class BoardQuery:
    """One part of a fair board, best first (rating ``mu - 3 sigma``, then wins, then games).

    :param season: a season's key, or None for the all-time board.
    :param active_since: only players whose last counted game is at or after it (None: all).
    :param provisional: the players with fewer than ``min_games`` games (else those with at least).
    :param bots: the computer players' board instead of the people's.
    """

    guild_id: int
    preset: str = ALL_PRESETS
    season: str | None = None
    active_since: datetime | None = None
    provisional: bool = False
    min_games: int = 0
    bots: bool = False
    limit: int = 10

    def __post_init__(self) -> None:
        if self.limit < 1:
            raise ValueError("limit must be at least 1")


def board_sql(query: BoardQuery) -> tuple[str, list[Any]]:
    """The board's statement (``?`` placeholders, in order) and its parameters, for both stores."""
    params: list[Any] = [query.guild_id]
    if query.season is None:
        table, where = "player_stats", "guild_id = ?"
    else:
        table, where = "season_stats", "guild_id = ? AND season = ?"
        params.append(query.season)
    where += " AND preset = ? AND is_bot = ?" + (" AND games < ?" if query.provisional else " AND games >= ?")
    params += [query.preset, query.bots, query.min_games]
    if query.active_since is not None:
        where += " AND last_played_at >= ?"
        params.append(to_timestamp(query.active_since))
    sql = (
        f"SELECT * FROM {table} WHERE {where}"
        f" ORDER BY mu - {ratings.ORDINAL_Z!r} * sigma DESC, wins DESC, games DESC, user_id LIMIT ?"
    )
    return sql, [*params, query.limit]


BEST_PLACES_SQL: Final = f"""
WITH board AS (
    SELECT st.preset, st.user_id, ROW_NUMBER() OVER (
        PARTITION BY st.season, st.preset
        ORDER BY st.mu - {ratings.ORDINAL_Z!r} * st.sigma DESC, st.wins DESC, st.games DESC, st.user_id
    ) AS place
    FROM season_stats st JOIN seasons s ON s.guild_id = st.guild_id AND s.season = st.season
    WHERE st.guild_id = ? AND s.ends_at <= ? AND st.is_bot = ? AND st.games >= ?
      AND st.last_played_at >= s.ends_at - ?
)
SELECT preset, MIN(place) AS best FROM board WHERE user_id = ? GROUP BY preset
"""
"""Each preset's best final place of a person over the ended seasons: places among the people who
had played enough games and were still active at the season's end (the final board's order)."""

DUE_SQL: Final = (
    "SELECT guild_id, season FROM seasons WHERE posted_at IS NULL AND ends_at <= ?"
    " AND (claimed_at IS NULL OR claimed_at < ?) ORDER BY ends_at, guild_id"
)
CLAIM_SQL: Final = (
    "UPDATE seasons SET claimed_at = ?, claimed_by = ? WHERE guild_id = ? AND season = ? AND posted_at IS NULL"
    " AND (claimed_at IS NULL OR claimed_at < ?) RETURNING season"
)
POSTED_SQL: Final = (
    "UPDATE seasons SET posted_at = ?, channel_id = ?, message_id = ?"
    " WHERE guild_id = ? AND season = ? AND claimed_by = ? AND posted_at IS NULL RETURNING season"
)
LAST_CHANNEL_SQL: Final = (
    "SELECT channel_id FROM games WHERE guild_id = ? AND status = 'finished' ORDER BY updated_at DESC, id DESC LIMIT 1"
)
BOOK_SQL: Final = "SELECT * FROM seasons WHERE guild_id = ? ORDER BY starts_at DESC, season DESC"
SETTINGS_SQL: Final = "SELECT mode, channel_id FROM guild_seasons WHERE guild_id = ?"
SET_SETTINGS_SQL: Final = (
    "INSERT INTO guild_seasons (guild_id, mode, channel_id, updated_at) VALUES (?, ?, ?, ?)"
    " ON CONFLICT (guild_id) DO UPDATE SET mode = excluded.mode, channel_id = excluded.channel_id,"
    " updated_at = excluded.updated_at"
)
OPEN_SEASON_SQL: Final = (
    "INSERT INTO seasons (guild_id, season, starts_at, ends_at) VALUES (?, ?, ?, ?)"
    " ON CONFLICT (guild_id, season) DO NOTHING"
)
SEASON_RATINGS_SQL: Final = (
    "SELECT preset, user_id, mu, sigma FROM season_stats WHERE guild_id = ? AND season = ? AND preset IN (?, ?)"
    " AND user_id IN ({users})"
)
UPSERT_SEASON_SQL: Final = upsert_standing_sql("season_stats", "?", season=True)


def settings_of(guild_id: int, row: Row | None) -> SeasonSettings:
    if row is None:
        return SeasonSettings(guild_id)
    channel = row["channel_id"]
    return SeasonSettings(guild_id, SeasonMode(str(row["mode"])), None if channel is None else int(channel))


def season_row(row: Row) -> SeasonRow:
    posted, channel, message = row["posted_at"], row["channel_id"], row["message_id"]
    return SeasonRow(
        guild_id=int(row["guild_id"]),
        season=parse_season(str(row["season"])),
        posted_at=None if posted is None else from_timestamp(float(posted)),
        channel_id=None if channel is None else int(channel),
        message_id=None if message is None else int(message),
    )


def season_plan(mode: SeasonMode, guild_id: int, when: float) -> tuple[Season, tuple[int, str, float, float]]:
    """The season a game that finished at ``when`` counts in, and the values of its book's row."""
    season = season_at(mode, from_timestamp(when))
    return season, (guild_id, season.key, to_timestamp(season.start), to_timestamp(season.end))


def season_params(
    guild_id: int,
    season: Season,
    preset: str,
    results: Sequence[PlayerResult],
    known: dict[tuple[str, int], Rating],
    when: float,
) -> list[tuple[Any, ...]]:
    """The season's ``season_stats`` upserts for one game: each player rated on the season's preset
    track and on its all-presets one, from ``known`` ratings (``(track, user)``; newcomers fresh)."""
    ranks = [r.rank for r in results]
    after = ratings.rate([known.get((preset, r.user_id), Rating()) for r in results], ranks)
    total = ratings.rate([known.get((ALL_PRESETS, r.user_id), Rating()) for r in results], ranks)
    return [(*p, season.key) for p in standing_params(guild_id, preset, results, after, total, when)]


def known_ratings(rows: Sequence[Row]) -> dict[tuple[str, int], Rating]:
    return {(str(r["preset"]), int(r["user_id"])): Rating(float(r["mu"]), float(r["sigma"])) for r in rows}


async def record_season(
    conn: aiosqlite.Connection, *, guild_id: int, preset: str, results: Sequence[PlayerResult], when: float
) -> None:
    """Rate a finished game on the server's current season too, when its seasons are on. Runs in the
    caller's transaction (``finish_game``), after :func:`data.leaderboard.record_results`."""
    rows = list(await conn.execute_fetchall(SETTINGS_SQL, (guild_id,)))
    mode = settings_of(guild_id, rows[0] if rows else None).mode
    if mode is SeasonMode.OFF:
        return
    season, book = season_plan(mode, guild_id, when)
    await conn.execute(OPEN_SEASON_SQL, book)
    users = [r.user_id for r in results]
    sql = SEASON_RATINGS_SQL.format(users=", ".join("?" * len(users)))
    known = known_ratings(list(await conn.execute_fetchall(sql, (guild_id, season.key, preset, ALL_PRESETS, *users))))
    await conn.executemany(UPSERT_SEASON_SQL, season_params(guild_id, season, preset, results, known, when))


class SeasonQueries(ABC):
    """The seasons' reads and writes, written once for both stores: a store gives its clock and three
    ways to run one statement (``?`` placeholders, in order)."""

    @abstractmethod
    def _now(self) -> datetime: ...

    @abstractmethod
    async def _rows(self, sql: str, params: Sequence[Any]) -> Sequence[Row]: ...

    @abstractmethod
    async def _write(self, sql: str, params: Sequence[Any]) -> bool:
        """Run one writing statement in a transaction of its own; True if it returned a row."""

    async def settings(self, guild_id: int) -> SeasonSettings:
        rows = await self._rows(SETTINGS_SQL, (guild_id,))
        return settings_of(guild_id, rows[0] if rows else None)

    async def set_settings(self, guild_id: int, mode: SeasonMode, channel_id: int | None = None) -> SeasonSettings:
        mode = SeasonMode(mode)
        await self._write(SET_SETTINGS_SQL, (guild_id, mode.value, channel_id, to_timestamp(self._now())))
        return SeasonSettings(guild_id, mode, channel_id)

    async def book(self, guild_id: int) -> list[SeasonRow]:
        return [season_row(row) for row in await self._rows(BOOK_SQL, (guild_id,))]

    async def board(self, query: BoardQuery) -> list[Standing]:
        return [standing_row(row) for row in await self._rows(*board_sql(query))]

    async def due(self, now: datetime, stale_before: datetime) -> list[tuple[int, Season]]:
        rows = await self._rows(DUE_SQL, (to_timestamp(now), to_timestamp(stale_before)))
        return [(int(row["guild_id"]), parse_season(str(row["season"]))) for row in rows]

    async def claim(self, guild_id: int, season: Season, by: str, now: datetime, stale_before: datetime) -> bool:
        return await self._write(CLAIM_SQL, (to_timestamp(now), by, guild_id, season.key, to_timestamp(stale_before)))

    async def posted(
        self, guild_id: int, season: Season, by: str, channel_id: int | None, message_id: int | None
    ) -> bool:
        params = (to_timestamp(self._now()), channel_id, message_id, guild_id, season.key, by)
        return await self._write(POSTED_SQL, params)

    async def last_channel(self, guild_id: int) -> int | None:
        rows = await self._rows(LAST_CHANNEL_SQL, (guild_id,))
        return int(rows[0]["channel_id"]) if rows else None

    async def best_places(
        self, guild_id: int, user_id: int, now: datetime, min_games: int, inactive: timedelta
    ) -> dict[str, int]:
        params = (guild_id, to_timestamp(now), False, min_games, inactive.total_seconds(), user_id)
        return {str(row["preset"]): int(row["best"]) for row in await self._rows(BEST_PLACES_SQL, params)}


class SeasonStore(SeasonQueries):
    """The seasons and the fair boards, on one :class:`~data.db.Database` (see the module doc)."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def _now(self) -> datetime:
        return self._db.now()

    async def _rows(self, sql: str, params: Sequence[Any]) -> Sequence[Row]:
        return await self._db.fetchall(sql, params)

    async def _write(self, sql: str, params: Sequence[Any]) -> bool:
        async def run(conn: aiosqlite.Connection) -> bool:
            return bool(list(await conn.execute_fetchall(sql, tuple(params))))

        return await self._db.write(run)
