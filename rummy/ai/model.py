"""The ``expert`` level's picture of the hidden cards: the opponents' hands and the stock, sampled so
that they agree with everything its seat has seen.

A :class:`HandModel` is built from a :class:`~rummy.view.PlayerView` and the seat's
:class:`~rummy.ai.memory.TableMemory` only. The cards it may hand out (the *pool*) are the pack less
every card the seat can see: its own hand, the melds on the table, the discard pile as remembered.
Cards an opponent took from the pile and has not played since are known to be in that hand, and go
there. The rest of each hand is drawn from the pool with weights: a card that pairs or connects
with a card the opponent discarded, or with a top discard it let go, is less likely to be held
(people keep what goes with what they hold). Where nobody has to open first, a hand some turns old
is drawn as a kept one, not a dealt one: cards that go with the cards already drawn for it are
likelier, and of a few such hands the one with fewer loose cards is likelier (checked against the
hands actually held: see benchmarks/README.md, the expert). The stock gets what is left, in a
random order.

:meth:`HandModel.sample` gives one :class:`World` per call; the same ``random.Random`` state gives
the same world. A view the model cannot account for (the pool's size does not match the hidden
cards' count, as after a player left in the middle of a deal) gives no model: the expert then
plays ``hard``'s move.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from rummy.ai.arrange import best_plan
from rummy.ai.memory import TableMemory
from rummy.cards import Card, make_pack
from rummy.rules import Rules
from rummy.view import PlayerView

UNLIKELY = 0.5  # weight factor of a card for each discard or pass of the opponent's that it goes with
FLOOR = 0.1  # the least weight a card keeps
AFFINITY = 3.0  # a hand card's weight grows by this for each card already in the hand it goes with...
RAMP = 10  # ...in full once the opponent has played this many turns (a dealt hand is random; a kept one is not)
TRIES = 6  # hands drawn per opponent, of which one is kept, likelier the fewer loose cards it has...
BETA = 1.0  # ...by a factor exp(-BETA) per loose card (ramped like the affinity)

FaceKey = tuple[int, int]


@dataclass(frozen=True)
class World:
    """One determinization: every hidden card placed."""

    hands: dict[int, list[Card]]  # every seat in the deal, the model's own seat included
    stock: list[Card]  # top last, like ``Deal.stock``
    discard: list[Card]  # top last, like ``Deal.discard``


def _face(card: Card) -> FaceKey:
    return (card.key[0], card.key[1])


def _take(pool: dict[FaceKey, list[Card]], card: Card, exact: bool = False) -> Card | None:
    """Remove from ``pool`` the physical card ``card`` (``exact``) or one of its face (None: none left)."""
    cards = pool.get(_face(card))
    if not cards:
        return None
    if exact:
        for i, found in enumerate(cards):
            if found.key == card.key:
                return cards.pop(i)
    return cards.pop()


def goes_with(a: Card, b: Card) -> bool:
    """Whether ``a`` and ``b`` could be two cards of one meld (same rank, or same suit and close)."""
    if a.rank is None or b.rank is None:
        return False
    if a.rank == b.rank:
        return a.suit != b.suit
    return a.suit == b.suit and (abs(int(a.rank) - int(b.rank)) <= 2 or {int(a.rank), int(b.rank)} & {1} != set())


class HandModel:
    """What ``view.seat`` can infer about the hidden cards (see the module docstring)."""

    def __init__(
        self,
        seat: int,
        pool: list[Card],
        known: dict[int, list[Card]],
        sizes: dict[int, int],
        pile: list[Card],
        missing_pile: int,
        weights: dict[int, dict[FaceKey, float]],
        own: list[Card],
        ramp: dict[int, float] | None = None,
        rules: Rules | None = None,
    ) -> None:
        self.seat = seat
        self.pool = pool  # hidden cards, in the pack's fixed order
        self.known = known  # seat -> cards known to be in that hand
        self.sizes = sizes  # seat -> hand size
        self.pile = pile  # the discard pile as remembered (top last), without the cards not remembered
        self.missing_pile = missing_pile  # pile cards below the remembered ones (drawn from the pool)
        self.weights = weights  # seat -> face -> weight (1 when absent)
        self.own = own
        self.ramp = ramp or {}  # seat -> how far (0 to 1) its hand is taken to be a kept one, not a dealt one
        self._fit_table: list[list[int]] | None = None
        self.rules = rules  # to count a drawn hand's loose cards (None: hands are not resampled)

    @classmethod
    def of(cls, view: PlayerView, memory: TableMemory | None) -> HandModel | None:
        """The model of ``view.seat``'s hidden cards, or None when the view cannot be accounted for."""
        seat = view.seat
        if seat is None or seat not in view.seats_in_deal:
            return None
        rules = view.rules
        others = [s for s in view.seats_in_deal if s != seat]
        remembered = list(memory.pile) if memory is not None else []
        if view.discard_top is None:
            remembered = []
        elif not remembered or remembered[-1] != view.discard_top:
            remembered = [view.discard_top]
        remembered = remembered[-view.discard_size :] if view.discard_size else []
        hidden = view.stock_size + sum(view.hand_sizes.get(s, 0) for s in others)
        for players in range(len(view.seats_in_deal), max(len(view.names), len(view.seats_in_deal)) + 1):
            pack = make_pack(rules.decks_for(players), rules.jokers_for(players))
            if len(pack) - len(view.hand) - sum(len(mv.meld.cards) for mv in view.melds) == hidden + view.discard_size:
                break
        else:
            return None
        pool: dict[FaceKey, list[Card]] = {}
        for card in reversed(pack):  # popped from the end: the first copies go first
            pool.setdefault(_face(card), []).append(card)
        top = [view.discard_top] if remembered and view.discard_top is not None else []
        for card in [*view.hand, *(c for mv in view.melds for c in mv.meld.cards), *top]:
            if _take(pool, card, exact=True) is None:  # physical cards first: the view shows which copy
                return None
        pile: list[Card] = []
        for card in remembered[:-1]:  # remembered by face only: any copy of it
            found = _take(pool, card)
            if found is None:
                return None
            pile.append(found)
        pile.extend(top)
        known: dict[int, list[Card]] = {}
        for other in others:
            held = memory.holding(other) if memory is not None else []
            placed = []
            for card in held[: view.hand_sizes.get(other, 0)]:
                found = _take(pool, card)
                if found is not None:
                    placed.append(found)
            known[other] = placed
        flat = [c for cards in pool.values() for c in cards]
        flat.sort(key=lambda c: c.key)
        if len(flat) != hidden + view.discard_size - len(pile) - sum(len(v) for v in known.values()):
            return None
        weights = {other: _weights(flat, memory, other) for other in others}
        sizes = {s: view.hand_sizes.get(s, 0) for s in others}
        rounds = view.turns // len(view.seats_in_deal)
        # Measured where a deal opens at once: with an opening to make, uniform draws were already as
        # close to the hands held as these, and these were closer than the hands held.
        kept = min(1.0, rounds / RAMP) if not rules.opening else 0.0
        ramp = {other: kept for other in others}
        return cls(seat, flat, known, sizes, pile, view.discard_size - len(pile), weights, list(view.hand), ramp, rules)

    def sample(self, rng: random.Random) -> World:
        """One placing of the hidden cards, drawn with ``rng``."""
        order = list(range(len(self.pool)))
        rng.shuffle(order)
        bottom = [self.pool[order.pop()] for _ in range(self.missing_pile)]
        hands: dict[int, list[Card]] = {self.seat: list(self.own)}
        for other, size in self.sizes.items():
            hand = list(self.known[other])
            need = size - len(hand)
            if need > 0:
                chosen = self._hand(order, hand, need, other, rng)
                taken = set(chosen)
                order = [i for i in order if i not in taken]
                hand.extend(self.pool[i] for i in chosen)
            hands[other] = hand
        return World(hands, [self.pool[i] for i in order], [*bottom, *self.pile])

    def _hand(self, order: list[int], known: list[Card], need: int, other: int, rng: random.Random) -> list[int]:
        """The pool indices of ``need`` cards for ``other``'s hidden part. A hand kept for some turns is not
        a random one (its owner kept what fits): measured on hands actually held, uniform draws were several
        loose cards farther from going out. So cards are drawn one at a time, a card's weight growing with
        the cards of the hand so far it goes with, and of ``TRIES`` such hands one is kept, likelier the
        fewer loose cards it has. Both effects ramp in over the opponent's first turns."""
        weights = self.weights[other]
        base = [weights.get(_face(self.pool[i]), 1.0) for i in range(len(self.pool))]
        ramp = self.ramp.get(other, 0.0)
        if ramp <= 0 or self.rules is None:
            return _weighted(order, base, need, rng)
        fits = self._fits()
        start = [sum(1 for k in known if _fit(self.pool[i], k)) for i in range(len(self.pool))]
        tries = [self._grown(order, base, start, fits, need, AFFINITY * ramp, rng) for _ in range(TRIES)]
        odds = [
            math.exp(-BETA * ramp * len(best_plan([*known, *(self.pool[i] for i in t)], self.rules).leftover))
            for t in tries
        ]
        return tries[_roulette(odds, rng)]

    @staticmethod
    def _grown(
        order: list[int],
        base: list[float],
        start: list[int],
        fits: list[list[int]],
        need: int,
        affinity: float,
        rng: random.Random,
    ) -> list[int]:
        count = list(start)
        left = list(order)
        chosen: list[int] = []
        for _ in range(need):
            pick = left.pop(_roulette([base[i] * (1.0 + affinity * count[i]) for i in left], rng))
            chosen.append(pick)
            for j in fits[pick]:
                count[j] += 1
        return chosen

    def _fits(self) -> list[list[int]]:
        """For each pool card, the pool cards it goes with (a joker goes with everything): computed once."""
        if self._fit_table is None:
            cards = self.pool
            self._fit_table = [[j for j, b in enumerate(cards) if j != i and _fit(a, b)] for i, a in enumerate(cards)]
        return self._fit_table

    def visible(self) -> list[Card]:
        """The cards the model never hands to an opponent's unknown part or the stock: for checks."""
        return [*self.own, *self.pile]


def _fit(a: Card, b: Card) -> bool:
    return a.is_joker or b.is_joker or goes_with(a, b)


def _weighted(order: list[int], base: list[float], need: int, rng: random.Random) -> list[int]:
    """``need`` of ``order`` without replacement, weighted by ``base`` (Efraimidis and Spirakis: the largest
    u ** (1 / w))."""
    keyed = sorted(order, key=lambda i: rng.random() ** (1.0 / base[i]), reverse=True)
    return sorted(keyed[:need])


def _roulette(weights: Sequence[float], rng: random.Random) -> int:
    """An index drawn with probability proportional to its weight."""
    pick = rng.random() * sum(weights)
    for i, w in enumerate(weights):
        pick -= w
        if pick < 0:
            return i
    return len(weights) - 1


def _weights(pool: Sequence[Card], memory: TableMemory | None, seat: int) -> dict[FaceKey, float]:
    if memory is None:
        return {}
    shown = [*memory.discarded(seat), *memory.declined(seat)]
    out: dict[FaceKey, float] = {}
    for card in pool:
        face = _face(card)
        if face in out or card.is_joker:
            continue
        hits = sum(1 for d in shown if goes_with(card, d))
        if hits:
            out[face] = max(FLOOR, UNLIKELY**hits)
    return out
