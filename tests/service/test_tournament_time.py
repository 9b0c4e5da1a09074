"""A tournament's start time as an organiser types it (service.tournament_time): French and English
ways of writing a time or a date and time, read in the bot's zone, and the refusals."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from service.model import Refusal
from service.tournament_time import MAX_AHEAD, parse_start, zone

PARIS = zone("Europe/Paris")
NOW = datetime(2026, 12, 2, 19, 0, tzinfo=UTC)  # 20:00 in Paris (UTC+1 in winter)


def paris(*args: int) -> float:
    return datetime(*args, tzinfo=PARIS).timestamp()


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("20:30", paris(2026, 12, 2, 20, 30)),
        ("21h", paris(2026, 12, 2, 21, 0)),
        ("21 H", paris(2026, 12, 2, 21, 0)),
        ("20h30", paris(2026, 12, 2, 20, 30)),
        ("9pm", paris(2026, 12, 2, 21, 0)),
        ("8:30 pm", paris(2026, 12, 2, 20, 30)),
        ("19h", paris(2026, 12, 3, 19, 0)),  # passed today: tomorrow's
        ("04/12 20:30", paris(2026, 12, 4, 20, 30)),  # day first, as in France
        ("4/12/2026 20h", paris(2026, 12, 4, 20, 0)),
        ("04/12 à 20h30", paris(2026, 12, 4, 20, 30)),
        ("4.12.26 20:30", paris(2026, 12, 4, 20, 30)),
        ("2026-12-04 20:30", paris(2026, 12, 4, 20, 30)),
        ("2026-12-04T20:30", paris(2026, 12, 4, 20, 30)),
        ("<t:1796412600:F>", 1796412600.0),  # a Discord timestamp pasted as is
    ],
)
def test_what_an_admin_types_is_read_in_the_bots_zone(typed: str, expected: float) -> None:
    assert parse_start(typed, NOW, PARIS) == expected


def test_a_day_of_january_typed_in_december_is_the_coming_one() -> None:
    december = datetime(2026, 12, 30, 12, 0, tzinfo=UTC)
    assert parse_start("02/01 21h", december, PARIS) == paris(2027, 1, 2, 21, 0)


def test_the_zone_is_the_bots() -> None:
    """The same words in another zone are another instant (summer time applied by the zone)."""
    tokyo = zone("Asia/Tokyo")
    assert parse_start("2026-12-04 20:30", NOW, tokyo) == datetime(2026, 12, 4, 20, 30, tzinfo=tokyo).timestamp()


@pytest.mark.parametrize(
    ("typed", "key"),
    [
        ("demain", "tournament_start_unreadable"),
        ("25:00", "tournament_start_unreadable"),
        ("31/02 20:00", "tournament_start_unreadable"),
        ("13pm", "tournament_start_unreadable"),
        ("20", "tournament_start_unreadable"),
        ("x" * 200, "tournament_start_unreadable"),
        ("2026-12-01 20:00", "tournament_start_past"),
        ("01/12 20:00", "tournament_start_past"),
        ("<t:1000:F>", "tournament_start_past"),
        ("2027-01-05 20:00", "tournament_start_too_far"),
    ],
)
def test_refusals_name_their_reason_and_the_zone(typed: str, key: str) -> None:
    with pytest.raises(Refusal) as refused:
        parse_start(typed, NOW, PARIS)
    assert refused.value.key == key and refused.value.params["zone"] == "Europe/Paris"
    if key == "tournament_start_too_far":
        assert refused.value.params["days"] == MAX_AHEAD.days


def test_an_unknown_zone_is_named() -> None:
    with pytest.raises(ValueError, match="Mars/Olympus"):
        zone("Mars/Olympus")
