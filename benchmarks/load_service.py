"""The in-process path of the load benchmark: the bot's game service, the rules and SQLite, no network.

``GameService`` on a real ``Database`` file: ``games`` tables of ``basic`` are opened, joined and started
through the service, then played with draw/discard turns through ``GameService.play``. Each action is one
transaction (``save_action``) that has committed when ``play`` returns; the benchmark checks afterwards,
with its own connection, that the action log holds exactly the actions counted.

* :func:`run_service`: every game runs its own task, playing turn after turn until the time is up
  (closed loop: as many actions in flight as games). Actions per second, and each action's latency
  (``play`` called to returned), counted after a warm-up: every game starts at the same instant, so
  the first second holds a wave of as many actions in flight at once as there are games (at 1,000
  games, 1,000 private copies of tables alive together, which the garbage collector's young
  generations then promote and scan), a cost of the start of the run, not of each action.
* :func:`run_bursts`: ``bursts`` times, every game plays one action at the same instant. Each action's
  latency from the start of its burst, each commit's (``save_action`` called to returned), and the CPU
  time each burst cost (the whole process, and the event loop's thread alone).
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from data import Database, GameRow
from data.db import SynchronousLevel
from rummy import actions as act
from rummy.deal import Phase
from service.games import GameService
from service.model import Outcome, Who

GUILD = 1
LEVELS: tuple[SynchronousLevel, ...] = ("FULL", "NORMAL")


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass(frozen=True)
class ServiceRun:
    synchronous: str
    games: int
    actions: int
    seconds: float
    logged: int  # actions found in the log afterwards (setup excluded, warm-up included)
    latencies: list[float] = field(default_factory=list)  # seconds, one per action
    warm_up: int = 0  # actions played before the count began

    @property
    def rate(self) -> float:
        return self.actions / self.seconds

    def quantile(self, q: float) -> float:
        return quantile(self.latencies, q)


@dataclass(frozen=True)
class BurstRun:
    synchronous: str
    games: int  # actions per burst
    bursts: int
    logged: int  # actions found in the log afterwards (setup excluded)
    latencies: list[float]  # seconds from the start of its burst to the end of each action
    commits: list[float]  # seconds of each save_action call
    cpu: list[float]  # process CPU seconds of each burst (every thread)
    loop_cpu: list[float]  # CPU seconds of each burst on the event loop's thread

    @property
    def actions(self) -> int:
        return len(self.latencies)


def _next_action(out: Outcome) -> tuple[int, act.Action]:
    """The player to move and their next step: draw from the stock, or discard their first card."""
    table = out.table
    assert table.game is not None and table.game.deal is not None and table.turn is not None
    seat = table.turn
    deal = table.game.deal
    if deal.phase is Phase.DRAW:
        return seat, act.Draw(act.Source.STOCK)
    return seat, act.Discard(deal.hands[seat][0])


@dataclass
class _Tables:
    db: Database
    service: GameService
    people: dict[int, tuple[Who, Who]]
    outcomes: dict[int, Outcome]

    async def play(self, ch: int) -> None:
        seat, action = _next_action(self.outcomes[ch])
        self.outcomes[ch] = await self.service.play(ch, self.people[ch][seat], action)


async def _set_up(path: Path, synchronous: SynchronousLevel, games: int) -> _Tables:
    db = await Database.open(path, synchronous=synchronous)
    service = GameService(db)
    people = {ch: (Who(10_000 + 2 * ch, f"p{ch}a"), Who(10_001 + 2 * ch, f"p{ch}b")) for ch in range(1, games + 1)}
    started: dict[int, Outcome] = {}
    for ch, (host, guest) in people.items():
        await service.create(GUILD, ch, host, "basic")
        await service.configure(ch, host, "turn_timer", "0")
        await service.join(ch, guest)
        started[ch] = await service.start(ch, host)
    return _Tables(db, service, people, started)


def _logged(path: Path, games: int) -> int:
    """Actions in the log, read with a connection of our own (create is not an action: set, join, start are)."""
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute("SELECT COUNT(*) FROM game_actions").fetchone()[0]) - 3 * games
    finally:
        conn.close()


async def run_service(
    folder: Path, synchronous: SynchronousLevel, games: int, seconds: float, warm_up: float = 2.0
) -> ServiceRun:
    """Play for ``warm_up`` then ``seconds`` on ``games`` tables at once; count the committed
    actions that started after the warm-up."""
    path = folder / f"service-{synchronous.lower()}.sqlite3"
    tables = await _set_up(path, synchronous, games)
    latencies: list[float] = []
    played = 0
    counted_from = time.perf_counter() + warm_up
    deadline = counted_from + seconds
    last = counted_from

    async def play(ch: int) -> None:
        nonlocal played, last
        while (start := time.perf_counter()) < deadline:
            await tables.play(ch)
            played += 1
            if start >= counted_from:
                last = time.perf_counter()
                latencies.append(last - start)

    await asyncio.gather(*(play(ch) for ch in tables.people))
    await tables.db.close()
    counted = len(latencies)
    return ServiceRun(
        synchronous, games, counted, last - counted_from, _logged(path, games), latencies, played - counted
    )


def run_service_alone(folder: Path, synchronous: SynchronousLevel, games: int, seconds: float) -> ServiceRun:
    """:func:`run_service` in an event loop of its own (to be called in a fresh process)."""
    return asyncio.run(run_service(folder, synchronous, games, seconds))


def _timed(fn: Callable[..., Awaitable[GameRow]], into: list[float]) -> Callable[..., Awaitable[GameRow]]:
    async def timed(*args: Any, **kwargs: Any) -> GameRow:
        start = time.perf_counter()
        try:
            return await fn(*args, **kwargs)
        finally:
            into.append(time.perf_counter() - start)

    return timed


async def run_bursts(folder: Path, synchronous: SynchronousLevel, games: int, bursts: int) -> BurstRun:
    """``bursts`` times, one action on each of ``games`` tables, all at once; wait for all, then the next."""
    path = folder / f"bursts-{synchronous.lower()}.sqlite3"
    tables = await _set_up(path, synchronous, games)
    latencies: list[float] = []
    commits: list[float] = []
    cpu: list[float] = []
    loop_cpu: list[float] = []
    store = tables.db.games
    store.save_action = _timed(store.save_action, commits)  # type: ignore[method-assign]

    async def play(ch: int, start: float) -> None:
        await tables.play(ch)
        latencies.append(time.perf_counter() - start)

    for _ in range(bursts):
        await asyncio.sleep(0.05)  # the last burst's tail (a WAL checkpoint, say) is over
        process, thread = time.process_time(), time.thread_time()
        start = time.perf_counter()
        await asyncio.gather(*(play(ch, start) for ch in tables.people))
        cpu.append(time.process_time() - process)
        loop_cpu.append(time.thread_time() - thread)
    await tables.db.close()
    return BurstRun(synchronous, games, bursts, _logged(path, games), latencies, commits, cpu, loop_cpu)
