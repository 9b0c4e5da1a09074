"""Durable actions per second on each store, side by side in one run: SQLite (``synchronous=FULL``, one
process), PostgreSQL with one bot process, and PostgreSQL with two bot processes on one database.

``python benchmarks/bench_store.py`` (needs PostgreSQL's binaries, as the tests do; ~1 min).

An action is what ``benchmarks/load_service.py`` times: a draw or a discard through
``GameService.play``, which returns once its transaction has committed. Every configuration plays
the same number of ``basic`` tables at once (``--games``, turn timer off, set up before the clock
starts), each table its own task playing turn after turn for ``--seconds`` (closed loop: as many
actions in flight as tables). With two processes each plays half the tables (as two shards would),
both starting at the same instant. Afterwards the action logs are counted with a connection of the
benchmark's own and must hold exactly the actions counted.

Durability is the bot's: SQLite in WAL mode with ``synchronous=FULL`` (every commit fsynced), and a
PostgreSQL cluster made for the run (:mod:`tools.pgcluster`, ``durable=True``) at PostgreSQL's
defaults, ``fsync = on`` and ``synchronous_commit = on``, on the same disk as the SQLite file. The
rounds alternate the configurations, so a slow moment of the machine falls on all of them.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import asyncpg  # noqa: E402

from benchmarks.load_service import _next_action, quantile  # noqa: E402
from data import Store, open_store  # noqa: E402
from data.db import Database  # noqa: E402
from service.games import GameService  # noqa: E402
from service.model import Outcome, Who  # noqa: E402
from tools.pgcluster import Cluster  # noqa: E402

GUILD = 1
SETUP_ACTIONS = 3  # configure, join, start: logged before the clock starts


@dataclass(frozen=True)
class Run:
    name: str
    processes: int
    actions: int
    seconds: float
    logged: int
    latencies: list[float]
    cpu: float  # seconds of CPU of the bot process(es) while playing (SQLite's work included: in-process)
    server_cpu: float | None = None  # seconds of CPU of PostgreSQL's processes (set-up included)

    @property
    def rate(self) -> float:
        return self.actions / self.seconds


async def play(
    store: Store, channels: range, seconds: float, start_at: float | None
) -> tuple[int, float, list[float], float]:
    """Set up one table per channel, wait for ``start_at`` (wall clock), play until the time is up."""
    service = GameService(store)
    people = {ch: (Who(10_000 + 2 * ch, f"p{ch}a"), Who(10_001 + 2 * ch, f"p{ch}b")) for ch in channels}
    outcomes: dict[int, Outcome] = {}
    for ch, (host, guest) in people.items():
        await service.create(GUILD, ch, host, "basic")
        await service.configure(ch, host, "turn_timer", "0")
        await service.join(ch, guest)
        outcomes[ch] = await service.start(ch, host)
    if start_at is not None:
        await asyncio.sleep(max(0.0, start_at - time.time()))
    latencies: list[float] = []
    deadline = time.perf_counter() + seconds

    async def table(ch: int) -> None:
        while time.perf_counter() < deadline:
            begin = time.perf_counter()
            seat, action = _next_action(outcomes[ch])
            outcomes[ch] = await service.play(ch, people[ch][seat], action)
            latencies.append(time.perf_counter() - begin)

    begin, cpu = time.perf_counter(), time.process_time()
    await asyncio.gather(*(table(ch) for ch in channels))
    return len(latencies), time.perf_counter() - begin, latencies, time.process_time() - cpu


async def run_sqlite(folder: Path, games: int, seconds: float, n: int) -> Run:
    path = folder / f"bench-{n}.sqlite3"
    db = await Database.open(path, synchronous="FULL")
    try:
        actions, elapsed, latencies, cpu = await play(db, range(1, games + 1), seconds, None)
    finally:
        await db.close()
    conn = sqlite3.connect(path)
    try:
        logged = int(conn.execute("SELECT COUNT(*) FROM game_actions").fetchone()[0]) - SETUP_ACTIONS * games
    finally:
        conn.close()
    return Run("SQLite, synchronous=FULL", 1, actions, elapsed, logged, latencies, cpu)


async def run_postgres(cluster: Cluster, games: int, seconds: float, processes: int, n: int) -> Run:
    name = f"bench_{processes}_{n}"
    admin = await asyncpg.connect(cluster.url())
    try:
        await admin.execute(f"CREATE DATABASE {name}")
    finally:
        await admin.close()
    url = cluster.url(name)
    await (await open_store(url)).close()  # migrated once, before the workers start
    share = games // processes
    server = server_cpu(cluster)
    start_at = time.time() + 2.0 + 0.05 * games  # after every worker's set-up
    workers = [
        subprocess.Popen(
            [sys.executable, __file__, "--worker", url, str(1 + i * share), str(share), str(seconds), str(start_at)],
            stdout=subprocess.PIPE,
            cwd=ROOT,
        )
        for i in range(processes)
    ]
    reports = []
    for worker in workers:
        out, _ = worker.communicate()
        if worker.returncode != 0:
            raise RuntimeError(f"a worker failed ({worker.returncode})")
        reports.append(json.loads(out))
    await asyncio.sleep(0.5)  # the workers' server processes have ended, and their CPU is counted
    server = server_cpu(cluster) - server
    admin = await asyncpg.connect(url)
    try:
        logged = int(await admin.fetchval("SELECT COUNT(*) FROM game_actions")) - SETUP_ACTIONS * share * processes
    finally:
        await admin.close()
    actions = sum(r["actions"] for r in reports)
    elapsed = max(r["seconds"] for r in reports)
    latencies = [x for r in reports for x in r["latencies"]]
    label = "process" if processes == 1 else "processes"
    cpu = sum(r["cpu"] for r in reports)
    return Run(f"PostgreSQL, {processes} {label}", processes, actions, elapsed, logged, latencies, cpu, server)


def server_cpu(cluster: Cluster) -> float:
    """CPU seconds of the cluster's postmaster and every server process it has reaped (Linux /proc)."""
    pid = (cluster.root / "data" / "postmaster.pid").read_text().split()[0]
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    utime, stime, cutime, cstime = (int(x) for x in fields[11:15])
    return (utime + stime + cutime + cstime) / os.sysconf("SC_CLK_TCK")


async def worker(url: str, first: int, games: int, seconds: float, start_at: float) -> None:
    store = await open_store(url)
    try:
        actions, elapsed, latencies, cpu = await play(store, range(first, first + games), seconds, start_at)
    finally:
        await store.close()
    print(json.dumps({"actions": actions, "seconds": elapsed, "latencies": latencies, "cpu": cpu}))


def table(runs: list[Run]) -> str:
    lines = [
        f"{'store':<26} {'actions':>8} {'per s':>7} {'p50 ms':>7} {'p99 ms':>7} {'logged':>8}"
        f" {'bot CPU':>8} {'server CPU':>10}  (CPU: ms per action)",
    ]
    for r in runs:
        p50, p99 = quantile(r.latencies, 0.5) * 1000, quantile(r.latencies, 0.99) * 1000
        server = "-" if r.server_cpu is None else f"{1000 * r.server_cpu / r.actions:.2f}"
        lines.append(
            f"{r.name:<26} {r.actions:>8} {r.rate:>7.0f} {p50:>7.1f} {p99:>7.1f} {r.logged:>8}"
            f" {1000 * r.cpu / r.actions:>8.2f} {server:>10}"
        )
    return "\n".join(lines)


async def main(games: int, seconds: float, rounds: int) -> int:
    cluster = Cluster.start(durable=True)
    try:
        with tempfile.TemporaryDirectory(prefix="rami-bench-") as tmp:
            runs: list[Run] = []
            for n in range(rounds):
                runs.append(await run_sqlite(Path(tmp), games, seconds, n))
                runs.append(await run_postgres(cluster, games, seconds, 1, n))
                runs.append(await run_postgres(cluster, games, seconds, 2, n))
    finally:
        cluster.stop()
    print(f"{games} tables at once, {seconds:g} s per run, {rounds} round(s), {os.cpu_count()} cores")
    print(table(sorted(runs, key=lambda r: (r.name, r.processes))))
    bad = [r for r in runs if r.logged != r.actions]
    for r in bad:
        print(f"MISMATCH: {r.name}: {r.actions} actions counted but {r.logged} logged", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        _, _, url, first, games, seconds, start_at = sys.argv
        asyncio.run(worker(url, int(first), int(games), float(seconds), float(start_at)))
        sys.exit(0)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50, help="tables played at once, in all (default 50)")
    parser.add_argument("--seconds", type=float, default=8.0, help="length of each run (default 8)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of the three runs (default 3)")
    args = parser.parse_args()
    sys.exit(asyncio.run(main(args.games, args.seconds, args.rounds)))
