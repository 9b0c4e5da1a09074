"""What a player may do next, judged from their own view only (no game object).

These mirror the engine's checks (rummy/deal.py) so a computer player never proposes an action the
engine refuses. The engine stays the authority: the tests play whole games through it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rummy import actions as act
from rummy.cards import Card
from rummy.deal import Phase
from rummy.errors import IllegalAction
from rummy.melds import Meld, lay_off, make_meld
from rummy.view import PlayerView


def remove_cards(hand: Iterable[Card], used: Iterable[Card]) -> list[Card] | None:
    """``hand`` without ``used`` (matched by face, like the engine), or ``None`` if a card is missing."""
    rest = list(hand)
    for card in used:
        for i, c in enumerate(rest):
            if c == card:
                del rest[i]
                break
        else:
            return None
    return rest


def taken_in_hand(view: PlayerView) -> bool:
    taken = view.taken
    return taken is not None and any(c.key == taken.key for c in view.hand)


def rest_ok(view: PlayerView, rest: Sequence[Card]) -> bool:
    """Whether the turn can still end after playing down to ``rest`` (see ``Deal._check_rest``).

    The engine plays the other copies of a face before the card taken from the discard pile, so a
    single card equal to the taken one is the taken card itself while that card is still in hand.
    """
    if not rest:
        return not view.rules.final_discard_required
    taken = view.taken
    return not (len(rest) == 1 and taken is not None and rest[0] == taken and taken_in_hand(view))


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
    rest = remove_cards(view.hand, [c for g in groups for c in g])
    if rest is None or not rest_ok(view, rest):
        return None
    try:
        made = [make_meld(list(g), view.rules) for g in groups]
    except IllegalAction:
        return None
    if not view.has_opened and sum(m.points(view.rules) for m in made) < view.rules.opening:
        return None
    return made


def meld_ok(view: PlayerView, groups: Sequence[Sequence[Card]]) -> bool:
    return made_melds(view, groups) is not None


def extended(view: PlayerView, cards: Sequence[Card], target: int) -> Meld | None:
    """The table meld ``target`` with ``cards`` laid off, if the engine accepts it now."""
    if view.phase is not Phase.PLAY or not view.can_lay_off or not 0 <= target < len(view.melds):
        return None
    rest = remove_cards(view.hand, cards)
    if rest is None or not rest_ok(view, rest):
        return None
    try:
        return lay_off(view.melds[target].meld, list(cards), view.rules)
    except IllegalAction:
        return None


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
    """A joker taken by a swap this turn that can still be played: the engine refuses a discard then.

    The view says so when it can (``PlayerView.joker_pending``); otherwise the same judgement is made
    here, generously (any table meld or pair of cards the joker fits), so a discard is never proposed
    while the engine would still demand the joker.
    """
    told = getattr(view, "joker_pending", None)
    if isinstance(told, bool):
        return told
    joker = view.joker_to_play
    if joker is None or not any(c.key == joker.key for c in view.hand):
        return False
    for mv in view.melds:
        try:
            lay_off(mv.meld, [joker], view.rules)
            return True
        except IllegalAction:
            pass
    others = [c for c in view.hand if not c.is_joker]
    for i, a in enumerate(others):
        for b in others[i + 1:]:
            try:
                make_meld([a, b, joker], view.rules)
                return True
            except IllegalAction:
                pass
    return False


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
        for b in others[i + 1:]:
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
