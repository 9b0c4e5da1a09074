"""Headless games between computer players: win rates with confidence intervals, reproducible from a seed.

``python -m rummy simulate --preset rami51 --players hard,normal,normal,normal --games 200 --seed 1``
plays whole games with no I/O and prints each seat's win rate with a 95% Wilson interval, the average
number of deals per game and the games per second. The rules put no cap on the number of deals
(only ``void_deal_limit`` deals in a row in which nobody scores end a target or elimination game), so
the simulation stops a game after :data:`DEAL_CAP` deals and counts it as a draw: a guard for the
benchmark's time, not a rule.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rummy.ai import LEVELS, TableMemory, choose_action
from rummy.game import Game, Player
from rummy.rules import Rules, find_preset
from rummy.view import view_for

DEAL_CAP = 200
ACTIONS_PER_TURN_CAP = 200  # far above any real turn: more means a computer player is looping
Z_95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (``successes`` may be fractional: shared wins)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class GameRecord:
    """One simulated game: the winning seats (a tie shares the win), its deals, and whether it was cut off."""

    winners: tuple[int, ...]
    deals: int
    capped: bool


@dataclass(frozen=True)
class SeatResult:
    seat: int
    level: str
    wins: float  # a win shared by k seats counts 1/k
    rate: float
    low: float
    high: float


@dataclass(frozen=True)
class SimulationResult:
    preset: str
    levels: tuple[str, ...]
    games: int
    seed: int
    seats: tuple[SeatResult, ...]
    draws: int  # games stopped at the deal cap
    average_deals: float
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else math.inf

    def to_json(self) -> dict[str, Any]:
        return {
            "preset": self.preset,
            "players": list(self.levels),
            "games": self.games,
            "seed": self.seed,
            "seats": [
                {"seat": s.seat, "level": s.level, "wins": s.wins, "win_rate": s.rate, "ci95": [s.low, s.high]}
                for s in self.seats
            ],
            "draws": self.draws,
            "average_deals": self.average_deals,
            "seconds": self.seconds,
            "games_per_second": self.games_per_second,
        }

    def format(self) -> str:
        lines = [f"{self.preset}: {self.games} games, seed {self.seed}"]
        for s in self.seats:
            lines.append(
                f"  seat {s.seat + 1} {s.level:<6} win rate {s.rate:6.1%}  (95% CI {s.low:.1%} to {s.high:.1%})"
            )
        lines.append(f"  draws (stopped after {DEAL_CAP} deals): {self.draws}")
        lines.append(f"  average deals per game: {self.average_deals:.2f}")
        lines.append(f"  games per second: {self.games_per_second:.2f}")
        return "\n".join(lines)


def play_game(rules: Rules, levels: Sequence[str], seed: int | str, deal_cap: int = DEAL_CAP) -> GameRecord:
    """Play one whole game between computer players; an action the engine refuses is a bug and raises."""
    players = [Player(f"bot:{i}", f"{level} {i + 1}", level) for i, level in enumerate(levels)]
    game, events = Game.new(rules, players, seed=_int_seed(f"{seed}:game"))
    rng = random.Random(f"{seed}:bots")
    memories = [TableMemory() for _ in levels]
    for memory in memories:
        memory.observe_all(events)
    while game.outcome is None and len(game.history) < deal_cap:
        deal = game.deal
        assert deal is not None
        seat, number, actions = deal.turn, deal.number, 0
        while game.outcome is None and game.deal is not None and game.deal.number == number and game.deal.turn == seat:
            actions += 1
            if actions > ACTIONS_PER_TURN_CAP:
                raise RuntimeError(f"seat {seat} ({levels[seat]}) did not end its turn")
            action = choose_action(view_for(game, seat), levels[seat], rng, memories[seat])
            events = game.apply(seat, action)
            for memory in memories:
                memory.observe_all(events)
    if game.outcome is None:
        return GameRecord((), len(game.history), True)
    return GameRecord(game.outcome.winners, len(game.history), False)


def _int_seed(text: str) -> int:
    return random.Random(text).getrandbits(63)


def simulate(
    preset: str | Rules, levels: Sequence[str], games: int, seed: int, deal_cap: int = DEAL_CAP
) -> SimulationResult:
    """Play ``games`` seeded games of ``preset`` with one computer level per seat."""
    rules = preset if isinstance(preset, Rules) else find_preset(preset)
    levels = tuple(levels)
    for level in levels:
        if level not in LEVELS:
            raise ValueError(f"Unknown computer level {level!r}: choose from {', '.join(LEVELS)}.")
    rules.validate(len(levels))
    wins = [0.0] * len(levels)
    draws = deals = 0
    started = time.perf_counter()
    for i in range(games):
        record = play_game(rules, levels, f"{seed}:{i}", deal_cap)
        deals += record.deals
        draws += record.capped
        for seat in record.winners:
            wins[seat] += 1 / len(record.winners)
    seconds = time.perf_counter() - started
    seats = tuple(
        SeatResult(s, levels[s], wins[s], wins[s] / games if games else 0.0, *wilson(wins[s], games))
        for s in range(len(levels))
    )
    return SimulationResult(rules.name, levels, games, seed, seats, draws, deals / games if games else 0.0, seconds)


# -- command line: ``python -m rummy simulate`` (rummy/cli/simulate.py) ------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--preset", required=True, help="rules preset, e.g. basic or rami51")
    parser.add_argument(
        "--players", required=True, help=f"one computer level per seat, comma-separated ({', '.join(LEVELS)})"
    )
    parser.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="seed: the same seed plays the same games")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
