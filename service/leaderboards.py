"""The leaderboards, read through the service: one server's fair ranking (all time or a season's),
one player's record, their finished games page by page and the figures read from them.

Results are written when a game finishes (:meth:`service.games.GameService` commits them with the
game); this side only reads. People and computer players are ranked apart, and a server's
leaderboard never shows another server's games.

Every board is fair, the all-time one and each season's: a player with fewer than
:data:`~service.seasons.PROVISIONAL_GAMES` counted games in the track is *provisional*, listed
apart and never on top; a player without a counted game for
:data:`~service.seasons.INACTIVE_AFTER` leaves the board until they play again (their record
stays). A past season's board is the one its end saw: inactivity is counted up to the season's end.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from data import (
    ALL_PRESETS,
    BoardQuery,
    GameFigures,
    PlayedGame,
    PlayerStats,
    Season,
    Standing,
    Store,
    TournamentRecord,
    parse_season,
)
from service.model import Refusal
from service.seasons import INACTIVE_AFTER, PROVISIONAL_GAMES, Seasons

__all__ = [
    "ALL_PRESETS",
    "ALL_TIME",
    "GameFigures",
    "HistoryPage",
    "Leaderboards",
    "PlayedGame",
    "PlayerStats",
    "Ranking",
    "Standing",
    "TournamentRecord",
]

ALL_TIME: Final = "all"  # the board's choice of the all-time board (else a season's key)
RECENT_TOURNAMENTS: Final = 3  # a person's newest tournaments /stats lists


@dataclass(frozen=True, slots=True)
class Ranking:
    """A server's fair board of one track, best first (each part at most ``limit``): its
    established people, its provisional people, and the same two of its computer players.
    ``season`` is the season it ranks, None for the all-time board."""

    people: tuple[Standing, ...]
    bots: tuple[Standing, ...]
    provisional: tuple[Standing, ...] = ()
    provisional_bots: tuple[Standing, ...] = ()
    season: Season | None = None

    @property
    def empty(self) -> bool:
        return not (self.people or self.bots or self.provisional or self.provisional_bots)


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
    """Read-only access to the leaderboards of one :class:`~data.Store`, and its seasons."""

    def __init__(self, db: Store, *, seasons: Seasons | None = None) -> None:
        self._db = db
        self.seasons = seasons if seasons is not None else Seasons(db)

    async def ranking(
        self, guild_id: int, preset: str | None = None, limit: int = 10, season: Season | None = None
    ) -> Ranking:
        """The fair board of one preset (``None``: all presets together), all-time or of ``season``."""
        at = self._db.now() if season is None else min(self._db.now(), season.end)
        track = ALL_PRESETS if preset is None else preset
        key = None if season is None else season.key
        parts: list[tuple[Standing, ...]] = []
        for of_bots in (False, True):
            for apart in (False, True):  # the ranked players, then the provisional ones
                query = BoardQuery(guild_id, track, key, at - INACTIVE_AFTER, apart, PROVISIONAL_GAMES, of_bots, limit)
                parts.append(tuple(await self._db.seasons.board(query)))
        people, provisional, bots, provisional_bots = parts
        return Ranking(people, bots, provisional, provisional_bots, season)

    async def season_of(self, guild_id: int, choice: str | None) -> Season | None:
        """The season the board's ``season`` option names: by default the current one (seasons on)
        or the all-time board (None); :data:`ALL_TIME`; or a season's key, current or past.
        Anything else is refused (``season_unknown``)."""
        current = await self.seasons.current(guild_id)
        if choice is None:
            return current
        if choice == ALL_TIME:
            return None
        try:
            season = parse_season(choice)
        except ValueError:
            raise Refusal("season_unknown") from None
        if season != current and season not in await self.seasons.past(guild_id):
            raise Refusal("season_unknown")
        return season

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

    async def best_season_places(self, guild_id: int, user_id: int) -> dict[str, int]:
        """A person's best final place over the server's ended seasons, per track (a preset's name,
        or ``"*"`` for all presets together), among the people the final board ranked (with
        :data:`~service.seasons.PROVISIONAL_GAMES` games or more, active at the season's end);
        a track where they were never ranked is absent."""
        found = await self._db.seasons.best_places(guild_id, user_id, self._db.now(), PROVISIONAL_GAMES, INACTIVE_AFTER)
        return dict(sorted(found.items()))

    async def tournaments(self, guild_id: int, user_id: int, recent: int = RECENT_TOURNAMENTS) -> TournamentRecord:
        """A person's finished tournaments on a server (issue 31): how many, won, on the podium,
        the best place, and the ``recent`` newest with their places (computer players have none)."""
        return await self._db.tournaments.places(guild_id, user_id, recent)
