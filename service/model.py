"""The values the game service hands out: what a change did, and what a game waits for next."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from data import GameRow
from rummy.deal import Event
from rummy.table import Table
from rummy.view import PlayerView, view_for


@dataclass(frozen=True)
class Outcome:
    """What a committed change did: the table after it, its row, and the public events."""

    kind: str
    table: Table
    row: GameRow
    events: tuple[Event, ...] = ()
    seat: int | None = None  # the seat that acted, if any
    detail: dict[str, Any] = field(default_factory=dict)
    new_turn: bool = False  # a (new) player is to move: worth telling the channel

    @property
    def ended(self) -> bool:
        return not self.table.status.active

    def view(self, seat: int | None) -> PlayerView | None:
        return view_for(self.table.game, seat) if self.table.game is not None else None


@dataclass(frozen=True)
class Step:
    """The next thing a game waits for: a computer move, a turn timeout, or expiry."""

    kind: str  # "bot" | "timeout" | "expire"
    at: datetime
    version: int
