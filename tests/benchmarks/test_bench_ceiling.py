"""The ceiling benchmark's players, on a board or two: the clairvoyant never does worse than ``hard`` in
its seat, and the fair searcher's worlds come from what its seat sees only (no strength figure: the
benchmark itself is run by hand, see benchmarks/README.md)."""

from __future__ import annotations

import random

import pytest

from benchmarks.bench_ceiling import SEARCHED, candidates, main, play_board, searcher, worlds
from benchmarks.duplicate import play_board as play_duplicate
from rummy.ai import TableMemory, hard
from rummy.game import Game, Player
from rummy.rules import find_preset
from rummy.view import view_for


@pytest.mark.parametrize(("preset", "boards"), [("basic", 2), ("rami51", 1)])
def test_the_clairvoyant_wins_every_deal_hard_wins_in_its_seat(preset: str, boards: int) -> None:
    rules = find_preset(preset)
    for i in range(boards):
        seed = f"test:{preset}:{i}"
        hard = play_duplicate(rules, ("hard", "hard"), seed, whole_game=False)
        seer = play_board(rules, 2, seed)
        assert seer.deals == hard.deals == 2
        assert seer.deal_wins >= hard.deal_wins  # a rollout of a deterministic policy is never worse


def game_and_memories(seed: int) -> tuple[Game, list[TableMemory]]:
    players = [Player("bot:0", "a", "hard"), Player("bot:1", "b", "hard")]
    game, events = Game.new(find_preset("basic"), players, seed=seed, dealer=1)
    memories = [TableMemory(), TableMemory()]
    for memory in memories:
        memory.observe_all(events)
    return game, memories


def test_the_fair_worlds_do_not_depend_on_the_hidden_cards() -> None:
    game, memories = game_and_memories(11)
    assert game.deal is not None and game.deal.turn == 0
    other = game.copy()
    assert other.deal is not None
    # the same table for seat 0, the hidden cards swapped: the opponent's hand with the stock's top
    hidden = other.deal.hands[1]
    hidden[0], other.deal.stock[-1] = other.deal.stock[-1], hidden[0]
    mine = worlds(game, 0, memories[0], "fair", 4, "s")
    theirs = worlds(other, 0, memories[0], "fair", 4, "s")
    for a, b in zip(mine, theirs, strict=True):
        assert a.deal is not None and b.deal is not None
        assert a.deal.hands == b.deal.hands and a.deal.stock == b.deal.stock
    # the clairvoyant's and the hands-known worlds do see them
    known = worlds(game, 0, memories[0], "hands", 1, "s")[0]
    assert known.deal is not None and known.deal.hands[1] == game.deal.hands[1]
    assert known.deal.hands[1] != other.deal.hands[1]


def test_the_searcher_keeps_hards_move_unless_another_gains_clearly() -> None:
    game, memories = game_and_memories(11)
    base = hard.choose(view_for(game, 0), random.Random(0), memories[0])
    assert searcher(game, 0, memories, "fair", 3, float("inf"), "s") == base
    found = searcher(game, 0, memories, "fair", 3, 0.0, "s")
    assert found in candidates(game, 0, memories[0], SEARCHED)
    game.apply(0, found)  # the engine takes it


def test_a_run_prints_one_line_per_preset(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--presets", "basic", "--boards", "1", "--workers", "1"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1 and out[0].startswith("clairvoyant vs 1 hard  basic") and "deals    2" in out[0]
