"""Time helpers: the database stores UNIX seconds (REAL, UTC); Python sees aware datetimes."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

Clock = Callable[[], datetime]


def utcnow() -> datetime:
    """The current time as an aware UTC datetime (the default clock)."""
    return datetime.now(UTC)


def to_timestamp(value: datetime) -> float:
    """UNIX seconds for an aware datetime. Naive datetimes are refused: their zone is a guess."""
    if value.tzinfo is None or value.utcoffset() is None:
        raise ValueError(f"naive datetime {value!r}: pass an aware datetime (UTC)")
    return value.timestamp()


def from_timestamp(value: float) -> datetime:
    """The aware UTC datetime for stored UNIX seconds."""
    return datetime.fromtimestamp(value, UTC)
