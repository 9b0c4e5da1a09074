"""``python -m rummy simulate``: seeded headless games, text or JSON, clear refusals."""

from __future__ import annotations

import json

import pytest

from tests.rummy.cli.test_cli import run


def test_simulate_json_reports_every_seat_and_is_reproducible() -> None:
    """--json gives one object per run with a win rate and interval per seat; the seed fixes it."""
    argv = ("simulate", "--preset", "basic", "--players", "normal,easy", "--games", "4", "--seed", "7", "--json")
    code, out, _ = run(*argv)
    assert code == 0
    first = json.loads(out)
    assert [s["level"] for s in first["seats"]] == ["normal", "easy"]
    assert sum(s["wins"] for s in first["seats"]) + first["draws"] == pytest.approx(4)
    for seat in first["seats"]:
        low, high = seat["ci95"]
        assert 0 <= low <= seat["win_rate"] <= high <= 1
    again = json.loads(run(*argv)[1])
    assert [s["wins"] for s in again["seats"]] == [s["wins"] for s in first["seats"]]
    assert again["average_deals"] == first["average_deals"]


def test_simulate_text_names_the_preset_and_seats() -> None:
    """The text report lists each seat's level and win rate, the average deals and games per second."""
    code, out, _ = run("simulate", "--preset", "rummy100", "--players", "easy,easy", "--games", "2", "--seed", "1")
    assert code == 0
    assert "rummy100" in out and out.count("win rate") == 2
    assert "average deals per game" in out and "games per second" in out


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (("--preset", "nope", "--players", "easy,easy"), "Unknown preset"),
        (("--preset", "basic", "--players", "easy,bogus"), "bogus"),
        (("--preset", "basic", "--players", "easy,easy", "--games", "0"), "at least 1"),
    ],
)
def test_simulate_refuses_malformed_input(argv: tuple[str, ...], needle: str) -> None:
    """An unknown preset or level, or no games, exits 2 with a one-line reason and no traceback."""
    code, _out, err = run("simulate", *argv)
    assert code == 2 and needle in err and "Traceback" not in err
