"""The tournament's life, as pure transitions: each takes a :class:`Tournament` and returns a new
one, or raises a :class:`~rummy.tournament.errors.TournamentError` and changes nothing.

    SIGN_UP --start--> PLAYING --(every table's result)--> BETWEEN_ROUNDS --next_round--> PLAYING
    BETWEEN_ROUNDS --finish (no round left)--> FINISHED;  any stage not over --cancel--> CANCELLED

``pause`` holds back the next round (during a round or between rounds) until ``resume``. A
withdrawn or removed entrant is never paired again; a player who forfeits a table (left the game
or timed out of it, :mod:`rummy.tournament.timelimit`) stays in the event. The organiser's
controls take ``by`` (who asks) and ``moderator`` (whether the server lets them manage any
event); whom the server counts as a moderator is the caller's to say.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from rummy.lobby import BOT_LEVELS
from rummy.tournament.errors import BadResult, NotEntered, NotOrganiser, TournamentError, WrongStage
from rummy.tournament.knockout import is_final, knockout_round, qualifiers
from rummy.tournament.model import (
    MAX_ENTRANTS,
    MIN_ENTRANTS,
    Entrant,
    EntrantStatus,
    Format,
    Settings,
    Stage,
    TableResult,
    Tournament,
)
from rummy.tournament.points import check_places
from rummy.tournament.seeding import seed_order
from rummy.tournament.standings import seed_positions, standings
from rummy.tournament.swiss import swiss_round


def new(settings: Settings, organiser: int, seed: int) -> Tournament:
    """A tournament open for sign-ups. ``seed`` drives its draws: the service draws it at random
    (``secrets``), a test gives it."""
    return Tournament(settings, organiser, seed)


# -- checks -----------------------------------------------------------------------------------
def _organiser(t: Tournament, by: int, moderator: bool, what: str) -> None:
    if by != t.organiser and not moderator:
        raise NotOrganiser(f"Only the organiser can {what}.", key="tournament_only_organiser")


def _open(t: Tournament) -> None:
    if t.stage.over:
        raise WrongStage("This tournament is over.", key="tournament_over")


def _signing_up(t: Tournament) -> None:
    _open(t)
    if t.stage is not Stage.SIGN_UP:
        raise WrongStage("Sign-ups closed when the tournament started.", key="tournament_sign_up_closed")


def _entrant(t: Tournament, player: int) -> Entrant:
    entrant = t.entrant(player)
    if entrant is None or not entrant.removable:
        raise NotEntered("That player is not in this tournament.", key="tournament_not_entered")
    return entrant


def _with(t: Tournament, entrant: Entrant) -> Tournament:
    return dataclasses.replace(t, entrants=tuple(entrant if e.id == entrant.id else e for e in t.entrants))


def _room(t: Tournament) -> None:
    if len(t.playing) >= MAX_ENTRANTS:
        raise TournamentError(
            f"The tournament is full ({MAX_ENTRANTS} players).", key="tournament_full", params={"max": MAX_ENTRANTS}
        )


def _level(level: str) -> None:
    if level not in BOT_LEVELS:
        raise TournamentError(
            f"Computer players are {', '.join(BOT_LEVELS)}, not {level!r}.",
            key="bot_levels",
            params={"levels": ", ".join(BOT_LEVELS), "level": repr(level)},
        )


# -- entrants ---------------------------------------------------------------------------------
def sign_up(t: Tournament, player: int, name: str) -> Tournament:
    """A person signs up (again, after withdrawing, keeps their place in the list)."""
    _signing_up(t)
    if player <= 0:
        raise NotEntered("Only a person signs up; computer players are added.", key="tournament_person_only")
    entrant = t.entrant(player)
    if entrant is not None and entrant.status is EntrantStatus.REMOVED:
        raise NotEntered("The organiser removed you from this tournament.", key="tournament_removed")
    if entrant is not None and entrant.plays:
        raise TournamentError("You are already signed up.", key="tournament_already_signed_up")
    _room(t)
    if entrant is not None:
        return _with(t, dataclasses.replace(entrant, name=name, status=EntrantStatus.SIGNED_UP))
    return dataclasses.replace(t, entrants=(*t.entrants, Entrant(player, name)))


def add_computer(t: Tournament, by: int, level: str, name: str, moderator: bool = False) -> Tournament:
    """The organiser enters a computer player at ``level``; its id is the next negative number."""
    _organiser(t, by, moderator, "add computer players")
    _signing_up(t)
    _level(level)
    _room(t)
    count = t.computers_added + 1
    entrant = Entrant(-count, name, computer=True, level=level)
    return dataclasses.replace(t, entrants=(*t.entrants, entrant), computers_added=count)


def withdraw(t: Tournament, player: int) -> Tournament:
    """The player leaves the event: never paired again; a game in play is theirs to leave (its
    table counts it as a forfeit). Their results so far stay in the standings."""
    _open(t)
    entrant = _entrant(t, player)
    if not entrant.plays or entrant.status is EntrantStatus.REPLACED:
        raise NotEntered("You are not playing in this tournament.", key="tournament_not_playing")
    return _with(t, dataclasses.replace(entrant, status=EntrantStatus.WITHDRAWN))


def remove(t: Tournament, by: int, player: int, moderator: bool = False) -> Tournament:
    """The organiser takes a player out: never paired again, and left out of the standings."""
    _organiser(t, by, moderator, "remove players")
    _open(t)
    entrant = _entrant(t, player)
    return _with(t, dataclasses.replace(entrant, status=EntrantStatus.REMOVED))


def replace(t: Tournament, by: int, player: int, level: str, moderator: bool = False) -> Tournament:
    """The organiser hands a missing person's place to a computer player at ``level``: it keeps
    their results and plays their seats from now on (in a game in play too: the caller seats it)."""
    _organiser(t, by, moderator, "replace players")
    _open(t)
    _level(level)
    entrant = _entrant(t, player)
    if not entrant.replaceable:
        raise NotEntered("A computer player already plays that place.", key="tournament_already_computer")
    return _with(t, dataclasses.replace(entrant, status=EntrantStatus.REPLACED, level=level))


# -- rounds -----------------------------------------------------------------------------------
def start(
    t: Tournament,
    by: int,
    moderator: bool = False,
    ratings: Mapping[int, float] | None = None,
    now: float | None = None,
) -> Tournament:
    """Close the sign-ups, fix the seed order (``ratings``: the server's, by player, optional) and
    pair round 1, which starts at ``now`` (UNIX seconds; its time limit runs from there)."""
    _organiser(t, by, moderator, "start the tournament")
    _signing_up(t)
    if len(t.playing) < MIN_ENTRANTS:
        raise TournamentError(
            f"A tournament needs at least {MIN_ENTRANTS} players to start.",
            key="tournament_too_few",
            params={"n": MIN_ENTRANTS},
        )
    seeded = dataclasses.replace(t, seeding=seed_order(t.seed, (e.id for e in t.playing), ratings), waiting=False)
    return _pair(seeded, list(seeded.seeding), now)


def start_due(t: Tournament, now: float, ratings: Mapping[int, float] | None = None) -> Tournament | None:
    """The start time (``settings.starts_at``) came at ``now``: the tournament starts, as its
    organiser would start it, or with too few entrants it waits (``waiting``) for the organiser,
    who starts it by hand. ``None`` when nothing is due (no start time, not yet, no longer signing
    up, already waiting)."""
    due = t.settings.starts_at
    if t.stage is not Stage.SIGN_UP or due is None or now < due or t.waiting:
        return None
    if len(t.playing) < MIN_ENTRANTS:
        return dataclasses.replace(t, waiting=True)
    return start(t, t.organiser, ratings=ratings, now=now)


def next_players(t: Tournament) -> list[int]:
    """Who the next round would seat, in the order it seats them (empty: no round left)."""
    if t.stage is not Stage.BETWEEN_ROUNDS:
        return []
    plays = {e.id for e in t.playing}
    last = t.rounds[-1]
    if t.settings.format is Format.KNOCKOUT:
        if is_final(last):
            return []
        going = set(qualifiers(t, last, seed_positions(t)))
    else:
        rounds = t.settings.rounds
        if rounds is not None and len(t.rounds) >= rounds:
            return []
        going = plays
    order = [s.player for s in standings(t) if s.player in going]
    return order if len(order) >= MIN_ENTRANTS else []


def next_round(t: Tournament, now: float | None = None) -> Tournament:
    """Pair the next round (Swiss: :mod:`rummy.tournament.swiss`; knockout:
    :mod:`rummy.tournament.knockout`), which starts at ``now`` (UNIX seconds)."""
    _open(t)
    if t.stage is Stage.SIGN_UP:
        raise WrongStage("The tournament has not started.", key="tournament_not_started")
    if t.stage is Stage.PLAYING:
        raise WrongStage("A round is still in play.", key="tournament_round_in_play")
    if t.paused:
        raise WrongStage("The tournament is paused.", key="tournament_paused")
    order = next_players(t)
    if not order:
        raise WrongStage("No round is left to play: the tournament can finish.", key="tournament_no_round_left")
    return _pair(t, order, now)


def _pair(t: Tournament, order: list[int], now: float | None) -> Tournament:
    build = knockout_round if t.settings.format is Format.KNOCKOUT else swiss_round
    rnd = dataclasses.replace(build(t, order), started_at=now)
    return dataclasses.replace(t, rounds=(*t.rounds, rnd), stage=Stage.PLAYING)


def record_result(t: Tournament, table: int, result: TableResult) -> Tournament:
    """Record how table ``table`` of the round in play ended; the round's last result closes it."""
    _open(t)
    rnd = t.current
    if t.stage is not Stage.PLAYING or rnd is None:
        raise WrongStage("No round is in play.", key="tournament_no_round")
    found = next((x for x in rnd.tables if x.number == table), None)
    if found is None:
        raise BadResult(f"There is no table {table} in this round.", key="tournament_no_table", params={"n": table})
    if found.result is not None:
        raise BadResult(f"Table {table} already has its result.", key="tournament_result_known", params={"n": table})
    players = [r.player for r in result.players]
    if sorted(players) != sorted(found.players) or len(result.filler_places) != found.fillers:
        raise BadResult(
            f"That result is not of the players at table {table}.", key="tournament_result_players", params={"n": table}
        )
    check_places(result.places)
    tables = tuple(dataclasses.replace(x, result=result) if x is found else x for x in rnd.tables)
    done = dataclasses.replace(rnd, tables=tables)
    stage = Stage.BETWEEN_ROUNDS if done.complete else Stage.PLAYING
    return dataclasses.replace(t, rounds=(*t.rounds[:-1], done), stage=stage)


# -- the organiser's controls -----------------------------------------------------------------
def pause(t: Tournament, by: int, moderator: bool = False) -> Tournament:
    """Hold back the next round (the round in play goes on)."""
    _organiser(t, by, moderator, "pause the tournament")
    _open(t)
    if t.stage is Stage.SIGN_UP:
        raise WrongStage("The tournament has not started.", key="tournament_not_started")
    if t.paused:
        raise WrongStage("The tournament is already paused.", key="tournament_already_paused")
    return dataclasses.replace(t, paused=True)


def resume(t: Tournament, by: int, moderator: bool = False) -> Tournament:
    _organiser(t, by, moderator, "resume the tournament")
    _open(t)
    if not t.paused:
        raise WrongStage("The tournament is not paused.", key="tournament_not_paused")
    return dataclasses.replace(t, paused=False)


def cancel(t: Tournament, by: int, moderator: bool = False) -> Tournament:
    """End the tournament without standings (tables in play are the caller's to close)."""
    _organiser(t, by, moderator, "cancel the tournament")
    _open(t)
    return dataclasses.replace(t, stage=Stage.CANCELLED, paused=False)


def can_finish(t: Tournament) -> bool:
    """Every round is played: the last one is complete and no other is left."""
    return t.stage is Stage.BETWEEN_ROUNDS and not next_players(t)


def finish(t: Tournament) -> Tournament:
    """The final standings stand (:func:`~rummy.tournament.standings.podium`)."""
    _open(t)
    if not can_finish(t):
        raise WrongStage("Rounds are still to be played.", key="tournament_rounds_left")
    return dataclasses.replace(t, stage=Stage.FINISHED, paused=False)
