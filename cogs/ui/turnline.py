"""The turn line: one new public message per person's turn, edited as the turn goes on.

Discord notifies a mention only in a new message: an edit that adds one pings nobody. So a
person's turn starts with a new message, the one that pings them: what happened since the last
person played (the computer players' round, a timeout, a new deal), then "@bob, it's your turn",
with the "My hand" button. Each move of that turn (drew, melded, laid off, swapped, discarded) is
added to that message by an edit, so the channel reads one message per turn, the whole turn in it.
The next person's turn is a new message again; a round of computer players is told in the message
of the person whose turn comes next (:mod:`cogs.timers`).

The pace keeps a channel within Discord's limit of 5 messages per 5 seconds, whoever plays:
new messages go out at least ``spacing`` seconds apart and at most ``limit`` in any ``window``
seconds (one of Discord's five left for the interactions' own public replies); a message held
back is still pending, and what comes meanwhile joins it (a newer turn takes the place of its
turn line and ping: it pings whoever plays when it goes out). A message is edited at most once
every ``edit_interval`` seconds, with its latest text. Everything goes out through the board's
:class:`~cogs.ui.poster.Poster` (which keeps the pace, and posts anew a message Discord no longer
lets be edited), fitted to Discord's limits; an empty text is never sent.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord

from cogs.ui import sentences
from cogs.ui.context import NO_MENTIONS, mentions
from cogs.ui.poster import Poster
from cogs.ui.tasks import Tasks
from rummy.table import TableStatus
from service.catalog import Translator
from service.model import GameSnapshot, Outcome

log = logging.getLogger(__name__)
MAX_TEXT = 2000
KEEP_CLOSED = 64  # closed games whose last message is still known


@dataclass
class Line:
    """One public message of a game: what happened before the turn, whose turn, and its moves."""

    channel_id: int
    before: list[str] = field(default_factory=list)
    turn: str | None = None  # "@bob, it's your turn"
    after: list[str] = field(default_factory=list)
    ping: int | None = None  # whom the new message notifies (the person ``turn`` mentions)
    view: discord.ui.View | None = None
    message_id: int | None = None
    sending: bool = False  # its first send is under way: it takes nothing more in before it
    dirty: bool = True  # text or components not on Discord yet
    view_dirty: bool = False
    written: float = -math.inf  # when it was last sent or edited

    def text(self) -> str:
        """Its text, within Discord's 2,000 characters: the oldest lines give way first."""
        parts = [*self.before, *([self.turn] if self.turn else []), *self.after]
        while len(parts) > 1 and len("\n".join(parts)) > MAX_TEXT:
            parts.pop(0 if parts[0] != self.turn else 1)
        return sentences.clip("\n".join(parts), MAX_TEXT)

    @property
    def pending(self) -> bool:
        """Not sent yet, nor being sent: what comes now still goes out with it."""
        return self.message_id is None and not self.sending


class TurnLines:
    """The turn messages of every game, sent and edited at the pace of their channel."""

    def __init__(
        self,
        poster: Poster,
        *,
        turn: Callable[[], Awaitable[None]] | None = None,
        on_sent: Callable[[int, int], None] | None = None,
        where: Callable[[GameSnapshot], int] | None = None,
    ) -> None:
        self.poster = poster  # the channels' pace, and the way out
        self.turn = turn  # secondary work waits behind first responses still owed (cogs.ui.replies)
        self.on_sent = on_sent  # (game id, channel id) after each new message (the board counts them)
        self.where = where or (lambda game: game.channel_id)  # the game's channel, or its thread
        self._games: dict[int, list[Line]] = {}
        self._tasks: Tasks[int] = Tasks("turn line")
        self._closed: dict[int, None] = {}  # games whose table closed, oldest first

    def now(self) -> float:
        return self.poster.now()

    # -- what the cogs tell ----------------------------------------------------------------------
    def moved(self, out: Outcome[Any], tr: Translator, view: discord.ui.View | None) -> None:
        """A person's move (or a change a person made, such as leaving): its sentences join the
        current turn's message; when another person's turn begins, it gets its new message, with
        ``view`` (the "My hand" button)."""
        game, channel_id = out.game, self.where(out.game)
        parts = sentences.event_lines(out.events, out.table, tr)
        if out.table.status is TableStatus.ABANDONED:
            parts.append(tr("abandoned"))
        ping = sentences.pinged(out.table, out.new_turn)
        if out.new_turn and ping is not None:
            self.add(game.game_id, channel_id, parts)
            self.begin(game.game_id, channel_id, [], sentences.turn_line(out.table, tr), ping, view)
        else:
            self.add(game.game_id, channel_id, parts, view)

    def add(self, game_id: int, channel_id: int, parts: list[str], view: discord.ui.View | None = None) -> None:
        """Lines of the current turn: added to its message (a new, silent one if there is none)."""
        if not parts and view is None:
            return
        lines = self._games.setdefault(game_id, [])
        if not lines:
            if not parts:
                return  # only buttons to change, and no message to carry them
            lines.append(Line(channel_id))
        line = lines[-1]
        line.after += parts
        line.dirty = True
        if view is not None:
            line.view, line.view_dirty = view, True
        self._kick(game_id)

    def begin(
        self,
        game_id: int,
        channel_id: int,
        parts: list[str],
        turn: str | None,
        ping: int | None,
        view: discord.ui.View | None,
    ) -> None:
        """A new message: ``parts`` (what happened since), then ``turn`` (whose turn it is,
        notifying ``ping``). If the game's last message is still held back, this joins it."""
        if not parts and not turn:
            return
        lines = self._games.setdefault(game_id, [])
        last = lines[-1] if lines else None
        if last is not None and last.pending and last.channel_id == channel_id:
            last.before += last.after + parts
            last.after = []
            last.turn, last.ping = turn, ping
            last.view, last.dirty = view, True
        else:
            lines.append(Line(channel_id, list(parts), turn, ping=ping, view=view))
        self._kick(game_id)

    def adopt(
        self, game_id: int, channel_id: int, message_id: int | None, text: str, view: discord.ui.View | None = None
    ) -> None:
        """A public message an interaction sent itself (the start of the game), with ``view``,
        becomes the game's current message: the turn it announces is added to it."""
        self.poster.note(channel_id)
        if message_id is None:
            return
        lines = self._games.setdefault(game_id, [])
        line = Line(channel_id, [text], view=view, message_id=message_id, dirty=False, written=self.now())
        lines[:] = [old for old in lines if old.dirty] + [line]  # what is still to go out still goes

    def closed(self, game_id: int) -> None:
        """The table closed (over, cancelled, abandoned): its last message loses its buttons. The
        game is forgotten after :data:`KEEP_CLOSED` more tables closed (its last lines come after)."""
        self._closed[game_id] = None
        while len(self._closed) > KEEP_CLOSED:  # the last lines of a game come after its close
            self._games.pop(next(iter(self._closed)), None)
            del self._closed[next(iter(self._closed))]
        lines = self._games.get(game_id)
        if lines and lines[-1].view is not None and lines[-1].view.children:
            lines[-1].view, lines[-1].view_dirty, lines[-1].dirty = discord.ui.View(), True, True
        self._kick(game_id)

    # -- sending ------------------------------------------------------------------------------------
    def _kick(self, game_id: int) -> None:
        self._tasks.once(game_id, self._flush, f"rami-turnline-{game_id}")

    def _ready_at(self, line: Line) -> float:
        if line.message_id is None:
            return self.poster.slot(line.channel_id)
        return line.written + self.poster.pace.edit_interval

    async def _flush(self, game_id: int) -> None:
        while True:
            lines = self._games.get(game_id)
            dirty = [line for line in lines or [] if line.dirty]
            if lines is None or not dirty:
                if lines:
                    del lines[:-1]  # only the current message may still be added to
                return
            line = min(dirty, key=self._ready_at)
            wait = self._ready_at(line) - self.now()
            if wait > 0:
                await self.poster.sleep(wait)
                continue  # what is ready first may have changed meanwhile
            if self.turn is not None:
                await self.turn()
            if line.message_id is None:
                await self._send(game_id, line)
            else:
                await self._edit(game_id, line)
            if lines and lines[-1] is not line and not line.dirty:
                lines.remove(line)

    async def _send(self, game_id: int, line: Line) -> None:
        text = line.text()
        if not text:  # nothing to say (never an empty message)
            line.message_id, line.dirty = 0, False
            return
        line.sending, line.dirty, line.view_dirty = True, False, False
        kwargs: dict[str, Any] = {"content": text, "allowed_mentions": mentions(line.ping)}
        if line.view is not None:
            kwargs["view"] = line.view
        if line.ping is None:
            kwargs["silent"] = True
        try:
            line.message_id = await self.poster.send(line.channel_id, paced=False, **kwargs)
        except discord.HTTPException as exc:
            log.warning("could not send the turn line in channel %s: %s", line.channel_id, exc)
            line.message_id = 0  # given up: it is not sent again, nor edited
            line.dirty = False
            return
        finally:
            line.sending = False
            line.written = self.now()
        if line.text() != text:
            line.dirty = True  # moves came while it was being sent
        if self.on_sent is not None:
            self.on_sent(game_id, line.channel_id)

    async def _edit(self, game_id: int, line: Line) -> None:
        line.dirty = False
        if not line.message_id:
            return
        kwargs: dict[str, Any] = {"content": line.text(), "allowed_mentions": NO_MENTIONS}
        whole = {**kwargs, "silent": True} if line.view is None else {**kwargs, "view": line.view, "silent": True}
        if line.view_dirty:
            kwargs["view"], line.view_dirty = line.view, False
        old = line.message_id
        try:
            line.message_id = await self.poster.edit(line.channel_id, old, anew=whole, **kwargs)
            if line.message_id != old and self.on_sent is not None:  # posted anew (Discord refused the edit)
                self.on_sent(game_id, line.channel_id)
        except discord.NotFound:
            line.message_id = 0  # deleted by someone: nothing more is added to it
        except discord.HTTPException as exc:
            log.warning("could not edit the turn line in channel %s: %s", line.channel_id, exc)
        finally:
            line.written = self.now()

    @property
    def busy(self) -> bool:
        """Whether a message or an edit is still to go out."""
        return bool(self._tasks)

    async def drain(self) -> None:
        """Wait until every pending message and edit went out (tests, shutdown)."""
        await self._tasks.drain()

    async def close(self, grace: float = 1.0) -> None:
        """Let what is still to go out go out (for ``grace`` seconds at most), then stop."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.drain(), grace)
        await self._tasks.close()
