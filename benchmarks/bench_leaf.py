"""The expert's leaf checked against who actually won: how well "how far from going out" predicts the deal.

``hard`` plays seeded first deals in every seat (``--deals`` per preset, ``--players``). Wherever a
rollout of the expert stops (a player has just drawn), every seat's distance from going out is
measured as the expert's leaf measures it (``hard``'s score of the hand, in loose cards, on the
true hands), and kept with the deal's winner. Each leaf formula turns the distances into win
chances (a seat's weight over the sum of the weights); its mean log loss on these positions says
how well it predicts (lower is better; a formula that says 50-50 heads-up scores 0.693).

Printed per preset: the leaf as shipped, ``exp(-d)``, and the family ``(1 + d) ** -beta`` over a
grid of ``beta`` with the best one marked. Dead deals are left out (nobody won them).

Run by hand: ``python benchmarks/bench_leaf.py --presets basic --players 2``. The benchmark reads
the game itself (the true hands); the expert never does.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rummy.ai import TableMemory, choose_action, expert
from rummy.deal import Phase
from rummy.game import Game, Player
from rummy.rules import PRESETS, find_preset
from rummy.view import view_for

BETAS = (0.5, 1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0)

Position = tuple[dict[int, float], tuple[int, ...]]  # every seat's distance, the deal's winners
Weights = Callable[[float], float]


def positions(preset: str, deals: int, players: int) -> list[Position]:
    """Every leaf-like position of ``deals`` seeded first deals of ``hard`` in every seat."""
    rules = find_preset(preset)
    found: list[Position] = []
    for number in range(deals):
        seats = [Player(f"bot:{i}", f"hard {i + 1}", "hard") for i in range(players)]
        game, events = Game.new(rules, seats, seed=random.Random(f"leaf:{number}").getrandbits(63))
        memories = [TableMemory() for _ in seats]
        public = TableMemory()
        for memory in [*memories, public]:
            memory.observe_all(events)
        rng = random.Random(f"leaf:{number}:bots")
        seen: list[dict[int, float]] = []
        while not game.history and game.outcome is None:
            deal = game.deal
            assert deal is not None
            seat = deal.turn
            view = view_for(game, seat)
            if deal.phase is Phase.PLAY and view.drawn is not None and not view.melds_this_turn:
                seen.append({s: max(0.0, expert._distance(game, s, public)) for s in deal.seats})
            events = game.apply(seat, choose_action(view, "hard", rng, memories[seat]))
            for memory in [*memories, public]:
                memory.observe_all(events)
        winners = tuple(game.history[0].outcome.winners) if game.history else ()
        if winners:
            found.extend((distances, winners) for distances in seen)
    return found


def log_loss(found: Sequence[Position], weight: Weights) -> float:
    """Mean of -log(the chance the formula gave the winners)."""
    total = 0.0
    for distances, winners in found:
        weights = {s: weight(d) for s, d in distances.items()}
        chance = sum(weights[s] for s in winners) / sum(weights.values())
        total -= math.log(max(chance, 1e-12))
    return total / len(found) if found else 0.0


def power(beta: float) -> Weights:
    """The weight ``(1 + d) ** -beta``."""
    return lambda d: float((1.0 + d) ** -beta)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--presets", default="basic", help="comma-separated presets (default: basic)")
    parser.add_argument("--deals", type=int, default=600, help="first deals per preset (600)")
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args(argv)
    for preset in args.presets.split(","):
        if preset not in PRESETS:
            parser.error(f"unknown preset {preset!r}")
        found = positions(preset, args.deals, args.players)
        shipped = log_loss(found, lambda d: math.exp(-d))
        losses = {beta: log_loss(found, power(beta)) for beta in BETAS}
        best = min(losses, key=losses.__getitem__)
        grid = "  ".join(f"{beta:g}: {loss:.4f}{' *' if beta == best else ''}" for beta, loss in losses.items())
        head = f"{preset:9} players {args.players}  positions {len(found):6}"
        print(f"{head}  exp(-d): {shipped:.4f}  (1+d)^-beta: {grid}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
