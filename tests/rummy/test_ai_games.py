"""Computer players through whole games: every action they choose is one the engine accepts."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy import actions as act
from rummy.ai import LEVELS, TableMemory, choose_action, safe_action
from rummy.game import Game, Player
from rummy.rules import PRESETS, Rules, find_preset
from rummy.simulate import play_game
from rummy.view import view_for
from tests.rummy.ai_support import house_rules

# Elimination games run to 500 points; a lower limit keeps each game whole but short.
SHORT = {"rami51": {"game_length": 120}, "ref40": {"game_length": 120}, "ref51": {"game_length": 120}}
TABLES = [
    ("easy", "normal", "hard"),
    ("hard", "hard"),
    ("normal", "easy", "hard", "normal", "easy", "hard"),
    ("easy", "easy", "easy", "easy"),
]


# The expert searches: its own property test plays it with a small budget (test_ai_expert.py).
QUICK_LEVELS = tuple(level for level in LEVELS if level != "expert")


def short_rules(preset: str) -> Rules:
    return find_preset(preset).with_overrides(**SHORT.get(preset, {}))


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("levels", TABLES, ids=lambda t: "-".join(t))
def test_whole_games_only_use_accepted_actions(preset: str, levels: tuple[str, ...]) -> None:
    """Every level finishes whole seeded games of every preset without one refused action."""
    for seed in range(2):
        record = play_game(short_rules(preset), levels, f"games:{preset}:{seed}", deal_cap=60)
        assert record.deals >= 1


@st.composite
def house_tables(draw: st.DrawFn) -> tuple[Rules, tuple[str, ...], int]:
    rules = house_rules(draw)
    players = draw(st.integers(2, 4))
    levels = tuple(draw(st.sampled_from(QUICK_LEVELS)) for _ in range(players))
    return rules, levels, draw(st.integers(0, 10**6))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(house_tables())
def test_house_rules_deals_only_use_accepted_actions(table: tuple[Rules, tuple[str, ...], int]) -> None:
    """Under random house-rule combinations every level plays a whole deal with accepted actions only."""
    rules, levels, seed = table
    record = play_game(rules, levels, seed, deal_cap=1)
    assert record.deals == 1


@pytest.mark.parametrize("preset", list(PRESETS))
def test_safe_action_finishes_whole_deals(preset: str) -> None:
    """Timed-out turns played with safe_action for every seat are always accepted, deal after deal."""
    players = [Player(f"p{i}", f"P{i}") for i in range(3)]
    game, _events = Game.new(short_rules(preset).with_overrides(turn_cap=80), players, seed=3)
    for _ in range(2000):
        if game.outcome is not None or len(game.history) >= 2:
            break
        assert game.deal is not None
        seat = game.deal.turn
        action = safe_action(view_for(game, seat))
        assert isinstance(action, act.Draw | act.Discard)
        game.apply(seat, action)
    assert len(game.history) >= 2 or game.outcome is not None


def test_mixed_human_and_bot_turns_are_accepted() -> None:
    """A seat switching between its own bot level and the safe play mid-game still plays legally."""
    players = [Player(f"p{i}", f"P{i}") for i in range(4)]
    game, events = Game.new(short_rules("ref51").with_overrides(game_end="deals", game_length=2), players, seed=9)
    rng = random.Random(9)
    memory = TableMemory()
    memory.observe_all(events)
    for _ in range(5000):
        if game.outcome is not None:
            break
        assert game.deal is not None
        seat = game.deal.turn
        view = view_for(game, seat)
        action = safe_action(view) if rng.random() < 0.3 else choose_action(view, LEVELS[seat % 3], rng, memory)
        memory.observe_all(game.apply(seat, action))
    assert game.outcome is not None
