"""The garbage collector's full passes scan what is new, not everything the bot holds.

CPython's full (generation 2) collection scans every object the collector tracks. A bot with many
games holds many (each game's decoded state, its timers, its turn message's view: about 110 objects
an active game), so each full pass pauses the event loop for longer the more games there are: at
1,000 games the steady phase's p99 was those pauses (``benchmarks/README.md``, issue 28). Most of
what a full pass scans survived the pass before, and lives on: a game's state lasts until its next
move, and is then freed by its reference count, not by the collector.

:class:`Collector` keeps what survived a full pass out of the next ones: right after each full pass
it moves the survivors to the collector's permanent generation (:func:`gc.freeze`), so the next full
pass scans only what was made since. Nothing is lost to that: an object left without references is
freed at once wherever it lives. What the permanent generation hides is garbage *in a cycle*, which
only a scan finds (an interaction and its response refer to each other: one in flight during a full
pass is frozen with it). So the survivors are given back (:func:`gc.unfreeze`) and the next full
pass scans everything once, collects such cycles and freezes what is left again, whenever what is
frozen has grown by half since that last whole scan (``rescan_growth``), or ``rescan_every``
seconds (10 minutes) after it. What waits for the whole scan is bounded by half of what the bot
holds, and a long pause comes every few thousand actions instead of every few hundred.

Installed by ``bot.py`` once its start-up is loaded (which is frozen first, as before); nothing else
in the bot knows about it.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import Any

RESCAN_EVERY = 600.0  # seconds between full passes that scan everything, at most
RESCAN_GROWTH = 0.5  # ... or once what is frozen grew by this share since the last whole scan


class Collector:
    """After each full collection, freeze its survivors; once they have grown by ``rescan_growth``
    or every ``rescan_every`` seconds, thaw them instead, so that the next full collection scans
    everything once."""

    def __init__(
        self,
        rescan_every: float = RESCAN_EVERY,
        rescan_growth: float = RESCAN_GROWTH,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.rescan_every = rescan_every
        self.rescan_growth = rescan_growth
        self.clock = clock
        self.installed = False
        self.frozen_passes = 0  # full passes whose survivors were frozen
        self.rescans = 0  # times the survivors were given back for a whole scan
        self._next_rescan = 0.0
        self._baseline = 0  # objects frozen right after the last whole scan
        self._thawed = False  # the next full pass scans everything

    def install(self) -> None:
        """Freeze everything alive now (start-up: modules, catalogs, the command tree) and freeze
        the survivors of every full collection from now on."""
        if self.installed:
            return
        gc.freeze()
        self._scanned()
        gc.callbacks.append(self._collected)
        self.installed = True

    def uninstall(self) -> None:
        """Stop freezing, and give back everything frozen (the collector's default behaviour)."""
        if not self.installed:
            return
        gc.callbacks.remove(self._collected)
        gc.unfreeze()
        self.installed = False

    def _scanned(self) -> None:
        """Everything alive was just scanned (or is start-up's) and frozen: the next rescan is due
        after ``rescan_every`` seconds, or once the frozen grew by ``rescan_growth``."""
        self._next_rescan = self.clock() + self.rescan_every
        self._baseline = gc.get_freeze_count()
        self._thawed = False

    def _collected(self, phase: str, info: dict[str, Any]) -> None:
        """A :data:`gc.callbacks` hook: runs in whichever thread collected, the collection done
        (every younger generation is empty after a full one, so what is frozen is its survivors)."""
        if phase != "stop" or info.get("generation") != 2:
            return
        if self._thawed:  # this pass scanned everything
            gc.freeze()
            self._scanned()
            return
        self.frozen_passes += 1
        gc.freeze()
        frozen = gc.get_freeze_count()
        if self.clock() >= self._next_rescan or frozen > self._baseline * (1 + self.rescan_growth):
            self.rescans += 1
            self._thawed = True
            gc.unfreeze()  # the next full collection scans everything once
