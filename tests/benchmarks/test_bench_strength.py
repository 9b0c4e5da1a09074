"""The strength benchmark's duplicate rows and their verdicts, on a board or two (no timing and no
strength figure: the benchmark itself is run by hand, see benchmarks/README.md)."""

from __future__ import annotations

import json

import pytest

from benchmarks.bench_strength import DUPLICATE, _duplicate_line, main
from benchmarks.duplicate import points_margin
from rummy.rules import Scoring


def rows(capsys: pytest.CaptureFixture[str], matchups: str) -> list[dict[str, object]]:
    argv = ["--matchups", matchups, "--presets", "basic", "--boards", "2", "--samples", "2", "--workers", "1"]
    assert main([*argv, "--json"]) == 0
    found: list[dict[str, object]] = json.loads(capsys.readouterr().out)["results"]
    return found


def test_the_references_play_the_level_above_against_the_one_below(capsys: pytest.CaptureFixture[str]) -> None:
    found = rows(capsys, "expert-vs-normal,hard-vs-1-normal,hard-vs-3-normal")
    assert [r["players"] for r in found] == [["expert", "normal"], ["hard", "normal"], ["hard", *["normal"] * 3]]
    for row in found:  # two boards, each dealt once per rotation: the tested level in each seat
        assert row["deals"] == 2 * len(row["players"])  # type: ignore[arg-type]
        assert 0.0 <= float(row["deal_share"]) <= 1.0  # type: ignore[arg-type]
        line = _duplicate_line(row)
        assert "reference: no target" in line
        assert "meets" not in line.split("decisions")[0] and "below" not in line  # no verdict on a reference


def test_a_target_row_says_whether_it_is_met() -> None:
    row: dict[str, object] = {
        "matchup": "expert-vs-hard",
        "preset": "basic",
        "players": ["expert", "hard"],
        "boards": 100,
        "samples": 24,
        "deals": 200,
        "deal_share": 0.62,
        "ci95": [0.57, 0.67],
        "wilson95": [0.55, 0.69],
        "points_per_deal": 3.25,
        "points_ci95": [-1.0, 7.5],
        "decisions": 10,
        "p50_ms": 1.0,
        "p99_ms": 2.0,
        "cpu_p50_ms": 1.0,
        "cpu_p99_ms": 2.0,
        "seconds": 1.0,
    }
    assert DUPLICATE["expert-vs-hard"][1:] == (0.60, 0.55)
    assert "target 60%, interval above 55% (meets)" in _duplicate_line(row)
    assert "points/deal +3.2 (-1.0 to +7.5)" in _duplicate_line(row)
    row["ci95"] = [0.54, 0.70]  # the share is there, the interval is not
    assert "target 60%, interval above 55% (below)" in _duplicate_line(row)
    row["matchup"], row["players"], row["deal_share"], row["ci95"] = "hard-vs-hard", ["hard", "hard"], 0.5, [0.5, 0.5]
    assert "control: par inside the interval (meets)" in _duplicate_line(row)


def test_the_points_margin_is_what_a_deal_did_for_the_tested_level() -> None:
    """Winner collects: the points won are a gain; penalty: the points scored are a loss."""
    assert points_margin({0: 30, 1: 0}, {0}, 2, Scoring.WINNER_COLLECTS) == 30
    assert points_margin({0: 0, 1: 30}, {0}, 2, Scoring.WINNER_COLLECTS) == -30
    assert points_margin({0: 0, 1: 25}, {0}, 2, Scoring.PENALTY) == 25
    assert points_margin({0: 10, 1: 20, 2: 5, 3: 0}, {2}, 4, Scoring.PENALTY) == 5  # 5 against the others' 10
    assert points_margin({}, {1}, 2, Scoring.PENALTY) == 0  # a dead deal


def test_the_rows_carry_the_points_margin(capsys: pytest.CaptureFixture[str]) -> None:
    (row,) = rows(capsys, "hard-vs-hard")
    low, high = row["points_ci95"]  # type: ignore[misc]
    assert row["points_per_deal"] == 0.0 and low == high == 0.0  # hard against itself: every board even
