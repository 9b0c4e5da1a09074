"""``/history [member]``: a member's last finished games on this server, page by page.

The answer is private, whoever's games are asked for: it is a personal look (your own record, or
someone else's before a game), it is paged with buttons a public message would let anyone press
for everyone, and the server's public record stays ``/leaderboard`` and ``/stats``. It is written
in the reader's language, with dates in the reader's time zone (:mod:`cogs.ui.history`).
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.ui.client import RamiClient, as_rami
from cogs.ui.context import context, reply
from cogs.ui.history import history_message


class History(commands.Cog):
    """A member's finished games on this server, newest first."""

    def __init__(self, bot: RamiClient) -> None:
        self.bot = bot

    @app_commands.command(name="history", description="A player's last games on this server")
    @app_commands.describe(member="Whose games (default: yours)")
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction, member: discord.Member | None = None) -> None:
        ctx = context(interaction)
        user = member or interaction.user
        shown = await history_message(ctx, user.id)
        await reply(interaction, embed=shown.embed, view=shown.view, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(History(as_rami(bot)))
