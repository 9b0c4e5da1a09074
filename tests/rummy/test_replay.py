"""Replaying a game from its seed and action log (rummy.replay)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from rummy import actions as act
from rummy.game import Game
from rummy.replay import ReplayError, drop_entry, replay
from rummy.rules import PRESETS, Rules
from rummy.serialize import dumps
from tests.rummy.engine_support import players
from tests.rummy.random_play import RandomPlayer


def played(rules: Rules, n: int, seed: int, actions: int) -> tuple[Game, list[tuple[int, dict[str, Any]]]]:
    """A seeded game after ``actions`` random legal actions, and its log."""
    game, _ = Game.new(rules, players(n), seed=seed)
    player = RandomPlayer(random.Random(seed))
    log: list[tuple[int, dict[str, Any]]] = []
    while game.outcome is None and len(log) < actions:
        seat, action = player.choose(game)
        game.apply(seat, action)
        log.append((seat, act.action_to_json(action)))
    return game, log


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_log_replays_the_game_exactly(preset: str) -> None:
    """Replaying the log from the seed gives the same document, deals and scores included."""
    game, log = played(PRESETS[preset], 3, seed=13, actions=400)
    assert dumps(replay(game.rules, game.players, 13, log)) == dumps(game)


def test_a_log_stored_as_json_replays() -> None:
    """A log that went through JSON (pairs become lists) still replays."""
    game, log = played(PRESETS["ref51"], 2, seed=5, actions=120)
    stored = json.loads(json.dumps(log))
    assert dumps(replay(game.rules, game.players, 5, stored)) == dumps(game)


def test_a_player_leaving_is_part_of_the_log() -> None:
    """drop entries replay as Game.drop."""
    game, log = played(PRESETS["basic"], 3, seed=9, actions=30)
    game.drop(1)
    log.append(drop_entry(1))  # type: ignore[arg-type]
    again = replay(game.rules, game.players, 9, log)
    assert again.dropped == [1] and dumps(again) == dumps(game)


def test_a_log_that_breaks_the_rules_names_the_entry() -> None:
    """An entry the rules refuse stops the replay with its number and the reason."""
    game, log = played(PRESETS["basic"], 2, seed=3, actions=10)
    seat = log[-1][0]
    bad = [*log, (seat, act.action_to_json(act.Draw()))]
    with pytest.raises(ReplayError, match=f"entry {len(bad)}"):
        replay(game.rules, game.players, 3, bad)


def test_a_log_with_an_unknown_action_type_is_refused() -> None:
    """A malformed entry is a ReplayError, not a crash."""
    with pytest.raises(ReplayError, match="entry 1"):
        replay(PRESETS["basic"], players(2), 1, [(0, {"type": "cheat"})])


def test_an_unseeded_game_cannot_be_replayed() -> None:
    """Without a seed the shuffles cannot be repeated."""
    with pytest.raises(ReplayError, match="seeded"):
        replay(PRESETS["basic"], players(2), None, [])  # type: ignore[arg-type]
