"""The load benchmark's command line and the expert tables' counting (no timing: the benchmark itself
is run by hand, see benchmarks/README.md)."""

from __future__ import annotations

import pytest

from benchmarks.bench_load import parse
from benchmarks.load_experts import expert_lines

TURN = (
    "Bot (expert) drew from the stock.\n"
    "Bot (expert) discarded 6♣.\n"
    "Bot 2 (expert) took 6♣ from the discard pile.\n"
    "Bot 2 (expert) melded 3♣ 4♣ 5♣ 6♣ · J♠ Q♠ K♠.\n"
    "Bot 2 (expert) discarded A♣.\n"
    "The deal is over: Bot 2 (expert) went out in one go (rummy: points doubled).\n"
    "Left in hand: e0 with 2♣ 7♣ (9 points), Bot (expert) with 2♦ 5♦ (7 points).\n"
    "Deal 2: Bot 3 (expert) deals, e0 plays first.\n"
    "<@123>, it's your turn.\n"
    "e0 drew from the stock.\n"
)


def test_no_expert_tables_by_default() -> None:
    assert parse([]).expert_tables == 0
    assert parse(["--expert-tables", "3"]).expert_tables == 3
    assert parse(["--expert-tables", "3"]).versus_expert_tables is None  # versus: as many as ours
    assert parse(["--versus-expert-tables", "0"]).versus_expert_tables == 0


def test_expert_tables_is_a_count() -> None:
    with pytest.raises(SystemExit):
        parse(["--expert-tables", "-1"])


def test_expert_actions_are_the_lines_naming_an_expert_before_the_ping() -> None:
    """One line per action of an expert; the deal's news and the member's own moves are not counted."""
    assert expert_lines(TURN) == 5
    assert expert_lines("<@123>, it's your turn.") == 0
