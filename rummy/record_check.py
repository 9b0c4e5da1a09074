"""Replaying a game's record with the rules, from what the table saw alone.

:func:`replay_record` plays each deal of a :class:`~rummy.record.GameRecord` again on the public
facts: who is dealt in and how many cards each holds, the discard pile card by card, the melds on
the table (every meld and lay-off checked by the rules: :func:`rummy.melds.make_meld`), whose turn
it is, the stock's size (never its cards). At the deal's end the hands laid face up must hold
exactly the cards each player had left, and the rules score them again: who went out and whether
it was a rummy follow from the moves, the points from :func:`rummy.scoring.score_deal`, the totals
and eliminations from the points, the standings from the game's own ranking. Every number the
record states must be what the replay arrives at; the first that is not raises
:class:`~rummy.record.RecordError`, naming the deal and the move.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from rummy.cards import Card
from rummy.errors import IllegalAction
from rummy.game import DealRecord, Game, Player
from rummy.melds import Meld, make_meld
from rummy.record import IN_TURN, GameRecord, Move, MoveKind, RecordedDeal, RecordError
from rummy.rules import DeadDeal, FirstDiscard, GameEnd, Rules, StockRefill
from rummy.scoring import DealEnd, DealOutcome, hand_value, score_deal

PLAYS = frozenset({MoveKind.MELD, MoveKind.LAYOFF, MoveKind.SWAP})


@dataclass(frozen=True)
class Replayed:
    """What the rules arrive at from a record: each deal's outcome, the totals, the standings
    (``(rank, seat, score)``, best first)."""

    deals: tuple[DealOutcome, ...]
    totals: tuple[int, ...]
    standings: tuple[tuple[int, int, int], ...]


def bare(code: str) -> str:
    """A card's code without a joker's pin (``JK=6S`` is a ``JK``)."""
    return code.split("=", 1)[0]


def _cards(codes: Sequence[str]) -> list[Card]:
    return [Card.parse(c) for c in codes]


@dataclass
class _Table:
    """One deal as the table sees it."""

    rules: Rules
    deal: RecordedDeal
    seats: list[int]
    counts: dict[int, int]
    stock: int
    pile: list[str]
    turn: int
    pack: Counter[str]
    melds: list[Meld] = field(default_factory=list)
    played: set[int] = field(default_factory=set)  # melded, laid off or swapped on an earlier turn
    played_now: bool = False
    turns: int = 0
    out: int | None = None  # the seat that went out

    @classmethod
    def dealt(cls, rules: Rules, deal: RecordedDeal, players: int) -> _Table:
        seats = list(deal.seats)
        n = len(seats)
        if n < 2 or len(set(seats)) != n or not all(0 <= s < players for s in seats) or deal.starter not in seats:
            raise RecordError("the seats dealt in do not make a deal")
        size = rules.hand_size_for(n)
        counts = dict.fromkeys(seats, size)
        extra = rules.first_discard is FirstDiscard.STARTER_EXTRA_CARD
        if extra:
            counts[deal.starter] += 1
        if extra == (deal.up is not None):
            raise RecordError("the first card face up does not follow the rules")
        pile = [deal.up] if deal.up is not None else []
        pack: Counter[str] = Counter()
        for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"):
            for suit in "CDHS":
                pack[rank + suit] = rules.decks_for(n)
        pack["JK"] = rules.jokers_for(n)
        stock = rules.pack_size(n) - sum(counts.values()) - len(pile)
        return cls(rules, deal, seats, counts, stock, pile, deal.starter, pack)

    def next_seat(self, seat: int) -> int:
        return self.seats[(self.seats.index(seat) + 1) % len(self.seats)]

    def meld(self, codes: Sequence[str]) -> Meld:
        try:
            return make_meld(_cards(codes), self.rules)
        except IllegalAction as exc:
            raise RecordError(f"{' '.join(codes)} is not a meld: {exc}") from None

    def target(self, move: Move) -> Meld:
        if move.target is None or not 0 <= move.target < len(self.melds):
            raise RecordError(f"there is no meld {(move.target or 0) + 1} on the table")
        return self.melds[move.target]

    def hand(self, seat: int, change: int) -> None:
        self.counts[seat] += change
        if self.counts[seat] < 0:
            raise RecordError("a player plays more cards than they hold")

    def play(self, move: Move) -> None:
        kind, seat = move.kind, move.seat
        if self.out is not None:
            raise RecordError("a move after a player went out")
        if kind in IN_TURN and seat != self.turn:
            raise RecordError("a move out of turn")
        if seat is not None and seat not in self.seats:
            raise RecordError("a move by a player not in the deal")
        if kind is MoveKind.DRAW:
            if self.stock <= 0:
                raise RecordError("a draw from an empty stock")
            self.stock -= 1
            self.hand(self.turn, 1)
        elif kind is MoveKind.TAKE:
            if not self.pile or self.pile[-1] != move.cards[0]:
                raise RecordError(f"{move.cards[0]} is not the top of the discard pile")
            self.pile.pop()
            self.hand(self.turn, 1)
        elif kind in PLAYS:
            self.lay(move)
        elif kind is MoveKind.DISCARD:
            self.pile.append(move.cards[0])
            self.hand(self.turn, -1)
            if self.counts[self.turn]:
                self.end_turn()
            else:
                self.out = self.turn
        elif kind is MoveKind.REBUILT:
            self.rebuild(move)
        elif kind is MoveKind.LEFT:
            self.leave(move.seat)

    def lay(self, move: Move) -> None:
        seat = self.turn
        if move.kind is MoveKind.MELD:
            melds = [self.meld(m) for m in move.melds]
            self.melds += melds
            self.hand(seat, -sum(len(m) for m in move.melds))
        else:
            old, new = self.target(move), self.meld(move.melds[0])
            before = Counter(bare(str(c)) for c in old.cards)
            after = Counter(bare(c) for c in move.melds[0])
            if move.kind is MoveKind.LAYOFF:
                expected = before + Counter(bare(c) for c in move.cards)
                self.hand(seat, -len(move.cards))
            else:
                expected = before - Counter({"JK": 1}) + Counter(bare(c) for c in move.cards)
            if after != expected or (move.kind is MoveKind.SWAP and "JK" not in before):
                raise RecordError(f"meld {(move.target or 0) + 1} cannot become {' '.join(move.melds[0])}")
            self.melds[move.target or 0] = new
        self.played_now = True
        if not self.counts[seat]:
            self.out = seat

    def end_turn(self) -> None:
        if self.played_now:
            self.played.add(self.turn)
        self.played_now = False
        self.turns += 1
        self.turn = self.next_seat(self.turn)

    def rebuild(self, move: Move) -> None:
        whole = self.rules.stock_refill is StockRefill.TURN_WHOLE_PILE
        size = len(self.pile) if whole else len(self.pile) - 1
        if self.stock != 0 or move.count != size or size <= 0:
            raise RecordError(f"the discard pile does not make a stock of {move.count}")
        if move.shuffled != (self.rules.stock_refill is StockRefill.SHUFFLE_KEEP_TOP):
            raise RecordError("the stock was rebuilt another way than the rules say")
        self.stock, self.pile = size, [] if whole else self.pile[-1:]

    def leave(self, seat: int | None) -> None:
        assert seat is not None
        if seat == self.turn:
            self.turn = self.next_seat(seat)
            self.played_now = False
        self.stock += self.counts.pop(seat)
        self.seats.remove(seat)

    def outcome(self) -> DealOutcome:
        result = self.deal.result
        if result is None:
            raise RecordError("the deal has no end")
        reason = DealEnd(result.reason)
        if reason is not DealEnd.ABANDONED:
            for seat in self.seats:
                shown_now = len(result.hands.get(seat, ()))
                if shown_now != self.counts[seat]:
                    raise RecordError(f"seat {seat + 1} shows {shown_now} cards, not {self.counts[seat]}")
        shown = Counter(bare(c) for s in self.seats for c in result.hands.get(s, ()))
        shown += Counter(self.pile) + Counter(bare(str(c)) for m in self.melds for c in m.cards)
        if shown - self.pack:
            raise RecordError(f"more cards than the pack holds: {' '.join(sorted((shown - self.pack).elements()))}")
        hands = {s: _cards(result.hands.get(s, ())) for s in self.seats}
        winners: tuple[int, ...] = ()
        rummy = False
        if reason is DealEnd.WENT_OUT:
            if self.out is None:
                raise RecordError("nobody went out")
            winners, rummy = (self.out,), self.out not in self.played
        elif self.out is not None:
            raise RecordError(f"the deal ended as {reason.value} after a player went out")
        elif reason in (DealEnd.STOCK_EXHAUSTED, DealEnd.TURN_CAP):
            if reason is DealEnd.TURN_CAP and self.turns < self.rules.turn_cap:
                raise RecordError(f"the deal ended after {self.turns} turns, not {self.rules.turn_cap}")
            if self.rules.dead_deal is DeadDeal.LOWEST_HAND_WINS:
                values = {s: hand_value(h, self.rules) for s, h in hands.items()}
                low = min(values.values())
                winners = tuple(s for s in self.seats if values[s] == low)
        return score_deal(reason, winners, hands, self.rules, rummy)


def _same(deal: RecordedDeal, got: DealOutcome) -> None:
    result = deal.result
    assert result is not None
    if tuple(got.winners) != tuple(result.winners) or got.rummy != result.rummy:
        raise RecordError(f"the winners or the rummy are not what the moves make them ({list(got.winners)})")
    for seat in set(got.points) | set(result.points):
        if got.points.get(seat, 0) != result.points.get(seat, 0):
            raise RecordError(f"seat {seat + 1} scores {got.points.get(seat, 0)}, not {result.points.get(seat, 0)}")
        if seat in got.hand_values and got.hand_values[seat] != result.values.get(seat, 0):
            raise RecordError(f"seat {seat + 1}'s hand is worth {got.hand_values[seat]}")


def replay_record(record: GameRecord) -> Replayed:
    """Replay ``record`` with its rules; :class:`RecordError` at the first fact that does not follow."""
    try:
        rules = record.rules
    except ValueError as exc:
        raise RecordError(f"the rules do not read: {exc}") from None
    players = len(record.seats)
    totals = [0] * players
    eliminated: dict[int, int] = {}
    dropped: list[int] = []
    history: list[DealRecord] = []
    outcomes: list[DealOutcome] = []
    for deal in record.deals:
        where = f"deal {deal.number}"
        table = _Table.dealt(rules, deal, players) if deal.seats else None
        if table is None:
            raise RecordError(f"{where}: no seats")
        for number, move in enumerate(deal.moves, start=1):
            try:
                table.play(move)
            except RecordError as exc:
                raise RecordError(f"{where}, move {number}: {exc}") from None
            if move.kind is MoveKind.LEFT and move.seat is not None:
                dropped.append(move.seat)
        if deal.result is None:
            break
        try:
            got = table.outcome()
            _same(deal, got)
        except RecordError as exc:
            raise RecordError(f"{where}: {exc}") from None
        outcomes.append(got)
        history.append(DealRecord(deal.number, deal.dealer, got))
        for seat, points in got.points.items():
            totals[seat] += points
        if tuple(totals) != deal.totals:
            raise RecordError(f"{where}: the totals are {totals}, not {list(deal.totals)}")
        out = []
        if rules.game_end is GameEnd.ELIMINATION:
            active = [s for s in range(players) if s not in eliminated and s not in dropped]
            out = [s for s in active if totals[s] >= rules.game_length]
        if tuple(out) != deal.eliminated:
            raise RecordError(f"{where}: seats {[s + 1 for s in out]} are out, not {[s + 1 for s in deal.eliminated]}")
        eliminated |= dict.fromkeys(out, deal.number)
    people = [Player(str(i), s.name, s.bot) for i, s in enumerate(record.seats)]
    game = Game(rules, people, None, list(totals), 0, None, history, eliminated, dropped)
    standings = tuple((s.rank, s.seat, s.score) for s in game._standings().standings)
    if record.standings and standings != tuple((p.rank, p.seat, p.score) for p in record.standings):
        raise RecordError(f"the standings are {standings}")
    return Replayed(tuple(outcomes), tuple(totals), standings)
