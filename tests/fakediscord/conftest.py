"""Fixtures for the fake's self-tests: a fake Discord, a small world, and the echo bot running in it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest_asyncio

from tests.fakediscord import BotProcess, Driver, FakeDiscord
from tests.fakediscord.models import FakeChannel, FakeGuild, FakeUser

ECHO_BOT = Path(__file__).with_name("echo_bot.py")


@dataclass
class World:
    """One guild with a channel, two members (English and French) and an outsider."""

    driver: Driver
    guild: FakeGuild
    channel: FakeChannel
    alice: FakeUser
    bob: FakeUser
    carol: FakeUser


@pytest_asyncio.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    """A fake Discord on a free port."""
    async with FakeDiscord() as server:
        yield server


@pytest_asyncio.fixture
async def world(fake: FakeDiscord) -> World:
    """A guild "Table" (locale fr) with #general, members alice (en-US) and bob (fr)."""
    driver = Driver(fake, timeout=10.0)
    guild = driver.guild("Table", locale="fr")
    channel = driver.text_channel(guild, "general")
    alice, bob = driver.user("alice"), driver.user("bob", locale="fr")
    carol = driver.user("carol")
    driver.member(guild, alice)
    driver.member(guild, bob)
    driver.member(guild, carol)
    return World(driver, guild, channel, alice, bob, carol)


@pytest_asyncio.fixture
async def echo(fake: FakeDiscord, world: World) -> AsyncIterator[BotProcess]:
    """The echo bot, connected and synced; the test fails if it logged an error."""
    process = BotProcess(fake, ECHO_BOT, env={"ECHO_GUILD_ID": str(world.guild.id)})
    world.driver.process = process
    await process.start()
    yield process
    await process.stop()
    process.assert_clean()
