"""The hand's one-click moves: lay down the suggested melds, and the joker swaps possible now.

* **Lay down the suggestion.** When the hand's advice (:mod:`service.hints`, the exact solver)
  has melds the rules accept right now (:attr:`~service.hints.Advice.playable_now`: the phase, the
  opening threshold, one meld per turn all checked), one button lays them down exactly as
  suggested, jokers pinned to the cards they stand for. The melds ride in its ``custom_id``
  (``sg:7H.8H.9H.JK=10H|QC.QD.QS``); a suggestion too long for one is worked out again at the
  click, from the same version of the game.
* **Joker swaps.** One button per swap the rules allow now (``sw:<meld index>:<card>``), naming
  the card and the meld's number, or one select of them when there are more than fit in a row.

Both play through :func:`cogs.ui.hand.play`, so the hand is redrawn and the channel told as for
any other click; every value is checked for its form here and again by the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from cogs.ui.components import CUSTOM_ID_LIMIT, Malformed, custom_id, stale, template, values
from cogs.ui.context import context
from cogs.ui.hand import Button, HandItem, Select, play
from cogs.ui.meld import decode_groups
from rummy import actions as act
from rummy.cards import Card
from rummy.errors import RummyError
from rummy.melds import Meld
from service.catalog import Translator
from service.hints import Advice, meld_command

SWAP_BUTTONS = 4  # swap buttons beside the suggestion in one row; more make a select
SHORTCUT_ROW = 2  # below the draw buttons (row 0) and the discard select (row 1)


def suggestion_text(melds: Sequence[Meld]) -> str:
    """The melds as a builder's ``custom_id`` carries them: cards by ``.``, melds by ``|``, jokers pinned."""
    return "|".join(".".join(m.labels(pretty=False)) for m in melds)


def shortcut_items(
    game_id: int, advice: Advice | None, swaps: Sequence[act.Swap], tr: Translator
) -> list[discord.ui.DynamicItem[Any]]:
    """The one-click moves for the hand's play phase: the suggestion (when the rules accept it
    now), and the joker swaps."""
    items: list[discord.ui.DynamicItem[Any]] = []
    if advice is not None and advice.playable_now:
        items.append(SuggestButton(game_id, suggestion_text(advice.playable_now), tr("btn_lay_suggestion")))
    if len(swaps) <= SWAP_BUTTONS:
        items += [
            SwapButton(game_id, s.target, s.card, tr("btn_swap", card=s.card.pretty, n=s.target + 1)) for s in swaps
        ]
    else:
        options = [
            discord.SelectOption(label=tr("btn_swap", card=s.card.pretty, n=s.target + 1), value=f"{s.target}:{s.card}")
            for s in swaps[:25]
        ]
        items.append(SwapSelect(game_id, options, tr("ph_swap")))
    return items


class SuggestButton(HandItem, discord.ui.DynamicItem[Button], template=template("sg")):
    """Lay down the suggested melds (carried in the custom_id when they fit)."""

    def __init__(self, game_id: int, melds: str = "", label: str = "Lay down the suggestion") -> None:
        if len(custom_id(game_id, "sg", "")) + len(melds) > CUSTOM_ID_LIMIT:  # worked out again at the click
            melds = ""
        cid = custom_id(game_id, "sg", melds) if melds else custom_id(game_id, "sg")
        super().__init__(
            discord.ui.Button(label=label, style=discord.ButtonStyle.success, custom_id=cid, row=SHORTCUT_ROW)
        )
        self.game_id, self.melds = game_id, melds

    @classmethod
    def parse(cls, game_id: int, data: str | None) -> SuggestButton:
        if data is not None:
            decode_groups(data)  # raises if it does not read
            if not data:
                raise Malformed(data)
        return cls(game_id, data or "")

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


def _swap(data: str | None) -> act.Swap:
    """``<meld index>:<card>`` as a swap; :class:`Malformed` (or a card's parse error) otherwise."""
    target, colon, card = (data or "").partition(":")
    if not colon or not (target.isascii() and target.isdigit() and len(target) <= 3):
        raise Malformed(data)
    swapped = Card.parse(card)
    if swapped.is_joker:
        raise Malformed(data)
    return act.Swap(int(target), swapped)


class SwapButton(HandItem, discord.ui.DynamicItem[Button], template=template("sw")):
    """Take the joker of meld ``target`` by putting in ``card`` (the card it stands for)."""

    def __init__(self, game_id: int, target: int = 0, card: Card | None = None, label: str = "Swap") -> None:
        data = [] if card is None else [target, str(card)]
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.primary,
                emoji="🃏",
                custom_id=custom_id(game_id, "sw", *data),
                row=SHORTCUT_ROW,
            )
        )
        self.game_id, self.target, self.card = game_id, target, card

    @classmethod
    def parse(cls, game_id: int, data: str | None) -> SwapButton:
        swap = _swap(data)
        return cls(game_id, swap.target, swap.card)

    async def run(self, interaction: discord.Interaction) -> None:
        if self.card is None:
            raise stale()
        await play(context(interaction), act.Swap(self.target, self.card), self.game_id, edit=True)


class SwapSelect(HandItem, discord.ui.DynamicItem[Select], template=template("sws")):
    """The joker swaps possible now, when there are more than fit as buttons."""

    def __init__(
        self, game_id: int, options: list[discord.SelectOption] | None = None, placeholder: str = "Swap"
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=custom_id(game_id, "sws"),
                placeholder=placeholder,
                options=options or [discord.SelectOption(label="—", value="none")],
                row=SHORTCUT_ROW + 1,
            )
        )
        self.game_id = game_id

    async def run(self, interaction: discord.Interaction) -> None:
        [picked] = values(interaction)
        try:
            swap = _swap(picked)
        except (ValueError, RummyError):
            raise stale() from None
        await play(context(interaction), swap, self.game_id, edit=True)
