"""The ``hard`` level: exact melds, a look at what the table has shown, and a few plans a greedy player lacks.

Every kept hand is scored as its least deadwood (exact search) minus what its loose cards may still
shed, given the live cards (:mod:`rummy.ai.knowledge`). On top of that it

* takes the top discard when the hand it keeps is clearly better than after a stock draw;
* discards with an eye on the next player: not what they picked up or collect, not what they could
  lay off, never a joker they could use;
* takes a joker from the table (joker swap) when putting in the card it stands for lets it shed more;
* where going out in one turn doubles (rummy, rami sec), holds its melds while nobody is close to
  going out, and lays everything down in the turn it can go out.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from rummy import actions as act
from rummy.ai.arrange import best_plan, least_deadwood
from rummy.ai.common import lay_off_action, meld_action, meld_plan, without
from rummy.ai.knowledge import Knowledge
from rummy.ai.legal import draw_sources, legal_discards, meld_ok, play_joker
from rummy.ai.memory import TableMemory
from rummy.cards import Card
from rummy.deal import Phase
from rummy.errors import IllegalAction
from rummy.melds import Meld, lay_off, set_points, swap_joker
from rummy.rules import LayOffRule, Rules, Scoring
from rummy.scoring import card_value
from rummy.view import PlayerView


@dataclass(frozen=True)
class Style:
    """The weights of the hard player, tuned by simulation against ``normal`` (see benchmarks/bench_strength.py)."""

    potential: float = 1.0  # how much a loose card's chance to join a meld takes off its cost (at most 1)
    per_card: float = 0.0  # cost of every loose card on top of its value (the cards still to get rid of)
    stock_gain: float = 0.0  # what a stock draw is expected to save, in deadwood points
    feed: float = 0.4  # cost of a discard the next player is known to want (in loose cards, see ``unit``)
    feed_table: float = 0.2  # cost of a discard the next player could lay off (in loose cards)
    swap_gain: float = 3.0  # how much a joker swap must save to be worth revealing the joker
    hold_rummy: bool = True  # hold melds for a rummy where it doubles (winner-collects games)
    hold_until: int = 0  # stop holding when an opponent holds this many cards or fewer
    open_potential: float = 0.7  # before opening: how much the loose cards' chances count toward the points
    draw_keeps_hand: bool = False  # judge a stock draw as keeping the hand (else: the hand less its worst card)
    open_deadwood: float = 0.25  # before opening: weight of the deadwood the hand would keep


# Where the winner collects, only going out first counts: the number of loose cards matters more than
# their value. Where every loser pays their own hand, the value counts in full.
STYLES = {
    Scoring.WINNER_COLLECTS: Style(per_card=150.0, draw_keeps_hand=True, stock_gain=40.0),
    Scoring.PENALTY: Style(per_card=10.0, hold_rummy=False),
}


class Turn:
    """One decision: the view, what is known, and cached scores of kept hands."""

    def __init__(self, view: PlayerView, memory: TableMemory | None, style: Style) -> None:
        self.view = view
        self.rules = view.rules
        self.style = style
        self.know = Knowledge.of(view, memory)
        self.next_seat = _next_seat(view)
        self._fits: dict[Card, bool] = {}
        self._scores: dict[tuple[tuple[int, ...], ...], float] = {}
        self.unit = style.per_card + 10  # what one typical loose card costs in the score

    # -- scoring kept hands -------------------------------------------------------------------
    def fits_table(self, card: Card) -> bool:
        if card not in self._fits:
            self._fits[card] = any(_fits(mv.meld, card, self.rules) for mv in self.view.melds)
        return self._fits[card]

    def score(self, kept: list[Card]) -> float:
        """Lower is better: deadwood left after the best melds and lay-offs, less the loose cards' chances.

        Before its opening a player is scored on the points it still lacks to open instead.
        """
        key = tuple(sorted(c.key[:2] for c in kept))  # copies of a face are alike
        if key not in self._scores:
            if not self.view.has_opened and self.rules.opening:
                self._scores[key] = self._short_of_opening(kept)
                return self._scores[key]
            plan = best_plan(kept, self.rules)
            opened = self.view.has_opened
            style = self.style
            loose = [c for c in plan.leftover if not (self.view.melds and self.fits_table(c))]
            outs = dict(zip((c.key for c in loose), self.know.outs_each(loose), strict=True))
            dead = 0.0
            for card in plan.leftover:
                weight = card_value(card, self.rules) + style.per_card
                if card.key not in outs:  # it can be laid off: nothing once opened
                    dead += 0 if opened else weight / 2
                else:
                    dead += weight * (1 - style.potential * self.know.chance(outs[card.key]))
            self._scores[key] = dead
        return self._scores[key]

    def _short_of_opening(self, kept: list[Card]) -> float:
        """Points still missing for the opening, less what the loose cards may add, plus a little deadwood.

        Measured: shedding high cards before opening (to limit the penalty if someone goes out) costs
        more than it saves, because the opening then comes later; so the hand's value barely counts.
        """
        plan = best_plan(kept, self.rules, "opening")
        style = self.style
        outs = self.know.outs_each(plan.leftover)
        hoped = sum(self._meld_value(c) * self.know.chance(n) for c, n in zip(plan.leftover, outs, strict=True))
        short = max(0.0, self.rules.opening - plan.points - style.open_potential * hoped)
        dead = least_deadwood(kept, self.rules)
        return short + style.open_deadwood * dead

    def _meld_value(self, card: Card) -> int:
        """What a loose card may add toward the opening (a joker: a typical 10)."""
        return 10 if card.rank is None else set_points(card.rank, self.rules)

    def danger(self, card: Card) -> float:
        """What throwing ``card`` may give the next player."""
        seat = self.next_seat
        if seat is None:
            return 0.0
        cost = 0.0
        if card.is_joker or self.know.wanted_by(seat, card):
            cost += self.style.feed
        if self.view.melds and (self.rules.opening == 0 or seat in self.view.opened) and self.fits_table(card):
            cost += self.style.feed_table
        if self.know.declined_by(seat, card):
            cost -= self.style.feed_table
        return cost * self.unit

    def discard_cost(self, hand: list[Card], card: Card) -> float:
        """Lower is better: the score of the hand kept after discarding ``card``, plus its danger."""
        return self.score(without(hand, [card])) + self.danger(card)

    def best_discard(self, hand: list[Card], legal: list[Card]) -> tuple[float, Card | None]:
        """The legal discard leaving the best-scored hand (ties: the costlier card), and that score."""
        best: tuple[float, int] = (float("inf"), 0)
        chosen: Card | None = None
        for card in dict.fromkeys(legal):
            rank = (self.discard_cost(hand, card), -card_value(card, self.rules))
            if rank < best:
                best, chosen = rank, card
        return best[0], chosen


@lru_cache(maxsize=1 << 14)
def _fits(meld: Meld, card: Card, rules: Rules) -> bool:
    """Whether ``card`` could be laid off on ``meld`` by the rules, whoever lays it off (cached across turns)."""
    try:
        lay_off(meld, [card], rules)
    except IllegalAction:
        return False
    return True


def _next_seat(view: PlayerView) -> int | None:
    seats = view.seats_in_deal
    if view.seat not in seats or len(seats) < 2:
        return None
    return seats[(seats.index(view.seat) + 1) % len(seats)]


def choose(view: PlayerView, rng: random.Random, memory: TableMemory | None, style: Style | None = None) -> act.Action:
    if memory is not None:
        memory.sync(view)
    turn = Turn(view, memory, style or STYLES[view.rules.scoring])
    if view.phase is Phase.DRAW:
        return act.Draw(draw_source(turn))
    return play(turn)


def draw_source(turn: Turn) -> act.Source:
    view = turn.view
    sources = draw_sources(view)
    top = view.discard_top
    if act.Source.DISCARD not in sources or top is None:
        return sources[0]
    if act.Source.STOCK not in sources:
        return act.Source.DISCARD
    hand = list(view.hand)
    if turn.style.draw_keeps_hand:  # a stock draw keeps at least the hand as it is (the drawn card goes back)
        now = turn.score(hand)
    else:
        now, _card = turn.best_discard(hand, hand)
    taken = [*hand, top]
    keep = [c for c in taken if c is not top]
    after, _card = turn.best_discard(taken, keep)
    if after < now - turn.style.stock_gain:
        return act.Source.DISCARD
    return act.Source.STOCK


def play(turn: Turn) -> act.Action:
    view = turn.view
    hand = list(view.hand)
    legal = legal_discards(view)
    if view.joker_to_play is not None:
        found = _replay_joker(view)
        if found is not None:
            return found
    _value, discard = turn.best_discard(hand, legal) if legal else (0.0, None)
    kept = without(hand, [discard]) if discard is not None else hand
    out = _goes_out(turn, hand, kept)
    if not out and _holding(turn):
        return act.Discard(discard) if discard is not None else act.Discard(hand[0])
    swap = _swap(turn, hand)
    if swap is not None:
        return swap
    plan = meld_plan(view, kept)
    found_meld = meld_action(view, plan)
    if found_meld is None and discard is None:
        found_meld = meld_action(view, meld_plan(view, hand))
    if found_meld is not None:
        return found_meld
    loose = best_plan(kept, view.rules).leftover
    lay = lay_off_action(view, loose)
    if lay is not None:
        return lay
    if discard is None:
        return act.Discard(hand[0])
    return act.Discard(discard)


def _replay_joker(view: PlayerView) -> act.Action | None:
    """After a swap: put the joker in the best meld of the hand, else anywhere it is accepted."""
    plan = best_plan(view.hand, view.rules)
    joker = view.joker_to_play
    assert joker is not None
    for group in plan.melds:
        if any(c.is_joker and c.copy == joker.copy for c in group) and meld_ok(view, [group]):
            return act.Meld((group,))
    return play_joker(view)


def _goes_out(turn: Turn, hand: list[Card], kept: list[Card]) -> bool:
    """Whether this turn can end with the hand empty: melds, then lay-offs, then the discard if one is left."""
    view = turn.view
    lay_now = view.can_lay_off or (not view.has_opened and view.rules.lay_off is LayOffRule.AFTER_OPENING)
    options = [kept] if view.rules.final_discard_required else [kept, hand]
    for cards in options:
        plan = meld_plan(view, cards)
        leftover = plan.leftover if plan is not None else tuple(cards)
        if plan is None and not view.has_opened:
            continue
        if all(lay_now and turn.fits_table(c) for c in leftover):
            return True
    return False


def _holding(turn: Turn) -> bool:
    """Hold melds back for a rummy: only where it doubles, nothing played yet, and nobody close to out."""
    view = turn.view
    rules = view.rules
    if not (turn.style.hold_rummy and rules.rummy_doubles):
        return False
    if view.played_before or view.melds_this_turn:
        return False
    others = [n for s, n in view.hand_sizes.items() if s != view.seat]
    return bool(others) and min(others) > turn.style.hold_until


def _swap(turn: Turn, hand: list[Card]) -> act.Swap | None:
    """A joker swap that lets the hand shed clearly more (ref rules, after opening)."""
    view = turn.view
    if not view.rules.joker_swap or not view.has_opened or view.joker_to_play is not None:
        return None
    base = turn.score(hand)
    for mv in view.melds:
        if not any(c.is_joker for c in mv.meld.cards):
            continue
        for card in {c for c in hand if not c.is_joker}:
            try:
                _new, joker = swap_joker(mv.meld, card, view.rules)
            except IllegalAction:
                continue
            after = turn.score([*without(hand, [card]), joker])
            if after < base - turn.style.swap_gain:
                return act.Swap(mv.index, card)
    return None
