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
  attachments: the new picture, or none. An open hand's picture is put on by the hand's writer
  (:mod:`cogs.ui.open_hands`), never over a newer hand; a look's (``/table``, ``/scores``, a
  spectator's) by :mod:`cogs.ui.looks`, from a handle: the handler does not wait for it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import discord

from cogs.ui import words
from cogs.ui.context import Ctx, reply
from cogs.ui.handover import Handle, Picture
from rummy.rules import Scoring
from rummy.table import TableStatus
from service.catalog import Translator
from service.gallery import Gallery, Job, hand_job, story_job, table_job
from service.model import GameSnapshot, PlayerSnapshot
from service.preferences import Preferences

HAND = "hand.png"
TABLE = "table.png"
SCORES = "scores.png"


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


def for_caller(ctx: Ctx, frame: Frame | None) -> Picture | None:
    """The caller's private picture of ``frame``, if they get one here (see :func:`for_person`)."""
    bot = ctx.bot
    turn = None if bot.replies is None else bot.replies.turn
    may_attach = ctx.interaction.app_permissions.attach_files
    return for_person(bot.gallery, bot.preferences, turn, ctx.who.id, may_attach, frame)


def for_person(
    gallery: Gallery,
    preferences: Preferences,
    turn: Callable[[], Awaitable[None]] | None,
    user_id: int,
    may_attach: bool,
    frame: Frame | None,
) -> Picture | None:
    """The private picture of ``frame`` for ``user_id``, if they get one: pictures on for the bot,
    files allowed where the bot answered them (``may_attach``), and their own choice. Nothing here
    waits: the picture is the gallery's already, or it is drawn in a task, once no interaction
    owes its first response (``turn``), their choice read first if not in memory."""
    if frame is None or not gallery.enabled or not may_attach:
        return None
    wanted = preferences.known(user_id)
    if wanted is False:
        return None
    ready = gallery.ready(frame.job)
    if ready is not None and wanted:
        return Picture(frame.name, frame.description, ready)
    drawing = asyncio.get_running_loop().create_task(
        _draw(gallery, preferences, turn, None if wanted else user_id, frame.job), name=f"rami-picture-{frame.name}"
    )
    drawing.add_done_callback(_retrieved)
    return Picture(frame.name, frame.description, None, drawing)


async def _draw(
    gallery: Gallery,
    preferences: Preferences,
    turn: Callable[[], Awaitable[None]] | None,
    ask: int | None,
    job: Job,
) -> bytes | None:
    """Draw ``job`` after the first responses owed, if the person ``ask`` (when given) wants it."""
    if ask is not None and not await preferences.pictures(ask):
        return None
    if turn is not None:
        await turn()
    return await gallery.picture(job)


def _retrieved(task: asyncio.Task[bytes | None]) -> None:
    """A picture nobody waited for (its message failed) still logs nothing as unretrieved."""
    if not task.cancelled():
        task.exception()


async def send_look(
    ctx: Ctx, game: GameSnapshot, embed: discord.Embed, frame: Frame | None, view: discord.ui.View | None = None
) -> None:
    """Answer privately with ``embed`` (and ``view``'s components) at once, with its picture if
    the caller gets one and it is drawn already; a picture still being drawn is handed over to the
    writer with the message's :class:`Handle` (:meth:`~cogs.ui.handover.Writer.look`), and the
    handler returns: no interaction waits for a drawing (``/table``, ``/scores``, a spectator's
    look: messages no change redraws; an open hand's picture is its writer's too,
    :mod:`cogs.ui.open_hands`)."""
    picture = for_caller(ctx, frame)
    file = None if picture is None else picture.now(embed)
    followup = ctx.interaction.response.is_done()  # then the look is a follow-up, edited by its id
    message_id = await reply(ctx.interaction, embed=embed, view=view, ephemeral=True, file=file)
    ctx.writer.look(Handle.of(ctx.interaction, message_id, followup=followup), game, embed, picture)
