"""Looking, not playing: ``/table``, ``/scores``, ``/rules`` and ``/hint`` (all private replies).

``/table`` shows the table as a picture too, and ``/scores`` the chart of the running totals, for
whoever gets pictures (:mod:`cogs.ui.pictures`): the text at once, the picture in an edit (the
writer's, from the reply's handle: :mod:`cogs.ui.looks`). With no table open, ``/table`` shows the
channel's last game as it ended (for a day), with its Rematch button
(:func:`cogs.ui.views.final_of`, :mod:`cogs.ui.rematch`)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.ui import pictures, render, views
from cogs.ui.client import RamiClient, as_rami
from cogs.ui.context import PRESET_CHOICES, context, reply
from cogs.ui.limits import chosen
from cogs.ui.views import board_message
from rummy.rules import PRESETS, find_preset
from service.catalog_rules import levels_text, rules_text
from service.model import Refusal


class Info(commands.Cog):
    """What is on the table, the score sheet, the rules, and advice for your own hand."""

    def __init__(self, bot: RamiClient) -> None:
        self.bot = bot

    @app_commands.command(name="table", description="The table: melds, discard pile, stock, card counts, whose turn")
    @app_commands.guild_only()
    async def table(self, interaction: discord.Interaction) -> None:
        ctx = context(interaction)
        try:
            game = await ctx.service.current(ctx.channel_id)
        except Refusal:  # no table open: the last game's final state, for a day after it ended
            final = await ctx.service.last_game(ctx.channel_id)
            embed, view = views.final_of(final, ctx.tr)
            await pictures.send_look(ctx, final.game, embed, pictures.scores_frame(final.game, ctx.tr), view)
            return
        embed, _view = board_message(game, ctx.tr)
        await pictures.send_look(ctx, game, embed, pictures.table_frame(game, ctx.tr))

    @app_commands.command(name="scores", description="The score sheet of the game in this channel")
    @app_commands.guild_only()
    async def scores(self, interaction: discord.Interaction) -> None:
        ctx = context(interaction)
        game = await ctx.service.score_sheet(ctx.channel_id)
        embed = render.scores_embed(game.table, ctx.tr)
        await pictures.send_look(ctx, game, embed, pictures.scores_frame(game, ctx.tr))

    @app_commands.command(name="rules", description="The rules in plain words: of a preset, or of this table")
    @app_commands.describe(preset="A preset to read (default: the rules of this channel's table)")
    @app_commands.choices(preset=PRESET_CHOICES)
    @app_commands.guild_only()
    async def rules(self, interaction: discord.Interaction, preset: str | None = None) -> None:
        ctx = context(interaction)
        defaults = await ctx.service.defaults.get(ctx.guild_id)
        game = None if preset is not None else await ctx.service.active(ctx.channel_id)
        table = None if game is None else game.table
        if table is not None:  # this table's rules: those of its house rules the server set, marked
            rules, server = table.rules, defaults.server_rules(table.preset, table.overrides)
        else:  # a preset as this server's tables play it (its house rules all the server's)
            rules = defaults.rules(None if preset is None else chosen(preset, PRESETS, "preset"))
            server = frozenset(rules.overrides_from(find_preset(rules.name)))
        levels = discord.Embed(description=levels_text(ctx.tr), colour=render.COLOUR)  # beside the rules' one message
        await reply(interaction, rules_text(rules, ctx.tr, server=server), embed=levels, ephemeral=True)

    @app_commands.command(name="hint", description="Advice for your hand: best melds, the opening, a discard")
    @app_commands.guild_only()
    async def hint(self, interaction: discord.Interaction) -> None:
        ctx = context(interaction)
        player = await ctx.service.private_view(ctx.channel_id, ctx.who.id)
        advice = await ctx.service.advice(player)
        if advice is None:
            raise Refusal("hints_off")
        embed = discord.Embed(
            title=ctx.tr("hint_title"), description=render.hint_text(player.view, advice, ctx.tr), colour=render.COLOUR
        )
        await reply(interaction, embed=embed, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Info(as_rami(bot)))
