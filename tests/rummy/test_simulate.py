"""Headless simulation: reproducible games, win rates with Wilson intervals, capped games as draws."""

from __future__ import annotations

import json

import pytest

from rummy import simulate as sim
from rummy.simulate import GameRecord, play_game, simulate, wilson


@pytest.mark.parametrize(
    ("successes", "n", "low", "high"),
    [
        (5, 10, 0.2366, 0.7634),  # the roots of the Wilson quadratic, worked out independently
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (81, 263, 0.2553, 0.3662),
    ],
)
def test_wilson_interval(successes: float, n: int, low: float, high: float) -> None:
    """The 95% Wilson interval matches published values."""
    got = wilson(successes, n)
    assert got == pytest.approx((low, high), abs=5e-4)


def test_wilson_interval_of_nothing_is_everything() -> None:
    """With no games the interval is [0, 1]."""
    assert wilson(0, 0) == (0.0, 1.0)


def test_same_seed_same_result() -> None:
    """Two runs with one seed play the same games."""
    one = simulate("basic", ["hard", "normal", "easy"], 4, seed=11)
    two = simulate("basic", ["hard", "normal", "easy"], 4, seed=11)
    assert (one.seats, one.draws, one.average_deals) == (two.seats, two.draws, two.average_deals)


def test_wins_add_up_to_the_games() -> None:
    """Every decided game gives out exactly one win (shared wins count in fractions)."""
    result = simulate("basic", ["normal", "normal", "easy", "easy"], 6, seed=3)
    assert sum(s.wins for s in result.seats) + result.draws == pytest.approx(result.games)


def test_a_shared_win_counts_a_fraction(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game won jointly by two seats gives each half a win."""
    monkeypatch.setattr(sim, "play_game", lambda *args, **kwargs: GameRecord((0, 1), 3, False))
    result = simulate("basic", ["easy", "easy", "easy"], 4, seed=0)
    assert [s.wins for s in result.seats] == [2.0, 2.0, 0.0]
    assert result.average_deals == 3


def test_games_past_the_deal_cap_are_draws() -> None:
    """A game stopped by the simulation's deal cap has no winner and counts as a draw."""
    record = play_game(sim.find_preset("rami51"), ["normal", "normal"], seed=1, deal_cap=1)
    assert record == GameRecord((), 1, True)
    result = simulate("rami51", ["normal", "normal"], 2, seed=1, deal_cap=1)
    assert result.draws == 2 and all(s.wins == 0 for s in result.seats)


def test_rejects_an_unknown_level() -> None:
    """A seat level that does not exist is refused before any game."""
    with pytest.raises(ValueError, match="grandmaster"):
        simulate("basic", ["hard", "grandmaster"], 1, seed=0)


def test_json_holds_every_figure() -> None:
    """The JSON form carries per-seat win rates with intervals, draws, deals and speed."""
    result = simulate("basic", ["hard", "normal"], 2, seed=5)
    data = json.loads(json.dumps(result.to_json()))
    assert data["preset"] == "basic" and data["players"] == ["hard", "normal"] and data["games"] == 2
    assert [s["level"] for s in data["seats"]] == ["hard", "normal"]
    for seat in data["seats"]:
        assert seat["ci95"][0] <= seat["win_rate"] <= seat["ci95"][1]
    assert {"draws", "average_deals", "games_per_second", "seconds"} <= set(data)


def test_text_report_names_every_seat() -> None:
    """The text report shows each seat's level and interval, the deals and the speed."""
    text = simulate("basic", ["hard", "normal"], 2, seed=5).format()
    assert "hard" in text and "normal" in text and "95% CI" in text and "games per second" in text
