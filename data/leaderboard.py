"""Results of finished games and the per-guild leaderboard.

Everything here is scoped to one guild: a result in guild A never shows in guild B. Within a
guild, each player has one :class:`Standing` per preset they played plus one for the preset
:data:`ALL_PRESETS` (``"*"``), whose counts are the sums over presets and whose rating is
updated by every finished game. Computer players (``is_bot``) are rated too, so that beating
them is worth something, but the default listing shows people only.

Results are written by :meth:`data.games.GameStore.finish_game`, through
:func:`record_results`, inside the same transaction that ends the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Final

import aiosqlite

from data import ratings
from data._clock import from_timestamp
from data.ratings import Rating
from data.rows import Row

if TYPE_CHECKING:
    from data.db import Database

__all__ = [
    "ALL_PRESETS",
    "LeaderboardStore",
    "PlayerResult",
    "PlayerStats",
    "ResultRow",
    "Standing",
    "check_results",
    "record_results",
    "result_row",
    "standing_row",
]

ALL_PRESETS: Final = "*"
"""The preset name of the track that counts every preset together."""


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """How one seat ended a finished game (given by the caller of ``finish_game``).

    ``user_id`` is the Discord id for a person; for a computer player, any id that is stable
    across games and unique within the game (its rating accumulates under that id).
    """

    user_id: int
    display_name: str
    is_bot: bool
    bot_level: str | None
    seat: int
    rank: int
    won: bool
    deals_won: int
    rummies: int
    final_score: int
    deals: int = 0  # the deals this seat played (an eliminated seat's last put it out); 0: not known


@dataclass(frozen=True, slots=True)
class ResultRow:
    """A stored :class:`PlayerResult`, with the preset-track rating before and after."""

    game_id: int
    result: PlayerResult
    rating_before: Rating
    rating_after: Rating

    @property
    def rating_change(self) -> float:
        return self.rating_after.ordinal - self.rating_before.ordinal


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line of the leaderboard for one guild and one preset (or ``"*"``)."""

    guild_id: int
    preset: str
    user_id: int
    display_name: str
    is_bot: bool
    games: int
    wins: int
    deals_won: int
    rummies: int
    mu: float
    sigma: float
    last_played_at: datetime

    @property
    def rating(self) -> float:
        """The displayed rating (conservative ordinal ``mu - 3 sigma``)."""
        return Rating(self.mu, self.sigma).ordinal

    @property
    def losses(self) -> int:
        return self.games - self.wins

    @property
    def win_rate(self) -> float:
        """Wins per game, from 0.0 to 1.0 (0.0 before any game)."""
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A player's record in one guild: all presets together, and preset by preset."""

    guild_id: int
    user_id: int
    display_name: str
    is_bot: bool
    overall: Standing
    presets: dict[str, Standing]


def check_results(results: Sequence[PlayerResult]) -> None:
    """Refuse results that cannot be stored; raises :class:`ValueError` before any write."""
    if not results:
        raise ValueError("a finished game needs at least one result")
    users = [r.user_id for r in results]
    seats = [r.seat for r in results]
    if len(set(users)) != len(users):
        raise ValueError(f"a player appears twice in the results: {users}")
    if len(set(seats)) != len(seats):
        raise ValueError(f"a seat appears twice in the results: {seats}")
    for r in results:
        if r.rank < 1 or r.seat < 0 or r.deals_won < 0 or r.rummies < 0 or r.deals < 0:
            raise ValueError(f"impossible result {r!r}")


async def record_results(
    conn: aiosqlite.Connection,
    *,
    game_id: int,
    guild_id: int,
    preset: str,
    results: Sequence[PlayerResult],
    when: float,
) -> None:
    """Write the result rows and update both rating tracks. Runs in the caller's transaction
    (see :meth:`data.db.Database.write`).

    The caller must have called :func:`check_results`.
    """
    ranks = [r.rank for r in results]
    before = await _ratings(conn, guild_id, preset, results)
    after = ratings.rate(before, ranks)
    total_before = await _ratings(conn, guild_id, ALL_PRESETS, results)
    total_after = ratings.rate(total_before, ranks)
    await conn.executemany(
        "INSERT INTO game_results (game_id, user_id, display_name, is_bot, bot_level, seat,"
        " rank, won, deals_won, rummies, final_score, mu_before, sigma_before, mu_after,"
        " sigma_after, deals, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        result_params(game_id, results, before, after, when),
    )
    await conn.executemany(_UPSERT_STANDING, standing_params(guild_id, preset, results, after, total_after, when))


ResultParams = tuple[
    int, int, str, bool, str | None, int, int, bool, int, int, int, float, float, float, float, int, float
]
StandingParams = tuple[int, str, int, str, bool, int, int, int, float, float, float]


def result_params(
    game_id: int,
    results: Sequence[PlayerResult],
    before: Sequence[Rating],
    after: Sequence[Rating],
    when: float,
) -> list[ResultParams]:
    """The values of each player's ``game_results`` row, in the columns' order, for both stores
    (SQLite stores a bool as 0 or 1, PostgreSQL as a boolean); ``when`` is the finish."""
    return [
        (
            game_id,
            r.user_id,
            r.display_name,
            r.is_bot,
            r.bot_level,
            r.seat,
            r.rank,
            r.won,
            r.deals_won,
            r.rummies,
            r.final_score,
            old.mu,
            old.sigma,
            new.mu,
            new.sigma,
            r.deals,
            when,
        )
        for r, old, new in zip(results, before, after, strict=True)
    ]


def standing_params(
    guild_id: int,
    preset: str,
    results: Sequence[PlayerResult],
    after: Sequence[Rating],
    total_after: Sequence[Rating],
    when: float,
) -> list[StandingParams]:
    """The values that add one game to each player's standing, on the preset's track and on the
    all-presets one (``player_stats``, in the upsert's order), for both stores."""
    return [
        (
            guild_id,
            track,
            r.user_id,
            r.display_name,
            r.is_bot,
            int(r.won),
            r.deals_won,
            r.rummies,
            new.mu,
            new.sigma,
            when,
        )
        for track, new_ratings in ((preset, after), (ALL_PRESETS, total_after))
        for r, new in zip(results, new_ratings, strict=True)
    ]


def upsert_standing_sql(table: str, mark: str, *, season: bool = False) -> str:
    """The statement that adds one game to a player's standing on a track, with the values of
    :func:`standing_params` (numbered placeholders: ``mark`` ``?`` for SQLite, ``$`` for
    PostgreSQL): in ``player_stats``, or with ``season`` in ``season_stats``, whose rows also
    carry the season's key (one value more, the last)."""
    columns = [*STANDING_COLUMNS, *(["season"] if season else [])]
    values = [f"{mark}{n}" for n in range(1, len(columns))]
    values.insert(STANDING_COLUMNS.index("games"), "1")
    key = "guild_id, season, preset, user_id" if season else "guild_id, preset, user_id"
    added = ", ".join(f"{c} = {table}.{c} + excluded.{c}" for c in ("wins", "deals_won", "rummies"))
    kept = ", ".join(f"{c} = excluded.{c}" for c in ("display_name", "is_bot", "mu", "sigma", "last_played_at"))
    return (
        f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join(values)})"
        f" ON CONFLICT ({key}) DO UPDATE SET games = {table}.games + 1, {added}, {kept}"
    )


STANDING_COLUMNS: Final = (
    "guild_id", "preset", "user_id", "display_name", "is_bot", "games", "wins", "deals_won", "rummies", "mu",
    "sigma", "last_played_at",
)  # fmt: skip
_UPSERT_STANDING: Final = upsert_standing_sql("player_stats", "?")


async def _ratings(
    conn: aiosqlite.Connection, guild_id: int, preset: str, results: Sequence[PlayerResult]
) -> list[Rating]:
    users = [r.user_id for r in results]
    marks = ", ".join("?" * len(users))
    rows = await conn.execute_fetchall(
        f"SELECT user_id, mu, sigma FROM player_stats WHERE guild_id = ? AND preset = ? AND user_id IN ({marks})",
        (guild_id, preset, *users),
    )
    known = {int(row[0]): Rating(float(row[1]), float(row[2])) for row in rows}
    return [known.get(user, Rating()) for user in users]


def standing_row(row: Row) -> Standing:
    return Standing(
        guild_id=int(row["guild_id"]),
        preset=str(row["preset"]),
        user_id=int(row["user_id"]),
        display_name=str(row["display_name"]),
        is_bot=bool(row["is_bot"]),
        games=int(row["games"]),
        wins=int(row["wins"]),
        deals_won=int(row["deals_won"]),
        rummies=int(row["rummies"]),
        mu=float(row["mu"]),
        sigma=float(row["sigma"]),
        last_played_at=from_timestamp(float(row["last_played_at"])),
    )


def result_row(row: Row) -> ResultRow:
    """Build a :class:`ResultRow` from a ``game_results`` row."""
    result = PlayerResult(
        user_id=int(row["user_id"]),
        display_name=str(row["display_name"]),
        is_bot=bool(row["is_bot"]),
        bot_level=None if row["bot_level"] is None else str(row["bot_level"]),
        seat=int(row["seat"]),
        rank=int(row["rank"]),
        won=bool(row["won"]),
        deals_won=int(row["deals_won"]),
        rummies=int(row["rummies"]),
        final_score=int(row["final_score"]),
        deals=int(row["deals"]),
    )
    return ResultRow(
        game_id=int(row["game_id"]),
        result=result,
        rating_before=Rating(float(row["mu_before"]), float(row["sigma_before"])),
        rating_after=Rating(float(row["mu_after"]), float(row["sigma_after"])),
    )


class LeaderboardStore:
    """Read side of the leaderboard (the write side is ``GameStore.finish_game``)."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def leaderboard(
        self,
        guild_id: int,
        preset: str | None = None,
        limit: int = 10,
        include_bots: bool = False,
    ) -> list[Standing]:
        """The best players of a guild, best first.

        Ordered by rating (``mu - 3 sigma``), then wins, then games played.

        :param preset: one preset's board; ``None`` for all presets together.
        :param include_bots: also list computer players (people only by default).
        """
        if limit < 1:
            raise ValueError("limit must be at least 1")
        track = ALL_PRESETS if preset is None else preset
        bots = "" if include_bots else " AND is_bot = 0"
        rows = await self._db.fetchall(
            f"SELECT * FROM player_stats WHERE guild_id = ? AND preset = ?{bots}"
            f" ORDER BY mu - {ratings.ORDINAL_Z!r} * sigma DESC, wins DESC, games DESC, user_id"
            " LIMIT ?",
            (guild_id, track, limit),
        )
        return [standing_row(row) for row in rows]

    async def stats(self, guild_id: int, user_id: int) -> PlayerStats | None:
        """A player's record in a guild, or ``None`` if they never finished a game there."""
        rows = await self._db.fetchall(
            "SELECT * FROM player_stats WHERE guild_id = ? AND user_id = ? ORDER BY preset",
            (guild_id, user_id),
        )
        standings = [standing_row(row) for row in rows]
        overall = next((s for s in standings if s.preset == ALL_PRESETS), None)
        if overall is None:
            return None
        return PlayerStats(
            guild_id=guild_id,
            user_id=user_id,
            display_name=overall.display_name,
            is_bot=overall.is_bot,
            overall=overall,
            presets={s.preset: s for s in standings if s.preset != ALL_PRESETS},
        )
