"""Knockout: the best of each table go on, until one final table.

Round 1 seats the entrants in seed order (:mod:`rummy.tournament.seeding`: the seeded draw, or the
server's ratings); each later round seats the qualifiers of the round before in standing order.
The round's shape is :func:`rummy.tournament.seating.plan`'s; the players are dealt to the tables
as a snake (1, 2, 3, 3, 2, 1, 1, 2...: the first seeds at different tables, each table as strong
as the next), and a bye, when there must be one, goes to the best seed, who goes on.

From a table of ``k`` entrants the best :func:`advancing` (``k // 2``, at least 1) go on: those who
did not forfeit and still play, by place, then fewer game points where low wins (more elsewhere),
then the seed. A round of one table with no bye is the final, and its winner the champion.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy.tournament.model import Round, Table, Tournament
from rummy.tournament.points import ranked
from rummy.tournament.seating import Plan, plan


def advancing(entrants: int) -> int:
    """How many of a table's ``entrants`` go on: the top half rounded down, at least one."""
    return max(1, entrants // 2)


def is_final(rnd: Round) -> bool:
    return len(rnd.tables) == 1 and not rnd.byes


def qualifiers(t: Tournament, rnd: Round, seeds: dict[int, int]) -> list[int]:
    """Who goes on from ``rnd`` (complete): each table's best, and the byes, who still play."""
    low = t.settings.low_wins
    plays = {e.id for e in t.playing}
    out = [p for p in rnd.byes if p in plays]
    for table in rnd.tables:
        assert table.result is not None
        results = sorted(table.result.players, key=lambda r: seeds.get(r.player, 0))
        eligible = [r.player for r in ranked(results, low) if not r.forfeited and r.player in plays]
        out += eligible[: advancing(len(table.players))]
    return out


def snake(order: Sequence[int], sizes: Sequence[int]) -> list[tuple[int, ...]]:
    """``order`` dealt to tables of ``sizes`` back and forth, skipping the full ones."""
    tables: list[list[int]] = [[] for _ in sizes]
    forward = True
    players = iter(order)
    placed = 0
    while placed < len(order):
        for i in range(len(sizes)) if forward else reversed(range(len(sizes))):
            if len(tables[i]) < sizes[i] and placed < len(order):
                tables[i].append(next(players))
                placed += 1
        forward = not forward
    return [tuple(t) for t in tables]


def knockout_round(t: Tournament, order: Sequence[int]) -> Round:
    """The next round of a knockout for the players of ``order`` (seed or standing order)."""
    shape = plan(len(order), t.settings.table_size, t.settings.fill_with_computers)
    byes = tuple(order[: shape.byes])
    tables = snake(order[shape.byes :], shape.sizes)
    size = t.settings.table_size
    fill = t.settings.fill_with_computers
    return Round(
        len(t.rounds) + 1,
        tuple(Table(i + 1, members, size - len(members) if fill else 0) for i, members in enumerate(tables)),
        byes,
    )


def bracket(count: int, size: int, fill: bool = False) -> tuple[Plan, ...]:
    """The shape of every round of a knockout of ``count`` entrants at tables of ``size`` when
    nobody forfeits or withdraws: the last one is the final table."""
    rounds: list[Plan] = []
    while count >= 2:
        shape = plan(count, size, fill)
        rounds.append(shape)
        if len(shape.sizes) == 1 and not shape.byes:
            break
        count = shape.byes + sum(advancing(s) for s in shape.sizes)
    return tuple(rounds)
