"""What a handler hands over to the per-game writer once it has answered its own interaction.

A flow (:mod:`cogs.ui.hand`, :mod:`cogs.ui.lobby`...) answers the person who acted: that first
response is theirs. Every other message the move changes is written by the game's writer
(:mod:`cogs.ui.writer`), which hears each committed change from the service. What the writer cannot
know from the change alone, the flow tells it through :class:`Writer`, the one door the flows see
(``ctx.writer``; the bot's writer implements it): the private hand it just showed (a
:class:`Handle`, what editing that message needs, and the :class:`Picture` still being drawn for
it), a private look's picture still being drawn (with the look's handle: the handler never waits
for it holding its interaction), the public message it sent that becomes the turn's message, a
board it posts itself, the thread it opens. This module sits low so that the flows, the writers
and the bot's type all read it without importing one another.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Hashable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Protocol

import discord

from service.model import GameSnapshot

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Handle:
    """What editing a private message needs, and nothing more."""

    application_id: int
    token: str
    message_id: int | None  # None: not told by Discord (the original response is edited all the same)
    followup: bool  # a follow-up (edited by its id), else the interaction's original response
    user_id: int
    locale: str  # the reader's language (the one they opened it in)
    may_attach: bool  # the bot may attach files where it answered them

    @classmethod
    def of(cls, interaction: discord.Interaction, message_id: int | None, *, followup: bool = False) -> Handle:
        return cls(
            interaction.application_id,
            interaction.token,
            message_id,
            followup and message_id is not None,
            interaction.user.id,
            str(interaction.locale),
            interaction.app_permissions.attach_files,
        )

    @property
    def key(self) -> Hashable:
        """The key of its writes' turns: the message's id, or its token's."""
        return self.message_id if self.message_id is not None else self.token


def attach(embed: discord.Embed, png: bytes, name: str, description: str) -> discord.File:
    """``png`` as the attachment ``name`` that ``embed`` shows as its image."""
    embed.set_image(url=f"attachment://{name}")
    return discord.File(io.BytesIO(png), filename=name, description=description)


@dataclass
class Picture:
    """A picture for one message: drawn already, or being drawn (in the gallery's drawing process)."""

    name: str
    description: str
    ready: bytes | None
    drawing: asyncio.Task[bytes | None] | None = None

    def now(self, embed: discord.Embed) -> discord.File | None:
        """The file to send with ``embed`` at once, if the picture is drawn already."""
        return None if self.ready is None else attach(embed, self.ready, self.name, self.description)

    async def later(self, embed: discord.Embed) -> discord.File | None:
        """The file to send with ``embed`` once drawn (None if it could not be: the text stands)."""
        data = self.ready
        if data is None and self.drawing is not None:
            try:
                data = await self.drawing
            except Exception:
                log.exception("could not draw %s", self.name)
                return None
        return None if data is None else attach(embed, data, self.name, self.description)


class Writer(Protocol):
    """What the flows hand over to the per-game writer (:class:`cogs.ui.writer.GameWriter`)."""

    def shown(self, handle: Handle, game: GameSnapshot, *, picker: bool = False) -> None:
        """The private message of ``handle`` shows (or is about to show) its reader's hand of
        ``game`` (``picker``: a meld or lay-off picker): the writer keeps it current from now on."""
        ...

    def picture(self, handle: Handle, game: GameSnapshot, embed: discord.Embed, picture: Picture | None) -> None:
        """Put ``picture``, once drawn, on the hand just shown through ``handle``, unless newer."""
        ...

    def look(self, handle: Handle, game: GameSnapshot, embed: discord.Embed, picture: Picture | None) -> None:
        """Put ``picture``, once drawn, on the private look of ``game`` just sent through ``handle``
        (``/table``, ``/scores``, a spectator's look), unless its token expired or a newer look
        replaced it meanwhile (then it is dropped, quietly)."""
        ...

    def private_lock(self, key: Hashable) -> asyncio.Lock:
        """The turn of a private message's writes (a handler's redraw takes it too)."""
        ...

    def adopt(
        self, game_id: int, channel_id: int, message_id: int | None, text: str, view: discord.ui.View | None = None
    ) -> None:
        """A public answer the flow sent becomes the game's current turn message."""
        ...

    def begin(
        self,
        game_id: int,
        channel_id: int,
        parts: list[str],
        turn: str | None,
        ping: int | None,
        view: discord.ui.View | None,
    ) -> None:
        """A new turn message the writer sends (a game started in its thread)."""
        ...

    def add(self, game_id: int, channel_id: int, parts: list[str]) -> None:
        """Lines added to the game's current turn message."""
        ...

    def creating(self, game_id: int) -> AbstractAsyncContextManager[None]:
        """While the flow posts a table's board itself (its public answer), and stores its id."""
        ...

    async def open_thread(self, game: GameSnapshot, name: str) -> int:
        """Open the table's thread on its board; its id."""
        ...

    def refresh(self, game_id: int) -> None:
        """Redraw the board (its server's language changed)."""
        ...
