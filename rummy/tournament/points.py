"""What a round is worth: tournament points by place at the table, a bye, a forfeit.

The scale is the share of the table beaten, so that tables of different sizes compare: the winner
of a table scores :data:`ROUND_POINTS` (120), the last 0, and the places between are evenly spaced
(a table of 4: 120, 80, 40, 0; of 3: 120, 60, 0). Each other seat beaten is worth
``120 / (seats - 1)`` and each seat tied with is worth half of that, so two players sharing first
place at a table of 4 score 100 each. The computer players filling empty seats count as seats. The
numbers are whole for every table of 2 to 6 seats (120 is a multiple of 1 to 5, and 60 too).

A player who forfeits the round (left the game, or timed out of it) scores 0 for it, whatever
place the game gave them; they stay in the event. A bye scores :data:`BYE_POINTS`, half a win:
what a player tied with the whole table would score.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy.tournament.errors import BadResult
from rummy.tournament.model import PlayerResult, TableResult

ROUND_POINTS = 120
BYE_POINTS = ROUND_POINTS // 2


def place_points(place: int, places: Sequence[int]) -> int:
    """The tournament points of ``place`` among every seat's ``places`` (``place`` included)."""
    seats = len(places)
    if seats < 2:
        return BYE_POINTS
    beaten = sum(1 for p in places if p > place)
    tied = sum(1 for p in places if p == place) - 1
    return (ROUND_POINTS * beaten + ROUND_POINTS // 2 * tied) // (seats - 1)


def result_points(result: TableResult, player: int) -> int:
    """The tournament points ``player`` scores at a table with this result."""
    mine = result.of(player)
    return 0 if mine.forfeited else place_points(mine.place, result.places)


def check_places(places: Sequence[int]) -> None:
    """Refuse places that are not a ranking: 1 for the best, equal places share the number, and
    the next place counts the seats ahead (1, 1, 3, not 1, 1, 2)."""
    for place in places:
        if place != 1 + sum(1 for p in places if p < place):
            raise BadResult(
                f"The places {sorted(places)} are not a ranking of the table's {len(places)} seats.",
                key="tournament_result_places",
                params={"places": ", ".join(str(p) for p in sorted(places)), "seats": len(places)},
            )


def ranked(results: Sequence[PlayerResult], low_wins: bool) -> list[PlayerResult]:
    """A table's entrants from the best to the worst: those who played before those who forfeited,
    then by place, then by game points (fewer first where low wins); the rest keeps its order."""
    return sorted(results, key=lambda r: (r.forfeited, r.place, r.game_points if low_wins else -r.game_points))
