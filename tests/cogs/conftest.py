"""Cog tests: the real service, board and timers on a real SQLite file, with spec'd Discord mocks.

:class:`Harness` plays users against the cogs: ``await h.slash(ALICE, "lobby create", preset="basic")``
runs the command's callback with a ``MagicMock(spec=discord.Interaction)`` whose response and
follow-up are spec'd ``AsyncMock`` objects; ``await h.click(BOB, "rami:1:join")`` dispatches a
component through its :class:`~discord.ui.DynamicItem` class, as discord.py does. Everything the
bot sends (replies, follow-ups, edits, channel messages) lands in ``h.outbox`` as :class:`Sent`.
After each step the harness waits until the timers and the board are idle, so computer players
have moved and boards are redrawn.
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from unittest.mock import AsyncMock, MagicMock

import discord
import pytest
import pytest_asyncio
from discord import app_commands

from bot import RamiBot
from cogs.history import History
from cogs.info import Info
from cogs.leaderboard import Leaderboard
from cogs.lobby import Lobby
from cogs.personal import Personal
from cogs.play import Play
from cogs.settings import Settings
from cogs.timers import Timers
from cogs.ui.errors import report_error
from cogs.ui.items import ALL_ITEMS
from cogs.ui.poster import NO_PACE
from cogs.ui.replies import FirstReplies
from cogs.ui.writer import GameWriter
from data import Database
from service.gallery import Gallery
from service.games import GameService
from service.leaderboards import Leaderboards
from service.preferences import Preferences
from tests.cogs.outbox import (
    RecordingChannels,
    RecordingPrivate,
    Result,
    Sent,
    files_of,
)  # the tests import them from here too

GUILD = 9001
OTHER_GUILD = 9009
CHANNEL = 9002
OTHER_CHANNEL = 9003


@dataclass(frozen=True)
class User:
    id: int
    name: str
    locale: str = "en-US"


ALICE = User(101, "Alice")
BOB = User(202, "Bob")
CHLOE = User(303, "Chloé", "fr")
MALLORY = User(404, "Mallory")


class Clock:
    """A clock the test moves by hand (the database and the service read it)."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


class Harness:
    """The bot's services and cogs, driven by scripted users. ``pictures``: the bot's
    ``RAMI_PICTURES`` (off by default here: most tests read text, and drawing costs time)."""

    def __init__(self, db: Database, seed: int | None = 1, *, pictures: bool = False) -> None:
        self.db = db
        self.seed = seed
        self.outbox: list[Sent] = []
        self.ids = itertools.count(10_000)
        self.service = GameService(db, seed=lambda: self.seed)
        self.channels = RecordingChannels(self.outbox, self.ids)
        # No pacing of redraws (tests/cogs/test_board.py sets one to test it): at the bot's 20 per
        # second every scripted move waited 50 ms for its board, most of a whole game's time.
        self.replies = FirstReplies()  # follow-ups wait behind first responses owed, as in bot.py
        self.gallery = Gallery(enabled=pictures)
        self.client = MagicMock(spec=RamiBot)
        self.client.service, self.client.replies = self.service, self.replies
        self.client.leaderboards = Leaderboards(db)
        self.client.gallery, self.client.preferences = self.gallery, Preferences(db)
        self.hand_clock = Clock()  # the open hands' clock (their tokens' age), moved by hand
        self.by_token: dict[str, Any] = {}  # the interactions, by token: how a handle edits
        self.private = RecordingPrivate(self.by_token)
        self.writer = GameWriter(
            self.service,
            self.channels,
            self.private,
            gallery=self.gallery,
            preferences=self.client.preferences,
            min_interval=0,
            max_rate=None,
            turn=self.replies.turn,
            pace=NO_PACE,
            hand_interval=0,
            hand_clock=lambda: self.hand_clock.now.timestamp(),
            ending_after=0,
        )
        self.board, self.ending, self.open_hands = self.writer.board, self.writer.ending, self.writer.hands
        self.timers = Timers(self.service, self.writer, turn=self.replies.turn)
        self.service.subscribe(self.timers.changed)  # as bot.py wires them
        self.service.subscribe(self.writer.changed)
        self.client.writer = self.writer
        self.cogs = [Lobby(self.client), Play(self.client), Info(self.client), Leaderboard(self.client)]
        self.lobby, self.play, self.info, self.leaderboard = self.cogs
        self.cogs.append(Settings(self.client))
        self.cogs.append(Personal(self.client))
        self.cogs.append(History(self.client))
        self.interactions = itertools.count(1)
        self.empty: list[tuple[str, int]] = []  # messages or edits Discord would refuse as empty (50006)

    # -- interactions -----------------------------------------------------------------------
    def interaction(
        self,
        user: User,
        *,
        guild: int | None = GUILD,
        channel: int = CHANNEL,
        moderator: bool = False,
        manager: bool = False,
        data: dict[str, Any] | None = None,
        on_ephemeral: bool = False,
        namespace: Any = None,
        kind: discord.InteractionType = discord.InteractionType.application_command,
        app_permissions: discord.Permissions | None = None,
        message_id: int | None = None,
        roles: tuple[int, ...] = (),
    ) -> Any:
        i = MagicMock(spec=discord.Interaction)
        i.id = next(self.interactions)
        i.application_id, i.token = 77, f"token-{i.id}"
        self.by_token[i.token] = i
        i.client = self.client
        member = MagicMock(spec=discord.Member)
        member.id, member.display_name, member.name = user.id, user.name, user.name
        member.mention = f"<@{user.id}>"
        member.roles = [discord.Object(role) for role in roles]  # the caller's roles (a server's organisers')
        i.user = member
        i.guild_id = guild
        i.channel_id = channel
        i.locale = discord.Locale(user.locale)
        i.guild_locale = discord.Locale.american_english if guild is not None else None
        i.permissions = discord.Permissions(manage_messages=moderator or manager, manage_guild=manager)
        i.app_permissions = app_permissions if app_permissions is not None else discord.Permissions.all()
        i.type = kind
        i.data = data or {}
        i.command = None
        i.namespace = namespace
        i.message = None  # a command; a component sits on a message, private or not (on_ephemeral)
        if kind is discord.InteractionType.component:
            i.message = MagicMock(spec=discord.Message)
            i.message.id = message_id if message_id is not None else next(self.ids)
            i.message.flags = discord.MessageFlags(ephemeral=on_ephemeral)
        result = Result(i)
        i.result = result
        done = {"value": False}
        original = {"ephemeral": on_ephemeral}  # the message @original names: clicked on, or the reply
        outbox = self.outbox

        def record(where: str, ephemeral: bool, kwargs: dict[str, Any]) -> None:
            done["value"] = True
            if empty(where, kwargs):
                self.empty.append((where, user.id))
            sent = Sent(
                where,
                ephemeral,
                user.id,
                kwargs.get("content"),
                kwargs.get("embed"),
                kwargs.get("view"),
                i,
                bool(kwargs.get("silent")),
                kwargs.get("allowed_mentions"),
                files_of(kwargs),
            )
            result.sent.append(sent)
            outbox.append(sent)

        async def send_message(content: str | None = None, **kwargs: Any) -> Any:
            record("reply", bool(kwargs.get("ephemeral")), {"content": content, **kwargs})
            original["ephemeral"] = bool(kwargs.get("ephemeral"))
            callback = MagicMock(spec=discord.InteractionCallbackResponse)
            callback.message_id = next(self.ids)
            self.channels.messages[callback.message_id] = result.sent[-1]
            return callback

        async def edit_message(**kwargs: Any) -> None:
            record("edit", original["ephemeral"], kwargs)

        followups: dict[int, bool] = {}  # message id -> ephemeral

        async def followup(content: str | None = None, **kwargs: Any) -> Any:
            record("followup", bool(kwargs.get("ephemeral")), {"content": content, **kwargs})
            message = MagicMock(spec=discord.WebhookMessage)
            message.id = next(self.ids)
            followups[message.id] = bool(kwargs.get("ephemeral"))
            return message

        async def edit_followup(message_id: int, **kwargs: Any) -> Any:
            assert message_id in followups, f"no follow-up {message_id} of this interaction"
            record("edit", followups[message_id], kwargs)
            result.sent[-1].message_id = message_id

        # Spec'd parents (a misspelled attribute fails); the methods the bot calls are plain
        # functions with the real keyword arguments, which also keeps thousands of moves fast.
        response = AsyncMock(spec=discord.InteractionResponse)
        response.is_done = lambda: done["value"]
        response.send_message = send_message
        response.edit_message = edit_message
        i.response = response
        i.followup = AsyncMock(spec=discord.Webhook)
        i.followup.send = followup
        i.followup.edit_message = edit_followup
        i.edit_original_response = edit_message
        return i

    def command(self, path: str) -> tuple[Any, app_commands.Command[Any, ..., Any]]:
        for cog in self.cogs:
            for cmd in cog.walk_app_commands():
                if isinstance(cmd, app_commands.Command) and cmd.qualified_name == path:
                    return cog, cmd
        raise KeyError(path)

    async def slash(self, user: User, path: str, *, settle: bool = True, **options: Any) -> Result:
        """Run ``/path`` as ``user``; errors go where the command tree sends them."""
        cog, cmd = self.command(path)
        names = ("guild", "channel", "moderator", "manager", "app_permissions", "roles")
        flags = {k: options.pop(k) for k in names if k in options}
        i = self.interaction(user, **flags)
        i.command = cmd
        start = len(self.outbox)
        try:
            await cmd.callback(cog, i, **options)
        except Exception as exc:
            await report_error(i, app_commands.CommandInvokeError(cmd, exc))
        if settle:
            await self.settle()
        return self._told(i.result, start)

    async def click(
        self,
        user: User,
        custom_id: str,
        values: list[str] | None = None,
        *,
        on_ephemeral: bool = True,
        settle: bool = True,
        **flags: Any,
    ) -> Result:
        """Dispatch a component as discord.py does: the DynamicItem whose template matches."""
        data = {"custom_id": custom_id, "values": values or []}
        i = self.interaction(
            user, data=data, on_ephemeral=on_ephemeral, kind=discord.InteractionType.component, **flags
        )
        start = len(self.outbox)
        for cls in ALL_ITEMS:
            match = cls.__discord_ui_compiled_template__.fullmatch(custom_id)
            if match:
                item = await cls.from_custom_id(i, MagicMock(), match)
                await item.callback(i)
                break
        else:
            raise AssertionError(f"no component handles {custom_id!r}")
        if settle:
            await self.settle()
        return self._told(i.result, start)

    def _told(self, result: Result, start: int) -> Result:
        """``result`` with the channel messages sent or edited since ``start`` (turn lines, bots' rounds)."""
        result.channel = [s for s in self.outbox[start:] if s.where in ("channel", "line") and s.embed is None]
        return result

    async def settle(self) -> None:
        await self.timers.settle()
        await self.writer.drain()
        await self.timers.settle()

    # -- reading ----------------------------------------------------------------------------
    async def table(self, channel: int = CHANNEL) -> Any:
        return (await self.service.current(channel)).table

    async def view(self, user: User, channel: int = CHANNEL) -> Any:
        return (await self.service.private_view(channel, user.id)).view

    def board_message(self) -> Sent:
        """The latest state of the public game message."""
        boards = [
            s
            for s in self.outbox
            if s.where == "board" or (s.where == "reply" and s.embed is not None and not s.ephemeral)
        ]
        assert boards, "no board yet"
        return boards[-1]

    async def close(self) -> None:
        await self.timers.close()
        await self.writer.close(grace=0)
        await self.service.thinker.close()  # an expert's worker process, if one was started
        assert not self.empty, f"empty messages or edits were sent (Discord refuses them): {self.empty}"

    async def open_table(self, *users: User, preset: str = "basic", start: bool = True, **settings: str) -> Result:
        """A table hosted by the first user, joined by the others, with settings, maybe started."""
        created = await self.slash(users[0], "lobby create", preset=preset)
        for user in users[1:]:
            await self.slash(user, "lobby join")
        for name, value in settings.items():
            await self.slash(users[0], "lobby set", rule=name, value=value)
        if start:
            await self.slash(users[0], "lobby start")
        return created


def empty(where: str, kwargs: dict[str, Any]) -> bool:
    """Whether a reply, a follow-up or an edit leaves its message with no content, embed or file
    (real Discord refuses it: error 50006). An edit keeps what it does not name."""
    files = files_of(kwargs)
    if where == "edit":
        return "content" in kwargs and not kwargs["content"] and "embed" in kwargs and not kwargs["embed"] and not files
    return not kwargs.get("content") and not kwargs.get("embed") and not files


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "rami.sqlite3"


@pytest_asyncio.fixture
async def db(db_path: Path, clock: Clock) -> AsyncIterator[Database]:
    database = await Database.open(db_path, clock=clock, synchronous="NORMAL")
    try:
        yield database
    finally:
        await database.close()


@pytest_asyncio.fixture
async def h(db: Database) -> AsyncIterator[Harness]:
    harness = Harness(db)
    try:
        yield harness
    finally:
        await harness.close()


@pytest_asyncio.fixture
async def hp(db: Database) -> AsyncIterator[Harness]:
    """A harness with pictures on (the bot's default)."""
    harness = Harness(db, pictures=True)
    try:
        yield harness
    finally:
        await harness.close()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "logs_errors: the test expects an error to be logged")


@pytest.fixture(autouse=True)
def no_error_logs(request: pytest.FixtureRequest, caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """A test that logs an error fails (house rule), unless it says it expects one."""
    caplog.set_level(logging.INFO)
    yield
    if request.node.get_closest_marker("logs_errors"):
        return
    errors = [r for r in caplog.get_records("call") if r.levelno >= logging.ERROR]
    assert not errors, f"errors were logged: {[r.getMessage() for r in errors]}"
