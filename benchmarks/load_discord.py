"""The Discord side of the load benchmark: a world of many channels, a bot process in it, and timed load shapes.

Used by ``benchmarks/bench_load.py``. Each bot runs as its own process (a script started in its own
checkout) against its own fake Discord (``tests.fakediscord``) holding the same world: one guild,
``games`` text channels, two members per channel. Load shapes are sent with ``Driver.slash(...,
_wait=False)`` on a fixed schedule; latency is the fake's dispatch-to-first-reply time of each
interaction. The floor bot's action is ``/ping``; the real bots' games are in
``benchmarks/load_games.py``. Nothing here imports the bot's code or reads its files.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

from tests.fakediscord import BotProcess, Driver, FakeChannel, FakeDiscord, FakeUser, InteractionResult

REPO = Path(__file__).resolve().parents[1]


@dataclass
class Phase:
    """What one load shape measured."""

    name: str
    latencies: list[float]  # seconds, dispatch to first reply
    elapsed: float  # first dispatch to last first reply
    refused: int = 0
    failed: int = 0  # no first reply in time, or an error reply from the fake
    results: list[InteractionResult] = field(default_factory=list)
    bot_cpu: float | None = None  # seconds of the bot's main thread over the phase, if known
    harness_cpu: float = 0.0  # seconds of this process (the fake Discord and the driver) over the phase

    @property
    def rate(self) -> float:
        return len(self.latencies) / self.elapsed if self.elapsed > 0 else 0.0

    def quantile(self, q: float) -> float:
        return _quantile(self.latencies, q)

    @classmethod
    def pooled(cls, name: str, phases: list[Phase]) -> Phase:
        """Several runs of one shape as one: every latency, and the time of all of them."""
        cpu = [p.bot_cpu for p in phases]
        return cls(
            name,
            [t for p in phases for t in p.latencies],
            sum(p.elapsed for p in phases),
            sum(p.refused for p in phases),
            sum(p.failed for p in phases),
            [r for p in phases for r in p.results],
            None if None in cpu else sum(c for c in cpu if c is not None),
            sum(p.harness_cpu for p in phases),
        )

    def last_quantile(self, q: float) -> float:
        """Dispatch to the *last* message sent through each action's token (its first reply, and e.g.
        the private hand sent as a follow-up after it). Edits are left out: an open hand is kept
        current by editing it as the game moves on (:mod:`cogs.ui.open_hands`), long after its action
        was answered. Read it once the bot settled: answers keep arriving."""
        spans = [
            max(t for t, kind, _id in r.interaction.events if kind in SENT) - r.interaction.dispatched_at
            for r in self.results
            if any(kind in SENT for _t, kind, _id in r.interaction.events)
        ]
        return _quantile(spans, q)


SENT = ("callback", "followup")  # what an interaction's token answers with a message (not edits)


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass
class LoadWorld:
    """One fake Discord, its world, a bot process in it, and a driver."""

    fake: FakeDiscord
    driver: Driver
    channels: list[FakeChannel]
    users: list[tuple[FakeUser, FakeUser]]
    experts: list[tuple[FakeChannel, FakeUser]] = field(default_factory=list)  # expert tables' channels
    process: BotProcess | None = None

    @classmethod
    async def build(cls, fake: FakeDiscord, games: int, expert_tables: int = 0) -> LoadWorld:
        """``games`` channels of two members each; and ``expert_tables`` more, of one member each,
        for the expert tables (``benchmarks/load_experts.py``), after them."""
        driver = Driver(fake, timeout=60.0, settle=0.0, settle_max=0.0)
        guild = driver.guild("Load")
        channels, users = [], []
        for i in range(games):
            channels.append(driver.text_channel(guild, f"table-{i}"))
            pair = (driver.user(f"p{i}a"), driver.user(f"p{i}b"))
            for user in pair:
                driver.member(guild, user)
            users.append(pair)
        experts = []
        for i in range(expert_tables):
            user = driver.user(f"e{i}")
            driver.member(guild, user)
            experts.append((driver.text_channel(guild, f"experts-{i}"), user))
        return cls(fake, driver, channels, users, experts)

    async def start(self, script: Path, env: dict[str, str], cwd: Path = REPO) -> None:
        """Run ``python script`` in ``cwd`` (its checkout) until it connected and synced its commands."""
        self.process = BotProcess(self.fake, script, cwd=cwd, env=env)
        self.driver.process = self.process
        await self.process.start(timeout=60)

    async def stop(self) -> None:
        if self.process is not None:
            await self.process.stop()

    def memory_kib(self) -> dict[str, int]:
        """The bot process's resident memory now and at its peak (``VmRSS``, ``VmHWM``), in KiB."""
        assert self.process is not None and self.process.pid is not None
        out = {}
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                out[key] = int(value.split()[0])
        return out

    def main_thread_cpu(self) -> float | None:
        """Seconds of CPU the bot's main thread (its event loop) has used, from Linux's
        ``schedstat``; None where that file does not exist."""
        assert self.process is not None and self.process.pid is not None
        try:
            fields = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/schedstat").read_text().split()
        except OSError:
            return None
        return int(fields[0]) / 1e9

    def children_cpu(self) -> float | None:
        """Seconds of CPU (user and system) used so far by the bot's descendant processes alive now
        (the expert's worker, the pictures' process), from ``/proc``; None where Linux's ``children``
        files do not exist. A process that ended meanwhile takes its seconds with it."""
        assert self.process is not None and self.process.pid is not None
        if not Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children").exists():
            return None
        ticks, found, todo = 0, set(), [self.process.pid]
        while todo:
            pid = todo.pop()
            with contextlib.suppress(OSError):  # gone meanwhile
                for task in Path(f"/proc/{pid}/task").iterdir():
                    kids = {int(c) for c in (task / "children").read_text().split()} - found
                    found |= kids
                    todo += kids
        for pid in found:
            with contextlib.suppress(OSError, IndexError, ValueError):
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                ticks += int(fields[11]) + int(fields[12])  # utime and stime, the stat's 14th and 15th
        return ticks / os.sysconf("SC_CLK_TCK")


# -- load shapes ----------------------------------------------------------------------------------

Send = Callable[[int], Awaitable[InteractionResult]]  # the i-th action of a phase
Check = Callable[[int, InteractionResult], bool]  # was the i-th action of a phase accepted?


async def run_phase(
    world: LoadWorld, name: str, send: Send, count: int, rate: float | None, check: Check | None = None
) -> Phase:
    """Send ``count`` actions, ``rate`` per second on a fixed schedule (None: all at once), and measure.

    This process is the fake Discord of every bot and keeps everything it saw, so its own garbage
    collector would pause it for a long time now and then, stamping replies late whichever bot is
    measured: it collects before the phase and not during it."""
    errors_before = len(world.fake.errors)
    results: list[InteractionResult] = []
    gc.collect()
    gc.disable()
    bot_cpu, harness_cpu = world.main_thread_cpu(), time.process_time()
    try:
        start = time.perf_counter()
        for i in range(count):
            if rate is not None:
                delay = start + i / rate - time.perf_counter()
                if delay > 0:
                    await asyncio.sleep(delay)
            results.append(await send(i))
        failed = 0
        try:
            await world.driver.wait_answered(results, timeout=60)
        except TimeoutError:
            failed = sum(1 for r in results if r.interaction.first_reply_at is None)
    finally:
        gc.enable()
    harness_cpu = time.process_time() - harness_cpu
    bot_cpu_after = world.main_thread_cpu()
    bot_cpu = None if bot_cpu is None or bot_cpu_after is None else bot_cpu_after - bot_cpu
    answered = [r for r in results if r.interaction.first_reply_at is not None]
    first = min(r.interaction.dispatched_at for r in results)
    last = max((r.interaction.first_reply_at or first) for r in answered) if answered else first
    refused = sum(1 for i, r in enumerate(results) if check is not None and not check(i, r))
    failed += len(world.fake.errors) - errors_before
    return Phase(
        name, [r.latency or 0.0 for r in answered], last - first, refused, failed, results, bot_cpu, harness_cpu
    )


def ping_sender(world: LoadWorld) -> Send:
    """The floor's action: ``/ping`` in the next channel, by its first member."""

    async def send(i: int) -> InteractionResult:
        k = i % len(world.channels)
        return await world.driver.slash(world.users[k][0], world.channels[k], "ping", _wait=False)

    return send


async def settle(world: LoadWorld, quiet: float = 2.0, limit: float = 60.0) -> None:
    """Let the bot finish its background work (board redraws): until no request for ``quiet`` seconds."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        requests = world.fake.state.requests
        if not requests or time.perf_counter() - requests[-1][0] > quiet:
            return
        await asyncio.sleep(0.2)


def channel_calls_per_second(world: LoadWorld, since: float, until: float) -> float:
    """REST calls to channel routes (board posts and edits), which count against Discord's 50/s."""
    calls = [
        t for t, _method, path in world.fake.state.requests if since <= t <= until and path.startswith("/channels/")
    ]
    return len(calls) / (until - since) if until > since else 0.0
