"""What the bot sent, as the cog tests record it: messages (:class:`Sent`), what one interaction
produced (:class:`Result`), the writers' way to channels (:class:`RecordingChannels`) and to
private messages (:class:`RecordingPrivate`)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord

from cogs.ui.handover import Handle


def embed_text(embed: discord.Embed | None) -> str:
    if embed is None:
        return ""
    parts = [embed.title or "", embed.description or ""]
    for f in embed.fields:
        parts += [f.name or "", f.value or ""]
    parts.append(embed.footer.text or "" if embed.footer else "")
    return "\n".join(p for p in parts if p)


@dataclass
class Sent:
    """One message the bot sent or redrew."""

    where: str  # reply | followup | edit | channel | board
    ephemeral: bool
    user: int | None  # the user of the interaction (None for channel messages)
    content: str | None = None
    embed: discord.Embed | None = None
    view: discord.ui.View | None = None
    interaction: Any = None
    silent: bool = False  # sent without a notification
    allowed_mentions: discord.AllowedMentions | None = None  # None: the bot's default (nobody)
    files: list[discord.File] | None = None  # None: attachments not listed (an edit keeps them)
    message_id: int | None = None  # the channel message sent or edited, or a follow-up edited by its id
    channel_id: int | None = None  # where (the board's way to channels)

    def __post_init__(self) -> None:
        if self.embed is not None:  # as sent: the bot may change its embed afterwards (a picture added)
            self.embed = self.embed.copy()

    @property
    def pictures(self) -> dict[str, bytes]:
        """The files sent, by name, with their bytes (what Discord would store)."""
        out = {}
        for f in self.files or []:
            f.fp.seek(0)
            out[f.filename] = f.fp.read()
        return out

    @property
    def text(self) -> str:
        return "\n".join(p for p in (self.content or "", embed_text(self.embed)) if p)

    @property
    def components(self) -> list[dict[str, Any]]:
        """The components as Discord receives them (buttons and selects, row after row)."""
        if self.view is None:
            return []
        return [c for row in self.view.to_components() for c in row.get("components", [])]

    @property
    def custom_ids(self) -> list[str]:
        return [c.get("custom_id", "") for c in self.components]

    def component(self, pattern: str) -> SimpleNamespace:
        """The first component whose custom_id matches ``pattern`` (a regex), as Discord receives
        it: ``disabled``, ``label``, ``options`` (each with ``label`` and ``value``)..."""
        assert self.view is not None, "no components on this message"
        for c in self.components:
            if re.fullmatch(pattern, c.get("custom_id", "")):
                options = [SimpleNamespace(**o) for o in c.get("options", [])]
                return SimpleNamespace(**{"disabled": False, **c, "options": options})
        raise AssertionError(f"no component {pattern!r} in {self.custom_ids}")


@dataclass
class Result:
    """What one interaction produced."""

    interaction: Any
    sent: list[Sent] = field(default_factory=list)
    channel: list[Sent] = field(default_factory=list)  # turn lines sent or edited meanwhile (settled)

    @property
    def told(self) -> str:
        """What the channel's turn lines read after this interaction: each message's last text."""
        latest: dict[int | None, Sent] = {}
        for sent in self.channel:
            latest.pop(sent.message_id, None)
            latest[sent.message_id] = sent
        return "\n".join(s.text for s in latest.values())

    @property
    def text(self) -> str:
        return "\n".join(s.text for s in self.sent)

    @property
    def first(self) -> Sent:
        assert self.sent, "the bot sent nothing"
        return self.sent[0]

    @property
    def public(self) -> list[Sent]:
        return [s for s in self.sent if not s.ephemeral]

    @property
    def private(self) -> list[Sent]:
        return [s for s in self.sent if s.ephemeral]


def files_of(kwargs: dict[str, Any]) -> list[discord.File] | None:
    """The files a send or an edit carries: ``file``, ``files`` or ``attachments`` (None: not listed)."""
    if "attachments" in kwargs:
        return list(kwargs["attachments"])
    if "files" in kwargs:
        return list(kwargs["files"])
    return [kwargs["file"]] if kwargs.get("file") is not None else None


class RecordingChannels:
    """The board's way to channels, recorded instead of sent; ``attach``: may the bot attach files."""

    def __init__(self, outbox: list[Sent], ids: Iterator[int]) -> None:
        self.outbox = outbox
        self.ids = ids
        self.messages: dict[int, Sent] = {}
        self.deleted: list[int] = []
        self.threads: dict[int, str] = {}  # thread id -> name
        self.attach = True

    def can_attach(self, channel_id: int) -> bool:
        return self.attach

    async def send(self, channel_id: int, **kwargs: Any) -> int:
        sent = Sent(
            "channel",
            False,
            None,
            kwargs.get("content"),
            kwargs.get("embed"),
            kwargs.get("view"),
            silent=bool(kwargs.get("silent")),
            allowed_mentions=kwargs.get("allowed_mentions"),
            files=files_of(kwargs),
        )
        self.outbox.append(sent)
        message_id = next(self.ids)
        sent.message_id, sent.channel_id = message_id, channel_id
        self.messages[message_id] = sent
        return message_id

    async def edit(self, channel_id: int, message_id: int, **kwargs: Any) -> None:
        """A redraw of the board (an embed), or of a turn line (its text: ``line``)."""
        where = "board" if kwargs.get("embed") is not None else "line"
        sent = Sent(where, False, None, kwargs.get("content"), kwargs.get("embed"), kwargs.get("view"))
        sent.files = files_of(kwargs)
        sent.allowed_mentions = kwargs.get("allowed_mentions")
        sent.message_id, sent.channel_id = message_id, channel_id
        self.outbox.append(sent)
        self.messages[message_id] = sent

    async def delete(self, channel_id: int, message_id: int) -> None:
        self.deleted.append(message_id)

    async def open_thread(self, guild_id: int, channel_id: int, message_id: int, name: str) -> int:
        """A thread on a message: its id is the message's, as on Discord."""
        self.threads[message_id] = name
        return message_id

    def is_thread(self, channel_id: int) -> bool:
        return channel_id in self.threads


class RecordingPrivate:
    """The open hands' way to private messages: a handle's edit goes through the mock interaction
    of its token, so it is recorded as that interaction's ``edit`` (the tests follow a message by
    the interactions that edited it). Once the harness let go of that interaction (a test that
    shows nothing else holds it), the edit is kept in :attr:`orphans` with its handle instead."""

    def __init__(self, by_token: dict[str, Any]) -> None:
        self.by_token = by_token
        self.orphans: list[tuple[Handle, Sent]] = []

    async def edit(self, handle: Handle, **kwargs: Any) -> None:
        interaction = self.by_token.get(handle.token)
        if interaction is None:
            sent = Sent("edit", True, handle.user_id, kwargs.get("content"), kwargs.get("embed"), kwargs.get("view"))
            sent.files = files_of(kwargs)
            self.orphans.append((handle, sent))
            return
        if handle.followup and handle.message_id is not None:
            await interaction.followup.edit_message(handle.message_id, **kwargs)
        else:
            await interaction.edit_original_response(**kwargs)
