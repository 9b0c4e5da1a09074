"""Every public message a game shows goes out here: paced, one edit in flight per message, and an
edit Discord refuses on an old message posted anew.

The per-game writer (:mod:`cogs.ui.writer`) owns the board, the turn lines and the final message;
each of them sends, edits and deletes through one :class:`Poster`, so the rules below hold for every
public post and edit, whoever writes it:

* **The channel's pace.** New messages in a channel go out at least ``spacing`` seconds apart and at
  most ``limit`` in any ``window`` seconds (Discord allows 5 in 5 s; one is left for the interactions'
  own public replies, which :meth:`Poster.note` counts too).
* **One edit in flight per message.** Edits of one message take turns (a lock per message id): a
  slow edit is never overtaken by an older one. Which state an edit carries is its writer's choice
  (each writer coalesces: the newest state wins).
* **Old messages.** Discord refuses too many edits of a message older than an hour (code 30046), and
  answers 429 when one message is edited too often. Such an edit is not dropped: the message is
  posted anew at the bottom of the channel, in its slot of the pace, and the old one is deleted;
  :meth:`Poster.edit` returns the new message's id, which its writer keeps from then on.
* **Discord's limits.** Everything is fitted (:func:`cogs.ui.limits.fit`) on its way out.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from cogs.ui.limits import fit
from cogs.ui.tasks import Locks

log = logging.getLogger(__name__)

TOO_OLD = 30046  # Discord: "Maximum number of edits to messages older than 1 hour reached"
TOO_OFTEN = 429  # HTTP status of an edit rate-limited past discord.py's own retries


class Channels(Protocol):
    """How the writers reach a channel (Discord in play; a recorder in tests)."""

    async def send(self, channel_id: int, **kwargs: Any) -> int: ...

    async def edit(self, channel_id: int, message_id: int, **kwargs: Any) -> None: ...

    async def delete(self, channel_id: int, message_id: int) -> None: ...

    async def open_thread(self, guild_id: int, channel_id: int, message_id: int, name: str) -> int:
        """Open a public thread on a message; returns its id (Discord's: the message's)."""
        ...

    def is_thread(self, channel_id: int) -> bool:
        """Whether the channel is a thread the bot knows of."""
        ...

    def can_attach(self, channel_id: int) -> bool:
        """Whether the bot may attach files to its messages in the channel."""
        ...


class DiscordChannels:
    """Channel messages through the REST API, without needing the channel in the cache."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client

    async def send(self, channel_id: int, **kwargs: Any) -> int:
        message = await self.client.get_partial_messageable(channel_id).send(**kwargs)
        return message.id

    async def edit(self, channel_id: int, message_id: int, **kwargs: Any) -> None:
        await self.client.get_partial_messageable(channel_id).get_partial_message(message_id).edit(**kwargs)

    async def delete(self, channel_id: int, message_id: int) -> None:
        await self.client.get_partial_messageable(channel_id).get_partial_message(message_id).delete()

    async def open_thread(self, guild_id: int, channel_id: int, message_id: int, name: str) -> int:
        channel = self.client.get_partial_messageable(channel_id, guild_id=guild_id)
        thread = await channel.get_partial_message(message_id).create_thread(name=name, auto_archive_duration=1440)
        return thread.id

    def is_thread(self, channel_id: int) -> bool:
        return isinstance(self.client.get_channel(channel_id), discord.Thread)

    def can_attach(self, channel_id: int) -> bool:
        """From the cached channel and the bot's roles (a channel not in the cache: no)."""
        channel = self.client.get_channel(channel_id)
        if not isinstance(channel, (discord.abc.GuildChannel, discord.Thread)):
            return False
        return channel.permissions_for(channel.guild.me).attach_files


@dataclass(frozen=True)
class Pace:
    """How fast one channel may receive new messages and edits (seconds)."""

    spacing: float = 1.0  # between two new messages
    window: float = 5.0
    limit: int = 4  # new messages in any window: Discord allows 5, one is left for interaction replies
    edit_interval: float = 1.0  # between two edits of one message


DISCORD_PACE = Pace()
NO_PACE = Pace(spacing=0.0, limit=1_000_000, edit_interval=0.0)  # tests that do not look at the pace


def refused_as_old(exc: discord.HTTPException) -> bool:
    """Whether Discord refused an edit for the message's age or its edits' rate (post it anew)."""
    return exc.code == TOO_OLD or exc.status == TOO_OFTEN


def as_new(kwargs: dict[str, Any]) -> dict[str, Any]:
    """An edit's arguments as a new message's: the attachments it lists become its files."""
    out = {k: v for k, v in kwargs.items() if k != "attachments"}
    files = [f for f in kwargs.get("attachments", ()) if isinstance(f, discord.File)]
    if files:
        out["files"] = files
    return out


class Poster:
    """The one way out to channels (see the module doc)."""

    def __init__(
        self,
        channels: Channels,
        *,
        pace: Pace = DISCORD_PACE,
        clock: Callable[[], float] | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.channels = channels
        self.pace = pace
        self.clock = clock  # the loop's time unless given (a test's clock)
        self.sleep = sleep  # the waits of the pace (a test's clock moves with them)
        self._sent: dict[int, deque[float]] = {}  # channel -> times of its recent new messages
        self.lock: Locks[int] = Locks()  # one edit in flight per message

    def now(self) -> float:
        return self.clock() if self.clock is not None else asyncio.get_running_loop().time()

    # -- the pace ------------------------------------------------------------------------------
    def note(self, channel_id: int) -> None:
        """A new message went out in the channel (ours or an interaction's): it counts in the pace."""
        sent = self._sent.setdefault(channel_id, deque())
        sent.append(self.now())
        while len(sent) > max(self.pace.limit, 1) + 1:
            sent.popleft()

    def slot(self, channel_id: int) -> float:
        """When the channel may receive its next new message."""
        now, pace = self.now(), self.pace
        sent = self._sent.get(channel_id)
        if not sent:
            return now
        at = max(now, sent[-1] + pace.spacing)
        recent = [t for t in sent if t > now - pace.window]
        if len(recent) >= pace.limit:
            at = max(at, recent[-pace.limit] + pace.window)
        return at

    async def wait_slot(self, channel_id: int) -> None:
        """Wait for the channel's next slot."""
        while (wait := self.slot(channel_id) - self.now()) > 0:
            await self.sleep(wait)

    # -- the messages ----------------------------------------------------------------------------
    async def send(self, channel_id: int, *, paced: bool = True, **kwargs: Any) -> int:
        """Post a new message (after the channel's next slot unless ``paced`` is False: the caller
        waited for it); returns its id. Discord's refusal is raised."""
        if paced:
            await self.wait_slot(channel_id)
        self.note(channel_id)
        return await self.channels.send(channel_id, **fit(kwargs))

    async def edit(self, channel_id: int, message_id: int, *, anew: dict[str, Any] | None = None, **kwargs: Any) -> int:
        """Edit a message, after any edit of it still in flight; returns its id. Refused for its
        age or its edits' rate, it is posted anew (``anew``: the whole message, when the edit
        changes only part of it) and the old one deleted: the new id is returned. Any other
        refusal is raised (``discord.NotFound`` for a message deleted meanwhile)."""
        async with self.lock(message_id):
            try:
                await self.channels.edit(channel_id, message_id, **fit(kwargs))
                return message_id
            except discord.HTTPException as exc:
                if not refused_as_old(exc):
                    raise
                log.info("a message in channel %s refuses edits (%s): posted anew", channel_id, exc.code or exc.status)
            new_id = await self.send(channel_id, **as_new(anew if anew is not None else kwargs))
        await self.delete(channel_id, message_id)
        return new_id

    async def delete(self, channel_id: int, message_id: int) -> None:
        """Delete a message of ours (already gone, or not allowed: logged, nothing more)."""
        try:
            await self.channels.delete(channel_id, message_id)
        except discord.HTTPException as exc:
            log.info("could not delete an old message in channel %s: %s", channel_id, exc)

    async def open_thread(self, guild_id: int, channel_id: int, message_id: int, name: str) -> int:
        return await self.channels.open_thread(guild_id, channel_id, message_id, name)
