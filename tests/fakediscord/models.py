"""Value objects of the fake Discord: users, guilds, channels, and what was recorded.

Everything here is plain data. The payload builders that turn these objects into the JSON that
discord.py reads live in :mod:`tests.fakediscord.payloads`.
"""

from __future__ import annotations

import datetime as dt
import itertools
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1_420_070_400_000

EPHEMERAL = 1 << 6
LOADING = 1 << 7
IS_COMPONENTS_V2 = 1 << 15

# Channel types (Discord API).
TEXT = 0
DM = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = (10, PUBLIC_THREAD, PRIVATE_THREAD)

# Interaction types.
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5

# Permissions: the usual @everyone set (view, send, history, reactions, slash commands, threads...).
DEFAULT_PERMISSIONS = 0x0000_0637_7ED4_0E41
ADMINISTRATOR = 1 << 3
ATTACH_FILES = 1 << 15
ALL_PERMISSIONS = (1 << 50) - 1
BOT_PERMISSIONS = ALL_PERMISSIONS & ~ADMINISTRATOR  # the bot's role: everything, so that overwrites apply


class SnowflakeGenerator:
    """Make Discord-like ids: milliseconds since 2015 in the high bits, a worker and a counter below."""

    def __init__(self, worker: int = 1) -> None:
        self._worker = worker & 0x1F
        self._counter = itertools.count()
        self._last = 0

    def next(self) -> int:
        """Return a fresh id, strictly greater than every id returned before."""
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        candidate = (ms << 22) | (self._worker << 17) | (next(self._counter) & 0xFFF)
        self._last = max(candidate, self._last + 1)
        return self._last

    def next_on_shard(self, shard_id: int, shard_count: int) -> int:
        """A fresh id (as :meth:`next`) whose ``(id >> 22) % shard_count`` is ``shard_id``: a guild of
        that shard. Its time part is moved up by less than ``shard_count`` milliseconds."""
        candidate = self.next()
        ms = candidate >> 22
        ms += (shard_id - ms) % shard_count
        self._last = (ms << 22) | (candidate & ((1 << 22) - 1))
        return self._last


_PID = re.compile(r"\bpid/(\d+)")


def client_pid(user_agent: str | None) -> int | None:
    """The process id a bot run by the tests puts in its User-Agent (``pid/N``, added by
    ``tests/e2e/sitecustomize``), if any: it tells two processes with one token apart."""
    match = _PID.search(user_agent or "")
    return int(match.group(1)) if match else None


def iso(ts: dt.datetime | None = None) -> str:
    """Format a timestamp the way Discord does (ISO 8601 with an offset)."""
    return (ts or dt.datetime.now(dt.UTC)).isoformat()


@dataclass(eq=False)
class FakeUser:
    """A Discord user; ``locale`` is what the client reports in interactions."""

    id: int
    name: str
    locale: str = "en-US"
    bot: bool = False
    global_name: str | None = None

    @property
    def mention(self) -> str:
        """The mention markup, ``<@id>``."""
        return f"<@{self.id}>"

    @property
    def display_name(self) -> str:
        """The global name when set, else the user name."""
        return self.global_name or self.name


@dataclass(eq=False)
class FakeRole:
    """A guild role. The @everyone role has the guild's id."""

    id: int
    guild_id: int
    name: str
    permissions: int = DEFAULT_PERMISSIONS
    position: int = 0


@dataclass(eq=False)
class FakeMember:
    """A user's membership in one guild."""

    user: FakeUser
    guild_id: int
    role_ids: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = field(default_factory=iso)
    permissions: int = DEFAULT_PERMISSIONS

    @property
    def id(self) -> int:
        """The member's user id."""
        return self.user.id

    @property
    def mention(self) -> str:
        """The mention markup of the user."""
        return self.user.mention


@dataclass(eq=False)
class FakeChannel:
    """A text channel, a thread (public or private) or a DM channel."""

    id: int
    type: int
    name: str
    guild_id: int | None
    parent_id: int | None = None
    owner_id: int | None = None
    position: int = 0
    member_ids: set[int] = field(default_factory=set)
    recipient_id: int | None = None
    archived: bool = False
    locked: bool = False
    created_at: str = field(default_factory=iso)
    overwrites: list[dict[str, Any]] = field(default_factory=list)  # permission_overwrites (threads: the parent's)

    @property
    def is_thread(self) -> bool:
        """Whether this is a thread."""
        return self.type in THREAD_TYPES

    @property
    def mention(self) -> str:
        """The mention markup, ``<#id>``."""
        return f"<#{self.id}>"


@dataclass(eq=False)
class FakeGuild:
    """A guild with its roles, channels and members."""

    id: int
    name: str
    owner_id: int
    preferred_locale: str = "en-US"
    roles: list[FakeRole] = field(default_factory=list)
    channel_ids: list[int] = field(default_factory=list)
    members: dict[int, FakeMember] = field(default_factory=dict)
    bot_role_id: int | None = None  # the bot's own role, made when it joined


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Yield every component in a tree (rows, containers, sections, labels and accessories)."""
    for component in components:
        yield component
        yield from walk_components(component.get("components", []))
        for key in ("accessory", "component"):
            child = component.get(key)
            if isinstance(child, dict):
                yield from walk_components([child])


MENTION_MARKUP = re.compile(r"<@([!&]?)(\d+)>")
EVERYONE_MARKUP = re.compile(r"@(everyone|here)\b")


@dataclass(frozen=True)
class Pings:
    """Whom Discord notifies for a message: the users and roles whose mention in the content its
    ``allowed_mentions`` allows, and whether ``@everyone`` / ``@here`` is allowed to ring."""

    users: frozenset[int] = frozenset()
    roles: frozenset[int] = frozenset()
    everyone: bool = False


def pings_of(content: str, allowed: dict[str, Any] | None) -> Pings:
    """Discord's rule: without ``allowed_mentions`` every mention in the content pings; with it,
    only the kinds in ``parse`` and the ids listed in ``users`` / ``roles``. Embeds never ping."""
    parse = {"users", "roles", "everyone"} if allowed is None else set(allowed.get("parse") or [])
    listed_users = {int(u) for u in (allowed or {}).get("users") or []}
    listed_roles = {int(r) for r in (allowed or {}).get("roles") or []}
    users: set[int] = set()
    roles: set[int] = set()
    for kind, raw in MENTION_MARKUP.findall(content):
        if kind == "&":
            if "roles" in parse or int(raw) in listed_roles:
                roles.add(int(raw))
        elif "users" in parse or int(raw) in listed_users:
            users.add(int(raw))
    everyone = "everyone" in parse and EVERYONE_MARKUP.search(content) is not None
    return Pings(frozenset(users), frozenset(roles), everyone)


@dataclass(eq=False)
class RecordedMessage:
    """A message as the fake stores it: content, embeds and components as last sent by the bot.

    ``ephemeral_to`` is the id of the only user who can see it, or ``None`` for a channel message.
    ``revisions`` keeps every earlier state (content, embeds, components) in order.
    """

    id: int
    channel_id: int
    guild_id: int | None
    author: FakeUser
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[dict[str, Any]] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    ephemeral_to: int | None = None
    interaction_id: int | None = None
    webhook_id: int | None = None
    created_at: float = field(default_factory=time.perf_counter)
    timestamp: str = field(default_factory=iso)
    edited_timestamp: str | None = None
    deleted: bool = False
    revisions: list[dict[str, Any]] = field(default_factory=list)
    allowed_mentions: dict[str, Any] | None = None  # as last sent by the bot (None: not given)
    notified: Pings | None = None  # whom it notified when it was posted (a deferred one: when filled)

    @property
    def pings(self) -> Pings:
        """Whom this message notified, as Discord works it out from its content and allowed mentions
        when it is posted: an edit notifies nobody (a mention it adds rings no one)."""
        return self.notified if self.notified is not None else pings_of(self.content, self.allowed_mentions)

    @property
    def ephemeral(self) -> bool:
        """Whether only one user can see this message."""
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """Whether this is still a deferred "thinking..." placeholder."""
        return bool(self.flags & LOADING)

    @property
    def text(self) -> str:
        """Content, embed texts and text displays joined by newlines: handy for ``in`` assertions."""
        parts = [self.content] if self.content else []
        for embed in self.embeds:
            for key in ("title", "description"):
                if embed.get(key):
                    parts.append(str(embed[key]))
            for fld in embed.get("fields", []):
                parts.append(f"{fld.get('name', '')}\n{fld.get('value', '')}")
            for key in ("author", "footer"):
                sub = embed.get(key) or {}
                if sub.get("name") or sub.get("text"):
                    parts.append(str(sub.get("name") or sub.get("text")))
        for component in walk_components(self.components):
            if component.get("type") == 10 and component.get("content"):
                parts.append(str(component["content"]))
        return "\n".join(parts)

    @property
    def buttons(self) -> list[dict[str, Any]]:
        """All buttons of the message, in order."""
        return [c for c in walk_components(self.components) if c.get("type") == 2]

    @property
    def selects(self) -> list[dict[str, Any]]:
        """All select menus of the message, in order."""
        return [c for c in walk_components(self.components) if c.get("type") in (3, 5, 6, 7, 8)]

    @property
    def live_components(self) -> list[dict[str, Any]]:
        """The buttons and selects a user can still use (not disabled), in order."""
        return [c for c in walk_components(self.components) if "custom_id" in c and not c.get("disabled")]

    def find_component(self, key: str) -> dict[str, Any]:
        """Find an interactive component by ``custom_id``, else by label or placeholder.

        Raises ``LookupError`` naming what the message offers when nothing matches.
        """
        interactive = [c for c in walk_components(self.components) if "custom_id" in c]
        for attr in ("custom_id", "label", "placeholder"):
            found = [c for c in interactive if c.get(attr) == key]
            if found:
                return found[0]
        offered = [(c.get("custom_id"), c.get("label") or c.get("placeholder")) for c in interactive]
        raise LookupError(f"message {self.id} has no component {key!r}; it has {offered}")

    @property
    def public(self) -> bool:
        """A channel message (not an ephemeral one)."""
        return self.ephemeral_to is None

    def visible_to(self, user_id: int) -> bool:
        """Whether ``user_id`` can see this message (ephemeral ones only by their owner)."""
        return not self.deleted and (self.ephemeral_to is None or self.ephemeral_to == user_id)

    def snapshot(self) -> dict[str, Any]:
        """The editable parts of the message, for ``revisions``."""
        return {
            "content": self.content,
            "embeds": list(self.embeds),
            "components": list(self.components),
            "attachments": list(self.attachments),
            "flags": self.flags,
            "at": time.perf_counter(),
        }


@dataclass(eq=False)
class RecordedInteraction:
    """One interaction sent to the bot and everything the bot answered through its token.

    ``events`` lists ``(perf_counter time, kind, message id or None)`` with kinds ``callback``,
    ``followup``, ``edit``, ``delete`` and ``get``.
    """

    id: int
    token: str
    type: int
    user: FakeUser
    channel_id: int
    guild_id: int | None
    data: dict[str, Any]
    source_message_id: int | None = None
    dispatched_at: float = 0.0
    first_reply_at: float | None = None
    callback_type: int | None = None
    callback_data: dict[str, Any] | None = None
    original_message_id: int | None = None
    message_ids: list[int] = field(default_factory=list)
    events: list[tuple[float, str, int | None]] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    expired: bool = False

    @property
    def name(self) -> str:
        """The full command name (``"lobby create"``) or the component's ``custom_id``."""
        if "custom_id" in self.data:
            return str(self.data["custom_id"])
        parts = [str(self.data.get("name", ""))]
        options = self.data.get("options", [])
        while options and options[0].get("type") in (1, 2):
            parts.append(options[0]["name"])
            options = options[0].get("options", [])
        return " ".join(parts)

    @property
    def latency(self) -> float | None:
        """Seconds from dispatch to the first reply (the callback), or ``None`` before it."""
        if self.first_reply_at is None:
            return None
        return self.first_reply_at - self.dispatched_at

    def touch(self, kind: str, message_id: int | None) -> None:
        """Record an answer through this interaction's token."""
        self.events.append((time.perf_counter(), kind, message_id))
        if message_id is not None and message_id not in self.message_ids:
            self.message_ids.append(message_id)
