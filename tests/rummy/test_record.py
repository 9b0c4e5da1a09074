"""The record of a game: built from the public events, written, parsed back, replayed by the rules."""

from __future__ import annotations

import dataclasses
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from rummy.record import GameRecord, Move, MoveKind, RecordError, record_of
from rummy.record_check import bare, replay_record
from rummy.record_text import parse_record, write_record
from tests.rummy.record_support import Played, played

# Every preset, each game shortened by its length knob only (a target or an elimination limit), so
# a whole game stays cheap; basic plays its 3 deals.
GAMES = {
    "basic": {},
    "rummy100": {"game_length": "25"},
    "rami100": {"game_length": "25"},
    "rami51": {"game_length": "120"},
    "ref40": {"game_length": "120"},
    "ref51": {"game_length": "120"},
}


@cache
def game_of(preset: str, drop: int | None = None) -> Played:
    return played(preset, 5, bots=1 if drop is not None else 0, drop=drop, **GAMES[preset])


def record(p: Played) -> GameRecord:
    return record_of(p.table, p.events, game_id=9)


@pytest.mark.parametrize("preset", sorted(GAMES))
def test_a_whole_game_replays_from_its_text_to_the_stored_points(preset: str) -> None:
    """Written, parsed back and replayed, a record gives the stored game's deals, points and totals."""
    p = game_of(preset)
    game = p.table.game
    assert game is not None and game.outcome is not None
    back = parse_record(write_record(record(p)))
    assert back == record(p)
    replayed = replay_record(back)
    assert len(replayed.deals) == len(game.history) == len(back.deals)
    for got, stored in zip(replayed.deals, game.history, strict=True):
        want = stored.outcome
        assert (got.reason, got.winners, got.rummy) == (want.reason, want.winners, want.rummy)
        assert {s: p for s, p in got.points.items() if p} == {s: p for s, p in stored.outcome.points.items() if p}
    assert list(replayed.totals) == game.scores
    assert replayed.standings == tuple((s.rank, s.seat, s.score) for s in game.outcome.standings)


def test_a_player_leaving_mid_game_is_in_the_record_and_it_still_replays() -> None:
    """A seat dropped in the middle of a deal: its cards go under the stock, the record replays."""
    p = game_of("ref51", drop=60)
    rec = record(p)
    assert any(m.kind is MoveKind.LEFT for d in rec.deals for m in d.moves)
    assert replay_record(parse_record(write_record(rec))).totals == tuple(p.table.game.scores)  # type: ignore[union-attr]


def named(moves: tuple[Move, ...]) -> Counter[str]:
    """The cards the moves name, each as many times as one move names it at most (a card taken from
    the discard pile, or a meld shown again after a lay-off, is named again: the same card)."""
    cards: Counter[str] = Counter()
    for move in moves:
        one = Counter(bare(c) for c in move.cards)
        for meld in move.melds:
            one |= Counter(bare(c) for c in meld)
        cards |= one
    return cards


@pytest.mark.parametrize(("preset", "drop"), [*((preset, None) for preset in sorted(GAMES)), ("ref51", 60)])
def test_no_card_is_shown_before_the_table_saw_it(preset: str, drop: int | None) -> None:
    """After every action, the deal's record names only cards that were face up by then (the
    stock's and the hands' cards never), and at the end only those and the hands laid face up;
    also with a computer player drawing from the stock and a seat leaving mid-deal (``drop``: its
    cards go under the stock unseen)."""
    p = game_of(preset, drop)
    if drop is not None:
        left = [m for d in record(p).deals for m in d.moves if m.kind is MoveKind.LEFT]
        assert left and all(not m.cards and not m.melds for m in left)
    start = 0
    for count, number, face_up in p.seen:
        starts = [i for i, e in enumerate(p.events[:count]) if e.kind == "deal_started"]
        start = starts[-1] if starts else start
        deals = [d for d in record_of(p.table, p.events[start:count]).deals if d.number == number]
        if not deals:  # this action ended the deal: the next deal's events came after it
            deals = [d for d in record_of(p.table, p.events[:count]).deals if d.number == number]
        deal = deals[0]
        assert all(not m.cards for m in deal.moves if m.kind is MoveKind.DRAW)
        shown = named(deal.moves) + Counter([deal.up] if deal.up else [])
        if deal.result is not None:
            face_up = face_up + Counter(bare(c) for hand in deal.result.hands.values() for c in hand)
        assert not shown - face_up, f"deal {number} names {shown - face_up} before they were public"


def test_a_tampered_record_does_not_replay() -> None:
    """A point, a card or a turn changed in the text is caught, with where."""
    text = write_record(record(game_of("basic")))
    lines = text.splitlines()
    end = next(i for i, line in enumerate(lines) if line.startswith("totals"))
    totals = lines[end].split()
    wrong = [*lines[:end], " ".join([totals[0], str(int(totals[1]) + 1), *totals[2:]]), *lines[end + 1 :]]
    with pytest.raises(RecordError, match="deal 1"):
        replay_record(parse_record("\n".join(wrong)))
    first = next(i for i, line in enumerate(lines) if line.strip().endswith(" draw"))
    seat = lines[first].split()[0]
    other = "2" if seat == "1" else "1"
    moved = [*lines[:first], lines[first].replace(f"{seat} draw", f"{other} draw"), *lines[first + 1 :]]
    with pytest.raises(RecordError, match="out of turn"):
        replay_record(parse_record("\n".join(moved)))


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("  1 draw 7H", "takes nothing more"),
        ("  1 fly", "not a move"),
        ("  9 draw", "no seat 9"),
        ("  1 discard 7X", "not a card"),
        ("  1 layoff 7H on = 7H", "CARDS on N = MELD"),
        ("  rebuilt 10 sideways", "rebuilt N"),
        ("  draw", "needs seat"),
    ],
)
def test_a_line_that_does_not_read_is_named(line: str, why: str) -> None:
    """The parser names the first line that does not read, and why."""
    head = 'rami-record 1\npreset basic\nhouse {}\nseat 1 "A"\nseat 2 "B"\ndeal 1 dealer 1 starter 2 seats 1 2 up 7H\n'
    with pytest.raises(RecordError, match=rf"line 7: .*{why}"):
        parse_record(head + line + "\n")


def test_names_of_any_kind_survive_the_text() -> None:
    """Quotes, newlines, markup and mentions in a name are written on one line and read back."""
    rec = record(game_of("basic"))
    odd = dataclasses.replace(rec.seats[0], name='Al "x"\n@everyone <@1> 🃏 |')
    rec = dataclasses.replace(rec, seats=(odd, *rec.seats[1:]))
    text = write_record(rec)
    assert parse_record(text) == rec
    assert len(text.splitlines()) == len(write_record(record(game_of("basic"))).splitlines())


def test_the_example_in_the_docs_reads_and_replays() -> None:
    """docs/record.md's example is a record the parser reads and the rules replay."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "record.md").read_text(encoding="utf-8")
    example = text.split("## An example", 1)[1].split("```")[1]
    replayed = replay_record(parse_record(example))
    assert replayed.totals == (0, 18) and replayed.deals[0].winners == (1,)
