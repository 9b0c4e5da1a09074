"""The ``expert`` level's picture of the hidden cards: the opponents' hands and the stock, sampled so
that they agree with everything its seat has seen.

A :class:`HandModel` is built from a :class:`~rummy.view.PlayerView` and the seat's
:class:`~rummy.ai.memory.TableMemory` only. The cards it may hand out (the *pool*) are the pack less
every card the seat can see: its own hand, the melds on the table, the discard pile as remembered.
Cards an opponent took from the pile and has not played since are known to be in that hand, and go
there. The rest of each hand is drawn from the pool with weights: a card that pairs or connects
with a card the opponent discarded, or with a top discard it let go, is less likely to be held
(people keep what goes with what they hold). The stock gets what is left, in a random order.

:meth:`HandModel.sample` gives one :class:`World` per call; the same ``random.Random`` state gives
the same world. A view the model cannot account for (the pool's size does not match the hidden
cards' count, as after a player left in the middle of a deal) gives no model: the expert then
plays ``hard``'s move.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from rummy.ai.memory import TableMemory
from rummy.cards import Card, make_pack
from rummy.view import PlayerView

UNLIKELY = 0.5  # weight factor of a card for each discard or pass of the opponent's that it goes with
FLOOR = 0.1  # the least weight a card keeps

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
    ) -> None:
        self.seat = seat
        self.pool = pool  # hidden cards, in the pack's fixed order
        self.known = known  # seat -> cards known to be in that hand
        self.sizes = sizes  # seat -> hand size
        self.pile = pile  # the discard pile as remembered (top last), without the cards not remembered
        self.missing_pile = missing_pile  # pile cards below the remembered ones (drawn from the pool)
        self.weights = weights  # seat -> face -> weight (1 when absent)
        self.own = own

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
        return cls(seat, flat, known, sizes, pile, view.discard_size - len(pile), weights, list(view.hand))

    def sample(self, rng: random.Random) -> World:
        """One placing of the hidden cards, drawn with ``rng``."""
        pool = list(self.pool)
        rng.shuffle(pool)
        bottom = [pool.pop() for _ in range(self.missing_pile)]
        hands: dict[int, list[Card]] = {self.seat: list(self.own)}
        for other, size in self.sizes.items():
            hand = list(self.known[other])
            need = size - len(hand)
            if need > 0:
                weights = self.weights[other]
                # Weighted sampling without replacement (Efraimidis and Spirakis): the largest u ** (1 / w).
                keyed = sorted(
                    range(len(pool)),
                    key=lambda i: rng.random() ** (1.0 / weights.get(_face(pool[i]), 1.0)),
                    reverse=True,
                )
                chosen = set(keyed[:need])
                hand.extend(pool[i] for i in sorted(chosen))
                pool = [c for i, c in enumerate(pool) if i not in chosen]
            hands[other] = hand
        return World(hands, pool, [*bottom, *self.pile])

    def visible(self) -> list[Card]:
        """The cards the model never hands to an opponent's unknown part or the stock: for checks."""
        return [*self.own, *self.pile]


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
