"""A server's seasons, behind the service's door: its choice, its current and past seasons, and the
final board of each season that ended, posted once.

With seasons on (``monthly`` or ``quarterly``, boundaries at midnight UTC on the first day of a
month or quarter), a finished game counts on the all-time board and on the season it finished in
(the store rates both in the game's transaction). A season's final board is posted by one
process only: :meth:`Seasons.claim` wins a row of the store's book for this process
(:attr:`Seasons.me`), and :meth:`Seasons.posted` marks it done; a claim left unmarked for
:data:`CLAIM_LEASE` (its process died before it posted) may be taken again.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Final

from data import ALL_PRESETS, BoardQuery, Season, SeasonMode, SeasonSettings, Standing, Store, season_at
from rummy.rules import PRESETS

__all__ = [
    "CLAIM_LEASE",
    "FINAL_TOP",
    "INACTIVE_AFTER",
    "PROVISIONAL_GAMES",
    "FinalBoard",
    "Seasons",
]

PROVISIONAL_GAMES: Final = 5  # fewer counted games in a track: provisional (shown apart, never on top)
INACTIVE_AFTER: Final = timedelta(days=60)  # no counted game for this long: off the board until the next
CLAIM_LEASE: Final = timedelta(minutes=10)  # a claim whose post never finished may be taken again after it
FINAL_TOP: Final = 5  # the players of each preset a season's final board shows


@dataclass(frozen=True, slots=True)
class FinalBoard:
    """A season's final top: ``tracks`` maps each track that counted a game (``"*"`` first, then
    the presets) to its best established people; ``winner`` is the all-presets track's first, or
    None when nobody played :data:`PROVISIONAL_GAMES` games that season."""

    guild_id: int
    season: Season
    tracks: dict[str, tuple[Standing, ...]]

    @property
    def winner(self) -> Standing | None:
        top = self.tracks.get(ALL_PRESETS, ())
        return top[0] if top else None


class Seasons:
    """Each server's seasons (see the module doc), on one :class:`~data.Store`."""

    def __init__(self, db: Store, *, me: str | None = None) -> None:
        self._db = db
        self.me = me if me is not None else uuid.uuid4().hex  # this process, in the claims it writes

    # -- the server's choice ---------------------------------------------------------------------
    async def settings(self, guild_id: int) -> SeasonSettings:
        return await self._db.seasons.settings(guild_id)

    async def choose(self, guild_id: int, mode: str, channel_id: int | None = None) -> SeasonSettings:
        """Store a server's seasons: ``off``, ``monthly`` or ``quarterly`` (a :class:`ValueError`
        otherwise), and the channel of their final boards (None: where the last game was played)."""
        return await self._db.seasons.set_settings(guild_id, SeasonMode(mode), channel_id)

    # -- the calendar ----------------------------------------------------------------------------
    async def current(self, guild_id: int) -> Season | None:
        """The season under way on the server, or None with seasons off."""
        mode = (await self.settings(guild_id)).mode
        return None if mode is SeasonMode.OFF else season_at(mode, self._db.now())

    async def past(self, guild_id: int) -> list[Season]:
        """The server's ended seasons that counted a game, newest first (readable whatever its
        choice is now)."""
        now = self._db.now()
        return [row.season for row in await self._db.seasons.book(guild_id) if row.season.ended(now)]

    # -- the final boards ------------------------------------------------------------------------
    async def due(self, owns: Callable[[int], bool] | None = None) -> list[tuple[int, Season]]:
        """The seasons that ended without their final board, of the servers ``owns`` accepts (this
        process's shards; None: all), oldest first; a season claimed by a process that may still
        be posting it is not listed."""
        now = self._db.now()
        found = await self._db.seasons.due(now, now - CLAIM_LEASE)
        return [(guild, season) for guild, season in found if owns is None or owns(guild)]

    async def claim(self, guild_id: int, season: Season) -> bool:
        """Win the season's final board for this process; False if another one has it (or it went out)."""
        now = self._db.now()
        return await self._db.seasons.claim(guild_id, season, self.me, now, now - CLAIM_LEASE)

    async def posted(self, guild_id: int, season: Season, channel_id: int | None, message_id: int | None) -> bool:
        """The season's final board went out (``channel_id`` None: nowhere to post it); False if
        this process's claim was taken meanwhile."""
        return await self._db.seasons.posted(guild_id, season, self.me, channel_id, message_id)

    async def destination(self, guild_id: int) -> int | None:
        """Where a season's final board goes: the channel the server chose, else the channel of its
        last finished game (None: it never finished one)."""
        chosen = (await self.settings(guild_id)).channel_id
        return chosen if chosen is not None else await self._db.seasons.last_channel(guild_id)

    async def final(self, guild_id: int, season: Season) -> FinalBoard:
        """The season's final top of each track (people with enough games, active at its end)."""
        since = season.end - INACTIVE_AFTER
        tracks: dict[str, tuple[Standing, ...]] = {}
        for track in (ALL_PRESETS, *PRESETS):
            query = BoardQuery(guild_id, track, season.key, since, min_games=PROVISIONAL_GAMES, limit=FINAL_TOP)
            top = await self._db.seasons.board(query)
            if top:
                tracks[track] = tuple(top)
        return FinalBoard(guild_id, season, tracks)
