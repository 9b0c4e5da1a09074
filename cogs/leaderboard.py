"""``/leaderboard`` and ``/stats``: this server's records, people ranked apart from computer players."""

from __future__ import annotations

from collections.abc import Mapping

import discord
from discord import app_commands
from discord.ext import commands

from cogs.ui import render, sentences, words
from cogs.ui.client import RamiClient, as_rami
from cogs.ui.context import PRESET_CHOICES, context, reply
from cogs.ui.limits import EMBED_TITLE, chosen
from rummy.rules import PRESETS
from service.catalog import Translator
from service.leaderboards import ALL_PRESETS, GameFigures, PlayerStats, Standing

SHOWN = 10


def shown_rating(rating: float) -> float:
    """The rating as players read it: a new or losing player shows 0, never a puzzling negative."""
    return max(0.0, rating)


def _line(tr: Translator, rank: int, s: Standing) -> str:
    return tr(
        "lb_line",
        rank=rank,
        name=sentences.display(words.stored_bot_name(s.display_name, tr)),
        rating=shown_rating(s.rating),
        games=s.games,
        wins=s.wins,
        rate=s.win_rate,
        deals=s.deals_won,
        rummies=s.rummies,
    )


def _track(tr: Translator, s: Standing, figures: GameFigures | None, best: int | None) -> str:
    """One track's figures (a preset, or all presets), a line each."""
    lines = [
        tr("stats_record", games=s.games, wins=s.wins, rate=s.win_rate, deals=s.deals_won, rummies=s.rummies),
        tr("stats_rating", rating=shown_rating(s.rating)),
    ]
    if figures is not None:
        if figures.points_per_deal is not None:
            lines.append(tr("stats_per_deal", average=figures.points_per_deal))
        lines.append(tr("stats_streak", streak=figures.longest_streak))
    if best is not None:
        lines.append(tr("stats_best_season", place=best))
    return "\n".join(lines)


def stats_embed(
    tr: Translator,
    name: str,
    record: PlayerStats | None,
    figures: Mapping[str, GameFigures],
    best: Mapping[str, int] | None = None,
) -> discord.Embed:
    """A player's record: all presets together, then preset by preset, a field each; ``figures``
    and ``best`` (the best place of a season, by preset or ``"*"``) by the same keys, each line
    shown only where its figure is known. ``name`` is already escaped."""
    embed = discord.Embed(title=sentences.clip(tr("stats_title", name=name), EMBED_TITLE), colour=render.COLOUR)
    if record is None:
        embed.description = tr("stats_none", name=name)
        return embed
    best = best or {}
    for key, s in [(ALL_PRESETS, record.overall), *sorted(record.presets.items())]:
        label = tr("lb_all") if key == ALL_PRESETS else key
        embed.add_field(name=label, value=sentences.clip(_track(tr, s, figures.get(key), best.get(key))), inline=False)
    return embed


class Leaderboard(commands.Cog):
    """Per-server leaderboards, never across servers."""

    def __init__(self, bot: RamiClient) -> None:
        self.bot = bot

    @app_commands.command(name="leaderboard", description="The best players of this server")
    @app_commands.describe(preset="Only games of this preset (default: all presets)")
    @app_commands.choices(preset=PRESET_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, preset: str | None = None) -> None:
        ctx = context(interaction)
        if preset is not None:
            chosen(preset, PRESETS, "preset")
        ranking = await self.bot.leaderboards.ranking(ctx.guild_id, preset, limit=SHOWN)
        people, bots = ranking.people, ranking.bots
        tr = ctx.public
        embed = discord.Embed(title=tr("lb_title", preset=preset or tr("lb_all")), colour=render.COLOUR)
        lines = [_line(tr, i, s) for i, s in enumerate(people, start=1)]
        embed.description = sentences.clip("\n".join(lines) or tr("lb_no_people" if bots else "lb_empty"), 4000)
        if bots:
            embed.add_field(
                name=tr("lb_bots"),
                value=sentences.clip("\n".join("🤖 " + _line(tr, i, s) for i, s in enumerate(bots, start=1))),
                inline=False,
            )
        embed.set_footer(text=tr("lb_footer"))
        await reply(interaction, embed=embed, ephemeral=False)

    @app_commands.command(name="stats", description="A player's record on this server")
    @app_commands.describe(member="Whose record (default: yours)")
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, member: discord.Member | None = None) -> None:
        ctx = context(interaction)
        user = member or interaction.user
        record = await self.bot.leaderboards.record(ctx.guild_id, user.id)
        figures = await self.bot.leaderboards.figures(ctx.guild_id, user.id) if record is not None else {}
        best: Mapping[str, int] | None = None  # the best season places, once seasons are kept
        embed = stats_embed(ctx.public, sentences.display(user.display_name), record, figures, best)
        await reply(interaction, embed=embed, ephemeral=False)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Leaderboard(as_rami(bot)))
