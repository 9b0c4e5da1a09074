"""The end of a game, in public.

When a game finishes (or is won by walkover), :class:`Ending` (a listener of the service, as the
board is) posts one message in its channel: the last deal's result (the hands laid face up and their
points, the deal's points and the totals), the final standings, each person's rating change on this
server (a finished game only: a walkover never counts), the chart of the game with pictures on, a
**Rematch** button (:mod:`cogs.ui.rematch`; not at a tournament's table, whose next round the
tournament pairs) and, for a game played to its end, **Record**
(:mod:`cogs.ui.record`). It waits for the first replies still owed and a
short pause, so the final move's own line comes first. ``/table`` shows the same final state for a day after the game
(:meth:`GameService.last_game`, :func:`cogs.ui.views.final_of`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from cogs.ui import render
from cogs.ui.handover import attach
from cogs.ui.pictures import scores_frame
from cogs.ui.poster import Poster
from cogs.ui.tasks import Tasks
from cogs.ui.views import ending_view
from rummy.table import TableStatus
from service.catalog import Translator
from service.gallery import Gallery
from service.games import GameService
from service.model import ChangeKind, GameSnapshot, Outcome

log = logging.getLogger(__name__)


def tells_the_end(out: Outcome[Any]) -> bool:
    """Whether a change ended a game worth a final message: finished, or won by walkover (not a
    cancelled table, an expired one, or one that no person is left at)."""
    table = out.table
    if out.kind is ChangeKind.CREATE or not out.ended or table.game is None:
        return False
    return table.status is TableStatus.OVER or render.is_walkover(table)


class Ending:
    """Posts the final message of each game that ends (see the module doc), through the poster:
    in the channel's pace like every public message."""

    def __init__(
        self,
        service: GameService,
        poster: Poster,
        *,
        where: Callable[[GameSnapshot], int],
        tr_for: Callable[[int], Translator],
        gallery: Gallery,
        turn: Callable[[], Awaitable[None]] | None = None,
        after: float = 1.0,
    ) -> None:
        self.service = service
        self.poster = poster
        self.where = where  # the game's channel, or its thread
        self.tr_for = tr_for  # a server's public language
        self.gallery = gallery
        self.turn = turn  # waits behind first responses still owed (cogs.ui.replies)
        self.after = after  # seconds more, so that the last move's line is read first
        self._tasks: Tasks[int] = Tasks("final message")

    def changed(self, out: Outcome[Any]) -> None:
        """A game that ended gets its final message (the writer hands every change over)."""
        if not tells_the_end(out):
            return
        self._tasks.spawn(self.post(out.game.game_id), f"rami-end-{out.game.game_id}")

    async def post(self, game_id: int) -> None:
        """Post the final message of ``game_id`` in its channel (silently: nobody is pinged)."""
        if self.turn is not None:
            await self.turn()
        if self.after > 0:
            await asyncio.sleep(self.after)
        final = await self.service.final(game_id)
        if final is None:
            return
        game = final.game
        tr = self.tr_for(game.guild_id)
        embed = render.final_embed(final, tr)
        view = ending_view(game_id, tr, record=game.status is TableStatus.OVER, rematch=not final.tournament)
        kwargs: dict[str, Any] = {"embed": embed, "view": view, "silent": True}
        where = self.where(game)  # the game's thread, when it was played in one
        if self.gallery.enabled and self.poster.channels.can_attach(where):
            frame = scores_frame(game, tr)
            data = None if frame is None else await self.gallery.picture(frame.job)
            if frame is not None and data is not None:
                kwargs["files"] = [attach(embed, data, frame.name, frame.description)]
        try:
            await self.poster.send(where, **kwargs)
        except discord.HTTPException as exc:
            log.warning("could not post the final message of game %s: %s", game_id, exc)

    @property
    def busy(self) -> bool:
        """Whether anything is still to go out."""
        return bool(self._tasks)

    async def drain(self) -> None:
        """Wait until every final message is posted (tests, shutdown)."""
        await self._tasks.drain()

    async def close(self) -> None:
        await self._tasks.close()
