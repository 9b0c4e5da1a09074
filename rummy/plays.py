"""Judging one move of a turn without changing anything: what it would do, or why it is refused.

Each ``plan_*`` function checks an action against a deal and returns a plan (the physical cards
involved and the result), or raises :class:`IllegalAction` with a reason a player reads. The deal
commits plans in :meth:`Deal.apply`; :meth:`Deal.check` only makes them. Nothing here mutates.

Identical cards of two or three decks are interchangeable for the rules, so when a player names a
card the engine picks the physical copy that leaves the most freedom: a meld or lay-off uses the
joker taken by a swap and the card taken from the discard pile before other copies, and a discard
uses another copy before the card taken from the discard pile.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rummy.cards import Card
from rummy.errors import (
    CannotDiscard,
    CannotLayOff,
    CannotSwap,
    CardNotInHand,
    IllegalAction,
    InvalidMeld,
    OpeningTooLow,
)
from rummy.melds import Meld, lay_off, make_meld, swap_joker
from rummy.rules import LayOffRule

if TYPE_CHECKING:
    from rummy.deal import Deal, TableMeld


@dataclass(frozen=True)
class MeldPlan:
    cards: tuple[Card, ...]  # the physical cards, jokers carrying the pin the player gave
    melds: tuple[Meld, ...]
    rest: tuple[Card, ...]  # the hand afterwards
    opens: bool  # this is the seat's first lay-down


@dataclass(frozen=True)
class LayOffPlan:
    target: int
    cards: tuple[Card, ...]
    meld: Meld  # the table meld afterwards
    rest: tuple[Card, ...]


@dataclass(frozen=True)
class SwapPlan:
    target: int
    card: Card  # the natural card put in
    meld: Meld
    joker: Card  # the joker taken into the hand


@dataclass(frozen=True)
class DiscardPlan:
    card: Card


def remove_physical(cards: list[Card], card: Card) -> None:
    """Remove the physical ``card`` (same :attr:`Card.key`) from ``cards``.

    ``list.remove`` would not do: it compares with ``==``, which ignores the copy, and could take
    out an identical card of another deck.
    """
    for same in (lambda c: c is card, lambda c: c.key == card.key):
        for i, c in enumerate(cards):
            if same(c):
                del cards[i]
                return
    raise ValueError(f"{card!r} is not in the list")


def match_cards(deal: Deal, seat: int, wanted: Sequence[Card], for_discard: bool = False) -> list[Card]:
    """The physical cards of ``seat``'s hand that the typed ``wanted`` cards name (see the module doc)."""
    hand = deal.hands[seat]
    special = [c for c in (deal.joker_to_play, deal.taken) if c is not None]
    if not special:
        pool = list(hand)
    else:
        first = [c for s in special for c in hand if c is s]
        others = [c for c in hand if all(c is not s for s in special)]
        if for_discard:
            pool = others + [c for c in hand if c is deal.joker_to_play] + [c for c in hand if c is deal.taken]
        else:
            pool = first + others
    out: list[Card] = []
    for w in wanted:
        face = hash(w)  # equal cards have equal hashes: compare only those (this runs at every move)
        for i, c in enumerate(pool):
            if hash(c) == face and c == w:
                out.append(Card(c.rank, c.suit, c.copy, w.stands_for) if w.stands_for and c.is_joker else c)
                del pool[i]
                break
        else:
            held = sum(c == w for c in hand)
            named = sum(x == w for x in wanted)
            shown = w.unpinned().pretty
            if held:
                raise CardNotInHand(
                    f"You have only {held} {shown} in your hand, not {named}.",
                    key="cards_short",
                    params={"held": held, "card": shown, "named": named},
                )
            raise CardNotInHand(f"You don't have {shown} in your hand.", key="card_not_in_hand", params={"card": shown})
    return out


def rest_after(
    deal: Deal, seat: int, used: Sequence[Card], table_after: Sequence[Meld], opens_now: bool = False
) -> list[Card]:
    """The hand left after playing ``used``; refuse a position with no legal way to end the turn.

    Two positions have none: an empty hand when going out needs a final discard, and a hand that
    holds only the card taken from the discard pile (it cannot be discarded this turn) unless that
    card can still be laid off on ``table_after`` (the melds on the table after the play), going out.
    """
    rest = list(deal.hands[seat])
    for card in used:
        remove_physical(rest, card)
    if not rest and deal.rules.final_discard_required:
        raise IllegalAction(
            "You must keep one card to discard: going out needs a final discard.", key="keep_final_discard"
        )
    taken = deal.taken
    if (
        len(rest) == 1
        and taken is not None
        and rest[0] is taken
        and not _can_lay_off_last(deal, seat, taken, table_after, opens_now)
    ):
        raise IllegalAction(
            f"You cannot keep only {taken.pretty}, the card you took from the discard pile: you could not discard it.",
            key="keep_only_taken",
            params={"card": taken.pretty},
        )
    return rest


def _can_lay_off_last(deal: Deal, seat: int, card: Card, table: Sequence[Meld], opens_now: bool) -> bool:
    """Whether ``card``, the last one in hand, could still be laid off (which goes out)."""
    if deal.rules.final_discard_required:
        return False
    # Opening with this very play: lay-offs may follow at once unless they wait for a later turn.
    allowed = deal.rules.lay_off is not LayOffRule.AFTER_OPENING_LATER_TURNS if opens_now else deal.can_lay_off(seat)
    if not allowed:
        return False
    for meld in table:
        try:
            lay_off(meld, [card], deal.rules)
            return True
        except IllegalAction:
            pass
    return False


def plan_meld(deal: Deal, seat: int, groups: Sequence[Sequence[Card]]) -> MeldPlan:
    rules = deal.rules
    if not groups or not any(groups):
        raise InvalidMeld("Name the cards to meld.", key="meld_no_card")
    if rules.one_meld_per_turn and deal.melds_now + len(groups) > 1:
        raise InvalidMeld("Only one new meld per turn at this table (lay-offs are free).", key="one_meld_per_turn")
    physical = match_cards(deal, seat, [c for g in groups for c in g])
    made: list[Meld] = []
    i = 0
    for g in groups:
        made.append(make_meld(physical[i : i + len(g)], rules))
        i += len(g)
    opens = not deal.has_opened(seat)
    if opens:
        total = sum(m.points(rules) for m in made)
        if total < rules.opening:
            raise OpeningTooLow(
                f"Your first lay-down needs {rules.opening} points: "
                f"{'this meld makes' if len(made) == 1 else 'these melds make'} {total}.",
                key="opening_too_low",
                params={"need": rules.opening, "have": total},
            )
    table_after = [t.meld for t in deal.melds] + made
    rest = rest_after(deal, seat, physical, table_after, opens_now=opens)
    return MeldPlan(tuple(physical), tuple(made), tuple(rest), opens)


def table_meld(deal: Deal, target: int) -> TableMeld:
    if not 0 <= target < len(deal.melds):
        if deal.melds:
            raise IllegalAction(
                f"There is no meld {target + 1} on the table (melds are numbered 1 to {len(deal.melds)}).",
                key="no_such_meld",
                params={"number": target + 1, "last": len(deal.melds)},
            )
        raise IllegalAction(
            f"There is no meld {target + 1} on the table.", key="no_meld_yet", params={"number": target + 1}
        )
    return deal.melds[target]


def plan_lay_off(deal: Deal, seat: int, cards: Sequence[Card], target: int) -> LayOffPlan:
    if not deal.can_lay_off(seat):
        if not deal.has_opened(seat):
            raise CannotLayOff(
                f"You can only add to melds on the table after your first lay-down of {deal.rules.opening} points.",
                key="lay_off_before_opening",
                params={"need": deal.rules.opening},
            )
        raise CannotLayOff("You can add to melds on the table from your next turn on.", key="lay_off_next_turn")
    table = table_meld(deal, target)
    physical = match_cards(deal, seat, cards)
    new = lay_off(table.meld, physical, deal.rules)
    table_after = [new if i == target else t.meld for i, t in enumerate(deal.melds)]
    rest = rest_after(deal, seat, physical, table_after)
    return LayOffPlan(target, tuple(physical), new, tuple(rest))


def plan_swap(deal: Deal, seat: int, target: int, card: Card) -> SwapPlan:
    if not deal.rules.joker_swap:
        raise CannotSwap("Joker swap is not played at this table.", key="no_joker_swap")
    if not deal.has_opened(seat):
        raise CannotSwap(
            "Only a player who has made their first lay-down may take a joker from the table.",
            key="swap_before_opening",
        )
    if deal.joker_to_play is not None and any(c is deal.joker_to_play for c in deal.hands[seat]):
        raise CannotSwap("Play the joker you already took before taking another.", key="swap_one_at_a_time")
    table = table_meld(deal, target)
    (physical,) = match_cards(deal, seat, [card])
    new, joker = swap_joker(table.meld, physical, deal.rules)
    # The hand keeps its size: the joker is never the card taken from the discard pile, so the turn
    # can always end (by playing the joker, or by discarding when it cannot be played).
    return SwapPlan(target, physical, new, joker)


def plan_discard(deal: Deal, seat: int, card: Card) -> DiscardPlan:
    (physical,) = match_cards(deal, seat, [card], for_discard=True)
    if deal.taken is not None and physical is deal.taken:
        raise CannotDiscard(
            f"You took {physical.pretty} from the discard pile: discard another card this turn.",
            key="discard_taken",
            params={"card": physical.pretty},
        )
    if joker_play(deal, seat) is not None:
        raise CannotDiscard(
            "You took a joker from the table: you must play it again this turn.", key="play_taken_joker"
        )
    return DiscardPlan(physical)


def joker_play(deal: Deal, seat: int) -> LayOffPlan | MeldPlan | None:
    """A legal play of the joker taken by a swap this turn, if there is one.

    "Must play it again if they can" is judged on the simple plays: the joker laid off alone on a
    meld, or melded with two cards of the hand. Each is checked exactly as the action would be, so
    when this finds one the player can make it, and when it finds none the player may discard.
    """
    joker = deal.joker_to_play
    if joker is None or not any(c is joker for c in deal.hands[seat]):
        return None
    for target in range(len(deal.melds)):
        try:
            return plan_lay_off(deal, seat, [joker], target)
        except IllegalAction:
            pass
    others = [c for c in deal.hands[seat] if not c.is_joker]
    for i, a in enumerate(others):
        for b in others[i + 1 :]:
            if a == b:
                continue
            try:
                return plan_meld(deal, seat, [[a, b, joker]])
            except IllegalAction:
                pass
    return None
