"""Player views hold only what their seat may see (rummy.view)."""

from __future__ import annotations

from rummy.deal import Phase
from rummy.game import Game
from rummy.rules import PRESETS
from rummy.view import view_for
from tests.rummy.engine_support import current, play, players, position


def test_a_view_holds_the_own_hand_sorted_and_only_sizes_of_the_others() -> None:
    """Own hand in display order; the other hands as card counts."""
    game = position("basic", ["KS 2C JK", "4D 5D", "9H"], jokers=2)
    view = view_for(game, 0)
    assert [str(c) for c in view.hand] == ["2C", "KS", "JK"]
    assert view.hand_sizes == {0: 3, 1: 2, 2: 1}


def test_a_view_shows_the_top_discard_and_the_stock_size_only() -> None:
    """The pile's top card and its size; the stock as a number."""
    game = position("basic", ["2C", "4D"], discard="3S 9H", stock="5C 6C 7C")
    view = view_for(game, 1)
    assert str(view.discard_top) == "9H" and view.discard_size == 2 and view.stock_size == 3


def test_the_card_drawn_is_private_to_the_player_who_drew_it() -> None:
    """drawn / taken are set for the seat on turn and for nobody else."""
    game = position("basic", ["2C", "4D"], discard="3S 9H")
    play(game, "draw discard")
    mine, theirs, spectator = view_for(game, 0), view_for(game, 1), view_for(game, None)
    assert str(mine.taken) == "9H" and str(mine.drawn) == "9H"
    assert theirs.taken is None and theirs.drawn is None and spectator.drawn is None


def test_a_spectator_sees_no_hand() -> None:
    """seat=None: no cards in hand, everything public still there."""
    game = position("basic", ["2C", "4D"], melds=[(1, "7H 8H 9H")])
    view = view_for(game, None)
    assert view.hand == () and len(view.melds) == 1 and not view.my_turn
    assert view.melds[0].label == "1. 7♥ 8♥ 9♥"


def test_turn_flags() -> None:
    """my_turn, phase, can_lay_off and has_opened follow the seat and the rules."""
    game = position("ref51", ["2C", "4D"], phase=Phase.PLAY, opened={1: 0})
    mine, theirs = view_for(game, 0), view_for(game, 1)
    assert mine.my_turn and not theirs.my_turn and mine.phase is Phase.PLAY
    assert not mine.has_opened and theirs.has_opened
    assert not mine.can_lay_off and theirs.can_lay_off


def test_played_before_tells_whether_rummy_is_still_possible() -> None:
    """A seat that melded on an earlier turn can no longer make rummy."""
    game = position("basic", ["2C", "4D"], played={1})
    assert not view_for(game, 0).played_before and view_for(game, 1).played_before


def test_a_view_after_the_game_shows_it_over() -> None:
    """Game over: no turn, game_over set, scores final."""
    game, _ = Game.new(PRESETS["basic"], players(2), seed=1)
    game.drop(0)
    view = view_for(game, 1)
    assert view.game_over and view.turn is None and not view.my_turn
    assert view.dropped == frozenset({0})


def test_eliminated_seats_have_no_hand() -> None:
    """A seat out of the game is not dealt in; its view holds no cards."""
    game = position("rami51", ["2C", "4D", "5S"])
    deal = current(game)
    del deal.hands[2]
    deal.seats.remove(2)
    game.eliminated[2] = 1
    view = view_for(game, 2)
    assert view.hand == () and view.eliminated == frozenset({2})


def test_views_are_built_fresh_and_do_not_share_the_hand_list() -> None:
    """Changing the game after building a view does not change the view."""
    game = position("basic", ["2C 3C", "4D"], stock="9S")
    view = view_for(game, 0)
    play(game, "draw stock")
    assert len(view.hand) == 2


def test_a_new_game_gives_every_seat_a_view() -> None:
    """Each seat sees its own dealt hand."""
    game, _ = Game.new(PRESETS["rami51"], players(3), seed=4)
    for seat in range(3):
        assert len(view_for(game, seat).hand) == len(current(game).hands[seat])
