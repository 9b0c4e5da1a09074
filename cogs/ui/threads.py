"""The game in a thread: the table option ``thread`` (``/lobby set thread yes``).

At the start the bot opens a public thread on the table's message (the lobby, which becomes the
board) and the game is played there: the start and every turn line go to the thread, and the board
stays the thread's first message (it is not posted again below). Discord gives a thread opened on a
message that message's id, so the board finds the thread from the table's message
(:meth:`~cogs.ui.board.Board.where`), after a restart too.

Games stay channel-scoped: the game is stored under the channel it was opened in, and an
interaction from a thread the bot opened reads as one from its parent channel
(:func:`cogs.ui.context.game_channel`): a button or a typed ``/draw`` in the thread plays the parent's table, and
that channel takes no second table while the game goes on.

Without Create Public Threads (or Send Messages in Threads), or if Discord refuses, the game is
played in the channel and the host reads one private line about it.
"""

from __future__ import annotations

import logging

import discord

from cogs.ui import words
from cogs.ui.context import Ctx
from service.model import Outcome

log = logging.getLogger(__name__)
NAME_LENGTH = 100  # Discord's longest thread name


def wanted(ctx: Ctx, out: Outcome[None]) -> bool:
    """Whether this table is to be played in a thread: its option says so, and it is not in one."""
    channel = ctx.interaction.channel
    return out.table.options.thread and out.game.message_id is not None and not isinstance(channel, discord.Thread)


async def open_thread(ctx: Ctx, out: Outcome[None]) -> int | None:
    """Open the table's thread on its message: the thread's id, or None when the bot may not (the
    game is then played in the channel)."""
    perms = ctx.interaction.app_permissions
    game = out.game
    if game.message_id is None or not (perms.create_public_threads and perms.send_messages_in_threads):
        return None
    name = ctx.public("thread_name", title=words.preset_title(out.table.rules, ctx.public))[:NAME_LENGTH]
    try:
        return await ctx.writer.open_thread(game, name)
    except discord.HTTPException as exc:
        log.warning("could not open the thread of game %s: %s", game.game_id, exc)
        return None
