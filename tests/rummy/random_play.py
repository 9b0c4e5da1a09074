"""A random but purposeful player for the property tests: it plays only actions the engine accepts.

It looks at the whole game (it is a test tool, not a computer player), finds melds in its hand,
tries to open, lays off, swaps jokers and discards, choosing at random among what is legal. Every
candidate is judged by ``Game.check``, so the engine alone decides what is legal.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import combinations

from rummy import actions as act
from rummy.cards import Card, Rank
from rummy.deal import Deal, Phase
from rummy.errors import IllegalAction
from rummy.game import Game
from rummy.melds import lay_off, make_meld
from rummy.rules import AceRule, Rules
from rummy.scoring import card_value


def _legal(game: Game, seat: int, action: act.Action) -> bool:
    try:
        game.check(seat, action)
    except IllegalAction:
        return False
    return True


def _is_meld(cards: Sequence[Card], rules: Rules) -> bool:
    try:
        make_meld(cards, rules)
    except IllegalAction:
        return False
    return True


def meld_groups(hand: Sequence[Card], rules: Rules) -> list[tuple[Card, ...]]:
    """Melds the hand holds (sets, runs, with at most one joker each), each checked by make_meld."""
    jokers = [c for c in hand if c.is_joker]
    naturals = [c for c in hand if not c.is_joker]
    found: list[tuple[Card, ...]] = []
    by_rank: dict[Rank, dict[object, Card]] = {}
    for c in naturals:
        assert c.rank is not None
        by_rank.setdefault(c.rank, {}).setdefault(c.suit, c)
    for suits in by_rank.values():
        distinct = list(suits.values())
        if len(distinct) >= 3:
            found.append(tuple(distinct[:4]))
        elif len(distinct) == 2 and jokers:
            found.append((*distinct, jokers[0]))
    top = 14 if rules.ace is AceRule.LOW_OR_HIGH else 13
    by_suit: dict[object, dict[int, Card]] = {}
    for c in naturals:
        assert c.rank is not None
        places = by_suit.setdefault(c.suit, {})
        places.setdefault(int(c.rank), c)
        if c.rank is Rank.ACE and top == 14:
            places.setdefault(14, c)
    for places in by_suit.values():
        for start in range(1, top - 1):
            run: list[Card] = []
            used_joker = False
            for pos in range(start, top + 1):
                card = places.get(pos)
                if card is None or any(card is r for r in run):
                    if jokers and not used_joker and run:
                        run.append(jokers[0])
                        used_joker = True
                        continue
                    break
                run.append(card)
                if len(run) >= 3:
                    found.append(tuple(run))
    return [g for g in found if _is_meld(g, rules)]


def _disjoint_sets(groups: list[tuple[Card, ...]], rng: random.Random) -> Iterator[list[tuple[Card, ...]]]:
    """A few combinations of melds that share no physical card, largest first."""
    order = sorted(groups, key=len, reverse=True)
    for _ in range(4):
        chosen: list[tuple[Card, ...]] = []
        keys: set[tuple[int, int, int]] = set()
        for g in order:
            if not keys & {c.key for c in g}:
                chosen.append(g)
                keys |= {c.key for c in g}
        if chosen:
            yield chosen
        rng.shuffle(order)


class RandomPlayer:
    """Chooses a legal action for the seat to move, at random but leaning toward progress."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, game: Game) -> tuple[int, act.Action]:
        deal = game.deal
        assert deal is not None and not deal.over
        seat = deal.turn
        if deal.phase is Phase.DRAW:
            return seat, self._draw(game, deal, seat)
        for action in self._plays(game, deal, seat):
            if _legal(game, seat, action):
                return seat, action
        for card in self._discard_order(deal, seat):
            action = act.Discard(card)
            if _legal(game, seat, action):
                return seat, action
        # Lay-offs are tried only now and then above; a hand that holds only the card taken from the
        # discard pile may have no other way out (the engine allows that position only if it can).
        for action in self._lay_offs(deal, list(deal.hands[seat]), game.rules):
            if _legal(game, seat, action):
                return seat, action
        raise AssertionError(f"seat {seat} has no legal way to end the turn: {deal.hands[seat]}")

    def _draw(self, game: Game, deal: Deal, seat: int) -> act.Action:
        top = deal.discard[-1] if deal.discard else None
        # Take the top discard when it would be melded (a copy of a card already meldable counts:
        # the engine then melds the copy taken from the pile, which the invariants must survive).
        wants_top = top is not None and any(
            any(c == top for c in g) for g in meld_groups([*deal.hands[seat], top], game.rules)
        )
        sources = [act.Source.DISCARD, act.Source.STOCK] if wants_top else [act.Source.STOCK, act.Source.DISCARD]
        if self.rng.random() < 0.3:
            sources.reverse()
        for source in sources:
            if _legal(game, seat, act.Draw(source)):
                return act.Draw(source)
        raise AssertionError(f"seat {seat} cannot draw: stock {len(deal.stock)}, pile {len(deal.discard)}")

    def _plays(self, game: Game, deal: Deal, seat: int) -> Iterator[act.Action]:
        rng, rules, hand = self.rng, game.rules, deal.hands[seat]
        if deal.joker_to_play is not None:
            yield from self._lay_offs(deal, [deal.joker_to_play], rules)
        groups = meld_groups(hand, rules)
        if groups and rng.random() < 0.85:
            for chosen in _disjoint_sets(groups, rng):
                yield act.Meld(tuple(chosen))
                yield act.Meld((chosen[0],))
        if deal.melds and rng.random() < 0.7:
            cards = list(hand)
            rng.shuffle(cards)
            yield from self._lay_offs(deal, cards[:6], rules)
        if rules.joker_swap and rng.random() < 0.6:
            for i, table in enumerate(deal.melds):
                for j in range(len(table.meld.cards)):
                    face = table.meld.stands_for(j)
                    if table.meld.cards[j].is_joker and face is not None:
                        for c in hand:
                            if c.face == face:
                                yield act.Swap(i, c)
        if deal.joker_to_play is not None:
            others = [c for c in hand if not c.is_joker]
            for a, b in combinations(others, 2):
                yield act.Meld(((a, b, deal.joker_to_play),))

    def _lay_offs(self, deal: Deal, cards: Sequence[Card], rules: Rules) -> Iterator[act.Action]:
        for card in cards:
            for i, table in enumerate(deal.melds):
                fits = card.is_joker or card.rank == table.meld.rank or card.suit == table.meld.suit
                if not fits:
                    continue
                try:
                    lay_off(table.meld, [card], rules)
                except IllegalAction:
                    continue
                yield act.LayOff((card,), i)

    def _discard_order(self, deal: Deal, seat: int) -> list[Card]:
        hand = list(deal.hands[seat])
        self.rng.shuffle(hand)
        if self.rng.random() < 0.7:
            in_melds = {c.key for g in meld_groups(hand, deal.rules) for c in g}
            hand.sort(key=lambda c: (c.key in in_melds, c.is_joker, -card_value(c, deal.rules)))
        return hand
