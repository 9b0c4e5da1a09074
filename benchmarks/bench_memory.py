"""What the bot holds: bytes per open hand and per active game, and the longest full collection.

Run by hand from the repository root: ``python benchmarks/bench_memory.py [--ours DIR] [--versus DIR]``
(by default this checkout alone; e.g. ``--ours /work/main --versus /work/wt-onepath`` for a change
before and after). Never in tests.

For each size (``--sizes``, 200 then 1,000 active games) and each checkout, in that order, a real
``python bot.py`` runs against its own fake Discord (``tests/fakediscord``) holding the load
benchmark's world (one channel per game, two members each) and games (``basic``, turn timer off:
:func:`benchmarks.load_games.set_up_games`). Then, in chunks of ``--chunk`` actions sent at once,
each chunk answered before the next (a fixed number of actions, as fast as the bot answers):

1. every player presses "My hand" on the board (their private hand, kept open by the bot from then
   on: the click's interaction carries the board's message);
2. ``--moves`` actions per game, the load benchmark's draw/discard cycle, typed (each typed move
   answers with the mover's private hand: a new open hand, the previous one kept as an older one);
3. every player presses Refresh on their newest private hand (a click on the hand's own message, the
   way a player who keeps it open plays: its interaction carries that message, embed and components).

The bot carries the probe of ``tests/e2e/sitecustomize/rami_probe.py`` (``RAMI_PROBE``): it times
every garbage collection, and on a signal writes what it tracks. Read from it: the open hands' live
and older entries and their deep size (each entry walked alone, objects shared by the whole bot
left out: see the probe's doc), the longest full (generation-2) collection while the players
played (steps 1 to 3 and the quiet after them) and their count, and the objects the collector
tracks then (what a full collection scans). Bytes per active game are the bot's ``VmRSS`` after the
play minus its ``VmRSS`` once started with no game, over the games (the database's page cache and
the allocator's free lists included). The bot is stopped gracefully at the end (SIGINT), and the
probe's exit snapshot is checked. The fake gives the bot no three-second deadline for its first
replies: this measures memory, and on a loaded machine a late reply would otherwise lose its action.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import re
import signal
import sys
import tempfile
import time
from collections.abc import Awaitable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.bench_load import checkout, describe
from benchmarks.load_discord import REPO, Check, LoadWorld, Phase, Send, run_phase, settle
from benchmarks.load_games import GameLoad, set_up_games
from tests.fakediscord import FakeDiscord, InteractionResult, RecordedMessage

SIZES = (200, 1000)


@dataclass
class Row:
    """One checkout at one size: what the probe and ``/proc`` said."""

    label: str
    games: int
    idle_kib: int
    after_kib: int
    played: dict[str, Any]  # the probe's snapshot after the play (with the open hands)
    exited: bool  # the probe wrote its exit snapshot on the graceful stop
    phases: list[Phase]
    seconds: float

    def hands(self) -> dict[str, Any]:
        registries = self.played.get("open_hands") or [{}]
        found: dict[str, Any] = registries[0]
        return found

    def full(self) -> dict[str, float]:
        return self.played["collections_since_last"].get("2", {"count": 0, "longest_ms": 0.0})


def button(messages: list[RecordedMessage], name: str) -> tuple[RecordedMessage, str] | None:
    """The newest of ``messages`` with the button ``rami:<game>:<name>``, and its id."""
    pattern = re.compile(rf"rami:\d+:{name}")
    for message in reversed(messages):
        for component in message.buttons:
            custom_id = str(component.get("custom_id", ""))
            if pattern.fullmatch(custom_id):
                return message, custom_id
    return None


def click_sender(world: LoadWorld, name: str, private: bool) -> Send:
    """The ``i``-th click: one player of game ``i % games`` (the first players first) presses
    ``name`` on the board (``private=False``: "My hand") or on their newest private hand
    (Refresh); ``/hand`` if there is no such button."""
    d = world.driver

    async def send(i: int) -> InteractionResult:
        k, seat = i % len(world.channels), (i // len(world.channels)) % 2
        user, channel = world.users[k][seat], world.channels[k]
        pool = d.ephemeral_for(user, channel) if private else d.public_messages(channel)
        found = button(pool, name)
        if found is None:
            return await d.slash(user, channel, "hand", _wait=False)
        return await d.click(user, found[0], found[1], wait=False)

    return send


async def ask(world: LoadWorld, probe: Path, sig: signal.Signals, count: int, limit: float = 300.0) -> dict[str, Any]:
    """Signal the bot's probe and wait until its file holds ``count`` snapshots; the last one."""
    assert world.process is not None and world.process.pid is not None
    os.kill(world.process.pid, sig)
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if probe.exists():
            snapshots = json.loads(probe.read_text())["snapshots"]
            if len(snapshots) >= count:
                last: dict[str, Any] = snapshots[-1]
                return last
        await asyncio.sleep(0.2)
    raise TimeoutError(f"the probe wrote no snapshot {count} in {limit:.0f} s")


async def chunked(
    world: LoadWorld, name: str, send: Send, count: int, chunk: int, check: Check | None = None
) -> list[Phase]:
    """``count`` actions, ``chunk`` at a time: each chunk sent at once and answered before the next
    (so that a slow bot on a loaded machine is never left behind, whatever the number of games)."""
    phases = []
    for start in range(0, count, chunk):

        def at(i: int, start: int = start) -> Awaitable[InteractionResult]:
            return send(start + i)

        def checked(i: int, result: InteractionResult, start: int = start) -> bool:
            return check is None or check(start + i, result)

        phases.append(await run_phase(world, name, at, min(chunk, count - start), None, checked))
    return phases


async def measure(label: str, bot: Path, games: int, args: argparse.Namespace, folder: Path) -> Row:
    begin = time.perf_counter()
    probe = folder / f"probe-{label}-{games}.json"
    async with FakeDiscord(interaction_deadline=None) as fake:
        world = await LoadWorld.build(fake, games)
        env = {
            "RAMI_DB_PATH": str(folder / f"{label}-{games}.sqlite3"),
            "RAMI_DEV_GUILD": str(world.channels[0].guild_id),
            "RAMI_PROBE": str(probe),
        }
        await world.start(bot / "bot.py", env, cwd=bot)
        try:
            await settle(world)
            idle = world.memory_kib()["VmRSS"]
            await ask(world, probe, signal.SIGUSR1, 1)  # the collections of the start-up apart
            load = GameLoad(world, await set_up_games(world))
            await settle(world)
            await ask(world, probe, signal.SIGUSR1, 2)  # and those of the set-up
            opened = click_sender(world, "hand", private=False)
            phases = await chunked(world, "my hand", opened, 2 * games, args.chunk)
            await settle(world)
            count = args.moves * games
            if await load.prepare(count):
                await settle(world)
            phases += await chunked(world, "moves", load.send, count, args.chunk, load.check)
            await settle(world)
            refreshed = click_sender(world, "refresh", private=True)
            phases += await chunked(world, "refresh", refreshed, 2 * games, args.chunk)
            await settle(world)
            after = world.memory_kib()["VmRSS"]
            played = await ask(world, probe, signal.SIGUSR2, 3)
        finally:
            assert world.process is not None
            await world.process.stop(timeout=60.0)  # graceful: the probe's exit snapshot
        snapshots = json.loads(probe.read_text())["snapshots"]
        exited = any(s["label"] == "exit" for s in snapshots)
    return Row(label, games, idle, after, played, exited, phases, time.perf_counter() - begin)


def kib(value: float) -> str:
    return f"{value / 1024:,.1f} KiB" if value >= 1024 else f"{value:,.0f} B"


def report(rows: list[Row], names: dict[str, str]) -> str:
    lines = [f"{label}: {name}" for label, name in names.items()]
    lines += [
        "",
        "| checkout | games | open hands live / older | bytes per live hand | per older hand | all entries, "
        "shared counted once | RSS per active game | longest full collection (count) | tracked objects |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in rows:
        hands = row.hands()
        live, older = hands.get("live", {}), hands.get("older", {})
        entries = live.get("entries", 0) + older.get("entries", 0)
        per_entry = hands.get("all_bytes", 0) / entries if entries else 0.0
        full = row.full()
        lines.append(
            f"| {row.label} | {row.games:,} | {live.get('entries', 0):,} / {older.get('entries', 0):,} "
            f"| {kib(live.get('mean_bytes', 0))} | {kib(older.get('mean_bytes', 0))} "
            f"| {kib(hands.get('all_bytes', 0))} ({kib(per_entry)} each) "
            f"| {kib((row.after_kib - row.idle_kib) * 1024 / row.games)} "
            f"| {full['longest_ms']:.1f} ms ({int(full['count'])}) | {row.played['tracked']:,} |"
        )
    lines.append("")
    for row in rows:
        hands = row.hands()
        failed = sum(p.failed + p.refused for p in row.phases)
        top = ", ".join(
            f"{name.rsplit('.', 1)[-1]} {kib(size)}" for name, size in list(hands.get("by_type", {}).items())[:8]
        )
        lines.append(
            f"{row.label} at {row.games:,}: RSS {row.idle_kib / 1024:.0f} -> {row.after_kib / 1024:.0f} MiB, "
            f"frozen {row.played['frozen']:,}, {failed} actions refused or unanswered, "
            f"exit snapshot {'written' if row.exited else 'MISSING'}, {row.seconds:.0f} s; "
            f"largest kinds in the open hands: {top or 'none'}"
            + ("; a walk was TRUNCATED" if hands.get("all_truncated") else "")
        )
    return "\n".join(lines)


async def main_async(args: argparse.Namespace) -> str:
    bots = {"ours": args.ours}
    if args.versus is not None:
        bots["versus"] = args.versus
    rows = []
    with tempfile.TemporaryDirectory(prefix="rami-memory-", dir=args.tmp) as tmp:
        for games in args.sizes:
            for label, bot in bots.items():
                rows.append(await measure(label, bot, games, args, Path(tmp)))
                print(f"  {label} at {games} games: {rows[-1].seconds:.0f} s", file=sys.stderr)
    return report(rows, {label: describe(bot) for label, bot in bots.items()})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES), help="active games, one run each")
    parser.add_argument("--moves", type=int, default=4, help="actions per game after the hands are opened")
    parser.add_argument(
        "--chunk", type=int, default=200, help="actions sent at once, each chunk answered before the next"
    )
    parser.add_argument(
        "--ours", type=checkout, default=REPO, metavar="DIR", help="the bot's checkout (default: this one)"
    )
    parser.add_argument("--versus", type=checkout, default=None, metavar="DIR", help="another checkout, measured alike")
    parser.add_argument("--tmp", default=None, help="folder for the databases and the probe's files")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    print(asyncio.run(main_async(args)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
