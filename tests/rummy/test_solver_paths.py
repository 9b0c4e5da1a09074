"""The solver's two exact paths (suit tables for one-deck hands, the packed-count DP for the rest) agree."""

from __future__ import annotations

import random

import pytest

from rummy.cards import Card
from rummy.rules import PRESETS, Rules
from rummy.scoring import hand_value
from rummy.solver import best_melds, min_deadwood
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
