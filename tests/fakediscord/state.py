"""The fake's memory: entities, messages, interactions, synced commands, and waiting for changes."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .models import (
    ADMINISTRATOR,
    ALL_PERMISSIONS,
    BOT_PERMISSIONS,
    DEFAULT_PERMISSIONS,
    DM,
    EPHEMERAL,
    PRIVATE_THREAD,
    TEXT,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeRole,
    FakeUser,
    RecordedInteraction,
    RecordedMessage,
    SnowflakeGenerator,
    iso,
    pings_of,
)

log = logging.getLogger(__name__)

Emitter = Callable[[str, dict[str, Any]], None]


@dataclass(frozen=True)
class Write:
    """One message the bot created, edited or deleted: when (monotonic seconds), where, and whether
    it was public and left the message empty (Discord refuses an empty message, 50006)."""

    at: float
    kind: str  # create | edit | delete
    channel_id: int
    message_id: int
    public: bool
    empty: bool


_MENTION = re.compile(r"<@!?(\d+)>")


class State:
    """Everything the fake knows. Mutations call :meth:`changed`, which wakes :meth:`wait_until`."""

    def __init__(self, *, bot_name: str = "Rami", token: str | None = None, shard_count: int = 1) -> None:
        self.ids = SnowflakeGenerator()
        # A token of its own by default: a bot left over from another fake (a killed run's, on a
        # port used again) can never identify with this one and answer its interactions.
        self.token = token or f"fake-{secrets.token_hex(8)}"
        self.bot = FakeUser(id=self.ids.next(), name=bot_name, bot=True)
        self.owner = FakeUser(id=self.ids.next(), name="owner")
        self.application_id = self.bot.id
        self.application_flags = 0
        self.shard_count = shard_count  # what GET /gateway/bot recommends, and the fewest IDENTIFY may use
        self.users: dict[int, FakeUser] = {self.bot.id: self.bot, self.owner.id: self.owner}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, RecordedMessage] = {}
        self.interactions: dict[int, RecordedInteraction] = {}
        self.by_token: dict[str, RecordedInteraction] = {}
        self.files: dict[int, bytes] = {}
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        self.sync_count = 0
        self.identify_count = 0
        self.requests: list[tuple[float, str, str]] = []
        self.calls: list[tuple[int | None, str, str]] = []  # (pid of the bot process, method, path)
        self.unknown_routes: list[tuple[str, str]] = []
        self.errors: list[tuple[str, str, int, dict[str, Any]]] = []
        self.writes: list[Write] = []  # every message the bot created, edited or deleted, in order
        self.too_old: set[int] = set()  # messages whose edits Discord refuses with 30046 (a test puts ids here)
        self.edit_delay = 0.0  # seconds the fake takes to apply an edit of a channel message (0: at once)
        self.version = 0
        self.emit: Emitter = lambda event, data: None
        self._waiters: list[asyncio.Future[None]] = []

    # -- change notification -------------------------------------------------------------------

    def changed(self) -> None:
        """Note a change and wake everyone waiting in :meth:`wait_until`."""
        self.version += 1
        waiters, self._waiters = self._waiters, []
        for fut in waiters:
            if not fut.done():
                fut.set_result(None)

    async def wait_until(self, predicate: Callable[[], bool], timeout: float, what: str) -> None:
        """Wait until ``predicate()`` is true, re-checking after every change.

        Raises ``TimeoutError`` mentioning ``what`` after ``timeout`` seconds.
        """
        deadline = time.monotonic() + timeout
        while not predicate():
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"timed out after {timeout:.1f}s waiting for {what}")
            fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._waiters.append(fut)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(fut, min(remaining, 0.5))

    # -- entities ------------------------------------------------------------------------------

    def add_user(self, name: str, *, locale: str = "en-US", bot: bool = False) -> FakeUser:
        """Create a user."""
        user = FakeUser(id=self.ids.next(), name=name, locale=locale, bot=bot)
        self.users[user.id] = user
        self.changed()
        return user

    def add_guild(
        self, name: str, *, locale: str = "en-US", owner: FakeUser | None = None, shard: int | None = None
    ) -> FakeGuild:
        """Create a guild with its @everyone role; the bot is a member with a role of its own that has
        every permission but Administrator (so a channel's overwrites can take one away). ``shard``:
        an id that puts the guild on that shard of ``shard_count``."""
        if shard is not None and not 0 <= shard < self.shard_count:
            raise ValueError(f"shard {shard} is not one of the {self.shard_count} shard(s) of this fake")
        gid = self.ids.next() if shard is None else self.ids.next_on_shard(shard, self.shard_count)
        guild = FakeGuild(id=gid, name=name, owner_id=(owner or self.owner).id, preferred_locale=locale)
        guild.roles.append(FakeRole(id=guild.id, guild_id=guild.id, name="@everyone"))
        bot_role = FakeRole(id=self.ids.next(), guild_id=guild.id, name=self.bot.name, permissions=BOT_PERMISSIONS)
        guild.roles.append(bot_role)
        guild.bot_role_id = bot_role.id
        self.guilds[guild.id] = guild
        guild.members[self.bot.id] = FakeMember(self.bot, guild.id, role_ids=[bot_role.id], permissions=BOT_PERMISSIONS)
        self.changed()
        return guild

    def add_role(self, guild: FakeGuild, name: str, *, permissions: int = DEFAULT_PERMISSIONS) -> FakeRole:
        """Create a role in ``guild``."""
        role = FakeRole(
            id=self.ids.next(), guild_id=guild.id, name=name, permissions=permissions, position=len(guild.roles)
        )
        guild.roles.append(role)
        self.changed()
        return role

    def add_member(
        self,
        guild: FakeGuild,
        user: FakeUser,
        *,
        roles: list[FakeRole] | None = None,
        nick: str | None = None,
        admin: bool = False,
    ) -> FakeMember:
        """Make ``user`` a member of ``guild``; permissions are @everyone's and the roles' together."""
        permissions = guild.roles[0].permissions
        for role in roles or []:
            permissions |= role.permissions
        if admin:
            permissions |= ADMINISTRATOR
        member = FakeMember(
            user,
            guild.id,
            role_ids=[r.id for r in roles or []],
            nick=nick,
            permissions=ALL_PERMISSIONS if admin else permissions,
        )
        guild.members[user.id] = member
        self.changed()
        return member

    def add_channel(
        self,
        guild: FakeGuild,
        name: str,
        *,
        type: int = TEXT,
        parent: FakeChannel | None = None,
        owner: FakeUser | None = None,
        member_ids: set[int] | None = None,
        channel_id: int | None = None,
    ) -> FakeChannel:
        """Create a text channel, or a thread when ``parent`` is given (``channel_id``: its id, as a
        thread opened on a message takes the message's)."""
        channel = FakeChannel(
            id=channel_id if channel_id is not None else self.ids.next(),
            type=type,
            name=name,
            guild_id=guild.id,
            parent_id=parent.id if parent else None,
            owner_id=(owner or self.bot).id,
            position=len(guild.channel_ids),
            member_ids=set(member_ids or ()),
        )
        self.channels[channel.id] = channel
        guild.channel_ids.append(channel.id)
        self.changed()
        return channel

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The DM channel between the bot and ``user`` (created on first use)."""
        for channel in self.channels.values():
            if channel.type == DM and channel.recipient_id == user.id:
                return channel
        channel = FakeChannel(id=self.ids.next(), type=DM, name="", guild_id=None, recipient_id=user.id)
        self.channels[channel.id] = channel
        self.changed()
        return channel

    def member(self, guild_id: int | None, user: FakeUser) -> FakeMember | None:
        """The membership of ``user`` in a guild, if any."""
        guild = self.guilds.get(guild_id or 0)
        return guild.members.get(user.id) if guild else None

    def can_see_channel(self, user_id: int, channel: FakeChannel) -> bool:
        """Whether a user can read a channel: guild members, private-thread members, DM recipients."""
        if channel.type == DM:
            return channel.recipient_id == user_id
        guild = self.guilds.get(channel.guild_id or 0)
        if guild is None or user_id not in guild.members:
            return False
        if channel.type == PRIVATE_THREAD:
            return user_id in channel.member_ids or user_id == self.bot.id
        return True

    def permissions_in(self, user_id: int, channel: FakeChannel) -> int:
        """A member's permissions in a channel, as Discord works them out: @everyone and their roles,
        everything for the owner or an Administrator, then the channel's overwrites (@everyone's,
        the roles' together, the member's own). A thread follows its parent channel; in a DM, all."""
        guild = self.guilds.get(channel.guild_id or 0)
        if guild is None:
            return ALL_PERMISSIONS
        member = guild.members.get(user_id)
        if member is None:
            return 0
        if user_id == guild.owner_id:
            return ALL_PERMISSIONS
        roles = {r.id: r for r in guild.roles}
        base = guild.roles[0].permissions
        for role_id in member.role_ids:
            base |= roles[role_id].permissions if role_id in roles else 0
        if base & ADMINISTRATOR:
            return ALL_PERMISSIONS
        place = self.channels.get(channel.parent_id or 0, channel) if channel.is_thread else channel
        overwrites = [(int(o["id"]), int(o["type"]), int(o["allow"]), int(o["deny"])) for o in place.overwrites]
        for target, kind, allow, deny in overwrites:
            if kind == 0 and target == guild.id:
                base = (base & ~deny) | allow
        allowed = denied = 0
        for target, kind, allow, deny in overwrites:
            if kind == 0 and target in member.role_ids:
                allowed, denied = allowed | allow, denied | deny
        base = (base & ~denied) | allowed
        for target, kind, allow, deny in overwrites:
            if kind == 1 and target == user_id:
                base = (base & ~deny) | allow
        return base

    def mentioned_users(self, content: str) -> list[FakeUser]:
        """Users mentioned with ``<@id>`` in ``content`` (those the fake knows)."""
        found = (self.users.get(int(m)) for m in _MENTION.findall(content or ""))
        return [u for u in found if u is not None]

    # -- commands ------------------------------------------------------------------------------

    def sync_commands(self, guild_id: int | None, schema: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Store a bulk overwrite; command ids are kept per name, versions change on every sync."""
        old = {c["name"]: c for c in self.commands.get(guild_id, [])}
        stored = []
        for command in schema:
            item = dict(command)
            item.setdefault("type", 1)
            item.setdefault("description", "")
            item["id"] = old.get(command["name"], {}).get("id") or str(self.ids.next())
            item["application_id"] = str(self.application_id)
            item["version"] = str(self.ids.next())
            if guild_id is not None:
                item["guild_id"] = str(guild_id)
            stored.append(item)
        self.commands[guild_id] = stored
        self.sync_count += 1
        self.changed()
        return stored

    def find_command(self, name: str, guild_id: int | None) -> dict[str, Any] | None:
        """The synced chat-input command ``name``: the guild's first, then the global one."""
        scopes = [guild_id, None] if guild_id is not None else [None]
        for scope in scopes:
            for command in self.commands.get(scope, []):
                if command["name"] == name and command.get("type", 1) == 1:
                    return command
        return None

    # -- messages ------------------------------------------------------------------------------

    def create_message(
        self,
        channel: FakeChannel,
        author: FakeUser,
        body: dict[str, Any],
        *,
        ephemeral_to: int | None = None,
        interaction: RecordedInteraction | None = None,
        message_type: int = 0,
    ) -> RecordedMessage:
        """Store a new message from a validated body and announce public ones on the gateway."""
        flags = int(body.get("flags") or 0)
        if ephemeral_to is None:
            flags &= ~EPHEMERAL
        message = RecordedMessage(
            id=self.ids.next(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=author,
            content=str(body.get("content") or ""),
            embeds=list(body.get("embeds") or []),
            components=number_components(body.get("components") or []),
            attachments=list(body.get("attachments") or []),
            flags=flags,
            type=message_type,
            ephemeral_to=ephemeral_to,
            interaction_id=interaction.id if interaction else None,
            webhook_id=self.application_id if interaction else None,
            allowed_mentions=body.get("allowed_mentions"),
        )
        if not message.loading:
            message.notified = pings_of(message.content, message.allowed_mentions)
        self.messages[message.id] = message
        if author is self.bot:
            self._wrote("create", message)
        if ephemeral_to is None:
            self.emit("MESSAGE_CREATE", {"message_id": message.id})
        self.changed()
        return message

    def edit_message(self, message: RecordedMessage, body: dict[str, Any]) -> RecordedMessage:
        """Apply an edit: only the keys present change; ephemeral stays ephemeral. Only the edit
        that fills a deferred "thinking" message notifies (it is the message being posted)."""
        posting = message.loading
        message.revisions.append(message.snapshot())
        if "content" in body:
            message.content = str(body["content"] or "")
        if "embeds" in body:
            message.embeds = list(body["embeds"] or [])
        if "components" in body:
            message.components = number_components(body["components"] or [])
        if "attachments" in body:  # the ones listed stay (an id is enough), the others go
            kept = {str(a.get("id")): a for a in message.attachments}
            message.attachments = [kept.get(str(a.get("id")), a) for a in body["attachments"] or []]
        if "allowed_mentions" in body:
            message.allowed_mentions = body["allowed_mentions"]
        if "flags" in body and body["flags"] is not None:
            message.flags = (int(body["flags"]) & ~EPHEMERAL) | (message.flags & EPHEMERAL)
        message.edited_timestamp = iso()
        if posting:
            message.notified = pings_of(message.content, message.allowed_mentions)
        self._wrote("edit", message)
        if message.ephemeral_to is None:
            self.emit("MESSAGE_UPDATE", {"message_id": message.id})
        self.changed()
        return message

    def delete_message(self, message: RecordedMessage) -> None:
        """Mark a message deleted (it stays recorded, hidden from everyone)."""
        message.deleted = True
        self._wrote("delete", message)
        if message.ephemeral_to is None:
            self.emit("MESSAGE_DELETE", {"message_id": message.id})
        self.changed()

    def _wrote(self, kind: str, message: RecordedMessage) -> None:
        empty = not (message.content or message.embeds or message.components or message.attachments)
        self.writes.append(Write(time.monotonic(), kind, message.channel_id, message.id, message.public, empty))

    def created_per_window(self, channel_id: int, window: float = 5.0) -> int:
        """The most public messages the bot created in ``channel_id`` within any ``window`` seconds
        (Discord lets a bot create 5 per 5 s in a channel)."""
        times = [w.at for w in self.writes if w.kind == "create" and w.public and w.channel_id == channel_id]
        return max((sum(1 for u in times if t <= u < t + window) for t in times), default=0)

    def record_request(self, method: str, path: str, pid: int | None = None) -> None:
        """Count a REST call (the benchmark reads ``requests``), and note which process made it."""
        self.requests.append((time.perf_counter(), method, path))
        self.calls.append((pid, method, path))

    def guild_of_call(self, path: str) -> int | None:
        """The guild a REST call acts in: its channel's, or its interaction's (callbacks, follow-ups
        and their edits); None for the others (login, commands, DMs)."""
        parts = path.strip("/").split("/")
        if len(parts) >= 2 and parts[0] == "channels" and parts[1].isdigit():
            channel = self.channels.get(int(parts[1]))
            return channel.guild_id if channel else None
        if len(parts) >= 3 and parts[0] in ("interactions", "webhooks"):  # /{kind}/{id}/{token}/...
            interaction = self.by_token.get(parts[2])
            return interaction.guild_id if interaction else None
        return None


def number_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Give every component a numeric ``id`` like Discord does, keeping ids the bot chose."""
    counter = 0

    def walk(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
        nonlocal counter
        out = []
        for item in items:
            item = dict(item)
            counter += 1
            item.setdefault("id", counter)
            if "components" in item:
                item["components"] = walk(item["components"])
            for key in ("accessory", "component"):
                if isinstance(item.get(key), dict):
                    item[key] = walk([item[key]])[0]
            out.append(item)
        return out

    return walk(components)
