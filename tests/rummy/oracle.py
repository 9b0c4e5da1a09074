"""Brute-force reference for the meld solver, for small hands.

Deliberately naive and independent of ``rummy.solver``: every subset of the hand's physical cards
of size 3 or more is handed to :func:`make_meld` (jokers unpinned, and pinned to every card of the
naturals' suit, since a pin only changes anything in a run), keeping the best meld points per
subset; then every combination of disjoint melds is walked. Only the engine's own ``make_meld``,
``Meld.points`` and ``card_value`` decide what is a meld and what it is worth.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement

from rummy.cards import Card, Face, Rank, Suit, make_pack, sort_hand
from rummy.errors import InvalidMeld
from rummy.melds import Meld, make_meld
from rummy.rules import Rules
from rummy.scoring import card_value, hand_value
from rummy.solver import Solution


@dataclass(frozen=True)
class Optimum:
    """The best achievable figures of a hand under each objective (ties broken as the solver documents)."""

    deadwood: tuple[int, int, int]  # (least deadwood, then fewest cards left, then -most points)
    opening: tuple[int, int, int]  # (-most points, then least deadwood, then fewest cards left)

    @property
    def min_deadwood(self) -> int:
        return self.deadwood[0]

    @property
    def max_points(self) -> int:
        return -self.opening[0]


def meld_points_by_subset(hand: Sequence[Card], rules: Rules) -> dict[int, int]:
    """Bitmask of hand indices -> best meld points, for every subset that is a valid meld.

    Subsets grow card by card; a branch stops only when its natural cards already share neither
    one rank nor one suit (then no meld can hold them), or holds more jokers than naturals with
    no natural card left to come (jokers are taken last).
    """
    order = sorted(range(len(hand)), key=lambda i: hand[i].is_joker)
    out: dict[int, int] = {}

    def grow(start: int, chosen: list[int], ranks: frozenset[object], suits: frozenset[object]) -> None:
        if len(chosen) >= 3:
            best = _best_points([hand[i] for i in chosen], rules)
            if best is not None:
                out[sum(1 << i for i in chosen)] = best
        for k in range(start, len(order)):
            i = order[k]
            card = hand[i]
            if card.is_joker:
                if 2 * sum(hand[c].is_joker for c in chosen) + 2 > len(chosen) + 1:
                    continue  # one more joker would outnumber the naturals for good
                grow(k + 1, [*chosen, i], ranks, suits)
                continue
            r, s = ranks | {card.rank}, suits | {card.suit}
            if len(r) > 1 and len(s) > 1:
                continue
            grow(k + 1, [*chosen, i], r, s)

    grow(0, [], frozenset(), frozenset())
    return out


def _best_points(cards: list[Card], rules: Rules) -> int | None:
    naturals = [c for c in cards if not c.is_joker]
    jokers = [c for c in cards if c.is_joker]
    suits = {c.suit for c in naturals}
    try:
        meld = make_meld(cards, rules)
    except InvalidMeld:
        return None  # a pin only narrows where jokers may stand: no pin can make it valid
    pins: list[Face | None] = [None]
    if jokers and len(suits) == 1:
        (suit,) = suits
        assert suit is not None
        pins += [Face(rank, suit) for rank in Rank]
    best: int | None = None
    # jokers are interchangeable: which joker holds which pin changes nothing
    for assignment in combinations_with_replacement(pins, len(jokers)):
        trial = naturals + [Card(None, None, j.copy, pin) for j, pin in zip(jokers, assignment, strict=True)]
        try:
            meld = make_meld(trial, rules)
        except InvalidMeld:
            continue
        points = meld.points(rules)
        if best is None or points > best:
            best = points
    return best


def optimum(hand: Sequence[Card], rules: Rules) -> Optimum:
    """The best figures of ``hand`` under each objective, over every combination of disjoint melds.

    A memoised walk over the set of cards not yet decided: the lowest one is left out or goes into
    one of the valid melds holding it. Figures are tuples compared in order, summed meld by meld.
    """
    melds = meld_points_by_subset(hand, rules)
    n = len(hand)
    values = [card_value(c, rules) for c in hand]
    by_low: dict[int, list[tuple[int, int, int, int]]] = {}
    for mask, points in melds.items():
        low = mask & -mask
        value = sum(values[i] for i in range(n) if mask >> i & 1)
        by_low.setdefault(low, []).append((mask, value, bin(mask).count("1"), points))

    @cache
    def walk(remaining: int, objective: str) -> tuple[int, int, int]:
        """Best (melded value, melded cards, points), ordered as the objective ranks them."""
        if remaining == 0:
            return (0, 0, 0)
        low = remaining & -remaining
        best = walk(remaining & ~low, objective)
        for mask, value, cards, points in by_low.get(low, []):
            if mask & remaining == mask:
                gain = (value, cards, points) if objective == "deadwood" else (points, value, cards)
                rest = walk(remaining & ~mask, objective)
                best = max(best, (gain[0] + rest[0], gain[1] + rest[1], gain[2] + rest[2]))
        return best

    full = (1 << n) - 1
    total = sum(values)
    value, cards, points = walk(full, "deadwood")
    dead = (total - value, n - cards, -points)
    points, value, cards = walk(full, "opening")
    return Optimum(dead, (-points, total - value, n - cards))


# -- hands and checks shared by the solver tests -------------------------------------------


def pack_for(rules: Rules) -> list[Card]:
    """The pack of a preset as played by two players."""
    return make_pack(rules.decks_for(2), rules.jokers_for(2))


def random_hand(rng: random.Random, rules: Rules, size: int) -> list[Card]:
    return rng.sample(pack_for(rules), size)


def rich_hand(rng: random.Random, rules: Rules, size: int) -> list[Card]:
    """A hand drawn from a narrow band of ranks and suits (plus the jokers): many melds overlap."""
    low = rng.randint(1, 13)
    ranks = {(low - 1 + k) % 13 + 1 for k in range(rng.randint(3, 6))}
    suits = set(rng.sample(sorted(Suit, key=lambda s: s.order), rng.randint(1, 4)))
    pool = [c for c in pack_for(rules) if c.is_joker or (c.rank in ranks and c.suit in suits)]
    return rng.sample(pool, min(size, len(pool)))


def check_meld(meld: Meld, rules: Rules) -> None:
    """Assert ``make_meld`` builds exactly this meld from its cards (jokers pinned where they stand)."""
    pinned = [Card(None, None, c.copy, meld.stands_for(i)) if c.is_joker else c for i, c in enumerate(meld.cards)]
    assert make_meld(pinned, rules) == meld, f"{meld} is not what make_meld builds"


def check_solution(solution: Solution, hand: Sequence[Card], rules: Rules) -> None:
    """Assert the melds are valid, disjoint and made of the hand's physical cards, and the figures add up."""
    for meld in solution.melds:
        check_meld(meld, rules)
    used = [c.key for m in solution.melds for c in m.cards] + [c.key for c in solution.leftover]
    assert sorted(used) == sorted(c.key for c in hand), "melds and leftover are not exactly the hand"
    assert list(solution.leftover) == sort_hand(solution.leftover)
    assert solution.deadwood == hand_value(solution.leftover, rules)
    assert solution.melded_points == sum(m.points(rules) for m in solution.melds)


def figures(solution: Solution) -> Optimum:
    """The solution's figures in the oracle's form (each objective's tuple)."""
    dead = (solution.deadwood, len(solution.leftover), -solution.melded_points)
    opening = (-solution.melded_points, solution.deadwood, len(solution.leftover))
    return Optimum(dead, opening)
