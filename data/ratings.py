"""Skill ratings: pure math over openskill's Plackett-Luce model, no I/O.

Each player of a finished game is a team of one; ``rank`` 1 is the winner and tied players
share a rank. A rating is a Gaussian belief (``mu``, ``sigma``); what is shown and sorted is
the conservative :attr:`Rating.ordinal` ``mu - 3 * sigma``, which starts at 0 and only grows
with evidence, so one lucky win does not top the board.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from openskill.models import PlackettLuce

__all__ = ["DEFAULT_MU", "DEFAULT_SIGMA", "ORDINAL_Z", "Rating", "rate"]

DEFAULT_MU: Final = 25.0
DEFAULT_SIGMA: Final = 25.0 / 3.0
ORDINAL_Z: Final = 3.0
"""How many sigmas the displayed rating keeps below mu (also used in SQL ordering)."""

_MODEL: Final = PlackettLuce(mu=DEFAULT_MU, sigma=DEFAULT_SIGMA)


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's skill belief. ``Rating()`` is a newcomer's."""

    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA

    @property
    def ordinal(self) -> float:
        """The displayed, conservative rating: ``mu - 3 * sigma``."""
        return self.mu - ORDINAL_Z * self.sigma


def rate(ratings: Sequence[Rating], ranks: Sequence[int]) -> list[Rating]:
    """New ratings after one game, in the same order as ``ratings``.

    :param ratings: each player's rating before the game.
    :param ranks: each player's place (1 = winner; equal ranks are ties).
    :returns: the players' ratings after the game. With fewer than two players nothing can
        be learned and the ratings come back unchanged.
    """
    if len(ratings) != len(ranks):
        raise ValueError(f"{len(ratings)} ratings but {len(ranks)} ranks")
    if any(rank < 1 for rank in ranks):
        raise ValueError(f"ranks start at 1, got {list(ranks)}")
    if len(ratings) < 2:
        return list(ratings)
    teams = [[_MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    rated = _MODEL.rate(teams, ranks=[float(rank) for rank in ranks])
    return [Rating(mu=team[0].mu, sigma=team[0].sigma) for team in rated]
