"""Load benchmark: the real bot under many concurrent games, beside a do-nothing floor bot, plus the service alone.

Run by hand from the repository root: ``python benchmarks/bench_load.py`` (about four minutes).

Through the fake Discord (``tests/fakediscord``), ``python bot.py`` and ``benchmarks/floor_bot.py``
(answers ``/ping`` with "pong") run side by side, each in its own fake holding the same world
(``--games`` channels, two members each), and are measured in turn. The bot is driven only through the
fake, as players would (``benchmarks/load_games.py``): its database and code are never read.

* steady: ``--rate`` actions per second for ``--seconds``, round robin over the channels, on the floor
  then on the bot. For the bot, each channel holds a game of ``basic`` and an action is the next step
  of its draw/discard cycle, one in five a look (``/hand``, ``/table``); see ``benchmarks/load_games.py``.
* burst: ``--burst`` actions sent at once, one per channel; ``--bursts`` of them per bot, the two bots
  taking turns (floor, bot, floor, bot...) so that a slow moment of a shared machine falls on both.
  The burst figures pool every action of every burst, for information; the verdict takes each
  round's p99 ratio (ours over the floor's) and compares their median with the target. All the
  games move in step, so each burst of the bot is one kind of action (draw, discard, draw, discard,
  a look: a cycle of five); the default of ten rounds takes every kind twice, and a median of ten
  ratios moves less with one noisy burst than a median of five.

Latency is dispatch to first reply (the fake's clock, both bots measured the same way); actions per
second are answered actions over the time from the first dispatch to the last first reply (summed
over the bursts). The time to
the last answer of each action (the bot's private hand is a follow-up after its first reply) is printed
too, for information: the floor's only answer is its first. So are each bot's main-thread CPU per burst
(Linux ``schedstat``: the work the burst cost the bot, much steadier than its latency) and this
process's own CPU per burst (the fake Discord and the driver: the instrument's load). Memory is
the bot process's ``VmRSS`` (and peak ``VmHWM``) from ``/proc``. Targets on a 2-core machine: steady p99
at most the floor's p99 + 20 ms; burst p99 at most 1.5 x the floor's p99 (the median over the rounds).

In process: ``GameService`` with a real ``Database`` file and the rules, no network, all games at once;
target at least 1,000 committed actions per second. It runs at ``synchronous=FULL`` (the bot's default:
an action survives a power cut) and at ``NORMAL`` (WAL: an action survives a killed process), because
FULL costs one fsync per action and the disk decides what that costs.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import re
import statistics
import sys
import tempfile
import time
from collections import Counter
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.load_discord import (
    REPO,
    Check,
    LoadWorld,
    Phase,
    Send,
    channel_calls_per_second,
    ping_sender,
    run_phase,
    settle,
)
from benchmarks.load_games import GameLoad, set_up_games
from benchmarks.load_service import ServiceRun, run_service
from tests.fakediscord import FakeDiscord

STEADY_MARGIN = 0.020  # seconds over the floor's p99
ERROR_HEAD = re.compile(r"^\S+ \S+ +ERROR +")  # "2026-01-01 12:00:00 ERROR    "

BURST_FACTOR = 1.5


@dataclass
class Contender:
    """One bot in its own fake Discord, holding the same world as the other's, ready for load."""

    kind: str  # "ours" or "floor"
    fake: FakeDiscord
    world: LoadWorld
    send: Send
    check: Check | None
    load: GameLoad | None = None
    results: dict[str, object] = field(default_factory=dict)

    @classmethod
    async def start(cls, kind: str, args: argparse.Namespace, folder: Path, stack: AsyncExitStack) -> Contender:
        fake = await stack.enter_async_context(FakeDiscord())
        world = await LoadWorld.build(fake, args.games)
        if kind == "ours":
            db_path = folder / "ours.sqlite3"
            env = {"RAMI_DB_PATH": str(db_path), "RAMI_DEV_GUILD": str(world.channels[0].guild_id)}
            await world.start(REPO / "bot.py", env)
            load = GameLoad(world, await set_up_games(world))
            contender = cls(kind, fake, world, load.send, load.check, load)
        else:
            await world.start(REPO / "benchmarks" / "floor_bot.py", {})
            contender = cls(kind, fake, world, ping_sender(world), None)
        await settle(world)
        contender.results["idle"] = world.memory_kib()
        return contender

    async def prepare(self, count: int) -> None:
        """Learn again, through the fake, what the next phase needs of the games (see load_games)."""
        if self.load is not None and await self.load.prepare(count):
            await settle(self.world)

    async def steady(self, args: argparse.Namespace) -> None:
        count = int(args.rate * args.seconds)
        await self.prepare(count)
        begin = time.perf_counter()
        self.results["steady"] = await run_phase(self.world, "steady", self.send, count, args.rate, self.check)
        self.results["calls"] = channel_calls_per_second(self.world, begin, time.perf_counter())
        await settle(self.world)

    async def burst(self, size: int) -> Phase:
        await self.prepare(size)
        phase = await run_phase(self.world, "burst", self.send, size, None, self.check)
        await settle(self.world)
        bursts = self.results.setdefault("bursts", [])
        assert isinstance(bursts, list)
        bursts.append(phase)
        if self.load is not None:  # which action the games were at (they move in step)
            kinds = self.results.setdefault("kinds", [])
            assert isinstance(kinds, list)
            kinds.append(Counter(command for _track, command in self.load.sent).most_common(1)[0][0])
        return phase

    async def stop(self) -> None:
        self.results["memory"] = self.world.memory_kib()
        assert self.world.process is not None
        self.results["errors"] = self.world.process.error_lines()
        self.results["unknown"] = list(self.fake.unknown_routes)
        await self.world.stop()


async def measure(args: argparse.Namespace, folder: Path) -> tuple[dict[str, object], dict[str, object]]:
    """Both bots, each in its own fake Discord: the steady load on one then the other, then the
    bursts taking turns (floor, ours, floor, ours...), so a slower moment of a shared machine
    falls on both rather than on one of them."""
    async with AsyncExitStack() as stack:
        floor = await Contender.start("floor", args, folder, stack)
        ours = await Contender.start("ours", args, folder, stack)
        for contender in (floor, ours):
            await contender.steady(args)
        for _ in range(args.bursts):
            for contender in (floor, ours):
                await contender.burst(args.burst)
        for contender in (floor, ours):
            contender.results["burst"] = Phase.pooled("burst", contender.results["bursts"])  # type: ignore[arg-type]
            await contender.stop()
    return ours.results, floor.results


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f}"


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def round_ratios(ours: dict[str, object], floor: dict[str, object]) -> list[float]:
    """Each round's burst p99 of our bot over the floor's (the two bursts of a round are back to back)."""
    mine, theirs = ours["bursts"], floor["bursts"]
    assert isinstance(mine, list) and isinstance(theirs, list)
    return [m.quantile(0.99) / f.quantile(0.99) for m, f in zip(mine, theirs, strict=True)]


def burst_ratio(ours: dict[str, object], floor: dict[str, object]) -> float:
    """The burst verdict's figure: the median over the rounds of :func:`round_ratios`. One slow
    burst of either bot (a collection in the floor, a neighbour on the machine) moves it little,
    where it would decide a p99 pooled over every burst."""
    return statistics.median(round_ratios(ours, floor))


def cpu_lines(ours: dict[str, object], floor: dict[str, object], size: int) -> list[str]:
    """Where the burst time goes: each bot's main-thread CPU per burst (the bot's work, steadier
    than its latency), and this process's own (the fake Discord and the driver, shared by both)."""
    lines, harness = [], []
    for kind, result in (("ours", ours), ("floor", floor)):
        bursts = result["bursts"]
        assert isinstance(bursts, list)
        whose = "our bursts" if kind == "ours" else "the floor's"
        harness.append(f"{ms(statistics.median(b.harness_cpu for b in bursts))} during {whose}")
        cpu = [b.bot_cpu for b in bursts]
        if None in cpu:
            continue
        median = statistics.median(cpu)
        lines.append(
            f"  {kind}, main-thread CPU of each burst (ms): "
            + ", ".join(ms(c) for c in cpu)
            + f"; median {ms(median)}, {median / size * 1e6:.0f} µs per action"
        )
    lines.append("  fake Discord and driver (this process), CPU per burst, median (ms): " + ", ".join(harness))
    return lines


def report(
    ours: dict[str, object], floor: dict[str, object], service: list[ServiceRun], args: argparse.Namespace
) -> str:
    rows = [("scenario", "ours p50/p99 ms", "floor p50/p99 ms", "target", "verdict")]
    for name, label in (
        ("steady", f"steady {args.rate:g}/s over {args.games} games"),
        ("burst", f"{args.bursts} bursts of {args.burst} at once"),
    ):
        o, f = ours[name], floor[name]
        assert isinstance(o, Phase) and isinstance(f, Phase)
        op99, fp99 = o.quantile(0.99), f.quantile(0.99)
        if name == "steady":
            target, ok = f"p99 <= {ms(fp99 + STEADY_MARGIN)}", op99 <= fp99 + STEADY_MARGIN
        else:
            ratio = burst_ratio(ours, floor)
            target, ok = f"p99 ratio {ratio:.2f} <= {BURST_FACTOR}", ratio <= BURST_FACTOR
        ok = ok and not o.failed and not o.refused
        rows.append(
            (label, f"{ms(o.quantile(0.5))} / {ms(op99)}", f"{ms(f.quantile(0.5))} / {ms(fp99)}", target, verdict(ok))
        )
    for run in service:
        rows.append(
            (
                f"in-process, synchronous={run.synchronous}",
                f"{run.rate:,.0f} actions/s",
                "-",
                ">= 1,000 actions/s",
                verdict(run.rate >= 1000 and run.logged == run.actions),
            )
        )
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)) for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    lines.append("")
    for kind, result in (("ours", ours), ("floor", floor)):
        steady, burst = result["steady"], result["burst"]
        assert isinstance(steady, Phase) and isinstance(burst, Phase)
        idle, memory = result["idle"], result["memory"]
        assert isinstance(idle, dict) and isinstance(memory, dict)
        lines.append(
            f"{kind}: steady {steady.rate:.1f} actions/s answered ({len(steady.latencies)} actions), "
            f"burst {burst.rate:.1f}/s; refused {steady.refused + burst.refused}, failed "
            f"{steady.failed + burst.failed}; RSS {idle['VmRSS'] / 1024:.1f} MiB idle, "
            f"{memory['VmRSS'] / 1024:.1f} MiB after, peak {memory['VmHWM'] / 1024:.1f} MiB; "
            f"channel REST calls {result['calls']:.1f}/s during steady; "
            f"error log lines {len(result['errors'])}; unknown routes {len(result['unknown'])}"
        )  # type: ignore[arg-type]
        lines.append(
            f"  {kind}, last answer of each action (follow-ups included) p50/p99 ms: steady "
            f"{ms(steady.last_quantile(0.5))} / {ms(steady.last_quantile(0.99))}, burst "
            f"{ms(burst.last_quantile(0.5))} / {ms(burst.last_quantile(0.99))}"
        )
    for kind, result in (("ours", ours), ("floor", floor)):
        bursts = result["bursts"]
        assert isinstance(bursts, list)
        lines.append(f"  {kind}, p99 of each burst in turn (ms): " + ", ".join(ms(b.quantile(0.99)) for b in bursts))
    kinds = ours.get("kinds", [])
    assert isinstance(kinds, list)
    lines.append("  ours, action of each burst: " + ", ".join(f"/{k}" for k in kinds))
    lines.append(
        "  burst p99 ratio of each round (ours / floor): " + ", ".join(f"{r:.2f}" for r in round_ratios(ours, floor))
    )
    lines += cpu_lines(ours, floor, args.burst)
    errors = ours["errors"]
    assert isinstance(errors, list)
    common = Counter(ERROR_HEAD.sub("", line)[:120] for line in errors if "ERROR" in line).most_common(3)
    lines += [f"  ours, {n} x: {text}" for text, n in common]
    for run in service:
        lines.append(
            f"in-process {run.synchronous}: {run.actions} actions in {run.seconds:.2f}s over {run.games} "
            f"games, {run.logged} found committed in the log"
        )
    return "\n".join(lines)


async def main_async(args: argparse.Namespace) -> str:
    with tempfile.TemporaryDirectory(prefix="rami-load-", dir=args.tmp) as tmp:
        folder = Path(tmp)
        ours, floor = await measure(args, folder)
        service = [await run_service(folder, level, args.games, args.service_seconds) for level in ("FULL", "NORMAL")]
    return report(ours, floor, service, args)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rate", type=float, default=100.0, help="actions per second in the steady phase")
    parser.add_argument("--seconds", type=float, default=30.0, help="length of the steady phase")
    parser.add_argument("--burst", type=int, default=200, help="actions sent at once in a burst")
    parser.add_argument("--bursts", type=int, default=10, help="bursts per bot, taking turns with the other bot")
    parser.add_argument("--service-seconds", type=float, default=5.0)
    parser.add_argument("--tmp", default=None, help="folder for the databases (default: the system's temp)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    print(asyncio.run(main_async(args)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
