"""Starting ``python bot.py``: clear one-line failures, and command syncing that costs Discord nothing twice."""

from __future__ import annotations

import socket

import pytest

from tests.e2e.conftest import BOT_SCRIPT, World, assert_fake_happy, stop_cleanly
from tests.e2e.gamedb import write_meta
from tests.fakediscord import BotProcess, BotProcessError, FakeDiscord

COMMANDS_HASH_KEY = "commands_hash"  # bot.py keeps the hash of the last global sync under this key


def puts(fake: FakeDiscord, *, guild: int | None = None) -> int:
    """How many bulk overwrites of the global (or a guild's) commands the bot sent."""
    app = fake.state.application_id
    path = f"/applications/{app}/commands" if guild is None else f"/applications/{app}/guilds/{guild}/commands"
    return sum(1 for _t, method, p in fake.state.requests if method == "PUT" and p == path)


async def failed_start(process: BotProcess) -> list[str]:
    """Start a bot that must give up: its output lines (the start must fail, with a non-zero exit)."""
    with pytest.raises(BotProcessError):
        await process.start(timeout=30)
    assert process.returncode not in (0, None)
    return [line for line in process.lines if not line.startswith("--- ")]


def only_rami_line(lines: list[str]) -> str:
    """The bot's own message: exactly one line starting ``rami:``, and no traceback or error log."""
    own = [line for line in lines if line.startswith("rami:")]
    assert len(own) == 1, lines
    assert not [line for line in lines if "Traceback" in line or " ERROR " in line], lines
    return own[0]


async def test_missing_token(fake: FakeDiscord, world: World) -> None:
    """Without DISCORD_TOKEN the bot prints one line saying what to do and exits with an error code."""
    process = BotProcess(fake, BOT_SCRIPT, env=world.bot_env(DISCORD_TOKEN=""))
    lines = await failed_start(process)
    assert lines == [only_rami_line(lines)]
    assert "DISCORD_TOKEN" in lines[0]
    assert not fake.state.requests, "it should not even try to log in"


async def test_rejected_token(fake: FakeDiscord, world: World) -> None:
    """A token Discord refuses (401 on /users/@me) gives one clear line and an error code, no sync."""
    process = BotProcess(fake, BOT_SCRIPT, env=world.bot_env(DISCORD_TOKEN="revoked." + fake.token))
    line = only_rami_line(await failed_start(process))
    assert "rejected the token" in line
    assert [(method, path, status) for method, path, status, _body in fake.errors] == [
        ("GET", "/api/v10/users/@me", 401)
    ]
    assert puts(fake) == 0 and puts(fake, guild=world.guild.id) == 0


async def test_unreachable_discord(fake: FakeDiscord, world: World) -> None:
    """A token set but Discord unreachable (its address refuses connections): one line, an error code."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as closed:  # bound, never listening
        closed.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{closed.getsockname()[1]}"
        process = BotProcess(fake, BOT_SCRIPT, env=world.bot_env(FAKE_DISCORD_URL=url, RAMI_LOG_LEVEL="WARNING"))
        lines = await failed_start(process)
    assert process.returncode == 1
    assert lines == [only_rami_line(lines)]
    assert lines[0].startswith("rami: cannot reach Discord (") and url.removeprefix("http://") in lines[0]
    assert not fake.state.requests


async def test_a_normal_start_says_nothing_of_voice(fake: FakeDiscord, world: World) -> None:
    """The bot has no voice: discord.py's PyNaCl and davey warnings are silenced, its other logs kept."""
    process = BotProcess(fake, BOT_SCRIPT, env=world.bot_env())
    world.driver.process = process
    await process.start()
    await stop_cleanly(process)
    assert not [line for line in process.lines if "voice" in line.lower()], process.log_text()
    assert any("discord.client" in line and "logging in using static token" in line for line in process.lines)
    assert_fake_happy(fake, world)


async def test_dev_guild_sync_at_every_start(fake: FakeDiscord, world: World) -> None:
    """With RAMI_DEV_GUILD the commands go to that server at every start, never globally."""
    process = BotProcess(fake, BOT_SCRIPT, env=world.bot_env())
    world.driver.process = process
    await process.start()
    await stop_cleanly(process)
    await process.start()
    assert puts(fake, guild=world.guild.id) == 2 and puts(fake) == 0
    assert {c["name"] for c in fake.state.commands[world.guild.id]} >= {"lobby", "draw", "discard"}
    assert not fake.state.commands.get(None)
    await stop_cleanly(process)
    assert_fake_happy(fake, world)


async def test_global_sync_only_when_commands_change(fake: FakeDiscord, world: World) -> None:
    """Without a dev server: synced globally on first start, not again unchanged, again once changed."""
    process = BotProcess(fake, BOT_SCRIPT, env=world.bot_env(RAMI_DEV_GUILD=""))
    world.driver.process = process
    await process.start()
    assert puts(fake) == 1 and puts(fake, guild=world.guild.id) == 0
    created = await world.driver.slash(world.alice, world.channel, "lobby create")  # global commands work
    assert not created.ephemeral
    await stop_cleanly(process)
    await process.start(wait_sync=False)
    assert puts(fake) == 1, "the same commands were synced again"
    await stop_cleanly(process)
    write_meta(world.db_path, COMMANDS_HASH_KEY, "the hash of an older command set")
    await process.start()
    assert puts(fake) == 2
    assert world.db.meta(COMMANDS_HASH_KEY) != "the hash of an older command set"
    await stop_cleanly(process)
    assert_fake_happy(fake, world)
