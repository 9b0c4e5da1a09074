"""A player's finished games on one server, newest first, and the figures read from them.

Both stores read the same rows (``game_results`` joined to ``games``, in the order of
``(finished_at, game_id)``, which a migration indexes) and build the same value objects here:
:class:`PlayedGame` (one game seen from one seat, with the other seats) and :class:`GameFigures`
(per preset: points, deals played, longest winning streak). Pages are read by key, never by
offset: a page is the games just older (or just newer) than a game of the player's, so a game
finishing meanwhile never shifts a page by one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Final

from data._clock import from_timestamp
from data.leaderboard import ALL_PRESETS, PlayerResult, ResultRow, result_row
from data.rows import Row

if TYPE_CHECKING:
    from data.db import Database

__all__ = [
    "MAX_PAGE",
    "GameFigures",
    "HistoryStore",
    "PageRead",
    "PlayedGame",
    "check_page",
    "figures_of",
    "figures_of_rows",
    "figures_sql",
    "page_read",
    "played_games",
]

MAX_PAGE: Final = 100  # rows a page may ask for (one more is read, to know whether there are more)


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """One finished game of a player: its id, preset and end, the player's own result (with the
    preset-track rating before and after), and the other seats' results by rank, then seat."""

    game_id: int
    preset: str
    finished_at: datetime
    own: ResultRow
    others: tuple[PlayerResult, ...]

    @property
    def seats(self) -> int:
        return 1 + len(self.others)


@dataclass(frozen=True, slots=True)
class GameFigures:
    """What a player's finished games of one preset (or ``"*"``, all of them) add up to, beyond the
    counts of :class:`~data.leaderboard.Standing`: the points of every game, the deals played in
    them (0 for games stored without their deals), and the longest run of games won in a row, in
    the order the games finished."""

    games: int
    points: int
    deals: int
    longest_streak: int

    @property
    def points_per_deal(self) -> float | None:
        """The average points of a deal, or ``None`` when no deal is known."""
        return self.points / self.deals if self.deals else None


def figures_of(rows: Iterable[tuple[str, bool, int, int]]) -> dict[str, GameFigures]:
    """The figures of ``(preset, won, final_score, deals)`` rows given in finish order, by preset
    and for :data:`~data.leaderboard.ALL_PRESETS`. Points per deal count only the games whose
    deals are known (a game without them adds neither its points nor its deals)."""
    games: dict[str, int] = {}
    points: dict[str, int] = {}
    deals: dict[str, int] = {}
    run: dict[str, int] = {}
    best: dict[str, int] = {}
    for preset, won, score, played in rows:
        for track in (preset, ALL_PRESETS):
            games[track] = games.get(track, 0) + 1
            if played > 0:
                points[track] = points.get(track, 0) + score
                deals[track] = deals.get(track, 0) + played
            run[track] = run.get(track, 0) + 1 if won else 0
            best[track] = max(best.get(track, 0), run[track])
    return {track: GameFigures(games[track], points.get(track, 0), deals.get(track, 0), best[track]) for track in games}


def played_games(rows: Sequence[Row], others: Sequence[Row], newest_first: bool) -> list[PlayedGame]:
    """The games of a page, newest first, from its own rows (with ``preset``) and the other seats'."""
    by_game: dict[int, list[PlayerResult]] = {}
    for row in others:
        by_game.setdefault(int(row["game_id"]), []).append(result_row(row).result)
    games = [
        PlayedGame(
            game_id=int(row["game_id"]),
            preset=str(row["preset"]),
            finished_at=from_timestamp(float(row["finished_at"])),
            own=result_row(row),
            others=tuple(sorted(by_game.get(int(row["game_id"]), []), key=lambda r: (r.rank, r.seat))),
        )
        for row in rows
    ]
    return games if newest_first else games[::-1]


def check_page(limit: int, older_than: int | None, newer_than: int | None) -> None:
    """Refuse a page that cannot be read: a size out of 1 to :data:`MAX_PAGE`, or both keys."""
    if not 1 <= limit <= MAX_PAGE:
        raise ValueError(f"a page holds 1 to {MAX_PAGE} games, not {limit}")
    if older_than is not None and newer_than is not None:
        raise ValueError("a page is older than one game or newer than one, not both")


@dataclass(frozen=True, slots=True)
class PageRead:
    """How a store reads one page: the statement (in the store's numbered placeholders), its
    parameters, and whether its rows come newest first (a page read upwards comes oldest first)."""

    sql: str
    params: tuple[int, ...]
    newest_first: bool


def page_read(
    guild_id: int, user_id: int, limit: int, older_than: int | None, newer_than: int | None, mark: str
) -> PageRead:
    """The read of a page (see :meth:`HistoryStore.played`), checked; ``mark`` is the store's
    placeholder before a parameter's number (``?`` for SQLite's ``?1``, ``$`` for PostgreSQL's ``$1``).
    The key is the game's own ``(finished_at, game_id)`` among the player's results."""
    check_page(limit, older_than, newer_than)
    cursor = older_than if older_than is not None else newer_than
    newest_first = newer_than is None
    order = "DESC" if newest_first else "ASC"
    key = ""
    if cursor is not None:
        op = "<" if older_than is not None else ">"
        key = (
            f" AND (r.finished_at, r.game_id) {op} (SELECT c.finished_at, c.game_id FROM game_results c"
            f" WHERE c.game_id = {mark}4 AND c.user_id = {mark}1)"
        )
    sql = (
        "SELECT g.preset, r.* FROM game_results r JOIN games g ON g.id = r.game_id"
        f" WHERE r.user_id = {mark}1 AND g.guild_id = {mark}2{key}"
        f" ORDER BY r.finished_at {order}, r.game_id {order} LIMIT {mark}3"
    )
    params = (user_id, guild_id, limit) + (() if cursor is None else (cursor,))
    return PageRead(sql, params, newest_first)


def figures_sql(mark: str) -> str:
    """The read of a player's results in finish order, for :func:`figures_of_rows` (``mark``: see
    :func:`page_read`)."""
    return (
        "SELECT g.preset, r.won, r.final_score, r.deals FROM game_results r JOIN games g ON g.id = r.game_id"
        f" WHERE r.user_id = {mark}1 AND g.guild_id = {mark}2 ORDER BY r.finished_at, r.game_id"
    )


def figures_of_rows(rows: Iterable[Row]) -> dict[str, GameFigures]:
    """:func:`figures_of` the rows :func:`figures_sql` reads."""
    return figures_of((str(r["preset"]), bool(r["won"]), int(r["final_score"]), int(r["deals"])) for r in rows)


_FIGURES: Final = figures_sql("?")


class HistoryStore:
    """A player's finished games and their figures, in the SQLite store (``store.history``)."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def played(
        self,
        guild_id: int,
        user_id: int,
        limit: int,
        *,
        older_than: int | None = None,
        newer_than: int | None = None,
    ) -> list[PlayedGame]:
        """Up to ``limit`` finished games of a player on a server, newest first: the newest ones, or
        those that finished just before (``older_than``) or just after (``newer_than``) that game of
        the player's. A game the player did not finish on that server gives no game.

        :raises ValueError: ``limit`` is not 1 to :data:`MAX_PAGE`, or both keys are given.
        """
        read = page_read(guild_id, user_id, limit, older_than, newer_than, "?")
        rows = await self._db.fetchall(read.sql, read.params)
        if not rows:
            return []
        ids = [int(row["game_id"]) for row in rows]
        marks = ", ".join("?" * len(ids))
        others = await self._db.fetchall(
            f"SELECT * FROM game_results WHERE game_id IN ({marks}) AND user_id <> ?", (*ids, user_id)
        )
        return played_games(rows, others, read.newest_first)

    async def figures(self, guild_id: int, user_id: int) -> dict[str, GameFigures]:
        """A player's figures on a server, by preset and for ``"*"`` (empty if they never finished a game)."""
        return figures_of_rows(await self._db.fetchall(_FIGURES, (user_id, guild_id)))
