"""A server's settings, for its admins: ``/rami language`` (the language of public messages) and
``/rami defaults ...`` (the server's defaults for new tables: :mod:`cogs.ui.defaults`).

Discord hides the group from members without Manage Server (``default_permissions``), and the
command checks the permission itself too: a server may have given the command to anyone.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.ui import defaults as server_defaults
from cogs.ui.choices import RuleText, ValueText, name_choices, value_choices
from cogs.ui.client import RamiClient, as_rami
from cogs.ui.context import PRESET_CHOICES, context, reply, user_tr
from cogs.ui.limits import chosen
from cogs.ui.season_choice import SEASON_CHOICES, choose_seasons
from rummy.rules import KNOBS, PRESETS
from rummy.table_options import OPTIONS
from service.model import Refusal
from service.settings import AUTO

LANGUAGE_CHOICES = [
    app_commands.Choice(name=app_commands.locale_str("français"), value="fr"),
    app_commands.Choice(name=app_commands.locale_str("English"), value="en"),
    app_commands.Choice(name=app_commands.locale_str("auto (the server's own language)"), value=AUTO),
]


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class Settings(commands.GroupCog, group_name="rami", group_description="Rami's settings for this server (admins)"):
    """The server's settings (Manage Server)."""

    def __init__(self, bot: RamiClient) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="language", description="The language of the bot's public messages on this server")
    @app_commands.describe(language="French, English, or auto: the language the server reports to Discord")
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        ctx = context(interaction)
        if not interaction.permissions.manage_guild:
            raise Refusal("manage_guild_only")
        settings = ctx.service.settings
        chosen = await settings.set_language(ctx.guild_id, language)
        now = settings.public_language(ctx.guild_id, interaction.guild_locale or interaction.locale)
        text = ctx.tr("language_auto" if chosen is None else "language_set", language=now)
        await reply(interaction, text, ephemeral=True)
        for game_id in await ctx.service.active_games(ctx.guild_id):
            ctx.writer.refresh(game_id)  # its board, in the new language

    # -- /rami defaults: the server's defaults for new tables (cogs.ui.defaults) --------------------
    defaults = app_commands.Group(
        name="defaults", description="This server's defaults for new tables: preset, house rules, table options"
    )

    @defaults.command(name="show", description="Show this server's defaults for new tables")
    async def defaults_show(self, interaction: discord.Interaction) -> None:
        await server_defaults.show(context(interaction))

    @defaults.command(name="preset", description="The preset /lobby create opens when the host names none")
    @app_commands.describe(preset="The preset new tables open with")
    @app_commands.choices(preset=PRESET_CHOICES)
    async def defaults_preset(self, interaction: discord.Interaction, preset: str) -> None:
        ctx = context(interaction)
        await server_defaults.set_preset(ctx, chosen(preset, PRESETS, "preset"))

    @defaults.command(name="rule", description="A house rule of this server's tables of one preset")
    @app_commands.describe(
        rule="The house rule to change (as /lobby set names it)",
        value="Its value (the preset's own value removes the house rule)",
        preset="The preset it applies to (default: the server's default preset)",
    )
    @app_commands.choices(preset=PRESET_CHOICES)
    async def defaults_rule(
        self, interaction: discord.Interaction, rule: RuleText, value: ValueText, preset: str | None = None
    ) -> None:
        ctx = context(interaction)
        await server_defaults.set_rule(ctx, rule, value, None if preset is None else chosen(preset, PRESETS, "preset"))

    @defaults.command(name="option", description="A table option of this server's new tables")
    @app_commands.describe(
        option="The table option to change (turn_timer, bot_pause, hints, thread)", value="Its value"
    )
    async def defaults_option(self, interaction: discord.Interaction, option: RuleText, value: ValueText) -> None:
        await server_defaults.set_option(context(interaction), option, value)

    @defaults_rule.autocomplete("rule")
    async def defaults_rule_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return name_choices(KNOBS, current, user_tr(interaction))

    @defaults_option.autocomplete("option")
    async def defaults_option_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return name_choices(OPTIONS, current, user_tr(interaction))

    @defaults_rule.autocomplete("value")
    @defaults_option.autocomplete("value")
    async def defaults_values(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The values of the rule or the option already picked (the lobby's suggestions)."""
        namespace = interaction.namespace
        name = getattr(namespace, "rule", None) or getattr(namespace, "option", None) or ""
        return value_choices(str(name), current)

    @defaults.command(name="reset", description="Clear this server's defaults: new tables start from the bot's own")
    async def defaults_reset(self, interaction: discord.Interaction) -> None:
        await server_defaults.reset(context(interaction))

    @app_commands.command(name="season", description="Seasons: boards that start again every month or quarter (UTC)")
    @app_commands.describe(
        mode="off: one all-time board; monthly or quarterly: a fresh board each season, from midnight UTC",
        channel="Where each season's final board is posted (default: where the last game was played)",
    )
    @app_commands.choices(mode=SEASON_CHOICES)
    async def season(
        self, interaction: discord.Interaction, mode: str, channel: discord.TextChannel | None = None
    ) -> None:
        await choose_seasons(context(interaction), mode, None if channel is None else channel.id)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Settings(as_rami(bot)))
