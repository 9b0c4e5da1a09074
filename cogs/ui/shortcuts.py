"""The hand's one-click moves, as they behave: lay down the suggested melds, and the joker swaps
possible now.

* **Lay down the suggestion.** When the hand's advice (:mod:`service.hints`, the exact solver)
  has melds the rules accept right now (:attr:`~service.hints.Advice.playable_now`: the phase, the
  opening threshold, one meld per turn all checked), one button lays them down exactly as
  suggested, jokers pinned to the cards they stand for. The melds ride in its ``custom_id``
  (``sg:7H.8H.9H.JK=10H|QC.QD.QS``); a suggestion too long for one is worked out again at the
  click, from the same version of the game.
* **Joker swaps.** One button per swap the rules allow now (``sw:<meld index>:<card>``), naming
  the card and the meld's number, or one select of them when there are more than fit in a row.

Which of them the hand offers is :func:`cogs.ui.views.shortcut_items`; their shapes are in
:mod:`cogs.ui.bases`. Both play through :func:`cogs.ui.hand.play`, so the hand is redrawn and the
channel told as for any other click; every value is checked for its form and again by the rules.
"""

from __future__ import annotations

import discord

from cogs.ui.bases import SuggestItem, SwapItem, SwapSelectItem, decode_groups, parse_swap
from cogs.ui.components import stale, values
from cogs.ui.context import context
from cogs.ui.hand import play
from rummy import actions as act
from rummy.errors import RummyError
from service.hints import meld_command


class SuggestButton(SuggestItem):
    async def run(self, interaction: discord.Interaction) -> None:
        ctx = context(interaction)
        if self.melds:
            groups = decode_groups(self.melds)
        else:
            player = await ctx.service.private_view(ctx.channel_id, ctx.who.id, self.game_id)
            advice = await ctx.service.advice(player)
            if advice is None or not advice.playable_now:
                raise stale()
            text = meld_command(advice.playable_now).removeprefix("/meld ")
            groups = [list(g) for g in act.Meld.parse(text).melds]
        await play(ctx, act.Meld(tuple(tuple(g) for g in groups)), self.game_id, edit=True)


class SwapButton(SwapItem):
    async def run(self, interaction: discord.Interaction) -> None:
        if self.card is None:
            raise stale()
        await play(context(interaction), act.Swap(self.target, self.card), self.game_id, edit=True)


class SwapSelect(SwapSelectItem):
    async def run(self, interaction: discord.Interaction) -> None:
        [picked] = values(interaction)
        try:
            swap = parse_swap(picked)
        except (ValueError, RummyError):
            raise stale() from None
        await play(context(interaction), swap, self.game_id, edit=True)
