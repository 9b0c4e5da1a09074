"""``/settings``: a person's own choices, the same in every server (a server's are ``/rami``'s).

``/settings pictures show:off`` makes the caller's private messages (the hand, ``/table``,
``/scores``) text only, ``show:on`` brings the pictures back beside the text, and without
``show`` the command tells the caller what they chose. The choice is stored through the service
(:class:`~service.preferences.Preferences`) and never changes what others see: the public board
shows its picture for everyone, wherever the bot may attach files.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.ui.client import RamiClient, as_rami
from cogs.ui.context import context, reply
from cogs.ui.limits import chosen

SHOW = {"on": True, "off": False}
SHOW_CHOICES = [
    app_commands.Choice(name=app_commands.locale_str("pictures and text"), value="on"),
    app_commands.Choice(name=app_commands.locale_str("text only"), value="off"),
]


@app_commands.guild_only()
class Personal(commands.GroupCog, group_name="settings", group_description="Your own settings for Rami"):
    """A person's own choices (stored by user, whatever the server)."""

    def __init__(self, bot: RamiClient) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="pictures", description="Pictures of the cards beside the text, or text only")
    @app_commands.describe(show="on: pictures beside the text; off: text only (default: tell me my setting)")
    @app_commands.choices(show=SHOW_CHOICES)
    async def pictures(self, interaction: discord.Interaction, show: str | None = None) -> None:
        ctx = context(interaction)
        prefs = self.bot.preferences
        if show is None:
            on = await prefs.pictures(ctx.who.id)
            text = ctx.tr("settings_pictures_is_on" if on else "settings_pictures_is_off")
        else:
            on = SHOW[chosen(show, SHOW, "show")]
            await prefs.set_pictures(ctx.who.id, on)
            text = ctx.tr("settings_pictures_on" if on else "settings_pictures_off")
        if on and not self.bot.gallery.enabled:
            text += "\n" + ctx.tr("settings_pictures_bot_off")
        await reply(interaction, text, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Personal(as_rami(bot)))
