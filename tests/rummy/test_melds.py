"""Sets, runs, jokers, lay-offs and the joker swap (rummy.melds)."""

from __future__ import annotations

import pytest

from rummy.cards import Face, Rank, Suit, parse_cards
from rummy.errors import CannotLayOff, CannotSwap, IllegalAction, InvalidMeld
from rummy.melds import HIGH_ACE, Meld, MeldKind, lay_off, make_meld, swap_joker
from rummy.rules import PRESETS, Rules
from tests.rummy.engine_support import Copies

BASIC = PRESETS["basic"]
RAMI51 = PRESETS["rami51"]
REF51 = PRESETS["ref51"]
JOKERS_LOW = BASIC.with_overrides(jokers=2, joker_swap=True)  # ace low, no limit beyond the naturals


def meld(text: str, rules: Rules = REF51) -> Meld:
    return make_meld(Copies().cards(text), rules)


def faces(m: Meld) -> list[str]:
    return m.labels(pretty=False)


# -- sets ------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["8C 8H 8S", "8C 8H 8S 8D", "KH KS KD"])
def test_three_or_four_of_a_rank_make_a_set(text: str) -> None:
    """3 or 4 cards of one rank are a set."""
    m = meld(text, BASIC)
    assert m.kind is MeldKind.SET and m.rank is not None


def test_a_set_has_at_most_four_cards() -> None:
    """Five of a rank (two decks) is not a set: one of each suit."""
    with pytest.raises(InvalidMeld, match="3 or 4 cards"):
        meld("8C 8H 8S 8D JK", RAMI51)


def test_identical_cards_of_two_decks_never_share_a_set() -> None:
    """8♠ 8♠ 8♥ is refused: the suits must all differ."""
    with pytest.raises(InvalidMeld, match="suits must all differ"):
        meld("8S 8S 8H")


def test_a_joker_in_a_set_stands_for_the_missing_suit() -> None:
    """9♣ 9♦ 9♥ + joker: the joker is the 9♠."""
    m = meld("9C 9D 9H JK")
    assert m.stands_for(3) == Face(Rank.NINE, Suit.SPADES)
    assert faces(m) == ["9C", "9D", "9H", "JK=9S"]


def test_a_joker_in_a_set_of_three_has_no_fixed_suit() -> None:
    """9♣ 9♦ + joker: two suits are missing, so the joker's suit is open."""
    m = meld("9C 9D JK", RAMI51)
    assert m.stands_for(2) is None
    assert faces(m) == ["9C", "9D", "JK"]


def test_a_pinned_set_joker_must_stand_for_the_rank() -> None:
    """JK=8H cannot join a set of 9s."""
    with pytest.raises(InvalidMeld, match="stand for a 9"):
        meld("9C 9D JK=8H")


def test_a_pinned_set_joker_cannot_repeat_a_suit() -> None:
    """JK=9C cannot join 9♣ 9♦."""
    with pytest.raises(InvalidMeld, match="already there"):
        meld("9C 9D JK=9C")


# -- runs ------------------------------------------------------------------------------------


def test_three_in_sequence_of_one_suit_make_a_run() -> None:
    """4♥ 5♥ 6♥ is a run, whatever order the cards are named in."""
    m = meld("6H 4H 5H", BASIC)
    assert (m.kind, m.suit, m.start) == (MeldKind.RUN, Suit.HEARTS, 4)
    assert faces(m) == ["4H", "5H", "6H"]


def test_a_run_with_a_repeated_rank_is_refused() -> None:
    """Two 5♥ in one run."""
    with pytest.raises(InvalidMeld, match="appears twice"):
        meld("4H 5H 5H 6H", RAMI51)


def test_a_run_with_a_gap_is_refused() -> None:
    """4♥ 5♥ 7♥ is not in sequence."""
    with pytest.raises(InvalidMeld, match="not in sequence"):
        meld("4H 5H 7H", BASIC)


def test_two_cards_are_not_a_meld() -> None:
    """A meld needs at least 3 cards."""
    with pytest.raises(InvalidMeld, match="at least 3"):
        meld("4H 5H", BASIC)


def test_jokers_are_refused_where_the_game_has_none() -> None:
    """A basic game has no jokers."""
    with pytest.raises(InvalidMeld, match="without jokers"):
        meld("4H 5H JK", BASIC)


def test_only_jokers_is_not_a_meld() -> None:
    """A meld needs natural cards."""
    with pytest.raises(InvalidMeld):
        meld("JK JK JK", RAMI51)


def test_ace_high_run_where_the_ace_may_be_high() -> None:
    """Q♥ K♥ A♥ under low-or-high: the ace sits after the king."""
    m = meld("QH KH AH", RAMI51)
    assert (m.start, m.end) == (12, HIGH_ACE)


def test_ace_low_run() -> None:
    """A♥ 2♥ 3♥ is a run in every preset."""
    for rules in PRESETS.values():
        assert meld("AH 2H 3H", rules).start == 1


@pytest.mark.parametrize("text", ["KH AH 2H", "QH KH AH 2H", "KH AH 2H 3H"])
def test_a_run_never_goes_round_the_corner(text: str) -> None:
    """K-A-2 is refused even where the ace may be high."""
    with pytest.raises(InvalidMeld, match="round the corner"):
        meld(text, RAMI51)


def test_a_run_of_thirteen_ace_to_king() -> None:
    """A to K is the longest run; the whole suit counts its ace low (the lower value): 85 points."""
    m = meld("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", RAMI51)
    assert len(m.cards) == 13 and m.start == 1
    assert m.points(RAMI51) == 85


def test_a_long_run_up_to_a_high_ace() -> None:
    """3 to A (ace high) is 12 cards worth 93 points; the ace counts 11 after the king."""
    m = meld("3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", RAMI51)
    assert (m.start, m.end) == (3, HIGH_ACE)
    assert m.points(RAMI51) == 93


def test_a_run_longer_than_thirteen_is_refused() -> None:
    """A joker cannot make a fourteenth card (the ace is low or high, never both)."""
    with pytest.raises(InvalidMeld, match="at most 13"):
        meld("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK", RAMI51)


# -- jokers in runs ----------------------------------------------------------------------------


def test_a_joker_inside_a_run_stands_for_the_gap() -> None:
    """7♠ joker 9♠: the joker is the 8♠."""
    m = meld("7S JK 9S")
    assert faces(m) == ["7S", "JK=8S", "9S"]


def test_an_ambiguous_joker_takes_the_lower_place() -> None:
    """joker 7♠ 8♠ could be the 6 or the 9: it is the 6 (the lower value)."""
    m = meld("7S 8S JK")
    assert faces(m) == ["JK=6S", "7S", "8S"]


def test_a_pinned_joker_takes_the_place_the_player_names() -> None:
    """rami51: JK=9S with 7♠ 8♠ stands for the 9."""
    m = meld("7S 8S JK=9S", RAMI51)
    assert faces(m) == ["7S", "8S", "JK=9S"]
    assert m.points(RAMI51) == 24


@pytest.mark.parametrize("text", ["7S 8S JK=9S", "JK=9S 7S 8S"])
def test_the_reference_rules_refuse_to_pin_an_end_joker_high(text: str) -> None:
    """ref51: a joker that fits at either end stands low; the higher pin is refused, saying where it stands."""
    with pytest.raises(InvalidMeld, match="stands for the lower card, 6♠, not 9♠") as caught:
        meld(text)
    assert caught.value.key == "joker_lower_place"
    assert caught.value.params["lower"] == "6♠" and caught.value.params["pinned"] == "9♠"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("JK=6S 7S 8S", ["JK=6S", "7S", "8S"]),  # the lower place, named
        ("7S JK=8S 9S", ["7S", "JK=8S", "9S"]),  # the only place
        ("AH 2H JK=3H", ["AH", "2H", "JK=3H"]),  # nothing lies below the ace
        ("9C 9D JK=9H", ["9C", "9D", "JK"]),  # a set: the pin only checks the rank and the suit
    ],
)
def test_the_reference_rules_keep_a_pin_to_the_place_the_joker_takes_anyway(text: str, expected: list[str]) -> None:
    """ref51: a pin to the lower place, to the only place, or in a set is accepted."""
    assert faces(meld(text)) == expected


def test_the_reference_rules_put_a_joker_after_the_king_below_the_queen() -> None:
    """ref51: Q♥ K♥ joker is J-Q-K; the joker cannot be pinned to the high ace."""
    assert faces(meld("QH KH JK")) == ["JK=JH", "QH", "KH"]
    with pytest.raises(InvalidMeld, match="J♥, not A♥"):
        meld("QH KH JK=AH")


def test_the_reference_rules_lay_off_an_end_joker_low() -> None:
    """ref51: a joker laid off on 7♠ 8♠ 9♠ is the 6♠; pinned to the 10♠ it is refused with the reason."""
    run = meld("7S 8S 9S")
    assert faces(lay_off(run, parse_cards("JK"), REF51))[0] == "JK=6S"
    assert faces(lay_off(run, parse_cards("JK=6S"), REF51))[0] == "JK=6S"
    with pytest.raises(CannotLayOff, match=r"cannot go on 7♠ 8♠ 9♠: at this table a joker .* 6♠, not 10♠"):
        lay_off(run, parse_cards("JK=10S"), REF51)


def test_a_house_rule_lets_the_player_pin_high_again() -> None:
    """ref51 with joker_place=player_choice accepts JK=9S and counts it 24."""
    rules = REF51.with_overrides(joker_place="player_choice")
    assert meld("7S 8S JK=9S", rules).points(rules) == 24


def test_a_pin_of_another_suit_is_refused() -> None:
    """A run of spades cannot hold a joker pinned to a heart."""
    with pytest.raises(InvalidMeld, match="stand for a ♠"):
        meld("7S 8S JK=9H")


def test_joker_at_the_top_may_be_a_high_ace_only_when_pinned() -> None:
    """joker Q♥ K♥ is J-Q-K; JK=AH makes it Q-K-A."""
    assert faces(meld("QH KH JK", RAMI51)) == ["JK=JH", "QH", "KH"]
    assert faces(meld("QH KH JK=AH", RAMI51)) == ["QH", "KH", "JK=AH"]


def test_one_joker_per_meld_under_the_reference_rules() -> None:
    """ref51 refuses a second joker even with enough natural cards."""
    with pytest.raises(InvalidMeld, match="only one joker"):
        meld("4H 5H 6H JK JK")


def test_rami51_allows_as_many_jokers_as_natural_cards() -> None:
    """(decision) rami51: 5♥ 6♥ + two jokers is a meld; 5♥ + two jokers is not."""
    assert meld("5H 6H JK JK", RAMI51).jokers == 2
    with pytest.raises(InvalidMeld, match="more jokers than natural"):
        meld("5H JK JK", RAMI51)


def test_joker_points_count_the_card_it_stands_for() -> None:
    """A joker in a meld is worth the card it replaces toward the opening."""
    assert meld("JK QH KH", RAMI51).points(RAMI51) == 30
    assert meld("10H JK QH", RAMI51).points(RAMI51) == 30


# -- lay-offs ----------------------------------------------------------------------------------


def test_lay_off_the_fourth_card_of_a_set() -> None:
    """The fourth 8 completes a set of three 8s."""
    m = lay_off(meld("8C 8H 8S", BASIC), parse_cards("8D"), BASIC)
    assert len(m.cards) == 4 and m.kind is MeldKind.SET


def test_lay_off_extends_a_run_at_either_end_with_several_cards() -> None:
    """3♥ and 7♥ 8♥ extend 4♥ 5♥ 6♥."""
    m = meld("4H 5H 6H", BASIC)
    assert faces(lay_off(m, parse_cards("3H"), BASIC))[0] == "3H"
    assert faces(lay_off(m, parse_cards("7H 8H"), BASIC)) == ["4H", "5H", "6H", "7H", "8H"]


def test_lay_off_extends_past_a_joker_whose_place_is_fixed() -> None:
    """joker 7♠ 8♠ (joker = 6♠): the 5♠ goes below the joker, the 9♠ above the 8."""
    m = meld("JK 7S 8S")
    assert faces(lay_off(m, parse_cards("5S"), REF51)) == ["5S", "JK=6S", "7S", "8S"]
    assert faces(lay_off(m, parse_cards("9S"), REF51)) == ["JK=6S", "7S", "8S", "9S"]


def test_the_natural_card_of_a_joker_place_cannot_be_laid_off() -> None:
    """The 6♠ cannot go on joker 7♠ 8♠: the joker holds that place (that would be a swap)."""
    with pytest.raises(CannotLayOff, match="joker"):
        lay_off(meld("JK 7S 8S"), parse_cards("6S"), REF51)


def test_lay_off_refuses_a_card_that_does_not_fit_and_says_so() -> None:
    """A 4♠ on 7♠ 8♠ 9♠ is refused with the meld named."""
    with pytest.raises(CannotLayOff, match=r"4♠ cannot go on 7♠ 8♠ 9♠"):
        lay_off(meld("7S 8S 9S", BASIC), parse_cards("4S"), BASIC)


def test_lay_off_cannot_wrap_or_go_high_where_the_ace_is_low() -> None:
    """An ace cannot follow a king in basic; 2 cannot follow a high ace anywhere."""
    with pytest.raises(CannotLayOff, match="low"):
        lay_off(meld("JH QH KH", BASIC), parse_cards("AH"), BASIC)
    with pytest.raises(CannotLayOff, match="round the corner"):
        lay_off(meld("QH KH AH", RAMI51), parse_cards("2H"), RAMI51)


def test_lay_off_a_set_card_of_a_suit_already_there_is_refused() -> None:
    """Another deck's 8♠ cannot join 8♣ 8♥ 8♠."""
    with pytest.raises(CannotLayOff, match="suits must all differ"):
        lay_off(meld("8C 8H 8S", RAMI51), Copies().cards("8S 8S")[1:], RAMI51)


def test_lay_off_of_a_joker_respects_the_limit() -> None:
    """ref51: no second joker on a meld; rami51: a joker may join a run, taking the lower end."""
    with pytest.raises(CannotLayOff, match="only one joker"):
        lay_off(meld("JK 7S 8S"), parse_cards("JK"), REF51)
    assert faces(lay_off(meld("7S 8S 9S", RAMI51), parse_cards("JK"), RAMI51))[0] == "JK=6S"


def test_a_full_set_takes_no_more_cards() -> None:
    """Four of a rank is complete."""
    with pytest.raises(CannotLayOff):
        lay_off(meld("8C 8H 8S 8D", RAMI51), parse_cards("JK"), RAMI51)


def test_a_run_of_thirteen_takes_no_more_cards() -> None:
    """Nothing fits on A to K."""
    full = meld("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", RAMI51)
    with pytest.raises(CannotLayOff):
        lay_off(full, parse_cards("JK"), RAMI51)


def test_lay_off_with_no_card_is_refused() -> None:
    """Name at least one card."""
    with pytest.raises(CannotLayOff):
        lay_off(meld("8C 8H 8S", BASIC), [], BASIC)


# -- joker swap --------------------------------------------------------------------------------


def test_swap_the_exact_card_for_a_run_joker() -> None:
    """5♥ joker 7♥: the 6♥ takes the joker's place and the joker comes back."""
    new, joker = swap_joker(meld("5H JK 7H"), parse_cards("6H")[0], REF51)
    assert joker.is_joker
    assert faces(new) == ["5H", "6H", "7H"]


def test_swap_needs_the_exact_card() -> None:
    """Another card is refused, naming the card the joker stands for."""
    with pytest.raises(CannotSwap, match="6♥"):
        swap_joker(meld("5H JK 7H"), parse_cards("6D")[0], REF51)


def test_swap_in_a_set_needs_three_natural_cards() -> None:
    """9♣ 9♦ joker: the joker cannot be taken (its suit is not fixed)."""
    with pytest.raises(CannotSwap, match="3 natural"):
        swap_joker(meld("9C 9D JK", JOKERS_LOW), parse_cards("9H")[0], JOKERS_LOW)


def test_swap_in_a_set_of_three_naturals_and_a_joker() -> None:
    """9♣ 9♦ 9♥ + joker: the 9♠ completes four of a kind."""
    new, joker = swap_joker(meld("9C 9D 9H JK"), parse_cards("9S")[0], REF51)
    assert joker.is_joker and new.jokers == 0 and len(new.cards) == 4


def test_swap_is_refused_where_it_is_not_played() -> None:
    """rami51 has no joker swap."""
    with pytest.raises(CannotSwap, match="not played"):
        swap_joker(meld("5H JK 7H", RAMI51), parse_cards("6H")[0], RAMI51)


def test_swap_refuses_a_meld_without_joker_and_a_joker_for_a_joker() -> None:
    """Nothing to take, or nothing to put in."""
    with pytest.raises(CannotSwap, match="no joker"):
        swap_joker(meld("5H 6H 7H"), parse_cards("6H")[0], REF51)
    with pytest.raises(CannotSwap, match="natural card"):
        swap_joker(meld("5H JK 7H"), parse_cards("JK")[0], REF51)


def test_every_refusal_is_an_illegal_action_with_a_sentence() -> None:
    """Meld errors are IllegalAction subclasses whose text ends as a sentence."""
    for text in ["8S 8S 8H", "KH AH 2H", "JK JK 5H 6H", "4H 5D 6H", "4H 5H"]:
        with pytest.raises(IllegalAction) as info:
            meld(text)
        assert str(info.value).endswith(".")
