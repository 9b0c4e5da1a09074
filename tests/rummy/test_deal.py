"""The deal as a state machine: dealing, phases, drawing and discarding (rummy.deal)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from rummy import actions as act
from rummy.cards import Card, make_pack
from rummy.deal import Deal, Phase
from rummy.errors import CannotDiscard, CardNotInHand, IllegalAction, NotYourTurn, WrongPhase
from rummy.game import Game
from rummy.rules import PRESETS
from rummy.serialize import dumps
from tests.rummy.engine_support import current, pack_keys, physical_cards, play, players, position


class Unshuffled(random.Random):
    """A random source whose shuffle leaves the pack in order (to see who gets which card)."""

    def shuffle(self, x: Any) -> None:  # type: ignore[override]
        return None


def refused(game: Game, seat: int, action: act.Action, error: type[Exception] = IllegalAction) -> str:
    """Apply an action that must be refused; check the state is unchanged; return the reason."""
    before = dumps(game)
    with pytest.raises(error) as info:
        game.apply(seat, action)
    assert dumps(game) == before
    return str(info.value)


# -- dealing ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "size"), [(2, 10), (3, 7), (4, 7), (5, 6), (6, 6)])
def test_basic_deal_sizes_and_upcard(n: int, size: int) -> None:
    """Each player gets 10/7/6 cards, one card starts the discard pile, the rest is the stock."""
    game, _ = Game.new(PRESETS["basic"], players(n), seed=3)
    deal = current(game)
    assert all(len(h) == size for h in deal.hands.values())
    assert len(deal.discard) == 1
    assert len(deal.stock) == 52 - n * size - 1
    assert deal.phase is Phase.DRAW
    assert physical_cards(game) == pack_keys(game.rules, n)


def test_rami51_starter_gets_fourteen_cards_and_no_upcard() -> None:
    """rami51: 13 cards each, the starter 14; no discard pile; the starter plays without drawing."""
    game, _ = Game.new(PRESETS["rami51"], players(4), seed=5)
    deal = current(game)
    assert sorted(len(h) for h in deal.hands.values()) == [13, 13, 13, 14]
    assert len(deal.hands[deal.turn]) == 14
    assert deal.discard == [] and deal.phase is Phase.PLAY
    assert len(deal.stock) == 108 - 53


def test_reference_rules_deal_three_decks_to_five_players() -> None:
    """ref51 with 5 players: 160 cards, 13 each, an upcard."""
    game, _ = Game.new(PRESETS["ref51"], players(5), seed=2)
    assert physical_cards(game) == pack_keys(game.rules, 5)
    assert sum(physical_cards(game).values()) == 160


def test_cards_are_dealt_one_at_a_time_from_the_left_of_the_dealer() -> None:
    """The starter (left of the dealer) gets the first card, the dealer the last of each round."""
    pack = make_pack(1, 0)
    deal = Deal.new(PRESETS["basic"], 1, [0, 1, 2], dealer=1, rng=Unshuffled())
    assert deal.turn == 2
    assert [deal.hands[s][0].key for s in (2, 0, 1)] == [c.key for c in pack[-1:-4:-1]]
    assert deal.discard[0].key == pack[-22].key


def test_the_dealer_being_last_seat_wraps_to_the_first() -> None:
    """Left of the last seat is seat 0."""
    assert Deal.new(PRESETS["basic"], 1, [0, 1, 2], dealer=2, rng=Unshuffled()).turn == 0


# -- turn and phase ----------------------------------------------------------------------------


def test_only_the_player_to_move_may_act() -> None:
    """Another seat is refused with NotYourTurn and nothing changes."""
    game = position("basic", ["2C 3C", "4D 5D"])
    assert "not your turn" in refused(game, 1, act.Draw(), NotYourTurn)


def test_draw_comes_first() -> None:
    """Melding, laying off or discarding before the draw is refused."""
    game = position("basic", ["2C 3C 4C", "4D 5D"])
    for action in (act.parse_action("discard 2C"), act.parse_action("meld 2C 3C 4C")):
        assert "draw first" in refused(game, 0, action, WrongPhase)


def test_one_draw_per_turn() -> None:
    """A second draw is refused."""
    game = position("basic", ["2C 3C", "4D 5D"])
    play(game, "draw stock")
    assert "already drawn" in refused(game, 0, act.Draw(act.Source.DISCARD), WrongPhase)


def test_rami51_starter_cannot_draw_on_the_first_turn() -> None:
    """The starter's first turn has no draw."""
    game, _ = Game.new(PRESETS["rami51"], players(2), seed=1)
    assert "no draw" in refused(game, current(game).turn, act.Draw(), WrongPhase)


def test_draw_from_the_stock_takes_its_top_card_unseen() -> None:
    """The top of the stock goes to the hand; the event does not show it."""
    game = position("basic", ["2C", "4D"], stock="5S 9H")
    events = play(game, "draw stock")
    assert [str(c) for c in current(game).hands[0]] == ["2C", "9H"]
    assert events[0].card is None and events[0].source == "stock"
    assert current(game).phase is Phase.PLAY


def test_draw_from_the_discard_pile_takes_the_top_card_face_up() -> None:
    """The top discard goes to the hand and everyone sees which card it was."""
    game = position("basic", ["2C", "4D"], discard="3S KD")
    events = play(game, "draw discard")
    assert str(current(game).hands[0][-1]) == "KD" and [str(c) for c in current(game).discard] == ["3S"]
    assert events[0].card == "K♦"


def test_an_empty_discard_pile_cannot_be_drawn() -> None:
    """With no discard pile, draw from the stock."""
    game = position("basic", ["2C", "4D"], discard="")
    assert "discard pile is empty" in refused(game, 0, act.Draw(act.Source.DISCARD))


def test_discard_ends_the_turn() -> None:
    """The card goes on the pile and the next seat draws."""
    game = position("basic", ["2C 3D", "4D 5D", "6S 7S"], stock="9H")
    deal = current(game)
    play(game, "draw stock", "discard 3D")
    assert str(deal.discard[-1]) == "3D" and deal.turn == 1 and deal.phase is Phase.DRAW
    assert deal.turns == 6


def test_the_card_taken_from_the_pile_cannot_be_discarded_this_turn() -> None:
    """Taking the top discard and throwing it back is refused."""
    game = position("basic", ["2C 3D", "4D 5D"], discard="KD")
    play(game, "draw discard")
    assert "discard another card" in refused(game, 0, act.parse_action("discard KD"), CannotDiscard)
    play(game, "discard 3D")
    assert str(current(game).discard[-1]) == "3D"


def test_a_card_drawn_from_the_stock_may_be_discarded() -> None:
    """The restriction is only for the discard pile."""
    game = position("basic", ["2C 3D", "4D 5D"], stock="KS")
    play(game, "draw stock", "discard KS")
    assert str(current(game).discard[-1]) == "KS"


def test_discarding_a_face_held_twice_keeps_the_copy_taken_from_the_pile() -> None:
    """Holding 7♥ and taking the other deck's 7♥: "discard 7H" throws the copy held before."""
    game = position("rami51", ["7H 2C 3D", "4D 5D"], discard="7H", phase=Phase.DRAW, opened={0: 1})
    deal = current(game)
    play(game, "draw discard")
    taken = deal.taken
    assert taken is not None
    play(game, "discard 7H")
    assert deal.discard[-1].key != taken.key
    assert any(c is taken for c in deal.hands[0])


def test_melding_a_face_held_twice_uses_the_copy_taken_from_the_pile() -> None:
    """The copy taken from the pile goes into the meld, so the other copy can still be discarded."""
    game = position("rami51", ["7H 8H 9H", "4D 5D"], discard="7H", opened={0: 1})
    deal = current(game)
    play(game, "draw discard")
    taken = deal.taken
    play(game, "meld 7H 8H 9H")
    assert any(c is taken for c in deal.melds[0].meld.cards)
    play(game, "discard 7H")
    assert deal.over


def test_a_card_not_in_hand_is_refused_by_name() -> None:
    """Naming a card the player does not hold, or more copies than held."""
    game = position("rami51", ["7H 8H 9H 2C", "4D 5D"], opened={0: 1}, phase=Phase.PLAY)
    assert "don't have 5♠" in refused(game, 0, act.parse_action("discard 5S"), CardNotInHand)
    assert "only 1 7♥" in refused(game, 0, act.parse_action("meld 7H 7H 7H"), CardNotInHand)


def test_check_judges_without_changing_anything() -> None:
    """Game.check raises what apply would raise, and accepts what apply accepts."""
    game = position("basic", ["2C 3D", "4D 5D"], discard="KD")
    before = dumps(game)
    game.check(0, act.Draw(act.Source.DISCARD))
    with pytest.raises(WrongPhase):
        game.check(0, act.parse_action("discard 2C"))
    with pytest.raises(NotYourTurn):
        game.check(1, act.Draw())
    assert dumps(game) == before


def test_an_unknown_action_is_refused() -> None:
    """Anything that is not an action is an IllegalAction, not a crash."""
    game = position("basic", ["2C 3D", "4D 5D"])
    play(game, "draw stock")
    refused(game, 0, "discard 2C")  # type: ignore[arg-type]


def test_a_finished_deal_refuses_everything() -> None:
    """Once over, the deal takes no action."""
    game = position("basic", ["2C 3C", "4D 5D"], stock="4C")
    deal = current(game)
    play(game, "draw stock", "meld 2C 3C 4C")
    assert deal.over
    with pytest.raises(WrongPhase):
        deal.apply(0, act.Draw(), random.Random(0))


def test_identical_cards_are_conserved_through_a_turn() -> None:
    """Discarding one of two identical cards moves exactly that physical card."""
    game = position("rami51", ["7H 7H 2C", "4D 5D"], stock="9S", opened={0: 1})
    before = physical_cards(game)
    play(game, "draw stock", "discard 7H")
    assert physical_cards(game) == before
    assert Counter(c.key for c in current(game).hands[0]).most_common(1)[0][1] == 1


def test_discarded_card_is_the_physical_one_named_when_no_rule_prefers_another() -> None:
    """With no card taken from the pile, the first held copy is discarded; the other stays."""
    game = position("rami51", ["7H 7H 2C", "4D 5D"], stock="9S", opened={0: 1})
    deal = current(game)
    first, second = deal.hands[0][0], deal.hands[0][1]
    play(game, "draw stock", "discard 7H")
    assert deal.discard[-1] is first and any(c is second for c in deal.hands[0])
    assert isinstance(first, Card)
