"""One deal (une donne) as a state machine: the deal itself, then turn after turn.

Checking and applying are separate: :meth:`Deal.check` and :meth:`Deal.apply` both judge the action
with :mod:`rummy.plays`, which returns a plan or raises; only ``apply`` then commits the plan. So an
:class:`IllegalAction` always leaves the deal exactly as it was. ``apply`` returns public
:class:`Event` values that never hold a hidden card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from rummy import actions as act
from rummy import plays
from rummy.cards import Card, make_pack, sort_hand
from rummy.errors import IllegalAction, NotYourTurn, WrongPhase
from rummy.events import Event, Phase, TableMeld
from rummy.rules import STALL_REBUILDS, DeadDeal, FirstDiscard, LayOffRule, Rules, StockRefill
from rummy.scoring import DealEnd, DealOutcome, hand_value, score_deal

__all__ = ["Deal", "Event", "Phase", "Plan", "TableMeld"]  # Event, Phase, TableMeld: see rummy.events


Plan = act.Source | plays.MeldPlan | plays.LayOffPlan | plays.SwapPlan | plays.DiscardPlan


@dataclass(slots=True)
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
    # Stock rebuilds since the last meld, lay-off or joker swap: at STALL_REBUILDS the deal goes nowhere.
    quiet_refills: int = 0

    # -- dealing ---------------------------------------------------------------------------
    @classmethod
    def new(cls, rules: Rules, number: int, seats: list[int], dealer: int, rng: random.Random) -> Deal:
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

    def copy(self) -> Deal:
        """A deal equal to this one that shares nothing a move changes: its own hands, piles,
        meld slots and sets. Cards, melds, rules and outcomes are immutable values, so both share them."""
        # A bare instance with every field set by name, as dataclasses' __init__ would (without its
        # defaults): a field added to the class but forgotten here stays unset and fails when read.
        new = object.__new__(Deal)
        new.rules = self.rules
        new.number = self.number
        new.seats = list(self.seats)
        new.dealer = self.dealer
        new.hands = {seat: list(hand) for seat, hand in self.hands.items()}
        new.stock = list(self.stock)
        new.discard = list(self.discard)
        new.turn = self.turn
        new.phase = self.phase
        new.melds = [TableMeld(t.meld, t.owner) for t in self.melds]
        new.turns = self.turns
        new.refills = self.refills
        new.opened = dict(self.opened)
        new.played = set(self.played)
        new.played_now = self.played_now
        new.melds_now = self.melds_now
        new.taken = self.taken
        new.drawn = self.drawn
        new.joker_to_play = self.joker_to_play
        new.outcome = self.outcome
        new.quiet_refills = self.quiet_refills
        return new

    # -- queries ---------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def next_seat(self, seat: int) -> int:
        i = self.seats.index(seat)
        return self.seats[(i + 1) % len(self.seats)]

    def has_opened(self, seat: int) -> bool:
        """Whether ``seat`` made its first lay-down (always true where there is no threshold)."""
        return self.rules.opening == 0 or seat in self.opened

    def can_lay_off(self, seat: int) -> bool:
        """Whether ``seat`` may add to melds on the table now (see ``Rules.lay_off``)."""
        rule = self.rules.lay_off
        if rule is LayOffRule.ANY_TIME or self.rules.opening == 0:
            return True
        if seat not in self.opened:
            return False
        if rule is LayOffRule.AFTER_OPENING_LATER_TURNS:
            return self.opened[seat] < self.turns
        return True

    def can_refill(self) -> bool:
        """Whether the discard pile may become a new stock now (refill limit, and enough cards)."""
        limit = self.rules.refill_limit
        if limit is not None and self.refills >= limit:
            return False
        need = 1 if self.rules.stock_refill is StockRefill.TURN_WHOLE_PILE else 2
        return len(self.discard) >= need

    def can_draw_stock(self) -> bool:
        """Whether a draw from the stock is possible now (rebuilding it first if it is empty)."""
        return bool(self.stock) or self.can_refill()

    @property
    def goes_nowhere(self) -> bool:
        """(decision) The stock was rebuilt :data:`STALL_REBUILDS` times with no meld, lay-off (or joker
        swap, which also puts a card of the hand on the table) since the first of those rebuilds, at a
        table whose rules let such a deal end by agreement (see :mod:`rummy.stall`)."""
        return self.rules.end_by_agreement and not self.over and self.quiet_refills >= STALL_REBUILDS

    def end_by_agreement(self) -> list[Event]:
        """End this deal, which goes nowhere, as the people at the table agreed: nobody scores, whatever
        ``dead_deal`` says. :func:`rummy.stall.check_deal` says why when it does not go nowhere."""
        if not self.goes_nowhere:
            raise IllegalAction("This deal does not go nowhere.", key="deal_goes_on")
        return self._finish(score_deal(DealEnd.AGREED, (), self.hands, self.rules))

    # -- the turn --------------------------------------------------------------------------
    def check(self, seat: int, action: act.Action) -> None:
        """Raise :class:`IllegalAction` (with the reason) if ``seat`` may not take ``action`` now."""
        self._plan(seat, action)

    def apply(self, seat: int, action: act.Action, rng: random.Random) -> list[Event]:
        """Check and apply one action by ``seat``. Raises :class:`IllegalAction` unchanged."""
        plan = self._plan(seat, action)
        if isinstance(plan, act.Source):
            return self._draw(seat, plan, rng)
        if isinstance(plan, plays.MeldPlan):
            return self._commit_meld(seat, plan)
        if isinstance(plan, plays.LayOffPlan):
            return self._commit_lay_off(seat, plan)
        if isinstance(plan, plays.SwapPlan):
            return self._commit_swap(seat, plan)
        return self._commit_discard(seat, plan, rng)

    def _plan(self, seat: int, action: act.Action) -> Plan:
        if self.over:
            raise WrongPhase("This deal is over.", key="deal_over")
        if seat != self.turn:
            raise NotYourTurn("It is not your turn.", key="not_your_turn")
        if isinstance(action, act.Draw):
            return self._plan_draw(action.source)
        if not isinstance(action, act.Meld | act.LayOff | act.Swap | act.Discard):
            raise IllegalAction(
                f"{action!r} is not something a player can do.", key="not_a_move", params={"action": repr(action)}
            )
        if self.phase is Phase.DRAW:
            raise WrongPhase("You must draw first: from the stock or the discard pile.", key="must_draw")
        if isinstance(action, act.Meld):
            return plays.plan_meld(self, seat, action.melds)
        if isinstance(action, act.LayOff):
            return plays.plan_lay_off(self, seat, action.cards, action.target)
        if isinstance(action, act.Swap):
            return plays.plan_swap(self, seat, action.target, action.card)
        return plays.plan_discard(self, seat, action.card)

    def _plan_draw(self, source: act.Source) -> act.Source:
        if self.phase is not Phase.DRAW:
            if self.turns == 0 and self.rules.first_discard is FirstDiscard.STARTER_EXTRA_CARD:
                raise WrongPhase(
                    "The starter's first turn has no draw: meld if you like, then discard.", key="starter_no_draw"
                )
            raise WrongPhase("You have already drawn this turn: meld, lay off or discard.", key="already_drew")
        if source is act.Source.DISCARD:
            if not self.discard:
                raise IllegalAction("The discard pile is empty: draw from the stock.", key="discard_empty")
        elif not self.can_draw_stock():
            raise IllegalAction(
                "The stock is empty and cannot be rebuilt: take the top discard.", key="stock_empty_take_discard"
            )
        return source

    def _draw(self, seat: int, source: act.Source, rng: random.Random) -> list[Event]:
        events: list[Event] = []
        if source is act.Source.DISCARD:
            card = self.discard.pop()
            self.taken = card
            events.append(Event("drew", seat, "discard", card.pretty))
        else:
            if not self.stock:
                events += self._refill(rng)
            card = self.stock.pop()
            events.append(Event("drew", seat, "stock"))
        self.hands[seat].append(card)
        self.drawn = card
        self.phase = Phase.PLAY
        return events

    def _commit_meld(self, seat: int, plan: plays.MeldPlan) -> list[Event]:
        self.hands[seat] = list(plan.rest)
        self._forget_played(seat)
        if plan.opens:
            self.opened[seat] = self.turns
        for m in plan.melds:
            self.melds.append(TableMeld(m, seat))
        self.melds_now += len(plan.melds)
        self.played_now = True
        self.quiet_refills = 0
        self._note_joker_played(plan.cards)
        points = sum(m.points(self.rules) for m in plan.melds)
        events = [Event("melded", seat, melds=tuple(tuple(m.labels()) for m in plan.melds), detail={"points": points})]
        return events + self._maybe_out(seat)

    def _commit_lay_off(self, seat: int, plan: plays.LayOffPlan) -> list[Event]:
        self.hands[seat] = list(plan.rest)
        self._forget_played(seat)
        self.melds[plan.target].meld = plan.meld
        self.played_now = True
        self.quiet_refills = 0
        self._note_joker_played(plan.cards)
        events = [
            Event(
                "laid_off",
                seat,
                cards=tuple(c.unpinned().pretty for c in plan.cards),
                target=plan.target,
                melds=(tuple(plan.meld.labels()),),
            )
        ]
        return events + self._maybe_out(seat)

    def _commit_swap(self, seat: int, plan: plays.SwapPlan) -> list[Event]:
        hand = self.hands[seat]
        plays.remove_physical(hand, plan.card)
        self._forget_played(seat)
        hand.append(plan.joker)
        self.melds[plan.target].meld = plan.meld
        self.joker_to_play = plan.joker
        self.played_now = True
        self.quiet_refills = 0
        return [Event("swapped", seat, card=plan.card.pretty, target=plan.target, melds=(tuple(plan.meld.labels()),))]

    def _forget_played(self, seat: int) -> None:
        """The card drawn, or taken from the discard pile, this turn is that card only while it is in
        the hand: once melded or laid off it has been played. Should a swap bring it back (a joker),
        it is the joker to play again, not the taken card, which could then neither be discarded nor
        played. The stored document holds them only while in the hand (rummy.serialize), so the
        game plays on identically after loading."""
        hand = self.hands[seat]
        if self.taken is not None and not any(c is self.taken for c in hand):
            self.taken = None
        if self.drawn is not None and not any(c is self.drawn for c in hand):
            self.drawn = None

    def _note_joker_played(self, physical: Sequence[Card]) -> None:
        joker = self.joker_to_play
        if joker is not None and any(c.key == joker.key for c in physical):
            self.joker_to_play = None

    def joker_playable(self, seat: int) -> bool:
        """Whether the joker taken by a swap must be played again now (a legal play of it exists).

        While it does, the player cannot discard; see :func:`rummy.plays.joker_play`.
        """
        return plays.joker_play(self, seat) is not None

    def _commit_discard(self, seat: int, plan: plays.DiscardPlan, rng: random.Random) -> list[Event]:
        hand = self.hands[seat]
        plays.remove_physical(hand, plan.card)
        self.discard.append(plan.card)
        events = [Event("discarded", seat, card=plan.card.pretty)]
        if not hand:
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
        """End the deal with ``outcome``. The ``deal_over`` event reveals the hands left (sorted)
        and what each is worth, as players lay their cards face up at a real table to count the
        points: hidden while the deal was live, public from now on (the stock never is)."""
        self.outcome = outcome
        self.phase = Phase.OVER
        self.drawn = None
        return [
            Event(
                "deal_over",
                None,
                detail={
                    "reason": outcome.reason.value,
                    "winners": list(outcome.winners),
                    "points": {str(k): v for k, v in outcome.points.items()},
                    "rummy": outcome.rummy,
                    "hands": {str(s): [c.pretty for c in sort_hand(self.hands[s])] for s in self.seats},
                    "values": {str(s): outcome.hand_values.get(s, 0) for s in self.seats},
                },
            )
        ]

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
        """Handle an empty stock before the player to move draws.

        A stock that cannot be rebuilt (refill limit reached, or too few discards) ends the deal.
        Otherwise, where the player may take the top discard instead, the pile is turned only if
        they draw from the stock; elsewhere it is rebuilt at once.
        """
        if self.stock:
            return []
        if not self.can_refill():
            return self._dead(DealEnd.STOCK_EXHAUSTED)
        if self.rules.draw_discard_when_stock_empty:
            return []
        return self._refill(rng)

    def _refill(self, rng: random.Random) -> list[Event]:
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
        self.quiet_refills += 1
        shuffled = policy is StockRefill.SHUFFLE_KEEP_TOP
        events = [Event("stock_rebuilt", None, detail={"cards": len(self.stock), "shuffled": shuffled})]
        if self.quiet_refills == STALL_REBUILDS and self.goes_nowhere:  # once: from now on, see rummy.stall
            events.append(Event("deal_stalled", None, detail={"rebuilds": self.quiet_refills}))
        return events

    def remove_seat(self, seat: int, rng: random.Random, play_on: bool = True) -> list[Event]:
        """A player leaves mid-deal: their hand goes under the stock, the turn moves on.

        Their melds stay on the table. With ``play_on`` false the turn only moves (the caller ends
        the deal), so no stock is rebuilt and no dead deal is declared.
        """
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
            return self._start_turn(rng) if play_on else []
        return []
