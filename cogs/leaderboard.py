"""``/leaderboard`` and ``/stats``: this server's records, people ranked apart from computer players.

``/leaderboard`` shows the current season when the server has seasons (``/rami season``), with the
all-time board and every past season one option away (``season``, suggested as one types), and the
all-time board as before when it has none. Every board is fair (:mod:`service.leaderboards`).
"""

from __future__ import annotations

from collections.abc import Mapping

import discord
from discord import app_commands
from discord.ext import commands

from cogs.ui import render, sentences
from cogs.ui.boards import board_title, ranking_embed, season_name, shown_rating
from cogs.ui.client import RamiClient, as_rami
from cogs.ui.context import PRESET_CHOICES, context, reply, user_tr
from cogs.ui.limits import EMBED_TITLE, chosen, quote
from rummy.rules import PRESETS
from service.catalog import Translator
from service.leaderboards import ALL_PRESETS, ALL_TIME, GameFigures, PlayerStats, Standing, TournamentRecord

SHOWN = 10
CHOICES = 25  # Discord shows at most 25 suggestions
SEASON_TYPED = 32  # characters of the season option (a season's key is 7; the suggestions say more)


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


def tournaments_text(tr: Translator, record: TournamentRecord) -> str:
    """A person's tournaments on the server: the counts and best place, then the newest few, a
    line each (the place, how many were ranked, the tournament's name, the day it finished)."""
    best = tr("tournament_ordinal", place=record.best) if record.best is not None else "—"
    lines = [tr("stats_tournament_summary", played=record.played, wins=record.wins, podiums=record.podiums, best=best)]
    for p in record.recent:
        place = tr("tournament_ordinal", place=p.place)
        date = f"<t:{int(p.finished_at.timestamp())}:d>"
        lines.append(tr("stats_tournament_line", place=place, entrants=p.entrants, name=quote(p.name, 100), date=date))
    return sentences.clip("\n".join(lines))


def stats_embed(
    tr: Translator,
    name: str,
    record: PlayerStats | None,
    figures: Mapping[str, GameFigures],
    best: Mapping[str, int] | None = None,
    tournaments: TournamentRecord | None = None,
) -> discord.Embed:
    """A player's record: all presets together, then preset by preset, a field each; ``figures``
    and ``best`` (the best place of a season, by preset or ``"*"``) by the same keys, each line
    shown only where its figure is known; then their tournaments, when they finished one.
    ``name`` is already escaped."""
    embed = discord.Embed(title=sentences.clip(tr("stats_title", name=name), EMBED_TITLE), colour=render.COLOUR)
    played = tournaments is not None and tournaments.played > 0
    if record is None and not played:
        embed.description = tr("stats_none", name=name)
        return embed
    best = best or {}
    if record is not None:
        for key, s in [(ALL_PRESETS, record.overall), *sorted(record.presets.items())]:
            label = tr("lb_all") if key == ALL_PRESETS else key
            value = sentences.clip(_track(tr, s, figures.get(key), best.get(key)))
            embed.add_field(name=label, value=value, inline=False)
    if tournaments is not None and played:
        embed.add_field(name=tr("stats_tournaments"), value=tournaments_text(tr, tournaments), inline=False)
    return embed


class Leaderboard(commands.Cog):
    """Per-server leaderboards, never across servers."""

    def __init__(self, bot: RamiClient) -> None:
        self.bot = bot

    @app_commands.command(name="leaderboard", description="The best players of this server")
    @app_commands.describe(
        preset="Only games of this preset (default: all presets)",
        season="Which board: the current season, all time, or a past season (default: the current one)",
    )
    @app_commands.choices(preset=PRESET_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        preset: str | None = None,
        season: app_commands.Range[str, 1, SEASON_TYPED] | None = None,
    ) -> None:
        ctx = context(interaction)
        if preset is not None:
            chosen(preset, PRESETS, "preset")
        boards = self.bot.leaderboards
        shown = await boards.season_of(ctx.guild_id, season)
        current = await boards.seasons.current(ctx.guild_id)
        ranking = await boards.ranking(ctx.guild_id, preset, limit=SHOWN, season=shown)
        tr = ctx.public
        title = board_title(tr, preset, shown, seasons_on=current is not None)
        ends = shown.end if shown is not None and shown == current else None
        await reply(interaction, embed=ranking_embed(tr, ranking, title, ends=ends), ephemeral=False)

    @leaderboard.autocomplete("season")
    async def season_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The current season (seasons on), all time, then the past seasons, newest first."""
        if interaction.guild_id is None:
            return []
        tr = user_tr(interaction)
        seasons = self.bot.leaderboards.seasons
        now = await seasons.current(interaction.guild_id)
        options: list[tuple[str, str]] = []
        if now is not None:
            options.append((tr("season_choice_current", season=season_name(now, tr)), now.key))
        options.append((tr("season_choice_all_time"), ALL_TIME))
        options += [(season_name(s, tr), s.key) for s in await seasons.past(interaction.guild_id)]
        typed = current.strip().casefold()
        found = [(name, key) for name, key in options if typed in name.casefold() or typed in key.casefold()]
        return [app_commands.Choice(name=name[:100], value=key) for name, key in found[:CHOICES]]

    @app_commands.command(name="stats", description="A player's record on this server")
    @app_commands.describe(member="Whose record (default: yours)")
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, member: discord.Member | None = None) -> None:
        ctx = context(interaction)
        user = member or interaction.user
        record = await self.bot.leaderboards.record(ctx.guild_id, user.id)
        figures = await self.bot.leaderboards.figures(ctx.guild_id, user.id) if record is not None else {}
        best = await self.bot.leaderboards.best_season_places(ctx.guild_id, user.id) if record is not None else None
        tournaments = await self.bot.leaderboards.tournaments(ctx.guild_id, user.id)
        embed = stats_embed(ctx.public, sentences.display(user.display_name), record, figures, best, tournaments)
        await reply(interaction, embed=embed, ephemeral=False)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Leaderboard(as_rami(bot)))
