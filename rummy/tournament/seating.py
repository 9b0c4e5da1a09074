"""How many tables a round has, and how many players sit at each.

A round seats its ``count`` players at the fewest tables of at most ``size`` seats,
``ceil(count / size)``, their sizes as even as possible (they differ by one at most, the larger
first). That gives tables of ``size`` and ``size - 1`` whenever the count allows it (10 players at
tables of 4: 4, 3, 3), and otherwise smaller even tables rather than players left out (7 players at
tables of 6: 4 and 3). A table of one is never seated: with tables of 2 and an odd count, one
player has a bye (:data:`~rummy.tournament.points.BYE_POINTS`), unless computer players fill
empty seats. With ``fill`` every table has ``size`` seats, the players spread as evenly, and the
computer players take the empty seats: nobody ever has a bye.
"""

from __future__ import annotations

from dataclasses import dataclass

from rummy.rules import MIN_PLAYERS


@dataclass(frozen=True)
class Plan:
    """A round's shape: the entrants at each table (larger tables first), the computer players
    filling each table's empty seats, and the number of byes."""

    sizes: tuple[int, ...]
    fillers: tuple[int, ...]
    byes: int = 0


def balanced(count: int, size: int) -> tuple[int, ...]:
    """``count`` players at the fewest tables of at most ``size``, as even as possible."""
    if count <= 0:
        return ()
    tables = -(-count // size)
    base, extra = divmod(count, tables)
    return (base + 1,) * extra + (base,) * (tables - extra)


def plan(count: int, size: int, fill: bool = False) -> Plan:
    """The shape of a round of ``count`` players at tables of ``size`` (see the module's text)."""
    sizes = balanced(count, size)
    if fill:
        return Plan(sizes, tuple(size - s for s in sizes))
    byes = 0
    while sizes and sizes[-1] < MIN_PLAYERS:
        byes += 1
        sizes = balanced(count - byes, size)
    return Plan(sizes, (0,) * len(sizes), byes)
