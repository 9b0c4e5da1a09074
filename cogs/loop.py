"""A cog's small loop: started when the bot is first ready, one step every few seconds, cancelled
when the cog is removed (at the bot's stop). The seasons' final boards (:mod:`cogs.seasons`) and the
tournaments' clock (:mod:`cogs.tournament`) run on it.

A step that raises is logged with its traceback and tried again at the next turn; the wait is read
at each turn (:meth:`ReadyLoop.interval`: the end-to-end tests' clock hook shortens it).
"""

from __future__ import annotations

import asyncio
import logging

from discord.ext import commands

log = logging.getLogger(__name__)


class ReadyLoop(commands.Cog):
    """The loop of a cog (see the module doc); a subclass gives :meth:`step` and :meth:`interval`."""

    what = "loop"  # names the task and the log lines

    def __init__(self) -> None:
        self._task: asyncio.Task[None] | None = None
        self._unloaded = False

    async def step(self) -> None:
        raise NotImplementedError

    def interval(self) -> float:
        raise NotImplementedError

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """The bot is connected (again): the loop starts, once (the channels can be written now)."""
        if self._task is None and not self._unloaded:
            self._task = asyncio.get_running_loop().create_task(self._run(), name=f"rami-{self.what}")
            self._task.add_done_callback(self._done)

    async def cog_unload(self) -> None:
        self._unloaded = True
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    def _done(self, task: asyncio.Task[None]) -> None:
        if not task.cancelled() and task.exception() is not None:
            log.error("the %s stopped", self.what, exc_info=task.exception())

    async def _run(self) -> None:
        while True:
            try:
                await self.step()
            except Exception:
                log.exception("the %s failed; trying again in %g s", self.what, self.interval())
            await asyncio.sleep(self.interval())
