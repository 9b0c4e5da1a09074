"""Long scenarios kept as data (tests/rummy/scenarios/*.json): a stacked deal, moves, the expected result.

Each file gives the preset (and house rules), the dealer, every hand, the discard pile and the stock
(bottom first, top last), optional melds already on the table, and the moves as ``"seat: action"``.
A move written ``"seat: !action => Error"`` must be refused with that error, leaving the state
unchanged. ``expect`` is the deal's outcome, worked out by hand from the cards.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rummy import actions as act
from rummy import errors
from rummy.deal import Phase
from rummy.game import Game
from rummy.serialize import dumps
from tests.rummy.engine_support import current, position

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.json"))


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def setup(data: dict[str, Any]) -> Game:
    n = len(data["hands"])
    game = position(
        data["preset"],
        data["hands"],
        discard=data["discard"],
        stock=data["stock"],
        turn=(data["dealer"] + 1) % n,
        phase=Phase(data.get("phase", "draw")),
        melds=[(owner, cards) for owner, cards in data.get("melds", [])],
        opened={int(k): v for k, v in data.get("opened", {}).items()},
        turns=data.get("turns", 0),
        played=set(data.get("played", [])),
        **data.get("house", {}),
    )
    game.dealer = current(game).dealer = data["dealer"]
    current(game).refills = data.get("refills", 0)
    game.scores = list(data.get("scores_before", [0] * n))
    return game


def run_move(game: Game, move: str) -> None:
    seat_text, _, rest = move.partition(":")
    seat, rest = int(seat_text), rest.strip()
    if not rest.startswith("!"):
        game.apply(seat, act.parse_action(rest))
        return
    action_text, _, error_name = rest[1:].partition("=>")
    error = getattr(errors, error_name.strip())
    before = dumps(game)
    with pytest.raises(error) as info:
        game.apply(seat, act.parse_action(action_text))
    assert type(info.value) is error, f"{move}: {type(info.value).__name__}: {info.value}"
    assert dumps(game) == before


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    """The scenario's moves give the outcome worked out by hand."""
    data = load(path)
    game = setup(data)
    deal = current(game)
    for move in data["moves"]:
        assert not deal.over, f"the deal ended before {move!r}"
        run_move(game, move)
    expect = data["expect"]
    outcome = deal.outcome
    assert outcome is not None, "the deal did not end"
    assert outcome.reason.value == expect["reason"]
    assert list(outcome.winners) == expect["winners"]
    assert outcome.rummy is expect["rummy"]
    assert {str(k): v for k, v in outcome.hand_values.items()} == expect["hand_values"]
    assert {str(k): v for k, v in outcome.points.items()} == expect["points"]
    assert game.scores == expect["scores"]
    if "refills" in expect:
        assert deal.refills == expect["refills"]
    if "melds" in expect:
        assert [" ".join(t.meld.labels(pretty=False)) for t in deal.melds] == expect["melds"]


def test_there_are_scenarios_for_every_preset() -> None:
    """Each preset has at least one long scenario."""
    assert {load(p)["preset"] for p in SCENARIOS} == {"basic", "rummy100", "rami100", "rami51", "ref40", "ref51"}
