"""A high-level test driver: make a world, act as users, read what each user saw.

See the package docstring (``tests/fakediscord/__init__.py``) for a usage guide.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .components import ComponentError, button_data, modal_submit_data, select_data, usable_component
from .interactions import interaction_payload
from .models import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    DEFAULT_PERMISSIONS,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeRole,
    FakeUser,
    RecordedInteraction,
    RecordedMessage,
)
from .payloads import (
    channel_payload,
    guild_create_payload,
    member_payload,
    role_payload,
)
from .results import InteractionResult
from .schema import command_data
from .server import FakeDiscord

if TYPE_CHECKING:
    from .process import BotProcess

log = logging.getLogger(__name__)

MessageRef = RecordedMessage | InteractionResult | int


class Driver:
    """Acts on a :class:`FakeDiscord` as users would, and reads what they saw.

    ``timeout`` bounds every wait for the bot. After the bot's answer, the driver waits until nothing
    changed for ``settle`` seconds (at most ``settle_max``), so follow-ups sent right after the reply
    are in the result. ``process``, when set, lends its log tail to timeout errors.
    """

    def __init__(
        self,
        fake: FakeDiscord,
        *,
        timeout: float = 10.0,
        settle: float = 0.05,
        settle_max: float = 1.0,
        process: BotProcess | None = None,
    ) -> None:
        self.fake = fake
        self.state = fake.state
        self.timeout = timeout
        self.settle = settle
        self.settle_max = settle_max
        self.process = process

    @property
    def bot(self) -> FakeUser:
        """The bot's user."""
        return self.state.bot

    # -- making the world ------------------------------------------------------------------------

    def user(self, name: str, *, locale: str = "en-US") -> FakeUser:
        """A user; ``locale`` is what their client reports ("fr", "en-US", ...)."""
        return self.state.add_user(name, locale=locale)

    def guild(
        self,
        name: str = "Test guild",
        *,
        locale: str = "en-US",
        owner: FakeUser | None = None,
        shard: int | None = None,
    ) -> FakeGuild:
        """A guild (the bot is in it), on shard ``shard`` of the fake's ``shard_count`` if given.
        Created after the bot connected, it arrives as GUILD_CREATE (to its shard's session)."""
        guild = self.state.add_guild(name, locale=locale, owner=owner, shard=shard)
        if owner is not None:
            self.state.add_member(guild, owner, admin=True)
        self.state.emit("GUILD_CREATE", guild_create_payload(self.state, guild))
        return guild

    def role(self, guild: FakeGuild, name: str, *, permissions: int = DEFAULT_PERMISSIONS) -> FakeRole:
        """A role."""
        role = self.state.add_role(guild, name, permissions=permissions)
        self.state.emit("GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role_payload(role)})
        return role

    def member(
        self,
        guild: FakeGuild,
        user: FakeUser,
        *,
        roles: Sequence[FakeRole] = (),
        nick: str | None = None,
        admin: bool = False,
    ) -> FakeMember:
        """Make ``user`` a member of ``guild`` (needed before they can use commands there)."""
        member = self.state.add_member(guild, user, roles=list(roles), nick=nick, admin=admin)
        self.state.emit("GUILD_MEMBER_ADD", member_payload(member) | {"guild_id": str(guild.id)})
        return member

    def text_channel(self, guild: FakeGuild, name: str = "general") -> FakeChannel:
        """A text channel."""
        channel = self.state.add_channel(guild, name)
        self.state.emit("CHANNEL_CREATE", channel_payload(self.state, channel))
        return channel

    def thread(
        self, channel: FakeChannel, name: str, *, private: bool = False, members: Iterable[FakeUser] = ()
    ) -> FakeChannel:
        """A thread in ``channel``; a private one is visible to its ``members`` (and the bot) only."""
        guild = self.state.guilds[channel.guild_id or 0]
        thread = self.state.add_channel(
            guild,
            name,
            type=PRIVATE_THREAD if private else PUBLIC_THREAD,
            parent=channel,
            member_ids={u.id for u in members} | {self.bot.id},
        )
        self.state.emit("THREAD_CREATE", channel_payload(self.state, thread) | {"newly_created": True})
        return thread

    def bot_role(self, guild: FakeGuild) -> FakeRole:
        """The bot's own role in ``guild`` (every permission but Administrator)."""
        return next(r for r in guild.roles if r.id == guild.bot_role_id)

    def overwrite(
        self, channel: FakeChannel, target: FakeRole | FakeUser | FakeMember, *, allow: int = 0, deny: int = 0
    ) -> None:
        """Set a channel's permission overwrite for a role or a member (``deny=ATTACH_FILES`` on the
        bot's role: the bot may not attach files there). Sent as CHANNEL_UPDATE when connected."""
        kind = 0 if isinstance(target, FakeRole) else 1
        channel.overwrites = [o for o in channel.overwrites if int(o["id"]) != target.id]
        channel.overwrites.append({"id": str(target.id), "type": kind, "allow": str(allow), "deny": str(deny)})
        self.state.changed()
        self.state.emit("CHANNEL_UPDATE", channel_payload(self.state, channel))

    def image(self, message: RecordedMessage, embed: int = 0) -> bytes | None:
        """The bytes of the picture an embed shows from the message's own attachments
        (``attachment://name``), or None when it shows none (or names a file the message lacks)."""
        if len(message.embeds) <= embed:
            return None
        url = str((message.embeds[embed].get("image") or {}).get("url") or "")
        if not url.startswith("attachment://"):
            return None
        name = url.removeprefix("attachment://")
        found = [a for a in message.attachments if a.get("filename") == name]
        return self.state.files.get(int(found[0]["id"])) if found else None

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The DM channel between the bot and ``user`` (for DM interactions and reading DMs)."""
        return self.state.dm_channel(user)

    def expire_tokens(self) -> None:
        """Let 15 minutes pass for every interaction so far: their tokens stop working (401 50027)."""
        for interaction in self.state.interactions.values():
            interaction.expired = True

    # -- acting ----------------------------------------------------------------------------------

    async def slash(
        self,
        user: FakeUser,
        channel: FakeChannel,
        command: str,
        options: dict[str, Any] | None = None,
        /,
        *,
        _timeout: float | None = None,
        _wait: bool = True,
        **kw_options: Any,
    ) -> InteractionResult:
        """Run ``/command`` (e.g. ``"lobby create"``) with options checked against the synced schema.

        Options go as keywords (``preset="rami51"``) or, for names that are not Python identifiers, in
        the ``options`` dict. ``_timeout`` overrides the driver's; ``_wait=False`` returns at once.
        """
        opts = {**(options or {}), **kw_options}
        data = command_data(self.state, channel.guild_id, command, opts)
        return await self._run(APPLICATION_COMMAND, user, channel, data, timeout=_timeout, wait=_wait)

    async def autocomplete(
        self, user: FakeUser, channel: FakeChannel, command: str, option: str, typed: str, /, **other_options: Any
    ) -> list[dict[str, Any]]:
        """The choices the bot suggests for ``option`` while ``typed`` is in it."""
        data = command_data(self.state, channel.guild_id, command, {**other_options, option: typed}, focused=option)
        result = await self._run(AUTOCOMPLETE, user, channel, data, timeout=None, wait=True)
        if result.callback_type != 8:
            raise AssertionError(f"autocomplete got callback type {result.callback_type}")
        return result.choices

    async def click(
        self, user: FakeUser, message: MessageRef, key: str, *, timeout: float | None = None, wait: bool = True
    ) -> InteractionResult:
        """Click the button with this ``custom_id`` (or label) on a message the user can see."""
        msg = self._message(message)
        data = button_data(usable_component(self.state, user, msg, key))
        return await self._run(
            MESSAGE_COMPONENT, user, self._channel(msg), data, source=msg, timeout=timeout, wait=wait
        )

    async def select(
        self,
        user: FakeUser,
        message: MessageRef,
        key: str,
        values: str | Sequence[Any],
        *,
        timeout: float | None = None,
        wait: bool = True,
    ) -> InteractionResult:
        """Choose ``values`` in a select (by ``custom_id`` or placeholder); option labels also work."""
        msg = self._message(message)
        data = select_data(self.state, msg.guild_id, usable_component(self.state, user, msg, key), values)
        return await self._run(
            MESSAGE_COMPONENT, user, self._channel(msg), data, source=msg, timeout=timeout, wait=wait
        )

    async def submit_modal(
        self, user: FakeUser, opened_by: InteractionResult, values: dict[str, str], *, timeout: float | None = None
    ) -> InteractionResult:
        """Fill the modal the bot opened (text inputs by ``custom_id`` or label) and submit it."""
        if opened_by.modal is None:
            raise AssertionError(f"{opened_by.interaction.name!r} opened no modal")
        data = modal_submit_data(opened_by.modal, values)
        ix = opened_by.interaction
        source = self.state.messages.get(ix.source_message_id or 0)
        channel = self.state.channels[ix.channel_id]
        return await self._run(MODAL_SUBMIT, user, channel, data, source=source, timeout=timeout, wait=True)

    async def say(self, user: FakeUser, channel: FakeChannel, content: str) -> RecordedMessage:
        """Post a plain message as ``user`` (the bot gets MESSAGE_CREATE if its intents allow)."""
        return self.state.create_message(channel, user, {"content": content})

    async def dispatch(
        self,
        kind: int,
        user: FakeUser,
        channel: FakeChannel,
        data: dict[str, Any],
        *,
        source: RecordedMessage | None = None,
        timeout: float | None = None,
        wait: bool = True,
    ) -> InteractionResult:
        """Send an interaction with hand-made ``data``, unchecked: what an outdated or hostile client may send.

        For example a guild-only command from a DM, or a button id on a message that never carried it.
        ``kind`` is the interaction type (2 command, 3 component, 4 autocomplete, 5 modal submit).
        """
        return await self._run(kind, user, channel, data, source=source, timeout=timeout, wait=wait)

    async def wait_answered(self, results: Iterable[InteractionResult], timeout: float | None = None) -> None:
        """Wait until every interaction in ``results`` got its first reply (for ``_wait=False`` loads).

        One waiter for the whole batch keeps the fake's loop light while it measures latencies.
        """
        pending = [r.interaction for r in results]
        await self._wait(
            lambda: all(i.first_reply_at is not None for i in pending),
            self.timeout if timeout is None else timeout,
            f"replies to {len(pending)} interaction(s)",
        )

    # -- reading -----------------------------------------------------------------------------------

    def visible_to(self, user: FakeUser, channel: FakeChannel | None = None) -> list[RecordedMessage]:
        """Every message ``user`` can see (public ones in channels they can read, their ephemerals, DMs)."""
        return [
            m
            for m in self.state.messages.values()
            if (channel is None or m.channel_id == channel.id)
            and m.visible_to(user.id)
            and self.state.can_see_channel(user.id, self.state.channels[m.channel_id])
        ]

    def public_messages(self, channel: FakeChannel) -> list[RecordedMessage]:
        """The channel's non-ephemeral, undeleted messages, oldest first."""
        return [
            m
            for m in self.state.messages.values()
            if m.channel_id == channel.id and m.ephemeral_to is None and not m.deleted
        ]

    def ephemeral_for(self, user: FakeUser, channel: FakeChannel | None = None) -> list[RecordedMessage]:
        """The undeleted ephemeral messages only ``user`` sees, oldest first."""
        return [
            m
            for m in self.state.messages.values()
            if m.ephemeral_to == user.id and not m.deleted and (channel is None or m.channel_id == channel.id)
        ]

    def dms_for(self, user: FakeUser) -> list[RecordedMessage]:
        """Messages in the bot's DM channel with ``user``."""
        channel = self.state.dm_channel(user)
        return [m for m in self.state.messages.values() if m.channel_id == channel.id and not m.deleted]

    def last_message(self, channel: FakeChannel | None = None, *, user: FakeUser | None = None) -> RecordedMessage:
        """The newest message (in ``channel`` and/or visible to ``user``); raises if there is none."""
        pool = (
            self.visible_to(user, channel)
            if user
            else [
                m
                for m in self.state.messages.values()
                if not m.deleted and (channel is None or m.channel_id == channel.id)
            ]
        )
        if not pool:
            raise AssertionError("no message")
        return pool[-1]

    @property
    def interactions(self) -> list[RecordedInteraction]:
        """Every interaction dispatched so far."""
        return list(self.state.interactions.values())

    def latencies(self) -> list[float]:
        """Dispatch-to-first-reply seconds of every answered interaction."""
        return [i.latency for i in self.state.interactions.values() if i.latency is not None]

    # -- internals -------------------------------------------------------------------------------------

    def _message(self, ref: MessageRef) -> RecordedMessage:
        if isinstance(ref, InteractionResult):
            return ref.message
        message = ref if isinstance(ref, RecordedMessage) else self.state.messages.get(ref)
        if message is None:
            raise ComponentError(f"unknown message {ref!r}")
        return message

    def _channel(self, message: RecordedMessage) -> FakeChannel:
        return self.state.channels[message.channel_id]

    async def _run(
        self,
        kind: int,
        user: FakeUser,
        channel: FakeChannel,
        data: dict[str, Any],
        *,
        source: RecordedMessage | None = None,
        timeout: float | None,
        wait: bool,
    ) -> InteractionResult:
        timeout = self.timeout if timeout is None else timeout
        gateway = self.fake.gateway
        if not gateway.connected_for(channel.guild_id):
            await self._wait(lambda: gateway.connected_for(channel.guild_id), timeout, "the bot to be connected")
        interaction = RecordedInteraction(
            id=self.state.ids.next(),
            token=secrets.token_urlsafe(48),
            type=kind,
            user=user,
            channel_id=channel.id,
            guild_id=channel.guild_id,
            data=data,
            source_message_id=source.id if source else None,
        )
        self.state.interactions[interaction.id] = interaction
        self.state.by_token[interaction.token] = interaction
        payload = interaction_payload(self.state, interaction)
        result = InteractionResult(interaction, self.state, marker=self.state.ids.next())
        interaction.dispatched_at = time.perf_counter()
        self.fake.gateway.dispatch("INTERACTION_CREATE", payload)
        self.state.changed()
        if not wait:
            return result
        what = f"the bot's reply to {interaction.name!r} from {user.name}"
        await self._wait(lambda: interaction.first_reply_at is not None, timeout, what)
        if interaction.callback_type == 5:
            thinking = self.state.messages[interaction.original_message_id or 0]
            await self._wait(lambda: not thinking.loading, timeout, f"the deferred answer to {interaction.name!r}")
        await self._settle()
        return result

    async def _wait(self, predicate: Any, timeout: float, what: str) -> None:
        try:
            await self.state.wait_until(predicate, timeout, what)
        except TimeoutError as exc:
            details = [str(exc)]
            if self.state.errors:
                details.append(f"last error replies: {self.state.errors[-3:]}")
            if self.process is not None:
                details.append("bot log tail:\n" + "\n".join(self.process.lines[-25:]))
            raise TimeoutError("\n".join(details)) from None

    async def _settle(self) -> None:
        deadline = time.monotonic() + self.settle_max
        while time.monotonic() < deadline:
            version = self.state.version
            await asyncio.sleep(self.settle)
            if self.state.version == version:
                return
