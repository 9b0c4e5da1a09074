"""First replies first: what can wait waits until no interaction owes its first reply.

Discord gives an interaction 3 seconds for its first response, and that response is the answer to
the action. What follows it is secondary: the private hand sent after a typed move, the public line
after a button redrew the hand, the board's redraw, the timers' planning. :class:`FirstReplies`
counts the interactions that owe their first response (:func:`cogs.ui.context.context` registers
one, :func:`~cogs.ui.context.reply` and :func:`~cogs.ui.context.update` release it) and
:meth:`FirstReplies.turn` returns once none is owed, or after ``max_wait`` seconds. Nothing is
skipped, merged or reordered within one interaction: only when its secondary work starts changes.

This is the one seam: a bot without a :class:`FirstReplies` (``RamiClient.replies`` left ``None``,
the default) runs everything in the plain order of the code; ``bot.RamiBot`` sets one.
"""

from __future__ import annotations

import asyncio
import time

import discord

DISCORD_DEADLINE = 3.0  # seconds an interaction has for its first response
SETTLE_TICKS = 3  # loop turns for interactions already received to reach their handlers


class FirstReplies:
    """The interactions still owing their first response; secondary work waits its :meth:`turn`."""

    def __init__(self, max_wait: float = 1.0, check_every: float = 0.1) -> None:
        self.max_wait = max_wait
        self.check_every = check_every  # how often a waiter looks for interactions answered elsewhere
        self._owed: dict[int, tuple[discord.Interaction, float]] = {}
        self._clear = asyncio.Event()
        self._clear.set()
        self._swept = 0.0  # when _forget last looked

    def __len__(self) -> int:
        return len(self._owed)

    def owe(self, interaction: discord.Interaction) -> None:
        """``interaction`` has not sent its first response yet (autocomplete is not counted)."""
        if interaction.type is discord.InteractionType.autocomplete or interaction.response.is_done():
            return
        self._owed.setdefault(interaction.id, (interaction, time.monotonic()))
        self._clear.clear()

    def paid(self, interaction: discord.Interaction) -> None:
        """``interaction`` sent its first response."""
        if self._owed.pop(interaction.id, None) is not None and not self._owed:
            self._clear.set()

    def _forget(self) -> None:
        """Drop what was answered elsewhere (discord.py's own answers) or is past Discord's deadline;
        at most once every ``check_every`` seconds, however many wait."""
        now = time.monotonic()
        if now - self._swept < self.check_every:
            return
        self._swept = now
        for key, (interaction, since) in list(self._owed.items()):
            if interaction.response.is_done() or now - since > DISCORD_DEADLINE:
                del self._owed[key]
        if not self._owed:
            self._clear.set()

    async def turn(self) -> None:
        """Return once no interaction owes its first response, or after ``max_wait`` seconds.

        An interaction is counted once its handler starts, and the gateway may have delivered more
        whose handlers have not started yet: so once nothing is owed this lets the loop turn a few
        times (:data:`SETTLE_TICKS`) and looks again. Every ``check_every`` seconds of waiting it
        forgets the interactions answered elsewhere or past Discord's deadline."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.max_wait
        while True:
            while self._owed and loop.time() < deadline:
                try:
                    async with asyncio.timeout_at(min(deadline, loop.time() + self.check_every)):
                        await self._clear.wait()
                except TimeoutError:
                    self._forget()
            for _ in range(SETTLE_TICKS):
                await asyncio.sleep(0)
            if not self._owed or loop.time() >= deadline:
                return
