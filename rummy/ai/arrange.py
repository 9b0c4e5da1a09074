"""Splitting a hand into melds: a small exact search over candidate melds, used by the computer players.

A hand is reduced to counts of faces plus a number of jokers, every meld the hand could make is listed
once, and a memoised search picks the split that is best for the objective: the least deadwood, or the
most meld points (to reach an opening threshold). Jokers in runs come back pinned (``JK=6S``) so the
engine puts them where the plan counted them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations

from rummy.cards import Card, Face, Rank, Suit
from rummy.melds import HIGH_ACE, position_points
from rummy.rules import AceRule, JokerLimit, Rules
from rummy.scoring import card_value

SUITS = tuple(sorted(Suit, key=lambda s: s.order))
Objective = str  # "deadwood" | "opening"


def face_id(card: Card) -> int:
    """0..51 for a natural card (suit order * 13 + rank - 1); callers never pass a joker."""
    assert card.rank is not None and card.suit is not None
    return card.suit.order * 13 + int(card.rank) - 1


def _face_of(fid: int) -> Face:
    return Face(Rank(fid % 13 + 1), SUITS[fid // 13])


@dataclass(frozen=True)
class Candidate:
    """One meld the hand could make: the faces it takes, how many jokers, and where they sit."""

    faces: tuple[int, ...]  # face ids of the natural cards, sorted
    jokers: tuple[Face | None, ...]  # what each joker stands for (None: a set joker, suit open)
    points: int

    @property
    def size(self) -> int:
        return len(self.faces) + len(self.jokers)


@dataclass(frozen=True)
class Plan:
    """A split of a hand: melds ready for :class:`rummy.actions.Meld`, and the cards left over."""

    melds: tuple[tuple[Card, ...], ...]
    points: int  # meld points (toward an opening)
    deadwood: int  # value of the cards left over
    leftover: tuple[Card, ...]

    @property
    def melded(self) -> int:
        return sum(len(m) for m in self.melds)


def _joker_cap(rules: Rules, naturals: int) -> int:
    if rules.jokers == 0:
        return 0
    if rules.joker_limit is JokerLimit.ONE:
        return 1
    return naturals


def candidates(counts: dict[int, int], jokers: int, rules: Rules) -> list[Candidate]:
    """Every set and run the faces in ``counts`` plus ``jokers`` can make (jokers never replace a held card)."""
    out: list[Candidate] = []
    top = HIGH_ACE if rules.ace is AceRule.LOW_OR_HIGH else 13
    spare = min(jokers, _joker_cap(rules, 13))
    for s, suit in enumerate(SUITS):
        held = [False] * (HIGH_ACE + 2)
        for pos in range(1, top + 1):
            held[pos] = counts.get(s * 13 + (0 if pos == HIGH_ACE else pos - 1), 0) > 0
        for start in range(1, top - 1):
            if not held[start] and not spare:
                continue
            missing: list[int] = []
            for end in range(start, min(top, start + 12) + 1):
                if not held[end]:
                    missing.append(end)
                    if len(missing) > spare:
                        break
                naturals = end - start + 1 - len(missing)
                if end - start < 2 or naturals == 0 or len(missing) > _joker_cap(rules, naturals):
                    continue
                positions = range(start, end + 1)
                faces = tuple(sorted(s * 13 + (0 if p == HIGH_ACE else p - 1) for p in positions if held[p]))
                jk = tuple(Face(Rank(1 if p == HIGH_ACE else p), suit) for p in missing)
                out.append(Candidate(faces, jk, sum(position_points(p) for p in positions)))
    for rank in range(1, 14):
        suits = [s for s in range(4) if counts.get(s * 13 + rank - 1, 0) > 0]
        per = rules.ace_in_set_points if rank == 1 else min(rank, 10)
        for n in range(1, len(suits) + 1):
            for chosen in combinations(suits, n):
                for j in range(0, min(jokers, _joker_cap(rules, n)) + 1):
                    if 3 <= n + j <= 4:
                        faces = tuple(s * 13 + rank - 1 for s in chosen)
                        out.append(Candidate(faces, (None,) * j, per * (n + j)))
    return out


def best_plan(hand: Sequence[Card], rules: Rules, objective: Objective = "deadwood") -> Plan:
    """The split of ``hand`` with the least deadwood (``"deadwood"``) or the most meld points (``"opening"``)."""
    counts: dict[int, int] = {}
    jokers = [c for c in hand if c.is_joker]
    for c in hand:
        if not c.is_joker:
            counts[face_id(c)] = counts.get(face_id(c), 0) + 1
    order = tuple(sorted(counts))
    chosen = _search(tuple(counts[f] for f in order), order, len(jokers), rules, objective)
    return _build(hand, chosen, rules)


def _value(fid: int, rules: Rules) -> int:
    rank = fid % 13 + 1
    return rules.ace_value if rank == 1 else min(rank, 10)


@lru_cache(maxsize=1 << 16)
def _search(start: tuple[int, ...], order: tuple[int, ...], jokers: int, rules: Rules,
            objective: Objective) -> tuple[Candidate, ...]:
    """The chosen melds for a hand given as face counts (cached: the same hand comes back often)."""
    cands = candidates(dict(zip(order, start, strict=True)), jokers, rules)
    index = {f: i for i, f in enumerate(order)}
    by_first: dict[int, list[tuple[Candidate, tuple[int, ...]]]] = {}
    for cand in cands:
        need = [0] * len(order)
        for f in cand.faces:
            need[index[f]] += 1
        by_first.setdefault(index[cand.faces[0]], []).append((cand, tuple(need)))
    # A candidate is tried when its lowest face is the lowest left: every face below it is settled.
    values = [_value(f, rules) for f in order]
    opening = objective == "opening"

    @cache
    def go(state: tuple[int, ...], left: int) -> tuple[tuple[int, int], tuple[Candidate, ...]]:
        first = next((i for i, n in enumerate(state) if n), -1)
        if first < 0:
            dead = left * rules.joker_value
            return ((0, dead) if opening else (dead, 0)), ()
        rest = list(state)
        rest[first] -= 1
        (a, b), used = go(tuple(rest), left)
        best = ((a, b + values[first]) if opening else (a + values[first], b)), used
        for cand, need in by_first.get(first, ()):
            if len(cand.jokers) > left or any(n > have for n, have in zip(need, state, strict=True)):
                continue
            after = tuple(have - n for n, have in zip(need, state, strict=True))
            (a, b), used = go(after, left - len(cand.jokers))
            key = (a - cand.points, b) if opening else (a, b - cand.points)
            if key < best[0]:
                best = key, (cand, *used)
        return best

    return go(start, jokers)[1]


def _build(hand: Sequence[Card], chosen: Sequence[Candidate], rules: Rules) -> Plan:
    pool = list(hand)
    melds: list[tuple[Card, ...]] = []
    for cand in chosen:
        group: list[Card] = []
        for f in cand.faces:
            card = next(c for c in pool if not c.is_joker and face_id(c) == f)
            pool.remove(card)
            group.append(card)
        for face in cand.jokers:
            joker = next(c for c in pool if c.is_joker)
            pool.remove(joker)
            group.append(Card(None, None, joker.copy, face) if face is not None else joker)
        melds.append(tuple(group))
    return Plan(tuple(melds), sum(c.points for c in chosen),
                sum(card_value(c, rules) for c in pool), tuple(pool))


def deadwood(cards: Iterable[Card], rules: Rules) -> int:
    return sum(card_value(c, rules) for c in cards)
