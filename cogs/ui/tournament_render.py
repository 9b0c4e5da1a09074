"""The public message of a tournament, drawn from one snapshot: the event, its players, its status,
the standings after each complete round (the tables of the round in play already recorded wait
for the round's end) and, at the end, the podium (issue 31).

Pure: the same snapshot and language give the same embed. Names are what the players typed, shown
through :func:`cogs.ui.limits.quote` (markdown escaped, mentions defused); nothing hidden is here
(a tournament's message holds no card).
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import discord

from cogs.ui import words
from cogs.ui.limits import quote
from rummy import tournament as T
from rummy.rules import find_preset
from service.catalog import Translator
from service.tournament_model import TournamentSnapshot

COLOUR = discord.Colour.dark_gold()
FIELD = 1024  # characters of an embed field's value
SHOWN = 25  # players or standings listed (a 64-player event lists the first 25, then "…")
MEDALS = ("🥇", "🥈", "🥉")


def status_line(tr: Translator, t: T.Tournament) -> str:
    """Where the tournament is, in words (a paused one says so)."""
    rnd = t.current
    if t.stage is T.Stage.SIGN_UP and t.waiting:
        line = tr("tournament_status_waiting", n=T.MIN_ENTRANTS)
    elif t.stage is T.Stage.SIGN_UP:
        line = tr("tournament_status_sign_up")
    elif t.stage is T.Stage.PLAYING and rnd is not None:
        done = sum(1 for x in rnd.tables if x.result is not None)
        line = tr("tournament_status_playing", round=rnd.number, done=done, tables=len(rnd.tables))
    elif t.stage is T.Stage.BETWEEN_ROUNDS and rnd is not None:
        line = tr("tournament_status_between", round=rnd.number)
    elif t.stage is T.Stage.FINISHED:
        line = tr("tournament_status_finished")
    else:
        line = tr("tournament_status_cancelled")
    return tr("tournament_status_paused", status=line) if t.paused and not t.stage.over else line


def entrant_line(tr: Translator, e: T.Entrant) -> str:
    notes = [tr("tournament_entrant_computer")] if e.computer else []
    if e.status is T.EntrantStatus.WITHDRAWN:
        notes.append(tr("tournament_entrant_withdrawn"))
    elif e.status is T.EntrantStatus.REMOVED:
        notes.append(tr("tournament_entrant_removed"))
    elif e.status is T.EntrantStatus.REPLACED:
        notes.append(tr("tournament_entrant_replaced"))
    name = quote(entrant_name(e, tr))
    return f"{name} ({', '.join(notes)})" if notes else name


def entrant_name(e: T.Entrant, tr: Translator) -> str:
    """An entrant's name as shown: a person's as typed, a computer entrant's in ``tr``'s language
    (stored in English, "Bot 3 (hard)": « Robot 3 (difficile) »)."""
    return words.stored_bot_name(e.name, tr) if e.computer else e.name


def tie_break(value: Fraction | int) -> float:
    """The opponents' points tie-break (an exact fraction) as the number the catalog formats: at
    most two decimals, in the reader's number format ("7,5" in French, "7.5" in English)."""
    return round(float(value), 2)


def standing_lines(tr: Translator, t: T.Tournament, standings: tuple[T.Standing, ...]) -> list[str]:
    lines = []
    for s in standings:
        entrant = t.entrant(s.player)
        name = quote(entrant_name(entrant, tr)) if entrant is not None else str(s.player)
        lines.append(
            tr("tournament_standing_line", place=s.place, name=name, points=s.points, tiebreak=tie_break(s.opponents))
        )
    return lines


def podium_lines(tr: Translator, t: T.Tournament) -> list[str]:
    lines = []
    for s in T.podium(t):
        entrant = t.entrant(s.player)
        name = quote(entrant_name(entrant, tr)) if entrant is not None else str(s.player)
        medal = MEDALS[s.place - 1] if 1 <= s.place <= len(MEDALS) else f"{s.place}."
        lines.append(tr("tournament_podium_line", medal=medal, name=name, points=s.points))
    return lines


def listed(lines: list[str], empty: str) -> str:
    """Lines as one field's value: at most :data:`SHOWN` of them and :data:`FIELD` characters."""
    if not lines:
        return empty
    shown = lines[:SHOWN] + (["…"] if len(lines) > SHOWN else [])
    text = "\n".join(shown)
    return text if len(text) <= FIELD else text[: FIELD - 1] + "…"


def organiser_line(tr: Translator, t: T.Tournament, role: int | None) -> str:
    """Who runs the event: its organiser, and the server's organisers' role when it names one
    (mentions in an embed ping nobody; each reader's Discord shows the names)."""
    if role is None:
        return f"<@{t.organiser}>"
    return tr("tournament_organiser_and_role", organiser=f"<@{t.organiser}>", role=f"<@&{role}>")


def start_line(tr: Translator, t: T.Tournament) -> str | None:
    """When a tournament signing up starts: its start time as Discord timestamps (each reader sees
    their own time, and how long until it), or by hand."""
    if t.stage is not T.Stage.SIGN_UP:
        return None
    at = t.settings.starts_at
    if at is None or t.waiting:
        return tr("tournament_starts_by_hand")
    return f"<t:{int(at)}:F> (<t:{int(at)}:R>)"


def tournament_embed(tr: Translator, snap: TournamentSnapshot, role: int | None = None) -> discord.Embed:
    """The tournament's public message (see the module doc); ``role``: the server's organisers' role."""
    t = snap.tournament
    s = t.settings
    embed = discord.Embed(title=quote(s.name, 256), colour=COLOUR)
    embed.add_field(name=tr("tournament_field_organiser"), value=organiser_line(tr, t, role), inline=False)
    embed.add_field(name=tr("tournament_field_preset"), value=words.preset_title(find_preset(s.preset), tr))
    swiss = s.format is T.Format.SWISS
    embed.add_field(
        name=tr("tournament_field_format"),
        value=tr("tournament_format_swiss" if swiss else "tournament_format_knockout"),
    )
    rounds = str(s.rounds) if s.rounds is not None else tr("tournament_rounds_knockout")
    embed.add_field(name=tr("tournament_field_rounds"), value=rounds)
    fill = "yes" if s.fill_with_computers else "no"
    embed.add_field(name=tr("tournament_field_tables"), value=tr("tournament_table_size", n=s.table_size, fill=fill))
    starts = start_line(tr, t)
    if starts is not None:
        embed.add_field(name=tr("tournament_field_starts"), value=starts, inline=False)
    embed.add_field(name=tr("tournament_field_status"), value=status_line(tr, t), inline=False)
    players = [entrant_line(tr, e) for e in t.entrants]
    embed.add_field(
        name=tr("tournament_field_players", n=len(t.playing)),
        value=listed(players, tr("tournament_no_players")),
        inline=False,
    )
    played = [r for r in t.rounds if r.complete]
    if t.stage is T.Stage.FINISHED:
        embed.add_field(name=tr("tournament_field_podium"), value=listed(podium_lines(tr, t), "—"), inline=False)
    if played and t.stage is not T.Stage.CANCELLED:
        # As the complete rounds leave them: a table of the round in play recorded already waits.
        after = dataclasses.replace(t, rounds=t.rounds[: len(played)])
        name = tr("tournament_field_standings", round=played[-1].number)
        embed.add_field(name=name, value=listed(standing_lines(tr, t, T.standings(after)), "—"), inline=False)
    return embed
