"""End-to-end fixtures: a fake Discord, a small world in it, and the real ``python bot.py`` connected to it.

Every test that uses :func:`rami` fails at teardown when the bot logged an ERROR or a traceback, when
it called a route the fake does not know, or when the fake had to answer one of its requests with an
error (a message over Discord's limits, a late or doubled interaction reply...). A test that expects
some error replies lists them in ``world.expected_errors``.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import pytest_asyncio

from tests.e2e.gamedb import GameDb
from tests.fakediscord import BotProcess, Driver, FakeChannel, FakeDiscord, FakeGuild, FakeUser
from tests.fakediscord.process import REPO_ROOT

BOT_SCRIPT = REPO_ROOT / "bot.py"
READY = "rami ready as"


@dataclass
class World:
    """One guild (``en-US``) with a game channel, a quiet channel, four players and a bystander."""

    driver: Driver
    guild: FakeGuild
    channel: FakeChannel
    quiet: FakeChannel
    alice: FakeUser
    bob: FakeUser
    carol: FakeUser
    dave: FakeUser
    erin: FakeUser  # a member who never sits at a table
    db_path: Path
    db: GameDb
    expected_errors: list[tuple[str, int]] = field(default_factory=list)  # (path fragment, status)

    @property
    def players(self) -> list[FakeUser]:
        return [self.alice, self.bob, self.carol, self.dave]

    def bot_env(self, **extra: str) -> dict[str, str]:
        """The bot's settings: a database in the test's folder, commands synced to the guild, INFO
        logs, and no pacing of the channel's messages (the fake has no rate limit; a test marked
        ``discord_pace`` gets the real pace from the ``rami`` fixture)."""
        return {
            "RAMI_DB_PATH": str(self.db_path),
            "RAMI_DEV_GUILD": str(self.guild.id),
            "RAMI_LOG_LEVEL": "INFO",
            "RAMI_PACE": "off",
            **extra,
        }


@pytest_asyncio.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    """A fake Discord on a free loopback port."""
    async with FakeDiscord() as server:
        yield server


@pytest_asyncio.fixture
async def world(fake: FakeDiscord, tmp_path: Path) -> World:
    """The people and places of a test, created before the bot connects."""
    driver = Driver(fake, timeout=15.0, settle=0.02)
    guild = driver.guild("Rami club")
    channel = driver.text_channel(guild, "rami")
    quiet = driver.text_channel(guild, "quiet")
    users = [driver.user(name) for name in ("alice", "bob", "carol", "dave", "erin")]
    for user in users:
        driver.member(guild, user)
    db_path = tmp_path / "rami.sqlite3"
    return World(driver, guild, channel, quiet, *users, db_path=db_path, db=GameDb(db_path))


def assert_fake_happy(fake: FakeDiscord, world: World) -> None:
    """No unknown route, and no error reply the test did not expect."""
    assert not fake.unknown_routes, f"the bot called routes the fake does not know: {fake.unknown_routes}"
    unexpected = [
        e for e in fake.errors if not any(part in e[1] and status == e[2] for part, status in world.expected_errors)
    ]
    assert not unexpected, f"the fake refused some of the bot's requests: {unexpected}"


async def until_ready(process: BotProcess, timeout: float = 10.0) -> None:
    """Wait until the bot logged ``on_ready`` (discord.py fires it about 2 s after the last GUILD_CREATE).

    Stopping a discord.py 2.7.1 client before that logs "Task exception was never retrieved" from its
    ``_delay_ready`` task (the loop is gone when it dispatches ``ready``): not the bot's doing, so tests
    let the bot become ready before they stop it.
    """
    deadline = time.monotonic() + timeout

    def ready() -> bool:
        since = max(i for i, line in enumerate(process.lines) if line.startswith("--- start #"))
        return any(READY in line for line in process.lines[since:])

    while process.running and not ready():
        if time.monotonic() > deadline:
            raise TimeoutError(f"the bot never logged {READY!r}:\n{process.log_text()}")
        await asyncio.sleep(0.05)


async def stop_cleanly(process: BotProcess) -> None:
    """Stop the bot like Ctrl-C once it is ready, and fail if it logged an error or a traceback."""
    await until_ready(process)
    await process.stop()
    process.assert_clean()


@pytest_asyncio.fixture
async def rami(request: pytest.FixtureRequest, fake: FakeDiscord, world: World) -> AsyncIterator[BotProcess]:
    """``python bot.py`` connected to the fake and synced; checked for errors when the test ends.
    Unpaced, unless the test is marked ``discord_pace`` (it checks the channel's rate limit)."""
    paced = request.node.get_closest_marker("discord_pace") is not None
    process = BotProcess(fake, BOT_SCRIPT, env=world.bot_env(RAMI_PACE="discord" if paced else "off"))
    world.driver.process = process
    await process.start()
    yield process
    await stop_cleanly(process)
    assert_fake_happy(fake, world)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "discord_pace: the bot paces the channel's messages as on Discord")
