"""A table's settings that are not rules of the game: turn timer, computer pause, hints, thread.

``/lobby set`` takes both these options and the house-rule knobs of :mod:`rummy.rules`;
:func:`setting_names`, :func:`setting_choices` and :func:`setting_help` list them together.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from rummy.errors import RummyError
from rummy.rules import KNOBS

MIN_TURN_TIMER = 30  # seconds; 0 turns the timer off
MAX_TURN_TIMER = 3600


class BadSetting(RummyError, ValueError):
    """A table option value that cannot be used; ``str()`` says what it takes."""


def _parse_yes_no(name: str, raw: str) -> bool:
    text = raw.strip().lower()
    if text in {"yes", "y", "true", "on", "1", "oui"}:
        return True
    if text in {"no", "n", "false", "off", "0", "non"}:
        return False
    raise BadSetting(
        f"{name} takes yes or no, not {raw!r}.", key="takes_yes_no", params={"rule": name, "value": repr(raw)}
    )


def _parse_number(name: str, raw: str, low: float, high: float, whole: bool) -> float:
    try:
        value = float(raw.strip().rstrip("s"))
    except ValueError:
        raise BadSetting(
            f"{name} needs a number of seconds, not {raw!r}.",
            key="needs_seconds",
            params={"rule": name, "value": repr(raw)},
        ) from None
    if not math.isfinite(value) or not low <= value <= high or (whole and value != int(value)):
        kind = "a whole number of seconds" if whole else "a number of seconds"
        raise BadSetting(
            f"{name} takes {kind} from {low:g} to {high:g}.",
            key="seconds_range_whole" if whole else "seconds_range",
            params={"rule": name, "min": f"{low:g}", "max": f"{high:g}"},
        )
    return value


def _parse_turn_timer(raw: str) -> int:
    """0 (off) or 30 to 3600 seconds: a shorter timer would drop a whole table in a minute."""
    try:
        value = _parse_number("turn_timer", raw, 0, MAX_TURN_TIMER, whole=True)
    except BadSetting:
        value = -1
    if value != 0 and not MIN_TURN_TIMER <= value <= MAX_TURN_TIMER:
        raise BadSetting(
            f"turn_timer takes 0 (off) or {MIN_TURN_TIMER} to {MAX_TURN_TIMER} seconds, not {raw!r}.",
            key="turn_timer_range",
            params={"min": str(MIN_TURN_TIMER), "max": str(MAX_TURN_TIMER), "value": repr(raw)},  # 3600, not 3,600
        )
    return int(value)


@dataclass(frozen=True)
class TableOption:
    """A setting of the table that is not a rule of the game (see :data:`OPTIONS`)."""

    name: str
    help: str
    choices: tuple[str, ...]
    parse: Callable[[str], Any]

    def show(self, value: Any) -> str:
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, float):
            return f"{value:g}s"
        return f"{value}s" if isinstance(value, int) else str(value)


OPTIONS: dict[str, TableOption] = {
    o.name: o
    for o in [
        TableOption(
            "turn_timer",
            "Seconds a player has for a turn before it is played for them (0: off)",
            ("0", "60", "120", "300", "600"),
            _parse_turn_timer,
        ),
        TableOption(
            "bot_pause",
            "Seconds a computer player waits before each move",
            ("0", "0.5", "1", "1.5", "2", "3"),
            lambda raw: _parse_number("bot_pause", raw, 0, 10, whole=False),
        ),
        TableOption(
            "hints", "Players may ask /hint for advice", ("yes", "no"), lambda raw: _parse_yes_no("hints", raw)
        ),
        TableOption(
            "thread",
            "Play the game in a thread the bot opens on the lobby message",
            ("yes", "no"),
            lambda raw: _parse_yes_no("thread", raw),
        ),
    ]
}


@dataclass(frozen=True)
class TableOptions:
    turn_timer: int = 120
    bot_pause: float = 1.5
    hints: bool = True
    thread: bool = False  # the game is played in a thread opened on the lobby message

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableOptions:
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})


def setting_names() -> list[str]:
    """Everything ``/lobby set`` accepts: the table options, then the house-rule knobs."""
    return [*OPTIONS, *KNOBS]


def setting_choices(name: str) -> list[str]:
    """Suggested values for a knob or option (empty when any number in range will do)."""
    if name in OPTIONS:
        return list(OPTIONS[name].choices)
    knob = KNOBS.get(name)
    return knob.choices if knob else []


def setting_help(name: str) -> str:
    if name in OPTIONS:
        return OPTIONS[name].help
    knob = KNOBS.get(name)
    return knob.help if knob else ""
