"""Computer players: ``easy``, ``normal``, ``hard`` and ``expert``, and the safe play for a timed-out person.

A computer player sees exactly what a person in its seat sees: its :class:`~rummy.view.PlayerView`,
plus the public :class:`~rummy.deal.Event` values it may note in a :class:`TableMemory`. It never
receives the game. :func:`choose_action` returns one action at a time; the caller applies it and
asks again until the turn has passed to someone else. ``expert`` searches (:mod:`rummy.ai.expert`):
its move is a function of the view, the memory and a seed drawn from ``rng``.
"""

from __future__ import annotations

import random

from rummy import actions as act
from rummy.ai import easy, expert, hard, normal
from rummy.ai.legal import play_joker
from rummy.ai.memory import TableMemory
from rummy.ai.safe import safe_action
from rummy.errors import IllegalAction
from rummy.view import PlayerView

LEVELS = ("easy", "normal", "hard", "expert")

__all__ = ["LEVELS", "TableMemory", "choose_action", "safe_action"]


def choose_action(view: PlayerView, level: str, rng: random.Random, memory: TableMemory | None = None) -> act.Action:
    """The next single action for ``view.seat``, which must be to move. The engine accepts it."""
    if level not in LEVELS:
        raise ValueError(f"Unknown computer level {level!r}: choose one of {', '.join(LEVELS)}.")
    if not view.my_turn:
        raise IllegalAction("It is not this seat's turn.", key="seat_not_to_move")
    if level == "hard":
        return hard.choose(view, rng, memory)
    if level == "expert":
        return expert.choose(view, rng.getrandbits(64), memory)
    joker = play_joker(view)
    if joker is not None:
        return joker
    if level == "easy":
        return easy.choose(view, rng)
    return normal.choose(view)
