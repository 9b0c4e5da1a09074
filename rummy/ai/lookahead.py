"""One draw ahead: which discard leaves the hand that does best over the next card drawn.

``hard`` scores a kept hand by its deadwood less each loose card's chance of finding a partner (a
count of live outs). Between discards it scores within a fraction of a loose card of each other,
this looks one draw further, exactly: for every face still live (not in the seat's hand, on the
table, in the pile or known in an opponent's hand), weighted by its live copies, the hand kept after
drawing it and throwing the best card, scored as ``hard`` scores it (the one-move draw look-ahead of
the EAAI-21 gin rummy winner, Ahmed et al.). A face that goes with no kept card is thrown back: the
kept hand's own score. It is a pure function of the view and the table memory.
"""

from __future__ import annotations

from rummy.ai import hard
from rummy.ai.arrange import best_plan
from rummy.ai.common import without
from rummy.ai.model import goes_with
from rummy.cards import Card, physical
from rummy.scoring import card_value

SPARE = 97  # copy number of the card imagined drawn: no pack holds it, so it never equals a real one


def after_draw(turn: hard.Turn, kept: list[Card]) -> float:
    """The expected ``hard`` score of ``kept`` after one more draw and the best discard (lower is better)."""
    know = turn.know
    rules = turn.rules
    base = turn.score(kept)
    total = 0.0
    weight = 0.0
    draws: list[tuple[Card, int]] = [(physical(f.rank, f.suit, SPARE), n) for f, n in know.live.items() if n > 0]
    if rules.jokers and know.live_jokers > 0:
        draws.append((Card.joker(SPARE), know.live_jokers))
    for card, count in draws:
        weight += count
        if not card.is_joker and not any(k.is_joker or goes_with(card, k) for k in kept):
            total += count * base
            continue
        taken = [*kept, card]
        loose = best_plan(taken, rules).leftover or tuple(taken)
        best = base
        for throw in dict.fromkeys(loose):
            best = min(best, turn.score(without(taken, [throw])))
        total += count * best
    return total / weight if weight else base


def best_discard(turn: hard.Turn, hand: list[Card], cards: list[Card]) -> Card:
    """Of ``cards`` (legal discards), the one whose kept hand does best one draw ahead, with ``hard``'s
    cost of feeding the next player; ties go to the costlier card, then to the first given."""
    ranked = sorted(
        cards,
        key=lambda c: (after_draw(turn, without(hand, [c])) + turn.danger(c), -card_value(c, turn.rules)),
    )
    return ranked[0]
