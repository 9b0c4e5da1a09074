"""Draw the sample pictures of docs/images/ (for the README) with the renderer itself.

    python tools/sample_pictures.py            # writes docs/images/sample_*.png
    python tools/sample_pictures.py OUT_DIR    # somewhere else

The hand is a chosen 14-card two-deck hand with twins, two jokers and the card just drawn. The
table and the score chart come from a real game: four computer players play Rami 51 from a fixed
seed; the table is the first moment eight melds lie on it, the chart is the whole game's story.
The same code gives the same files, so rerunning it changes nothing unless the renderer changed.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rummy.ai import TableMemory, choose_action
from rummy.cards import Card, parse_cards
from rummy.game import Game, Player
from rummy.rules import find_preset
from rummy.view import PlayerView, view_for
from service.pictures import hand_png, running_totals, scores_png, table_png

OUT = Path(__file__).resolve().parents[1] / "docs" / "images"
HAND = "3C 3C#1 4C 5D 6D 7D 9H 9H#1 10H QS KS AS JK JK#1"
DRAWN = "9H#1"
NAMES = ["Alice", "Zoé", "Bob", "Marguerite-Joséphine de la Tour"]  # a long name is clipped
SEED = 7
TABLE_MELDS = 8


def play(seed: int) -> tuple[Game, PlayerView]:
    """A whole game of Rami 51 between four computer players, and the public view of the table
    the first time it held :data:`TABLE_MELDS` melds."""
    rules = find_preset("rami51")
    players = [Player(f"bot:{i}", name, "normal") for i, name in enumerate(NAMES)]
    game, events = Game.new(rules, players, seed=seed)
    rng = random.Random(seed)
    memories = [TableMemory() for _ in players]
    for memory in memories:
        memory.observe_all(events)
    snapshot: PlayerView | None = None
    while game.outcome is None:
        assert game.deal is not None
        seat = game.deal.turn
        events = game.apply(seat, choose_action(view_for(game, seat), "normal", rng, memories[seat]))
        for memory in memories:
            memory.observe_all(events)
        if snapshot is None and game.deal is not None and len(game.deal.melds) >= TABLE_MELDS:
            snapshot = view_for(game, None)
    if snapshot is None:
        raise SystemExit(f"seed {seed}: no deal reached {TABLE_MELDS} melds; choose another seed")
    return game, snapshot


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT
    out.mkdir(parents=True, exist_ok=True)
    game, table = play(SEED)
    points = [record.outcome.points for record in game.history]
    pictures = {
        "sample_hand.png": hand_png(parse_cards(HAND), drawn=Card.parse(DRAWN)),
        "sample_table.png": table_png(
            table.melds, table.discard_top, table.stock_size, discard_size=table.discard_size
        ),
        "sample_scores.png": scores_png(
            NAMES,
            running_totals(points, len(NAMES)),
            limit=game.rules.game_length,
            x_label="Deal",
            y_label="Penalty points",
        ),
    }
    for name, data in pictures.items():
        (out / name).write_bytes(data)
        print(f"{out / name}: {len(data) / 1000:.1f} KB")


if __name__ == "__main__":
    main()
