"""A round's standings as their own message (issue 31): after each complete round, one message in
the tournament's channel with the standings (place, name, points, tie-break) and, with pictures
on, their picture; after the last round, the final standings with the podium highlighted.

A message of its own rather than the tournament's message edited: it comes at the bottom of the
channel, where a player back from their table's thread reads on a phone, while the tournament's
message, far above, keeps the event's state. One per round: the writer claims the round in the
store before posting (:meth:`~service.tournaments.Tournaments.claim_standings`), so that neither
a restart nor a second look at the final round posts it again (nor a second podium).

Pure, like :mod:`cogs.ui.tournament_render`: the same snapshot and language give the same embed
and the same picture. The figures go through the catalog (``tournament-figure``), so the picture
reads "7,5" in French as the text does.
"""

from __future__ import annotations

import dataclasses

import discord

from cogs.ui.limits import quote
from cogs.ui.pictures import Frame
from cogs.ui.tournament_render import COLOUR, MEDALS, entrant_name, listed, standing_lines, tie_break
from rummy import tournament as T
from service.catalog import Translator
from service.gallery import standings_job
from service.pictures import Labels, StandingRow
from service.pictures.standings import SHOWN
from service.tournament_model import TournamentSnapshot

STANDINGS = "standings.png"
TITLE = 256  # characters of an embed's title


@dataclasses.dataclass(frozen=True, slots=True)
class RoundStandings:
    """The standings after the newest complete round (``final``: the tournament's end)."""

    round: int
    standings: tuple[T.Standing, ...]
    final: bool


def latest_round(snap: TournamentSnapshot) -> RoundStandings | None:
    """The standings after the newest complete round, as the round's message shows them; None
    before the first round is complete, and for a cancelled tournament (it has no standings)."""
    t = snap.tournament
    played = [r for r in t.rounds if r.complete]
    if not played or t.stage is T.Stage.CANCELLED:
        return None
    after = dataclasses.replace(t, rounds=t.rounds[: len(played)])
    return RoundStandings(played[-1].number, T.standings(after), t.stage is T.Stage.FINISHED)


def _name(tr: Translator, t: T.Tournament, player: int) -> str:
    entrant = t.entrant(player)
    return entrant_name(entrant, tr) if entrant is not None else str(player)


def standings_embed(tr: Translator, snap: TournamentSnapshot, shown: RoundStandings) -> discord.Embed:
    """The round's message: its title, and the standings a line each (the podium's with its medal
    at the end), within an embed's limits."""
    t = snap.tournament
    name = quote(t.settings.name, 100)
    if shown.final:
        title = tr("tournament_final_title", name=name)
    else:
        title = tr("tournament_round_title", name=name, round=shown.round)
    lines = standing_lines(tr, t, shown.standings)
    if shown.final:
        lines = [f"{MEDALS[n]} {line}" if n < len(MEDALS) else line for n, line in enumerate(lines)]
    embed = discord.Embed(title=title[:TITLE], colour=COLOUR)
    embed.description = listed(lines, "—")
    return embed


def standings_rows(tr: Translator, t: T.Tournament, standings: tuple[T.Standing, ...]) -> list[StandingRow]:
    """The picture's rows: names as typed (the picture makes them drawable), figures formatted."""
    return [
        StandingRow(
            s.place,
            _name(tr, t, s.player),
            tr("tournament_figure", n=s.points),
            tr("tournament_figure", n=tie_break(s.opponents)),
            float(s.points),
        )
        for s in standings
    ]


def standings_frame(tr: Translator, snap: TournamentSnapshot, shown: RoundStandings) -> Frame:
    """The round's picture, in ``tr``'s words and number format."""
    t = snap.tournament
    if shown.final:
        title = tr("tournament_final_title", name=t.settings.name)
    else:
        title = tr("tournament_round_title", name=t.settings.name, round=shown.round)
    hidden = len(shown.standings) - SHOWN
    labels = Labels(
        title,
        tr("tournament_chart_place"),
        tr("tournament_chart_name"),
        tr("tournament_chart_points"),
        tr("tournament_chart_tiebreak"),
        tr("tournament_chart_more", n=hidden) if hidden > 0 else "",
    )
    rows = standings_rows(tr, t, shown.standings)
    job = standings_job(snap.tournament_id, shown.round, rows, labels, podium=shown.final)
    return Frame(job, STANDINGS, tr("tournament_chart_alt", round=shown.round))
