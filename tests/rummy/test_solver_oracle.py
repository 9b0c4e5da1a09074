"""The solver against the brute-force oracle, on thousands of small hands of every preset."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy.cards import Card
from rummy.rules import PRESETS, Rules
from rummy.solver import best_melds, candidate_melds
from tests.rummy.oracle import (
    check_meld,
    check_solution,
    figures,
    meld_points_by_subset,
    optimum,
    pack_for,
    random_hand,
    rich_hand,
)

PRESET_NAMES = sorted(PRESETS)


def _agree(hand: list[Card], rules: Rules) -> None:
    expected = optimum(hand, rules)
    least = best_melds(hand, rules, "deadwood")
    most = best_melds(hand, rules, "opening")
    check_solution(least, hand, rules)
    check_solution(most, hand, rules)
    assert figures(least).deadwood == expected.deadwood, f"deadwood objective on {hand}"
    assert figures(most).opening == expected.opening, f"opening objective on {hand}"


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_random_hands_match_oracle(name: str) -> None:
    """On 250 seeded random hands of 3 to 9 cards, both objectives reach the oracle's optimum."""
    rules = PRESETS[name]
    rng = random.Random(f"random-{name}")
    for _ in range(250):
        _agree(random_hand(rng, rules, rng.randint(3, 9)), rules)


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_meld_rich_hands_match_oracle(name: str) -> None:
    """On 300 seeded hands from a narrow band of ranks and suits, both objectives match the oracle."""
    rules = PRESETS[name]
    rng = random.Random(f"rich-{name}")
    for _ in range(300):
        _agree(rich_hand(rng, rules, rng.randint(4, 9)), rules)


@pytest.mark.parametrize("name", ["rami51", "ref51"])
def test_joker_heavy_hands_match_oracle(name: str) -> None:
    """On 150 seeded rich hands holding one to three jokers, both objectives match the oracle."""
    rules = PRESETS[name]
    rng = random.Random(f"jokers-{name}")
    jokers = [c for c in pack_for(rules) if c.is_joker]
    for _ in range(150):
        count = rng.randint(1, 3)
        naturals = [c for c in rich_hand(rng, rules, 12) if not c.is_joker]
        hand = naturals[: rng.randint(3, 8 - count)] + jokers[:count]
        _agree(hand, rules)


HOUSE_VARIANTS = [
    PRESETS["rami100"].with_overrides(ace="low_or_high"),
    PRESETS["rami51"].with_overrides(ace_value=11, joker_value=0),
    PRESETS["ref40"].with_overrides(joker_limit="no_more_than_naturals", ace="low"),
    PRESETS["rami51"].with_overrides(joker_limit="one", decks=3),
]


@pytest.mark.parametrize("rules", HOUSE_VARIANTS, ids=lambda r: str(r.overrides_from(PRESETS[r.name])))
def test_house_rules_match_oracle(rules: Rules) -> None:
    """House-rule variants (ace high, ace 11, jokers worth 0, joker limits, 3 decks) match the oracle."""
    rng = random.Random(f"house-{rules.overrides_from(PRESETS[rules.name])}")
    for _ in range(120):
        _agree(rich_hand(rng, rules, rng.randint(4, 8)), rules)


@st.composite
def preset_hands(draw: st.DrawFn) -> tuple[list[Card], Rules]:
    rules = PRESETS[draw(st.sampled_from(PRESET_NAMES))]
    pack = pack_for(rules)
    indices = draw(st.lists(st.integers(0, len(pack) - 1), min_size=3, max_size=8, unique=True))
    return [pack[i] for i in indices], rules


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset_hands())
def test_hypothesis_hands_match_oracle(case: tuple[list[Card], Rules]) -> None:
    """Any hand hypothesis draws from any preset's pack reaches the oracle's optimum."""
    hand, rules = case
    _agree(hand, rules)


@pytest.mark.parametrize("name", ["rami51", "ref51"])
def test_fourteen_card_hands_match_oracle(name: str) -> None:
    """On 24 seeded 14-card hands (random and rich, 0-2 jokers), both objectives match the oracle."""
    rules = PRESETS[name]
    rng = random.Random(f"fourteen-{name}")
    jokers = [c for c in pack_for(rules) if c.is_joker]
    for k in range(24):
        drawn = rich_hand(rng, rules, 30) if k % 2 else random_hand(rng, rules, 30)
        naturals = [c for c in drawn if not c.is_joker]
        count = k % 3
        _agree(naturals[: 14 - count] + jokers[:count], rules)


def _group(cards: Sequence[Card]) -> tuple[frozenset[tuple[object, object]], int]:
    """What a meld is made of, whatever the copies: its natural faces and its number of jokers."""
    return frozenset((c.rank, c.suit) for c in cards if not c.is_joker), sum(c.is_joker for c in cards)


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_candidate_melds_match_oracle(name: str) -> None:
    """On 60 seeded rich hands, candidate_melds yields valid melds covering exactly the oracle's meld subsets."""
    rules = PRESETS[name]
    rng = random.Random(f"candidates-{name}")
    for _ in range(60):
        hand = rich_hand(rng, rules, rng.randint(3, 8))
        found = candidate_melds(hand, rules)
        for meld in found:
            check_meld(meld, rules)
        expected = {
            _group([c for i, c in enumerate(hand) if mask >> i & 1]) for mask in meld_points_by_subset(hand, rules)
        }
        assert {_group(m.cards) for m in found} == expected, hand


@pytest.mark.parametrize("name", ["rami51", "ref51"])
def test_long_runs_in_one_suit_match_oracle(name: str) -> None:
    """On 15 seeded 10-card hands from one suit of two decks (long runs, twins, a joker), the oracle agrees."""
    rules = PRESETS[name]
    rng = random.Random(f"one-suit-{name}")
    pack = pack_for(rules)
    joker = next(c for c in pack if c.is_joker)
    for k in range(15):
        suit = rng.choice([c.suit for c in pack if c.suit is not None])
        naturals = rng.sample([c for c in pack if c.suit is suit], 10 - k % 2)
        _agree(naturals + [joker] * (k % 2), rules)
