"""The lobby's buttons (Join, Leave, Start) and the flows they share with ``/lobby``.

Each flow calls one service function, then answers: privately for what concerns only the
caller (joining, leaving a lobby), publicly for what the table must know (the start, a player
leaving a game). The board redraws the table's public message by itself after every change.
"""

from __future__ import annotations

from typing import Any

import discord

from cogs.ui import render, sentences, threads, words
from cogs.ui.components import Guarded, custom_id, persistent, template
from cogs.ui.context import Ctx, context, reply
from cogs.ui.hand import board_view
from rummy.table import TableStatus
from service.catalog import Translator
from service.model import GameSnapshot, Outcome


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


class JoinButton(Guarded, discord.ui.DynamicItem[discord.ui.Button[Any]], template=template("join")):
    def __init__(self, game_id: int, label: str = "Join") -> None:
        super().__init__(
            discord.ui.Button(label=label, style=discord.ButtonStyle.success, custom_id=custom_id(game_id, "join"))
        )
        self.game_id = game_id

    async def run(self, interaction: discord.Interaction) -> None:
        await join(context(interaction), self.game_id)


class LeaveButton(Guarded, discord.ui.DynamicItem[discord.ui.Button[Any]], template=template("leave")):
    def __init__(self, game_id: int, label: str = "Leave") -> None:
        super().__init__(
            discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, custom_id=custom_id(game_id, "leave"))
        )
        self.game_id = game_id

    async def run(self, interaction: discord.Interaction) -> None:
        await leave(context(interaction), self.game_id)


class StartButton(Guarded, discord.ui.DynamicItem[discord.ui.Button[Any]], template=template("start")):
    def __init__(self, game_id: int, label: str = "Start") -> None:
        super().__init__(
            discord.ui.Button(label=label, style=discord.ButtonStyle.primary, custom_id=custom_id(game_id, "start"))
        )
        self.game_id = game_id

    async def run(self, interaction: discord.Interaction) -> None:
        await start(context(interaction), self.game_id)


def lobby_view(game_id: int, tr: Translator) -> discord.ui.View:
    return persistent(
        JoinButton(game_id, tr("btn_join")),
        LeaveButton(game_id, tr("btn_leave")),
        StartButton(game_id, tr("btn_start")),
    )


def board_message(game: GameSnapshot, tr: Translator) -> tuple[discord.Embed, discord.ui.View | None]:
    """The board of a game: its embed and its persistent components (none once closed)."""
    embed = render.board_embed(game.table, tr, deadline=game.turn_deadline, expires=game.expires_at)
    if game.status is TableStatus.LOBBY:
        return embed, lobby_view(game.game_id, tr)
    if game.status is TableStatus.PLAYING:
        return embed, board_view(game.game_id, tr, game.table)
    return embed, None
