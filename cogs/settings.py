"""A server's settings, for its admins: ``/rami language`` (the language of public messages).

Discord hides the group from members without Manage Server (``default_permissions``), and the
command checks the permission itself too: a server may have given the command to anyone.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.ui.client import RamiClient, as_rami
from cogs.ui.context import context, reply
from cogs.ui.season_choice import SEASON_CHOICES, choose_seasons
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
