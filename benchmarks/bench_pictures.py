"""Card pictures benchmark: the time to draw and encode a hand, a table and a score chart, and
the size of each PNG.

Run by hand from the repository root::

    python benchmarks/bench_pictures.py [--renders 200] [--seed 1]

Hands of 7, 10 and 14 cards are drawn at random from two decks and four jokers (the card just
drawn marked); tables hold 1, 5, 10 and 20 random melds (runs and sets, some with a joker) with a
discard pile and a stock. Every render of a kind gets a different input, so a figure is never
one lucky case. The single cards are drawn once per face and kept (``tiles``), as they are in the
bot: each kind is warmed up first, and *cold* is a 14-card hand and a 20-meld table right after
those caches are emptied (the first pictures of a process). Each render is timed on its own with
the garbage collector off; *draw* is the drawing alone and *PNG* its encoding (palette and
compression), so the two medians add up to about the total. *CPU* is the processor time of a
render (the thread's own clock): on a shared machine it moves far less than the wall clock.
Figures are per render: median (p50) and 99th percentile, and the PNG's median and largest size.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image

from rummy.cards import Card, Rank, Suit, make_pack, physical
from rummy.melds import Meld, make_meld
from rummy.rules import find_preset
from service.pictures import tiles
from service.pictures.chart import running_totals, scores_image
from service.pictures.encode import png
from service.pictures.hand import hand_image
from service.pictures.table import table_image

RULES = find_preset("rami51")  # two decks, four jokers: twins and jokers in the hands


def random_meld(rng: random.Random) -> Meld:
    """A run of 3-6 cards or a set of 3-4, with one joker one time in four."""
    if rng.random() < 0.5:
        suit = rng.choice(list(Suit))
        length = rng.randint(3, 6)
        start = rng.randint(1, 14 - length)
        cards = [physical(Rank(start + i), suit, rng.randint(0, 1)) for i in range(length)]
    else:
        rank = rng.choice(list(Rank))
        cards = [physical(rank, s, rng.randint(0, 1)) for s in rng.sample(list(Suit), rng.randint(3, 4))]
    if rng.random() < 0.25:
        cards[rng.randrange(len(cards))] = Card.joker(rng.randint(0, 3))
    return make_meld(cards, RULES)


def hand_inputs(rng: random.Random, size: int, count: int) -> list[tuple[list[Card], Card]]:
    pack = make_pack(2, 4)
    out = []
    for _ in range(count):
        hand = rng.sample(pack, size)
        out.append((hand, rng.choice(hand)))
    return out


def table_inputs(rng: random.Random, melds: int, count: int) -> list[tuple[list[Meld], Card, int]]:
    pack = make_pack(2, 4)
    return [([random_meld(rng) for _ in range(melds)], rng.choice(pack), rng.randint(0, 80)) for _ in range(count)]


@dataclass
class Figures:
    """Per render: wall-clock seconds drawing and encoding, CPU seconds in all, PNG bytes."""

    drawing: list[float] = field(default_factory=list)
    encoding: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)


def measure(draws: Sequence[Callable[[], Image.Image]]) -> Figures:
    """Each input drawn and encoded once, timed on its own."""
    figures = Figures()
    gc.collect()
    gc.disable()
    try:
        for draw in draws:
            c0, t0 = time.thread_time(), time.perf_counter()
            img = draw()
            t1 = time.perf_counter()
            data = png(img)
            t2, c2 = time.perf_counter(), time.thread_time()
            figures.drawing.append(t1 - t0)
            figures.encoding.append(t2 - t1)
            figures.cpu.append(c2 - c0)
            figures.sizes.append(len(data))
    finally:
        gc.enable()
    return figures


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def row(label: str, f: Figures) -> str:
    total = [a + b for a, b in zip(f.drawing, f.encoding, strict=True)]
    ms = 1000
    return (
        f"| {label:<22} | {len(total):>7} | {statistics.median(total) * ms:>7.1f} | {p99(total) * ms:>7.1f} "
        f"| {statistics.median(f.drawing) * ms:>7.1f} | {statistics.median(f.encoding) * ms:>7.1f} "
        f"| {statistics.median(f.cpu) * ms:>7.1f} "
        f"| {statistics.median(f.sizes) / 1000:>8.1f} | {max(f.sizes) / 1000:>8.1f} |"
    )


def empty_caches() -> None:
    for cached in (tiles.card, tiles.back, tiles.blank, tiles.halo, tiles.slot, tiles.badge):
        cached.cache_clear()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--renders", type=int, default=200, help="renders per line of the table")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    lines = []
    header = (
        "| what                   | renders | p50 ms  | p99 ms  | draw ms | PNG ms  | CPU ms  | p50 KB   | max KB   |"
    )
    rule = "|" + "|".join("-" * (len(cell)) for cell in header.split("|")[1:-1]) + "|"

    empty_caches()
    ((hand, drawn),) = hand_inputs(rng, 14, 1)
    lines.append(row("cold hand, 14 cards", measure([partial(hand_image, hand, drawn=drawn)])))
    empty_caches()
    ((melds, top, stock),) = table_inputs(rng, 20, 1)
    lines.append(row("cold table, 20 melds", measure([partial(table_image, melds, top, stock)])))

    def hands(size: int, count: int) -> list[Callable[[], Image.Image]]:
        return [partial(hand_image, h, drawn=d) for h, d in hand_inputs(rng, size, count)]

    def tables(melds: int, count: int) -> list[Callable[[], Image.Image]]:
        return [partial(table_image, m, t, s) for m, t, s in table_inputs(rng, melds, count)]

    def charts(players: int, deals: int, count: int) -> list[Callable[[], Image.Image]]:
        names = [f"Player {i + 1}" for i in range(players)]
        out: list[Callable[[], Image.Image]] = []
        for _ in range(count):
            points = [{s: rng.randint(0, 80) for s in range(players)} for _ in range(deals)]
            out.append(partial(scores_image, names, running_totals(points, players)))
        return out

    for size in (7, 10, 14):
        measure(hands(size, 20))  # warm-up: the single cards are drawn once per process
        lines.append(row(f"hand, {size} cards", measure(hands(size, args.renders))))
    for count in (1, 5, 10, 20):
        measure(tables(count, 20))
        lines.append(row(f"table, {count} meld{'s' if count > 1 else ''}", measure(tables(count, args.renders))))
    for players, deals in ((4, 10), (6, 30)):
        measure(charts(players, deals, 2))
        lines.append(
            row(f"chart, {players}p x {deals} deals", measure(charts(players, deals, max(1, args.renders // 10))))
        )
    print(header)
    print(rule)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
