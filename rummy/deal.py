"""One deal (une donne) as a state machine: the deal itself, then turn after turn.

Every public method that changes the deal first checks everything, then changes the state:
an :class:`IllegalAction` always leaves the deal exactly as it was. ``apply`` returns public
:class:`Event` values that never hold a hidden card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from rummy import actions as act
from rummy.cards import Card, make_pack
from rummy.errors import (
    CannotDiscard,
    CannotLayOff,
    CannotSwap,
    CardNotInHand,
    IllegalAction,
    InvalidMeld,
    OpeningTooLow,
    WrongPhase,
)
from rummy.melds import Meld, find_meld_cards, lay_off, make_meld, swap_joker
from rummy.rules import DeadDeal, FirstDiscard, LayOffRule, Rules, StockRefill
from rummy.scoring import DealEnd, DealOutcome, hand_value, score_deal


class Phase(Enum):
    DRAW = "draw"
    PLAY = "play"  # meld, lay off, swap, then discard
    OVER = "over"


@dataclass(frozen=True)
class Event:
    """Something everyone may know. ``card`` is only set when the card was face up."""

    kind: str  # drew, melded, laid_off, swapped, discarded, stock_rebuilt, went_out, deal_over
    seat: int | None = None
    source: str | None = None
    card: str | None = None
    cards: tuple[str, ...] = ()
    melds: tuple[tuple[str, ...], ...] = ()
    target: int | None = None
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass
class TableMeld:
    meld: Meld
    owner: int


@dataclass
class Deal:
    """The state of one deal. Seats are indices into the game's player list."""

    rules: Rules
    number: int
    seats: list[int]  # the seats dealt in, in turn order
    dealer: int
    hands: dict[int, list[Card]]
    stock: list[Card]  # the top of the stock is the END of the list
    discard: list[Card]  # the top of the pile is the END of the list
    turn: int
    phase: Phase = Phase.DRAW
    melds: list[TableMeld] = field(default_factory=list)
    turns: int = 0  # turns completed
    refills: int = 0
    opened: dict[int, int] = field(default_factory=dict)  # seat -> turn number it opened on
    played: set[int] = field(default_factory=set)  # seats that melded/laid off on an earlier turn
    played_now: bool = False
    melds_now: int = 0
    taken: Card | None = None  # the card taken from the discard pile this turn
    drawn: Card | None = None  # the card drawn this turn (private to the player)
    joker_to_play: Card | None = None  # a joker taken by a swap this turn
    outcome: DealOutcome | None = None

    # -- dealing ---------------------------------------------------------------------------
    @classmethod
    def new(cls, rules: Rules, number: int, seats: list[int], dealer: int,
            rng: random.Random) -> Deal:
        """Shuffle with ``rng`` and deal; the starter sits left of the dealer."""
        n = len(seats)
        pack = make_pack(rules.decks_for(n), rules.jokers_for(n))
        rng.shuffle(pack)
        size = rules.hand_size_for(n)
        start_index = (seats.index(dealer) + 1) % n if dealer in seats else 0
        order = seats[start_index:] + seats[:start_index]
        hands: dict[int, list[Card]] = {s: [] for s in seats}
        for _ in range(size):
            for s in order:
                hands[s].append(pack.pop())
        deal = cls(rules, number, list(seats), dealer, hands, pack, [], order[0])
        if rules.first_discard is FirstDiscard.STARTER_EXTRA_CARD:
            hands[order[0]].append(pack.pop())
            deal.phase = Phase.PLAY  # no draw: the starter melds if they like, then discards
        else:
            deal.discard.append(pack.pop())
        return deal

    # -- queries ---------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def next_seat(self, seat: int) -> int:
        i = self.seats.index(seat)
        return self.seats[(i + 1) % len(self.seats)]

    def has_opened(self, seat: int) -> bool:
        return self.rules.opening == 0 or seat in self.opened

    def can_lay_off(self, seat: int) -> bool:
        rule = self.rules.lay_off
        if rule is LayOffRule.ANY_TIME or self.rules.opening == 0:
            return True
        if seat not in self.opened:
            return False
        if rule is LayOffRule.AFTER_OPENING_LATER_TURNS:
            return self.opened[seat] < self.turns
        return True

    def can_refill(self) -> bool:
        limit = self.rules.refill_limit
        if limit is not None and self.refills >= limit:
            return False
        need = 1 if self.rules.stock_refill is StockRefill.TURN_WHOLE_PILE else 2
        return len(self.discard) >= need

    def can_draw_stock(self) -> bool:
        return bool(self.stock) or (self.rules.draw_discard_when_stock_empty and self.can_refill())

    # -- the turn --------------------------------------------------------------------------
    def apply(self, seat: int, action: act.Action, rng: random.Random) -> list[Event]:
        """Check and apply one action by ``seat``. Raises :class:`IllegalAction` unchanged."""
        if self.over:
            raise WrongPhase("This deal is over.")
        if seat != self.turn:
            raise IllegalAction("It is not your turn.")
        if isinstance(action, act.Draw):
            return self._draw(seat, action.source, rng)
        if self.phase is Phase.DRAW:
            raise WrongPhase("You must draw first: from the stock or the discard pile.")
        if isinstance(action, act.Meld):
            return self._meld(seat, action.melds)
        if isinstance(action, act.LayOff):
            return self._lay_off(seat, action.cards, action.target)
        if isinstance(action, act.Swap):
            return self._swap(seat, action.target, action.card)
        return self._discard(seat, action.card, rng)

    def _draw(self, seat: int, source: act.Source, rng: random.Random) -> list[Event]:
        if self.phase is not Phase.DRAW:
            raise WrongPhase("You have already drawn this turn: meld, lay off or discard.")
        events: list[Event] = []
        if source is act.Source.DISCARD:
            if not self.discard:
                raise IllegalAction("The discard pile is empty: draw from the stock.")
            card = self.discard.pop()
            self.taken = card
            events.append(Event("drew", seat, "discard", card.pretty))
        else:
            if not self.stock:
                if not self.can_draw_stock():
                    raise IllegalAction(
                        "The stock is empty and cannot be rebuilt: take the top discard."
                    )
                events.append(self._refill(rng))
            card = self.stock.pop()
            events.append(Event("drew", seat, "stock"))
        self.hands[seat].append(card)
        self.drawn = card
        self.phase = Phase.PLAY
        return events

    def _take(self, seat: int, wanted: Sequence[Card]) -> list[Card]:
        """The physical cards of the hand matching ``wanted`` (checked, not removed)."""
        try:
            return find_meld_cards(self.hands[seat], wanted)
        except KeyError as missing:
            card = missing.args[0]
            shown = card.pretty if isinstance(card, Card) else str(card)
            raise CardNotInHand(f"You don't have {shown} in your hand.") from None

    def _check_rest(self, seat: int, used: Sequence[Card]) -> list[Card]:
        """The hand left after playing ``used``: refuse a position with no way to end the turn."""
        rest = list(self.hands[seat])
        for card in used:
            rest.remove(next(c for c in rest if c is card or (c.key == card.key and c == card)))
        if not rest and self.rules.final_discard_required:
            raise IllegalAction(
                "You must keep one card to discard: going out needs a final discard."
            )
        if rest and all(c is self.taken for c in rest):
            raise IllegalAction(
                "You cannot keep only the card you took from the discard pile: "
                "you could not discard it."
            )
        return rest

    def _meld(self, seat: int, groups: Sequence[Sequence[Card]]) -> list[Event]:
        if not groups:
            raise InvalidMeld("Name the cards to meld.")
        if self.rules.one_meld_per_turn and self.melds_now + len(groups) > 1:
            raise InvalidMeld("Only one new meld per turn at this table (lay-offs are free).")
        wanted = [c for g in groups for c in g]
        physical = self._take(seat, wanted)
        made: list[Meld] = []
        i = 0
        for g in groups:
            made.append(make_meld(physical[i:i + len(g)], self.rules))
            i += len(g)
        if not self.has_opened(seat):
            total = sum(m.points(self.rules) for m in made)
            if total < self.rules.opening:
                raise OpeningTooLow(
                    f"Opening needs {self.rules.opening} points: "
                    f"{'this meld makes' if len(made) == 1 else 'these melds make'} {total}."
                )
        rest = self._check_rest(seat, [c.unpinned() for c in physical])
        # -- apply
        self.hands[seat] = rest
        if not self.has_opened(seat):
            self.opened[seat] = self.turns
        for m in made:
            self.melds.append(TableMeld(m, seat))
        self.melds_now += len(made)
        self.played_now = True
        self._note_joker_played(physical)
        events = [Event("melded", seat, melds=tuple(tuple(m.labels()) for m in made),
                        detail={"points": sum(m.points(self.rules) for m in made)})]
        return events + self._maybe_out(seat)

    def _meld_index(self, target: int) -> TableMeld:
        if not 0 <= target < len(self.melds):
            raise IllegalAction(
                f"There is no meld {target + 1} on the table"
                + (f" (melds are numbered 1 to {len(self.melds)})." if self.melds else ".")
            )
        return self.melds[target]

    def _lay_off(self, seat: int, cards: Sequence[Card], target: int) -> list[Event]:
        if not self.can_lay_off(seat):
            if seat not in self.opened:
                raise CannotLayOff("You can only add to melds on the table after your opening.")
            raise CannotLayOff("You can add to melds on the table from your next turn on.")
        table = self._meld_index(target)
        physical = self._take(seat, cards)
        new = lay_off(table.meld, physical, self.rules)
        rest = self._check_rest(seat, [c.unpinned() for c in physical])
        self.hands[seat] = rest
        table.meld = new
        self.played_now = True
        self._note_joker_played(physical)
        events = [Event("laid_off", seat, cards=tuple(c.unpinned().pretty for c in physical),
                        target=target, melds=(tuple(new.labels()),))]
        return events + self._maybe_out(seat)

    def _swap(self, seat: int, target: int, card: Card) -> list[Event]:
        if not self.rules.joker_swap:
            raise CannotSwap("Joker swap is not played at this table.")
        if seat not in self.opened:
            raise CannotSwap("Only a player who has opened may take a joker from the table.")
        if self.joker_to_play is not None:
            raise CannotSwap("Play the joker you already took before taking another.")
        table = self._meld_index(target)
        (physical,) = self._take(seat, [card])
        new, joker = swap_joker(table.meld, physical, self.rules)
        self._check_rest(seat, [physical])
        self.hands[seat].remove(next(c for c in self.hands[seat] if c is physical))
        self.hands[seat].append(joker)
        table.meld = new
        self.joker_to_play = joker
        self.played_now = True
        return [Event("swapped", seat, card=physical.pretty, target=target,
                      melds=(tuple(new.labels()),))]

    def _note_joker_played(self, physical: Sequence[Card]) -> None:
        if self.joker_to_play is not None and any(
            c.is_joker and c.copy == self.joker_to_play.copy for c in physical
        ):
            self.joker_to_play = None

    def joker_playable(self, seat: int) -> bool:
        """Whether the joker taken by a swap can be played again now (meld or lay-off)."""
        joker = self.joker_to_play
        if joker is None or not any(c is joker for c in self.hands[seat]):
            return False
        for table in self.melds:
            try:
                lay_off(table.meld, [joker], self.rules)
                return True
            except IllegalAction:
                pass
        others = [c for c in self.hands[seat] if c is not joker and not c.is_joker]
        for i, a in enumerate(others):
            for b in others[i + 1:]:
                try:
                    make_meld([a, b, joker], self.rules)
                    return True
                except IllegalAction:
                    pass
        return False

    def _discard(self, seat: int, card: Card, rng: random.Random) -> list[Event]:
        (physical,) = self._take(seat, [card])
        if self.taken is not None and physical is self.taken:
            raise CannotDiscard(
                f"You took {physical.pretty} from the discard pile: discard another card this turn."
            )
        if self.joker_to_play is not None and self.joker_playable(seat):
            raise CannotDiscard("You took a joker from the table: play it again this turn first.")
        self.hands[seat].remove(next(c for c in self.hands[seat] if c is physical))
        self.discard.append(physical)
        events = [Event("discarded", seat, card=physical.pretty)]
        if not self.hands[seat]:
            return events + self._go_out(seat)
        return events + self._end_turn(seat, rng)

    # -- the end of a turn and of the deal -------------------------------------------------
    def _maybe_out(self, seat: int) -> list[Event]:
        return self._go_out(seat) if not self.hands[seat] else []

    def _go_out(self, seat: int) -> list[Event]:
        rummy = seat not in self.played
        outcome = score_deal(DealEnd.WENT_OUT, (seat,), self.hands, self.rules, rummy)
        return self._finish(outcome)

    def _finish(self, outcome: DealOutcome) -> list[Event]:
        self.outcome = outcome
        self.phase = Phase.OVER
        self.drawn = None
        return [Event("deal_over", None, detail={
            "reason": outcome.reason.value,
            "winners": list(outcome.winners),
            "points": {str(k): v for k, v in outcome.points.items()},
            "rummy": outcome.rummy,
        })]

    def _dead(self, reason: DealEnd) -> list[Event]:
        if self.rules.dead_deal is DeadDeal.LOWEST_HAND_WINS:
            values = {s: hand_value(h, self.rules) for s, h in self.hands.items()}
            low = min(values.values())
            winners = tuple(s for s in self.seats if values[s] == low)
            return self._finish(score_deal(reason, winners, self.hands, self.rules))
        return self._finish(score_deal(reason, (), self.hands, self.rules))

    def _end_turn(self, seat: int, rng: random.Random) -> list[Event]:
        if self.played_now:
            self.played.add(seat)
        self.turns += 1
        self.played_now = False
        self.melds_now = 0
        self.taken = None
        self.drawn = None
        self.joker_to_play = None
        self.turn = self.next_seat(seat)
        self.phase = Phase.DRAW
        if self.turns >= self.rules.turn_cap:
            return self._dead(DealEnd.TURN_CAP)
        return self._start_turn(rng)

    def _start_turn(self, rng: random.Random) -> list[Event]:
        """Handle an empty stock before the player to move draws."""
        if self.stock:
            return []
        if self.rules.draw_discard_when_stock_empty:
            if self.can_refill() or self.discard:
                return []
            return self._dead(DealEnd.STOCK_EXHAUSTED)
        if self.can_refill():
            return [self._refill(rng)]
        return self._dead(DealEnd.STOCK_EXHAUSTED)

    def _refill(self, rng: random.Random) -> Event:
        policy = self.rules.stock_refill
        if policy is StockRefill.TURN_WHOLE_PILE:
            pile, self.discard = self.discard, []
        else:
            pile, self.discard = self.discard[:-1], self.discard[-1:]
        if policy is StockRefill.SHUFFLE_KEEP_TOP:
            rng.shuffle(pile)
            self.stock = pile
        else:
            # Turned over unshuffled: the oldest discard becomes the top (end of the list).
            self.stock = list(reversed(pile))
        self.refills += 1
        return Event("stock_rebuilt", None, detail={"cards": len(self.stock),
                                                    "shuffled": policy is StockRefill.SHUFFLE_KEEP_TOP})

    def remove_seat(self, seat: int, rng: random.Random) -> list[Event]:
        """A player leaves mid-deal: their hand goes under the stock, the turn moves on."""
        if seat not in self.seats or self.over:
            return []
        hand = self.hands.pop(seat)
        self.stock[:0] = hand
        was_turn = self.turn == seat
        nxt = self.next_seat(seat)
        self.seats.remove(seat)
        if was_turn:
            self.played_now = False
            self.melds_now = 0
            self.taken = None
            self.drawn = None
            self.joker_to_play = None
            self.turn = nxt
            self.phase = Phase.DRAW
            return self._start_turn(rng)
        return []
