"""The ``expert`` computer players' thinking, in a worker process, with a budget per decision.

An expert decision searches (:mod:`rummy.ai.expert`): tens of milliseconds of pure Python, more on a
busy machine. In a thread it would share the interpreter's lock with the event loop, and a table of
three experts would slow the first replies to people at other tables; so, like the pictures
(:mod:`service.gallery`), it runs in a process of its own at a lower priority, from plain values
taken on the event loop (the view, the table memory, a seed). Each decision has a budget in
seconds: the worker gives up searching once it is spent and answers ``hard``'s move, and a worker
that does not answer within the budget and a grace (busy with other tables, starting, or gone)
is not waited for: ``hard``'s move is played instead, worked out in a thread. Either way the game
gets a move, never none. ``workers=0`` thinks in a thread (tests, and the benchmarks' own loops).
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from rummy import actions as act
from rummy.ai import TableMemory, expert, hard
from rummy.view import PlayerView
from service.workers import worker_pool

log = logging.getLogger(__name__)

BUDGET_SECONDS = 1.0  # how long one decision may search in the worker
GRACE_SECONDS = 2.0  # on top of the budget: the queue, the way back
START_SECONDS = 2.0  # on top of those for the first decision: the worker process starts


def think(view: PlayerView, memory: TableMemory, seed: int, budget: expert.Budget, seconds: float) -> act.Action:
    """In the worker: the expert's move, or ``hard``'s once ``seconds`` have passed."""
    deadline = time.monotonic() + seconds
    return expert.decide(view, seed, memory, budget, give_up=lambda: time.monotonic() > deadline).action


def fallback(view: PlayerView, memory: TableMemory, seed: int) -> act.Action:
    """``hard``'s move in the expert's place (what :func:`think` answers when its time runs out)."""
    return hard.choose(view, random.Random(seed), memory)


class Thinker:
    """Expert decisions off the event loop (see the module docstring)."""

    def __init__(
        self,
        *,
        workers: int = 1,
        seconds: float = BUDGET_SECONDS,
        grace: float = GRACE_SECONDS,
        budget: expert.Budget = expert.DEFAULT_BUDGET,
    ) -> None:
        if workers < 0:
            raise ValueError("the thinker runs with 0 (a thread) or more worker processes")
        self.workers = workers
        self.seconds = seconds
        self.grace = grace
        self.budget = budget
        self._pool: ProcessPoolExecutor | None = None  # started at the first decision
        self.fallbacks = 0  # decisions the worker did not answer in time

    async def decide(self, view: PlayerView, memory: TableMemory, seed: int) -> act.Action:
        """The expert's move for ``view.seat``: searched within the budget, else ``hard``'s."""
        memory.sync(view)  # what the worker would do to its copy: the caller keeps the memory
        loop = asyncio.get_running_loop()
        if self.workers == 0:
            return await asyncio.to_thread(think, view, memory, seed, self.budget, self.seconds)
        wait = self.seconds + self.grace + (START_SECONDS if self._pool is None else 0.0)
        future = loop.run_in_executor(self._executor(), think, view, memory, seed, self.budget, self.seconds)
        try:
            return await asyncio.wait_for(future, wait)
        except TimeoutError:
            self.fallbacks += 1
            log.warning("an expert decision took longer than %.1fs: playing hard's move", wait)
        except BrokenProcessPool:  # the worker died (killed, out of memory): the next decision starts another
            self.fallbacks += 1
            self._pool = None
            log.warning("the expert's worker process is gone: playing hard's move")
        return await asyncio.to_thread(fallback, view, memory, seed)

    async def close(self) -> None:
        """Stop the worker once the decision it is on, if any, has ended (within its budget: it gives up
        then), so that nothing is left for the interpreter's exit to wait for; a later decision starts
        another worker."""
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = worker_pool(self.workers, ["rummy.ai.expert"])
        return self._pool
