"""What happens without anyone clicking: computer players' moves, turn timers, expiry.

One tracked task per active game plans its next step from the database
(:meth:`GameService.next_step`): a computer player's move after ``bot_pause`` seconds, the turn
timeout at the stored deadline, or the expiry of a lobby nobody starts (and of a game that went
quiet with its timer off). It sleeps until then, or until the game changes (:meth:`Timers.changed`
listens to the service), then acts through the service, which commits and gives the change to the
game's writer (:mod:`cogs.ui.writer`) like any other: the timers write no message. Tasks are
rebuilt from the database when the :class:`TimersCog` is added to the bot (:meth:`resume`), log their
errors, and are cancelled when it is removed (:meth:`close`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from discord.ext import commands

from cogs.ui.writer import GameWriter
from service.games import GameService
from service.model import Outcome, Step, StepKind

log = logging.getLogger(__name__)
MAX_BACKOFF = 300.0  # seconds: the longest wait before a failing game task retries


@dataclass
class _Runner:
    task: asyncio.Task[None] | None = None
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    idle: asyncio.Event = field(default_factory=asyncio.Event)


class Timers:
    """The per-game background tasks."""

    def __init__(
        self,
        service: GameService,
        writer: GameWriter,
        *,
        error_backoff: float = 5.0,
        turn: Callable[[], Awaitable[None]] | None = None,
        guilds: Callable[[int], bool] | None = None,
    ) -> None:
        self.service = service
        self.guilds = guilds  # the servers whose games this process runs (its shards'); None: all
        self.writer = writer  # tells a channel whose game cannot be read any more; drained by settle()
        self.turn = turn  # planning waits behind first responses still owed (cogs.ui.replies)
        self.error_backoff = error_backoff  # seconds before a game's task retries after an error
        self._runners: dict[int, _Runner] = {}
        self._closed = False

    # -- control -------------------------------------------------------------------------------
    def changed(self, out: Outcome[Any]) -> None:
        """A game changed (a listener of :meth:`GameService.subscribe`): plan its next step again."""
        self.poke(out.game.channel_id)

    def poke(self, channel_id: int) -> None:
        """The channel's game changed: plan again now (starts its task if needed)."""
        if self._closed:
            return
        runner = self._runners.get(channel_id)
        if runner is not None and runner.task is not None and not runner.task.done():
            runner.wake.set()
            runner.idle.clear()
            return
        runner = self._runners[channel_id] = _Runner()
        runner.task = asyncio.get_running_loop().create_task(
            self._run(channel_id, runner), name=f"rami-game-{channel_id}"
        )
        runner.task.add_done_callback(self._done)

    async def resume(self) -> int:
        """Start a task for every active game of this process's servers (``guilds``: the games of
        other shards are another process's to run); returns how many."""
        self._closed = False
        channels = await self.service.active_channels(self.guilds)
        for channel_id in channels:
            self.poke(channel_id)
        log.info("resumed %d active table(s)", len(channels))
        return len(channels)

    async def settle(self) -> None:
        """Wait until every game waits for something in the future (tests), boards included."""
        while True:
            busy = [r.idle.wait() for r in self._runners.values() if not r.idle.is_set()]
            if not busy:
                break
            await asyncio.gather(*busy)
        await self.writer.drain()

    async def close(self) -> None:
        """Cancel every task (at unload / shutdown) and wait for them to end."""
        self._closed = True
        tasks = [r.task for r in self._runners.values() if r.task is not None]
        for task in tasks:
            task.cancel()
        # gather, not a suppressed await per task: a cancellation of the closer itself still stops it
        await asyncio.gather(*tasks, return_exceptions=True)
        self._runners.clear()

    def _done(self, task: asyncio.Task[None]) -> None:
        if not task.cancelled() and task.exception() is not None:
            log.error("game task %s failed", task.get_name(), exc_info=task.exception())

    # -- the task of one game -------------------------------------------------------------------
    async def _run(self, channel_id: int, runner: _Runner) -> None:
        failures = 0
        try:
            while True:
                runner.wake.clear()
                try:
                    if self.turn is not None:
                        await self.turn()
                    step = await self.service.next_step(channel_id)
                    if step is None:
                        if runner.wake.is_set():
                            continue
                        return
                    if await self._sleep(runner, step):
                        continue
                    await self._act(channel_id, step)
                    failures = 0
                except asyncio.CancelledError:
                    raise
                except Exception:
                    if await self._unreadable(channel_id):
                        return
                    failures += 1
                    if failures == 1:
                        log.exception("the task of the game in channel %s failed; retrying", channel_id)
                    else:
                        log.warning(
                            "the task of the game in channel %s failed again (%d in a row)", channel_id, failures
                        )
                    if self.error_backoff > 0:
                        runner.idle.set()
                        wait = min(self.error_backoff * 2 ** (failures - 1), MAX_BACKOFF)
                        with contextlib.suppress(TimeoutError):
                            async with asyncio.timeout(wait):
                                await runner.wake.wait()
                        runner.idle.clear()
        finally:
            runner.idle.set()
            if self._runners.get(channel_id) is runner:
                del self._runners[channel_id]

    async def _unreadable(self, channel_id: int) -> bool:
        """A row that cannot be loaded never will be: close it once and tell the channel."""
        try:
            closed = await self.service.close_unreadable(channel_id)
        except Exception:
            log.exception("could not close the unreadable game in channel %s", channel_id)
            return False
        if closed is None:
            return False
        await self.writer.announce(channel_id, self.writer.tr_for(closed.guild_id)("unreadable"))
        return True

    async def _sleep(self, runner: _Runner, step: Step) -> bool:
        """Wait until ``step.at``; True when poked before (plan again)."""
        delay = (step.at - self.service.now()).total_seconds()
        if delay <= 0:
            return False
        runner.idle.set()
        try:
            # A timeout around the wait, not wait_for: in 3.11 that wraps the wait in a second task,
            # held (and scanned by every full garbage collection) for as long as the game waits,
            # 24 hours for a quiet game, and made again at every change of the game.
            async with asyncio.timeout(delay):
                await runner.wake.wait()
        except TimeoutError:
            return False
        finally:
            runner.idle.clear()
        return True

    async def _act(self, channel_id: int, step: Step) -> None:
        """Take the step through the service (it is refused if the game moved on meanwhile)."""
        if step.kind is StepKind.BOT:
            await self.service.bot_move(channel_id, step.version)
        elif step.kind is StepKind.TIMEOUT:
            await self.service.time_out(channel_id, step.version)
        else:
            await self.service.expire(channel_id, step.version)


class TimersCog(commands.Cog, name="Timers"):
    """Ties the games' tasks to the bot (``bot.py`` adds it): rebuilt when added, cancelled when removed."""

    def __init__(self, timers: Timers) -> None:
        self.timers = timers

    async def cog_load(self) -> None:
        await self.timers.resume()

    async def cog_unload(self) -> None:
        await self.timers.close()
        # What was still to go out had its time in the bot's stop (bot.py drains the writer first).
        await self.timers.writer.close(grace=0)
