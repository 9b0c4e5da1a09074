"""Cards and the notations players type (rummy.cards)."""

from __future__ import annotations

import pytest

from rummy.cards import (
    Card,
    Face,
    Rank,
    Suit,
    format_cards,
    make_pack,
    parse_cards,
    physical,
    sort_hand,
    take_out,
)
from rummy.errors import BadCard, RummyError

SEVEN_HEARTS = Card(Rank.SEVEN, Suit.HEARTS)
TEN_SPADES = Card(Rank.TEN, Suit.SPADES)


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("7H", SEVEN_HEARTS),
        ("7h", SEVEN_HEARTS),
        ("7♥", SEVEN_HEARTS),
        ("7♥\ufe0f", SEVEN_HEARTS),
        ("7♡", SEVEN_HEARTS),
        ("10S", TEN_SPADES),
        ("TS", TEN_SPADES),
        ("ts", TEN_SPADES),
        ("10♠", TEN_SPADES),
        ("QD", Card(Rank.QUEEN, Suit.DIAMONDS)),
        ("AC", Card(Rank.ACE, Suit.CLUBS)),
        ("KC", Card(Rank.KING, Suit.CLUBS)),
        ("JH", Card(Rank.JACK, Suit.HEARTS)),
        (" 2d ", Card(Rank.TWO, Suit.DIAMONDS)),
    ],
)
def test_parse_natural_cards(text: str, card: Card) -> None:
    """Every notation of the issue reads as the same card."""
    parsed = Card.parse(text)
    assert parsed == card
    assert (parsed.rank, parsed.suit) == (card.rank, card.suit)


@pytest.mark.parametrize("text", ["JK", "jk", "*", "🃏", "joker"])
def test_parse_jokers(text: str) -> None:
    """JK, * and 🃏 all read as a joker."""
    card = Card.parse(text)
    assert card.is_joker and card.face is None


@pytest.mark.parametrize("text", ["JK=6S", "*=6♠", "🃏=6s", "jk=6S"])
def test_parse_pinned_joker(text: str) -> None:
    """JK=6S is a joker that asks to stand for the 6 of spades."""
    card = Card.parse(text)
    assert card.is_joker
    assert card.stands_for == Face(Rank.SIX, Suit.SPADES)


def test_pin_is_not_part_of_the_card() -> None:
    """A pinned joker still equals any joker: the pin is a request, not a different card."""
    assert Card.parse("JK=6S") == Card.parse("JK")
    assert Card.parse("JK=6S").unpinned().stands_for is None


@pytest.mark.parametrize(
    ("text", "named"),
    [("7X", "7X"), ("11H", "11H"), ("10", "10"), ("H", "H"), ("7H8H", "7H8H"), ("ZZ", "ZZ")],
)
def test_bad_token_is_named_in_the_error(text: str, named: str) -> None:
    """Anything that is not a card is refused with an error naming the token."""
    with pytest.raises(BadCard) as info:
        Card.parse(text)
    assert repr(named) in str(info.value)
    assert info.value.token == text


@pytest.mark.parametrize("text", ["7H=6S", "JK=JK", "JK=13S"])
def test_bad_pins_are_refused_with_a_reason(text: str) -> None:
    """Only a joker can be pinned, and only to a natural card."""
    with pytest.raises(BadCard) as info:
        Card.parse(text)
    assert info.value.why


def test_bad_card_is_a_rummy_error_and_a_value_error() -> None:
    """Callers may catch BadCard as RummyError or as ValueError."""
    with pytest.raises(RummyError):
        Card.parse("nope")
    with pytest.raises(ValueError):
        Card.parse("nope")


@pytest.mark.parametrize("text", ["7H 8H 9H", "7H,8H,9H", "7H, 8H ,9H", "  7h 8♥,9H  "])
def test_parse_cards_from_one_string(text: str) -> None:
    """One string may separate cards with spaces or commas."""
    assert parse_cards(text) == [Card.parse("7H"), Card.parse("8H"), Card.parse("9H")]


def test_parse_cards_from_a_list() -> None:
    """A list may mix tokens, strings of several tokens and Card objects."""
    cards = parse_cards(["7H", "8H 9H", SEVEN_HEARTS])
    assert [str(c) for c in cards] == ["7H", "8H", "9H", "7H"]


def test_parse_cards_names_the_first_bad_token() -> None:
    """In a list of cards, the error names the token that is wrong, not the whole text."""
    with pytest.raises(BadCard) as info:
        parse_cards("7H 8Q 9H")
    assert info.value.token == "8Q"


def test_identical_cards_stay_distinct_but_compare_equal() -> None:
    """Two 7♥ of two decks are equal for the rules and distinct physical cards."""
    a, b = Card.parse("7H"), Card.parse("7H#1")
    assert a == b and hash(a) == hash(b)
    assert a.key != b.key
    assert a is not b


def test_copy_numbers_above_nine_parse() -> None:
    """Storage tokens keep copies of two digits (many jokers with three decks)."""
    card = Card.parse("JK#17")
    assert card.is_joker and card.copy == 17


@pytest.mark.parametrize("token", ["7H", "10S", "AC", "JK", "JK#3", "QD#2", "KS#12"])
def test_token_round_trips(token: str) -> None:
    """The storage form reads back as the same physical card."""
    card = Card.parse(token)
    assert card.token == token
    assert Card.parse(card.token).key == card.key


@pytest.mark.parametrize("token", ["7H", "JK", "QD#2", "JK=6S", "JK=6S#1"])
def test_repr_rebuilds_the_card(token: str) -> None:
    """repr is code that rebuilds the card, pin and copy included."""
    card = Card.parse(token)
    rebuilt = eval(repr(card), {"Card": Card})  # the repr is code by design
    assert rebuilt.key == card.key and rebuilt.stands_for == card.stands_for


def test_str_and_pretty() -> None:
    """str gives the typed notation, pretty the suit symbols."""
    assert (str(TEN_SPADES), TEN_SPADES.pretty) == ("10S", "10♠")
    assert (str(Card.parse("JK=6S")), Card.parse("JK=6S").pretty) == ("JK=6S", "🃏=6♠")
    assert format_cards(parse_cards("AH JK")) == "A♥ 🃏"
    assert format_cards(parse_cards("AH JK"), pretty=False) == "AH JK"


def test_pretty_output_parses_back() -> None:
    """What the bot shows a player can be typed back."""
    for card in make_pack(1, 2):
        assert Card.parse(card.pretty) == card


def test_sort_hand_by_suit_then_rank_jokers_last() -> None:
    """A hand shows clubs to spades, ace to king, then jokers."""
    hand = parse_cards("JK 3S AC KC 2H")
    assert [str(c) for c in sort_hand(hand)] == ["AC", "KC", "2H", "3S", "JK"]


@pytest.mark.parametrize(("decks", "jokers"), [(1, 0), (2, 4), (3, 4), (3, 18)])
def test_make_pack_holds_every_physical_card_once(decks: int, jokers: int) -> None:
    """A pack of n decks holds n copies of each face, the jokers, and no two equal keys."""
    pack = make_pack(decks, jokers)
    assert len(pack) == 52 * decks + jokers
    assert len({c.key for c in pack}) == len(pack)
    assert sum(c.is_joker for c in pack) == jokers
    assert sum(c == SEVEN_HEARTS for c in pack) == decks


def test_every_pack_holds_the_same_card_objects() -> None:
    """Cards are immutable values: a new pack reuses one object per physical card."""
    first, second = make_pack(3, 18), make_pack(3, 18)
    assert all(a is b for a, b in zip(first, second, strict=True))
    assert physical(Rank.SEVEN, Suit.HEARTS, 1) is first[52 + 2 * 13 + 6]  # second deck, hearts, seven
    assert physical(None, None, 17) is first[-1] and first[-1].is_joker and first[-1].copy == 17


def test_parsing_gives_the_pack_s_own_card() -> None:
    """Whatever the spelling, a card parses to the pack's object for that physical card."""
    pack = make_pack(2, 2)
    assert Card.parse("7h") is Card.parse(" 7♥ ") is Card.parse("7H") is pack[2 * 13 + 6]
    assert Card.parse("7H#1") is pack[52 + 2 * 13 + 6] and Card.parse("JK#1") is pack[-1]
    pinned = Card.parse("JK=6S")
    assert pinned.is_joker and str(pinned.stands_for) == "6S" and pinned is not pack[-2]  # the pin is its own
    with pytest.raises(BadCard):
        Card.parse("1Z")


def test_a_copy_past_the_shared_ones_is_still_a_card() -> None:
    """Only plausible copy numbers are kept shared; any other still gives the right card."""
    card = physical(Rank.SEVEN, Suit.HEARTS, 500)
    assert (card, card.copy, card.token) == (SEVEN_HEARTS, 500, "7H#500")
    assert physical(Rank.SEVEN, Suit.HEARTS, 500) is not card


def test_face_parse_refuses_a_joker() -> None:
    """A joker can only stand for a natural card."""
    assert Face.parse("6S") == Face(Rank.SIX, Suit.SPADES)
    with pytest.raises(BadCard):
        Face.parse("JK")


def test_take_out_removes_one_copy_per_card_and_names_the_missing() -> None:
    """take_out matches by face, one card per card asked, and returns what was not in the hand."""
    hand = [Card.parse("7H"), Card.parse("7H#1"), Card.parse("KS")]
    rest, missing = take_out(hand, parse_cards("7H 2C"))
    assert [c.key for c in rest] == [(7, 2, 1), (13, 3, 0)]
    assert missing == parse_cards("2C")
