"""The UI's background work: redraws, turn lines, open hands and final messages run as tasks.

:class:`Tasks` holds one kind of them. :meth:`Tasks.once` runs at most one task per key (a game, or
a game and a person): a change while it runs only marks what it must show, and the running task
picks that up, so a burst of changes costs one task; :meth:`Tasks.spawn` runs one more task with no
key. A task's failure is logged with its traceback; Discord out of reach (the connection failed or
timed out, as when the bot closes while a message is on its way) is a warning, and the next change
starts a new task. :meth:`Tasks.drain` waits for every task (tests, shutdown), :meth:`Tasks.close`
cancels them. :class:`Locks` gives one lock per message, so that its writes take turns.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Callable, Coroutine, Hashable
from typing import Any, Generic, TypeVar

import aiohttp

log = logging.getLogger(__name__)

K = TypeVar("K", bound=Hashable)


class Tasks(Generic[K]):
    """The running tasks of one kind (``what`` names them in the log)."""

    def __init__(self, what: str) -> None:
        self.what = what
        self._keyed: dict[K, asyncio.Task[None]] = {}
        self._loose: set[asyncio.Task[None]] = set()

    def __len__(self) -> int:
        return len(self._keyed) + len(self._loose)

    def __contains__(self, key: K) -> bool:
        return key in self._keyed

    def once(self, key: K, work: Callable[[K], Coroutine[Any, Any, None]], name: str) -> None:
        """Run ``work(key)`` as ``key``'s task, unless one is running for ``key``. The key is free
        again as soon as the task's coroutine returns: a change made after its last look starts a new one."""
        if key in self._keyed:
            return
        task = asyncio.get_running_loop().create_task(self._keep(key, work(key)), name=name)
        self._keyed[key] = task
        task.add_done_callback(self._done)

    def spawn(self, work: Coroutine[Any, Any, None], name: str) -> None:
        """Run ``work`` as a task of its own."""
        task = asyncio.get_running_loop().create_task(work, name=name)
        self._loose.add(task)
        task.add_done_callback(self._done)

    async def _keep(self, key: K, work: Coroutine[Any, Any, None]) -> None:
        try:
            await work
        finally:
            if self._keyed.get(key) is asyncio.current_task():
                del self._keyed[key]

    def _done(self, task: asyncio.Task[None]) -> None:
        self._loose.discard(task)
        if task.cancelled() or (exc := task.exception()) is None:
            return
        if isinstance(exc, (aiohttp.ClientError, TimeoutError)):  # Discord out of reach (or the bot closing)
            log.warning("%s task %s could not reach Discord: %r", self.what, task.get_name(), exc)
        else:
            log.error("%s task %s failed", self.what, task.get_name(), exc_info=exc)

    def _all(self) -> list[asyncio.Task[None]]:
        return [*self._keyed.values(), *self._loose]

    async def drain(self) -> None:
        """Wait until every task is done, those started meanwhile too."""
        while tasks := self._all():
            await asyncio.gather(*tasks, return_exceptions=True)

    async def close(self) -> None:
        """Cancel every task and wait for them to end."""
        tasks = self._all()
        for task in tasks:
            task.cancel()
        # gather, not a suppressed await per task: a cancellation of the closer itself still stops it
        await asyncio.gather(*tasks, return_exceptions=True)
        self._keyed.clear()
        self._loose.clear()


class Locks(Generic[K]):
    """One :class:`asyncio.Lock` per key (a message), kept while someone holds or waits for it."""

    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[K, asyncio.Lock] = weakref.WeakValueDictionary()

    def __call__(self, key: K) -> asyncio.Lock:
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        return lock
