"""Replaying a game from its seed and its action log.

A seeded game is fully determined by its rules, its players, its seed and the actions taken, so
the log is enough to rebuild it (to audit a result, or to restore a game whose stored state is
lost). The log is a list of ``(seat, action)`` pairs, each action as
:func:`rummy.actions.action_to_json` writes it; ``{"type": "drop"}`` records a player leaving.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rummy.actions import action_from_json
from rummy.errors import IllegalAction
from rummy.game import Game, Player
from rummy.rules import Rules

LogEntry = tuple[int, Mapping[str, Any]]


class ReplayError(ValueError):
    """A log that does not replay: which entry, and why."""


def replay(
    rules: Rules,
    players: Sequence[Player],
    seed: int,
    log: Iterable[LogEntry | Sequence[Any]],
    dealer: int | None = None,
) -> Game:
    """The game after playing ``log`` from a fresh seeded start.

    Raises :class:`ReplayError` naming the first entry the rules refuse.
    """
    if seed is None:
        raise ReplayError("Only a seeded game can be replayed: its shuffles come from the seed.")
    game, _events = Game.new(rules, list(players), seed, dealer)
    for number, entry in enumerate(log, start=1):
        seat, data = entry
        seat = int(seat)
        try:
            if data.get("type") == "drop":
                game.drop(seat)
            else:
                game.apply(seat, action_from_json(dict(data)))
        except (IllegalAction, ValueError, KeyError) as exc:
            raise ReplayError(f"Log entry {number} (seat {seat}: {dict(data)}) does not replay: {exc}") from exc
    return game


def drop_entry(seat: int) -> LogEntry:
    """The log entry for ``seat`` leaving the game."""
    return (seat, {"type": "drop"})
