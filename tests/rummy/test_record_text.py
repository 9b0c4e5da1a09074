"""The record's notation round-trips: any record, written and parsed back, is the same record."""

from __future__ import annotations

import contextlib

from hypothesis import given, settings
from hypothesis import strategies as st

from rummy.record import DealResult, GameRecord, Move, MoveKind, Placing, RecordedDeal, RecordedSeat, RecordError
from rummy.record_check import replay_record
from rummy.record_text import parse_record, write_record
from rummy.scoring import DealEnd

CODES = [f"{r}{s}" for r in ("A", "2", "5", "9", "10", "J", "Q", "K") for s in "CDHS"] + ["JK", "JK=6S", "JK=10H"]
card = st.sampled_from(CODES)
cards = st.lists(card, min_size=1, max_size=5).map(tuple)


@st.composite
def moves(draw: st.DrawFn, seats: int) -> Move:
    seat = draw(st.integers(0, seats - 1))
    kind = draw(st.sampled_from(list(MoveKind)))
    if kind in (MoveKind.TAKE, MoveKind.DISCARD):
        return Move(kind, seat, (draw(card),))
    if kind is MoveKind.MELD:
        return Move(kind, seat, melds=tuple(draw(st.lists(cards, min_size=1, max_size=3))))
    if kind in (MoveKind.LAYOFF, MoveKind.SWAP):
        return Move(kind, seat, draw(cards), (draw(cards),), draw(st.integers(0, 30)))
    if kind is MoveKind.REBUILT:
        return Move(kind, count=draw(st.integers(1, 150)), shuffled=draw(st.booleans()))
    if kind in (MoveKind.STALLED, MoveKind.LAPSED):
        return Move(kind)
    return Move(kind, seat)


@st.composite
def records(draw: st.DrawFn) -> GameRecord:
    n = draw(st.integers(2, 6))
    seats = tuple(
        RecordedSeat(draw(st.text(max_size=40)), draw(st.sampled_from([None, "easy", "normal", "hard"])))
        for _ in range(n)
    )
    deals = []
    totals = [0] * n
    for number in range(1, draw(st.integers(0, 3)) + 1):
        dealt = tuple(sorted(draw(st.sets(st.integers(0, n - 1), min_size=2))))
        points = {s: draw(st.integers(0, 200)) for s in dealt}
        hands = {s: tuple(draw(st.lists(card, max_size=6))) for s in dealt}
        values = {s: draw(st.integers(0, 200)) for s in dealt}
        reason = draw(st.sampled_from([e.value for e in DealEnd]))
        winners = tuple(sorted(draw(st.sets(st.sampled_from(dealt), max_size=2))))
        result = DealResult(reason, winners, draw(st.booleans()), hands, values, points)
        totals = [t + points.get(s, 0) for s, t in enumerate(totals)]
        out = tuple(sorted(draw(st.sets(st.sampled_from(dealt), max_size=1))))
        deals.append(
            RecordedDeal(
                number,
                draw(st.sampled_from(dealt)),
                draw(st.sampled_from(dealt)),
                dealt,
                draw(st.one_of(st.none(), card)),
                tuple(draw(st.lists(moves(n), max_size=12))),
                result,
                tuple(totals),
                out,
            )
        )
    standings = tuple(Placing(i + 1, s, totals[s]) for i, s in enumerate(range(n))) if deals else ()
    house = draw(st.dictionaries(st.sampled_from(["opening", "game_length", "ace"]), st.integers(0, 500), max_size=2))
    game_id = draw(st.one_of(st.none(), st.integers(1, 10**9)))
    return GameRecord(
        draw(st.sampled_from(["basic", "rami51", "ref40"])), house, seats, tuple(deals), standings, game_id
    )


@settings(max_examples=60, deadline=None)
@given(records())
def test_any_record_round_trips_through_its_text(record: GameRecord) -> None:
    """write then parse gives the record back, whatever the names, cards and moves."""
    assert parse_record(write_record(record)) == record


TOKENS = ["", "x", "-1", "99", "=", "on", "|", "JK=", "7H#1", '"', "{", "rummy", "winners", "9" * 13]


@settings(max_examples=40, deadline=None)
@given(records(), st.data())
def test_a_text_with_a_token_changed_reads_or_is_refused_with_a_reason(record: GameRecord, data: st.DataObject) -> None:
    """Whatever one token of a record becomes, parsing and replaying raise nothing but RecordError."""
    lines = write_record(record).split("\n")
    at = data.draw(st.integers(0, len(lines) - 1))
    tokens = lines[at].split(" ")
    tokens[data.draw(st.integers(0, len(tokens) - 1))] = data.draw(st.sampled_from(TOKENS))
    lines[at] = " ".join(tokens)
    with contextlib.suppress(RecordError):
        replay_record(parse_record("\n".join(lines)))
