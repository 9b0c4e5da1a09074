"""A deal that goes nowhere (``rummy.stall``): ending it by agreement, as the public buttons behave.

Once the stock has been rebuilt twice with no meld and no lay-off, the board and the turn messages
carry an "End this deal" button (``rami:<game>:endp``); while a proposal stands they carry "Agree
to end" (``enda``) and "Keep playing" (``endd``) instead (which of them: :func:`cogs.ui.views.end_items`;
their shapes: :mod:`cogs.ui.bases`). The buttons are public, so anyone may press them: the service
finds the caller's seat and the rules decide (someone not seated, or not dealt in, a second
proposal, an agreement without a proposal...), and a refusal is answered privately like any other.
What was done is told to the channel, with the buttons of the new state.
"""

from __future__ import annotations

from typing import ClassVar

import discord

from cogs.ui import sentences
from cogs.ui.bases import AgreeEndItem, DeclineEndItem, ProposeEndItem
from cogs.ui.context import Ctx, context, reply
from cogs.ui.views import board_view
from service.model import ChangeKind


async def vote(ctx: Ctx, kind: ChangeKind, game_id: int) -> None:
    """The caller proposes, agrees or declines; the channel reads it, with the buttons now offered."""
    service = ctx.service
    act = {
        ChangeKind.END_PROPOSE: service.propose_end,
        ChangeKind.END_AGREE: service.agree_end,
        ChangeKind.END_DECLINE: service.decline_end,
    }[kind]
    out = await act(ctx.channel_id, ctx.who, game_id)
    text = sentences.public_text(out.events, out.table, ctx.public, turn=out.new_turn)
    ping = sentences.pinged(out.table, out.new_turn)
    view = board_view(game_id, ctx.public, out.table) if out.table.turn is not None else None
    message_id = await reply(ctx.interaction, text, ephemeral=False, view=view, ping=ping, silent=ping is None)
    if out.new_turn:  # a new deal: this is its first turn's message (cogs.ui.turnline)
        ctx.writer.adopt(game_id, ctx.interaction.channel_id or ctx.channel_id, message_id, text, view)


class _Vote:
    """What the three buttons do: vote, as their kind says."""

    kind: ClassVar[ChangeKind]
    game_id: int

    async def run(self, interaction: discord.Interaction) -> None:
        await vote(context(interaction), self.kind, self.game_id)


class ProposeEndButton(_Vote, ProposeEndItem):
    """ "End this deal": propose to end it."""


class AgreeEndButton(_Vote, AgreeEndItem):
    """ "Agree to end": the deal ends once everyone dealt in agrees."""


class DeclineEndButton(_Vote, DeclineEndItem):
    """ "Keep playing": the proposal lapses."""
