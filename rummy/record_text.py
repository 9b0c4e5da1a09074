"""The text of a game record: one line per fact, readable by a person and parsed back exactly.

The notation (``docs/record.md`` tells it with an example) is language-neutral: English keywords,
cards as the project writes them (``7H``, ``10S``, ``JK``, ``JK=6S``), seats numbered from 1 as
players see them, and names as JSON strings. ``#`` starts a comment; blank lines and indentation
do not count. :func:`write_record` and :func:`parse_record` are inverses:
``parse_record(write_record(r)) == r``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from rummy.cards import Card
from rummy.errors import RummyError
from rummy.record import (
    NOTATION_VERSION,
    SEATED,
    DealResult,
    GameRecord,
    Move,
    MoveKind,
    Placing,
    RecordedDeal,
    RecordedSeat,
    RecordError,
)
from rummy.scoring import DealEnd

MAGIC = "rami-record"
HEADER = "# Rami: the record of a game (its notation: docs/record.md)"
_NONE = "-"


def _seat(seat: int) -> str:
    return str(seat + 1)


def _cards(cards: Sequence[str]) -> str:
    return " ".join(cards) if cards else _NONE


def _seats(seats: Sequence[int]) -> str:
    return " ".join(_seat(s) for s in seats) if seats else _NONE


def move_text(move: Move) -> str:
    """One move as its line (without the indentation)."""
    kind = move.kind
    head = f"{_seat(move.seat)} {kind.value}" if move.seat is not None else kind.value
    if kind in (MoveKind.TAKE, MoveKind.DISCARD):
        return f"{head} {_cards(move.cards)}"
    if kind is MoveKind.MELD:
        return f"{head} " + " | ".join(" ".join(m) for m in move.melds)
    if kind in (MoveKind.LAYOFF, MoveKind.SWAP):
        after = " ".join(move.melds[0]) if move.melds else ""
        return f"{head} {_cards(move.cards)} on {(move.target or 0) + 1} = {after}"
    if kind is MoveKind.REBUILT:
        return f"{head} {move.count or 0} {'shuffled' if move.shuffled else 'turned'}"
    return head


def _deal_lines(deal: RecordedDeal) -> Iterator[str]:
    up = f" up {deal.up}" if deal.up else ""
    yield f"deal {deal.number} dealer {_seat(deal.dealer)} starter {_seat(deal.starter)} seats {_seats(deal.seats)}{up}"
    for move in deal.moves:
        yield "  " + move_text(move)
    result = deal.result
    if result is None:
        return
    rummy = " rummy" if result.rummy else ""
    yield f"end {result.reason} winners {_seats(result.winners)}{rummy}"
    for seat in sorted(set(result.points) | set(result.hands)):
        hand = result.hands.get(seat, ())
        value = result.values.get(seat, 0)
        yield f"  hand {_seat(seat)} {_cards(hand)} value {value} points {result.points.get(seat, 0)}"
    yield "totals " + " ".join(str(t) for t in deal.totals)
    for seat in deal.eliminated:
        yield f"eliminated {_seat(seat)}"


def record_lines(record: GameRecord) -> Iterator[str]:
    yield HEADER
    yield f"{MAGIC} {record.version}"
    if record.game_id is not None:
        yield f"game {record.game_id}"
    yield f"preset {record.preset}"
    yield "house " + json.dumps(dict(record.house), sort_keys=True, ensure_ascii=False)
    for i, seat in enumerate(record.seats):
        bot = f" bot {seat.bot}" if seat.bot else ""
        yield f"seat {i + 1}{bot} {json.dumps(seat.name, ensure_ascii=False)}"
    for deal in record.deals:
        yield ""
        yield from _deal_lines(deal)
    if record.standings:
        yield ""
        for p in record.standings:
            yield f"rank {p.rank} seat {_seat(p.seat)} score {p.score}"


def write_record(record: GameRecord) -> str:
    """The record as text (see the module doc), ending with a newline."""
    return "\n".join(record_lines(record)) + "\n"


# -- parsing ------------------------------------------------------------------------------------


@dataclass
class _Reading:
    preset: str | None = None
    house: dict[str, Any] = field(default_factory=dict)
    seats: list[RecordedSeat] = field(default_factory=list)
    deals: list[RecordedDeal] = field(default_factory=list)
    standings: list[Placing] = field(default_factory=list)
    game_id: int | None = None
    version: int | None = None
    deal: dict[str, Any] | None = None  # the deal being read


def _int(text: str, what: str) -> int:
    if not text.lstrip("-").isdigit() or len(text) > 12:
        raise RecordError(f"{what} must be a number, not {text[:20]!r}")
    return int(text)


def _card(text: str) -> str:
    try:
        card = Card.parse(text)
    except RummyError:
        raise RecordError(f"{text[:20]!r} is not a card") from None
    if "#" in text:
        raise RecordError(f"{text[:20]!r}: a record names cards as the table shows them, without a copy number")
    return str(card)


def _card_list(tokens: Sequence[str]) -> tuple[str, ...]:
    if list(tokens) == [_NONE]:
        return ()
    return tuple(_card(t) for t in tokens)


def _expect(tokens: Sequence[str], at: int, word: str) -> None:
    if len(tokens) <= at or tokens[at] != word:
        raise RecordError(f"expected {word!r}")


class _Parser:
    def __init__(self) -> None:
        self.r = _Reading()

    def seat(self, text: str) -> int:
        seat = _int(text, "a seat") - 1
        if not 0 <= seat < len(self.r.seats):
            raise RecordError(f"there is no seat {text[:12]}")
        return seat

    def seat_list(self, tokens: Sequence[str]) -> tuple[int, ...]:
        if list(tokens) == [_NONE]:
            return ()
        return tuple(self.seat(t) for t in tokens)

    def line(self, text: str) -> None:
        tokens = text.split()
        word, rest = tokens[0], tokens[1:]
        handler = getattr(self, f"do_{word.replace('-', '_')}", None)
        if handler is not None:
            handler(rest, text)
            return
        self.move(tokens)

    # -- the header -------------------------------------------------------------------------
    def do_rami_record(self, rest: list[str], _text: str) -> None:
        self.r.version = _int(rest[0] if rest else "", "the notation's version")
        if self.r.version != NOTATION_VERSION:
            raise RecordError(f"notation {self.r.version} is not {NOTATION_VERSION}")

    def do_game(self, rest: list[str], _text: str) -> None:
        self.r.game_id = _int(rest[0] if rest else "", "the game")

    def do_preset(self, rest: list[str], _text: str) -> None:
        if len(rest) != 1:
            raise RecordError("write: preset NAME")
        self.r.preset = rest[0]

    def do_house(self, _rest: list[str], text: str) -> None:
        try:
            house = json.loads(text.split(None, 1)[1])
        except (IndexError, ValueError):
            raise RecordError("the house rules are a JSON object: house {}") from None
        if not isinstance(house, dict):
            raise RecordError("the house rules are a JSON object: house {}")
        self.r.house = house

    def do_seat(self, rest: list[str], text: str) -> None:
        if not rest or _int(rest[0], "a seat") != len(self.r.seats) + 1:
            raise RecordError("seats are numbered 1, 2, 3... in order")
        bot = rest[2] if len(rest) > 2 and rest[1] == "bot" else None
        try:
            name = json.loads(text[text.index('"') :])
        except ValueError:
            raise RecordError('a name is a JSON string: seat 1 "Alice"') from None
        if not isinstance(name, str):
            raise RecordError('a name is a JSON string: seat 1 "Alice"')
        self.r.seats.append(RecordedSeat(name, bot))

    # -- a deal -----------------------------------------------------------------------------
    def do_deal(self, rest: list[str], _text: str) -> None:
        self.close_deal()
        for at, word in ((1, "dealer"), (3, "starter"), (5, "seats")):
            _expect(rest, at, word)
        up_at = rest.index("up") if "up" in rest else len(rest)
        self.r.deal = {
            "number": _int(rest[0], "a deal's number"),
            "dealer": self.seat(rest[2]),
            "starter": self.seat(rest[4]),
            "seats": self.seat_list(rest[6:up_at]),
            "up": _card(rest[up_at + 1]) if up_at + 1 < len(rest) else None,
            "moves": [],
            "result": None,
            "totals": None,
            "eliminated": [],
        }

    def deal(self) -> dict[str, Any]:
        if self.r.deal is None:
            raise RecordError("this line belongs to a deal: begin with a deal line")
        return self.r.deal

    def move(self, tokens: list[str]) -> None:
        deal = self.deal()
        if deal["result"] is not None:
            raise RecordError("a move after the deal's end")
        seat = None
        if tokens[0][:1].isdigit():
            seat, tokens = self.seat(tokens[0]), tokens[1:]
        if not tokens:
            raise RecordError("a seat without a move")
        try:
            kind = MoveKind(tokens[0])
        except ValueError:
            raise RecordError(f"{tokens[0][:20]!r} is not a move") from None
        if (seat is not None) != (kind in SEATED):
            raise RecordError(f"{kind.value!r} {'needs' if kind in SEATED else 'takes no'} seat")
        deal["moves"].append(self.move_of(kind, seat, tokens[1:]))

    def move_of(self, kind: MoveKind, seat: int | None, args: list[str]) -> Move:
        if kind in (MoveKind.TAKE, MoveKind.DISCARD):
            if len(args) != 1:
                raise RecordError(f"{kind.value} names one card")
            return Move(kind, seat, (_card(args[0]),))
        if kind is MoveKind.MELD:
            groups = " ".join(args).split("|")
            melds = tuple(_card_list(g.split()) for g in groups)
            if not melds or not all(melds):
                raise RecordError("meld: cards, melds apart with |")
            return Move(kind, seat, melds=melds)
        if kind in (MoveKind.LAYOFF, MoveKind.SWAP):
            if "on" not in args or "=" not in args:
                raise RecordError(f"{kind.value} CARDS on N = MELD")
            on, eq = args.index("on"), args.index("=")
            if eq != on + 2:
                raise RecordError(f"{kind.value} CARDS on N = MELD")
            cards, after = _card_list(args[:on]), _card_list(args[eq + 1 :])
            target = _int(args[on + 1], "a meld's number") - 1
            if not cards or not after or target < 0:
                raise RecordError(f"{kind.value} CARDS on N = MELD")
            return Move(kind, seat, cards, (after,), target)
        if kind is MoveKind.REBUILT:
            if len(args) != 2 or args[1] not in ("shuffled", "turned"):
                raise RecordError("rebuilt N shuffled|turned")
            return Move(kind, count=_int(args[0], "a stock's size"), shuffled=args[1] == "shuffled")
        if args:
            raise RecordError(f"{kind.value} takes nothing more")
        return Move(kind, seat)

    def do_end(self, rest: list[str], _text: str) -> None:
        deal = self.deal()
        if deal["result"] is not None:
            raise RecordError("a deal ends once")
        _expect(rest, 1, "winners")
        try:
            reason = DealEnd(rest[0]).value
        except ValueError:
            raise RecordError(f"{rest[0][:20]!r} is not how a deal ends") from None
        rummy = rest[-1] == "rummy"
        winners = self.seat_list(rest[2 : len(rest) - rummy])
        deal["result"] = {"reason": reason, "winners": winners, "rummy": rummy, "hands": {}, "values": {}, "points": {}}

    def do_hand(self, rest: list[str], _text: str) -> None:
        result = self.deal()["result"]
        if result is None or len(rest) < 6 or rest[-4] != "value" or rest[-2] != "points":
            raise RecordError("hand SEAT CARDS value N points N, after the deal's end")
        seat = self.seat(rest[0])
        result["hands"][seat] = _card_list(rest[1:-4])
        result["values"][seat] = _int(rest[-3], "a hand's value")
        result["points"][seat] = _int(rest[-1], "points")

    def do_totals(self, rest: list[str], _text: str) -> None:
        deal = self.deal()
        if deal["result"] is None or len(rest) != len(self.r.seats):
            raise RecordError("totals: one number per seat, after the deal's end")
        deal["totals"] = tuple(_int(t, "a total") for t in rest)

    def do_eliminated(self, rest: list[str], _text: str) -> None:
        deal = self.deal()
        if deal["totals"] is None or len(rest) != 1:
            raise RecordError("eliminated SEAT, after the totals")
        deal["eliminated"].append(self.seat(rest[0]))

    def do_rank(self, rest: list[str], _text: str) -> None:
        self.close_deal()
        if len(rest) != 5 or rest[1] != "seat" or rest[3] != "score":
            raise RecordError("rank N seat N score N")
        self.r.standings.append(Placing(_int(rest[0], "a rank"), self.seat(rest[2]), _int(rest[4], "a score")))

    def close_deal(self) -> None:
        deal, self.r.deal = self.r.deal, None
        if deal is None:
            return
        result = deal["result"]
        totals = deal["totals"]
        if result is not None and totals is None:
            raise RecordError(f"deal {deal['number']} has no totals line")
        ended = None if result is None else DealResult(**result)
        if totals is None:
            totals = self.r.deals[-1].totals if self.r.deals else (0,) * len(self.r.seats)
        self.r.deals.append(
            RecordedDeal(
                deal["number"],
                deal["dealer"],
                deal["starter"],
                deal["seats"],
                deal["up"],
                tuple(deal["moves"]),
                ended,
                totals,
                tuple(deal["eliminated"]),
            )
        )

    def record(self) -> GameRecord:
        self.close_deal()
        r = self.r
        if r.version is None or r.preset is None or not r.seats:
            raise RecordError("a record begins with rami-record, preset, house and its seats")
        return GameRecord(r.preset, r.house, tuple(r.seats), tuple(r.deals), tuple(r.standings), r.game_id, r.version)


def parse_record(text: str) -> GameRecord:
    """The record a text holds; :class:`RecordError` names the first line that does not read."""
    parser = _Parser()
    # Lines end at "\n" only: a name may hold other line breaks of Unicode (U+0085, U+2028), raw in its JSON
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            parser.line(line)
        except RecordError as exc:
            raise RecordError(f"line {number}: {exc}") from None
    return parser.record()
