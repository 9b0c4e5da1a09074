"""A tournament's start time as an organiser types it, read in the bot's time zone (issue 31).

:func:`parse_start` reads what a French or an English admin would type: a time alone (``20:30``,
``20h30``, ``21h``, ``9pm``: its next occurrence, today or tomorrow), a day and month before it
(``04/12 20:30``, day first, as in France and Britain; ``04/12/2026 20:30``), an ISO date
(``2026-12-04 20:30``, ``2026-12-04T20:30``), or a Discord timestamp pasted as is
(``<t:1796412600:F>``). The wall-clock time is the bot's zone's (``RAMI_TIMEZONE``, default
:data:`DEFAULT_ZONE`); the result is UNIX seconds, which each reader's Discord shows in their own
time. A start not after ``now``, or more than :data:`MAX_AHEAD` ahead, is refused
(:class:`~service.model.Refusal`, ``tournament_start_*``), and so is anything else.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from service.model import Refusal

__all__ = ["DEFAULT_ZONE", "MAX_AHEAD", "MAX_TEXT", "parse_start", "zone"]

DEFAULT_ZONE = "Europe/Paris"
MAX_AHEAD = timedelta(days=30)
MAX_TEXT = 40  # characters of the option (the schema's max_length)

_TIME = r"(?P<h>\d{1,2})(?:\s*(?:[:h.]\s*(?P<m>\d{2})?)|\s*(?P<ampm>am|pm))(?:\s*(?P<ampm2>am|pm))?"
_DAY_MONTH = r"(?P<d>\d{1,2})[/.](?P<mo>\d{1,2})(?:[/.](?P<y>\d{2}|\d{4}))?"
_ISO = r"(?P<iy>\d{4})-(?P<imo>\d{1,2})-(?P<id>\d{1,2})"
_FORMS = (
    re.compile(rf"{_TIME}"),
    re.compile(rf"{_DAY_MONTH}(?:\s+|\s*(?:à|a|at|,)\s*){_TIME}"),
    re.compile(rf"{_ISO}(?:\s+|t|\s*(?:à|a|at|,)\s*){_TIME}"),
)
_STAMP = re.compile(r"<t:(?P<n>-?\d{1,12})(?::[tTdDfFRsS])?>")


def zone(name: str) -> ZoneInfo:
    """The time zone named ``name`` (an IANA name: ``Europe/Paris``); a :class:`ValueError` that
    names it when there is none such (bot.py turns it into a configuration error)."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(f"{name!r} is not a time zone (an IANA name such as {DEFAULT_ZONE})") from None


def parse_start(text: str, now: datetime, tz: ZoneInfo) -> float:
    """The start ``text`` names, in UNIX seconds (see the module doc); ``now``: an aware datetime.
    A refusal's ``zone`` parameter names the zone the time was read in."""
    try:
        return _parse(text, now, tz)
    except Refusal as refusal:
        refusal.params.setdefault("zone", tz.key)
        raise


def _parse(text: str, now: datetime, tz: ZoneInfo) -> float:
    cleaned = " ".join(text.strip().lower().split())
    if len(cleaned) > MAX_TEXT:
        raise Refusal("tournament_start_unreadable")
    stamp = _STAMP.fullmatch(cleaned)
    if stamp is not None:
        return _checked(datetime.fromtimestamp(int(stamp["n"]), tz), now)
    local_now = now.astimezone(tz)
    for form in _FORMS:
        found = form.fullmatch(cleaned)
        if found is not None:
            return _checked(_when(found, local_now, tz), now)
    raise Refusal("tournament_start_unreadable")


def _clock(found: re.Match[str]) -> time:
    hour, minute = int(found["h"]), int(found["m"] or 0)
    half = found["ampm"] or found["ampm2"]
    if half is not None:
        if not 1 <= hour <= 12:
            raise Refusal("tournament_start_unreadable")
        hour = hour % 12 + (12 if half == "pm" else 0)
    if hour > 23 or minute > 59:
        raise Refusal("tournament_start_unreadable")
    return time(hour, minute)


def _when(found: re.Match[str], local_now: datetime, tz: ZoneInfo) -> datetime:
    at = _clock(found)
    groups = found.groupdict()
    try:
        if groups.get("iy") is not None:
            day = date(int(found["iy"]), int(found["imo"]), int(found["id"]))
        elif groups.get("d") is not None:
            year = found["y"]
            given = int(year) + (2000 if year is not None and len(year) == 2 else 0) if year is not None else None
            day = date(given or local_now.year, int(found["mo"]), int(found["d"]))
            coming = day.replace(year=day.year + 1) if given is None else day
            if datetime.combine(day, at, tz) <= local_now < datetime.combine(coming, at, tz) - MAX_AHEAD:
                pass  # "01/12" typed on 2 December: a day that passed (refused as such)
            elif datetime.combine(day, at, tz) <= local_now:
                day = coming  # "02/01" typed on 30 December: the coming one
        else:
            day = local_now.date()
            if datetime.combine(day, at, tz) <= local_now:
                day += timedelta(days=1)  # a time alone: its next occurrence
    except ValueError:  # 31/02, month 13
        raise Refusal("tournament_start_unreadable") from None
    return datetime.combine(day, at, tz)


def _checked(when: datetime, now: datetime) -> float:
    if when <= now:
        raise Refusal("tournament_start_past")
    if when - now > MAX_AHEAD:
        raise Refusal("tournament_start_too_far", days=MAX_AHEAD.days)
    return when.timestamp()
