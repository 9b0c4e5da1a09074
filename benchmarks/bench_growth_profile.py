"""Where the per-action cost grows with the number of games: counts, not clocks, at 200 and 1,000 games.

Run by hand from the repository root: ``python benchmarks/bench_growth_profile.py [--sizes 200 1000]``
(``--only service`` or ``--only bot`` for one half; ``--keep DIR`` keeps the probe's files and the
profiles). Never in tests. The figures are counts (calls, collections, objects), which a loaded
machine changes little: the bot's calls move a few percent between runs, as its first-replies wait
polls on a clock (:mod:`cogs.ui.replies`); the lines marked *wall* are clocks.

* **The service alone**, in this process: the load benchmark's games (``benchmarks/load_service.py``)
  on a real SQLite file, warmed up by two rounds, then ``--rounds`` rounds of one action per game,
  200 in flight at a time at every size (the same rate), under :mod:`cProfile`. Printed: Python
  calls per action, SQL statements sent per action (calls into aiosqlite), collections per 1,000
  actions by generation, the objects the collector tracks after the play, the service's caches in
  entries, and ``EXPLAIN QUERY PLAN`` of the statements of an action.
* **The bot**: a real ``python bot.py`` against the fake Discord with the load benchmark's world and
  games, and the probe of ``tests/e2e/sitecustomize/rami_probe.py`` (``RAMI_PROBE``, with
  ``RAMI_PROBE_PROFILE``: cProfile of the event loop's thread during the play). The same number of
  typed actions at every size (``--actions``, default five per game of the largest size), 200 sent at
  once and answered before the next 200. Printed: the event loop's Python calls per action, the
  collections by generation per 1,000 actions, the objects tracked after the play (what each full
  collection scans), who holds them (the probe's owners: the table cache, the open hands, the
  timers...) per game, the tasks still pending, and the kinds of objects that grow with the games.

Then the functions whose calls per action differ most between the two sizes.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import pstats
import re
import signal
import sqlite3
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.bench_memory import ask, chunked
from benchmarks.load_discord import REPO, LoadWorld, settle
from benchmarks.load_games import GameLoad, set_up_games
from benchmarks.load_service import _set_up
from tests.fakediscord import FakeDiscord

IN_FLIGHT = 200  # actions at once, at every size: the same rate
Function = tuple[str, int, str]  # file, line, name
Stats = dict[Function, tuple[int, float]]  # function -> (calls, cumulative seconds)
Callers = dict[Function, dict[Function, int]]  # function -> its callers -> calls


@dataclass
class Measured:
    """One half (service or bot) at one size."""

    games: int
    actions: int
    calls: Stats
    collections: dict[str, int]  # generation -> collections during the play
    tracked: int  # objects tracked by the collector after the play (frozen ones apart)
    longest_full_ms: float = 0.0  # wall
    facts: dict[str, Any] = field(default_factory=dict)
    census: dict[str, int] = field(default_factory=dict)  # kinds, and "task <name>": pending tasks
    callers: Callers = field(default_factory=dict)
    owners: dict[str, int] = field(default_factory=dict)

    def total_calls(self) -> int:
        return sum(calls for calls, _ in self.calls.values())


def stats_of(profile: cProfile.Profile | str) -> tuple[Stats, Callers]:
    """Calls and cumulative time per function, and its callers; a built-in named by its address in
    one process (``<built-in method __new__ of type object at 0x...>``) is named without it."""
    raw = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    stats: Stats = {}
    callers: Callers = {}
    for key, value in raw.items():
        name = _plain(key)
        calls, seconds = stats.get(name, (0, 0.0))
        stats[name] = (calls + int(value[1]), seconds + float(value[3]))
        into = callers.setdefault(name, {})
        for caller, figures in value[4].items():
            into[_plain(caller)] = into.get(_plain(caller), 0) + int(figures[1])
    return stats, callers


def _plain(key: Function) -> Function:
    return key[0], key[1], re.sub(r" at 0x[0-9a-f]+", "", key[2])


def calls_into(stats: Stats, module_part: str, names: tuple[str, ...]) -> int:
    return sum(c for (path, _line, name), (c, _t) in stats.items() if module_part in path and name in names)


# -- the service alone ----------------------------------------------------------------------------


async def service_at(folder: Path, games: int, rounds: int) -> Measured:
    path = folder / f"growth-{games}.sqlite3"
    tables = await _set_up(path, "FULL", games)
    channels = list(tables.people)

    async def one_round() -> None:
        for start in range(0, len(channels), IN_FLIGHT):
            await asyncio.gather(*(tables.play(ch) for ch in channels[start : start + IN_FLIGHT]))

    for _ in range(2):
        await one_round()
    counted: Counter[str] = Counter()

    def on_gc(phase: str, info: dict[str, int]) -> None:
        if phase == "stop":
            counted[str(info["generation"])] += 1

    misses = tables.service.tables.misses
    gc.collect()
    gc.callbacks.append(on_gc)
    profile = cProfile.Profile()
    profile.enable()
    for _ in range(rounds):
        await one_round()
    profile.disable()
    gc.callbacks.remove(on_gc)
    tracked = len(gc.get_objects())
    service = tables.service
    facts = {
        "table cache entries": len(service.tables),
        "table cache misses in the play": service.tables.misses - misses,
        "advice cache entries": len(service.hints),
        "locks held": len(service._locks),
    }
    await tables.db.close()
    facts["plans"] = query_plans(path)
    stats, callers = stats_of(profile)
    return Measured(games, rounds * games, stats, dict(counted), tracked, facts=facts, callers=callers)


def query_plans(path: Path) -> list[str]:
    """``EXPLAIN QUERY PLAN`` of an action's statements (data/games.py), on the played file."""
    conn = sqlite3.connect(path)
    try:
        statements = {
            "update": "UPDATE games SET state_json = ?, status = ?, version = version + 1, updated_at = ?,"
            " message_id = IIF(?, ?, message_id), turn_deadline = IIF(?, ?, turn_deadline)"
            " WHERE id = ? AND version = ? AND status IN ('lobby', 'playing')",
            "log": "INSERT INTO game_actions (game_id, seq, actor_id, kind, payload_json, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            "read back": "SELECT id, version FROM games WHERE id IN (SELECT value FROM json_each(?))",
            "active": "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'playing')",
        }
        out = []
        for name, sql in statements.items():
            params = (None,) * sql.count("?")
            rows = conn.execute(f"EXPLAIN QUERY PLAN {sql}", params).fetchall()
            out.append(f"{name}: " + ("; ".join(str(r[-1]) for r in rows) or "no search (an insert, by its key)"))
        actions = conn.execute("SELECT COUNT(*) FROM game_actions").fetchone()[0]
        out.append(f"action log rows: {actions:,}; database pages: {conn.execute('PRAGMA page_count').fetchone()[0]:,}")
        return out
    finally:
        conn.close()


# -- the bot ----------------------------------------------------------------------------------------


async def bot_at(folder: Path, games: int, actions: int) -> Measured:
    probe, profile = folder / f"probe-{games}.json", folder / f"bot-{games}.prof"
    async with FakeDiscord(interaction_deadline=None) as fake:
        world = await LoadWorld.build(fake, games)
        env = {
            "RAMI_DB_PATH": str(folder / f"bot-{games}.sqlite3"),
            "RAMI_DEV_GUILD": str(world.channels[0].guild_id),
            "RAMI_PROBE": str(probe),
            "RAMI_PROBE_PROFILE": str(profile),
        }
        await world.start(REPO / "bot.py", env, cwd=REPO)
        try:
            load = GameLoad(world, await set_up_games(world))
            if await load.prepare(actions):
                await settle(world)
            await settle(world)
            await ask(world, probe, signal.SIGUSR1, 1)  # the profile starts
            phases = await chunked(world, "moves", load.send, actions, IN_FLIGHT, load.check)
            await settle(world)
            played = await ask(world, probe, signal.SIGUSR1, 2)  # the profile stops
            heavy = await ask(world, probe, signal.SIGUSR2, 3)
        finally:
            assert world.process is not None
            await world.process.stop(timeout=60.0)
    since = played["collections_since_last"]
    refused = sum(p.refused + p.failed for p in phases)
    stats, callers = stats_of(str(profile))
    return Measured(
        games,
        actions,
        stats,
        {gen: int(row["count"]) for gen, row in since.items()},
        int(played["tracked"]),
        float(since.get("2", {}).get("longest_ms", 0.0)),
        {
            "refused or unanswered": refused,
            "frozen": played["frozen"],
            "RSS MiB": played["memory_kib"]["VmRSS"] // 1024,
        },
        heavy.get("census", {}),
        callers,
        heavy.get("owners", {}),
    )


# -- the report -------------------------------------------------------------------------------------


def per_action(m: Measured, value: float) -> str:
    return f"{value / m.actions:,.1f}"


def side_by_side(title: str, small: Measured, large: Measured, sql: bool) -> list[str]:
    def row(name: str, a: str, b: str) -> str:
        return f"| {name} | {a} | {b} |"

    lines = [f"### {title}", "", f"| | {small.games:,} games | {large.games:,} games |", "|---|---:|---:|"]
    lines.append(row("actions counted", f"{small.actions:,}", f"{large.actions:,}"))
    lines.append(
        row("Python calls per action", per_action(small, small.total_calls()), per_action(large, large.total_calls()))
    )
    if sql:
        names = ("execute", "executemany", "execute_fetchall")
        lines.append(
            row(
                "calls into aiosqlite per action",
                per_action(small, calls_into(small.calls, "aiosqlite", names)),
                per_action(large, calls_into(large.calls, "aiosqlite", names)),
            )
        )
    for gen in "012":
        lines.append(
            row(
                f"generation-{gen} collections per 1,000 actions",
                f"{1000 * small.collections.get(gen, 0) / small.actions:.1f}",
                f"{1000 * large.collections.get(gen, 0) / large.actions:.1f}",
            )
        )
    lines.append(row("objects tracked after the play", f"{small.tracked:,}", f"{large.tracked:,}"))
    if small.longest_full_ms or large.longest_full_ms:
        lines.append(
            row("longest full collection (wall)", f"{small.longest_full_ms:.0f} ms", f"{large.longest_full_ms:.0f} ms")
        )
    for key, value in small.facts.items():
        if key != "plans":
            lines.append(row(key, f"{value:,}", f"{large.facts.get(key, 0):,}"))
    lines.append("")
    if "plans" in large.facts:
        lines += ["Query plans at the larger size:", *(f"- {p}" for p in large.facts["plans"]), ""]
    lines += growing_calls(small, large)
    if small.owners or large.owners:
        lines += owners(small, large)
    if small.census and large.census:
        lines += growing_kinds(small, large)
    return lines


def owners(small: Measured, large: Measured) -> list[str]:
    """Who holds the tracked objects (the probe's ``owners``), in all and per game, and the tasks pending."""
    lines = [
        "| owner (tracked objects made after set-up) | objects | | per game | |",
        "|---|---:|---:|---:|---:|",
    ]
    for name in dict.fromkeys([*small.owners, *large.owners]):
        a, b = small.owners.get(name, 0), large.owners.get(name, 0)
        if a or b:
            lines.append(f"| `{name}` | {a:,} | {b:,} | {a / small.games:.1f} | {b / large.games:.1f} |")

    def tasks(m: Measured) -> str:
        named = [f"{n.removeprefix('task ')} {c:,}" for n, c in m.census.items() if n.startswith("task ")]
        return f"{m.games:,} games: {', '.join(named) or 'none'}"

    pending = [tasks(m) for m in (small, large)]
    return [*lines, "", "Tasks pending after the play: " + "; ".join(pending) + ".", ""]


def growing_calls(small: Measured, large: Measured, top: int = 15) -> list[str]:
    """The functions whose calls per action differ most from the smaller size to the larger."""
    keys = set(small.calls) | set(large.calls)

    def rate(m: Measured, key: tuple[str, int, str]) -> float:
        return m.calls.get(key, (0, 0.0))[0] / m.actions

    def cum(m: Measured, key: tuple[str, int, str]) -> float:
        return 1e6 * m.calls.get(key, (0, 0.0))[1] / m.actions

    ranked = sorted(keys, key=lambda k: abs(rate(large, k) - rate(small, k)), reverse=True)[:top]
    lines = [
        "| function | calls per action | | cumulative µs per action (wall, profiled) | |",
        "|---|---:|---:|---:|---:|",
    ]
    for key in ranked:
        where = f"{Path(key[0]).name}:{key[1]} {key[2]}"
        figures = f"{rate(small, key):.2f} | {rate(large, key):.2f} | {cum(small, key):.0f} | {cum(large, key):.0f}"
        lines.append(f"| `{where}` | {figures} |")
    lines += ["", "Their callers (calls per action at the larger size, the smaller's in brackets):", ""]
    for key in ranked[:6]:
        callers = large.callers.get(key, {})
        before = small.callers.get(key, {})
        named = sorted(callers, key=lambda c: callers[c], reverse=True)[:4]
        told = ", ".join(
            f"`{Path(c[0]).name}:{c[1]} {c[2]}` {callers[c] / large.actions:.1f}"
            f" ({before.get(c, 0) / small.actions:.1f})"
            for c in named
        )
        lines.append(f"- `{Path(key[0]).name}:{key[1]} {key[2]}`: {told}")
    return [*lines, ""]


def growing_kinds(small: Measured, large: Measured, top: int = 15) -> list[str]:
    """The kinds of tracked objects that grow with the games, per game added."""
    added = large.games - small.games
    kinds = {k for k in [*small.census, *large.census] if not k.startswith("task ")}
    ranked = sorted(kinds, key=lambda k: large.census.get(k, 0) - small.census.get(k, 0), reverse=True)[:top]
    lines = ["| tracked kind | objects | | per game added |", "|---|---:|---:|---:|"]
    for kind in ranked:
        a, b = small.census.get(kind, 0), large.census.get(kind, 0)
        lines.append(f"| `{kind}` | {a:,} | {b:,} | {(b - a) / added:.1f} |")
    return [*lines, ""]


async def main_async(args: argparse.Namespace) -> str:
    out: list[str] = []
    with tempfile.TemporaryDirectory(prefix="rami-growth-", dir=args.tmp) as tmp:
        folder = Path(args.keep or tmp)
        folder.mkdir(parents=True, exist_ok=True)
        if args.only in (None, "service"):
            service = [await service_at(folder, n, args.rounds) for n in args.sizes]
            out += side_by_side("The service alone (this process, SYNCHRONOUS=FULL)", service[0], service[-1], True)
        if args.only in (None, "bot"):
            actions = args.actions or 5 * max(args.sizes)
            bots = []
            for n in args.sizes:
                begin = time.perf_counter()
                bots.append(await bot_at(folder, n, actions))
                print(f"  the bot at {n} games: {time.perf_counter() - begin:.0f} s", file=sys.stderr, flush=True)
            out += side_by_side("The bot (its event loop, under the probe)", bots[0], bots[-1], True)
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs=2, default=[200, 1000], metavar="N")
    parser.add_argument("--rounds", type=int, default=5, help="service: actions per game counted")
    parser.add_argument("--actions", type=int, default=0, help="bot: actions counted (default: 5 per game of the most)")
    parser.add_argument("--only", choices=("service", "bot"), default=None)
    parser.add_argument("--tmp", default=None, help="folder for the databases and the probe's files")
    parser.add_argument("--keep", default=None, help="keep the databases, the probe's files and the profiles here")
    args = parser.parse_args(argv)
    print(asyncio.run(main_async(args)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
