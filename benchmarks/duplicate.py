"""Duplicate deals for the strength benchmark: the same cards, the level under test in every seat in turn.

A *board* is one seed. It is played once per rotation of the seats: in rotation ``r`` seat ``i``
holds level ``levels[(i + r) % n]``, and every rotation gets the same shuffle and the same first
dealer, so each level plays each hand once. A board's result is the tested level's share of the
deals (or games) it won over all rotations, with its points margin (the deals' points, its own
against its opponents' mean, a penalty counting against it), and the 95% interval is a bootstrap
over boards (the rotations of one board are not independent), beside the Wilson interval over all
deals played.
Decision times of the tested level are kept too (a fixed budget per decision, so they are
comparable between runs on one machine).
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from rummy.ai import TableMemory, choose_action, expert
from rummy.game import Game, Player
from rummy.rules import Rules, Scoring
from rummy.scoring import DealOutcome
from rummy.view import view_for

ACTIONS_CAP = 5000  # one deal's actions at most: a looping player is a bug
BOOTSTRAP = 2000  # resamples of the boards


@dataclass
class Board:
    """One board's results for the tested level (seat rotation by rotation)."""

    deals: int = 0
    deal_wins: float = 0.0  # a deal shared by k winners counts 1/k
    margin: float = 0.0  # the deals' points, the tested level's over its opponents' mean, the better the higher
    games: int = 0
    game_wins: float = 0.0
    times: list[float] = field(default_factory=list)  # seconds per decision of the tested level
    cpu: list[float] = field(default_factory=list)  # the same decisions' processor seconds (a shared machine)

    def count(self, outcome: DealOutcome, mine: set[int], seats: int, scoring: Scoring) -> None:
        """Add one deal: its win share and points margin for the tested level's seats ``mine``."""
        self.deals += 1
        self.margin += points_margin(outcome.points, mine, seats, scoring)
        winners = outcome.winners
        if winners and any(s in mine for s in winners):
            self.deal_wins += sum(1 for s in winners if s in mine) / len(winners)


def rotated(levels: Sequence[str], rotation: int) -> list[str]:
    n = len(levels)
    return [levels[(i + rotation) % n] for i in range(n)]


def play_board(
    rules: Rules,
    levels: Sequence[str],
    seed: str,
    whole_game: bool,
    budget: expert.Budget = expert.DEFAULT_BUDGET,
    deal_cap: int = 200,
) -> Board:
    """Play board ``seed`` once per rotation; ``levels[0]`` is the tested level.

    ``whole_game`` false plays the first deal only (the deal win share); true plays whole games and
    counts every deal of them too. Experts think with ``budget`` (a fixed number of sampled worlds)."""
    board = Board()
    for rotation in range(len(levels)):
        seats = rotated(levels, rotation)
        mine = {i for i in range(len(seats)) if rotation_owner(i, rotation, len(seats))}
        players = [Player(f"bot:{i}", f"{level} {i + 1}", level) for i, level in enumerate(seats)]
        game, events = Game.new(rules, players, seed=random.Random(f"{seed}:game").getrandbits(63))
        rng = random.Random(f"{seed}:{rotation}:bots")
        memories = [TableMemory() for _ in seats]
        for memory in memories:
            memory.observe_all(events)
        actions = 0
        while game.outcome is None and len(game.history) < (deal_cap if whole_game else 1):
            deal = game.deal
            assert deal is not None
            seat = deal.turn
            actions += 1
            if actions > ACTIONS_CAP * (deal_cap if whole_game else 1):
                raise RuntimeError(f"board {seed}: seat {seat} ({seats[seat]}) keeps playing")
            view = view_for(game, seat)
            started, processor = time.perf_counter(), time.process_time()
            if seats[seat] == "expert":
                action = expert.choose(view, rng.getrandbits(64), memories[seat], budget)
            else:
                action = choose_action(view, seats[seat], rng, memories[seat])
            if seat in mine:
                board.times.append(time.perf_counter() - started)
                board.cpu.append(time.process_time() - processor)
            events = game.apply(seat, action)
            for memory in memories:
                memory.observe_all(events)
        for record in game.history if whole_game else game.history[:1]:
            board.count(record.outcome, mine, len(seats), rules.scoring)
        if whole_game and game.outcome is not None:
            board.games += 1
            winners = game.outcome.winners
            board.game_wins += sum(1 for s in winners if s in mine) / len(winners)
        elif whole_game:
            board.games += 1  # stopped at the deal cap: a draw, no win
    return board


def points_margin(points: Mapping[int, int], mine: set[int], seats: int, scoring: Scoring) -> float:
    """What one deal's points did for the tested level's seats against the mean of the others': a
    winner-collects deal's points are gains, a penalty deal's are losses (so the sign turns)."""
    others = [points.get(s, 0) for s in range(seats) if s not in mine]
    ours = sum(points.get(s, 0) for s in mine) / len(mine)
    margin = ours - sum(others) / len(others)
    return -margin if scoring is Scoring.PENALTY else margin


def rotation_owner(seat: int, rotation: int, n: int) -> bool:
    """Whether ``seat`` holds ``levels[0]`` in ``rotation`` (the tested level's one seat)."""
    return (seat + rotation) % n == 0


def bootstrap(wins: Sequence[float], totals: Sequence[int], seed: int = 0) -> tuple[float, float]:
    """A 95% percentile bootstrap interval of sum(wins) / sum(totals), resampling boards."""
    n = len(wins)
    if n == 0 or sum(totals) == 0:
        return (0.0, 1.0)
    rng = random.Random(seed)
    shares = []
    for _ in range(BOOTSTRAP):
        picks = [rng.randrange(n) for _ in range(n)]
        total = sum(totals[i] for i in picks)
        shares.append(sum(wins[i] for i in picks) / total if total else 0.0)
    shares.sort()
    return (shares[int(0.025 * BOOTSTRAP)], shares[int(0.975 * BOOTSTRAP) - 1])


def percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]
