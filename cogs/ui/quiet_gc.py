"""Garbage collection at quiet moments: between actions, not in the middle of a burst of them.

Every interaction leaves cyclic garbage behind (discord.py's interaction and its response point at
each other), which only the collector frees, and a collection pauses the event loop in proportion to
the young objects it scans. With the interpreter's own schedule the pauses land wherever an
allocation crosses the threshold: in the middle of a burst of actions, or on an action under steady
load. Measured in the bot: with a young threshold of 10,000 a burst of 200 actions paid two or three
collections of 5-8 ms (and, one burst in ten, 70 ms for the middle generation); with 50,000, steady
load paid a 70 ms pause every ten seconds.

:class:`QuietCollector` is told by :class:`~cogs.ui.priority.FirstReplies` whenever no interaction owes
its first reply any more, and then collects the young generation if it holds at least ``young``
objects (every ``middle_every`` such collections, the middle one too; the oldest one when the
interpreter's own counters say it is due). Small and frequent, each collection costs a few
milliseconds at a moment nobody waits. The interpreter's automatic collection stays on, with a
high young threshold (set in ``bot.py``), for a sustained overload that never leaves a quiet moment.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Callable


class QuietCollector:
    """Collects the young generation when :meth:`poke` is called at a quiet moment (see the module doc)."""

    def __init__(
        self,
        young: int = 5_000,
        middle_every: int = 20,
        *,
        collect: Callable[[int], int] = gc.collect,
        counts: Callable[[], tuple[int, int, int]] = gc.get_count,
        thresholds: Callable[[], tuple[int, int, int]] = gc.get_threshold,
    ) -> None:
        self.young = young
        self.middle_every = middle_every
        self._collect, self._counts, self._thresholds = collect, counts, thresholds
        self._scheduled = False
        self.collections = 0  # young collections made here

    def poke(self) -> None:
        """Nothing is owed now: collect soon (after the callbacks already queued), if worth it."""
        if not self._scheduled and self._counts()[0] >= self.young:
            self._scheduled = True
            asyncio.get_running_loop().call_soon(self._run)

    def _run(self) -> None:
        self._scheduled = False
        young, _middle, old = self._counts()
        if young < self.young:
            return
        self.collections += 1
        if old > self._thresholds()[2]:
            self._collect(2)
        elif self.collections % self.middle_every == 0:
            self._collect(1)
        else:
            self._collect(0)
