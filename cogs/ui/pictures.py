"""Pictures in messages: who gets one, how it rides with its embed, and when it is sent.

A picture is a PNG attachment that its embed shows (``attachment://hand.png``), with the embed's
text unchanged beside it (screen readers, text only) and a short description as the file's alt
text. The pictures come from the service's :class:`~service.gallery.Gallery`, drawn once per what
they show.

* **Who.** A private picture (the hand, ``/table``, ``/scores``) goes to a person when pictures are
  on for the bot (``RAMI_PICTURES``), the bot may attach files where it answers (the interaction's
  ``app_permissions``) and the person did not choose text only (``/settings pictures``). The public
  board's picture needs the first two only (see :mod:`cogs.ui.board`).
* **When.** Never on the way of a first reply unless it is already drawn: the text goes out at
  once and the picture follows in an edit. Its drawing, in the gallery's drawing process, waits like any
  secondary work until no interaction owes its first response (:mod:`cogs.ui.replies`). A private
  message sent as a follow-up waits for its picture instead, since it is no first reply.
* **Edits.** Discord keeps an attachment an edit does not list, shown under the message even when
  no embed refers to it; so with pictures on, every redraw of a private message lists its
  attachments: the new picture, or none. :class:`Redraws` orders the redraws of one message, so
  that a picture drawn for a hand is never put on a message that shows a newer one.
"""

from __future__ import annotations

import asyncio
import io
import logging
import weakref
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from cogs.ui import words
from rummy.rules import Scoring
from rummy.table import TableStatus
from service.catalog import Translator
from service.gallery import Job, hand_job, story_job, table_job
from service.model import GameSnapshot, PlayerSnapshot

if TYPE_CHECKING:
    from cogs.ui.client import RamiClient  # which holds this module's Redraws
    from cogs.ui.context import Ctx  # which replies through them

log = logging.getLogger(__name__)

HAND = "hand.png"
TABLE = "table.png"
SCORES = "scores.png"
TURNS_KEPT = 4096  # private messages whose redraws are ordered (the oldest are forgotten)


def attach(embed: discord.Embed, png: bytes, name: str, description: str) -> discord.File:
    """``png`` as the attachment ``name`` that ``embed`` shows as its image."""
    embed.set_image(url=f"attachment://{name}")
    return discord.File(io.BytesIO(png), filename=name, description=description)


@dataclass(frozen=True)
class Frame:
    """A picture to show: what to draw, its file name, and its alt text."""

    job: Job
    name: str
    description: str


def board_frame(game: GameSnapshot, tr: Translator) -> Frame | None:
    """The picture of a board: the table in play, the game's story once it ended (after a deal
    at least); None in the lobby."""
    if game.status is TableStatus.PLAYING:
        return table_frame(game, tr)
    if game.status is TableStatus.LOBBY:
        return None
    return scores_frame(game, tr)


def table_frame(game: GameSnapshot, tr: Translator) -> Frame | None:
    """The table in play (None when no deal is in play)."""
    job = table_job(game)
    return None if job is None else Frame(job, TABLE, tr("pic_table"))


def scores_frame(game: GameSnapshot, tr: Translator) -> Frame | None:
    """The chart of the running totals, with axes in ``tr``'s language (None before a deal ended)."""
    table = game.table
    names = [words.player_name(table, seat, tr) for seat in range(len(table.players))]
    penalty = table.rules.scoring is Scoring.PENALTY
    job = story_job(game, names, tr("chart_deal"), tr("chart_penalty" if penalty else "chart_points"))
    return None if job is None else Frame(job, SCORES, tr("pic_scores"))


def hand_frame(player: PlayerSnapshot, tr: Translator) -> Frame:
    """A player's own hand (for their private messages only)."""
    return Frame(hand_job(player), HAND, tr("pic_hand"))


@dataclass
class Picture:
    """A picture for one message: drawn already, or being drawn (in the gallery's drawing process)."""

    name: str
    description: str
    ready: bytes | None
    drawing: asyncio.Task[bytes | None] | None = None

    def now(self, embed: discord.Embed) -> discord.File | None:
        """The file to send with ``embed`` at once, if the picture is drawn already."""
        return None if self.ready is None else attach(embed, self.ready, self.name, self.description)

    async def later(self, embed: discord.Embed) -> discord.File | None:
        """The file to send with ``embed`` once drawn (None if it could not be: the text stands)."""
        data = self.ready
        if data is None and self.drawing is not None:
            try:
                data = await self.drawing
            except Exception:
                log.exception("could not draw %s", self.name)
                return None
        return None if data is None else attach(embed, data, self.name, self.description)


def for_caller(ctx: Ctx, frame: Frame | None) -> Picture | None:
    """The caller's private picture of ``frame``, if they get one here: pictures on for the bot,
    files allowed where the bot answers, and the caller's own choice. Nothing here waits: the
    picture is the gallery's already, or it is drawn in a task, once no interaction owes its
    first response (:mod:`cogs.ui.replies`), the caller's choice read first if not in memory."""
    bot = ctx.bot
    if frame is None or not bot.gallery.enabled or not ctx.interaction.app_permissions.attach_files:
        return None
    wanted = bot.preferences.known(ctx.who.id)
    if wanted is False:
        return None
    ready = bot.gallery.ready(frame.job)
    if ready is not None and wanted:
        return Picture(frame.name, frame.description, ready)
    drawing = asyncio.get_running_loop().create_task(
        _draw(bot, None if wanted else ctx.who.id, frame.job), name=f"rami-picture-{frame.name}"
    )
    drawing.add_done_callback(_retrieved)
    return Picture(frame.name, frame.description, None, drawing)


async def _draw(bot: RamiClient, ask: int | None, job: Job) -> bytes | None:
    """Draw ``job`` after the first responses owed, if the person ``ask`` (when given) wants it."""
    if ask is not None and not await bot.preferences.pictures(ask):
        return None
    if bot.replies is not None:
        await bot.replies.turn()
    return await bot.gallery.picture(job)


def _retrieved(task: asyncio.Task[bytes | None]) -> None:
    """A picture nobody waited for (its message failed) still logs nothing as unretrieved."""
    if not task.cancelled():
        task.exception()


class Redraws:
    """The order of the redraws of each private message (by message id).

    Every redraw takes a turn under the message's lock (:meth:`begin`); a picture that follows its
    text is put on the message only if no other redraw took a turn since (:meth:`current`, under
    the same lock), so a late picture never covers a newer hand. A message is forgotten after
    :data:`TURNS_KEPT` others; a picture for a forgotten message is not sent (its text stands).
    """

    def __init__(self, size: int = TURNS_KEPT) -> None:
        self.size = size
        self._turns: OrderedDict[int, int] = OrderedDict()
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._count = 0

    def lock(self, message_id: int) -> asyncio.Lock:
        lock = self._locks.get(message_id)
        if lock is None:
            lock = self._locks[message_id] = asyncio.Lock()
        return lock

    def begin(self, message_id: int) -> int:
        """A new redraw of the message: its turn (hold :meth:`lock` while it is sent)."""
        self._count += 1
        self._turns[message_id] = self._count
        self._turns.move_to_end(message_id)
        while len(self._turns) > self.size:
            self._turns.popitem(last=False)
        return self._count

    def claim(self, message_id: int) -> int | None:
        """The first turn of a message just sent, or None if a redraw of it already came."""
        return None if message_id in self._turns else self.begin(message_id)

    def current(self, message_id: int, turn: int) -> bool:
        """Whether ``turn`` is still the message's latest redraw."""
        return self._turns.get(message_id) == turn
