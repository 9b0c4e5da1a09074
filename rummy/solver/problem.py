"""A hand turned into the solver's compact problem: distinct faces with counts, and every meld shape.

Identical cards (two 7♥ from two decks) are interchangeable for every objective, so the solver
works on *faces* with a count each, not on physical cards; physical cards are handed out again
only when the answer is built (lowest ``copy`` first). Jokers are interchangeable too and are
only counted.

A *shape* is one way to meld: which faces (one copy each), how many jokers, and for a run the
window it occupies. For a given choice of faces and jokers only the window worth the most meld
points is kept (a joker at the end of a run stands as high as the rules allow), so the shapes are
exactly the melds :func:`rummy.melds.make_meld` accepts, up to where a run's jokers stand.
(``make_meld`` always lays a 13-card run from the ace low, so no shape does otherwise.) Where the
rules place such a joker low (:attr:`JokerPlace.LOWER`), the lowest window is the only one kept.

Shapes are plain tuples on the hot path: ``(faces, jokers, start, points, value)`` where
``faces`` are indices into :attr:`Problem.codes` (window order for runs, suit order for sets) and
``start`` is the run's first position (1 = ace low ... 14 = ace high), or 0 for a set.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from rummy.cards import Card, Rank, Suit
from rummy.melds import HIGH_ACE, position_points, set_points
from rummy.rules import AceRule, JokerLimit, JokerPlace, Rules

MAX_RUN = 13

# Suit order used in face codes (code = suit * 16 + rank); the same order as Card.sort_key.
SUIT_INDEX: dict[str, int] = {s.value: s.order for s in Suit}
SUITS: tuple[Suit, ...] = tuple(sorted(Suit, key=lambda s: s.order))
RANKS: tuple[Rank, ...] = tuple(Rank)

Shape = tuple[tuple[int, ...], int, int, int, int]


class Params:
    """The few facts of a :class:`Rules` the solver reads, with lookup tables."""

    __slots__ = (
        "ace_high",
        "cache",
        "face_value",
        "joker_cap",
        "joker_low",
        "joker_value",
        "run_points",
        "set_points",
        "top",
    )

    def __init__(self, rules: Rules) -> None:
        self.ace_high = rules.ace is AceRule.LOW_OR_HIGH
        self.top = HIGH_ACE if self.ace_high else 13
        if rules.jokers == 0:
            self.joker_cap = 0
        elif rules.joker_limit is JokerLimit.ONE:
            self.joker_cap = 1
        else:
            self.joker_cap = 99
        self.joker_value = rules.joker_value
        self.joker_low = rules.joker_place is JokerPlace.LOWER  # a run's spare jokers go below it
        # index by rank 1..13 (index 0 unused)
        self.face_value = [0, rules.ace_value] + [min(r, 10) for r in range(2, 14)]
        self.set_points = [0] + [set_points(Rank(r), rules) for r in range(1, 14)]
        # run_points[p] = sum of meld points of positions 1..p-1 (prefix sums; ace high is 11)
        per = [0] + [position_points(p) for p in range(1, HIGH_ACE + 1)]
        self.run_points = [sum(per[:p]) for p in range(HIGH_ACE + 2)]
        self.cache: dict[str, Any] = {}  # tables built from these facts (see rummy.solver.plain)


_PARAMS: dict[int, tuple[Rules, Params]] = {}


def params_for(rules: Rules) -> Params:
    """Cached :class:`Params` for ``rules`` (keyed by identity: presets are long-lived objects)."""
    hit = _PARAMS.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    if len(_PARAMS) > 256:
        _PARAMS.clear()
    made = Params(rules)
    _PARAMS[id(rules)] = (rules, made)
    return made


class Problem:
    """The distinct faces of a hand, the physical cards behind them, and every meld shape."""

    __slots__ = ("cards", "codes", "counts", "jokers", "params", "shapes")

    def __init__(self, hand: Sequence[Card], rules: Rules) -> None:
        p = self.params = params_for(rules)
        keyed: list[tuple[int, Card]] = []
        jokers: list[Card] = []
        for card in hand:
            rank = card.rank
            if rank is None:
                jokers.append(card)
            else:
                suit = card.suit
                assert suit is not None
                keyed.append((((SUIT_INDEX[suit._value_] << 4) | rank._value_) << 8 | card.copy, card))
        keyed.sort(key=_first)
        jokers.sort(key=_copy)
        codes: list[int] = []
        cards: list[list[Card]] = []
        last = -1
        for key, card in keyed:
            code = key >> 8
            if code != last:
                codes.append(code)
                cards.append([card])
                last = code
            else:
                cards[-1].append(card)
        self.codes = codes
        self.cards = cards
        self.counts = [len(c) for c in cards]
        self.jokers = jokers
        cap = min(p.joker_cap, len(jokers))
        self.shapes = _set_shapes(codes, p, cap) + _run_shapes(codes, p, cap)

    def face_value(self, index: int) -> int:
        return self.params.face_value[self.codes[index] & 15]


def _first(item: tuple[int, Card]) -> int:
    return item[0]


def _copy(card: Card) -> int:
    return card.copy


def _set_shapes(codes: list[int], p: Params, cap: int) -> list[Shape]:
    """Sets: 3-4 cards of one rank, every suit different, jokers within the limits."""
    by_rank: dict[int, list[int]] = {}
    for i, code in enumerate(codes):
        by_rank.setdefault(code & 15, []).append(i)
    out: list[Shape] = []
    fv = p.face_value
    jv = p.joker_value
    for rank, faces in by_rank.items():
        n = len(faces)
        if n + cap < 3 or n < 2:
            continue
        per = p.set_points[rank]
        value = fv[rank]
        for k in range(2, n + 1):
            for jokers in range(0, min(cap, k, 4 - k) + 1):
                size = k + jokers
                if size < 3:
                    continue
                for chosen in combinations(faces, k):
                    out.append((chosen, jokers, 0, per * size, value * k + jv * jokers))
    return out


def _run_shapes(codes: list[int], p: Params, cap: int) -> list[Shape]:
    """Runs: 3+ cards of one suit in sequence, jokers filling gaps or extending the ends."""
    out: list[Shape] = []
    by_suit: list[list[tuple[int, int]]] = [[], [], [], []]
    for i, code in enumerate(codes):
        rank = code & 15
        by_suit[code >> 4].append((rank, i))
        if rank == 1 and p.ace_high:
            by_suit[code >> 4].append((HIGH_ACE, i))
    for positions in by_suit:
        if len(positions) + cap < 3 or len(positions) < 2:
            continue
        positions.sort()
        if cap == 0:
            _plain_runs(positions, p, out)
        else:
            _joker_runs(positions, p, cap, out)
    return out


def _plain_runs(positions: list[tuple[int, int]], p: Params, out: list[Shape]) -> None:
    """Runs without jokers: every window of 3 to 13 inside a block of consecutive positions."""
    fv = p.face_value
    rp = p.run_points
    n = len(positions)
    i = 0
    while i < n:
        k = i
        while k + 1 < n and positions[k + 1][0] == positions[k][0] + 1:
            k += 1
        if k - i >= 2:
            block = positions[i : k + 1]
            faces = [f for _pos, f in block]
            values = [fv[pos if pos < HIGH_ACE else 1] for pos, _f in block]
            for a in range(len(block) - 2):
                start = block[a][0]
                for b in range(a + 3, min(len(block), a + MAX_RUN) + 1):
                    if b - a == MAX_RUN and start != 1:
                        continue  # make_meld lays every 13-card run from the ace low
                    out.append(
                        (
                            tuple(faces[a:b]),
                            0,
                            start,
                            rp[start + b - a] - rp[start],
                            sum(values[a:b]),
                        )
                    )
        i = k + 1


def _joker_runs(positions: list[tuple[int, int]], p: Params, cap: int, out: list[Shape]) -> None:
    """Runs with up to ``cap`` jokers: every natural subset (lowest and highest card, any of the
    cards between) whose gaps the jokers can fill, with spare jokers at the ends."""
    fv = p.face_value
    rp = p.run_points
    jv = p.joker_value
    top = p.top
    low = p.joker_low
    faces = [f for _pos, f in positions]
    values = [fv[pos if pos < HIGH_ACE else 1] for pos, _f in positions]
    # the same faces can come twice only through an ace held low and high: keep the best window
    twin_ace = positions[-1][0] == HIGH_ACE
    best: dict[tuple[tuple[int, ...], int], Shape] = {}
    found: list[Shape] = []
    n = len(positions)
    for i in range(n - 1):
        lo = positions[i][0]
        for k in range(i + 1, n):
            hi = positions[k][0]
            span = hi - lo + 1
            inner = k - i - 1
            missing = span - 2 - inner
            if span > MAX_RUN or missing > cap:
                break  # both only grow with k
            if faces[k] == faces[i]:
                continue
            for dropped in range(min(cap - missing, inner) + 1):
                naturals = inner + 2 - dropped
                low_j = max(missing + dropped, 3 - naturals)
                high_j = min(cap, naturals, MAX_RUN - naturals)
                if low_j > high_j:
                    continue
                if dropped == 0:
                    subsets = [(tuple(faces[i : k + 1]), sum(values[i : k + 1]))]
                else:
                    subsets = []
                    for omit in combinations(range(i + 1, k), dropped):
                        kept = [j for j in range(i, k + 1) if j not in omit]
                        subsets.append((tuple(faces[j] for j in kept), sum(values[j] for j in kept)))
                for chosen, value in subsets:
                    for jokers in range(low_j, high_j + 1):
                        length = naturals + jokers
                        if low:  # the lowest window: where make_meld puts unpinned jokers
                            start = max(1, hi - length + 1)
                        else:  # the highest window scores most; make_meld lays a 13-card run from 1
                            start = 1 if length == MAX_RUN else min(lo, top - length + 1)
                        shape = (chosen, jokers, start, rp[start + length] - rp[start], value + jv * jokers)
                        if not twin_ace:
                            found.append(shape)
                            continue
                        old = best.get((chosen, jokers))
                        if old is None or (old[2] > start if low else old[3] < shape[3]):
                            best[chosen, jokers] = shape
    out.extend(found if not twin_ace else best.values())
