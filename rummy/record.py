"""The record of a game: what the table saw, deal by deal, and nothing more.

A :class:`GameRecord` is built from the public :class:`~rummy.events.Event` values a game emitted
(the bot stores each change's events with its action-log row) and the game's final table: who sat
where, the rules, and the standings. It holds each deal's public moves in order (a draw from the
stock names no card; a card taken from the discard pile, melded, laid off, swapped in or discarded
is named, as the table saw it), then the hands laid face up at the deal's end with their values and
the deal's points, then the totals. The stock's order and a card drawn but never shown appear
nowhere: a record is built from public events only, which never hold a hidden card.

Cards are written in the project's notation (:class:`~rummy.cards.Card`'s ``str``: ``7H``, ``10S``,
``JK``, a joker in a meld as ``JK=6S``). Seats are indices into :attr:`GameRecord.seats`. The text
form is :mod:`rummy.record_text`; replaying a record with the rules is :mod:`rummy.record_check`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from rummy.cards import Card
from rummy.events import Event
from rummy.rules import Rules
from rummy.serialize import rules_to_json, shared_rules
from rummy.table import Table

NOTATION_VERSION = 1


class RecordError(ValueError):
    """A record that does not read, or does not replay to what it says: where, and why."""


class MoveKind(Enum):
    """A public move or happening inside a deal, as the notation names it."""

    DRAW = "draw"  # from the stock: the card is not named
    TAKE = "take"  # the top of the discard pile
    MELD = "meld"
    LAYOFF = "layoff"
    SWAP = "swap"  # a card put in place of a melded joker, which goes to the hand
    DISCARD = "discard"
    REBUILT = "rebuilt"  # the discard pile became the new stock
    LEFT = "left"  # the player left the game (or was dropped)
    STALLED = "stalled"  # the deal goes nowhere: anyone may propose to end it
    PROPOSE = "propose"
    AGREE = "agree"
    DECLINE = "decline"
    LAPSED = "lapsed"  # a meld or lay-off made the proposal lapse


# The moves of the player whose turn it is, and every move made by a seat (the others are the table's).
IN_TURN = frozenset({MoveKind.DRAW, MoveKind.TAKE, MoveKind.MELD, MoveKind.LAYOFF, MoveKind.SWAP, MoveKind.DISCARD})
SEATED = IN_TURN | {MoveKind.LEFT, MoveKind.PROPOSE, MoveKind.AGREE, MoveKind.DECLINE}


@dataclass(frozen=True)
class Move:
    """One line of a deal. ``cards``: the cards named (taken, laid off, swapped in, discarded);
    ``melds``: the melds laid, or for a lay-off or a swap the meld as it is afterwards; ``target``:
    the meld's index on the table (0-based; players read it 1-based); ``count``: a rebuilt stock's size."""

    kind: MoveKind
    seat: int | None = None
    cards: tuple[str, ...] = ()
    melds: tuple[tuple[str, ...], ...] = ()
    target: int | None = None
    count: int | None = None
    shuffled: bool = False


@dataclass(frozen=True)
class DealResult:
    """How a deal ended: the reason (a :class:`~rummy.scoring.DealEnd` value), who won, whether it
    was a rummy that doubled, the hands laid face up (sorted) with their values, and the points."""

    reason: str
    winners: tuple[int, ...]
    rummy: bool
    hands: Mapping[int, tuple[str, ...]]
    values: Mapping[int, int]
    points: Mapping[int, int]


@dataclass(frozen=True)
class RecordedDeal:
    number: int
    dealer: int
    starter: int
    seats: tuple[int, ...]  # dealt in, in turn order
    up: str | None  # the card turned face up to start the discard pile (None: the starter discards first)
    moves: tuple[Move, ...]
    result: DealResult | None  # None only in a record of a game still in play
    totals: tuple[int, ...]  # every seat's total after this deal
    eliminated: tuple[int, ...] = ()  # seats out of the game after this deal


@dataclass(frozen=True)
class RecordedSeat:
    name: str
    bot: str | None = None  # a computer player's level; None for a person


@dataclass(frozen=True)
class Placing:
    rank: int
    seat: int
    score: int


@dataclass(frozen=True)
class GameRecord:
    preset: str
    house: Mapping[str, Any]  # the house rules: knob -> stored value
    seats: tuple[RecordedSeat, ...]
    deals: tuple[RecordedDeal, ...]
    standings: tuple[Placing, ...]  # best first; empty while the game is in play
    game_id: int | None = None
    version: int = NOTATION_VERSION

    @property
    def rules(self) -> Rules:
        """The rules the game was played with (raises :class:`ValueError` for unknown ones)."""
        return shared_rules(self.preset, dict(self.house))

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(p.seat for p in self.standings if p.rank == 1)

    @property
    def totals(self) -> tuple[int, ...]:
        return self.deals[-1].totals if self.deals else (0,) * len(self.seats)


def code(text: str) -> str:
    """A card as an event shows it (``7♥``, ``🃏=6♠``) in the notation (``7H``, ``JK=6S``)."""
    return str(Card.parse(text))


def _codes(texts: Iterable[str]) -> tuple[str, ...]:
    return tuple(code(t) for t in texts)


@dataclass
class _Deal:
    """A deal being read from its events."""

    number: int
    dealer: int
    starter: int
    seats: tuple[int, ...]
    up: str | None
    moves: list[Move] = field(default_factory=list)
    result: DealResult | None = None
    eliminated: list[int] = field(default_factory=list)


_SIMPLE = {
    "deal_stalled": MoveKind.STALLED,
    "end_proposed": MoveKind.PROPOSE,
    "end_agreed": MoveKind.AGREE,
    "end_declined": MoveKind.DECLINE,
    "end_lapsed": MoveKind.LAPSED,
    "dropped": MoveKind.LEFT,
}


def _move(event: Event) -> Move | None:
    """The line of a move event (None for an event that is not a move of the deal)."""
    kind, seat = event.kind, event.seat
    if kind == "drew":
        if event.source == "discard" and event.card is not None:
            return Move(MoveKind.TAKE, seat, (code(event.card),))
        return Move(MoveKind.DRAW, seat)
    if kind == "melded":
        return Move(MoveKind.MELD, seat, melds=tuple(_codes(m) for m in event.melds))
    if kind == "laid_off":
        return Move(MoveKind.LAYOFF, seat, _codes(event.cards), tuple(_codes(m) for m in event.melds), event.target)
    if kind == "swapped" and event.card is not None:
        return Move(MoveKind.SWAP, seat, (code(event.card),), tuple(_codes(m) for m in event.melds), event.target)
    if kind == "discarded" and event.card is not None:
        return Move(MoveKind.DISCARD, seat, (code(event.card),))
    if kind == "stock_rebuilt":
        shuffled = bool(event.detail.get("shuffled"))
        return Move(MoveKind.REBUILT, count=int(event.detail.get("cards", 0)), shuffled=shuffled)
    if kind in _SIMPLE:
        return Move(_SIMPLE[kind], seat if _SIMPLE[kind] in SEATED else None)
    return None


def _result(event: Event, seats: tuple[int, ...]) -> DealResult:
    d = event.detail
    shown = {int(s): _codes(cards) for s, cards in d.get("hands", {}).items()}
    worth = {int(s): int(v) for s, v in d.get("values", {}).items()}
    scored = {int(s): int(p) for s, p in d.get("points", {}).items()}
    every = sorted(set(seats) | set(shown) | set(scored))  # a deal abandoned shows no hand: all are empty
    hands = {s: shown.get(s, ()) for s in every}
    values = {s: worth.get(s, 0) for s in every}
    points = {s: scored.get(s, 0) for s in every}
    winners = tuple(int(w) for w in d.get("winners", []))
    return DealResult(str(d.get("reason")), winners, bool(d.get("rummy")), hands, values, points)


def record_of(table: Table, events: Iterable[Event], game_id: int | None = None) -> GameRecord:
    """The record of ``table``'s game from every public event it emitted, oldest first (the events
    of the lobby are skipped). Raises :class:`RecordError` if the events do not make a game."""
    if table.game is None:
        raise RecordError("The game never started: it has no record.")
    players = len(table.players)
    deals: list[_Deal] = []
    for event in events:
        if event.kind == "deal_started":
            d = event.detail
            seats = tuple(int(s) for s in d.get("seats", table.game.active_seats))
            up = code(d["up"]) if d.get("up") else None
            number = int(d.get("number", len(deals) + 1))
            deals.append(_Deal(number, int(event.seat or 0), int(d["starter"]), seats, up))
            continue
        if not deals:
            continue  # the lobby's events
        deal = deals[-1]
        if event.kind == "deal_over":
            deal.result = _result(event, deal.seats)
        elif event.kind == "eliminated" and event.seat is not None:
            deal.eliminated.append(event.seat)
        elif deal.result is None:
            move = _move(event)
            if move is not None:
                deal.moves.append(move)
    if not deals:
        raise RecordError("No deal of this game was recorded.")
    totals = [0] * players
    done: list[RecordedDeal] = []
    for deal in deals:
        if deal.result is not None:
            for seat, points in deal.result.points.items():
                totals[seat] += points
        done.append(
            RecordedDeal(
                deal.number,
                deal.dealer,
                deal.starter,
                deal.seats,
                deal.up,
                tuple(deal.moves),
                deal.result,
                tuple(totals),
                tuple(deal.eliminated),
            )
        )
    outcome = table.game.outcome
    standings = () if outcome is None else tuple(Placing(s.rank, s.seat, s.score) for s in outcome.standings)
    return GameRecord(
        table.game.rules.name,
        dict(rules_to_json(table.game.rules)["overrides"]),
        tuple(RecordedSeat(p.name, p.bot_level) for p in table.players),
        tuple(done),
        standings,
        game_id,
    )
