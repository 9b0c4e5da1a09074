"""The leaderboards, read through the service: one server's ranking and one player's record.

Results are written when a game finishes (:meth:`service.games.GameService` commits them with the
game); this side only reads. People and computer players are ranked apart, and a server's
leaderboard never shows another server's games.
"""

from __future__ import annotations

from dataclasses import dataclass

from data import PlayerStats, Standing, Store

__all__ = ["Leaderboards", "PlayerStats", "Ranking", "Standing"]

BOT_LOOKAHEAD = 3  # rows read per computer player shown: people and computer players share one table


@dataclass(frozen=True, slots=True)
class Ranking:
    """A server's best people and best computer players, best first (each at most ``limit``)."""

    people: tuple[Standing, ...]
    bots: tuple[Standing, ...]


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
