"""Looks: the private messages that show a game once (``/table``, ``/scores``, a spectator's look),
and the picture each still waits for.

A look answers with its text at once; its picture, drawn meanwhile in the gallery's drawing
process, follows in an edit. The handler does not wait for it: it hands over a :class:`Handle`
(what editing needs: the application id, the token, the message id, the reader's language,
whether files may go) with the :class:`Picture` to :meth:`Looks.look` and returns, so its
``Interaction`` goes with it (under load a picture can wait a minute, and the garbage collector
would scan every interaction held meanwhile). The edit goes through the same way as an open
hand's picture (:func:`cogs.ui.open_hands.put_picture`, the interaction's webhook built from the
handle, the message's lock), and is dropped, quietly, when:

* the token is too old to edit with (:data:`~cogs.ui.open_hands.TOKEN_LIFE`: Discord's tokens last
  15 minutes);
* a newer look replaced it: the same person asked for the same picture of the same game again
  (that one brings its own), so at most one picture waits per person, game and kind.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import partial

import discord

from cogs.ui.handover import Handle, Picture
from cogs.ui.open_hands import TOKEN_LIFE, PrivateMessages, put_picture
from cogs.ui.tasks import Locks, Tasks
from service.model import GameSnapshot

log = logging.getLogger(__name__)

Key = tuple[int, int, str]  # (game id, user id, the picture's name)


@dataclass(frozen=True, slots=True)
class Look:
    """One look whose picture is still to come: how to edit it, when it was sent, and what to show."""

    handle: Handle
    sent: float  # when it was handed over (the registry's clock)
    embed: discord.Embed
    picture: Picture


class Looks:
    """The pictures still to come on private looks (see the module doc)."""

    def __init__(
        self,
        private: PrivateMessages,
        lock: Locks[Hashable],
        *,
        life: float = TOKEN_LIFE,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.private = private
        self.lock = lock  # the private messages' locks (shared with the open hands)
        self.life = life
        self.clock = clock
        self._waiting: dict[Key, Look] = {}  # the newest look of each person, game and picture
        self._tasks: Tasks[Key] = Tasks("look")

    def __len__(self) -> int:
        return len(self._waiting)

    def look(self, handle: Handle, game: GameSnapshot, embed: discord.Embed, picture: Picture | None) -> None:
        """The private look just sent through ``handle`` (of ``game``) gets ``picture`` in ``embed``
        once it is drawn, unless its token is too old by then or a newer look replaced it. Nothing
        is kept for a look without a picture still to come."""
        if picture is None or picture.ready is not None:
            return
        key = (game.game_id, handle.user_id, picture.name)
        self._waiting[key] = Look(handle, self.clock(), embed, picture)  # an older one gives way
        self._tasks.once(key, self._flush, f"rami-look-{key[0]}-{key[1]}")

    def _shows(self, key: Key, look: Look) -> bool:
        """Whether ``look`` still wants its picture: the newest of its key, with a fresh token."""
        if self._waiting.get(key) is not look:
            return False  # a newer look replaced it
        if self.clock() - look.sent > self.life:
            log.debug("a look's picture came after its token's life: dropped")
            return False
        return True

    async def _flush(self, key: Key) -> None:
        """Put its picture on the newest look of ``key``, and again if a newer one came meanwhile."""
        while (look := self._waiting.get(key)) is not None:
            shows = partial(self._shows, key, look)
            try:
                await put_picture(
                    self.private, self.lock(look.handle.key), look.handle, look.embed, look.picture, shows
                )
            finally:
                if self._waiting.get(key) is look:
                    del self._waiting[key]

    # -- tests and shutdown --------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """Whether a picture still waits to go on its look (its task ends right after)."""
        return bool(self._waiting) or bool(self._tasks)

    async def drain(self) -> None:
        await self._tasks.drain()

    async def close(self) -> None:
        """Drop the pictures still to come (the bot is stopping)."""
        await self._tasks.close()
        self._waiting.clear()
