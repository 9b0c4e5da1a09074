"""Load benchmark: the real bot under many concurrent games beside two do-nothing floor bots (the guard), and
beside another checkout's bot (the comparison, with ``--versus``), plus the game service alone.

Run by hand from the repository root: ``python benchmarks/bench_load.py [--versus DIR] [--games 200 1000]``.

Contenders, each a process against its own fake Discord (``tests/fakediscord``) holding the same world
(``--games`` channels, two members each), each real bot with its own database file:

* the floors: ``benchmarks/floor_bot.py``, a discord.py bot that only answers ``/ping``. The *hand*
  floor answers with a real private hand's embed and components, built once, and edits one channel
  message per action, as our turn line does: what discord.py costs to send what our bot sends. The
  *pong* floor answers "pong": what any discord.py bot costs on this machine, for reference;
* ours: ``python bot.py`` of this checkout (``--ours DIR``: of another checkout, so that two
  versions neither of which is this one are measured side by side, e.g. an old commit with and
  without one piece of machinery);
* versus (``--versus DIR``): ``python DIR/bot.py`` run in ``DIR``, another checkout of the bot (e.g. a
  ``git worktree`` of an older commit). It runs with this interpreter, so ``DIR``'s requirements must be
  installed in it. ``--versus-env NAME=VALUE`` (repeatable) sets its environment only, so that one
  checkout runs against itself with a setting changed: ``--versus . --versus-env RAMI_PICTURES=off``
  is this bot with pictures, side by side with the same bot text only.

Ours and versus are driven exactly alike and only through the fake Discord, as players would
(``benchmarks/load_games.py``): every channel holds a game of ``basic``, and an action is the next step of
its draw/discard cycle, one in five a look (``/hand``, ``/table``). The benchmark never reads a bot's
database or imports its code, so it drives any version of the bot with the same commands, whatever its
storage or the layout of its packages. The floors' action is ``/ping`` in the same channels.

Expert tables (``--expert-tables N``, issue 29: a table of three experts must not slow the first replies
to people at other tables): ``N`` more channels in the worlds of ours and versus (the floors have none),
each a game of one more member and three ``expert`` computer players, playing while that bot's phases are
measured and only then (``benchmarks/load_experts.py``). Their replies are not in any figure of the
people's; the guard is the same. The details say how many expert actions were told in their channels
while they ran, and the CPU of the bot's other processes (the expert's worker, the pictures) during
each phase. ``--versus-expert-tables M`` gives versus ``M`` instead: ``--versus . --expert-tables 3
--versus-expert-tables 0`` is this bot with and without expert tables, round by round in one run.

Phases:

* steady: ``--rate`` actions per second for ``--seconds``, round robin over the channels; the floors,
  then ours, then versus.
* burst: ``--burst`` actions sent at once, one per channel; ``--bursts`` rounds, a round being one burst
  of each contender back to back (the floors, ours, versus), so that a slow moment of a shared machine falls
  on all of them rather than on one. All the games move in step, so each burst of a real bot is one kind
  of action (draw, discard, draw, discard, a look: a cycle of five); the default of ten rounds takes
  every kind twice, and a median of ten ratios moves less with one noisy round than a median of five.

Latency is dispatch to first reply (the fake's clock, every bot measured the same way); actions per
second are answered actions over the time from the first dispatch to the last first reply (summed
over the bursts). Printed for information: the time to the last message each action sent (the private
hand is a follow-up after the public reply; the floor's only answer is its first; later edits, such
as an open hand redrawn as the game moves on, are not the action's answer); each bot's
main-thread CPU per burst (Linux ``schedstat``: the work the burst cost the bot, which the other
processes on the machine do not inflate the way they delay its replies); this process's own CPU per
burst (the fake Discord and the driver: the instrument's load); the bot process's ``VmRSS`` (and peak
``VmHWM``) from ``/proc``.

The guard, ours against the hand floor: steady p99 at most its p99 + 20 ms; the median over the
rounds of the burst p99 ratio (ours over its) at most 1.5; no action refused or unanswered. It
catches a bot whose own work became much more than discord.py's for the same messages on the same
machine; it is not a target to tune for. The report's first table ends with ``GUARD OK`` or ``GUARD
BROKEN: <what broke>``; the pong floor's figures and our ratio to them are printed beside.

Growth: ``--games 200 1000`` runs everything once per number of games, back to back at the same rate,
then prints ours steady p99 and main-thread CPU per action (median burst) at each, with their ratio
(at most 1.25), and the service alone's actions per second (at the most games, at least 0.8 times
those at the fewest); ``GROWTH OK`` or ``GROWTH BROKEN: ...``.

The comparison, ours against versus, for information (no guard): per round the burst p99 ratio and the
main-thread CPU ratio (ours over versus), their medians, the steady p50/p99 and the memory of both.
Measuring a change (a piece of machinery added or removed) is running this with ``--versus`` a
checkout without it: the ratios of its own rounds, all in the same run.

In process (``benchmarks/load_service.py``, which imports the service of this checkout):
``GameService`` with a real ``Database`` file and the rules, no network, all games at once, each run in
a process of its own (nothing of the fake Discords in its heap) and counted after two seconds of warm-up
(see that module); guard: at least 1,000 committed actions per second. It runs at
``synchronous=FULL`` (the bot's default: an action survives a power cut) and at ``NORMAL`` (WAL: an
action survives a killed process), because FULL costs one fsync per action and the disk decides what
that costs.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import multiprocessing
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from contextlib import AsyncExitStack
from dataclasses import dataclass
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
from benchmarks.load_experts import FALLBACK, ExpertTables
from benchmarks.load_games import GameLoad, set_up_games
from benchmarks.load_report import FLOORS, Beside, Measured, Run, growth, report
from benchmarks.load_service import LEVELS, ServiceRun, run_service_alone
from tests.fakediscord import FakeDiscord


def describe(checkout: Path) -> str:
    """The checkout's folder and commit (``+changes`` when tracked files differ from it)."""
    git = ["git", "-C", str(checkout)]
    head = subprocess.run([*git, "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False)
    if head.returncode != 0:
        return str(checkout)
    status = subprocess.run(
        [*git, "status", "--porcelain", "--untracked-files=no"], capture_output=True, text=True, check=False
    )
    return f"{checkout} at {head.stdout.strip()}{' +changes' if status.stdout.strip() else ''}"


@dataclass
class Contender:
    """One bot in its own fake Discord, holding the same world as the others', ready for load."""

    world: LoadWorld
    send: Send
    check: Check | None
    load: GameLoad | None
    measured: Measured
    experts: ExpertTables | None = None

    @classmethod
    async def start(
        cls,
        kind: str,
        checkout: Path | None,
        args: argparse.Namespace,
        games: int,
        folder: Path,
        stack: AsyncExitStack,
    ) -> Contender:
        """``checkout`` is the real bot's folder (None: a floor bot of this checkout, ``kind`` its shape)."""
        fake = await stack.enter_async_context(FakeDiscord())
        tables = 0 if checkout is None else args.expert_tables
        if kind == "versus" and args.versus_expert_tables is not None:
            tables = args.versus_expert_tables
        world = await LoadWorld.build(fake, games, tables)
        stack.push_async_callback(world.stop)  # a run that fails leaves no bot behind
        if checkout is None:
            await world.start(REPO / "benchmarks" / "floor_bot.py", {"FLOOR": kind})
            contender = cls(world, ping_sender(world), None, None, Measured(kind, describe(REPO)))
        else:
            db_path = folder / f"{kind}.sqlite3"
            env = {"RAMI_DB_PATH": str(db_path), "RAMI_DEV_GUILD": str(world.channels[0].guild_id)}
            label = describe(checkout)
            if kind == "versus" and args.versus_env:
                env.update(args.versus_env)
                label += " with " + " ".join(f"{name}={value}" for name, value in args.versus_env)
            await world.start(checkout / "bot.py", env, cwd=checkout)
            load = GameLoad(world, await set_up_games(world))
            contender = cls(world, load.send, load.check, load, Measured(kind, label, expert_tables=tables))
            if world.experts:
                contender.experts = ExpertTables(world)
                stack.push_async_callback(contender.experts.close)
                await contender.experts.set_up()
        await settle(world)
        contender.measured.idle = world.memory_kib()
        return contender

    async def phase(self, name: str, count: int, rate: float | None) -> Phase:
        """One measured phase; the expert tables, if any, running during it (and only then)."""
        if self.load is not None and await self.load.prepare(count):
            await settle(self.world)
        running = time.perf_counter()
        if self.experts is not None:
            await self.experts.start()
        children, begin = self.world.children_cpu(), time.perf_counter()
        phase = await run_phase(self.world, name, self.send, count, rate, self.check)
        end, children_after = time.perf_counter(), self.world.children_cpu()
        actions = members = 0
        if self.experts is not None:
            await self.experts.stop()
            actions, members = self.experts.count(running, time.perf_counter())
        if self.load is not None:  # a real bot: its other processes' CPU, with expert tables or without
            cpu = None if children is None or children_after is None else children_after - children
            beside = Beside(end - begin, time.perf_counter() - running, actions, members, cpu)
            self.measured.beside.setdefault(name, []).append(beside)
        await settle(self.world)
        return phase

    async def steady(self, args: argparse.Namespace) -> None:
        begin = time.perf_counter()
        self.measured.steady = await self.phase("steady", int(args.rate * args.seconds), args.rate)
        self.measured.calls = channel_calls_per_second(self.world, begin, time.perf_counter())

    async def burst(self, size: int) -> None:
        self.measured.bursts.append(await self.phase("burst", size, None))
        if self.load is not None:  # which action the games were at (they move in step)
            self.measured.kinds.append(Counter(command for _track, command in self.load.sent).most_common(1)[0][0])

    async def stop(self) -> None:
        self.measured.memory = self.world.memory_kib()
        assert self.world.process is not None
        self.measured.errors = self.world.process.error_lines()
        self.measured.fallbacks = sum(FALLBACK in line for line in self.world.process.lines)
        self.measured.unknown = list(self.world.fake.unknown_routes)
        await self.world.stop()


async def measure(args: argparse.Namespace, games: int, folder: Path) -> list[Measured]:
    """Every contender in its own fake Discord: the steady load on one after the other, then the
    rounds of bursts, each contender in turn in every round."""
    async with AsyncExitStack() as stack:
        contenders = [await Contender.start(kind, None, args, games, folder, stack) for kind in FLOORS]
        contenders.append(await Contender.start("ours", args.ours, args, games, folder, stack))
        if args.versus is not None:
            contenders.append(await Contender.start("versus", args.versus, args, games, folder, stack))
        for contender in contenders:
            await contender.steady(args)
        for _ in range(args.bursts):
            for contender in contenders:
                await contender.burst(args.burst)
        for contender in contenders:
            await contender.stop()
    return [c.measured for c in contenders]


async def service_alone(folder: Path, games: int, seconds: float) -> list[ServiceRun]:
    """The service alone at FULL then NORMAL, each in a fresh process: this one holds every fake
    Discord's records (each result keeps its fake's state), which are no part of the service."""
    loop = asyncio.get_running_loop()
    spawn = multiprocessing.get_context("spawn")
    runs = []
    for level in LEVELS:
        with ProcessPoolExecutor(1, mp_context=spawn) as pool:
            runs.append(await loop.run_in_executor(pool, run_service_alone, folder, level, games, seconds))
    return runs


async def main_async(args: argparse.Namespace) -> None:
    """One report per number of games (``--games``), back to back, each printed once measured, then
    the growth between the fewest and the most."""
    runs = []
    for games in args.games:
        with tempfile.TemporaryDirectory(prefix="rami-load-", dir=args.tmp) as tmp:
            folder = Path(tmp)
            measured = await measure(args, games, folder)
            service = await service_alone(folder, games, args.service_seconds)
        run = Run(games, *measured[:3], measured[3] if len(measured) > 3 else None, service)
        runs.append(run)
        print(report(run, args.rate, args.burst), end="\n\n", flush=True)
    if len(runs) > 1:
        print("\n".join(growth(runs[0], runs[-1])), flush=True)


def checkout(text: str) -> Path:
    folder = Path(text).resolve()
    if not (folder / "bot.py").is_file():
        raise argparse.ArgumentTypeError(f"{folder} holds no bot.py")
    return folder


def count(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a count (0 or more)")
    return value


def setting(text: str) -> tuple[str, str]:
    name, equals, value = text.partition("=")
    if not equals or not name:
        raise argparse.ArgumentTypeError(f"{text!r} is not NAME=VALUE")
    return name, value


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line's options (``argv``: the process's arguments when None)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--games",
        type=int,
        nargs="+",
        default=[200],
        metavar="N",
        help="active games (channels); several (e.g. 200 1000): one run each, back to back, and their growth",
    )
    parser.add_argument("--rate", type=float, default=100.0, help="actions per second in the steady phase")
    parser.add_argument("--seconds", type=float, default=30.0, help="length of the steady phase")
    parser.add_argument("--burst", type=int, default=200, help="actions sent at once in a burst")
    parser.add_argument("--bursts", type=int, default=10, help="rounds of bursts (one burst of each bot per round)")
    parser.add_argument(
        "--ours",
        type=checkout,
        default=REPO,
        metavar="DIR",
        help="run DIR/bot.py as ours instead of this checkout's (to compare two other checkouts)",
    )
    parser.add_argument(
        "--versus", type=checkout, default=None, metavar="DIR", help="also run DIR/bot.py, another checkout, alike"
    )
    parser.add_argument(
        "--versus-env",
        type=setting,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an environment variable for the versus bot only (e.g. RAMI_PICTURES=off)",
    )
    parser.add_argument(
        "--expert-tables",
        type=count,
        default=0,
        metavar="N",
        help="N more channels of ours (and versus), each a table of one member and three experts, "
        "playing while ours are measured (issue 29); 0: none",
    )
    parser.add_argument(
        "--versus-expert-tables",
        type=count,
        default=None,
        metavar="N",
        help="versus's expert tables instead of as many as ours: e.g. --versus . --expert-tables 3 "
        "--versus-expert-tables 0 measures what the expert tables cost, side by side in one run",
    )
    parser.add_argument("--service-seconds", type=float, default=5.0)
    parser.add_argument("--tmp", default=None, help="folder for the databases (default: the system's temp)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    logging.basicConfig(level=logging.WARNING)
    asyncio.run(main_async(args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
