"""Start-up: settings, a missing or rejected token, command sync, and the real bot on a fake Discord."""

from __future__ import annotations

import asyncio
import itertools
import logging
import os
import signal
import socket
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from unittest.mock import AsyncMock

import discord
import pytest
import pytest_asyncio
from discord.ext import commands

import bot as rami_bot
from bot import DEFAULT_DB, ConfigError, RamiBot, Settings, no_voice_warning
from cogs.errors import CommandText
from cogs.timers import TimersCog
from service.model import Who
from tests.cogs.conftest import RecordingChannels, Sent
from tests.fakediscord import BotProcess, Driver, FakeDiscord
from tests.fakediscord.process import REPO_ROOT, SITECUSTOMIZE_DIR


def test_settings_defaults() -> None:
    """Only the token is required; the database defaults to data/, logs to INFO, no dev server."""
    s = Settings.from_env({"DISCORD_TOKEN": "t"})
    assert (s.token, s.db_path, s.dev_guild, s.log_level) == ("t", DEFAULT_DB, None, "INFO")
    assert DEFAULT_DB.parent.name == "data"


def test_settings_from_the_environment(tmp_path: Path) -> None:
    """RAMI_DB_PATH, RAMI_DEV_GUILD and RAMI_LOG_LEVEL are read."""
    s = Settings.from_env(
        {
            "DISCORD_TOKEN": "t",
            "RAMI_DB_PATH": str(tmp_path / "x.db"),
            "RAMI_DEV_GUILD": "123",
            "RAMI_LOG_LEVEL": "debug",
        }
    )
    assert (s.db_path, s.dev_guild, s.log_level) == (tmp_path / "x.db", 123, "DEBUG")


@pytest.mark.parametrize(("value", "on"), [("off", False), ("OFF ", False), ("no", False), ("on", True), ("", True)])
def test_pictures_switch(value: str, on: bool) -> None:
    """RAMI_PICTURES turns the pictures off for everyone (on by default)."""
    assert Settings.from_env({"DISCORD_TOKEN": "t", "RAMI_PICTURES": value}).pictures is on
    assert Settings.from_env({"DISCORD_TOKEN": "t"}).pictures


@pytest.mark.parametrize(("value", "paced"), [("off", False), (" OFF", False), ("discord", True), ("", True)])
def test_pace_switch(value: str, paced: bool) -> None:
    """RAMI_PACE off drops the channel's pacing (for a Discord without rate limits); paced by default."""
    assert Settings.from_env({"DISCORD_TOKEN": "t", "RAMI_PACE": value}).paced is paced
    assert Settings.from_env({"DISCORD_TOKEN": "t"}).paced


def test_the_time_zone_of_typed_start_times() -> None:
    """RAMI_TIMEZONE names the zone a tournament's start time is read in (Paris by default)."""
    assert Settings.from_env({"DISCORD_TOKEN": "t"}).timezone == "Europe/Paris"
    assert Settings.from_env({"DISCORD_TOKEN": "t", "RAMI_TIMEZONE": " America/Montreal "}).timezone == (
        "America/Montreal"
    )


def test_relative_db_path_starts_from_the_bot_folder() -> None:
    """A relative RAMI_DB_PATH is taken from bot.py's folder, like the default, not the cwd."""
    s = Settings.from_env({"DISCORD_TOKEN": "t", "RAMI_DB_PATH": "data/other.sqlite3"})
    assert s.db_path == DEFAULT_DB.parent / "other.sqlite3" and s.db_path.is_absolute()


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({}, "DISCORD_TOKEN is not set"),
        ({"DISCORD_TOKEN": "  "}, "DISCORD_TOKEN is not set"),
        ({"DISCORD_TOKEN": "t", "RAMI_DEV_GUILD": "abc"}, "RAMI_DEV_GUILD must be a server id"),
        ({"DISCORD_TOKEN": "t", "RAMI_LOG_LEVEL": "loud"}, "RAMI_LOG_LEVEL must be one of"),
        ({"DISCORD_TOKEN": "t", "RAMI_PICTURES": "maybe"}, "RAMI_PICTURES must be on or off"),
        ({"DISCORD_TOKEN": "t", "RAMI_PACE": "fast"}, "RAMI_PACE must be discord or off"),
        ({"DISCORD_TOKEN": "t", "RAMI_TIMEZONE": "Paris"}, "RAMI_TIMEZONE: 'Paris' is not a time zone"),
    ],
)
def test_bad_settings_are_one_clear_sentence(env: dict[str, str], message: str) -> None:
    """Each wrong setting is named in one sentence."""
    with pytest.raises(ConfigError, match=message):
        Settings.from_env(env)


async def run_bot(env: dict[str, str], timeout: float = 30) -> tuple[int, str, str]:
    full = {k: v for k, v in os.environ.items() if not k.startswith(("RAMI_", "DISCORD_", "FAKE_DISCORD"))}
    full.update(env)
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        str(REPO_ROOT / "bot.py"),
        cwd=REPO_ROOT,
        env=full,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), timeout)
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


async def test_missing_token_prints_one_line_and_exits(tmp_path: Path) -> None:
    """No token: one clear line on stderr, exit code 1, no traceback."""
    code, out, err = await run_bot({"DISCORD_TOKEN": "", "RAMI_DB_PATH": str(tmp_path / "r.db")})
    assert code == 1
    expected = "rami: DISCORD_TOKEN is not set: put your bot token in .env (see .env.example)."
    assert err.strip().splitlines() == [expected]
    assert "Traceback" not in out + err


async def test_rejected_token_prints_one_line_and_exits(tmp_path: Path) -> None:
    """A token Discord refuses (401): one clear line, exit code 1, no traceback."""
    async with FakeDiscord() as fake:
        code, out, err = await run_bot(
            {
                "DISCORD_TOKEN": "not-the-token",
                "FAKE_DISCORD_URL": fake.url,
                "PYTHONPATH": str(SITECUSTOMIZE_DIR),
                "RAMI_DB_PATH": str(tmp_path / "r.db"),
            }
        )
    assert code == 1
    clear = [line for line in err.splitlines() if line.startswith("rami:")]
    assert clear == ["rami: Discord rejected the token in DISCORD_TOKEN: copy it again from the Developer Portal."]
    assert "Traceback" not in out + err and err.strip().endswith(clear[0])


@pytest.fixture
def closed_port() -> Iterator[int]:
    """A loopback port bound but not listening, for as long as the test runs: connecting is refused."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        yield sock.getsockname()[1]


UNREACHABLE_LINE = "rami: cannot reach Discord ("


@pytest.mark.parametrize("where", ["refused", "no such host"])
async def test_unreachable_discord_prints_one_line_and_exits(tmp_path: Path, closed_port: int, where: str) -> None:
    """A token but no way to Discord (connection refused, a name that does not resolve): one line on
    stderr saying so, exit code 1, no traceback; at WARNING level nothing else at all."""
    url = f"http://127.0.0.1:{closed_port}" if where == "refused" else "http://discord.rami-test.invalid"
    code, out, err = await run_bot(
        {
            "DISCORD_TOKEN": "a.token.set",
            "FAKE_DISCORD_URL": url,
            "PYTHONPATH": str(SITECUSTOMIZE_DIR),
            "RAMI_DB_PATH": str(tmp_path / "r.db"),
            "RAMI_LOG_LEVEL": "WARNING",
        }
    )
    assert code == 1 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(UNREACHABLE_LINE), err
    assert lines[0].endswith("): check the network connection, then start again.")


async def test_unreachable_discord_at_info_level_ends_with_the_line(tmp_path: Path, closed_port: int) -> None:
    """At the default INFO level the log says it logs in, then the one line; no traceback, no voice warning."""
    code, out, err = await run_bot(
        {
            "DISCORD_TOKEN": "a.token.set",
            "FAKE_DISCORD_URL": f"http://127.0.0.1:{closed_port}",
            "PYTHONPATH": str(SITECUSTOMIZE_DIR),
            "RAMI_DB_PATH": str(tmp_path / "r.db"),
        }
    )
    assert code == 1
    own = [line for line in err.splitlines() if line.startswith("rami:")]
    assert len(own) == 1 and own[0].startswith(UNREACHABLE_LINE) and err.strip().endswith(own[0])
    assert "Traceback" not in out + err and "voice" not in err and "logging in" in err


def record(name: str, message: str, level: int = logging.WARNING) -> logging.LogRecord:
    return logging.LogRecord(name, level, __file__, 1, message, None, None)


@pytest.mark.parametrize(
    ("message", "kept"),
    [
        ("PyNaCl is not installed, voice will NOT be supported", False),
        ("davey is not installed, voice will NOT be supported", False),
        ("logging in using static token", True),
        ("PyNaCl is not installed, but something else happened", True),
    ],
)
def test_only_the_two_voice_warnings_are_dropped(message: str, kept: bool) -> None:
    """The filter on discord.client drops discord.py's two voice warnings, and nothing else it logs."""
    assert no_voice_warning(record("discord.client", message)) is kept


@pytest_asyncio.fixture
async def offline_bot(tmp_path: Path) -> AsyncIterator[RamiBot]:
    """A RamiBot with its cogs loaded and its database open, never logged in; sync is recorded."""
    client = RamiBot(Settings("t", tmp_path / "r.db"))
    await client.open_services()
    await client.load_cogs()
    client.tree.sync = AsyncMock(return_value=[])  # type: ignore[method-assign]
    try:
        yield client
    finally:
        for extension in rami_bot.EXTENSIONS:
            await client.unload_extension(extension)
        await client.remove_cog("Timers")
        assert client.db is not None
        await client.db.close()


async def test_global_sync_only_when_commands_change(offline_bot: RamiBot) -> None:
    """Without a dev server the commands are synced once, then again only after a change."""
    await offline_bot.sync_commands()
    await offline_bot.sync_commands()
    assert offline_bot.tree.sync.await_count == 1

    @discord.app_commands.command(name="extra", description="A new command")
    async def extra(interaction: discord.Interaction) -> None: ...

    offline_bot.tree.add_command(extra)
    await offline_bot.sync_commands()
    assert offline_bot.tree.sync.await_count == 2


async def test_dev_server_sync_at_every_start(offline_bot: RamiBot) -> None:
    """With RAMI_DEV_GUILD the commands go to that server at every start."""
    offline_bot.settings = Settings("t", offline_bot.settings.db_path, dev_guild=42)
    await offline_bot.sync_commands()
    await offline_bot.sync_commands()
    calls = offline_bot.tree.sync.await_args_list
    assert len(calls) == 2 and all(c.kwargs["guild"].id == 42 for c in calls)


def test_every_command_and_option_is_described(offline_bot: RamiBot) -> None:
    """Each command has a one-line description and every option a description; all are guild only."""
    commands = list(offline_bot.tree.walk_commands())
    assert {c.qualified_name for c in commands} >= {
        "lobby create",
        "lobby join",
        "lobby leave",
        "lobby start",
        "lobby cancel",
        "lobby kick",
        "lobby set",
        "lobby addbot",
        "lobby removebot",
        "draw",
        "meld",
        "layoff",
        "swap",
        "discard",
        "hand",
        "table",
        "scores",
        "rules",
        "hint",
        "leaderboard",
        "stats",
        "settings pictures",
    }
    for command in commands:
        assert command.description and "\n" not in command.description, command.qualified_name
        if isinstance(command, discord.app_commands.Command):
            for param in command.parameters:
                assert param.description and param.description != "…", (command.qualified_name, param.name)
    for top in offline_bot.tree.get_commands():
        assert top.guild_only, top.name


async def test_removing_the_timers_cancels_every_task(offline_bot: RamiBot) -> None:
    """Timers are tracked tasks: removing their cog cancels them; adding it again rebuilds them."""
    await offline_bot.service.create(1, 2, Who(3, "Ann"), None)
    assert offline_bot.timers._runners
    await offline_bot.remove_cog("Timers")
    assert not offline_bot.timers._runners
    await offline_bot.add_cog(TimersCog(offline_bot.timers))
    assert offline_bot.timers._runners


async def test_descriptions_are_localized_from_the_catalog(offline_bot: RamiBot) -> None:
    """Synced commands carry the catalog's French descriptions; a new translation triggers a sync."""
    await offline_bot.sync_commands()
    await offline_bot.tree.set_translator(CommandText())
    await offline_bot.sync_commands()
    assert offline_bot.tree.sync.await_count == 2
    draw = offline_bot.tree.get_command("draw")
    payload = await draw.get_translated_payload(offline_bot.tree, offline_bot.tree.translator)
    assert payload["description_localizations"]["fr"].startswith("Piocher")


def test_no_privileged_intent() -> None:
    """The bot asks for no privileged intent."""
    intents = RamiBot(Settings("t")).intents
    assert not (intents.members or intents.presences or intents.message_content)


async def test_real_bot_on_a_fake_discord(tmp_path: Path) -> None:
    """python bot.py connects, syncs to the dev server, opens a table, and its buttons survive a crash."""
    async with FakeDiscord() as fake:
        d = Driver(fake, timeout=10)
        guild = d.guild("Table")
        channel = d.text_channel(guild, "rami")
        alice, bob = d.user("alice"), d.user("bob")
        d.member(guild, alice)
        d.member(guild, bob)
        process = BotProcess(
            fake, "bot.py", env={"RAMI_DB_PATH": str(tmp_path / "r.db"), "RAMI_DEV_GUILD": str(guild.id)}
        )
        d.process = process
        async with process:
            lobby = await d.slash(alice, channel, "lobby create", preset="rami51")
            assert not lobby.ephemeral and "rami51" in lobby.text
            await process.restart()
            joined = await d.click(bob, lobby.message, "Join")
            assert joined.ephemeral and "2/6" in joined.text
        process.assert_clean()
        assert not fake.errors and not fake.unknown_routes


async def test_choice_names_are_localized(offline_bot: RamiBot) -> None:
    """/draw's source choices read "talon" and "défausse" in French; the values stay English."""
    await offline_bot.tree.set_translator(CommandText())
    draw = offline_bot.tree.get_command("draw")
    payload = await draw.get_translated_payload(offline_bot.tree, offline_bot.tree.translator)
    choices = payload["options"][0]["choices"]
    assert [(c["value"], c["name_localizations"].get("fr")) for c in choices] == [
        ("stock", "talon"),
        ("discard", "défausse"),
    ]


async def test_a_change_redraws_the_board_and_replans_the_timers(offline_bot: RamiBot) -> None:
    """bot.py's wiring: every change the service commits reaches the writer and the timers."""
    bot = offline_bot
    outbox: list[Sent] = []
    bot.writer.poster.channels = RecordingChannels(outbox, itertools.count(1))
    await bot.service.create(10, 20, Who(1, "Ann"), "basic")
    assert bot.timers._runners and outbox == []  # the create reply is the first board: not posted again
    await bot.service.join(20, Who(2, "Bob"))
    await bot.timers.settle()
    assert [s.where for s in outbox] == ["channel"] and "Bob" in outbox[0].text


async def test_the_cogs_load_only_on_a_rami_client() -> None:
    """A cog reaches its services through a typed bot: any other bot is refused at load, by name."""
    plain = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    with pytest.raises(commands.ExtensionFailed) as failed:
        await plain.load_extension("cogs.lobby")
    assert isinstance(failed.value.original, TypeError) and "not on Bot" in str(failed.value.original)


class _QuickBot:
    """Enough of RamiBot for serve(): a start that ends at once (as a refused token does)."""

    closed = 0

    async def __aenter__(self) -> _QuickBot:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def start(self, token: str) -> None:
        assert signal.getsignal(signal.SIGINT) is not signal.default_int_handler  # the loop's, while it runs

    def stop(self, sig: signal.Signals, start: asyncio.Task[None]) -> None:
        raise AssertionError("no signal was sent")

    async def close(self) -> None:
        self.closed += 1


async def test_serve_ignores_the_signals_once_the_bot_is_closed() -> None:
    """Once serve() returns, the loop's handlers and its wake-up socket are gone and SIGINT and
    SIGTERM are ignored, so a signal landing while asyncio tears its loop down (a second Ctrl-C)
    finds nothing half closed and raises nothing inside the teardown."""
    bot = _QuickBot()
    try:
        await rami_bot.serve(bot, "t")  # type: ignore[arg-type]
        assert bot.closed >= 1
        assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN
        assert signal.getsignal(signal.SIGTERM) == signal.SIG_IGN
        assert signal.set_wakeup_fd(-1) == -1
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
