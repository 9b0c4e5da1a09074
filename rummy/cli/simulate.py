"""``python -m rummy simulate``: whole games between computer players, headless and seeded."""

from __future__ import annotations

import argparse
import json

from rummy import simulate
from rummy.cli.common import Streams
from rummy.cli.registry import Command
from rummy.errors import RummyError

EPILOG = """\
Plays whole games with no I/O and prints each seat's win rate with a 95% Wilson interval, the
average number of deals per game and the games per second; --json prints one JSON object instead.
The same --seed plays the same games. A game still going after 200 deals is stopped and counted
as a draw (a guard of the simulation, not a rule: the rules cap no game's deals).

exit codes: 0 done, 2 malformed input (unknown preset or level, fewer than 2 or more than 6 seats).

example: python -m rummy simulate --preset rami51 --players hard,normal,normal,normal --games 200 --seed 1
"""


def _run(args: argparse.Namespace, streams: Streams) -> int:
    levels = [p.strip().lower() for p in str(args.players).split(",") if p.strip()]
    if args.games < 1:
        streams.stderr.write("rummy simulate: --games must be at least 1\n")
        return 2
    try:
        result = simulate.simulate(args.preset, levels, int(args.games), int(args.seed))
    except (RummyError, ValueError) as exc:
        streams.stderr.write(f"rummy simulate: {exc}\n")
        return 2
    streams.stdout.write((json.dumps(result.to_json()) if args.json else result.format()) + "\n")
    return 0


COMMAND = Command(
    "simulate", "play headless games between computer players and print win rates", EPILOG, simulate.add_arguments, _run
)
