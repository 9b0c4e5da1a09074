"""Swiss pairing: players of similar standing at new tables, avoiding repeat opponents.

A round's players are listed in standing order (:func:`rummy.tournament.standings.standings`;
before the first round everyone is level, so it is the seed order). The round's shape comes from
:func:`rummy.tournament.seating.plan`; the byes, if any, go to the lowest-placed players among those
with the fewest byes so far. The others are seated to minimise, in this order:

1. **repeats**: the number of pairs of players at one table who have already met at a table;
2. **spread**: the sum over the tables of the distance in the standings between the table's best
   and worst player (positions, not points).

The search is exact and deterministic: a depth-first search in which the best player not yet
seated opens the next table, its table-mates chosen from the closest in the standings outwards,
with branch and bound on (repeats, spread). It first looks for seatings with no repeat at all,
then with at most 1, 3, 7... (a table that repeats is dropped at once, which keeps the search
small), and stops at the first limit that some seating meets, keeping the best of those. Each
search looks at no more than :data:`SEARCH_STEPS` candidate tables (a count, never a clock, so a
pairing replays), which covers every seating of the small events where repeats are hard to avoid;
when a search stops short, the seating kept is improved by swapping two players of two tables
while a swap lowers (repeats, spread). The first
seating found is the one in standing order (the top players together), so when nobody has met
the pairing is simply the standings cut into tables.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations

from rummy.tournament.model import Round, Table, Tournament
from rummy.tournament.seating import plan

SEARCH_STEPS = 10_000
MAX_SWAP_PASSES = 50
Cost = tuple[int, int]


def met_pairs(rounds: Iterable[Round]) -> set[frozenset[int]]:
    """Every pair of entrants who have sat at one table."""
    pairs: set[frozenset[int]] = set()
    for rnd in rounds:
        for table in rnd.tables:
            pairs.update(frozenset(p) for p in combinations(table.players, 2))
    return pairs


class _Search:
    """The branch and bound over player positions 0..n-1 (0 the best standing)."""

    def __init__(self, conflict: list[list[bool]], sizes: Sequence[int], cap: int) -> None:
        """A search for seatings of at most ``cap`` repeats (the best of them)."""
        self.conflict = conflict
        self.sizes = Counter(sizes)
        self.best: list[tuple[int, ...]] = []
        self.best_cost: Cost = (cap + 1, 0)  # (repeats, spread) < this: at most ``cap`` repeats
        self.steps = 0
        self.exhausted = False

    def repeats(self, members: Sequence[int]) -> int:
        return sum(1 for a, b in combinations(members, 2) if self.conflict[a][b])

    def run(self, remaining: list[int]) -> None:
        self._dfs(remaining, [], 0, 0)

    def _dfs(self, remaining: list[int], tables: list[tuple[int, ...]], rep: int, spread: int) -> None:
        if not remaining:
            if (rep, spread) < self.best_cost:
                self.best, self.best_cost = list(tables), (rep, spread)
            return
        opener, rest = remaining[0], remaining[1:]
        for size in sorted((s for s, c in self.sizes.items() if c), reverse=True):
            self.sizes[size] -= 1
            bound = sum((s - 1) * c for s, c in self.sizes.items())
            self._tables_of(opener, rest, size, tables, rep, spread, bound)
            self.sizes[size] += 1

    def _tables_of(
        self, opener: int, rest: list[int], size: int, tables: list[tuple[int, ...]], rep: int, spread: int, bound: int
    ) -> None:
        """Every table of ``size`` that ``opener`` opens, the closest table-mates first."""
        if size == 1:
            self._descend((opener,), rest, tables, rep, spread)
            return
        for k in range(size - 2, len(rest)):
            best_rep, best_spread = self.best_cost
            total = spread + rest[k] - opener + bound
            if rep > best_rep or (rep == best_rep and total >= best_spread):
                return  # every later last table-mate is further away still
            for middle in combinations(rest[:k], size - 2):
                self.steps += 1
                if self.steps > SEARCH_STEPS:
                    self.exhausted = True
                    return
                members = (opener, *middle, rest[k])
                added = self.repeats(members)
                if (rep + added, total) >= self.best_cost:
                    continue
                taken = set(members)
                left = [p for p in rest if p not in taken]
                self._descend(members, left, tables, rep + added, spread + rest[k] - opener)
                if self.exhausted:
                    return

    def _descend(
        self, members: tuple[int, ...], left: list[int], tables: list[tuple[int, ...]], rep: int, spread: int
    ) -> None:
        tables.append(members)
        self._dfs(left, tables, rep, spread)
        tables.pop()


def _cost(tables: Sequence[Sequence[int]], conflict: list[list[bool]]) -> Cost:
    rep = sum(1 for t in tables for a, b in combinations(t, 2) if conflict[a][b])
    return rep, sum(max(t) - min(t) for t in tables)


def _improve(tables: list[list[int]], conflict: list[list[bool]]) -> None:
    """Swap two players of two tables while a swap lowers (repeats, spread): the best swap first,
    the first one found among equals."""
    for _ in range(MAX_SWAP_PASSES):
        best: tuple[Cost, int, int, int, int] | None = None
        for i, j in combinations(range(len(tables)), 2):
            before = _cost([tables[i], tables[j]], conflict)
            for a in range(len(tables[i])):
                for b in range(len(tables[j])):
                    one, two = list(tables[i]), list(tables[j])
                    one[a], two[b] = two[b], one[a]
                    after = _cost([one, two], conflict)
                    gain = (before[0] - after[0], before[1] - after[1])
                    if gain > (0, 0) and (best is None or gain > best[0]):
                        best = (gain, i, a, j, b)
        if best is None:
            return
        _, i, a, j, b = best
        tables[i][a], tables[j][b] = tables[j][b], tables[i][a]


def seat(order: Sequence[int], sizes: Sequence[int], met: set[frozenset[int]]) -> tuple[tuple[int, ...], ...]:
    """The players of ``order`` (the best standing first) at tables of ``sizes``, with the fewest
    repeats and then the least spread (see the module's text). Each table lists its players in
    standing order, and the tables come in the order of their best player."""
    n = len(order)
    conflict = [[frozenset((order[a], order[b])) in met for b in range(n)] for a in range(n)]
    cap, exhausted = 0, False
    while True:
        search = _Search(conflict, sizes, cap)
        search.run(list(range(n)))
        exhausted = exhausted or search.exhausted
        if search.best:
            break
        cap = 2 * cap + 1
    tables = [list(t) for t in search.best]
    if exhausted:
        _improve(tables, conflict)
    seated = sorted((sorted(t) for t in tables), key=lambda t: t[0])
    return tuple(tuple(order[p] for p in t) for t in seated)


def swiss_round(t: Tournament, order: Sequence[int]) -> Round:
    """The next round of a Swiss tournament for the players of ``order`` (standing order)."""
    byes_had = Counter(p for rnd in t.rounds for p in rnd.byes)
    shape = plan(len(order), t.settings.table_size, t.settings.fill_with_computers)
    byes: list[int] = []
    for _ in range(shape.byes):
        fewest = min(byes_had[p] for p in order if p not in byes)
        byes.append(next(p for p in reversed(order) if p not in byes and byes_had[p] == fewest))
    seated = [p for p in order if p not in byes]
    tables = seat(seated, shape.sizes, met_pairs(t.rounds))
    size = t.settings.table_size
    fill = t.settings.fill_with_computers
    return Round(
        len(t.rounds) + 1,
        tuple(Table(i + 1, members, size - len(members) if fill else 0) for i, members in enumerate(tables)),
        tuple(sorted(byes, key=order.index)),
    )
