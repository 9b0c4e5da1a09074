"""What the ``hard`` level works out from its view and its table memory: which cards are still live, how
likely a loose card is to join a meld, and how dangerous a discard is for the players after it.

Only public facts go in: the player's own hand, the melds on the table, the discard pile as
remembered, and the cards each opponent took from the pile.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from rummy.ai.memory import TableMemory
from rummy.cards import Card, Face, Rank, Suit
from rummy.melds import HIGH_ACE
from rummy.rules import AceRule, Rules
from rummy.view import PlayerView

HORIZON = 4  # draws a loose card is given to find its partner


@dataclass
class Knowledge:
    """Live card counts (cards not seen anywhere) and the opponents' known pickups."""

    rules: Rules
    live: Counter[Face]
    live_jokers: int
    unseen: int  # cards this player cannot see: the stock and the other hands
    holding: dict[int, list[Card]]  # seat -> cards it took from the pile and still holds
    passed: dict[int, list[Card]]
    horizon: int = HORIZON  # draws left to complete a meld: fewer when an opponent is close to going out
    _pairs: dict[tuple[tuple[int, int], tuple[int, int]], int] = field(default_factory=dict, repr=False)

    @classmethod
    def of(cls, view: PlayerView, memory: TableMemory | None) -> Knowledge:
        rules = view.rules
        players = max(2, len(view.seats_in_deal))
        decks = rules.decks_for(players)
        seen: list[Card] = list(view.hand)
        for mv in view.melds:
            seen.extend(mv.meld.cards)
        pile = list(memory.pile) if memory is not None else []
        if not pile and view.discard_top is not None:
            pile = [view.discard_top]
        seen.extend(pile)
        holding = {s: memory.holding(s) for s in memory.took} if memory is not None else {}
        for seat, cards in holding.items():
            if seat != view.seat:
                seen.extend(cards)
        counts = Counter(c.face for c in seen if c.face is not None)
        live: Counter[Face] = Counter()
        for suit in Suit:
            for rank in Rank:
                face = Face(rank, suit)
                live[face] = max(0, decks - counts[face])
        jokers = max(0, rules.jokers_for(players) - sum(c.is_joker for c in seen))
        others = sum(n for s, n in view.hand_sizes.items() if s != view.seat)
        passed = {s: memory.declined(s) for s in memory.passed} if memory is not None else {}
        closest = min((n for s, n in view.hand_sizes.items() if s != view.seat), default=99)
        horizon = max(1, min(HORIZON, (closest + 1) // 2))
        return cls(rules, live, jokers, max(1, view.stock_size + others), holding, passed, horizon)

    # -- how likely a loose card is to join a meld -------------------------------------------
    def outs(self, card: Card, loose: Sequence[Card]) -> int:
        """Live cards that would make ``card`` and one other loose card a meld of three (the best pair)."""
        if card.is_joker:
            return 0
        return self.outs_each([card, *(c for c in loose if c is not card)])[0]

    def outs_each(self, loose: Sequence[Card]) -> list[int]:
        """:meth:`outs` of every card of ``loose`` against the others (one pass over the pairs)."""
        keys = [None if c.rank is None else c.key[:2] for c in loose]
        pairs = self._pairs
        found = []
        for i, card in enumerate(loose):
            mine = keys[i]
            best = 0
            if mine is not None:
                for j, other in enumerate(loose):
                    theirs = keys[j]
                    if j == i or theirs is None:
                        continue
                    value = pairs.get((mine, theirs))
                    if value is None:
                        value = pairs[(mine, theirs)] = self._pair_outs(card, other)
                    if value > best:
                        best = value
            found.append(best)
        return found

    def _pair_outs(self, card: Card, other: Card) -> int:
        """Live cards that make ``card`` and ``other`` a meld of three (cached: live counts are fixed)."""
        assert card.rank is not None and card.suit is not None
        jokers = self.live_jokers if self.rules.jokers else 0
        if other.rank == card.rank and other.suit != card.suit:
            missing = [s for s in Suit if s not in (card.suit, other.suit)]
            return sum(self.live[Face(card.rank, s)] for s in missing) + jokers
        if other.suit == card.suit:
            return self._run_outs(card, other) + (jokers if self._near(card, other) else 0)
        return 0

    def _positions(self, card: Card) -> list[int]:
        assert card.rank is not None
        if card.rank is Rank.ACE and self.rules.ace is AceRule.LOW_OR_HIGH:
            return [1, HIGH_ACE]
        return [int(card.rank)]

    def _near(self, a: Card, b: Card) -> bool:
        return any(0 < abs(p - q) <= 2 for p in self._positions(a) for q in self._positions(b))

    def _run_outs(self, a: Card, b: Card) -> int:
        assert a.suit is not None
        top = HIGH_ACE if self.rules.ace is AceRule.LOW_OR_HIGH else 13
        best = 0
        for p in self._positions(a):
            for q in self._positions(b):
                lo, hi = min(p, q), max(p, q)
                if hi - lo == 1:
                    needed = [x for x in (lo - 1, hi + 1) if 1 <= x <= top]
                elif hi - lo == 2:
                    needed = [lo + 1]
                else:
                    continue
                best = max(best, sum(self.live[Face(Rank(1 if x == HIGH_ACE else x), a.suit)] for x in needed))
        return best

    def chance(self, outs: int) -> float:
        """The chance of seeing one of ``outs`` live cards in the next few draws."""
        if outs <= 0:
            return 0.0
        miss = max(0.0, 1 - outs / self.unseen)
        return 1 - miss**self.horizon

    # -- how dangerous a discard is -------------------------------------------------------------
    def wanted_by(self, seat: int, card: Card) -> bool:
        """Whether ``seat`` took a card from the pile that ``card`` would pair or connect with."""
        if card.is_joker:
            return True
        for held in self.holding.get(seat, []):
            if held.is_joker or held.rank is None:
                continue
            if held.rank == card.rank and held.suit != card.suit:
                return True
            if held.suit == card.suit and self._near(held, card):
                return True
        return False

    def declined_by(self, seat: int, card: Card) -> bool:
        return any(c == card for c in self.passed.get(seat, []))
