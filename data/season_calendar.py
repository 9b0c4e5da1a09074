"""The seasons' calendar: pure arithmetic over UTC dates, no I/O.

A server's seasons are ``off`` (one all-time board), ``monthly`` or ``quarterly``. A season is
named by a key that says its mode and place in the calendar (``"2026-12"``: December 2026;
``"2026-Q4"``: October to December 2026) and runs from its first instant, midnight UTC on the
first day of its month (of its quarter), up to the first instant of the next one, excluded.
Boundaries are in UTC for every server: a season ends at the same instant everywhere.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Final

__all__ = ["Season", "SeasonMode", "parse_season", "season_at"]

_KEY: Final = re.compile(r"^(?P<year>[0-9]{4})-(?:(?P<month>0[1-9]|1[0-2])|Q(?P<quarter>[1-4]))$")


class SeasonMode(enum.StrEnum):
    """How often a server's seasons start again."""

    OFF = "off"
    MONTHLY = "monthly"
    QUARTERLY = "quarterly"


@dataclass(frozen=True, slots=True)
class Season:
    """One season: ``year`` and ``index`` (the month 1-12, or the quarter 1-4) of ``mode``."""

    year: int
    index: int
    mode: SeasonMode

    def __post_init__(self) -> None:
        if self.mode is SeasonMode.OFF:
            raise ValueError("a season is monthly or quarterly")
        if not 1 <= self.index <= (12 if self.mode is SeasonMode.MONTHLY else 4):
            raise ValueError(f"no {self.mode.value} season {self.index} in a year")
        if not 1970 <= self.year <= 9998:
            raise ValueError(f"year {self.year} is out of range")

    @property
    def key(self) -> str:
        """The season's stored name: ``"2026-12"`` or ``"2026-Q4"``."""
        if self.mode is SeasonMode.MONTHLY:
            return f"{self.year:04d}-{self.index:02d}"
        return f"{self.year:04d}-Q{self.index}"

    @property
    def first_month(self) -> int:
        return self.index if self.mode is SeasonMode.MONTHLY else 3 * self.index - 2

    @property
    def start(self) -> datetime:
        """The season's first instant (UTC)."""
        return datetime(self.year, self.first_month, 1, tzinfo=UTC)

    @property
    def end(self) -> datetime:
        """The first instant after the season (UTC): the next season's start."""
        return self.next().start

    def next(self) -> Season:
        last = 12 if self.mode is SeasonMode.MONTHLY else 4
        if self.index == last:
            return Season(self.year + 1, 1, self.mode)
        return Season(self.year, self.index + 1, self.mode)

    def ended(self, now: datetime) -> bool:
        return now >= self.end

    def __repr__(self) -> str:
        return f"parse_season({self.key!r})"

    def __str__(self) -> str:
        return self.key


def season_at(mode: SeasonMode, when: datetime) -> Season:
    """The season of ``mode`` that ``when`` (an aware datetime) falls in."""
    at = when.astimezone(UTC)
    if mode is SeasonMode.MONTHLY:
        return Season(at.year, at.month, mode)
    if mode is SeasonMode.QUARTERLY:
        return Season(at.year, (at.month - 1) // 3 + 1, mode)
    raise ValueError("seasons are off: no season")


def parse_season(key: str) -> Season:
    """The season a stored key names (``"2026-12"``, ``"2026-Q4"``); :class:`ValueError` otherwise."""
    match = _KEY.match(key)
    if match is None:
        raise ValueError(f"not a season: {key!r} (want YYYY-MM or YYYY-Qn)")
    year = int(match["year"])
    if match["month"] is not None:
        return Season(year, int(match["month"]), SeasonMode.MONTHLY)
    return Season(year, int(match["quarter"]), SeasonMode.QUARTERLY)
