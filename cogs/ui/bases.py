"""The item bases: the shape of every button and select the bot sends, and nothing of what they do.

Each base knows its kind (``what``, hence its template and ``custom_id``: :class:`~cogs.ui.components.Guarded`),
its label, style and row, the data its ``custom_id`` carries and how that data reads back
(:meth:`~cogs.ui.components.Guarded.parse`). The views (:mod:`cogs.ui.views`) build these; the
behaving subclass of each, in the module of its flow (``class DrawButton(DrawItem)`` in
:mod:`cogs.ui.hand`), adds what a click does, and is the class ``setup_hook`` registers
(:mod:`cogs.ui.items`). A click is routed by its ``custom_id``, so the base a view built and the
subclass that answers never need to meet.

Data read back from a ``custom_id`` is checked for its form here (a malformed one is
:class:`~cogs.ui.components.Malformed`, refused as out of date), then again by the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Self

import discord

from cogs.ui.components import CUSTOM_ID_LIMIT, Button, Guarded, Malformed, Select, card_options
from cogs.ui.limits import OPTIONS
from cogs.ui.sentences import clip
from rummy import actions as act
from rummy.cards import Card, format_cards, take_out
from rummy.melds import make_meld
from rummy.rules import Rules
from service.model import ChangeKind

SHORTCUT_ROW = 2  # the hand's one-click moves: below the draw buttons (row 0) and the discard select (row 1)


def remaining(hand: Sequence[Card], used: Sequence[Card]) -> list[Card]:
    """``hand`` without one copy of each card of ``used`` (cards compare by face); missing ones are ignored."""
    return take_out(hand, used)[0]


def encode_groups(groups: Sequence[Sequence[Card]]) -> str:
    """Melds as a ``custom_id`` carries them: cards by ``.``, melds by ``|``."""
    return "|".join(".".join(str(c) for c in g) for g in groups)


def decode_groups(text: str) -> list[list[Card]]:
    """The melds :func:`encode_groups` wrote; a text it cannot have written raises :class:`Malformed`
    (an empty meld) or :class:`~rummy.errors.BadCard`."""
    if not text:
        return []
    groups = [[Card.parse(token) for token in group.split(".")] for group in text.split("|")]
    if not all(groups):
        raise Malformed(text)
    return groups


def parse_swap(data: str | None) -> act.Swap:
    """``<meld index>:<card>`` as a swap; :class:`Malformed` (or a card's parse error) otherwise."""
    target, colon, card = (data or "").partition(":")
    if not colon or not (target.isascii() and target.isdigit() and len(target) <= 3):
        raise Malformed(data)
    swapped = Card.parse(card)
    if swapped.is_joker:
        raise Malformed(data)
    return act.Swap(int(target), swapped)


def _meld_number(data: str | None) -> int:
    """A meld's index as a ``custom_id`` or a select's value carries it (at most 3 digits)."""
    if data is None or not (data.isascii() and data.isdigit() and len(data) <= 3):
        raise Malformed(data)
    return int(data)


# -- the private hand ---------------------------------------------------------------------------


class HandItem(Guarded, discord.ui.DynamicItem[Button], what="hand"):
    """On the public game message: "My hand", a fresh private hand for whoever clicks."""

    def __init__(self, game_id: int, label: str = "My hand") -> None:
        super().__init__(self.button(game_id, label=label, style=discord.ButtonStyle.primary, emoji="🂠"))
        self.game_id = game_id


class RefreshItem(Guarded, discord.ui.DynamicItem[Button], what="refresh"):
    """Redraw the private hand (also the pickers' "Back")."""

    def __init__(self, game_id: int, label: str = "Refresh") -> None:
        super().__init__(self.button(game_id, label=label, style=discord.ButtonStyle.secondary))
        self.game_id = game_id


class DrawItem(Guarded, discord.ui.DynamicItem[Button], what="draw"):
    """Draw from the stock, or take the discard pile's top: the card the label promised rides in the
    custom_id (``draw:discard:7H``) and the click is refused if another card is on top now."""

    def __init__(
        self,
        game_id: int,
        source: str = "stock",
        label: str = "Draw",
        disabled: bool = False,
        card: Card | None = None,
    ) -> None:
        data: list[object] = [source] if card is None or source != "discard" else [source, str(card)]
        super().__init__(self.button(game_id, *data, label=label, style=discord.ButtonStyle.primary, disabled=disabled))
        self.game_id, self.source, self.card = game_id, source, card

    @classmethod
    def parse(cls, game_id: int, data: str | None) -> Self:
        source, colon, card = (data or "").partition(":")
        if data == "stock":
            return cls(game_id, "stock")
        if source == "discard" and (card or not colon):
            return cls(game_id, "discard", card=Card.parse(card) if card else None)
        raise Malformed(data)


class DiscardItem(Guarded, discord.ui.DynamicItem[Select], what="discard"):
    """The discard select: the cards of the hand that may be discarded now."""

    def __init__(
        self, game_id: int, hand: Sequence[Card] = (), placeholder: str = "Discard", disabled: bool = False
    ) -> None:
        options = card_options(hand)
        super().__init__(self.select(game_id, options=options, placeholder=placeholder, disabled=disabled, row=1))
        self.game_id = game_id


# -- the meld builder and laying off (cogs.ui.meld) ---------------------------------------------


class MeldItem(Guarded, discord.ui.DynamicItem[Button], what="mb"):
    """Open the meld builder."""

    def __init__(self, game_id: int, label: str = "Meld", disabled: bool = False) -> None:
        super().__init__(self.button(game_id, label=label, style=discord.ButtonStyle.success, disabled=disabled))
        self.game_id = game_id


class MeldPickItem(Guarded, discord.ui.DynamicItem[Select], what="mbs"):
    """The builder's select: the cards of one more meld (the melds so far ride in the custom_id)."""

    def __init__(
        self,
        game_id: int,
        pending: list[list[Card]] | None = None,
        rest: Sequence[Card] = (),
        placeholder: str = "Cards",
    ) -> None:
        pending = pending or []
        options = card_options(rest)
        shown = max(1, len(options))  # the select shows "—" alone when there is no card
        super().__init__(
            self.select(
                game_id,
                encode_groups(pending),
                options=options,
                placeholder=placeholder,
                min_values=min(3, shown),
                max_values=shown,
            )
        )
        self.game_id, self.pending = game_id, pending

    @classmethod
    def parse(cls, game_id: int, data: str | None) -> Self:
        if data is None:
            raise Malformed("no melds")
        return cls(game_id, decode_groups(data))


class JokerPlaceItem(Guarded, discord.ui.DynamicItem[Select], what="mbj"):
    """Where the joker of the meld just picked stands, when it has a choice: each option is the
    meld with its joker pinned (the melds built before ride in the custom_id)."""

    def __init__(
        self,
        game_id: int,
        pending: list[list[Card]] | None = None,
        places: Sequence[Sequence[Card]] = (),
        rules: Rules | None = None,
        placeholder: str = "Joker",
    ) -> None:
        pending = pending or []
        options = [
            discord.SelectOption(
                label=clip(str(make_meld(p, rules)) if rules else format_cards(p), 100), value=encode_groups([p])
            )
            for p in places[:OPTIONS]
        ]
        super().__init__(self.select(game_id, encode_groups(pending), options=options, placeholder=placeholder))
        self.game_id, self.pending = game_id, pending

    @classmethod
    def parse(cls, game_id: int, data: str | None) -> Self:
        if data is None:
            raise Malformed("no melds")
        return cls(game_id, decode_groups(data))


class MeldConfirmItem(Guarded, discord.ui.DynamicItem[Button], what="mk"):
    """ "Lay down": the melds built, carried in the custom_id."""

    def __init__(
        self, game_id: int, groups: Sequence[Sequence[Card]] = (), label: str = "Lay down", disabled: bool = False
    ) -> None:
        super().__init__(
            self.button(
                game_id, encode_groups(groups), label=label, style=discord.ButtonStyle.success, disabled=disabled
            )
        )
        self.game_id, self.groups = game_id, groups

    @classmethod
    def parse(cls, game_id: int, data: str | None) -> Self:
        groups = decode_groups(data or "")
        if not groups:
            raise Malformed("no melds")
        return cls(game_id, groups)


class LayOffItem(Guarded, discord.ui.DynamicItem[Button], what="lo"):
    """Open the lay-off picker."""

    def __init__(self, game_id: int, label: str = "Lay off", disabled: bool = False) -> None:
        super().__init__(self.button(game_id, label=label, style=discord.ButtonStyle.success, disabled=disabled))
        self.game_id = game_id


class LayOffMeldItem(Guarded, discord.ui.DynamicItem[Select], what="lom"):
    """The lay-off picker's first select: the meld to add to (valued by its index)."""

    def __init__(
        self, game_id: int, options: list[discord.SelectOption] | None = None, placeholder: str = "Meld"
    ) -> None:
        super().__init__(self.select(game_id, options=options or [], placeholder=placeholder))
        self.game_id = game_id


class LayOffCardsItem(Guarded, discord.ui.DynamicItem[Select], what="loc"):
    """The lay-off picker's second select: the cards to add to meld ``target`` (in the custom_id)."""

    def __init__(self, game_id: int, target: int = 0, hand: Sequence[Card] = (), placeholder: str = "Cards") -> None:
        options = card_options(hand)
        super().__init__(
            self.select(game_id, target, options=options, placeholder=placeholder, max_values=max(1, len(options)))
        )
        self.game_id, self.target = game_id, target

    @classmethod
    def parse(cls, game_id: int, data: str | None) -> Self:
        return cls(game_id, _meld_number(data))


# -- the one-click moves (cogs.ui.shortcuts) ----------------------------------------------------


class SuggestItem(Guarded, discord.ui.DynamicItem[Button], what="sg"):
    """Lay down the suggested melds (carried in the custom_id when they fit, else worked out again
    at the click)."""

    def __init__(self, game_id: int, melds: str = "", label: str = "Lay down the suggestion") -> None:
        if len(self.id_of(game_id, "")) + len(melds) > CUSTOM_ID_LIMIT:
            melds = ""
        data = [melds] if melds else []
        super().__init__(self.button(game_id, *data, label=label, style=discord.ButtonStyle.success, row=SHORTCUT_ROW))
        self.game_id, self.melds = game_id, melds

    @classmethod
    def parse(cls, game_id: int, data: str | None) -> Self:
        if data is not None:
            decode_groups(data)  # raises if it does not read
            if not data:
                raise Malformed(data)
        return cls(game_id, data or "")


class SwapItem(Guarded, discord.ui.DynamicItem[Button], what="sw"):
    """Take the joker of meld ``target`` by putting in ``card`` (the card it stands for)."""

    def __init__(self, game_id: int, target: int = 0, card: Card | None = None, label: str = "Swap") -> None:
        data = [] if card is None else [target, str(card)]
        super().__init__(
            self.button(game_id, *data, label=label, style=discord.ButtonStyle.primary, emoji="🃏", row=SHORTCUT_ROW)
        )
        self.game_id, self.target, self.card = game_id, target, card

    @classmethod
    def parse(cls, game_id: int, data: str | None) -> Self:
        swap = parse_swap(data)
        return cls(game_id, swap.target, swap.card)


class SwapSelectItem(Guarded, discord.ui.DynamicItem[Select], what="sws"):
    """The joker swaps possible now, when there are more than fit as buttons (valued ``<meld>:<card>``)."""

    def __init__(
        self, game_id: int, options: list[discord.SelectOption] | None = None, placeholder: str = "Swap"
    ) -> None:
        super().__init__(self.select(game_id, options=options or [], placeholder=placeholder, row=SHORTCUT_ROW + 1))
        self.game_id = game_id


# -- ending a deal that goes nowhere (cogs.ui.stall) --------------------------------------------


class _EndItem(Guarded):
    """The three public buttons of a deal that goes nowhere: the game id rides in the custom_id."""

    kind: ClassVar[ChangeKind]  # what the button asks the service for
    style: ClassVar[discord.ButtonStyle]

    def _end_button(self, game_id: int, label: str | None) -> Button:
        self.game_id = game_id
        return self.button(game_id, label=label, style=self.style)


class ProposeEndItem(_EndItem, discord.ui.DynamicItem[Button], what="endp"):
    kind = ChangeKind.END_PROPOSE
    style = discord.ButtonStyle.danger

    def __init__(self, game_id: int, label: str | None = None) -> None:
        super().__init__(self._end_button(game_id, label))


class AgreeEndItem(_EndItem, discord.ui.DynamicItem[Button], what="enda"):
    kind = ChangeKind.END_AGREE
    style = discord.ButtonStyle.danger

    def __init__(self, game_id: int, label: str | None = None) -> None:
        super().__init__(self._end_button(game_id, label))


class DeclineEndItem(_EndItem, discord.ui.DynamicItem[Button], what="endd"):
    kind = ChangeKind.END_DECLINE
    style = discord.ButtonStyle.secondary

    def __init__(self, game_id: int, label: str | None = None) -> None:
        super().__init__(self._end_button(game_id, label))


# -- the lobby, and the Rematch (cogs.ui.lobby, cogs.ui.rematch) --------------------------------


class JoinItem(Guarded, discord.ui.DynamicItem[Button], what="join"):
    def __init__(self, game_id: int, label: str = "Join") -> None:
        super().__init__(self.button(game_id, label=label, style=discord.ButtonStyle.success))
        self.game_id = game_id


class LeaveItem(Guarded, discord.ui.DynamicItem[Button], what="leave"):
    def __init__(self, game_id: int, label: str = "Leave") -> None:
        super().__init__(self.button(game_id, label=label, style=discord.ButtonStyle.secondary))
        self.game_id = game_id


class StartItem(Guarded, discord.ui.DynamicItem[Button], what="start"):
    def __init__(self, game_id: int, label: str = "Start") -> None:
        super().__init__(self.button(game_id, label=label, style=discord.ButtonStyle.primary))
        self.game_id = game_id


class RematchItem(Guarded, discord.ui.DynamicItem[Button], what="rematch"):
    """On a game's final message (and ``/table`` after it): open the same table again."""

    def __init__(self, game_id: int, label: str = "Rematch") -> None:
        super().__init__(self.button(game_id, label=label, style=discord.ButtonStyle.success, emoji="🔁"))
        self.game_id = game_id
