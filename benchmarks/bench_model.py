"""The expert's hand model checked against the hands actually held.

``hard`` plays seeded first deals in every seat (``--deals`` per preset, ``--players``). At every draw
after the first round, the seat to move builds its :class:`~rummy.ai.model.HandModel` from its view
and table memory, samples ``--samples`` worlds, and measures how far the next player is from going
out in each (``hard``'s own measure, in loose cards, as the expert's leaf scores a position), against
the same measure of the next player's true hand. Printed by turns into the deal: the mean of both.
A model that hands out random hands where people keep what fits shows sampled hands farther from
going out than the true ones, and a search on it misjudges how close the opponent is.

Run by hand: ``python benchmarks/bench_model.py --presets basic,rami51``. The benchmark reads the
game itself (the true hands); the expert never does.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rummy.ai import TableMemory, choose_action, expert
from rummy.ai.model import HandModel
from rummy.deal import Phase
from rummy.game import Game, Player
from rummy.rules import PRESETS, find_preset
from rummy.view import view_for

BUCKET = 4  # turns per printed row
ROWS = 7


def measure(preset: str, deals: int, players: int, samples: int) -> dict[int, list[tuple[float, float]]]:
    """Turn bucket -> (true distance, mean sampled distance) at each draw measured."""
    rules = find_preset(preset)
    rows: dict[int, list[tuple[float, float]]] = {}
    for number in range(deals):
        seats = [Player(f"bot:{i}", f"hard {i + 1}", "hard") for i in range(players)]
        game, events = Game.new(rules, seats, seed=number)
        memories = [TableMemory() for _ in seats]
        for memory in memories:
            memory.observe_all(events)
        rng = random.Random(number)
        while not game.history and game.outcome is None:
            deal = game.deal
            assert deal is not None
            seat = deal.turn
            view = view_for(game, seat)
            if deal.phase is Phase.DRAW and deal.turns >= players:
                memory = memories[seat]
                memory.sync(view)
                model = HandModel.of(view, memory)
                following = deal.seats[(deal.seats.index(seat) + 1) % len(deal.seats)]
                if model is not None:
                    true = expert._distance(game, following, memory.copy())
                    sampled = [
                        expert._distance(
                            expert.world_game(view, model.sample(random.Random(i))), following, memory.copy()
                        )
                        for i in range(samples)
                    ]
                    rows.setdefault(min(deal.turns // BUCKET, ROWS - 1), []).append((true, statistics.mean(sampled)))
            events = game.apply(seat, choose_action(view, "hard", rng, memories[seat]))
            for memory in memories:
                memory.observe_all(events)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--presets", default=",".join(PRESETS))
    parser.add_argument("--deals", type=int, default=10, help="first deals per preset (10)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--samples", type=int, default=6, help="worlds sampled per draw measured (6)")
    args = parser.parse_args(argv)
    for preset in (p.strip() for p in args.presets.split(",") if p.strip()):
        rows = measure(preset, args.deals, args.players, args.samples)
        for bucket in sorted(rows):
            pairs = rows[bucket]
            true = statistics.mean(t for t, _ in pairs)
            sampled = statistics.mean(s for _, s in pairs)
            label = f"{bucket * BUCKET}+" if bucket == ROWS - 1 else f"{bucket * BUCKET}-{bucket * BUCKET + BUCKET - 1}"
            print(f"{preset:<9} turns {label:<6} draws {len(pairs):>4}  true {true:5.2f}  sampled {sampled:5.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
