"""The table's public message ("the board") and the few channel messages the bot sends itself.

Each table has one public message: the lobby, then the game (whose turn, discard pile, stock, card
counts, melds, recent actions, a "My hand" button), then the final standings. Every change the
service commits marks its board out of date (:meth:`Board.changed` listens to it); one tracked task
per game redraws it, at most once every ``min_interval`` seconds with the latest state, so a burst
of moves (computer players) costs one edit, within Discord's limit of about 5 messages per 5 seconds
per channel. All boards also share one pace (``max_rate`` redraws per second, default 20) so that
many busy tables together stay well under Discord's global limit of 50 requests per second. The
board is built from the spectator view and public events only. Whatever the size of the game, what
goes out fits Discord's limits (:func:`cogs.ui.limits.fit`, applied in :meth:`Board._send` and
:meth:`Board._edit`).

With pictures on (the service's :class:`~service.gallery.Gallery`), the board shows the table as
a picture while the game is played (the melds numbered as ``/layoff`` numbers them), then the
game's story (each player's running total, deal by deal) with the final standings; its text
stays as it is. The picture needs the bot's Attach Files permission in the channel
(:meth:`Channels.can_attach`): without it the board is text only (``/lobby create`` tells the
host), and a refusal all the same redraws it as text. Every redraw lists its attachments, so an
old picture never stays under a new board.

The board stays in sight: once ``repost_after`` new messages of the game (its turn lines,
:mod:`cogs.ui.turnline`, which the board owns as :attr:`Board.lines`) have gone by since it was
posted, it is posted again at the bottom of the channel and the old one is deleted. Its new
messages take their slot in the channel's pace like the turn lines do.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, Protocol

import discord

from cogs.ui import render
from cogs.ui.context import mentions
from cogs.ui.limits import fit
from cogs.ui.pictures import attach, board_frame
from cogs.ui.tasks import Tasks
from cogs.ui.turnline import DISCORD_PACE, Pace, TurnLines
from cogs.ui.views import board_view, lobby_view
from cogs.ui.words import public_tr
from rummy.table import Table, TableStatus
from service.catalog import Translator
from service.gallery import Gallery
from service.games import GameService
from service.model import ChangeKind, GameSnapshot, Outcome

log = logging.getLogger(__name__)


class Channels(Protocol):
    """How the board reaches a channel (Discord in play; a recorder in tests)."""

    async def send(self, channel_id: int, **kwargs: Any) -> int: ...

    async def edit(self, channel_id: int, message_id: int, **kwargs: Any) -> None: ...

    async def delete(self, channel_id: int, message_id: int) -> None: ...

    async def open_thread(self, guild_id: int, channel_id: int, message_id: int, name: str) -> int:
        """Open a public thread on a message; returns its id (Discord's: the message's)."""
        ...

    def is_thread(self, channel_id: int) -> bool:
        """Whether the channel is a thread the bot knows of."""
        ...

    def can_attach(self, channel_id: int) -> bool:
        """Whether the bot may attach files to its messages in the channel."""
        ...


class DiscordChannels:
    """Channel messages through the REST API, without needing the channel in the cache."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client

    async def send(self, channel_id: int, **kwargs: Any) -> int:
        message = await self.client.get_partial_messageable(channel_id).send(**kwargs)
        return message.id

    async def edit(self, channel_id: int, message_id: int, **kwargs: Any) -> None:
        await self.client.get_partial_messageable(channel_id).get_partial_message(message_id).edit(**kwargs)

    async def delete(self, channel_id: int, message_id: int) -> None:
        await self.client.get_partial_messageable(channel_id).get_partial_message(message_id).delete()

    async def open_thread(self, guild_id: int, channel_id: int, message_id: int, name: str) -> int:
        channel = self.client.get_partial_messageable(channel_id, guild_id=guild_id)
        thread = await channel.get_partial_message(message_id).create_thread(name=name, auto_archive_duration=1440)
        return thread.id

    def is_thread(self, channel_id: int) -> bool:
        return isinstance(self.client.get_channel(channel_id), discord.Thread)

    def can_attach(self, channel_id: int) -> bool:
        """From the cached channel and the bot's roles (a channel not in the cache: no)."""
        channel = self.client.get_channel(channel_id)
        if not isinstance(channel, (discord.abc.GuildChannel, discord.Thread)):
            return False
        return channel.permissions_for(channel.guild.me).attach_files


class Board:
    """Draws and redraws the public message of each table; announces in channels."""

    def __init__(
        self,
        service: GameService,
        channels: Channels,
        *,
        locale_for: Callable[[int], object] = lambda guild_id: "en",
        min_interval: float = 1.5,
        max_rate: float | None = 20.0,
        turn: Callable[[], Awaitable[None]] | None = None,
        gallery: Gallery | None = None,
        pace: Pace = DISCORD_PACE,
        repost_after: int = 8,
    ) -> None:
        self.service = service
        self.turn = turn  # a redraw waits behind first responses still owed (cogs.ui.replies)
        self.channels = channels
        self.gallery = gallery if gallery is not None else Gallery(enabled=False)
        self.locale_for = locale_for
        self.min_interval = min_interval
        self._dirty: set[int] = set()
        self._tasks: Tasks[int] = Tasks("board")
        self._last: dict[int, float] = {}
        self._creating: set[int] = set()  # games whose /lobby create reply is being sent
        self._spacing = 1.0 / max_rate if max_rate else 0.0
        self._next_slot = 0.0  # loop time of the next redraw any board may make
        self.lines = TurnLines(channels, pace=pace, turn=turn, on_sent=self._went_by, where=self.where)
        self.repost_after = repost_after  # new messages of a game before its board is posted again
        self._since: dict[int, int] = {}  # game -> its new messages since its board was posted
        self._repost: set[int] = set()  # games whose board is posted again at its next redraw
        self._threads: set[int] = set()  # the threads this board opened (before Discord's event says so)

    async def open_thread(self, game: GameSnapshot, name: str) -> int:
        """Open the public thread of a table on its message (:mod:`cogs.ui.threads`); its id."""
        assert game.message_id is not None
        thread_id = await self.channels.open_thread(game.guild_id, game.channel_id, game.message_id, name)
        self._threads.add(thread_id)
        return thread_id

    def where(self, game: GameSnapshot) -> int:
        """Where the game's turn lines go: its thread (:mod:`cogs.ui.threads`: opened on the board,
        so its id is the board's) when the table plays in one, else its channel."""
        thread = game.message_id
        if not game.table.options.thread or thread is None:
            return game.channel_id
        return thread if thread in self._threads or self.channels.is_thread(thread) else game.channel_id

    def _went_by(self, game_id: int, channel_id: int) -> None:
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

    def message(self, game: GameSnapshot, tr: Translator) -> tuple[discord.Embed, discord.ui.View | None]:
        """The board of a game: its embed and its persistent components (none once closed)."""
        embed = render.board_embed(game.table, tr, deadline=game.turn_deadline, expires=game.expires_at)
        if game.status is TableStatus.LOBBY:
            return embed, lobby_view(game.game_id, tr)
        if game.status is TableStatus.PLAYING:
            return embed, board_view(game.game_id, tr, game.table)
        return embed, None

    # -- redrawing ---------------------------------------------------------------------------
    def changed(self, out: Outcome[Any]) -> None:
        """A game changed (a listener of :meth:`GameService.subscribe`): redraw its board. Not at
        its creation: ``/lobby create`` sends the first board itself (see :meth:`creating`)."""
        if out.kind is not ChangeKind.CREATE:
            self.refresh(out.game.game_id)
        if not out.game.active:
            self.lines.closed(out.game.game_id)

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
        embed, view = self.message(game, tr)
        files = await self.picture(game, tr, embed)
        if game_id in self._repost and game.message_id is not None and game.status is TableStatus.PLAYING:
            self._repost.discard(game_id)
            if self.where(game) == game.channel_id and await self._post(game, embed, view, files):
                await self._delete(game.channel_id, game.message_id)
            return True
        if game.message_id is not None:
            try:
                await self._redraw(game_id, game.channel_id, game.message_id, embed, view, files)
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
        await self.lines.wait_slot(game.channel_id)
        self.lines.note(game.channel_id)
        try:
            message_id = await self._send(game.channel_id, **kwargs)
        except discord.HTTPException as exc:
            log.warning("could not post the board of game %s: %s", game.game_id, exc)
            return False
        self._since[game.game_id] = 0
        await self.service.set_message(game.game_id, message_id)
        return True

    async def _delete(self, channel_id: int, message_id: int) -> None:
        """Delete an old board (already gone: nothing to do)."""
        try:
            await self.channels.delete(channel_id, message_id)
        except discord.HTTPException as exc:
            log.info("could not delete an old board in channel %s: %s", channel_id, exc)

    async def picture(self, game: GameSnapshot, tr: Translator, embed: discord.Embed) -> list[discord.File] | None:
        """The board's picture as the files to send with ``embed`` (shown in it): one, none (text
        only: nothing to draw, or no Attach Files in the channel), or None with pictures off."""
        if not self.gallery.enabled:
            return None
        frame = board_frame(game, tr)
        if frame is None or not self.channels.can_attach(game.channel_id):
            return []
        data = await self.gallery.picture(frame.job)
        return [] if data is None else [attach(embed, data, frame.name, frame.description)]

    async def _redraw(
        self,
        game_id: int,
        channel_id: int,
        message_id: int,
        embed: discord.Embed,
        view: discord.ui.View | None,
        files: list[discord.File] | None,
    ) -> None:
        """Edit the board, listing its attachments (with pictures on); refused the picture
        (Attach Files taken away since the cache last heard), redraw it as text."""
        if files is None:
            await self._edit(channel_id, message_id, embed=embed, view=view)
            return
        try:
            await self._edit(channel_id, message_id, embed=embed, view=view, attachments=files)
        except discord.Forbidden:
            if not files:
                raise
            log.info("the board of game %s may not carry a picture: redrawn as text", game_id)
            await self._edit(channel_id, message_id, embed=embed.set_image(url=None), view=view, attachments=[])

    # -- channel messages ----------------------------------------------------------------------
    async def announce(
        self,
        channel_id: int,
        text: str,
        *,
        game_id: int | None = None,
        ping: int | None = None,
        table: Table | None = None,
    ) -> None:
        """One public message in a channel (bot turns, timeouts, expiry). It notifies ``ping`` only
        (the person whose turn it is, mentioned in ``text``); without anyone to ping it is silent.
        With ``game_id`` it carries the "My hand" button (and the end buttons ``table`` offers),
        labelled in the public language of ``table``'s server."""
        if not text:
            return
        kwargs: dict[str, Any] = {"content": text, "allowed_mentions": mentions(ping)}
        if game_id is not None:
            kwargs["view"] = board_view(game_id, self.tr_for(table.guild_id if table is not None else 0), table)
        if ping is None:
            kwargs["silent"] = True
        await self.lines.wait_slot(channel_id)
        self.lines.note(channel_id)
        try:
            await self._send(channel_id, **kwargs)
        except discord.HTTPException as exc:
            log.warning("could not announce in channel %s: %s", channel_id, exc)

    async def _send(self, channel_id: int, **kwargs: Any) -> int:
        """Every message the board posts goes out here, fitted to Discord's limits."""
        return await self.channels.send(channel_id, **fit(kwargs))

    async def _edit(self, channel_id: int, message_id: int, **kwargs: Any) -> None:
        """Every redraw goes out here, fitted to Discord's limits."""
        await self.channels.edit(channel_id, message_id, **fit(kwargs))

    async def drain(self) -> None:
        """Wait until every pending redraw and turn line is done (tests, shutdown)."""
        while self._tasks or self.lines.busy:
            await self.lines.drain()
            await self._tasks.drain()

    async def close(self) -> None:
        await self.lines.close()
        await self._tasks.close()
