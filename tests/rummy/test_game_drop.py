"""A player leaving mid-deal or mid-turn (Game.drop)."""

from __future__ import annotations

import pytest

from rummy import actions as act
from rummy.deal import Phase
from rummy.errors import IllegalAction
from rummy.game import Game
from rummy.scoring import DealEnd
from tests.rummy.engine_support import current, kinds, physical_cards, play, players, position, rules_of, win_deal


def three(preset: str = "basic") -> Game:
    return position(preset, ["2C 3C 4C 9S", "5D 6D", "KH KS"], stock="7H 8H 9H 10H")


def test_drop_between_turns_puts_the_hand_under_the_stock() -> None:
    """The dropped seat's cards go to the bottom of the stock; the deal goes on."""
    game = three()
    deal = current(game)
    before = physical_cards(game)
    events = game.drop(1)
    assert kinds(events) == ["dropped"]
    assert physical_cards(game) == before
    assert deal.seats == [0, 2] and 1 not in deal.hands
    assert [str(c) for c in deal.stock[:2]] == ["5D", "6D"]
    assert deal.turn == 0 and not deal.over


def test_drop_mid_turn_passes_the_turn_and_keeps_the_melds() -> None:
    """Leaving after drawing and melding: the melds stay, the hand (drawn card too) goes under the stock."""
    game = three()
    deal = current(game)
    before = physical_cards(game)
    play(game, "draw stock", "meld 2C 3C 4C")
    game.drop(0)
    assert physical_cards(game) == before
    assert len(deal.melds) == 1
    assert (deal.turn, deal.phase) == (1, Phase.DRAW)
    assert deal.taken is None and deal.drawn is None


def test_a_dropped_player_may_not_act() -> None:
    """Actions of a player who left are refused."""
    game = three()
    game.drop(0)
    with pytest.raises(IllegalAction, match="left this game"):
        game.apply(0, act.Draw())


def test_the_game_ends_when_fewer_than_two_players_are_left() -> None:
    """Two players, one leaves: the deal is abandoned (nobody scores) and the other wins."""
    game = position("basic", ["2C 3C 4C 9S", "5D 6D"])
    before = physical_cards(game)
    deal = current(game)
    events = game.drop(0)
    assert kinds(events) == ["dropped", "deal_over", "game_over"]
    assert physical_cards(game) == before
    assert deal.outcome is not None and deal.outcome.reason is DealEnd.ABANDONED
    assert game.scores == [0, 0]
    assert game.outcome is not None and game.outcome.winners == (1,)
    assert game.outcome.standings[-1].dropped


def test_a_dropped_player_ranks_last_whatever_the_score() -> None:
    """Leaving forfeits: dropped seats come after everyone else, the first to leave last."""
    game = three()
    game.scores = [90, 0, 0]
    game.drop(0)
    game.drop(1)
    assert game.outcome is not None
    assert [s.seat for s in game.outcome.standings] == [2, 1, 0]


def test_the_next_dealer_skips_a_dropped_seat() -> None:
    """With the dealer's left-hand neighbour gone, the deal passes over them."""
    game, _ = Game.new(rules_of("basic"), players(3), seed=3, dealer=0)
    game.drop(1)
    win_deal(game, 0)
    assert game.dealer == 2 and current(game).seats == [0, 2]


def test_dropping_twice_or_an_unknown_seat() -> None:
    """A second drop does nothing; a seat that does not exist is refused."""
    game = three()
    game.drop(2)
    assert game.drop(2) == []
    with pytest.raises(IllegalAction):
        game.drop(5)


def test_drop_of_the_player_to_move_when_the_stock_needs_rebuilding() -> None:
    """The next player's turn starts normally: the dropped hand under the stock is drawable."""
    game = position("rami51", ["2C 3C 4C 9S", "5D 6D", "KH KS"], stock="", discard="7H 8H", opened={0: 1})
    deal = current(game)
    game.drop(0)
    assert not deal.over and len(deal.stock) == 4
    play(game, "draw stock")
    assert str(deal.hands[1][-1]) == "9S"
