"""A game: deals one after another, dealers, the end of the game and the standings (rummy.game)."""

from __future__ import annotations

import random

import pytest

from rummy import actions as act
from rummy.errors import BadRules, GameOver, IllegalAction
from rummy.game import Game, GameStatus
from rummy.rules import PRESETS
from rummy.serialize import dumps
from tests.rummy.engine_support import current, dead_deal, kinds, players, rules_of, win_deal


def new(preset: str, n: int = 2, dealer: int = 0, **overrides: object) -> Game:
    game, _ = Game.new(rules_of(preset, **overrides), players(n), seed=11, dealer=dealer)
    return game


def test_a_game_needs_two_to_six_players() -> None:
    """Game.new refuses 7 players, naming the range."""
    with pytest.raises(BadRules, match="2 to 6"):
        Game.new(PRESETS["basic"], players(7), seed=1)


def test_the_first_dealer_comes_from_the_seed() -> None:
    """With a seed, the first dealer and the deal repeat exactly."""
    a, _ = Game.new(PRESETS["ref51"], players(4), seed=99)
    b, _ = Game.new(PRESETS["ref51"], players(4), seed=99)
    assert a.dealer == b.dealer and dumps(a) == dumps(b)


def test_different_seeds_deal_differently() -> None:
    """Two seeds give two different shuffles."""
    a, _ = Game.new(PRESETS["ref51"], players(4), seed=1)
    b, _ = Game.new(PRESETS["ref51"], players(4), seed=2)
    assert current(a).stock != current(b).stock or current(a).hands != current(b).hands


def test_play_without_a_seed_shuffles_with_the_system_random_source() -> None:
    """No seed: shuffles come from SystemRandom (secrets), never from a predictable generator."""
    game, _ = Game.new(PRESETS["basic"], players(2))
    assert game.seed is None
    assert isinstance(game._rng("deal"), random.SystemRandom)
    seeded, _ = Game.new(PRESETS["basic"], players(2), seed=5)
    assert type(seeded._rng("deal")) is random.Random


def test_the_dealer_rotates_and_the_seat_on_the_left_starts() -> None:
    """After each deal the next seat deals, and the seat to its left starts."""
    game = new("basic", 3, dealer=0)
    assert current(game).turn == 1
    win_deal(game, 2)
    assert (game.dealer, current(game).turn) == (1, 2)
    win_deal(game, 0)
    assert (game.dealer, current(game).turn) == (2, 0)


def test_rummy100_with_two_players_the_winner_deals_next() -> None:
    """rummy100, 2 players: the winner deals (so the loser starts)."""
    game = new("rummy100", 2, dealer=1)
    win_deal(game, 1)
    assert (game.dealer, current(game).turn) == (1, 0)


def test_rummy100_with_three_players_the_deal_rotates() -> None:
    """The winner-deals rule is for two players only."""
    game = new("rummy100", 3, dealer=1)
    win_deal(game, 1)
    assert game.dealer == 2


def test_basic_ends_after_three_deals_and_the_highest_total_wins() -> None:
    """basic: 3 deals, winner collects, highest total first."""
    game = new("basic", 3)
    win_deal(game, 0, {1: "KD", 2: "KS"})
    win_deal(game, 1, {0: "5D", 2: "KS"})
    assert game.status is GameStatus.PLAYING
    events = win_deal(game, 0, {1: "2D", 2: "2S"})
    assert "game_over" in kinds(events) and game.status is GameStatus.OVER
    assert game.scores == [24, 15, 0]
    assert game.outcome is not None and game.outcome.winners == (0,)
    assert [s.seat for s in game.outcome.standings] == [0, 1, 2]


def test_a_tie_on_top_is_shared() -> None:
    """Equal best totals share the first place; the next rank skips."""
    game = new("basic", 3, game_length=2)
    win_deal(game, 0, {1: "KD", 2: "KS"})
    win_deal(game, 1, {0: "KD", 2: "KS"})
    assert game.outcome is not None
    assert game.outcome.winners == (0, 1)
    assert [s.rank for s in game.outcome.standings] == [1, 1, 3]


def test_rummy100_ends_when_a_player_reaches_100() -> None:
    """rummy100: first to 100; the others score nothing."""
    game = new("rummy100", 2)
    win_deal(game, 0, {1: "KD KS KH KC 10D 10S 10H 10C 9D"})
    assert game.scores == [89, 0] and game.outcome is None
    win_deal(game, 0, {1: "KD KS"})
    assert game.scores == [109, 0] and game.outcome is not None and game.outcome.winners == (0,)


def test_rami51_penalty_eliminates_at_500_and_the_last_player_left_wins() -> None:
    """rami51: a player reaching 500 is out; the game ends with one player under it."""
    game = new("rami51", 3)
    game.scores = [480, 490, 100]
    events = win_deal(game, 2, {0: "KD KS", 1: "2D 3D"})
    assert game.eliminated == {0: 1} and "eliminated" in kinds(events)
    assert game.outcome is None and current(game).seats == [1, 2]
    win_deal(game, 2, {1: "KD"})
    assert game.outcome is not None and game.outcome.winners == (2,)
    assert [(s.seat, s.rank, s.eliminated) for s in game.outcome.standings] == [
        (2, 1, False),
        (1, 2, True),
        (0, 3, True),
    ]


def test_players_eliminated_in_the_same_deal_rank_by_score() -> None:
    """Out in the same deal: the lower total ranks better."""
    game = new("rami51", 3)
    game.scores = [490, 495, 0]
    win_deal(game, 2, {0: "KD KS", 1: "KD KS"})
    assert game.outcome is not None
    assert [s.seat for s in game.outcome.standings] == [2, 0, 1]


def test_an_eliminated_player_may_not_act() -> None:
    """Out of the game: actions are refused with the reason."""
    game = new("rami51", 3)
    game.scores = [495, 0, 0]
    win_deal(game, 1, {0: "KD"})
    with pytest.raises(IllegalAction, match="out of this game"):
        game.apply(0, act.Draw())


def test_ten_deals_in_a_row_where_nobody_scores_end_the_game() -> None:
    """(decision) The 10th deal in a row in which nobody scores ends the game; under penalty the lowest total wins."""
    game = new("rami51", 2)
    game.scores = [40, 30]
    for _ in range(9):
        dead_deal(game)
    assert game.outcome is None and game.scoreless_deals_in_a_row == 9
    events = dead_deal(game)
    assert "game_over" in kinds(events)
    assert game.outcome is not None and game.outcome.winners == (1,)
    assert len(game.history) == 10 and all(r.outcome.void for r in game.history)


def test_the_void_deal_limit_ends_a_winner_collects_game_with_the_highest_total() -> None:
    """(decision) In a first-to-100 game stuck in void deals, the highest total wins."""
    game = new("rummy100", 3)
    win_deal(game, 2, {0: "KD", 1: "KD"})
    for _ in range(10):
        dead_deal(game)
    assert game.outcome is not None and game.outcome.winners == (2,)
    assert len(game.history) == 11


def test_a_scoring_deal_resets_the_count_of_void_deals() -> None:
    """Nine void deals, a scoring deal, nine void deals: the game goes on; the tenth in a row ends it."""
    game = new("rami51", 2)
    for _ in range(9):
        dead_deal(game)
    win_deal(game, 0, {1: "2C"})
    assert game.scoreless_deals_in_a_row == 0
    for _ in range(9):
        dead_deal(game)
    assert game.outcome is None and game.scoreless_deals_in_a_row == 9
    dead_deal(game)
    assert game.outcome is not None and len(game.history) == 20


def test_a_long_game_is_never_cut_after_a_number_of_deals() -> None:
    """No cap on the deals: a first-to-100 game won one point at a time lasts its 100 deals."""
    game = new("rummy100", 2)
    for number in range(1, 100):
        win_deal(game, 0, {1: "AC"})
        assert game.outcome is None, number
    win_deal(game, 0, {1: "AC"})
    assert len(game.history) == 100 and game.scores == [100, 0]
    assert game.outcome is not None and game.outcome.winners == (0,)


def test_after_the_game_every_action_is_refused() -> None:
    """GameOver for anything once it is finished."""
    game = new("basic", 2, game_length=1)
    win_deal(game, 0)
    with pytest.raises(GameOver):
        game.apply(0, act.Draw())


def test_standings_count_deals_won_and_rummies() -> None:
    """Each standing gives the deals won and the rummies made."""
    game = new("basic", 2, game_length=2)
    win_deal(game, 0, rummy=True)
    win_deal(game, 0)
    assert game.outcome is not None
    top = game.outcome.standings[0]
    assert (top.seat, top.deals_won, top.rummies, top.score) == (0, 2, 1, 30)


def test_seat_of_finds_a_player_by_id() -> None:
    """Player ids map to seats; unknown ids to None."""
    game = new("basic", 3)
    assert (game.seat_of("p2"), game.seat_of("nobody")) == (2, None)
