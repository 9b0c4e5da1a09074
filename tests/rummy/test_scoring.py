"""Card values in hand and the scoring of a finished deal (rummy.scoring)."""

from __future__ import annotations

import pytest

from rummy.cards import Card
from rummy.rules import PRESETS, Rules
from rummy.scoring import DealEnd, card_value, hand_value, score_deal
from tests.rummy.engine_support import Copies

BASIC = PRESETS["basic"]
RAMI51 = PRESETS["rami51"]
REF51 = PRESETS["ref51"]


@pytest.mark.parametrize(
    ("rules", "token", "value"),
    [
        (BASIC, "AC", 1),
        (BASIC, "2C", 2),
        (BASIC, "10H", 10),
        (BASIC, "JH", 10),
        (BASIC, "QS", 10),
        (BASIC, "KD", 10),
        (RAMI51, "AC", 1),
        (RAMI51, "JK", 25),
        (REF51, "AC", 11),
        (REF51, "JK", 25),
    ],
)
def test_card_values_in_hand(rules: Rules, token: str, value: int) -> None:
    """A 1 (11 under the reference rules), 2-10 face value, J Q K 10, joker 25."""
    assert card_value(Card.parse(token), rules) == value


def test_hand_value_sums_the_cards() -> None:
    """K, 7 and a joker are 42 in rami51."""
    assert hand_value(Copies().cards("KC 7D JK"), RAMI51) == 42


def hands(**by_seat: str) -> dict[int, list[Card]]:
    copies = Copies()
    return {int(seat[1:]): copies.cards(text) for seat, text in by_seat.items()}


def test_winner_collects_the_other_hands() -> None:
    """Winner collects: the sum of the others' hands to the winner, 0 to the others."""
    outcome = score_deal(DealEnd.WENT_OUT, (0,), hands(s0="", s1="KD 5C", s2="3H"), BASIC)
    assert outcome.points == {0: 18, 1: 0, 2: 0}
    assert outcome.hand_values == {0: 0, 1: 15, 2: 3}
    assert outcome.winners == (0,) and not outcome.void


def test_penalty_each_loser_scores_their_own_hand() -> None:
    """Penalty: each loser scores their hand, the winner 0."""
    outcome = score_deal(DealEnd.WENT_OUT, (0,), hands(s0="", s1="KD 5C", s2="3H"), RAMI51)
    assert outcome.points == {0: 0, 1: 15, 2: 3}


def test_rummy_doubles_what_is_scored() -> None:
    """Rummy doubles the winner's pot, or every penalty."""
    h = hands(s0="", s1="KD 5C", s2="3H")
    assert score_deal(DealEnd.WENT_OUT, (0,), h, BASIC, rummy=True).points[0] == 36
    assert score_deal(DealEnd.WENT_OUT, (0,), h, RAMI51, rummy=True).points == {0: 0, 1: 30, 2: 6}


def test_rummy_does_not_double_where_the_preset_has_no_bonus() -> None:
    """rummy100 and the reference rules: no doubling, and the outcome records no rummy."""
    h = hands(s0="", s1="KD 5C")
    for name in ("rummy100", "ref51"):
        outcome = score_deal(DealEnd.WENT_OUT, (0,), h, PRESETS[name], rummy=True)
        assert not outcome.rummy and max(outcome.points.values()) == 15


def test_a_dead_deal_where_nobody_scores() -> None:
    """No winner: every seat scores 0 and the outcome is void."""
    outcome = score_deal(DealEnd.STOCK_EXHAUSTED, (), hands(s0="KD", s1="5C"), BASIC)
    assert outcome.points == {0: 0, 1: 0} and outcome.void


def test_tied_winners_share_the_pot_rounded_down() -> None:
    """Two winners under winner-collects split the pot (an odd point is lost)."""
    outcome = score_deal(DealEnd.TURN_CAP, (0, 1), hands(s0="2C", s1="2D", s2="KD 5C"), BASIC)
    assert outcome.points == {0: 7, 1: 7, 2: 0}


def test_tied_winners_under_penalty_both_score_nothing() -> None:
    """Under penalty, tied lowest hands both score 0; the others their hands."""
    outcome = score_deal(DealEnd.TURN_CAP, (0, 1), hands(s0="2C", s1="2D", s2="KD 5C"), REF51)
    assert outcome.points == {0: 0, 1: 0, 2: 15}
