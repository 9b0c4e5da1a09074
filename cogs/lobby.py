"""``/lobby``: open a table, fill it with people and computer players, set house rules, start."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.ui import lobby as lobby_ui
from cogs.ui import sentences, words
from cogs.ui.choices import RuleText, ValueText, checked, name_choices, value_choices
from cogs.ui.client import RamiClient, as_rami
from cogs.ui.context import LEVEL_CHOICES, PRESET_CHOICES, context, paid, reply, user_tr
from cogs.ui.limits import chosen, fit
from cogs.ui.views import board_message
from rummy.rules import PRESETS
from rummy.table import BOT_LEVELS
from rummy.table_options import setting_names
from service.model import Refusal

NEEDED = {  # permission -> how Discord's settings name it
    "view_channel": "View Channel",
    "send_messages": "Send Messages",
    "embed_links": "Embed Links",
    "read_message_history": "Read Message History",
}


def missing_permissions(interaction: discord.Interaction) -> list[str]:
    """The permissions the bot lacks in this channel to post and redraw a board (names as Discord's
    settings show them). In a thread it also needs Send Messages in Threads."""
    perms = interaction.app_permissions
    needed = dict(NEEDED)
    if isinstance(interaction.channel, discord.Thread):
        needed["send_messages_in_threads"] = "Send Messages in Threads"
    return [label for name, label in needed.items() if not getattr(perms, name, False)]


@app_commands.guild_only()
class Lobby(commands.GroupCog, group_name="lobby", group_description="Open, fill and start a table of rummy"):
    """The lobby commands. Each parses its options, calls one service function and answers."""

    def __init__(self, bot: RamiClient) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="create", description="Open a table in this channel")
    @app_commands.describe(preset="The rule set to play (default: basic)")
    @app_commands.choices(preset=PRESET_CHOICES)
    async def create(self, interaction: discord.Interaction, preset: str | None = None) -> None:
        ctx = context(interaction)
        missing = missing_permissions(interaction)
        if missing:
            raise Refusal("missing_permissions", missing=", ".join(missing))
        if preset is not None:
            chosen(preset, PRESETS, "preset")
        out = await ctx.service.create(ctx.guild_id, ctx.channel_id, ctx.who, preset)
        embed, view = board_message(out.game, ctx.public)
        kwargs = fit({"embed": embed} if view is None else {"embed": embed, "view": view})
        async with ctx.writer.creating(out.game.game_id):
            callback = await interaction.response.send_message(**kwargs)
            paid(interaction)
            message_id = getattr(callback, "message_id", None)
            if not isinstance(message_id, int):
                message_id = (await interaction.original_response()).id
            await ctx.service.set_message(out.game.game_id, message_id)
        if ctx.bot.gallery.enabled and not interaction.app_permissions.attach_files:
            await reply(interaction, ctx.tr("pictures_no_attach"), ephemeral=True)  # the board stays text

    @app_commands.command(name="join", description="Take a seat at this channel's table")
    async def join(self, interaction: discord.Interaction) -> None:
        await lobby_ui.join(context(interaction))

    @app_commands.command(name="leave", description="Leave the table (or the game in play)")
    async def leave(self, interaction: discord.Interaction) -> None:
        await lobby_ui.leave(context(interaction))

    @app_commands.command(name="start", description="Deal the first hand (host only)")
    async def start(self, interaction: discord.Interaction) -> None:
        await lobby_ui.start(context(interaction))

    @app_commands.command(name="cancel", description="Cancel the table or the game (host or moderators)")
    async def cancel(self, interaction: discord.Interaction) -> None:
        ctx = context(interaction)
        await ctx.service.cancel(ctx.channel_id, ctx.who)
        text = ctx.public("cancelled", name=sentences.display(ctx.who.name))
        await reply(interaction, text, ephemeral=False)

    @app_commands.command(name="kick", description="Remove a player from the table (host or moderators)")
    @app_commands.describe(member="The player to remove")
    async def kick(self, interaction: discord.Interaction, member: discord.Member) -> None:
        ctx = context(interaction)
        out = await ctx.service.kick(ctx.channel_id, ctx.who, member.id)
        text = ctx.public(
            "kicked",
            by=sentences.display(ctx.who.name),
            name=sentences.display(member.display_name),
        )
        more = sentences.public_text(out.events, out.table, ctx.public, turn=out.new_turn)
        ping = sentences.pinged(out.table, out.new_turn)
        said = f"{text}\n{more}".strip()
        message_id = await reply(interaction, said, ephemeral=False, ping=ping)
        if out.new_turn:  # the new turn's message: its moves are added to it (cogs.ui.turnline)
            ctx.writer.adopt(out.game.game_id, interaction.channel_id or ctx.channel_id, message_id, said)

    @app_commands.command(name="set", description="Change a house rule or a table option before the start (host)")
    @app_commands.describe(rule="The house rule or table option to change", value="Its new value")
    async def set_rule(self, interaction: discord.Interaction, rule: RuleText, value: ValueText) -> None:
        ctx = context(interaction)
        rule, value = checked(rule, value, setting_names())
        out = await ctx.service.configure(ctx.channel_id, ctx.who, rule, value)
        name = out.detail.name
        value = words.setting_value(name, words.current_value(out.table, name), ctx.tr)
        await reply(interaction, ctx.tr("set_done", name=name, value=value), ephemeral=True)

    @set_rule.autocomplete("rule")
    async def rule_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return name_choices(setting_names(), current, user_tr(interaction))

    @set_rule.autocomplete("value")
    async def rule_values(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return value_choices(str(getattr(interaction.namespace, "rule", "") or ""), current)

    @app_commands.command(name="addbot", description="Seat a computer player (host)")
    @app_commands.describe(level="How well it plays (default: normal)")
    @app_commands.choices(level=LEVEL_CHOICES)
    async def addbot(self, interaction: discord.Interaction, level: str = "normal") -> None:
        ctx = context(interaction)
        out = await ctx.service.add_bot(ctx.channel_id, ctx.who, chosen(level, BOT_LEVELS, "level"))
        await reply(
            interaction,
            ctx.tr(
                "bot_added",
                name=sentences.name_of(out.table, len(out.table.players) - 1, ctx.tr),
                n=len(out.table.players),
                max=out.table.max_players,
            ),
            ephemeral=True,
        )

    @app_commands.command(name="removebot", description="Remove the computer player seated last (host)")
    async def removebot(self, interaction: discord.Interaction) -> None:
        ctx = context(interaction)
        out = await ctx.service.remove_bot(ctx.channel_id, ctx.who)
        name = sentences.display(words.stored_bot_name(out.detail.name, ctx.tr))
        await reply(interaction, ctx.tr("bot_removed", name=name), ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Lobby(as_rami(bot)))
