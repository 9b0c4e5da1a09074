"""The standings: place, player, points and the tie-breaks, after any round and at the end.

Swiss ranks by tournament points (:mod:`rummy.tournament.points`), then by:

1. **opponents' points** (a Buchholz for tables): for each round at a table, the mean of the
   final points of the entrants met there (fillers are no opponents; a bye counts nothing), added
   up over the rounds, higher first;
2. **game points**, the game's own scores added up over the rounds, fewer first where the
   preset's lowest total wins (``rami51``, ``ref40``, ``ref51``), more first elsewhere;
3. **the seed**: the seed order fixed at the start (:mod:`rummy.tournament.seeding`: the seeded
   draw, or the server's ratings when given). Places are therefore never shared.

A knockout ranks by the last round reached (later first), then by the points of that round (the
final table's own order first of all), then by the Swiss keys above. The standings list everyone
who plays on and everyone who withdrew after playing; a removed entrant is left out (their games
still count for their opponents' tie-breaks).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rummy.tournament.model import EntrantStatus, Format, Tournament
from rummy.tournament.points import BYE_POINTS, result_points
from rummy.tournament.seeding import seed_order


@dataclass(frozen=True)
class Standing:
    """One line of the standings. ``opponents``: the opponents' points tie-break (exact);
    ``seed``: the seed position, 1 the first; ``reached``: the last round played (0: none);
    ``last_points``: the points of that round."""

    place: int
    player: int
    points: int
    opponents: Fraction
    game_points: int
    seed: int
    rounds: int
    reached: int
    last_points: int
    status: EntrantStatus


@dataclass
class _Record:
    points: int = 0
    game_points: int = 0
    rounds: int = 0
    reached: int = 0
    last_points: int = 0


def seed_positions(t: Tournament) -> dict[int, int]:
    """Each entrant's seed position (1 the first): the start's seed order, or before the start the
    seeded draw of those signed up."""
    order = t.seeding or seed_order(t.seed, (e.id for e in t.playing))
    known = {p: i + 1 for i, p in enumerate(order)}
    late = [e.id for e in t.entrants if e.id not in known]
    return known | {p: len(known) + 1 + i for i, p in enumerate(late)}


def _records(t: Tournament) -> tuple[dict[int, _Record], dict[int, list[list[int]]]]:
    records = {e.id: _Record() for e in t.entrants}
    met: dict[int, list[list[int]]] = {e.id: [] for e in t.entrants}
    for rnd in t.rounds:
        for player in rnd.byes:
            r = records[player]
            r.points += BYE_POINTS
            r.rounds += 1
            r.reached, r.last_points = rnd.number, BYE_POINTS
        for table in rnd.tables:
            if table.result is None:
                continue
            for player in table.players:
                r = records[player]
                gained = result_points(table.result, player)
                r.points += gained
                r.game_points += table.result.of(player).game_points
                r.rounds += 1
                r.reached, r.last_points = rnd.number, gained
                met[player].append([p for p in table.players if p != player])
    return records, met


def standings(t: Tournament) -> tuple[Standing, ...]:
    """The standings after the tables recorded so far (and the byes of the rounds paired: a bye's
    points are known from the start of its round), the first first (see the module's text)."""
    records, met = _records(t)
    seeds = seed_positions(t)
    opponents = {
        p: sum((Fraction(sum(records[o].points for o in table), len(table)) for table in tables if table), Fraction(0))
        for p, tables in met.items()
    }
    low = t.settings.low_wins
    knockout = t.settings.format is Format.KNOCKOUT

    def key(p: int) -> tuple[Fraction, ...]:
        r = records[p]
        game = r.game_points if low else -r.game_points
        swiss = (Fraction(-r.points), -opponents[p], Fraction(game), Fraction(seeds[p]))
        return (Fraction(-r.reached), Fraction(-r.last_points), *swiss) if knockout else swiss

    shown = [e for e in t.entrants if e.status is not EntrantStatus.REMOVED and (e.plays or records[e.id].rounds)]
    shown.sort(key=lambda e: key(e.id))
    return tuple(
        Standing(
            i + 1,
            e.id,
            records[e.id].points,
            opponents[e.id],
            records[e.id].game_points,
            seeds[e.id],
            records[e.id].rounds,
            records[e.id].reached,
            records[e.id].last_points,
            e.status,
        )
        for i, e in enumerate(shown)
    )


def podium(t: Tournament) -> tuple[Standing, ...]:
    """The first three of the standings (fewer when fewer played)."""
    return standings(t)[:3]
