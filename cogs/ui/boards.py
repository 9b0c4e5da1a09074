"""The boards as players read them: ``/leaderboard``'s fair board and a season's final board.

Renderers only (from the service's :class:`~service.leaderboards.Ranking` and
:class:`~service.seasons.FinalBoard`): who is ranked, who is provisional and who won is the
service's to say. A provisional player is listed apart, below the ranked ones, with their games
so far and no place; computer players keep their own field.
"""

from __future__ import annotations

from datetime import datetime

import discord

from cogs.ui import sentences, words
from cogs.ui.render import COLOUR
from data import ALL_PRESETS, Season, SeasonMode
from service.catalog import Translator
from service.leaderboards import Ranking, Standing
from service.seasons import INACTIVE_AFTER, PROVISIONAL_GAMES, FinalBoard

DESCRIPTION = 4000  # characters of an embed's description we use (Discord allows 4096)


def shown_rating(rating: float) -> float:
    """The rating as players read it: a new or losing player shows 0, never a puzzling negative."""
    return max(0.0, rating)


def season_name(season: Season, tr: Translator) -> str:
    """``December 2026`` / ``décembre 2026``, ``Q4 2026`` / ``T4 2026``."""
    if season.mode is SeasonMode.MONTHLY:
        return tr("season_month", month=season.index, year=str(season.year))
    return tr("season_quarter", quarter=season.index, year=str(season.year))


def when(moment: datetime) -> str:
    """A moment as Discord shows it in each reader's own time zone (and how long until then)."""
    seconds = int(moment.timestamp())
    return f"<t:{seconds}:f> (<t:{seconds}:R>)"


def track_name(track: str, tr: Translator) -> str:
    return tr("lb_all") if track == ALL_PRESETS else track


def line(tr: Translator, rank: int, s: Standing) -> str:
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


def provisional_line(tr: Translator, s: Standing) -> str:
    name = sentences.display(words.stored_bot_name(s.display_name, tr))
    return tr("lb_provisional_line", name=name, games=s.games, needed=PROVISIONAL_GAMES, rating=shown_rating(s.rating))


def _lines(tr: Translator, ranked: tuple[Standing, ...], provisional: tuple[Standing, ...], mark: str = "") -> str:
    parts = [mark + line(tr, i, s) for i, s in enumerate(ranked, start=1)]
    parts += [f"{mark}◦ " + provisional_line(tr, s) for s in provisional]
    return "\n".join(parts)


def board_title(tr: Translator, preset: str | None, season: Season | None, seasons_on: bool) -> str:
    """The board's title: as before seasons when they are off, else which board it is."""
    track = preset or tr("lb_all")
    if season is not None:
        return tr("lb_title_season", preset=track, season=season_name(season, tr))
    return tr("lb_title_all_time" if seasons_on else "lb_title", preset=track)


def ranking_embed(tr: Translator, ranking: Ranking, title: str, *, ends: datetime | None = None) -> discord.Embed:
    """A fair board: the ranked people, then the provisional ones apart, then the computer players.
    ``ends``: the end of the season it shows, when that season is under way."""
    embed = discord.Embed(title=title, colour=COLOUR)
    if ranking.people:
        text = _lines(tr, ranking.people, ())
    elif ranking.provisional:
        text = tr("lb_only_provisional", needed=PROVISIONAL_GAMES)
    elif ranking.bots or ranking.provisional_bots:
        text = tr("lb_no_people")
    else:
        text = tr("lb_season_empty" if ranking.season is not None else "lb_empty")
    if ends is not None:
        text += "\n\n" + tr("lb_season_ends", when=when(ends))
    embed.description = sentences.clip(text, DESCRIPTION)
    if ranking.provisional:
        embed.add_field(
            name=tr("lb_provisional", needed=PROVISIONAL_GAMES),
            value=sentences.clip(_lines(tr, (), ranking.provisional)),
            inline=False,
        )
    if ranking.bots or ranking.provisional_bots:
        embed.add_field(
            name=tr("lb_bots"),
            value=sentences.clip(_lines(tr, ranking.bots, ranking.provisional_bots, "🤖 ")),
            inline=False,
        )
    embed.set_footer(text=f"{tr('lb_footer')} {tr('lb_fair', needed=PROVISIONAL_GAMES, days=INACTIVE_AFTER.days)}")
    return embed


def final_message(tr: Translator, final: FinalBoard) -> tuple[str, discord.Embed]:
    """A season's final board: one line of who won it, and the top of each track that counted."""
    name = season_name(final.season, tr)
    winner = final.winner
    if winner is None:
        content = tr("season_final_nobody", season=name, needed=PROVISIONAL_GAMES)
    else:
        shown = sentences.display(words.stored_bot_name(winner.display_name, tr))
        content = tr("season_final_winner", season=name, name=shown)
    embed = discord.Embed(title=tr("season_final_title", season=name), colour=COLOUR)
    for track, top in final.tracks.items():
        embed.add_field(name=track_name(track, tr), value=sentences.clip(_lines(tr, top, ())), inline=False)
    if not final.tracks:
        embed.description = tr("season_final_empty", needed=PROVISIONAL_GAMES)
    embed.set_footer(text=tr("season_final_footer"))
    return content, embed
