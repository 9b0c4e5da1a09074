"""The leaderboards, read through the service: one server's ranking, one player's record, their
finished games page by page and the figures read from them.

Results are written when a game finishes (:meth:`service.games.GameService` commits them with the
game); this side only reads. People and computer players are ranked apart, and a server's
leaderboard never shows another server's games.
"""

from __future__ import annotations

from dataclasses import dataclass

from data import ALL_PRESETS, GameFigures, PlayedGame, PlayerStats, Standing, Store

__all__ = [
    "ALL_PRESETS",
    "GameFigures",
    "HistoryPage",
    "Leaderboards",
    "PlayedGame",
    "PlayerStats",
    "Ranking",
    "Standing",
]

BOT_LOOKAHEAD = 3  # rows read per computer player shown: people and computer players share one table


@dataclass(frozen=True, slots=True)
class Ranking:
    """A server's best people and best computer players, best first (each at most ``limit``)."""

    people: tuple[Standing, ...]
    bots: tuple[Standing, ...]


@dataclass(frozen=True, slots=True)
class HistoryPage:
    """One page of a player's finished games on a server, newest first, and whether there are
    newer ones (a page above) and older ones (a page below)."""

    user_id: int
    games: tuple[PlayedGame, ...]
    newer: bool
    older: bool

    @property
    def game_ids(self) -> tuple[int, ...]:
        """The ids of the page's games, newest first (what a page's controls may name)."""
        return tuple(g.game_id for g in self.games)


class Leaderboards:
    """Read-only access to the leaderboards of one :class:`~data.Store`."""

    def __init__(self, db: Store) -> None:
        self._db = db

    async def ranking(self, guild_id: int, preset: str | None = None, limit: int = 10) -> Ranking:
        """The ``limit`` best people of a server, and its ``limit`` best computer players, of one
        preset (``None``: all presets together)."""
        board = self._db.leaderboard
        people = await board.leaderboard(guild_id, preset, limit=limit)
        everyone = await board.leaderboard(guild_id, preset, limit=limit * BOT_LOOKAHEAD, include_bots=True)
        bots = [s for s in everyone if s.is_bot][:limit]
        return Ranking(tuple(people), tuple(bots))

    async def record(self, guild_id: int, user_id: int) -> PlayerStats | None:
        """A player's record on a server (overall and per preset), or None if they never finished a game there."""
        return await self._db.leaderboard.stats(guild_id, user_id)

    async def history(
        self,
        guild_id: int,
        user_id: int,
        size: int,
        *,
        older_than: int | None = None,
        newer_than: int | None = None,
    ) -> HistoryPage:
        """A page of ``size`` of a player's finished games on a server, newest first: the newest, or
        those just older (``older_than``) or just newer (``newer_than``) than that game of theirs.

        A page never runs dry: going newer past the top gives the first page (full, whatever
        finished meanwhile), and a key that names none of the player's games (a forged or an old
        one) gives the first page too. A player with no game gets an empty page.
        """
        played = self._db.history.played
        if newer_than is not None:
            games = await played(guild_id, user_id, size + 1, newer_than=newer_than)
            if len(games) > size:
                return HistoryPage(user_id, tuple(games[-size:]), newer=True, older=True)
        elif older_than is not None:
            games = await played(guild_id, user_id, size + 1, older_than=older_than)
            if games:
                return HistoryPage(user_id, tuple(games[:size]), newer=True, older=len(games) > size)
        games = await played(guild_id, user_id, size + 1)
        return HistoryPage(user_id, tuple(games[:size]), newer=False, older=len(games) > size)

    async def figures(self, guild_id: int, user_id: int) -> dict[str, GameFigures]:
        """A player's figures on a server beyond their record's counts (points per deal, longest
        winning streak), by preset and for ``"*"``; empty if they never finished a game there."""
        return await self._db.history.figures(guild_id, user_id)
