"""First replies first: work that can wait lets the interactions still owing their first reply go ahead.

Discord gives an interaction 3 seconds for its first response (after that the user sees "This
interaction failed", and the answer is lost), then 15 minutes for whatever follows. The first
reply to an action is the real answer: the action has committed, and the channel is told what
happened. What comes after it is secondary and never urgent: the private hand sent as a
follow-up (it runs the solver for the hint), the public line after a button redrew the hand,
and the board redraws. Under a burst of actions all that work used to interleave with the
first replies still owed, so the last first reply of a burst waited for everybody's follow-ups.

:class:`FirstReplies` counts the interactions that owe their first reply (registered by
:func:`cogs.ui.context.context`, released by :func:`cogs.ui.context.reply` and :func:`cogs.ui.context.update`).
:meth:`FirstReplies.turn` waits until none is owed, and :meth:`FirstReplies.later` keeps a callback
until then (the board's redraw and the timers' planning start that way, so a burst of actions does
not wake a task per action); both at most ``max_wait`` seconds, so nothing secondary starves under
a sustained overload. Nothing is skipped or merged: every message is still sent, in the same order
for each interaction; only its place in the queue changes. An interaction answered elsewhere
(discord.py's own answers) or one past Discord's deadline is forgotten when the queue is checked.
Waiting costs one future per waiter, released all at once when the queue clears; one timer checks
the queue (and the waiters' deadlines) while anything is owed.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Callable, Iterable

import discord

log = logging.getLogger(__name__)

DISCORD_DEADLINE = 3.0  # seconds an interaction has for its first response
SETTLE_TICKS = 3  # loop turns for interactions already received to reach their handlers


class FirstReplies:
    """The interactions still owing their first reply; secondary work waits its :meth:`turn`."""

    def __init__(
        self, max_wait: float = 1.0, check_every: float = 0.1, on_clear: Callable[[], object] | None = None
    ) -> None:
        self.max_wait = max_wait
        self.check_every = check_every
        self.on_clear = on_clear  # called whenever nothing is owed any more
        self._owed: dict[int, tuple[discord.Interaction, float]] = {}
        self._waiting: list[tuple[float, Callable[[], None]]] = []  # (loop deadline, what to run)
        self._sweep: asyncio.TimerHandle | None = None

    def __len__(self) -> int:
        return len(self._owed)

    @property
    def waiting(self) -> int:
        """How many callbacks and :meth:`turn` calls wait for the queue to clear."""
        return len(self._waiting)

    def owe(self, interaction: discord.Interaction) -> None:
        """``interaction`` has not answered yet (autocomplete is answered by discord.py: not counted)."""
        if interaction.type is discord.InteractionType.autocomplete or interaction.response.is_done():
            return
        self._owed.setdefault(interaction.id, (interaction, time.monotonic()))

    def paid(self, interaction: discord.Interaction) -> None:
        """``interaction`` sent its first reply."""
        if self._owed.pop(interaction.id, None) is not None and not self._owed:
            self._cleared()

    def later(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` now if no first reply is owed, else once none is (at most ``max_wait``
        seconds from now). It should be quick: it starts work, it does not do it (one that raises is
        logged, see :func:`_run_all`)."""
        if not self._owed:
            callback()
            return
        self._waiting.append((asyncio.get_running_loop().time() + self.max_wait, callback))
        self._watch()

    async def turn(self) -> None:
        """Return once no interaction owes its first reply, or after ``max_wait`` seconds.

        An interaction is counted once its handler starts; the gateway may already have delivered
        more that have not started yet. So when the queue looks empty this waits a few turns of the
        event loop (:data:`SETTLE_TICKS`), letting those handlers start, and looks again."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.max_wait
        while True:
            if self._owed:
                released = loop.create_future()
                self._waiting.append((deadline, functools.partial(_release, released)))
                self._watch()
                await released
            for _ in range(SETTLE_TICKS):
                await asyncio.sleep(0)
            if not self._owed or loop.time() >= deadline:
                return

    def _cleared(self) -> None:
        waiting, self._waiting = self._waiting, []
        _run_all(callback for _deadline, callback in waiting)
        if self.on_clear is not None:
            self.on_clear()

    def _watch(self) -> None:
        if self._sweep is None:
            self._sweep = asyncio.get_running_loop().call_later(self.check_every, self._check)

    def _check(self) -> None:
        """Forget what was answered elsewhere or is past Discord's deadline, release the waiters
        past their own deadline, and while anything is still owed, look again in ``check_every``
        seconds (one timer, however many wait)."""
        self._sweep = None
        now = time.monotonic()
        for key, (interaction, since) in list(self._owed.items()):
            if interaction.response.is_done() or now - since > DISCORD_DEADLINE:
                del self._owed[key]
        if not self._owed:
            self._cleared()
            return
        loop_now = asyncio.get_running_loop().time()
        due = [callback for deadline, callback in self._waiting if deadline <= loop_now]
        if due:
            self._waiting = [(d, c) for d, c in self._waiting if d > loop_now]
            _run_all(due)
        self._watch()


def _run_all(callbacks: Iterable[Callable[[], None]]) -> None:
    """Run every callback; one that fails is logged and does not stop the others (nor the reply
    whose payment released them)."""
    for callback in callbacks:
        try:
            callback()
        except Exception:
            log.exception("deferred work failed to start")


def _release(waiter: asyncio.Future[None]) -> None:
    if not waiter.done():  # a cancelled turn() leaves its future cancelled
        waiter.set_result(None)
