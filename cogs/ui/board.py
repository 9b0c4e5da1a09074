"""The table's public message ("the board") and the few channel messages the bot sends itself.

Each table has one public message: the lobby, then the game (whose turn, discard pile, stock, card
counts, melds, recent actions, a "My hand" button), then the final standings. Every change the
service commits marks its board out of date (:meth:`Board.changed` listens to it); one tracked task
per game redraws it, at most once every ``min_interval`` seconds with the latest state, so a burst
of moves (computer players) costs one edit, within Discord's limit of about 5 messages per 5 seconds
per channel. All boards also share one pace (``max_rate`` redraws per second, default 20) so that
many busy tables together stay well under Discord's global limit of 50 requests per second. The
board is built from the spectator view and public events only. Whatever the size of the game, what
goes out through the :class:`~cogs.ui.poster.Poster`, which fits it to Discord's limits and posts
the board anew when Discord refuses to edit it any more (its new id is stored).

With pictures on (the service's :class:`~service.gallery.Gallery`), the board shows the table as
a picture while the game is played (the melds numbered as ``/layoff`` numbers them), then the
game's story (each player's running total, deal by deal) with the final standings; its text
stays as it is. The picture needs the bot's Attach Files permission in the channel
(:meth:`Channels.can_attach`): without it the board is text only (``/lobby create`` tells the
host), and a refusal all the same redraws it as text. Every redraw lists its attachments, so an
old picture never stays under a new board.

The board stays in sight: once ``repost_after`` new messages of the game (its turn lines,
:mod:`cogs.ui.turnline`, counted by :meth:`Board.went_by`) have gone by since it was
posted, it is posted again at the bottom of the channel and the old one is deleted. Its new
messages take their slot in the channel's pace like the turn lines do.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import discord

from cogs.ui.handover import attach
from cogs.ui.pictures import board_frame
from cogs.ui.poster import Poster
from cogs.ui.tasks import Tasks
from cogs.ui.views import board_message
from cogs.ui.words import public_tr
from rummy.table import TableStatus
from service.catalog import Translator
from service.gallery import Gallery
from service.games import GameService
from service.model import ChangeKind, GameSnapshot, Outcome

log = logging.getLogger(__name__)


class Board:
    """Draws and redraws the public message of each table; announces in channels."""

    def __init__(
        self,
        service: GameService,
        poster: Poster,
        *,
        locale_for: Callable[[int], object] = lambda guild_id: "en",
        min_interval: float = 1.5,
        max_rate: float | None = 20.0,
        turn: Callable[[], Awaitable[None]] | None = None,
        gallery: Gallery | None = None,
        repost_after: int = 8,
    ) -> None:
        self.service = service
        self.turn = turn  # a redraw waits behind first responses still owed (cogs.ui.replies)
        self.poster = poster  # the way out to channels, at their pace
        self.gallery = gallery if gallery is not None else Gallery(enabled=False)
        self.locale_for = locale_for
        self.min_interval = min_interval
        self._dirty: set[int] = set()
        self._tasks: Tasks[int] = Tasks("board")
        self._last: dict[int, float] = {}
        self._creating: set[int] = set()  # games whose /lobby create reply is being sent
        self._spacing = 1.0 / max_rate if max_rate else 0.0
        self._next_slot = 0.0  # loop time of the next redraw any board may make
        self.repost_after = repost_after  # new messages of a game before its board is posted again
        self._since: dict[int, int] = {}  # game -> its new messages since its board was posted
        self._repost: set[int] = set()  # games whose board is posted again at its next redraw
        self._threads: set[int] = set()  # the threads this board opened (before Discord's event says so)

    async def open_thread(self, game: GameSnapshot, name: str) -> int:
        """Open the public thread of a table on its message (:mod:`cogs.ui.threads`); its id."""
        assert game.message_id is not None
        thread_id = await self.poster.open_thread(game.guild_id, game.channel_id, game.message_id, name)
        self._threads.add(thread_id)
        return thread_id

    def where(self, game: GameSnapshot) -> int:
        """Where the game's turn lines go: its thread (:mod:`cogs.ui.threads`: opened on the board,
        so its id is the board's) when the table plays in one, else its channel."""
        thread = game.message_id
        if not game.table.options.thread or thread is None:
            return game.channel_id
        return thread if thread in self._threads or self.poster.channels.is_thread(thread) else game.channel_id

    def went_by(self, game_id: int, channel_id: int) -> None:
        """A new message of the game went out: after ``repost_after`` of them the board comes down."""
        self._since[game_id] = self._since.get(game_id, 0) + 1
        if self._since[game_id] >= self.repost_after > 0:
            self._since[game_id] = 0
            self._repost.add(game_id)
            self.refresh(game_id)

    @contextlib.asynccontextmanager
    async def creating(self, game_id: int) -> AsyncIterator[None]:
        """While ``/lobby create`` sends its reply (the board) and stores its id, redraws never post
        a second board; the board is redrawn once the id is stored (or posted, if the reply failed)."""
        self._creating.add(game_id)
        try:
            yield
        finally:
            self._creating.discard(game_id)
            self.refresh(game_id)

    def tr_for(self, guild_id: int) -> Translator:
        """The server's public language: its admins' choice (``/rami language``), else its locale."""
        return public_tr(self.service.settings, guild_id, self.locale_for(guild_id))

    # -- redrawing ---------------------------------------------------------------------------
    def changed(self, out: Outcome[Any]) -> None:
        """A game changed (a listener of :meth:`GameService.subscribe`): redraw its board. Not at
        its creation: ``/lobby create`` sends the first board itself (see :meth:`creating`)."""
        if out.kind is not ChangeKind.CREATE:
            self.refresh(out.game.game_id)

    def refresh(self, game_id: int) -> None:
        """Mark a game's board out of date; it is redrawn soon with the latest state."""
        self._dirty.add(game_id)
        self._tasks.once(game_id, self._flush, f"rami-board-{game_id}")

    async def _flush(self, game_id: int) -> None:
        loop = asyncio.get_running_loop()
        while game_id in self._dirty:
            wait = self._last.get(game_id, -1e9) + self.min_interval - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            if self.turn is not None:
                await self.turn()
            await self._pace(loop)
            self._dirty.discard(game_id)
            if await self._draw(game_id):
                self._last[game_id] = loop.time()
            else:
                self._last.pop(game_id, None)  # a closed table is drawn for the last time

    async def _pace(self, loop: asyncio.AbstractEventLoop) -> None:
        """Wait for this redraw's slot in the pace shared by every board."""
        if not self._spacing:
            return
        now = loop.time()
        slot = max(now, self._next_slot)
        self._next_slot = slot + self._spacing
        if slot > now:
            await asyncio.sleep(slot - now)

    async def _draw(self, game_id: int) -> bool:
        """Redraw (or repost) a board; returns whether the table is still active."""
        game = await self.service.game(game_id)
        if game is None:
            return False
        tr = self.tr_for(game.guild_id)
        embed, view = board_message(game, tr)
        files = await self.picture(game, tr, embed)
        if game_id in self._repost and game.message_id is not None and game.status is TableStatus.PLAYING:
            self._repost.discard(game_id)
            if self.where(game) == game.channel_id and await self._post(game, embed, view, files):
                await self.poster.delete(game.channel_id, game.message_id)
            return True
        if game.message_id is not None:
            try:
                await self._redraw(game, game.message_id, embed, view, files)
                return game.active
            except discord.NotFound:
                log.info("board message of game %s is gone: posting a new one", game_id)
            except discord.HTTPException as exc:
                log.warning("could not redraw the board of game %s: %s", game_id, exc)
                return game.active
        if not game.active:
            return False
        if game_id in self._creating:
            return True  # the create reply is the board: it is redrawn when its id is stored
        await self._post(game, embed, view, files)
        return True

    async def _post(
        self, game: GameSnapshot, embed: discord.Embed, view: discord.ui.View | None, files: list[discord.File] | None
    ) -> bool:
        """Post the board as a new message at the bottom of the channel; returns whether it went out."""
        kwargs: dict[str, Any] = {"embed": embed} if view is None else {"embed": embed, "view": view}
        if files:
            kwargs["files"] = files
        try:
            message_id = await self.poster.send(game.channel_id, **kwargs)
        except discord.HTTPException as exc:
            log.warning("could not post the board of game %s: %s", game.game_id, exc)
            return False
        self._since[game.game_id] = 0
        await self.service.set_message(game.game_id, message_id)
        return True

    async def picture(self, game: GameSnapshot, tr: Translator, embed: discord.Embed) -> list[discord.File] | None:
        """The board's picture as the files to send with ``embed`` (shown in it): one, none (text
        only: nothing to draw, or no Attach Files in the channel), or None with pictures off."""
        if not self.gallery.enabled:
            return None
        frame = board_frame(game, tr)
        if frame is None or not self.poster.channels.can_attach(game.channel_id):
            return []
        data = await self.gallery.picture(frame.job)
        return [] if data is None else [attach(embed, data, frame.name, frame.description)]

    async def _redraw(
        self,
        game: GameSnapshot,
        message_id: int,
        embed: discord.Embed,
        view: discord.ui.View | None,
        files: list[discord.File] | None,
    ) -> None:
        """Edit the board, listing its attachments (with pictures on); refused the picture
        (Attach Files taken away since the cache last heard), redraw it as text. Posted anew by
        the poster (Discord refused to edit it any more), its new id is stored."""
        channel_id = game.channel_id
        if files is None:
            new_id = await self.poster.edit(channel_id, message_id, embed=embed, view=view)
        else:
            try:
                new_id = await self.poster.edit(channel_id, message_id, embed=embed, view=view, attachments=files)
            except discord.Forbidden:
                if not files:
                    raise
                log.info("the board of game %s may not carry a picture: redrawn as text", game.game_id)
                embed.set_image(url=None)
                new_id = await self.poster.edit(channel_id, message_id, embed=embed, view=view, attachments=[])
        if new_id != message_id:
            self._since[game.game_id] = 0
            await self.service.set_message(game.game_id, new_id)

    # -- channel messages ----------------------------------------------------------------------
    async def announce(self, channel_id: int, text: str) -> None:
        """One silent public message in a channel that has no game to read any more."""
        if not text:
            return
        try:
            await self.poster.send(channel_id, content=text, silent=True)
        except discord.HTTPException as exc:
            log.warning("could not announce in channel %s: %s", channel_id, exc)

    @property
    def busy(self) -> bool:
        """Whether anything is still to go out."""
        return bool(self._tasks)

    async def drain(self) -> None:
        """Wait until every pending redraw is done (tests, shutdown)."""
        await self._tasks.drain()

    async def close(self) -> None:
        await self._tasks.close()
