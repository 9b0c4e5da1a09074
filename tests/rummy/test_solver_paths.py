"""The solver's two exact paths (suit tables for one-deck hands, the packed-count DP for the rest) agree,
and :func:`rummy.solver.is_quick` tells which hands take the first."""

from __future__ import annotations

import random

import pytest

from rummy.cards import Card, parse_cards
from rummy.rules import PRESETS, Rules
from rummy.scoring import hand_value
from rummy.solver import best_melds, is_quick, min_deadwood
from rummy.solver import plain as plain_module
from rummy.solver.plain import scan
from rummy.solver.problem import Problem, params_for
from rummy.solver.search import Search, split_gain
from tests.rummy.oracle import check_solution, random_hand, rich_hand


def generic_figures(hand: list[Card], rules: Rules, objective: str) -> tuple[int, int, int]:
    """(deadwood, cards left, meld points) found by the packed-count DP, whatever the hand."""
    problem = Problem(hand, rules)
    if not problem.shapes:
        return hand_value(hand, rules), len(hand), 0
    search = Search(problem, objective)
    value, cards, points = split_gain(search.solve(search.start), objective)
    return hand_value(hand, rules) - value, len(hand) - cards, points


@pytest.mark.parametrize("objective", ["deadwood", "opening"])
@pytest.mark.parametrize("name", ["basic", "rami100", "ref51"])
def test_suit_tables_agree_with_the_dp(name: str, objective: str) -> None:
    """On 300 seeded hands of 7 to 13 distinct cards, the fast path reaches the DP's figures."""
    rules = PRESETS[name]
    rng = random.Random(f"paths-{name}-{objective}")
    for k in range(300):
        size = rng.randint(7, 13)
        drawn = rich_hand(rng, rules, size) if k % 3 else random_hand(rng, rules, size)
        hand = [c for c in drawn if not c.is_joker and c.copy == 0]  # distinct cards, no joker
        assert scan(hand, params_for(rules)) is not None
        solution = best_melds(hand, rules, objective)
        check_solution(solution, hand, rules)
        mine = (solution.deadwood, len(solution.leftover), solution.melded_points)
        assert mine == generic_figures(hand, rules, objective), hand


@pytest.mark.parametrize("name", ["rami51", "ref51", "ref40"])
def test_large_joker_hands_are_valid(name: str) -> None:
    """On 200 seeded 14-card hands with 0 to 4 jokers, the melds are valid and min_deadwood agrees."""
    rules = PRESETS[name]
    rng = random.Random(f"large-{name}")
    for k in range(200):
        hand = rich_hand(rng, rules, 14) if k % 2 else random_hand(rng, rules, 14)
        for objective in ("deadwood", "opening"):
            check_solution(best_melds(hand, rules, objective), hand, rules)
        assert min_deadwood(hand, rules) == best_melds(hand, rules).deadwood


@pytest.mark.parametrize("name", ["basic", "rami51", "ref40"])
def test_min_deadwood_fast_path_agrees(name: str) -> None:
    """On 400 seeded hands of distinct cards (random and rich), min_deadwood is best_melds' deadwood."""
    rules = PRESETS[name]
    rng = random.Random(f"min-deadwood-{name}")
    for k in range(400):
        size = rng.randint(5, 13)
        drawn = rich_hand(rng, rules, size) if k % 2 else random_hand(rng, rules, size)
        hand = [c for c in drawn if not c.is_joker and c.copy == 0]
        assert (
            min_deadwood(hand, rules) == best_melds(hand, rules).deadwood == generic_figures(hand, rules, "deadwood")[0]
        )


def test_is_quick_only_for_distinct_cards_without_jokers() -> None:
    """One deck and no joker is the fast path; a joker or two identical cards are not."""
    rules = PRESETS["rami51"]
    plain = parse_cards("7H 8H 9H KC KD 2S")
    for objective in ("deadwood", "opening"):
        best_melds(plain, rules, objective)  # the tables are built
    assert is_quick(plain, rules, ("deadwood", "opening"))
    assert not is_quick([*plain, Card.joker()], rules)
    assert not is_quick([*plain, Card.parse("7H#1")], rules)  # the second deck's 7♥
    with pytest.raises(ValueError):
        is_quick(plain, rules, ("most",))


def test_is_quick_waits_for_the_tables_and_builds_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Until a call has built the tables an objective reads, no hand is quick for it; asking
    builds nothing (a build takes tens of milliseconds)."""
    monkeypatch.setattr(plain_module, "_TABLES", {})
    monkeypatch.setattr(plain_module, "_LANE_VALUES", {})
    rules = PRESETS["basic"].with_overrides(opening=30)  # a new rules object: nothing cached for it
    hand = parse_cards("7H 8H 9H KC KD 2S")
    assert not is_quick(hand, rules)
    assert not is_quick(hand, rules)
    assert plain_module._LANE_VALUES == {} and plain_module._TABLES == {}
    best_melds(hand, rules, "deadwood")
    assert is_quick(hand, rules)
    assert not is_quick(hand, rules, ("deadwood", "opening"))
    best_melds(hand, rules, "opening")
    assert is_quick(hand, rules, ("deadwood", "opening"))
