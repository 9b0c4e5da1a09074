"""safe_action: the play for an absent person whose timer ran out."""

from __future__ import annotations

import pytest

from rummy import actions as act
from rummy.ai import safe_action
from rummy.cards import Card, parse_cards
from rummy.deal import Phase
from rummy.errors import IllegalAction
from tests.rummy.ai_support import draw_stock, position, take_discard, view


def test_draws_from_the_stock() -> None:
    """At the start of the turn it draws from the stock, even when the top discard would make a meld."""
    game = position("basic", ["7H 8H 2S 5D KC QD JS", "2C 3C 4C 5C 6C 7C 8C"], discard="9H")
    assert safe_action(view(game)) == act.Draw(act.Source.STOCK)


def test_takes_the_discard_when_the_stock_cannot_be_drawn() -> None:
    """With an empty stock that may not be rebuilt, it takes the top discard."""
    game = position("basic", ["7H 8H 2S 5D KC QD JS", "2C 3C 4C 5C 6C 7C 8C"], discard="9H", stock="", refill_limit=0)
    assert not view(game).can_draw_stock
    assert safe_action(view(game)) == act.Draw(act.Source.DISCARD)


def test_discards_the_card_it_drew() -> None:
    """After a stock draw it throws the drawn card back, so the hand stays as its owner left it."""
    game = position("basic", ["7H 8H 2S 5D KC QD JS", "2C 3C 4C 5C 6C 7C 8C"], stock="AS 9C")
    after = draw_stock(game)
    assert safe_action(after) == act.Discard(Card.parse("9C"))


def test_never_melds_for_the_player() -> None:
    """A hand holding ready melds still only discards."""
    game = position("basic", ["7H 8H 9H QC QD QS 2S", "2C 3C 4C 5C 6C 7C 8C"], stock="AS 10H")
    after = draw_stock(game)
    action = safe_action(after)
    assert isinstance(action, act.Discard)
    game.apply(0, action)
    assert game.deal is not None and not game.deal.melds


def test_never_discards_the_card_taken_from_the_pile() -> None:
    """After taking the top discard (a joker, the costliest card) it discards another card."""
    game = position("rami51", ["2C 3D 4S 5H 6C 7D 8S 9H 10C JD QS KH 5S", "2C 3C 4C 5C 6C 7C 8C"], discard="JK")
    after = take_discard(game)
    action = safe_action(after)
    assert isinstance(action, act.Discard) and not action.card.is_joker
    game.apply(0, action)


def test_keeps_a_second_copy_of_the_taken_card_discardable() -> None:
    """Holding two of the taken face (two decks), discarding that face plays the other copy and is accepted."""
    game = position("rami51", ["KH KH#1 2C", "2C 3C 4C 5C 6C 7C 8C"], discard="KH#1", stock="AS")
    game.deal.hands[0] = [parse_cards("KH")[0], parse_cards("2C")[0]]  # type: ignore[union-attr]
    after = take_discard(game)
    action = safe_action(after)
    game.apply(0, action)
    assert game.deal is not None and any(c.key == after.taken.key for c in game.deal.hands[0])  # type: ignore[union-attr]


def test_discards_the_costliest_loose_card_on_the_starters_first_turn() -> None:
    """The rami51 starter (no draw, 14 cards) discards its costliest card outside its melds."""
    game = position(
        "rami51",
        ["7H 8H 9H QC QD QS 2S 5D KC 3H 4D 6S 9D AC", "2C 3C 4C 5C 6C 7C 8C"],
        discard="",
        phase=Phase.PLAY,
        turns=0,
    )
    assert safe_action(view(game)) == act.Discard(Card.parse("KC"))


def test_plays_again_a_joker_taken_by_a_swap() -> None:
    """After a swap the joker must go back down: the safe play lays it off, and the engine accepts it."""
    game = position(
        "ref51",
        ["6S 2D 5C 7H", "2C 3C 4C 5C 6C 7C 8C"],
        stock="AS KD",
        melds=[(1, "7S 8S JK"), (1, "QH QD QC")],
        opened={0: 1, 1: 2},
    )
    draw_stock(game)
    game.apply(0, act.Swap(0, Card.parse("6S")))  # the joker stood for 6S, the low end of the run
    after = view(game)
    assert after.joker_to_play is not None
    action = safe_action(after)
    assert isinstance(action, act.LayOff | act.Meld)
    game.apply(0, action)
    assert game.deal is not None and not any(c.is_joker for c in game.deal.hands[0])


def test_is_deterministic() -> None:
    """The same view gives the same action."""
    game = position("basic", ["7H 8H 2S 5D KC QD JS", "2C 3C 4C 5C 6C 7C 8C"], discard="9H")
    after = take_discard(game)
    assert safe_action(after) == safe_action(after)


def test_refuses_when_it_is_not_the_seats_turn() -> None:
    """Asking for another seat's turn is an error, not a guess."""
    game = position("basic", ["7H 8H 2S 5D KC QD JS", "2C 3C 4C 5C 6C 7C 8C"])
    with pytest.raises(IllegalAction):
        safe_action(view(game, seat=1))
