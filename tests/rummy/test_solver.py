"""The meld solver's API on named hands: the traps an inexact solver falls into, and the tie rules."""

from __future__ import annotations

import random

import pytest

from rummy.cards import Card, Face, parse_cards
from rummy.rules import PRESETS, Rules
from rummy.solver import Solution, best_discard, best_melds, candidate_melds, min_deadwood
from tests.rummy.oracle import check_meld, check_solution, meld_points_by_subset

BASIC = PRESETS["basic"]
RAMI51 = PRESETS["rami51"]
REF51 = PRESETS["ref51"]


def copies(text: str) -> list[Card]:
    """Parse cards, numbering repeated cards as copies from different decks."""
    seen: dict[str, int] = {}
    out = []
    for card in parse_cards(text):
        n = seen.get(card.token, 0)
        seen[card.token] = n + 1
        out.append(Card(card.rank, card.suit, n))
    return out


def test_worked_example_goes_out() -> None:
    """Basic worked example: with 6♥ drawn, discard 9♠ and meld 4♥-7♥ and the queens, nothing left."""
    card, solution = best_discard(parse_cards("4H 5H 7H QC QD QS 9S 6H"), BASIC)
    assert card == Card.parse("9S")
    assert solution.deadwood == 0
    assert sorted(len(m.cards) for m in solution.melds) == [3, 4]


def test_joker_stands_for_a_held_card_to_free_it() -> None:
    """4♦ 🃏 6♦ beside 4♦ 5♦ 6♦: the joker stands for the 5♦ held, which goes to the other run."""
    hand = copies("5C 4D 4D 5D 6D 6D JK")
    solution = best_melds(hand, REF51)
    check_solution(solution, hand, REF51)
    assert solution.deadwood == 5
    assert solution.leftover == (Card.parse("5C"),)
    with_joker = next(m for m in solution.melds if m.jokers)
    assert with_joker.stands_for(with_joker.cards.index(Card.joker())) == Face.parse("5D")


def test_fourteen_cards_need_four_melds() -> None:
    """A 14-card rami51 hand melds whole only as four melds (3 + 3 + 4 + 4)."""
    hand = copies("AC 2C 3C 7H 7S 7D 9D 10D JD QD KH KS KC KD")
    solution = best_melds(hand, RAMI51)
    check_solution(solution, hand, RAMI51)
    assert (solution.deadwood, len(solution.melds)) == (0, 4)


def test_fourteen_cards_with_jokers_need_four_melds() -> None:
    """With two jokers and two decks, 14 cards still meld whole in four melds under ref51."""
    hand = copies("5H 6H 8H 8H 9H 10H 2S 2D JK QC QD QS QH JK")
    solution = best_melds(hand, REF51)
    check_solution(solution, hand, REF51)
    assert (solution.deadwood, len(solution.melds)) == (0, 4)


def test_identical_cards_never_share_a_set() -> None:
    """Two 7♠ from two decks and a 7♥ are no set: every card stays out."""
    hand = copies("7S 7S 7H")
    assert best_melds(hand, REF51).melds == ()
    assert min_deadwood(hand, REF51) == 21


def test_identical_card_left_over_beside_a_set() -> None:
    """7♠ 7♠ 7♥ 7♦: the set takes one 7♠, the other stays in hand."""
    hand = copies("7S 7S 7H 7D")
    solution = best_melds(hand, RAMI51)
    check_solution(solution, hand, RAMI51)
    assert solution.leftover == (Card.parse("7S"),)
    assert len({c.suit for c in solution.melds[0].cards}) == 3


def test_discard_is_not_the_highest_card_of_one_partition() -> None:
    """The best 11-card partition leaves 2♥ 2♠; dropping a 2 leaves 2, but discarding 5♥ leaves 0."""
    hand = parse_cards("2C 3C 4C 5C 2D 3D 4D 5D 2H 5H 2S")
    whole = best_melds(hand, BASIC)
    shortcut = whole.deadwood - max(c.rank for c in whole.leftover if c.rank is not None)
    card, solution = best_discard(hand, BASIC)
    assert shortcut == 2
    assert (card, solution.deadwood) == (Card.parse("5H"), 0)


def test_discard_never_the_forbidden_card() -> None:
    """The card just taken from the pile is never discarded, even when it is the best discard."""
    hand = parse_cards("4H 5H 6H 7H QC QD QS 9S")
    card, solution = best_discard(hand, BASIC, forbidden=hand[7])
    assert card != Card.parse("9S")
    check_solution(solution, [c for c in hand if c is not card], BASIC)


def test_discard_may_be_the_twin_of_the_forbidden_card() -> None:
    """Only the physical card taken is barred: its identical twin from the other deck may go."""
    hand = copies("7C 8C 9C KS KS 2D 2H 2S 5C 6C 7D 8D 9D JK")
    card, _solution = best_discard(hand, RAMI51, forbidden=hand[3])
    assert card == Card.parse("KS")
    assert card.key == hand[4].key


def test_discard_tie_goes_to_the_higher_card() -> None:
    """5♥ 6♥ 7♥ 8♥: either end leaves a run; the 8♥ goes, being worth more."""
    card, solution = best_discard(parse_cards("5H 6H 7H 8H"), BASIC)
    assert (card, solution.deadwood) == (Card.parse("8H"), 0)


def test_discard_with_no_legal_card_raises() -> None:
    """A one-card hand whose card was just taken has nothing to discard."""
    hand = parse_cards("5H")
    with pytest.raises(ValueError):
        best_discard(hand, BASIC, forbidden=hand[0])


def test_objectives_choose_differently() -> None:
    """A♣ A♦ A♥ 2♥ 3♥ under rami51: the run leaves least deadwood, the aces score most points."""
    hand = parse_cards("AC AD AH 2H 3H")
    least = best_melds(hand, RAMI51, "deadwood")
    most = best_melds(hand, RAMI51, "opening")
    assert (least.deadwood, least.melded_points) == (2, 6)
    assert (most.deadwood, most.melded_points) == (5, 33)


def test_opening_puts_an_end_joker_high() -> None:
    """rami51: 7♠ 8♠ 🃏 scores 24 with the joker as 9♠ (21 as 6♠): the solver pins it high."""
    solution = best_melds(parse_cards("7S 8S JK"), RAMI51, "opening")
    (meld,) = solution.melds
    assert solution.melded_points == 24
    assert meld.stands_for(2) == Face.parse("9S")


def test_opening_keeps_an_end_joker_low_under_the_reference_rules() -> None:
    """ref51: the joker of 7♠ 8♠ 🃏 stands as the 6♠ whatever the objective, so the run scores 21."""
    solution = best_melds(parse_cards("7S 8S JK"), REF51, "opening")
    (meld,) = solution.melds
    assert solution.melded_points == 21
    assert meld.stands_for(0) == Face.parse("6S")


def test_candidate_melds_put_an_end_joker_only_low_under_the_reference_rules() -> None:
    """ref51: 7♠ 8♠ 🃏 gives one run with the joker (as the 6♠); rami51 gives both places."""

    def joker_runs(rules: Rules) -> list[list[str]]:
        found = candidate_melds(parse_cards("7S 8S JK"), rules)
        return sorted(m.labels(pretty=False) for m in found if m.jokers)

    assert joker_runs(REF51) == [["JK=6S", "7S", "8S"]]
    assert joker_runs(RAMI51) == [["7S", "8S", "JK=9S"], ["JK=6S", "7S", "8S"]]


def test_full_suit_splits_to_put_the_ace_high() -> None:
    """All 13 hearts: one 13-card run is laid from the ace (85); split with J-Q-K-A they make 95."""
    hand = parse_cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")
    solution = best_melds(hand, REF51, "opening")
    check_solution(solution, hand, REF51)
    assert (solution.deadwood, solution.melded_points) == (0, 95)
    assert any(m.end == 14 for m in solution.melds)


def test_result_ignores_the_order_of_the_hand() -> None:
    """Shuffling the hand changes nothing in the answer."""
    hand = copies("5C 4D 4D 5D 6D 6D JK 9S 9H 9C QC QC KC")
    expected = best_melds(hand, RAMI51)
    rng = random.Random(5)
    for _ in range(5):
        rng.shuffle(hand)
        assert best_melds(hand, RAMI51) == expected


def test_ace_set_points_follow_each_rules_object() -> None:
    """Aces in a set score 1 each without an opening threshold and 11 with one, whichever rules came first."""
    hand = parse_cards("AS AD AH 2S KS")
    no_opening = PRESETS["rami100"].with_overrides(ace="low_or_high")
    assert best_melds(hand, no_opening, "opening").melded_points == 3
    assert best_melds(hand, RAMI51, "opening").melded_points == 33
    assert best_melds(hand, no_opening, "opening").melded_points == 3


def test_empty_hand_has_nothing_to_meld() -> None:
    """An empty hand has no melds and no deadwood."""
    assert best_melds([], RAMI51) == Solution((), 0, 0, ())


def test_unknown_objective_is_refused() -> None:
    """An objective other than deadwood or opening raises ValueError."""
    with pytest.raises(ValueError):
        best_melds(parse_cards("5H 6H 7H"), BASIC, "points")


def test_min_deadwood_matches_best_melds() -> None:
    """min_deadwood is best_melds' deadwood, without the melds."""
    hand = copies("5C 4D 4D 5D 6D 6D JK 9S 9H 9C QC QC KC")
    assert min_deadwood(hand, RAMI51) == best_melds(hand, RAMI51).deadwood


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("5H 6H 7H 7S 7D 7C 8H 9C 9D", "basic"),
        ("QH KH AH AS AD 2H 3H JK 4H", "ref51"),
        ("6C 7C 8C 7D 8C 8D JK", "rami51"),
    ],
)
def test_candidate_melds_are_every_meld(text: str, name: str) -> None:
    """candidate_melds covers exactly the card groups make_meld accepts, each one a valid meld."""
    rules = PRESETS[name]
    hand = copies(text)
    found = candidate_melds(hand, rules)
    for meld in found:
        check_meld(meld, rules)

    def group(cards: list[Card]) -> tuple[frozenset[tuple[object, object]], int]:
        return frozenset((c.rank, c.suit) for c in cards if not c.is_joker), sum(c.is_joker for c in cards)

    expected = {group([c for i, c in enumerate(hand) if mask >> i & 1]) for mask in meld_points_by_subset(hand, rules)}
    assert {group(list(m.cards)) for m in found} == expected
