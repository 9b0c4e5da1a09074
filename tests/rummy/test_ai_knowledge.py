"""What the hard level works out from its view: live outs for loose cards, and the cached least deadwood."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rummy.ai.arrange import best_plan, least_deadwood
from rummy.ai.knowledge import Knowledge
from rummy.cards import Card, Face, Rank, Suit, parse_cards
from rummy.deal import Phase
from rummy.rules import find_preset
from rummy.solver import min_deadwood
from tests.rummy.ai_support import position, view

FACES = [Card(r, s) for r in Rank for s in Suit]


def _knowledge(preset: str, hand: str) -> Knowledge:
    game = position(preset, [hand, "2C 3C 4C 5C 6C 7C 8C", "2D 3D 4D 5D 6D 7D 8D"], phase=Phase.PLAY)
    return Knowledge.of(view(game, 0), None)


def _pair_reference(know: Knowledge, card: Card, other: Card) -> int:
    """Live cards completing ``card`` + ``other`` into a meld of three, counted the long way."""
    assert card.rank is not None and card.suit is not None and other.rank is not None
    jokers = know.live_jokers if know.rules.jokers else 0
    if other.rank == card.rank and other.suit != card.suit:
        return sum(know.live[Face(card.rank, s)] for s in Suit if s not in (card.suit, other.suit)) + jokers
    if other.suit != card.suit:
        return 0
    a, b = sorted((int(card.rank), int(other.rank)))
    if b - a == 1:
        needed = [x for x in (a - 1, b + 1) if 1 <= x <= 13]
    elif b - a == 2:
        needed = [a + 1]
    else:
        return 0
    return sum(know.live[Face(Rank(x), card.suit)] for x in needed) + jokers


def test_a_pair_of_a_set_counts_the_two_missing_suits() -> None:
    """7H with 7S: the live 7C and 7D (one deck, none seen) make the set."""
    know = _knowledge("basic", "7H 7S KD")
    hand = parse_cards("7H 7S KD")
    assert know.outs_each(hand) == [2, 2, 0]


def test_a_seen_card_is_not_an_out() -> None:
    """The 7C in this hand is seen, so only the 7D can complete 7H-7S."""
    know = _knowledge("basic", "7H 7S 7C")
    assert know.outs(Card.parse("7H"), parse_cards("7S")) == 1


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(FACES), min_size=2, max_size=9, unique=True))
def test_outs_each_is_the_best_pair_for_every_card(cards: list[Card]) -> None:
    """One pass over the pairs gives each card its best partner's outs, as counted pair by pair."""
    know = _knowledge("basic", " ".join(str(c) for c in cards))
    found = know.outs_each(cards)
    for i, card in enumerate(cards):
        expected = max((_pair_reference(know, card, o) for j, o in enumerate(cards) if j != i), default=0)
        assert found[i] == expected == know.outs(card, cards)


def test_least_deadwood_ignores_which_copy_is_held() -> None:
    """Two decks: the cached value is the solver's, whichever copy of each card the hand holds."""
    rules = find_preset("rami51")
    first = parse_cards("7H 8H 9H KS KD 2C JK")
    second = [Card(c.rank, c.suit, 1) for c in first]
    assert least_deadwood(first, rules) == least_deadwood(second, rules) == min_deadwood(second, rules)
    assert least_deadwood(first, rules) == best_plan(first, rules).deadwood
