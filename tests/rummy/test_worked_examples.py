"""The seven worked examples of RULES.md ("Worked examples from the sources"), each played or scored."""

from __future__ import annotations

import pytest

from rummy.deal import Phase
from rummy.errors import InvalidMeld
from rummy.melds import make_meld
from rummy.rules import PRESETS
from rummy.scoring import DealEnd, hand_value, score_deal
from tests.rummy.engine_support import Copies, current, kinds, play, position


def example_one(played_before: bool) -> list[int]:
    """Example 1 at a 3-player basic table; the opponents hold 18 and 25 points (example 2)."""
    game = position(
        "basic",
        ["4H 5H 7H QC QD QS 9S", "AC 2D 3S 2C 3D 4S 3H", "AD 2S 4C 4D 5S 5C 4H"],
        discard="KD",
        stock="8D 6H",
        played={0} if played_before else set(),
    )
    events = play(game, "draw stock", "meld 4H 5H 6H 7H | QC QD QS", "discard 9S")
    assert "deal_over" in kinds(events)
    record = game.history[-1].outcome
    assert record.reason is DealEnd.WENT_OUT and record.winners == (0,)
    assert record.rummy is not played_before
    assert record.hand_values == {0: 0, 1: 18, 2: 25}
    return [record.points[s] for s in range(3)]


def test_example_1_going_out_is_rummy_when_nothing_was_played_before() -> None:
    """1 + 2. basic: draw 6♥, meld 4♥-7♥ and three queens, discard 9♠: out with rummy, 86 points."""
    assert example_one(played_before=False) == [86, 0, 0]


def test_example_1_going_out_after_an_earlier_meld_is_not_rummy() -> None:
    """1 + 2. The same going out after melding on an earlier turn: 43 points, no doubling."""
    assert example_one(played_before=True) == [43, 0, 0]


def test_example_2_the_winner_collects_the_sum_or_double_for_rummy() -> None:
    """2. basic: opponents hold 18 and 25 points: the winner gets 43, or 86 for rummy."""
    copies = Copies()
    hands = {0: [], 1: copies.cards("10C 5D 3S"), 2: copies.cards("KC 10D 5S")}
    rules = PRESETS["basic"]
    assert [hand_value(hands[s], rules) for s in (1, 2)] == [18, 25]
    assert score_deal(DealEnd.WENT_OUT, (0,), hands, rules).points == {0: 43, 1: 0, 2: 0}
    assert score_deal(DealEnd.WENT_OUT, (0,), hands, rules, rummy=True).points == {0: 86, 1: 0, 2: 0}


def test_example_3_queen_five_and_ace_give_16() -> None:
    """3. rummy100: a player left with Q, 5 and A gives the winner 16 points (no rummy bonus there)."""
    game = position("rummy100", ["7C 8C 2D", "QS 5D AC"], discard="KD", stock="4H 9C")
    play(game, "draw stock", "meld 7C 8C 9C", "discard 2D")
    outcome = game.history[-1].outcome
    assert outcome.points == {0: 16, 1: 0}
    assert outcome.rummy is False
    assert game.scores == [16, 0]


@pytest.mark.parametrize(("sec", "penalty"), [(True, 84), (False, 42)])
def test_example_4_king_seven_and_joker_score_42_or_84(sec: bool, penalty: int) -> None:
    """4. rami51: a loser left with K, 7 and a joker scores 42, or 84 after a rami sec."""
    game = position(
        "rami51",
        ["QH KH AH 10S 10D 10C", "KC 7D JK"],
        discard="KD",
        stock="4H 5C",
        opened={} if sec else {0: 1},
        played=set() if sec else {0},
    )
    events = play(game, "draw stock", "meld QH KH AH | 10S 10D 10C", "discard 5C")
    assert "deal_over" in kinds(events)
    outcome = game.history[-1].outcome
    assert outcome.rummy is sec
    assert outcome.points == {0: 0, 1: penalty}


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("KH KS KD", 30),
        ("AC AH AS", 33),
        ("AH 2H 3H", 6),
        ("5C 6C 7C", 18),
        ("QH KH AH", 31),
        ("9C 9D 9H JK", 36),
        ("JK 7S 8S", 21),
    ],
)
def test_example_5_reference_meld_points(text: str, points: int) -> None:
    """5. ref51 meld points, the joker of joker-7♠-8♠ counting as the 6♠."""
    rules = PRESETS["ref51"]
    assert make_meld(Copies().cards(text), rules).points(rules) == points


@pytest.mark.parametrize(
    ("text", "reason"),
    [("7S 7S 7H", "suits must all differ"), ("KH AH 2H", "round the corner"), ("JK JK 5H 6H", "only one joker")],
)
def test_example_6_reference_rejects(text: str, reason: str) -> None:
    """6. ref51 rejects 7♠ 7♠ 7♥, K♥ A♥ 2♥ and joker joker 5♥ 6♥, each with its reason."""
    with pytest.raises(InvalidMeld, match=reason):
        make_meld(Copies().cards(text), PRESETS["ref51"])


@pytest.mark.parametrize(
    ("text", "reason"),
    [("4H 5D 6H", "share one suit"), ("QH KH AH", "ace is low"), ("KH AH 2H", "round the corner")],
)
def test_example_7_basic_rejects(text: str, reason: str) -> None:
    """7. basic: 4♥ 5♦ 6♥, Q K A and K A 2 are not runs."""
    with pytest.raises(InvalidMeld, match=reason):
        make_meld(Copies().cards(text), PRESETS["basic"])


def test_example_1_the_melds_lie_on_the_table_after_going_out() -> None:
    """1. The two melds of example 1 are on the table, in the order named."""
    game = position("basic", ["4H 5H 7H QC QD QS 9S", "AC 2D 3S 2C 3D 4S 3H"], stock="6H")
    deal = current(game)
    play(game, "draw stock", "meld 4H 5H 6H 7H | QC QD QS")
    assert [t.meld.labels(pretty=False) for t in deal.melds] == [["4H", "5H", "6H", "7H"], ["QC", "QD", "QS"]]
    assert deal.phase is Phase.PLAY and [str(c) for c in deal.hands[0]] == ["9S"]
