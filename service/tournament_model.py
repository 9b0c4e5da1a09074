"""The values the tournament service hands out: a snapshot of one committed version of a
tournament, what a change was, and where a table's game is played (the caller's to say).

Every value here is frozen and holds no database row; a snapshot's ``tournament`` is the pure
:class:`rummy.tournament.Tournament` of that version.
"""

from __future__ import annotations

import enum
from collections.abc import Awaitable
from dataclasses import dataclass
from typing import Protocol

from data import TableLink
from rummy import tournament as T


class TournamentKind(enum.StrEnum):
    """What a committed change of a tournament was."""

    CREATE = "create"
    SIGN_UP = "sign_up"
    WITHDRAW = "withdraw"
    ADD_COMPUTER = "add_computer"
    REMOVE = "remove"
    REPLACE = "replace"
    START = "start"  # the sign-ups closed and round 1 was paired
    WAIT = "wait"  # the start time came with too few entrants: the organiser starts it by hand
    ROUND = "round"  # a later round was paired
    RESULT = "result"  # a table's result was recorded (its round may be complete, the event finished)
    PAUSE = "pause"
    RESUME = "resume"
    CANCEL = "cancel"
    FINISH = "finish"  # the final standings stand
    SHOWN = "shown"  # nothing of it changed, but what its message shows did (the server's organisers' role)


@dataclass(frozen=True, slots=True)
class TournamentSnapshot:
    """One committed version of one tournament, with the links of its tables to their games."""

    tournament_id: int
    guild_id: int
    channel_id: int
    version: int
    tournament: T.Tournament
    message_id: int | None = None
    tables: tuple[TableLink, ...] = ()

    @property
    def stage(self) -> T.Stage:
        return self.tournament.stage

    def standings(self) -> tuple[T.Standing, ...]:
        return T.standings(self.tournament)

    def link(self, round: int, table: int) -> TableLink | None:
        return next((x for x in self.tables if x.round == round and x.table == table), None)

    def round_deadline(self) -> float | None:
        """When the round in play runs out of time (UNIX seconds), if one is in play."""
        return T.round_deadline(self.tournament)


@dataclass(frozen=True, slots=True)
class TournamentChange:
    """A committed change: its kind and the tournament after it (``table``: the table whose result
    was recorded, for :attr:`TournamentKind.RESULT`)."""

    kind: TournamentKind
    snapshot: TournamentSnapshot
    table: int | None = None


class TableChannels(Protocol):
    """Where a round's table is played: the channel id for table ``table`` of round ``round`` (the
    bot opens a thread of the tournament's channel; a test gives any free id). Called once per
    table: its answer is stored with the table before its game is created."""

    def __call__(self, snapshot: TournamentSnapshot, round: int, table: int, /) -> Awaitable[int]: ...
