"""TableMemory: what a computer player notes from public events."""

from __future__ import annotations

import random

from rummy.ai import TableMemory, choose_action
from rummy.cards import Card, parse_cards
from rummy.deal import Event
from rummy.game import Game, Player
from rummy.rules import find_preset
from rummy.view import view_for
from tests.rummy.ai_support import position, view


def test_remembers_every_discard_in_order() -> None:
    """Discards go on the remembered pile, top last, and into the cards seen gone."""
    memory = TableMemory()
    memory.observe_all([Event("discarded", 0, card="7♥"), Event("discarded", 1, card="K♠")])
    assert memory.pile == parse_cards("7H KS")
    assert memory.gone == parse_cards("7H KS")


def test_notes_what_a_seat_takes_from_the_pile() -> None:
    """Taking the top discard moves it from the pile into what that seat is known to hold."""
    memory = TableMemory()
    memory.observe_all([Event("discarded", 0, card="7♥"), Event("drew", 1, "discard", "7♥")])
    assert memory.pile == []
    assert memory.holding(1) == parse_cards("7H")


def test_notes_what_a_seat_lets_go() -> None:
    """A stock draw over a face-up discard records that the seat did not want it."""
    memory = TableMemory()
    memory.observe_all([Event("discarded", 0, card="7♥"), Event("drew", 1, "stock")])
    assert memory.declined(1) == parse_cards("7H")


def test_a_melded_pickup_leaves_the_known_hand() -> None:
    """Once a seat melds the card it took, it no longer counts as held."""
    memory = TableMemory()
    memory.observe_all(
        [
            Event("discarded", 0, card="7♥"),
            Event("drew", 1, "discard", "7♥"),
            Event("melded", 1, melds=(("7♥", "8♥", "🃏=9♥"),)),
        ]
    )
    assert memory.holding(1) == []


def test_a_new_deal_forgets_the_last() -> None:
    """deal_started resets everything."""
    memory = TableMemory()
    memory.observe_all([Event("discarded", 0, card="7♥"), Event("drew", 1, "discard", "7♥")])
    memory.observe(Event("deal_started", 2, detail={"number": 2, "starter": 3}))
    assert (memory.pile, memory.gone, memory.took, memory.passed, memory.deal) == ([], [], {}, {}, 2)


def test_a_copy_is_equal_and_learns_on_its_own() -> None:
    """A rollout feeds a copy: the copy starts equal, and what it notes never reaches the original."""
    memory = TableMemory()
    memory.observe_all(
        [Event("discarded", 0, card="7♥"), Event("drew", 1, "discard", "7♥"), Event("discarded", 1, card="2♣")]
    )
    memory.observe(Event("drew", 0, "stock"))
    copy = memory.copy()
    assert copy == memory
    copy.observe_all([Event("discarded", 0, card="K♠"), Event("drew", 1, "discard", "K♠"), Event("drew", 0, "stock")])
    copy.observe(Event("discarded", 1, card="3♦"))
    assert copy != memory
    assert (memory.pile, memory.gone) == (parse_cards("2C"), parse_cards("7H 2C"))
    assert (memory.took, memory.passed, memory.threw) == (
        {1: parse_cards("7H")},
        {0: parse_cards("2C")},
        {0: parse_cards("7H"), 1: parse_cards("2C")},
    )


def test_round_trips_through_json() -> None:
    """to_json / from_json give back the same memory."""
    memory = TableMemory()
    memory.observe_all(
        [
            Event("discarded", 0, card="7♥"),
            Event("drew", 1, "stock"),
            Event("discarded", 1, card="🃏"),
            Event("drew", 2, "discard", "🃏"),
        ]
    )
    assert TableMemory.from_json(memory.to_json()) == memory


def test_sync_adds_the_first_upcard() -> None:
    """The upcard turned at the deal is no event: syncing with the view puts it on the pile."""
    game = position("basic", ["7H 8H 2S 5D KC QD JS", "2C 3C 4C 5C 6C 7C 8C"], discard="9H")
    memory = TableMemory()
    memory.sync(view(game))
    assert memory.pile == [Card.parse("9H")]


def test_memory_follows_a_whole_game() -> None:
    """Fed every event of a game, the remembered pile always shows the real top discard."""
    rules = find_preset("rami51").with_overrides(game_end="deals", game_length=2)
    game, events = Game.new(rules, [Player(f"b{i}", f"B{i}", "normal") for i in range(3)], seed=4)
    memory = TableMemory()
    memory.observe_all(events)
    rng = random.Random(4)
    while game.outcome is None:
        assert game.deal is not None
        seat = game.deal.turn
        top = game.deal.discard[-1] if game.deal.discard else None
        if memory.pile and top is not None:
            assert memory.pile[-1] == top
        memory.observe_all(game.apply(seat, choose_action(view_for(game, seat), "normal", rng)))
