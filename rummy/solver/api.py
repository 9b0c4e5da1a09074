"""The solver's public functions: best melds for a hand, best discard, every candidate meld."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from rummy.cards import Card, Face, Rank, sort_hand
from rummy.melds import HIGH_ACE, Meld, make_meld
from rummy.rules import Rules
from rummy.scoring import card_value, hand_value
from rummy.solver.plain import (
    LANE,
    LANE_MASK,
    card_bit,
    plain_best,
    plain_min_deadwood,
    run_table,
    scan,
    tables_ready,
)
from rummy.solver.problem import MAX_RUN, SUITS, Params, Problem, Shape, params_for
from rummy.solver.search import OBJECTIVES, SHIFT_HI, Search, split_gain


@dataclass(frozen=True)
class Solution:
    """The best way to meld a hand under one objective.

    ``melds`` are real :class:`Meld` values made by :func:`make_meld` from the hand's physical
    cards (a joker in a run stands where it scores most); ``leftover`` is sorted with
    :func:`sort_hand`.
    """

    melds: tuple[Meld, ...]
    deadwood: int  # value of the cards left out (scoring.card_value)
    melded_points: int  # sum of Meld.points(rules)
    leftover: tuple[Card, ...]


def best_melds(hand: Sequence[Card], rules: Rules, objective: str = "deadwood") -> Solution:
    """The exact best melds of ``hand``.

    ``objective="deadwood"``: least value left out; ties go to fewer cards left out, then more meld
    points. ``objective="opening"``: most meld points (to reach the opening threshold); ties go to
    less deadwood, then fewer cards left out. Any tie left is settled by the solver's fixed search
    order, which depends on the cards held, never on their order in ``hand``.
    """
    _check_objective(objective)
    params = params_for(rules)
    scanned = scan(hand, params)
    if scanned is not None:
        return _build_plain(hand, scanned, params, rules, objective)
    problem = Problem(hand, rules)
    if not problem.shapes:
        return _build(problem, [], rules, None)
    search = Search(problem, objective)
    return _build(problem, [problem.shapes[i] for i in search.path(search.start)], rules, None)


def is_quick(hand: Sequence[Card], rules: Rules, objectives: Sequence[str] = ("deadwood",)) -> bool:
    """Whether every call under ``objectives`` on ``hand``, or on any part of it, takes the fast
    path with its tables already built: distinct cards of one deck, no joker. Such calls are a
    few table lookups per suit (a whole hand's advice, discards included, takes well under a
    millisecond); any other hand may need a search. Building nothing, it is cheap to ask."""
    for objective in objectives:
        _check_objective(objective)
    params = params_for(rules)
    if not tables_ready(params, tuple(objectives)):
        return False
    return scan(hand, params) is not None


def min_deadwood(hand: Sequence[Card], rules: Rules) -> int:
    """The least deadwood of ``hand`` alone (what :func:`best_melds` finds, without building melds)."""
    params = params_for(rules)
    found = plain_min_deadwood(hand, params)
    if found is not None:
        return found
    scanned = scan(hand, params)
    if scanned is not None:
        return scanned[1] - (plain_best(scanned[0], params, "deadwood")[0] >> SHIFT_HI)
    problem = Problem(hand, rules)
    total = hand_value(hand, rules)
    if not problem.shapes:
        return total
    search = Search(problem, "deadwood")
    return total - split_gain(search.solve(search.start), "deadwood")[0]


def best_discard(
    hand: Sequence[Card],
    rules: Rules,
    forbidden: Card | None = None,
    objective: str = "deadwood",
) -> tuple[Card, Solution]:
    """The discard that leaves the best kept hand, and the :class:`Solution` for the kept cards.

    ``hand`` holds one card more than will be kept. Every discard is tried except the physical
    card ``forbidden`` (matched by :attr:`Card.key`: the card just taken from the discard pile).
    ``deadwood``: least deadwood kept; ``opening``: most meld points kept, then least deadwood.
    Ties go to the higher-value discard, then to the first card in :meth:`Card.sort_key` order.
    Raises ``ValueError`` when no card may be discarded.
    """
    _check_objective(objective)
    params = params_for(rules)
    scanned = scan(hand, params)
    if scanned is not None:
        return _discard_plain(hand, scanned, params, rules, forbidden, objective)
    problem = Problem(hand, rules)
    search = Search(problem, objective) if problem.shapes else None
    total = hand_value(hand, rules)
    barred = forbidden.key if forbidden is not None else None
    options: list[tuple[Card, int]] = []  # (card, state removed)
    for f, copies in enumerate(problem.cards):
        card = next((c for c in copies if c.key != barred), None)
        if card is not None:
            options.append((card, search.unit.get(f, 0) if search else 0))
    joker = next((c for c in problem.jokers if c.key != barred), None)
    if joker is not None:
        options.append((joker, search.joker_unit if search else 0))
    if not options:
        raise ValueError("There is no card that may be discarded.")
    best: tuple[tuple[int, ...], Card, int] | None = None
    for order, (card, removed) in enumerate(options):
        value, _cards, points = (0, 0, 0)
        if search is not None:
            value, _cards, points = split_gain(search.solve(search.start - removed), objective)
        worth = card_value(card, rules)
        key = _discard_key(total - worth - value, points, worth, order, objective)
        if best is None or key < best[0]:
            best = (key, card, removed)
    assert best is not None
    _key, card, removed = best
    chosen = [] if search is None else [problem.shapes[i] for i in search.path(search.start - removed)]
    return card, _build(problem, chosen, rules, card)


def candidate_melds(hand: Sequence[Card], rules: Rules) -> list[Meld]:
    """Every distinct meld the hand can make (each run with a joker at every place it can stand, or
    only at the lower place where the rules put it there).

    Made by :func:`make_meld` from the hand's physical cards; sets first, then runs, in a fixed order.
    """
    problem = Problem(hand, rules)
    out: dict[Meld, None] = {}
    top = problem.params.top
    for shape in problem.shapes:
        faces, jokers, start, _points, _value = shape
        if start == 0 or jokers == 0 or problem.params.joker_low:  # low jokers: the shape's one place
            out.setdefault(_meld(problem, shape, rules, None), None)
            continue
        length = len(faces) + jokers
        ranks = [problem.codes[f] & 15 for f in faces]
        high_options = [False, True] if 1 in ranks and problem.params.ace_high else [False]
        for ace_high in high_options:
            positions = [HIGH_ACE if (r == 1 and ace_high) else r for r in ranks]
            lo, hi = min(positions), max(positions)
            if hi - lo + 1 > length:
                continue
            last = 1 if length == MAX_RUN else min(lo, top - length + 1)  # make_meld: 13 cards from 1
            for first in range(max(1, hi - length + 1), last + 1):
                out.setdefault(_meld(problem, (faces, jokers, first, 0, 0), rules, None), None)
    return list(out)


def _discard_key(deadwood: int, points: int, worth: int, order: int, objective: str) -> tuple[int, ...]:
    """Smallest is best: the objective, then the higher-value discard, then card order."""
    if objective == "deadwood":
        return (deadwood, -worth, order)
    return (-points, deadwood, -worth, order)


def _discard_plain(
    hand: Sequence[Card],
    scanned: tuple[int, int],
    params: Params,
    rules: Rules,
    forbidden: Card | None,
    objective: str,
) -> tuple[Card, Solution]:
    """:func:`best_discard` for a hand of distinct cards without usable jokers."""
    lanes, total = scanned
    barred = forbidden.key if forbidden is not None else None
    options = sorted((c for c in hand if not c.is_joker and c.key != barred), key=Card.sort_key)
    joker = next((c for c in sorted(hand, key=_copy) if c.is_joker and c.key != barred), None)
    if joker is not None:
        options.append(joker)
    if not options:
        raise ValueError("There is no card that may be discarded.")
    best: tuple[tuple[int, ...], Card] | None = None
    for order, card in enumerate(options):
        worth = card_value(card, rules)
        rest = lanes if card.is_joker else lanes & ~card_bit(card)
        value, _cards, points = split_gain(plain_best(rest, params, objective)[0], objective)
        key = _discard_key(total - worth - value, points, worth, order, objective)
        if best is None or key < best[0]:
            best = (key, card)
    assert best is not None
    card = best[1]
    kept = [c for c in hand if c is not card]
    rest = lanes if card.is_joker else lanes & ~card_bit(card)
    return card, _build_plain(kept, (rest, total - card_value(card, rules)), params, rules, objective)


def _copy(card: Card) -> int:
    return card.copy


# -- building the answer ---------------------------------------------------------------------


def _build_plain(
    hand: Sequence[Card], scanned: tuple[int, int], params: Params, rules: Rules, objective: str
) -> Solution:
    """The :class:`Solution` of a hand of distinct cards: the chosen sets, then each suit's runs.

    Cards are handled as lane bits, whose order is the order of :meth:`Card.sort_key`.
    """
    lanes, total = scanned
    gain, taken = plain_best(lanes, params, objective)
    by_bit: dict[int, Card] = {}
    jokers: list[Card] = []
    for card in hand:
        if card.rank is None:
            jokers.append(card)
        else:
            by_bit[card_bit(card)] = card
    groups: list[list[int]] = []
    if taken:
        for r in range(1, 14):
            bits = [1 << (s * LANE + r) for s in range(4) if taken >> (s * LANE + r) & 1]
            if bits:
                groups.append(bits)
    rest = lanes & ~taken
    table = run_table(params, objective)
    for s in range(4):
        lane = rest >> (s * LANE) & LANE_MASK
        if table.gains[lane]:
            for start, length in table.best(lane)[1]:
                groups.append([1 << (s * LANE + (1 if p == HIGH_ACE else p)) for p in range(start, start + length)])
    groups.sort(key=min)
    melds = tuple(make_meld([by_bit[b] for b in g], rules) for g in groups)
    left = lanes & ~sum(b for g in groups for b in g)
    leftover: list[Card] = []
    while left:
        low = left & -left
        leftover.append(by_bit[low])
        left ^= low
    leftover += sorted(jokers, key=_copy)
    value, _cards, points = split_gain(gain, objective)
    return Solution(melds=melds, deadwood=total - value, melded_points=points, leftover=tuple(leftover))


def _check_objective(objective: str) -> None:
    if objective not in OBJECTIVES:
        raise ValueError(f"objective must be one of {', '.join(OBJECTIVES)}, not {objective!r}")


def _build(problem: Problem, shapes: list[Shape], rules: Rules, discard: Card | None) -> Solution:
    """Hand out physical cards (lowest copy first) to the chosen shapes; the rest is left over."""
    pools = [list(copies) for copies in problem.cards]
    jokers = list(problem.jokers)
    if discard is not None:
        for pool in [*pools, jokers]:
            at = next((i for i, c in enumerate(pool) if c is discard), None)
            if at is not None:
                del pool[at]  # by identity: list.remove would take an identical twin
                break
    melds = tuple(_meld(problem, shape, rules, (pools, jokers)) for shape in shapes)
    leftover = tuple(sort_hand([c for pool in pools for c in pool] + jokers))
    return Solution(
        melds=melds,
        deadwood=hand_value(leftover, rules),
        melded_points=sum(m.points(rules) for m in melds),
        leftover=leftover,
    )


def _meld(
    problem: Problem,
    shape: Shape,
    rules: Rules,
    pools: tuple[list[list[Card]], list[Card]] | None,
) -> Meld:
    """The :class:`Meld` of one shape, taking its cards out of ``pools`` (or the first copies)."""
    faces, joker_count, start, _points, _value = shape
    if pools is None:
        naturals = [problem.cards[f][0] for f in faces]
        jokers = problem.jokers[:joker_count]
    else:
        naturals = [pools[0][f].pop(0) for f in faces]
        jokers = [pools[1].pop(0) for _ in range(joker_count)]
    if start == 0:
        return make_meld(naturals + jokers, rules)
    suit = SUITS[problem.codes[faces[0]] >> 4]
    by_rank = {problem.codes[f] & 15: card for f, card in zip(faces, naturals, strict=True)}
    spare = list(jokers)
    cards: list[Card] = []
    for position in range(start, start + len(faces) + joker_count):
        rank = 1 if position == HIGH_ACE else position
        card = by_rank.get(rank)
        if card is None:
            joker = spare.pop(0)
            card = Card(None, None, joker.copy, Face(Rank(rank), suit))
        cards.append(card)
    meld = make_meld(cards, rules)
    # make_meld unpins jokers into new objects: give back the hand's own joker cards
    own = {j.copy: j if j.stands_for is None else j.unpinned() for j in jokers}
    return dataclasses.replace(meld, cards=tuple(own[c.copy] if c.is_joker else c for c in meld.cards))
