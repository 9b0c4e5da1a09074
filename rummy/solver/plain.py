"""The fast exact path for hands of distinct cards that cannot use a joker (one deck, no jokers).

Such a hand is one integer: four 16-bit lanes, one per suit, bit ``r`` of a lane for rank ``r``.
Runs live inside one suit, so the best runs of a lane come from a table (one entry per lane
mask, filled when a rules variant is first met): a lane splits into blocks of consecutive ranks,
and each block's best runs come from a small DP done once per variant. Sets cross
suits: every choice of sets is tried (none, the four, or one of the threes, for each rank held
three or four times; a ten-card hand has at most 24 such choices) and the lanes' table entries
are added to it. Gains pack the objective and its tie-breaks as :mod:`rummy.solver.search` does,
so both paths reach the same figures.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product

from rummy.cards import Card
from rummy.melds import HIGH_ACE
from rummy.solver.problem import MAX_RUN, Params
from rummy.solver.search import SHIFT_HI, gain_of

DEADWOOD = "deadwood"

LANE = 16
LANE_MASK = (1 << LANE) - 1
# lane offset of each suit (the solver's suit order: clubs, diamonds, hearts, spades)
SUIT_SHIFT: dict[str, int] = {"C": 0, "D": LANE, "H": 2 * LANE, "S": 3 * LANE}

Runs = tuple[tuple[int, int], ...]  # (start position, length) of each run


class RunTable:
    """Best runs of one suit for one rules variant, by lane mask (bit r for rank r)."""

    __slots__ = ("ace_high", "blocks", "gains", "objective", "params", "sets")

    def __init__(self, params: Params, objective: str) -> None:
        self.params = params
        self.objective = objective
        self.ace_high = params.ace_high
        self.blocks: dict[tuple[int, int, int], tuple[int, Runs]] = {}
        self.sets: dict[int, list[tuple[int, int]]] = {}  # set options by rank and suits held
        # every lane up front, once per variant: no call ever pays for a table miss
        self.gains: list[int] = [self.best(mask)[0] for mask in range(1 << 14)]

    def best(self, mask: int) -> tuple[int, Runs]:
        """(gain, runs); the ace low is tried before the ace high."""
        found = self._blocks(mask & ~(1 << HIGH_ACE), MAX_RUN)
        if self.ace_high and mask & 2:
            # make_meld lays a 13-card run from the ace low: up to the high ace, 12 cards at most
            high = self._blocks((mask & ~2) | (1 << HIGH_ACE), MAX_RUN - 1)
            if high[0] > found[0]:
                found = high
        return found

    def _blocks(self, positions: int, longest: int) -> tuple[int, Runs]:
        gain = 0
        runs: Runs = ()
        pos = 1
        while positions >> pos:
            if positions >> pos & 1:
                start = pos
                while positions >> pos & 1:
                    pos += 1
                if pos - start >= 3:
                    key = (start, pos - start, longest)
                    block = self.blocks.get(key)
                    if block is None:
                        block = self.blocks[key] = self._block(start, pos - start, longest)
                    gain += block[0]
                    runs += block[1]
            else:
                pos += 1
        return gain, runs

    def _block(self, first: int, size: int, longest: int) -> tuple[int, Runs]:
        """Best runs inside ``size`` consecutive positions from ``first`` (a DP from the top)."""
        p = self.params
        fv, rp, objective = p.face_value, p.run_points, self.objective
        end = first + size
        gain = [0] * (end + 1)
        choice = [0] * (end + 1)
        for pos in range(end - 1, first - 1, -1):
            best, pick, value = gain[pos + 1], 0, 0
            for length in range(1, min(end - pos, longest) + 1):
                last = pos + length - 1
                value += fv[1 if last == HIGH_ACE else last]
                if length >= 3:
                    g = gain_of(value, length, rp[pos + length] - rp[pos], objective) + gain[pos + length]
                    if g > best:
                        best, pick = g, length
            gain[pos], choice[pos] = best, pick
        runs: list[tuple[int, int]] = []
        pos = first
        while pos < end:
            if choice[pos]:
                runs.append((pos, choice[pos]))
                pos += choice[pos]
            else:
                pos += 1
        return gain[first], tuple(runs)


_TABLES: dict[tuple[bool, int, int, str], RunTable] = {}


def _table_key(params: Params, objective: str) -> tuple[bool, int, int, str]:
    """Everything a run table reads: the ace's rule, its value in hand and its points in a set."""
    return (params.ace_high, params.face_value[1], params.set_points[1], objective)


def run_table(params: Params, objective: str) -> RunTable:
    """The run table of these rules (shared by every rules object with the same ace and values)."""
    table: RunTable | None = params.cache.get(objective)
    if table is None:
        key = _table_key(params, objective)
        table = _TABLES.get(key)
        if table is None:
            table = _TABLES[key] = RunTable(params, objective)
        params.cache[objective] = table
    return table


def scan(hand: Sequence[Card], params: Params) -> tuple[int, int] | None:
    """``(lanes, total value)`` of the hand, or ``None`` if it holds a joker or two identical cards."""
    lanes = 0
    shift = SUIT_SHIFT
    try:
        for card in hand:
            lanes |= 1 << (shift[card.suit._value_] + card.rank)  # type: ignore[union-attr,operator]
    except AttributeError:  # a joker (no suit): the packed-count DP takes the hand
        return None
    if lanes.bit_count() != len(hand):  # two identical cards
        return None
    values: list[int] | None = params.cache.get("lane_values")
    if values is None:
        values = params.cache["lane_values"] = lane_values(params)
    total = (
        values[lanes & LANE_MASK]
        + values[lanes >> LANE & LANE_MASK]
        + values[lanes >> 2 * LANE & LANE_MASK]
        + values[lanes >> 3 * LANE]
    )
    return lanes, total


_LANE_VALUES: dict[int, list[int]] = {}


def tables_ready(params: Params, objectives: tuple[str, ...]) -> bool:
    """Whether the tables the fast path reads for these rules are built (each one costs tens of
    milliseconds, once per process and rules variant)."""
    if params.face_value[1] not in _LANE_VALUES:
        return False
    return all(objective in params.cache or _table_key(params, objective) in _TABLES for objective in objectives)


def lane_values(params: Params) -> list[int]:
    """Hand value of every lane mask (only the ace's value varies between rules)."""
    values = _LANE_VALUES.get(params.face_value[1])
    if values is None:
        fv = params.face_value
        values = [sum(fv[r] for r in range(1, 14) if m >> r & 1) for m in range(1 << 14)]
        _LANE_VALUES[params.face_value[1]] = values
    return values


def plain_min_deadwood(hand: Sequence[Card], params: Params) -> int | None:
    """The least deadwood of a hand of distinct cards without jokers; ``None`` for any other hand.

    :func:`scan` and :func:`plain_best` in one function: this is the call a computer player makes
    for every card it considers, so it pays no call it can avoid.
    """
    lanes = 0
    shift = SUIT_SHIFT
    try:
        for card in hand:
            lanes |= 1 << (shift[card.suit._value_] + card.rank)  # type: ignore[union-attr,operator]
    except AttributeError:
        return None
    if lanes.bit_count() != len(hand):
        return None
    cache = params.cache
    table: RunTable | None = cache.get(DEADWOOD)
    values: list[int] | None = cache.get("lane_values")
    if table is None or values is None:
        return None  # first call for these rules: the long way builds the tables
    a, b = lanes & LANE_MASK, lanes >> LANE & LANE_MASK
    c, d = lanes >> 2 * LANE & LANE_MASK, lanes >> 3 * LANE
    total = values[a] + values[b] + values[c] + values[d]
    gains = table.gains
    ranks = (a & b & (c | d)) | (c & d & (a | b))
    if not ranks:
        return total - ((gains[a] + gains[b] + gains[c] + gains[d]) >> SHIFT_HI)
    if ranks & (ranks - 1):  # sets in two ranks or more
        return total - (plain_best(lanes, params, DEADWOOD)[0] >> SHIFT_HI)
    rank = ranks.bit_length() - 1
    best = 0
    for gain, taken in _set_options(table, rank, lanes >> rank & SUIT_COLUMN):
        rest = lanes & ~taken
        gain += (
            gains[rest & LANE_MASK]
            + gains[rest >> LANE & LANE_MASK]
            + gains[rest >> 2 * LANE & LANE_MASK]
            + gains[rest >> 3 * LANE]
        )
        if gain > best:
            best = gain
    return total - (best >> SHIFT_HI)


def triples(lanes: int) -> int:
    """Bit r set for every rank held in three suits or more."""
    a, b = lanes & LANE_MASK, lanes >> LANE & LANE_MASK
    c, d = lanes >> 2 * LANE & LANE_MASK, lanes >> 3 * LANE
    return (a & b & (c | d)) | (c & d & (a | b))


SUIT_COLUMN = 1 | 1 << LANE | 1 << 2 * LANE | 1 << 3 * LANE  # bit 0 of every lane


def _set_options(table: RunTable, rank: int, column: int) -> list[tuple[int, int]]:
    """Ways to take sets out of one rank held in the suits of ``column``: (gain, lane bits), none first."""
    key = rank << 64 | column
    options = table.sets.get(key)
    if options is None:
        p = table.params
        held = [s for s in range(4) if column >> (s * LANE) & 1]
        options = [(0, 0)]
        for k in (4, 3) if len(held) == 4 else (3,):
            gain = gain_of(p.face_value[rank] * k, k, p.set_points[rank] * k, table.objective)
            options += [(gain, sum(1 << (s * LANE + rank) for s in chosen)) for chosen in combinations(held, k)]
        table.sets[key] = options
    return options


def plain_best(lanes: int, params: Params, objective: str) -> tuple[int, int]:
    """The best gain of the hand and the lane bits its sets take."""
    table = run_table(params, objective)
    gains = table.gains
    ranks = triples(lanes)
    if not ranks:
        return (
            gains[lanes & LANE_MASK]
            + gains[lanes >> LANE & LANE_MASK]
            + gains[lanes >> 2 * LANE & LANE_MASK]
            + gains[lanes >> 3 * LANE]
        ), 0
    per_rank = []
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        rank = low.bit_length() - 1
        per_rank.append(_set_options(table, rank, lanes >> rank & SUIT_COLUMN))
    choices = (
        per_rank[0]
        if len(per_rank) == 1
        else [(sum(g for g, _ in combo), sum(t for _, t in combo)) for combo in product(*per_rank)]
    )
    best, best_taken = -1, 0
    for total, taken in choices:
        rest = lanes & ~taken
        total += (
            gains[rest & LANE_MASK]
            + gains[rest >> LANE & LANE_MASK]
            + gains[rest >> 2 * LANE & LANE_MASK]
            + gains[rest >> 3 * LANE]
        )
        if total > best:
            best, best_taken = total, taken
    return best, best_taken


def card_bit(card: Card) -> int:
    """The lane bit of a natural card."""
    assert card.rank is not None and card.suit is not None
    return 1 << (SUIT_SHIFT[card.suit._value_] + card.rank)
