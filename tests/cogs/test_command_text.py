"""Every command and option description, and every choice name, reaches Discord in French too.

The commands' texts are written in English in the cogs; the catalog has each one as a ``cmd-*``
message (service.catalog.command_text). A description added or reworded without its messages
fails here. Command and option names stay English (Discord shows them as typed).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest_asyncio
from discord import app_commands

import bot as rami_bot
from bot import RamiBot, Settings
from rummy.rules import PRESETS
from service.catalog import command_text

TRANSLATED = {
    app_commands.TranslationContextLocation.command_description,
    app_commands.TranslationContextLocation.group_description,
    app_commands.TranslationContextLocation.parameter_description,
    app_commands.TranslationContextLocation.choice_name,
}


class Recorder(app_commands.Translator):
    """Notes every string discord.py asks to translate into French, and where it stands."""

    def __init__(self) -> None:
        self.asked: set[tuple[app_commands.TranslationContextLocation, str]] = set()

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        if locale is discord.Locale.french:
            self.asked.add((context.location, string.message))
        return None


@pytest_asyncio.fixture
async def bot_commands(tmp_path: Path) -> AsyncIterator[set[tuple[app_commands.TranslationContextLocation, str]]]:
    """The strings of the bot's command tree that discord.py translates, with their places."""
    client = RamiBot(Settings("t", tmp_path / "r.db"))
    await client.open_services()
    for extension in rami_bot.EXTENSIONS:
        await client.load_extension(extension)
    try:
        recorder = Recorder()
        for command in client.tree.get_commands():
            await command.get_translated_payload(client.tree, recorder)
        yield recorder.asked
    finally:
        for extension in rami_bot.EXTENSIONS:
            await client.unload_extension(extension)
        await client.db.close()


async def test_every_description_and_choice_has_a_french_text(
    bot_commands: set[tuple[app_commands.TranslationContextLocation, str]],
) -> None:
    """Descriptions of groups, commands and options, and choice names: all in the catalog (but the
    presets' "name: title" choices, which come with the presets' own texts: the issue's phase 2)."""
    presets = {f"{rules.name}: {rules.title}"[:100] for rules in PRESETS.values()}
    texts = {text for location, text in bot_commands if location in TRANSLATED} - presets
    assert len(texts) > 30
    assert not {text for text in texts if command_text(text, discord.Locale.french) is None}


async def test_names_stay_english(bot_commands: set[tuple[app_commands.TranslationContextLocation, str]]) -> None:
    """No command, group or option name is given a French one by accident."""
    names = {text for location, text in bot_commands if location not in TRANSLATED}
    assert {"draw", "lobby", "preset"} <= names
    assert not {name for name in names if command_text(name, discord.Locale.french) is not None}
