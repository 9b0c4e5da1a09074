"""Exact search over a :class:`~rummy.solver.problem.Problem`: memoised DP on packed face counts.

The state is one integer. Every face that can take part in a meld owns a 3-bit field holding
``4 + count`` (bit 2 is a guard), and the jokers own a 6-bit field at the top holding
``32 + jokers``. Taking a meld is one subtraction: one from each of its faces' fields and its
jokers from the joker field; the meld fits iff every guard bit survives (``(t & G) == G``).

The recursion always decides the lowest face still held: one copy of it is either left out, or
goes into a shape whose lowest face it is (every lower face is already gone). Every partition is
reached, so the optimum is exact; identical cards and jokers are counted, not told apart, so no
partition is explored twice. ``solve`` maps a state to the best *gain* the cards in it can still
make, memoised per search (one search serves every discard in :func:`best_discard`).

Gains pack the objective and its tie-breaks in one integer, most important field first:

* ``deadwood``: melded value (= least deadwood), then melded cards (= fewest left over), then
  meld points;
* ``opening``: meld points, then melded value (= least deadwood), then melded cards.

Remaining ties go to the first option in a fixed order (leave the lowest face out first, then
shapes in generation order), which depends only on the cards held, never on their order in hand.
"""

from __future__ import annotations

from collections.abc import Callable

from rummy.solver.problem import Problem

SHIFT_HI = 24
SHIFT_MID = 12
FIELD = 4095
OBJECTIVES = ("deadwood", "opening")
MAX_COPIES = 3  # a face's field holds 4 + count in 3 bits (three decks at most)
MAX_JOKERS = 31  # the joker field holds 32 + jokers in 6 bits


def gain_of(value: int, cards: int, points: int, objective: str) -> int:
    if objective == "deadwood":
        return (value << SHIFT_HI) | (cards << SHIFT_MID) | points
    return (points << SHIFT_HI) | (value << SHIFT_MID) | cards


def split_gain(gain: int, objective: str) -> tuple[int, int, int]:
    """``(value, cards, points)`` melded, back out of a gain."""
    hi, mid, lo = gain >> SHIFT_HI, (gain >> SHIFT_MID) & FIELD, gain & FIELD
    if objective == "deadwood":
        return hi, mid, lo
    return mid, lo, hi


class Search:
    """The packed state of a problem, its shapes indexed by lowest face, and the memoised DP."""

    __slots__ = ("by_low", "count_bits", "field", "guard", "joker_unit", "memo", "problem", "solve", "start", "unit")

    def __init__(self, problem: Problem, objective: str) -> None:
        if objective not in OBJECTIVES:
            raise ValueError(f"objective must be one of {', '.join(OBJECTIVES)}, not {objective!r}")
        if len(problem.jokers) > MAX_JOKERS or max(problem.counts, default=0) > MAX_COPIES:
            raise ValueError(f"The solver takes at most {MAX_COPIES} identical cards and {MAX_JOKERS} jokers.")
        self.problem = problem
        shapes = problem.shapes
        used = sorted({f for shape in shapes for f in shape[0]})
        slot = {f: i for i, f in enumerate(used)}
        counts = problem.counts
        unit: dict[int, int] = {f: 1 << (3 * slot[f]) for f in used}
        field: dict[int, int] = {}
        guard = 0
        start = 0
        for f in used:
            u = unit[f]
            field[u] = field[u << 1] = f
            guard |= u << 2
            start |= (4 + counts[f]) * u
        joker_unit = 1 << (3 * len(used))
        count_bits = guard >> 2 | guard >> 1  # the two count bits of every face field
        guard |= joker_unit << 5
        start |= (32 + len(problem.jokers)) * joker_unit
        by_low: dict[int, list[tuple[int, int, int]]] = {f: [] for f in used}
        value_first = objective == "deadwood"  # gain_of, inlined: this loop runs for every shape
        for index, (faces, jokers, _start, points, value) in enumerate(shapes):
            mask = jokers * joker_unit
            for f in faces:
                mask += unit[f]
            cards = len(faces) + jokers
            if value_first:
                gain = (value << SHIFT_HI) | (cards << SHIFT_MID) | points
            else:
                gain = (points << SHIFT_HI) | (value << SHIFT_MID) | cards
            by_low[min(faces)].append((mask, gain, index))
        self.unit = unit
        self.count_bits = count_bits
        self.field = field
        self.guard = guard
        self.joker_unit = joker_unit
        self.start = start
        self.by_low = by_low
        self.memo: dict[int, int] = {}
        self.solve = _make_solver(self.memo, count_bits, guard, field, unit, by_low)

    def path(self, state: int) -> list[int]:
        """The shapes (indices) of the best partition from ``state``, re-tracing ``solve``."""
        solve = self.solve
        chosen: list[int] = []
        count_bits = self.count_bits
        guard = self.guard
        while state & count_bits:
            best = solve(state)
            low = state & count_bits
            f = self.field[low & -low]
            rest = state - self.unit[f]
            if solve(rest) == best:
                state = rest
                continue
            for mask, gain, index in self.by_low[f]:
                rest = state - mask
                if (rest & guard) == guard and gain + solve(rest) == best:
                    chosen.append(index)
                    state = rest
                    break
            else:  # pragma: no cover - solve() and path() walk the same options
                raise AssertionError("solver path lost")
        return chosen


def _make_solver(
    memo: dict[int, int],
    count_bits: int,
    guard: int,
    field: dict[int, int],
    unit: dict[int, int],
    by_low: dict[int, list[tuple[int, int, int]]],
) -> Callable[[int], int]:
    """The DP as a closure over local names (the hot loop of the whole solver)."""
    get = memo.get

    def solve(state: int) -> int:
        best = get(state)
        if best is not None:
            return best
        low = state & count_bits
        if not low:
            return 0
        f = field[low & -low]
        best = solve(state - unit[f])
        for mask, gain, _index in by_low[f]:
            rest = state - mask
            if (rest & guard) == guard:
                value = gain + solve(rest)
                if value > best:
                    best = value
        memo[state] = best
        return best

    return solve
