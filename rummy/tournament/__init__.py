"""Tournaments: a server event of several rounds at several tables. Pure: no I/O, no language.

The pieces, each in its own module:

- :mod:`~rummy.tournament.model`: the values (settings, entrants, rounds, tables, results);
- :mod:`~rummy.tournament.lifecycle`: the transitions (sign up ... finish), each returning a new
  tournament or refusing with a :class:`TournamentError`;
- :mod:`~rummy.tournament.seating`: how many tables of which sizes, and the byes;
- :mod:`~rummy.tournament.swiss` and :mod:`~rummy.tournament.knockout`: the two formats' pairing;
- :mod:`~rummy.tournament.points` and :mod:`~rummy.tournament.standings`: what a round is worth,
  the standings and their tie-breaks;
- :mod:`~rummy.tournament.timelimit`: a table's result from its game, and the round's time limit;
- :mod:`~rummy.tournament.serialize`: the versioned JSON document.

``docs/tournaments.md`` tells the rules these implement, with a worked example.
"""

from rummy.tournament.errors import BadResult, BadSettings, NotEntered, NotOrganiser, TournamentError, WrongStage
from rummy.tournament.knockout import advancing, bracket
from rummy.tournament.lifecycle import (
    add_computer,
    can_finish,
    cancel,
    finish,
    new,
    next_players,
    next_round,
    pause,
    record_result,
    remove,
    replace,
    resume,
    sign_up,
    start,
    start_due,
    withdraw,
)
from rummy.tournament.model import (
    FILL_LEVEL,
    MIN_ENTRANTS,
    Entrant,
    EntrantStatus,
    Format,
    PlayerResult,
    Round,
    Settings,
    Stage,
    Table,
    TableResult,
    Tournament,
)
from rummy.tournament.points import BYE_POINTS, ROUND_POINTS, place_points, result_points
from rummy.tournament.seating import Plan, plan
from rummy.tournament.serialize import TOURNAMENT_SCHEMA, dumps, loads, tournament_from_json, tournament_to_json
from rummy.tournament.standings import Standing, podium, standings
from rummy.tournament.timelimit import deadline, round_deadline, table_result, timed_out

__all__ = [
    "BYE_POINTS",
    "FILL_LEVEL",
    "MIN_ENTRANTS",
    "ROUND_POINTS",
    "TOURNAMENT_SCHEMA",
    "BadResult",
    "BadSettings",
    "Entrant",
    "EntrantStatus",
    "Format",
    "NotEntered",
    "NotOrganiser",
    "Plan",
    "PlayerResult",
    "Round",
    "Settings",
    "Stage",
    "Standing",
    "Table",
    "TableResult",
    "Tournament",
    "TournamentError",
    "WrongStage",
    "add_computer",
    "advancing",
    "bracket",
    "can_finish",
    "cancel",
    "deadline",
    "dumps",
    "finish",
    "loads",
    "new",
    "next_players",
    "next_round",
    "pause",
    "place_points",
    "plan",
    "podium",
    "record_result",
    "remove",
    "replace",
    "result_points",
    "resume",
    "round_deadline",
    "sign_up",
    "standings",
    "start",
    "start_due",
    "table_result",
    "timed_out",
    "tournament_from_json",
    "tournament_to_json",
    "withdraw",
]
