"""A deal that goes nowhere (``rummy.stall``): the public buttons to end it by agreement.

Once the stock has been rebuilt twice with no meld and no lay-off, the board and the turn messages
carry an "End this deal" button (``rami:<game>:endp``); while a proposal stands they carry "Agree
to end" (``enda``) and "Keep playing" (``endd``) instead. The buttons are public, so anyone may
press them: the service finds the caller's seat and the rules decide (someone not seated, or not
dealt in, a second proposal, an agreement without a proposal...), and a refusal is answered
privately like any other. What was done is told to the channel, with the buttons of the new state.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import discord

from cogs.ui import sentences
from cogs.ui.components import Guarded, custom_id, template
from cogs.ui.context import Ctx, context, reply
from rummy.deal import Event
from rummy.table import Table, TableStatus
from service.catalog import Translator
from service.model import ChangeKind

Button = discord.ui.Button[Any]

# What a button does: the change's kind, the custom_id's <what> and its style.
VOTES: dict[ChangeKind, tuple[str, discord.ButtonStyle]] = {
    ChangeKind.END_PROPOSE: ("endp", discord.ButtonStyle.danger),
    ChangeKind.END_AGREE: ("enda", discord.ButtonStyle.danger),
    ChangeKind.END_DECLINE: ("endd", discord.ButtonStyle.secondary),
}
NEWS = frozenset({"deal_stalled", "end_lapsed"})  # events after which the channel sees the buttons


def news(events: Iterable[Event]) -> bool:
    """Whether ``events`` change what the end buttons offer (a message telling them carries them)."""
    return any(e.kind in NEWS for e in events)


def end_items(game_id: int, table: Table | None, tr: Translator) -> list[discord.ui.DynamicItem[Button]]:
    """The end buttons the table offers now: none while the deal goes somewhere (or none is in
    play), "End this deal" once it goes nowhere, "Agree" and "Keep playing" while a proposal stands."""
    if table is None or table.status is not TableStatus.PLAYING or table.game is None:
        return []
    view = table.view(None)
    if view.end_pending:
        return [AgreeEndButton(game_id, tr("btn_end_agree")), DeclineEndButton(game_id, tr("btn_end_decline"))]
    if view.goes_nowhere:
        return [ProposeEndButton(game_id, tr("btn_end_propose"))]
    return []


async def vote(ctx: Ctx, kind: ChangeKind, game_id: int) -> None:
    """The caller proposes, agrees or declines; the channel reads it, with the buttons now offered."""
    from cogs.ui.hand import board_view  # the board's view holds these buttons

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


class _EndButton(Guarded):
    """Base of the three buttons: the game id rides in the custom_id, nothing else."""

    kind: ChangeKind

    def _button(self, game_id: int, label: str | None) -> Button:
        what, style = VOTES[self.kind]
        self.game_id = game_id
        return discord.ui.Button(label=label, style=style, custom_id=custom_id(game_id, what))

    async def run(self, interaction: discord.Interaction) -> None:
        await vote(context(interaction), self.kind, self.game_id)


class ProposeEndButton(_EndButton, discord.ui.DynamicItem[Button], template=template("endp")):
    kind = ChangeKind.END_PROPOSE

    def __init__(self, game_id: int, label: str | None = None) -> None:
        super().__init__(self._button(game_id, label))


class AgreeEndButton(_EndButton, discord.ui.DynamicItem[Button], template=template("enda")):
    kind = ChangeKind.END_AGREE

    def __init__(self, game_id: int, label: str | None = None) -> None:
        super().__init__(self._button(game_id, label))


class DeclineEndButton(_EndButton, discord.ui.DynamicItem[Button], template=template("endd")):
    kind = ChangeKind.END_DECLINE

    def __init__(self, game_id: int, label: str | None = None) -> None:
        super().__init__(self._button(game_id, label))
