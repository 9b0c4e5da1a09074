"""The command schema the bot syncs: every name, description, option and choice a player is offered.

The bot is started once for the module (the schema does not depend on the test) and killed once synced.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rummy.rules import PRESETS
from rummy.table import BOT_LEVELS
from tests.e2e.conftest import BOT_SCRIPT
from tests.fakediscord import BotProcess, Driver, FakeDiscord

COMMANDS = {
    "lobby": {"create", "join", "leave", "start", "cancel", "kick", "set", "addbot", "removebot"},
    "draw": set(),
    "meld": set(),
    "layoff": set(),
    "swap": set(),
    "discard": set(),
    "hand": set(),
    "table": set(),
    "scores": set(),
    "rules": set(),
    "hint": set(),
    "leaderboard": set(),
    "stats": set(),
    "history": set(),
    "rami": {"language", "defaults", "season"},
    "tournament": {"create", "start", "cancel", "pause", "resume", "remove", "replace", "addbot", "organisers"},
    "settings": {"pictures"},
}
NAME = re.compile(r"^[-_a-z0-9]{1,32}$")
SUBCOMMAND, GROUP = 1, 2


Commands = dict[str, dict[str, Any]]


async def sync_once(folder: Path) -> Commands:
    """Start the bot with a dev server, keep what it synced there, and kill it."""
    async with FakeDiscord() as fake:
        guild = Driver(fake).guild("Schema")
        env = {"RAMI_DB_PATH": str(folder / "rami.sqlite3"), "RAMI_DEV_GUILD": str(guild.id)}
        process = BotProcess(fake, BOT_SCRIPT, env=env)
        await process.start()
        await process.kill()
        process.assert_clean()
        assert not fake.unknown_routes and not fake.errors
        return {c["name"]: c for c in fake.state.commands[guild.id]}


@pytest.fixture(scope="module")
def commands(tmp_path_factory: pytest.TempPathFactory) -> Commands:
    """The commands the bot synced to its dev server, by name."""
    return asyncio.run(sync_once(tmp_path_factory.mktemp("schema")))


def walk(options: list[dict[str, Any]], path: str) -> Iterator[tuple[str, dict[str, Any]]]:
    for option in options:
        here = f"{path} {option['name']}"
        yield here, option
        yield from walk(option.get("options", []), here)


def option(command: dict[str, Any], *path: str) -> dict[str, Any]:
    node = command
    for name in path:
        node = next(o for o in node.get("options", []) if o["name"] == name)
    return node


def test_commands_and_subcommands(commands: Commands) -> None:
    """Exactly the expected commands and /lobby subcommands are synced, and only to servers."""
    assert set(commands) == set(COMMANDS)
    for name, subs in COMMANDS.items():
        found = {o["name"] for o in commands[name].get("options", []) if o["type"] in (SUBCOMMAND, GROUP)}
        assert found == subs, name
        assert commands[name].get("contexts") == [0] or commands[name].get("dm_permission") is False, name


def test_only_managers_see_the_settings(commands: Commands) -> None:
    """/rami (the server's settings) is offered to Manage Server only; every other command to all,
    /tournament too (the organisers' role must see it; each control refuses others with a reason)."""
    manage_guild = 1 << 5
    admins = ("rami",)
    assert all(str(commands[n].get("default_member_permissions")) == str(manage_guild) for n in admins)
    assert all(c.get("default_member_permissions") is None for n, c in commands.items() if n not in admins)


def test_every_name_and_description(commands: Commands) -> None:
    """Every command, subcommand and option has a valid name and a description of 1 to 100 characters."""
    for name, command in commands.items():
        assert NAME.match(name) and 1 <= len(command.get("description", "")) <= 100, name
        for path, opt in walk(command.get("options", []), "/" + name):
            assert NAME.match(opt["name"]), path
            assert 1 <= len(opt.get("description", "")) <= 100, f"{path} has no description"
            for choice in opt.get("choices", []):
                assert 1 <= len(choice["name"]) <= 100, path


def test_option_types_and_requirements(commands: Commands) -> None:
    """Options have the types and required flags players rely on; card and meld options autocomplete."""
    c = commands
    string, integer, user = 3, 4, 6
    expected = {
        ("draw", "source"): (string, False, False),
        ("meld", "cards"): (string, True, True),
        ("layoff", "cards"): (string, True, True),
        ("layoff", "meld"): (integer, True, True),
        ("swap", "meld"): (integer, True, True),
        ("swap", "card"): (string, True, True),
        ("discard", "card"): (string, True, True),
        ("rules", "preset"): (string, False, False),
        ("leaderboard", "preset"): (string, False, False),
        ("stats", "member"): (user, False, False),
        ("history", "member"): (user, False, False),
        ("lobby", "create", "preset"): (string, False, False),
        ("lobby", "kick", "member"): (user, True, False),
        ("lobby", "set", "rule"): (string, True, True),
        ("lobby", "set", "value"): (string, True, True),
        ("lobby", "addbot", "level"): (string, False, False),
        ("tournament", "addbot", "level"): (string, False, False),
        ("tournament", "remove", "player"): (string, True, True),
        ("tournament", "replace", "player"): (string, True, True),
        ("tournament", "create", "start_time"): (string, False, False),
        ("tournament", "organisers", "role"): (8, False, False),
        ("settings", "pictures", "show"): (string, False, False),
        ("rami", "defaults", "preset", "preset"): (string, True, False),
        ("rami", "defaults", "rule", "rule"): (string, True, True),
        ("rami", "defaults", "rule", "value"): (string, True, True),
        ("rami", "defaults", "rule", "preset"): (string, False, False),
        ("rami", "defaults", "option", "option"): (string, True, True),
        ("rami", "defaults", "option", "value"): (string, True, True),
    }
    for (name, *path), (kind, required, autocomplete) in expected.items():
        opt = option(c[name], *path)
        assert (opt["type"], bool(opt.get("required")), bool(opt.get("autocomplete"))) == (
            kind,
            required,
            autocomplete,
        ), (name, path)
    for name in ("hand", "table", "scores", "hint"):
        assert not c[name].get("options"), name


def test_choices(commands: Commands) -> None:
    """Preset choices are the six presets; draw sources are stock and discard; computer levels are offered."""
    c = commands

    def values(*path: str) -> list[str]:
        return [ch["value"] for ch in option(c[path[0]], *path[1:]).get("choices", [])]

    presets = list(PRESETS)
    assert sorted(presets) == sorted(["basic", "rummy100", "rami100", "rami51", "ref40", "ref51"])
    assert values("lobby", "create", "preset") == presets
    assert values("rules", "preset") == presets
    assert values("leaderboard", "preset") == presets
    assert values("rami", "defaults", "preset", "preset") == values("rami", "defaults", "rule", "preset") == presets
    assert values("draw", "source") == ["stock", "discard"]
    assert values("lobby", "addbot", "level") == list(BOT_LEVELS) == ["easy", "normal", "hard", "expert"]
    assert values("tournament", "addbot", "level") == list(BOT_LEVELS)
    assert values("settings", "pictures", "show") == ["on", "off"]


def test_every_text_option_is_bounded(commands: Commands) -> None:
    """A string option has choices or a max_length (at most 200), so Discord's client never sends a
    novel; the bot refuses anything longer that still arrives."""
    string = 3
    for name, command in commands.items():
        for path, opt in walk(command.get("options", []), "/" + name):
            if opt["type"] == string and not opt.get("choices"):
                assert 1 <= opt.get("max_length", 6000) <= 200, path
