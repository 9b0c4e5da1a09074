"""Splitting a hand into melds for the computer players, on top of the exact solver (:mod:`rummy.solver`).

A :class:`Plan` is the solver's answer in the form actions need: each meld as a tuple of the hand's
cards, with the jokers of a run pinned (``JK=6S``) so the engine puts them where the plan counted
them, and the cards left over.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from rummy.cards import Card
from rummy.melds import Meld, MeldKind
from rummy.rules import Rules
from rummy.solver import best_melds, min_deadwood

Objective = str  # "deadwood" | "opening"


@dataclass(frozen=True)
class Plan:
    """A split of a hand: melds ready for :class:`rummy.actions.Meld`, and the cards left over."""

    melds: tuple[tuple[Card, ...], ...]
    points: int  # meld points (toward an opening)
    deadwood: int  # value of the cards left over
    leftover: tuple[Card, ...]


def best_plan(hand: Sequence[Card], rules: Rules, objective: Objective = "deadwood") -> Plan:
    """The split of ``hand`` with the least deadwood (``"deadwood"``) or the most meld points (``"opening"``).

    Answers are cached by the physical cards held (the same hand is judged many times in one turn).
    """
    cards = tuple(sorted(hand, key=lambda c: c.key))
    return _plan(tuple(c.key for c in cards), cards, rules, objective)


@lru_cache(maxsize=1 << 15)
def _plan(keys: tuple[tuple[int, int, int], ...], hand: tuple[Card, ...], rules: Rules, objective: Objective) -> Plan:
    """``keys`` tell copies apart for the cache (``Card`` equality ignores the copy)."""
    solution = best_melds(hand, rules, objective)
    return Plan(tuple(_group(m) for m in solution.melds), solution.melded_points, solution.deadwood, solution.leftover)


def least_deadwood(hand: Sequence[Card], rules: Rules) -> int:
    """The least deadwood of ``hand`` (the value :func:`best_plan` finds), cached by the faces held."""
    cards = tuple(sorted(hand, key=lambda c: c.key))
    return _least(tuple(c.key[:2] for c in cards), cards, rules)


@lru_cache(maxsize=1 << 15)
def _least(faces: tuple[tuple[int, int], ...], hand: tuple[Card, ...], rules: Rules) -> int:
    """``faces`` is the cache key: the value does not depend on which copy of a card is held."""
    return min_deadwood(hand, rules)


def _group(meld: Meld) -> tuple[Card, ...]:
    """The meld's cards as a player types them: a run's jokers pinned to the card they stand for."""
    if meld.kind is not MeldKind.RUN:
        return meld.cards
    return tuple(
        Card(None, None, card.copy, meld.stands_for(i)) if card.is_joker else card for i, card in enumerate(meld.cards)
    )
