"""The command tree, and the localized text of the commands.

:class:`RamiTree` refuses direct messages and sends every command error to
:func:`cogs.ui.errors.report_error`, the funnel the components use too (a refusal's reason, or an
apology for a bug); :class:`CommandText` localizes command descriptions from the message catalog
when the commands are synced.
"""

from __future__ import annotations

import discord
from discord import app_commands

from cogs.ui.context import reply
from cogs.ui.errors import report_error
from service.catalog import command_text, translator


class RamiTree(app_commands.CommandTree):
    """The command tree: guild-only, and every command error goes through :func:`report_error`."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.guild_id is not None:
            return True
        if interaction.type is not discord.InteractionType.autocomplete:
            await reply(interaction, translator(interaction.locale)("guild_only"), ephemeral=True)
        return False

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await report_error(interaction, error)


class CommandText(app_commands.Translator):
    """Localizes command and option descriptions from the message catalog when commands sync."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        return command_text(string.message, locale)
