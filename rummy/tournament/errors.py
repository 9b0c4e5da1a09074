"""The tournament's refusals: one family under :class:`~rummy.errors.RummyError`.

Each error's ``str()`` is an English sentence a player can read; its ``key`` names the message a
catalog shows instead (``rules.<key>``), with ``params`` for its variables. A refused change leaves
the tournament as it was: every transition returns a new value and never changes its argument.
"""

from __future__ import annotations

from rummy.errors import RummyError


class TournamentError(RummyError):
    """A change the tournament refuses; ``str()`` says why, for the player."""


class BadSettings(TournamentError, ValueError):
    """Settings that cannot make a tournament (a name, a table size, a number of rounds...)."""


class NotOrganiser(TournamentError):
    """Only the organiser (or a moderator) may do that."""


class WrongStage(TournamentError):
    """Not at this point of the tournament's life (signing up after the start, pairing mid-round...)."""


class NotEntered(TournamentError):
    """The player named is not an entrant who can do or undergo that."""


class BadResult(TournamentError, ValueError):
    """A table's result that does not fit the table (its players, its places)."""
