"""The per-game writer: one path from a committed move to every message it changes.

The service gives every committed change (an :class:`~service.model.Outcome`) to its listeners;
:meth:`GameWriter.changed` is the one listener that writes messages (the timers, which only plan,
are the other). From the change alone it decides, for the game, every message that changes, and
hands each to its one writer:

* the **board** (the table's public message): :class:`~cogs.ui.board.Board`;
* the **turn line** (one public message per person's turn, edited through it):
  :class:`~cogs.ui.turnline.TurnLines`. A person's move joins it; a round of computer players is
  kept here and told in one message when the turn comes back to a person (or the game ends); a
  timeout or an expiry starts a new one;
* the **final message** and its Rematch: :class:`~cogs.ui.ending.Ending`;
* the **open hands** (private) and their pictures: :class:`~cogs.ui.open_hands.OpenHands`;
* the pictures still to come on **private looks** (``/table``, ``/scores``, a spectator's look),
  which no change redraws: :class:`~cogs.ui.looks.Looks`, fed by the flows alone.

The board, the turn lines and the final message go out through one
:class:`~cogs.ui.poster.Poster`: the channel's pace, one edit in flight per message, and a message
Discord no longer lets be edited posted anew. A handler answers its own interaction (that first
response is the mover's) and hands over only what the change cannot say: the private hand it
showed (and a look's picture still being drawn), the public answer that becomes the turn's
message, the board it posts, the thread it opens (:class:`~cogs.ui.handover.Writer`, which this
class implements). Nothing here calls back into a handler.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Hashable
from typing import Any

import discord

from cogs.ui import sentences
from cogs.ui.board import Board
from cogs.ui.ending import Ending
from cogs.ui.handover import Handle, Picture
from cogs.ui.looks import Looks
from cogs.ui.open_hands import TOKEN_LIFE, OpenHands, PrivateMessages
from cogs.ui.poster import DISCORD_PACE, Channels, Pace, Poster
from cogs.ui.turnline import TurnLines
from cogs.ui.views import board_view, news
from rummy.table import MAX_TIMEOUTS, Table, TableStatus
from service.catalog import Translator
from service.gallery import Gallery
from service.games import GameService
from service.model import ChangeKind, GameSnapshot, Outcome, TimedOut
from service.preferences import Preferences


class GameWriter:
    """Every message each game shows, past the first response to an interaction (see the module doc)."""

    def __init__(
        self,
        service: GameService,
        channels: Channels,
        private: PrivateMessages,
        *,
        gallery: Gallery,
        preferences: Preferences,
        locale_for: Callable[[int], object] = lambda guild_id: "en",
        turn: Callable[[], Awaitable[None]] | None = None,
        pace: Pace = DISCORD_PACE,
        min_interval: float = 1.5,
        max_rate: float | None = 20.0,
        hand_interval: float = 0.5,
        hand_life: float = TOKEN_LIFE,
        hand_clock: Callable[[], float] = time.monotonic,
        ending_after: float = 1.0,
        closing: Callable[[], bool] = lambda: False,
    ) -> None:
        self.service = service
        self.poster = Poster(channels, pace=pace)
        self.board = Board(
            service,
            self.poster,
            locale_for=locale_for,
            min_interval=min_interval,
            max_rate=max_rate,
            turn=turn,
            gallery=gallery,
        )
        self.lines = TurnLines(self.poster, turn=turn, on_sent=self.board.went_by, where=self.board.where)
        self.ending = Ending(
            service,
            self.poster,
            where=self.board.where,
            tr_for=self.board.tr_for,
            gallery=gallery,
            turn=turn,
            after=ending_after,
        )
        self.hands = OpenHands(
            service,
            private,
            gallery=gallery,
            preferences=preferences,
            turn=turn,
            closing=closing,
            min_interval=hand_interval,
            life=hand_life,
            clock=hand_clock,
        )
        self.looks = Looks(private, self.hands.lock, life=hand_life, clock=hand_clock)
        self._untold: dict[int, list[str]] = {}  # game -> its computer players' moves not told yet

    # -- the one listener ------------------------------------------------------------------------
    def changed(self, out: Outcome[Any]) -> None:
        """A committed change (a listener of :meth:`GameService.subscribe`): every message it changes."""
        self.board.changed(out)
        if not out.game.active:
            self.lines.closed(out.game.game_id)  # the last turn message loses its buttons
        self._turn_line(out)
        self.ending.changed(out)
        self.hands.changed(out)

    def _turn_line(self, out: Outcome[Any]) -> None:
        """What the turn messages read after ``out``. The changes a person makes with a public
        answer (start, leave, kick, the end votes) are told by that answer (:meth:`adopt`); the
        lobby's are the board's alone."""
        game, table = out.game, out.table
        tr = self.board.tr_for(game.guild_id)
        if out.kind is ChangeKind.PLAY:
            told = out.new_turn or news(out.events)  # a new turn, or the end buttons change
            view = board_view(game.game_id, tr, table) if told and table.turn is not None else None
            self.lines.moved(out, tr, view)
        elif out.kind is ChangeKind.BOT:
            self._untold.setdefault(game.game_id, []).extend(sentences.event_lines(out.events, table, tr))
            if not game.active or sentences.turn_user(table) is not None or table.turn is None:
                self._tell(game, tr, self._untold.pop(game.game_id, []))  # a person plays now, or nobody
        elif out.kind is ChangeKind.TIMEOUT:
            lines = [*self._untold.pop(game.game_id, []), *timed_out(out, tr)]
            turn = sentences.turn_line(table, tr) if out.new_turn else None
            self._begin(game, table, tr, lines, turn, sentences.pinged(table, out.new_turn))
        elif out.kind is ChangeKind.TAKE_OVER:  # the organiser's, answered in the tournament's channel
            lines = [*self._untold.pop(game.game_id, []), *sentences.event_lines(out.events, table, tr)]
            turn = sentences.turn_line(table, tr) if table.turn is not None else None
            self._begin(game, table, tr, lines, turn, sentences.turn_user(table) if turn else None)
        elif out.kind is ChangeKind.EXPIRE:
            lobby = out.detail.was is TableStatus.LOBBY
            lines = [*self._untold.pop(game.game_id, []), tr("expired_lobby" if lobby else "expired_game")]
            self._begin(game, table, tr, lines, None, None)

    def _tell(self, game: GameSnapshot, tr: Translator, lines: list[str]) -> None:
        """The computer players' moves in one message, with whose turn it is now."""
        if not lines:
            return
        table = game.table
        if game.status is TableStatus.ABANDONED:
            lines.append(tr("abandoned"))
        turn = sentences.turn_line(table, tr)
        self._begin(game, table, tr, lines, turn, sentences.turn_user(table) if turn else None)

    def _begin(
        self, game: GameSnapshot, table: Table, tr: Translator, lines: list[str], turn: str | None, ping: int | None
    ) -> None:
        """A new turn message; it carries My hand while someone plays, and no buttons after."""
        view = board_view(game.game_id, tr, table) if table.turn is not None else discord.ui.View()
        self.lines.begin(game.game_id, self.board.where(game), lines, turn, ping, view)

    # -- what the handlers hand over (cogs.ui.handover.Writer) --------------------------------------
    def shown(self, handle: Handle, game: GameSnapshot, *, picker: bool = False) -> None:
        self.hands.shown(handle, game, picker=picker)

    def picture(self, handle: Handle, game: GameSnapshot, embed: discord.Embed, picture: Picture | None) -> None:
        self.hands.picture(handle, game, embed, picture)

    def look(self, handle: Handle, game: GameSnapshot, embed: discord.Embed, picture: Picture | None) -> None:
        self.looks.look(handle, game, embed, picture)

    def private_lock(self, key: Hashable) -> asyncio.Lock:
        return self.hands.lock(key)

    def adopt(
        self, game_id: int, channel_id: int, message_id: int | None, text: str, view: discord.ui.View | None = None
    ) -> None:
        self.lines.adopt(game_id, channel_id, message_id, text, view)

    def begin(
        self,
        game_id: int,
        channel_id: int,
        parts: list[str],
        turn: str | None,
        ping: int | None,
        view: discord.ui.View | None,
    ) -> None:
        self.lines.begin(game_id, channel_id, parts, turn, ping, view)

    def add(self, game_id: int, channel_id: int, parts: list[str]) -> None:
        self.lines.add(game_id, channel_id, parts)

    @contextlib.asynccontextmanager
    async def creating(self, game_id: int) -> AsyncIterator[None]:
        async with self.board.creating(game_id):
            yield

    async def open_thread(self, game: GameSnapshot, name: str) -> int:
        return await self.board.open_thread(game, name)

    def refresh(self, game_id: int) -> None:
        self.board.refresh(game_id)

    # -- for the timers, the tests and the shutdown ---------------------------------------------
    def tr_for(self, guild_id: int) -> Translator:
        return self.board.tr_for(guild_id)

    async def announce(self, channel_id: int, text: str) -> None:
        """One silent message in a channel whose game cannot be read any more."""
        await self.board.announce(channel_id, text)

    @property
    def busy(self) -> bool:
        return bool(self.board.busy or self.lines.busy or self.ending.busy or self.hands.busy or self.looks.busy)

    async def drain(self) -> None:
        """Wait until every message still to go out went out (tests, shutdown)."""
        while self.busy:
            await self.lines.drain()
            await self.board.drain()
            await self.ending.drain()
            await self.hands.drain()
            await self.looks.drain()

    async def close(self, grace: float = 1.0) -> None:
        """Let what is still to go out go out (for ``grace`` seconds at most), then stop."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.drain(), grace)
        await self.hands.close()
        await self.looks.close()
        await self.lines.close(0)
        await self.board.close()
        await self.ending.close()


def timed_out(out: Outcome[TimedOut], tr: Translator) -> list[str]:
    """What the channel reads when a turn timer ran out."""
    name = sentences.name_of(out.table, out.seat, tr)
    if out.detail.dropped:
        head = tr("timeout_dropped", name=name, max=MAX_TIMEOUTS)
    else:
        head = tr("timeout", name=name, count=out.detail.count, max=MAX_TIMEOUTS)
    lines = [head, *sentences.event_lines(out.events, out.table, tr)]
    if out.table.status is TableStatus.ABANDONED:
        lines.append(tr("abandoned"))
    return lines
