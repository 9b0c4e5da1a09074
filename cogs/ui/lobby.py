"""The lobby's flows, shared with ``/lobby``, and its buttons (Join, Leave, Start) as they behave
(their shapes: :mod:`cogs.ui.bases`; the lobby's components: :func:`cogs.ui.views.lobby_view`).

Each flow calls one service function, then answers: privately for what concerns only the
caller (joining, leaving a lobby), publicly for what the table must know (the start, a player
leaving a game). The board redraws the table's public message by itself after every change.
"""

from __future__ import annotations

import discord

from cogs.ui import sentences, threads, words
from cogs.ui.bases import JoinItem, LeaveItem, StartItem
from cogs.ui.context import Ctx, context, reply
from cogs.ui.views import board_view
from service.model import Outcome


async def join(ctx: Ctx, game_id: int | None = None) -> Outcome[None]:
    out = await ctx.service.join(ctx.channel_id, ctx.who, game_id)
    await reply(ctx.interaction, ctx.tr("joined", n=len(out.table.players), max=out.table.max_players), ephemeral=True)
    return out


async def leave(ctx: Ctx, game_id: int | None = None) -> Outcome[None]:
    out = await ctx.service.leave(ctx.channel_id, ctx.who, game_id)
    if out.events or out.ended:
        text = sentences.public_text(out.events, out.table, ctx.public, turn=out.new_turn)
        message_id = await reply(ctx.interaction, text, ephemeral=False, ping=sentences.pinged(out.table, out.new_turn))
        if out.new_turn:  # the new turn's message: its moves are added to it (cogs.ui.turnline)
            ctx.writer.adopt(out.game.game_id, ctx.interaction.channel_id or ctx.channel_id, message_id, text)
    else:
        await reply(ctx.interaction, ctx.tr("left_lobby"), ephemeral=True)
    return out


async def start(ctx: Ctx, game_id: int | None = None) -> Outcome[None]:
    out = await ctx.service.start(ctx.channel_id, ctx.who, game_id)
    started = ctx.public("started", title=words.preset_title(out.table.rules, ctx.public))
    board = board_view(out.game.game_id, ctx.public)
    thread = None
    if threads.wanted(ctx, out):
        thread = await threads.open_thread(ctx, out)
        if thread is not None:  # the start goes to the thread: it is the first turn's message there
            await reply(ctx.interaction, ctx.tr("thread_opened", thread=f"<#{thread}>"), ephemeral=True)
            events = sentences.event_lines(out.events, out.table, ctx.public)
            turn = sentences.turn_line(out.table, ctx.public)
            game = out.game.game_id
            ctx.writer.begin(game, thread, [started, *events], turn, sentences.pinged(out.table), board)
            ctx.writer.add(game, thread, [ctx.public("start_hand_hint")])
            return out
    hint = ctx.public("start_hand_hint")
    text = sentences.clip(started + "\n" + sentences.public_text(out.events, out.table, ctx.public) + "\n" + hint, 2000)
    message_id = await reply(ctx.interaction, text, ephemeral=False, view=board, ping=sentences.pinged(out.table))
    ctx.writer.adopt(out.game.game_id, out.game.channel_id, message_id, text, board)  # the first turn's
    if threads.wanted(ctx, out):  # asked for a thread, and the bot may not open one: one line to the host
        await reply(ctx.interaction, ctx.tr("thread_refused"), ephemeral=True)
    return out


class JoinButton(JoinItem):
    async def run(self, interaction: discord.Interaction) -> None:
        await join(context(interaction), self.game_id)


class LeaveButton(LeaveItem):
    async def run(self, interaction: discord.Interaction) -> None:
        await leave(context(interaction), self.game_id)


class StartButton(StartItem):
    async def run(self, interaction: discord.Interaction) -> None:
        await start(context(interaction), self.game_id)
