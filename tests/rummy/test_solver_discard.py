"""best_discard against every discard tried one by one (the oracle on small hands, best_melds on large)."""

from __future__ import annotations

import random

import pytest

from rummy.cards import Card
from rummy.rules import PRESETS, Rules
from rummy.scoring import card_value
from rummy.solver import best_discard, best_melds
from tests.rummy.oracle import check_solution, optimum, pack_for, random_hand, rich_hand

PRESET_NAMES = sorted(PRESETS)


def _allowed(hand: list[Card], forbidden: Card | None) -> list[Card]:
    return sorted((c for c in hand if forbidden is None or c.key != forbidden.key), key=Card.sort_key)


def _expected_key(hand: list[Card], card: Card, order: int, rules: Rules, objective: str) -> tuple[int, ...]:
    rest = [c for c in hand if c is not card]
    found = optimum(rest, rules)
    worth = card_value(card, rules)
    if objective == "deadwood":
        return (found.min_deadwood, -worth, order)
    return (-found.max_points, found.opening[1], -worth, order)


@pytest.mark.parametrize("objective", ["deadwood", "opening"])
@pytest.mark.parametrize("name", PRESET_NAMES)
def test_discard_matches_every_discard_tried(name: str, objective: str) -> None:
    """On 40 seeded rich hands, best_discard picks what trying every allowed discard with the oracle picks."""
    rules = PRESETS[name]
    rng = random.Random(f"discard-{name}-{objective}")
    for _ in range(40):
        hand = rich_hand(rng, rules, rng.randint(4, 8))
        forbidden = rng.choice([None, *hand])
        allowed = _allowed(hand, forbidden)
        expected = min((_expected_key(hand, c, i, rules, objective), c) for i, c in enumerate(allowed))[1]
        card, solution = best_discard(hand, rules, forbidden, objective)
        kept = [c for c in hand if c is not card]
        check_solution(solution, kept, rules)
        assert card == expected and (forbidden is None or card.key != forbidden.key)
        assert any(c is card for c in hand), "the discard is one of the hand's own cards"


@pytest.mark.parametrize("name", ["basic", "rami51", "ref51"])
def test_discard_on_large_hands_matches_best_melds(name: str) -> None:
    """On 40 seeded large hands (11 or 15 cards), the discard's kept deadwood is the least over every discard."""
    rules = PRESETS[name]
    rng = random.Random(f"discard-large-{name}")
    size = 11 if rules.decks == 1 else 15
    for k in range(40):
        hand = rich_hand(rng, rules, size) if k % 2 else random_hand(rng, rules, size)
        forbidden = hand[0]
        card, solution = best_discard(hand, rules, forbidden)
        each = [best_melds([c for c in hand if c is not d], rules).deadwood for d in _allowed(hand, forbidden)]
        assert solution.deadwood == min(each)
        check_solution(solution, [c for c in hand if c is not card], rules)
        assert card.key != forbidden.key


def test_discard_joker_when_it_is_dead() -> None:
    """Jokers that no meld can use (basic has none in play) are discarded like any high card."""
    rules = PRESETS["basic"]
    hand = [*random_hand(random.Random(1), rules, 5), Card.joker()]
    card, _solution = best_discard(hand, rules)
    assert card.is_joker


def test_discard_from_a_joker_pack_hand() -> None:
    """With usable jokers, best_discard keeps the joker and the melds it makes."""
    rules = PRESETS["rami51"]
    joker = next(c for c in pack_for(rules) if c.is_joker)
    hand = [*(Card.parse(t) for t in ["7H", "8H", "9H", "9S", "9D", "KC"]), joker]
    card, solution = best_discard(hand, rules)
    assert card == Card.parse("KC")
    assert solution.deadwood == 0
