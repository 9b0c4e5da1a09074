"""The tournament as values: its settings, its entrants, its rounds and tables, their results.

Every class here is frozen: a change is a new value (:mod:`rummy.tournament.lifecycle`). Player ids
are ints: a person's is their Discord id (positive), a computer entrant's is negative and given by
the tournament. The computer players that fill empty seats (``Table.fillers``) are no entrants:
they play, take a place at the table, and are not ranked.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property
from typing import Any

from rummy.rules import MAX_PLAYERS, MIN_PLAYERS, Rules, find_preset
from rummy.table_options import TableOptions
from rummy.tournament.errors import BadSettings

MAX_NAME = 100  # characters of a tournament's name (a Discord embed title holds 256)
MAX_ROUNDS = 10  # of a Swiss tournament
MIN_ROUND_MINUTES = 10
MAX_ROUND_MINUTES = 360
DEFAULT_ROUND_MINUTES = 90
MIN_ENTRANTS = 2  # to start
MAX_ENTRANTS = 64
FILL_LEVEL = "normal"  # the level of the computer players that fill empty seats


class Format(Enum):
    SWISS = "swiss"
    KNOCKOUT = "knockout"


class Stage(Enum):
    """Where the tournament is. ``paused`` (on :class:`Tournament`) is apart: it only holds back
    the next round."""

    SIGN_UP = "sign_up"  # open for sign-ups, nothing played
    PLAYING = "playing"  # a round's tables are in play
    BETWEEN_ROUNDS = "between_rounds"  # every table of the last round has its result
    FINISHED = "finished"  # the final standings stand
    CANCELLED = "cancelled"

    @property
    def over(self) -> bool:
        return self in (Stage.FINISHED, Stage.CANCELLED)


class EntrantStatus(Enum):
    SIGNED_UP = "signed_up"
    WITHDRAWN = "withdrawn"  # left the event: never paired again
    REMOVED = "removed"  # by the organiser: never paired again, not in the standings
    REPLACED = "replaced"  # a person whose place a computer player plays from now on

    @property
    def plays(self) -> bool:
        """Whether the entrant is paired in the rounds to come."""
        return self in (EntrantStatus.SIGNED_UP, EntrantStatus.REPLACED)


@dataclass(frozen=True)
class Settings:
    """What the organiser chose. ``name`` is data (shown as typed, never translated); ``preset``
    and ``house_rules`` are as a lobby stores them (``Table.preset``, ``Table.overrides``: knob ->
    stored value); ``rounds`` is the number of rounds of a Swiss tournament and ``None`` for a
    knockout (it plays until one final table); ``table_size`` is the most seats at a table;
    ``fill_with_computers``: empty seats are filled by computer players (:data:`FILL_LEVEL`);
    ``round_minutes``: the round's time limit (:mod:`rummy.tournament.timelimit`); ``starts_at``:
    UNIX seconds, or ``None`` when the organiser starts it. Checked when built: raises
    :class:`BadSettings` or the rules' :class:`~rummy.errors.BadRules`."""

    name: str
    preset: str
    format: Format
    rounds: int | None
    table_size: int
    house_rules: Mapping[str, Any] = field(default_factory=dict)
    fill_with_computers: bool = False
    round_minutes: int = DEFAULT_ROUND_MINUTES
    starts_at: float | None = None
    options: TableOptions = field(default_factory=TableOptions)

    def __post_init__(self) -> None:
        name = self.name.strip()
        if not name:
            raise BadSettings("A tournament needs a name.", key="tournament_name_empty")
        if len(name) > MAX_NAME:
            raise BadSettings(
                f"A tournament's name holds at most {MAX_NAME} characters.",
                key="tournament_name_too_long",
                params={"max": MAX_NAME},
            )
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "preset", find_preset(self.preset).name)
        object.__setattr__(self, "house_rules", dict(self.house_rules))
        if not MIN_PLAYERS <= self.table_size <= MAX_PLAYERS:
            raise BadSettings(
                f"A tournament table seats {MIN_PLAYERS} to {MAX_PLAYERS} players.",
                key="tournament_table_size",
                params={"min": MIN_PLAYERS, "max": MAX_PLAYERS},
            )
        rules = self.rules  # refuses house rules that do not work (BadRules)
        for seats in range(MIN_PLAYERS, self.table_size + 1):
            rules.validate(seats)
        if self.format is Format.SWISS and (self.rounds is None or not 1 <= self.rounds <= MAX_ROUNDS):
            raise BadSettings(
                f"A Swiss tournament plays 1 to {MAX_ROUNDS} rounds.",
                key="tournament_rounds_range",
                params={"max": MAX_ROUNDS},
            )
        if self.format is Format.KNOCKOUT and self.rounds is not None:
            raise BadSettings(
                "A knockout plays until its final table: it takes no number of rounds.",
                key="tournament_knockout_rounds",
            )
        if not MIN_ROUND_MINUTES <= self.round_minutes <= MAX_ROUND_MINUTES:
            raise BadSettings(
                f"A round lasts {MIN_ROUND_MINUTES} to {MAX_ROUND_MINUTES} minutes.",
                key="tournament_round_minutes",
                params={"min": MIN_ROUND_MINUTES, "max": MAX_ROUND_MINUTES},
            )

    def __hash__(self) -> int:
        """A value like the others: the house rules hash as their sorted items."""
        rules = tuple(sorted(self.house_rules.items()))
        return hash((self.name, self.preset, self.format, self.rounds, self.table_size, rules, self.round_minutes))

    @cached_property
    def rules(self) -> Rules:
        """The rules every table of the tournament plays."""
        return find_preset(self.preset).with_overrides(**self.house_rules)

    @property
    def low_wins(self) -> bool:
        """Whether fewer game points is better (the penalty presets), as the rules rank a game."""
        return self.rules.penalty


@dataclass(frozen=True)
class Entrant:
    """A player of the tournament. ``level``: a computer entrant's level, or for a person
    ``REPLACED``, the level of the computer player who plays their place; ``None`` otherwise."""

    id: int
    name: str
    computer: bool = False  # signed up as a computer player (its id is negative)
    status: EntrantStatus = EntrantStatus.SIGNED_UP
    level: str | None = None

    @property
    def plays(self) -> bool:
        return self.status.plays

    @property
    def played_by_computer(self) -> bool:
        """Whether a computer player sits at this entrant's seats (a computer entrant, or a
        person replaced by one)."""
        return self.computer or self.status is EntrantStatus.REPLACED

    @property
    def removable(self) -> bool:
        """Whether the organiser can still take this entrant out (:func:`~rummy.tournament.remove`)."""
        return self.status is not EntrantStatus.REMOVED

    @property
    def replaceable(self) -> bool:
        """Whether a computer player can still take this entrant's place (:func:`~rummy.tournament.replace`)."""
        return self.removable and not self.played_by_computer


@dataclass(frozen=True)
class PlayerResult:
    """One entrant's result at a table: ``place`` 1 is the best, equal places share a number
    (1, 1, 3); ``game_points`` as the preset counts them; ``forfeited``: left or timed out."""

    player: int
    place: int
    game_points: int = 0
    forfeited: bool = False


@dataclass(frozen=True)
class TableResult:
    """How a table ended: each entrant's result, the places of the computer fillers, and whether
    the round's time limit ended it (:mod:`rummy.tournament.timelimit`)."""

    players: tuple[PlayerResult, ...]
    filler_places: tuple[int, ...] = ()
    timed_out: bool = False

    def of(self, player: int) -> PlayerResult:
        for r in self.players:
            if r.player == player:
                return r
        raise KeyError(player)

    @property
    def places(self) -> tuple[int, ...]:
        """Every seat's place, entrants and fillers."""
        return tuple(r.place for r in self.players) + self.filler_places


@dataclass(frozen=True)
class Table:
    """One table of a round: its entrants (in standing order, the best first), how many computer
    players fill its empty seats, and its result once recorded."""

    number: int  # 1-based within its round
    players: tuple[int, ...]
    fillers: int = 0
    result: TableResult | None = None

    @property
    def seats(self) -> int:
        return len(self.players) + self.fillers


@dataclass(frozen=True)
class Round:
    """A round: its tables, and the entrants who sit it out with a bye (:data:`~rummy.tournament.points.BYE_POINTS`)."""

    number: int  # 1-based
    tables: tuple[Table, ...]
    byes: tuple[int, ...] = ()
    started_at: float | None = None  # UNIX seconds, as the caller gave it: the time limit runs from here

    @property
    def complete(self) -> bool:
        return all(t.result is not None for t in self.tables)

    def table_of(self, player: int) -> Table | None:
        for t in self.tables:
            if player in t.players:
                return t
        return None


@dataclass(frozen=True)
class Tournament:
    """The whole state. ``seed`` drives every draw (:mod:`rummy.tournament.seeding`); ``seeding``
    is the entrants' seed order fixed at the start, the best seed first; ``waiting``: the start
    time came with too few entrants, so the tournament waits for its organiser to start it."""

    settings: Settings
    organiser: int
    seed: int
    entrants: tuple[Entrant, ...] = ()
    stage: Stage = Stage.SIGN_UP
    paused: bool = False
    rounds: tuple[Round, ...] = ()
    seeding: tuple[int, ...] = ()
    computers_added: int = 0
    waiting: bool = False

    def entrant(self, player: int) -> Entrant | None:
        for e in self.entrants:
            if e.id == player:
                return e
        return None

    @property
    def playing(self) -> tuple[Entrant, ...]:
        """The entrants paired in the rounds to come."""
        return tuple(e for e in self.entrants if e.plays)

    @property
    def current(self) -> Round | None:
        """The last round paired (in play, or complete between rounds)."""
        return self.rounds[-1] if self.rounds else None
