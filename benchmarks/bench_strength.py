"""Strength of the computer players: ``hard`` against three ``normal``, and ``normal`` against three ``easy``.

Run by hand (it takes a while): ``python benchmarks/bench_strength.py`` plays 1,000 four-player games per
preset and matchup; ``--games 200`` plays fewer, ``--presets basic,rami51`` picks presets, ``--workers``
spreads the games over processes (default: every core). The strong seat is seat 1; the first dealer is
drawn at random each game, so no seat keeps the start. Par for one seat of four is 25%; the target
for ``hard`` is 40%; ``normal`` must beat par clearly (its whole 95% interval above 25%). Prints one
table measured in this run, or ``--json`` for one JSON object. All six presets and both matchups at
1,000 games take about an hour and a half on two cores.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rummy.rules import PRESETS, find_preset
from rummy.simulate import DEAL_CAP, play_game, wilson

MATCHUPS = {
    "hard-vs-normal": ("hard", "normal", "normal", "normal"),
    "normal-vs-easy": ("normal", "easy", "easy", "easy"),
}
TARGET = 0.40
PAR = 0.25


def _chunk(job: tuple[str, tuple[str, ...], int, int, int]) -> tuple[float, int, int]:
    """Play games ``start`` to ``stop`` of one preset and matchup: (seat-1 wins, draws, deals)."""
    preset, levels, seed, start, stop = job
    rules = find_preset(preset)
    wins = 0.0
    draws = deals = 0
    for i in range(start, stop):
        record = play_game(rules, levels, f"{seed}:{preset}:{'-'.join(levels)}:{i}", DEAL_CAP)
        deals += record.deals
        draws += record.capped
        if 0 in record.winners:
            wins += 1 / len(record.winners)
    return wins, draws, deals


def measure(
    preset: str, levels: tuple[str, ...], games: int, seed: int, pool: ProcessPoolExecutor, workers: int
) -> dict[str, object]:
    started = time.perf_counter()
    step = max(1, games // (workers * 4))
    jobs = [(preset, levels, seed, i, min(games, i + step)) for i in range(0, games, step)]
    wins = 0.0
    draws = deals = 0
    for w, d, n in pool.map(_chunk, jobs):
        wins += w
        draws += d
        deals += n
    low, high = wilson(wins, games)
    return {
        "preset": preset,
        "players": list(levels),
        "games": games,
        "wins": wins,
        "win_rate": wins / games,
        "ci95": [low, high],
        "draws": draws,
        "average_deals": deals / games,
        "seconds": time.perf_counter() - started,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000, help="games per preset and matchup (default 1000)")
    parser.add_argument("--presets", default=",".join(PRESETS), help="comma-separated presets (default: all)")
    parser.add_argument("--matchups", default=",".join(MATCHUPS), help=f"comma-separated: {', '.join(MATCHUPS)}")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    args = parser.parse_args(argv)
    presets = [p.strip() for p in args.presets.split(",") if p.strip()]
    matchups = [m.strip() for m in args.matchups.split(",") if m.strip()]
    rows = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for matchup in matchups:
            for preset in presets:
                row = measure(preset, MATCHUPS[matchup], args.games, args.seed, pool, args.workers)
                row["matchup"] = matchup
                rows.append(row)
                if not args.json:
                    print(_line(row), flush=True)
    if args.json:
        print(json.dumps({"target": TARGET, "par": PAR, "results": rows}))
    return 0


def verdict(row: dict[str, object]) -> str:
    """hard vs normal: a win rate of at least 40%; normal vs easy: clearly above par (the whole 95% CI)."""
    low, _high = row["ci95"]  # type: ignore[misc]
    if row["matchup"] == "hard-vs-normal":
        met = float(row["win_rate"]) >= TARGET  # type: ignore[arg-type]
        return f"target {TARGET:.0%} ({'meets' if met else 'below'})"
    return f"target: CI above par ({'meets' if float(low) > PAR else 'below'})"


def _line(row: dict[str, object]) -> str:
    low, high = row["ci95"]  # type: ignore[misc]
    rate = float(row["win_rate"])  # type: ignore[arg-type]
    return (
        f"{row['matchup']:<15} {row['preset']:<9} games {row['games']:>5}  seat-1 win rate {rate:6.1%}  "
        f"95% CI {low:6.1%} to {high:6.1%}  {verdict(row)}  par {PAR:.0%}  "
        f"draws {row['draws']}  deals/game {float(row['average_deals']):.1f}  "  # type: ignore[arg-type]
        f"{float(row['seconds']):.0f}s"
    )  # type: ignore[arg-type]


if __name__ == "__main__":
    sys.exit(main())
