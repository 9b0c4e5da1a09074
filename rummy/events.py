"""The values a deal hands out: its phase, the public events it emits, and a meld on the table.

An :class:`Event` is something everyone at the table may know: it never holds a hidden card.
:mod:`rummy.deal` re-exports all three, where most code imports them from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from rummy.melds import Meld


class Phase(Enum):
    DRAW = "draw"
    PLAY = "play"  # meld, lay off, swap, then discard
    OVER = "over"


@dataclass(frozen=True)
class Event:
    """Something everyone may know. ``card`` is only set when the card was face up."""

    kind: str  # drew, melded, laid_off, swapped, discarded, stock_rebuilt, deal_stalled, deal_over (and see
    # rummy.stall: end_proposed, end_agreed, end_declined, end_lapsed)
    seat: int | None = None
    source: str | None = None
    card: str | None = None
    cards: tuple[str, ...] = ()
    melds: tuple[tuple[str, ...], ...] = ()
    target: int | None = None
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class TableMeld:
    meld: Meld
    owner: int
