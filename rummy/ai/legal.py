"""What a player may do next, judged from their own view only (no game object).

These mirror the engine's checks (rummy/deal.py) so a computer player never proposes an action the
engine refuses. The engine stays the authority: the tests play whole games through it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rummy import actions as act
from rummy.cards import Card, take_out
from rummy.deal import Phase
from rummy.errors import IllegalAction
from rummy.melds import Meld, lay_off, make_meld
from rummy.rules import LayOffRule
from rummy.view import PlayerView


def remove_cards(hand: Iterable[Card], used: Iterable[Card]) -> list[Card] | None:
    """``hand`` without ``used`` (matched by face, like the engine), or ``None`` if a card is missing."""
    rest, missing = take_out(hand, used)
    return None if missing else rest


def taken_in_hand(view: PlayerView) -> bool:
    taken = view.taken
    return taken is not None and any(c.key == taken.key for c in view.hand)


def taken_stays(view: PlayerView, used: Sequence[Card]) -> bool:
    """Whether the card taken from the discard pile is still in hand after playing ``used``.

    The engine plays the joker taken by a swap, then the taken card, before other copies of a face
    (``rummy.plays.match_cards``), so the taken card leaves the hand with the first copy of its face.
    """
    taken = view.taken
    if taken is None or not taken_in_hand(view):
        return False
    named = sum(c == taken for c in used)
    swapped = view.joker_to_play
    if (
        taken.is_joker
        and swapped is not None
        and swapped.key != taken.key
        and any(c.key == swapped.key for c in view.hand)
    ):
        named -= 1  # the swapped joker goes first
    return named <= 0


def rest_ok(
    view: PlayerView, used: Sequence[Card], rest: Sequence[Card], table_after: Sequence[Meld], opens_now: bool = False
) -> bool:
    """Whether the turn can still end after playing ``used`` down to ``rest`` (``rummy.plays.rest_after``).

    An empty hand needs no discard unless the rules ask for one; a hand holding only the card taken
    from the discard pile cannot discard it, unless that card can still be laid off (going out).
    """
    if not rest:
        return not view.rules.final_discard_required
    taken = view.taken
    if len(rest) != 1 or taken is None or not taken_stays(view, used):
        return True
    if view.rules.final_discard_required:
        return False
    allowed = view.rules.lay_off is not LayOffRule.AFTER_OPENING_LATER_TURNS if opens_now else view.can_lay_off
    return allowed and any(_fits(meld, taken, view) for meld in table_after)


def _fits(meld: Meld, card: Card, view: PlayerView) -> bool:
    try:
        lay_off(meld, [card], view.rules)
        return True
    except IllegalAction:
        return False


def draw_sources(view: PlayerView) -> list[act.Source]:
    """The piles this seat may draw from now (stock first)."""
    if view.phase is not Phase.DRAW:
        return []
    out = []
    if view.can_draw_stock:
        out.append(act.Source.STOCK)
    if view.discard_top is not None:
        out.append(act.Source.DISCARD)
    return out


def made_melds(view: PlayerView, groups: Sequence[Sequence[Card]]) -> list[Meld] | None:
    """The melds ``groups`` would make if the engine accepts them now, else ``None``."""
    if view.phase is not Phase.PLAY or not groups:
        return None
    if view.rules.one_meld_per_turn and view.melds_this_turn + len(groups) > 1:
        return None
    used = [c for g in groups for c in g]
    rest = remove_cards(view.hand, used)
    if rest is None:
        return None
    try:
        made = [make_meld(list(g), view.rules) for g in groups]
    except IllegalAction:
        return None
    if not view.has_opened and sum(m.points(view.rules) for m in made) < view.rules.opening:
        return None
    table_after = [mv.meld for mv in view.melds] + made
    if not rest_ok(view, used, rest, table_after, opens_now=not view.has_opened):
        return None
    return made


def meld_ok(view: PlayerView, groups: Sequence[Sequence[Card]]) -> bool:
    return made_melds(view, groups) is not None


def extended(view: PlayerView, cards: Sequence[Card], target: int) -> Meld | None:
    """The table meld ``target`` with ``cards`` laid off, if the engine accepts it now."""
    if view.phase is not Phase.PLAY or not view.can_lay_off or not 0 <= target < len(view.melds):
        return None
    rest = remove_cards(view.hand, cards)
    if rest is None:
        return None
    try:
        new = lay_off(view.melds[target].meld, list(cards), view.rules)
    except IllegalAction:
        return None
    table_after = [new if mv.index == target else mv.meld for mv in view.melds]
    return new if rest_ok(view, cards, rest, table_after) else None


def discard_ok(view: PlayerView, card: Card) -> bool:
    if view.phase is not Phase.PLAY or remove_cards(view.hand, [card]) is None:
        return False
    taken = view.taken
    if taken is not None and card == taken and taken_in_hand(view) and sum(c == card for c in view.hand) == 1:
        return False
    return not joker_pending(view)


def legal_discards(view: PlayerView) -> list[Card]:
    return [c for c in view.hand if discard_ok(view, c)]


def joker_pending(view: PlayerView) -> bool:
    """A joker taken by a swap this turn that can still be played: the engine refuses a discard then."""
    return view.joker_pending


def play_joker(view: PlayerView) -> act.Action | None:
    """A legal lay-off or meld of the joker taken by a swap, lay-offs first."""
    joker = view.joker_to_play
    if joker is None or not joker_pending(view):
        return None
    for mv in view.melds:
        if extended(view, [joker], mv.index) is not None:
            return act.LayOff((joker,), mv.index)
    others = [c for c in view.hand if not c.is_joker]
    for i, a in enumerate(others):
        for b in others[i + 1 :]:
            if meld_ok(view, [(a, b, joker)]):
                return act.Meld(((a, b, joker),))
    return None


def lay_offs(view: PlayerView, cards: Iterable[Card]) -> list[act.LayOff]:
    """Single-card lay-offs of ``cards`` that the engine accepts now."""
    out = []
    for card in cards:
        for mv in view.melds:
            if _may_fit(mv.meld, card) and extended(view, [card], mv.index) is not None:
                out.append(act.LayOff((card,), mv.index))
    return out


def _may_fit(meld: Meld, card: Card) -> bool:
    """A cheap filter before :func:`lay_off`: the right rank for a set, the right suit for a run."""
    if card.is_joker:
        return True
    if meld.rank is not None:
        return card.rank == meld.rank
    return card.suit == meld.suit
