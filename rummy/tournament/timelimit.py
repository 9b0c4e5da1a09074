"""A tournament table's result from its game, and the round's time limit.

**The time limit.** A round lasts ``Settings.round_minutes`` from its start. A table still playing
when the time is up ends there with the current totals standing: the deals finished count, the
deal in play counts for nobody (no hand is scored), and the places are those the end of the game
would give with these totals (:meth:`rummy.game.Game.standings`): the lowest total first in the
presets where the lowest total wins (``rami51``, ``ref40``, ``ref51``: penalty points), the highest
first in the others (``basic``, ``rummy100``, ``rami100``: the winner collects); players eliminated
behind those still in, the later eliminated first; players who left behind everyone, the last to
leave first. Equal totals share the place. A table that timed out in its first deal is a draw
between everyone still seated.

**Forfeits.** A seat the game dropped (the player left, or timed out of too many turns) forfeits
the round: 0 tournament points (:mod:`rummy.tournament.points`), a place behind everyone who
stayed, and, in a knockout, no way on. The player stays in the event.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy.game import Game
from rummy.tournament.errors import BadResult
from rummy.tournament.model import PlayerResult, Stage, TableResult, Tournament


def deadline(started_at: float, round_minutes: int) -> float:
    """When a round that started at ``started_at`` (UNIX seconds) runs out of time."""
    return started_at + 60 * round_minutes


def timed_out(started_at: float, round_minutes: int, now: float) -> bool:
    return now >= deadline(started_at, round_minutes)


def round_deadline(t: Tournament) -> float | None:
    """When the round in play runs out of time (``None``: no round in play, or one paired without
    a start time)."""
    rnd = t.current
    if t.stage is not Stage.PLAYING or rnd is None or rnd.started_at is None:
        return None
    return deadline(rnd.started_at, t.settings.round_minutes)


def table_result(game: Game, seats: Sequence[int | None], *, at_time_limit: bool = False) -> TableResult:
    """The result of a tournament table from its ``game``: ``seats[i]`` is the entrant at seat
    ``i`` (``None`` for a computer filler). A game not over gives a result only at the time limit
    (``at_time_limit``: the rule above); otherwise :class:`BadResult`."""
    if len(seats) != len(game.players):
        raise BadResult("The seats do not match the game's players.", key="tournament_result_seats")
    if game.outcome is None and not at_time_limit:
        raise BadResult("This table's game is not over.", key="tournament_game_not_over")
    players: list[PlayerResult] = []
    fillers: list[int] = []
    for standing in game.standings().standings:
        entrant = seats[standing.seat]
        if entrant is None:
            fillers.append(standing.rank)
        else:
            players.append(PlayerResult(entrant, standing.rank, standing.score, standing.dropped))
    return TableResult(tuple(players), tuple(fillers), timed_out=game.outcome is None)
