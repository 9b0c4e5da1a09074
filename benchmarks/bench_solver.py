"""Meld solver benchmark: our exact solver beside OpenSpiel's and RLCard's gin rummy melding.

Run by hand from the repository root::

    python benchmarks/bench_solver.py [--hands 2000] [--seed 1]

Gin rummy counts A 1, 2-10 face, J Q K 10, has no jokers and plays the ace low: the same hand
values and melds as our ``basic`` preset, so the deadwood of a 10-card one-deck hand must agree.
The references are optional (``pip install -r requirements-bench.txt``): a missing one is reported
and skipped. Every method sees the same hands in its own card representation (converted before
timing), is warmed up on other hands first, and is timed call by call with the garbage collector
off (as ``timeit`` does). Each method goes over the hands ``--repeat`` times and each hand keeps
its fastest call, so a co-tenant process stealing the CPU does not pass for a slow hand. Figures
are per call: median (p50), 99th percentile and worst hand.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummy.cards import Card, make_pack
from rummy.rules import PRESETS, Rules
from rummy.solver import best_discard, best_melds, min_deadwood

BASIC = PRESETS["basic"]
SUITS = "CDHS"


# -- hands ------------------------------------------------------------------------------------


def random_hands(rng: random.Random, pack: list[Card], size: int, count: int) -> list[list[Card]]:
    return [rng.sample(pack, size) for _ in range(count)]


def rich_hands(rng: random.Random, pack: list[Card], size: int, count: int) -> list[list[Card]]:
    """Most cards from a band of 5 ranks in 3 suits (many overlapping melds), the rest at random."""
    out = []
    for _ in range(count):
        low = rng.randint(1, 9)
        suits = rng.sample(SUITS, 3)
        band = [c for c in pack if c.rank is not None and low <= c.rank < low + 5 and c.suit and c.suit.value in suits]
        hand = rng.sample(band, min(len(band), size * 4 // 5))
        rest = [c for c in pack if not any(c is h for h in hand)]
        out.append(hand + rng.sample(rest, size - len(hand)))
    return out


def joker_hands(rng: random.Random, rules: Rules, size: int, count: int, rich: bool) -> list[list[Card]]:
    """Hands of ``size`` cards from the preset's pack holding 0, 1 or 2 jokers (in turn)."""
    pack = make_pack(rules.decks, rules.jokers)
    naturals = [c for c in pack if not c.is_joker]
    jokers = [c for c in pack if c.is_joker]
    out = []
    for i in range(count):
        j = i % 3
        drawn = rich_hands(rng, naturals, size - j, 1)[0] if rich else rng.sample(naturals, size - j)
        out.append(drawn + jokers[:j])
    return out


# -- references -------------------------------------------------------------------------------


def openspiel_method() -> tuple[Callable[[Any], int], Callable[[list[Card]], Any]] | str:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return "not installed (pip install open_spiel)"
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    order = {"S": 0, "C": 1, "D": 2, "H": 3}  # card_string(0) == "As", (13) == "Ac"

    def convert(hand: list[Card]) -> list[int]:
        return [order[c.suit.value] * 13 + int(c.rank) - 1 for c in hand]  # type: ignore[union-attr,arg-type]

    return utils.min_deadwood, convert


def rlcard_method() -> tuple[Callable[[Any], int], Callable[[list[Card]], Any]] | str:
    try:
        from rlcard.games.gin_rummy.utils import melding  # type: ignore[import-not-found]
        from rlcard.games.gin_rummy.utils import utils as rl_utils
    except ImportError:
        return "not installed (pip install rlcard)"
    ranks = "A23456789TJQK"

    def convert(hand: list[Card]) -> list[Any]:
        return [rl_utils.card_from_text(ranks[int(c.rank) - 1] + c.suit.value) for c in hand]  # type: ignore[union-attr,arg-type]

    def deadwood(hand: list[Any]) -> int:
        clusters = melding.get_best_meld_clusters(hand)
        if not clusters:
            return sum(rl_utils.get_deadwood_value(c) for c in hand)
        return int(rl_utils.get_deadwood_count(hand, clusters[0]))

    return deadwood, convert


# -- timing -----------------------------------------------------------------------------------


REPEAT = 3


def timed(fn: Callable[[Any], Any], inputs: Sequence[Any], warm: Sequence[Any]) -> tuple[list[float], list[Any]]:
    """Seconds per call (each input's fastest of ``REPEAT`` passes) and the results of the first pass."""
    for x in warm:
        fn(x)
    best = [float("inf")] * len(inputs)
    results: list[Any] = []
    gc_was = gc.isenabled()
    gc.disable()
    try:
        for round_ in range(REPEAT):
            for i, x in enumerate(inputs):
                t = time.perf_counter()
                result = fn(x)
                best[i] = min(best[i], time.perf_counter() - t)
                if round_ == 0:
                    results.append(result)
    finally:
        if gc_was:
            gc.enable()
    return best, results


def p99(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def us_row(*cells: object, times: list[float], tail: object = "") -> str:
    figures = f"{statistics.median(times) * 1e6:.1f} | {p99(times) * 1e6:.1f}"
    return "| " + " | ".join(str(c) for c in cells) + f" | {figures} | {tail} |"


def gin_section(rng: random.Random, count: int) -> list[str]:
    pack = make_pack(1, 0)
    rows = [
        "10-card one-deck hands, `basic` (= gin rummy values), per call",
        "",
        "| hands | method | median µs | p99 µs | deadwood ≠ ours |",
        "|---|---|---:|---:|---:|",
    ]
    references = {"OpenSpiel C++ min_deadwood": openspiel_method(), "RLCard best meld clusters": rlcard_method()}
    ratios: list[str] = []
    for kind, make in (("random", random_hands), ("meld-rich", rich_hands)):
        hands = make(rng, pack, 10, count)
        warm = make(rng, pack, 10, min(count, 500))
        ours_md, truth = timed(lambda h: min_deadwood(h, BASIC), hands, warm)
        ours_bm, _ = timed(lambda h: best_melds(h, BASIC), hands, warm)
        rows.append(us_row(kind, "ours: min_deadwood", times=ours_md, tail="-"))
        rows.append(us_row(kind, "ours: best_melds (real Meld objects)", times=ours_bm, tail="-"))
        for name, method in references.items():
            if isinstance(method, str):
                rows.append(f"| {kind} | {name} | {method} | | |")
                continue
            fn, convert = method
            times, got = timed(fn, [convert(h) for h in hands], [convert(h) for h in warm])
            wrong = sum(1 for a, b in zip(got, truth, strict=True) if a != b)
            rows.append(us_row(kind, name, times=times, tail=wrong))
            ratio = statistics.median(ours_md) / statistics.median(times)
            speed = f" ({1 / ratio:.1f}x faster)" if ratio < 1 else ""
            ratios.append(f"{kind}: our min_deadwood takes {ratio:.2f}x the median time of {name}{speed}")
    return [*rows, "", *ratios]


def rami_section(rng: random.Random, count: int) -> list[str]:
    rows = [
        "14-card two-deck hands with 0-2 jokers (a third each), per call",
        "",
        "| preset | hands | call | p50 ms | p99 ms | max ms |",
        "|---|---|---|---:|---:|---:|",
    ]
    for name in ("rami51", "ref51"):
        rules = PRESETS[name]
        for kind, rich in (("random", False), ("meld-rich", True)):
            hands = joker_hands(rng, rules, 14, count, rich)
            warm = joker_hands(rng, rules, 14, min(count, 300), rich)
            calls: list[tuple[str, Callable[[list[Card]], Any]]] = [
                ("best_melds deadwood", lambda h, r=rules: best_melds(h, r)),
                ("best_melds opening", lambda h, r=rules: best_melds(h, r, "opening")),
                ("min_deadwood", lambda h, r=rules: min_deadwood(h, r)),
                ("best_discard (all 14 tried)", lambda h, r=rules: best_discard(h, r)),
            ]
            for label, fn in calls:
                times, _ = timed(fn, hands, warm)
                figures = f"{statistics.median(times) * 1e3:.3f} | {p99(times) * 1e3:.3f} | {max(times) * 1e3:.3f}"
                rows.append(f"| {name} | {kind} | {label} | {figures} |")
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=2000, help="hands per row (default 2000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the hand generator (default 1)")
    parser.add_argument("--repeat", type=int, default=3, help="passes over the hands; each keeps its fastest")
    args = parser.parse_args(argv)
    global REPEAT
    REPEAT = max(1, args.repeat)
    rng = random.Random(args.seed)
    print(f"Python {sys.version.split()[0]}, {args.hands} hands per row, seed {args.seed}, best of {REPEAT} passes")
    print()
    print("\n".join(gin_section(rng, args.hands)))
    print()
    print("\n".join(rami_section(rng, args.hands)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
