"""Points, standings and tie-breaks (rummy.tournament.points, standings), and a table's result
from its game at the end or at the round's time limit (rummy.tournament.timelimit)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from rummy import tournament as T
from rummy.game import Game, Player
from rummy.rules import find_preset
from rummy.tournament.model import PlayerResult, TableResult
from rummy.tournament.points import check_places
from tests.rummy.tournament_support import signed_up


@pytest.mark.parametrize(
    ("seats", "points"),
    [(2, [120, 0]), (3, [120, 60, 0]), (4, [120, 80, 40, 0]), (5, [120, 90, 60, 30, 0]), (6, [120, 96, 72, 48, 24, 0])],
)
def test_places_are_worth_the_share_of_the_table_beaten(seats: int, points: list[int]) -> None:
    """The winner scores 120 and the last 0 at every table size, the places between evenly spaced."""
    places = list(range(1, seats + 1))
    assert [T.place_points(p, places) for p in places] == points


def test_a_shared_place_is_worth_the_mean_of_the_places_it_covers() -> None:
    """Two first at a table of 4 score (120 + 80) / 2 each; the four tied score 60 each."""
    assert T.place_points(1, [1, 1, 3, 4]) == 100
    assert T.place_points(1, [1, 1, 1, 1]) == 60
    assert T.place_points(2, [1, 2, 2, 2, 2]) == 45


def test_a_forfeit_scores_nothing_whatever_its_place() -> None:
    result = TableResult((PlayerResult(1, 1, 0, forfeited=True), PlayerResult(2, 2, 40)))
    assert T.result_points(result, 1) == 0 and T.result_points(result, 2) == 0


@pytest.mark.parametrize("places", [[1, 1, 2], [2, 3], [1, 3], [0, 1]])
def test_places_that_are_no_ranking_are_refused(places: list[int]) -> None:
    with pytest.raises(T.BadResult):
        check_places(places)


def _round_one(preset: str) -> T.Tournament:
    """6 players at two tables of 3: each table's winner 120, second 60, last 0, with the game
    points given."""
    t = T.start(signed_up(6, size=3, preset=preset, rounds=2), 1)
    one, two = t.rounds[0].tables
    for table, games in ((one, (5, 40, 90)), (two, (8, 30, 70))):
        results = tuple(PlayerResult(p, i + 1, games[i]) for i, p in enumerate(table.players))
        t = T.record_result(t, table.number, TableResult(results))
    return t


@pytest.mark.parametrize(("preset", "low_first"), [("rami51", True), ("basic", False)])
def test_equal_points_and_opponents_are_parted_by_game_points_as_the_preset_ranks(preset: str, low_first: bool) -> None:
    """The two table winners tie on points and opponents' points; fewer game points rank first in
    rami51 (penalties), more in basic (the winner collects)."""
    t = _round_one(preset)
    one, two = t.rounds[0].tables
    first, second = T.standings(t)[:2]
    assert {first.player, second.player} == {one.players[0], two.players[0]}
    assert first.points == second.points == 120 and first.opponents == second.opponents == 30
    assert first.player == (one.players[0] if low_first else two.players[0])


def test_opponents_points_part_equal_points() -> None:
    """After round 2, players on equal points are ordered by the mean points of the opponents
    they met, round by round, added up."""
    t = T.next_round(_round_one("rami51"))
    for table in t.rounds[1].tables:
        results = tuple(PlayerResult(p, i + 1, 10 * i) for i, p in enumerate(table.players))
        t = T.record_result(t, table.number, TableResult(results))
    lines = T.standings(t)
    points = {s.player: s.points for s in lines}
    for s in lines:
        expected = Fraction(0)
        for rnd in t.rounds:
            seated = rnd.table_of(s.player)
            assert seated is not None
            others = [p for p in seated.players if p != s.player]
            expected += Fraction(sum(points[p] for p in others), len(others))
        assert s.opponents == expected
    for a, b in itertools.pairwise(lines):
        assert (a.points, a.opponents) >= (b.points, b.opponents)
    assert [s.place for s in lines] == [1, 2, 3, 4, 5, 6]


def test_the_seed_parts_a_complete_tie() -> None:
    """Before any result everyone is level: the standings are the seed order."""
    t = T.start(signed_up(7), 1)
    assert [s.player for s in T.standings(t)] == list(t.seeding)


def test_removed_players_leave_the_standings_and_withdrawn_ones_keep_their_points() -> None:
    t = _round_one("rami51")
    one, _ = t.rounds[0].tables
    t = T.withdraw(T.remove(t, 1, one.players[1]), one.players[0])
    lines = {s.player: s for s in T.standings(t)}
    assert one.players[1] not in lines
    assert lines[one.players[0]].points == 120 and lines[one.players[0]].status is T.EntrantStatus.WITHDRAWN
    assert len(T.podium(t)) == 3


# -- a table's result from its game -------------------------------------------------------------
def _game(preset: str, scores: list[int]) -> Game:
    """A game of as many players as ``scores``, whose finished deals gave those totals (set as the
    score sheet stands after them), with a deal still in play."""
    players = [Player(str(i), f"P{i}") for i in range(len(scores))]
    game, _ = Game.new(find_preset(preset), players, seed=5)
    game.scores = list(scores)
    return game


def test_at_the_time_limit_the_lowest_total_wins_where_low_wins() -> None:
    """rami51 counts penalties: at the time limit, 10 < 30 < 50, and the result says it timed out."""
    result = T.table_result(_game("rami51", [30, 10, 50]), [7, 8, 9], at_time_limit=True)
    assert result.timed_out
    assert [(r.player, r.place, r.game_points) for r in sorted(result.players, key=lambda r: r.place)] == [
        (8, 1, 10),
        (7, 2, 30),
        (9, 3, 50),
    ]


def test_at_the_time_limit_the_highest_total_wins_where_the_winner_collects() -> None:
    result = T.table_result(_game("basic", [30, 10, 50]), [7, 8, 9], at_time_limit=True)
    assert [r.player for r in sorted(result.players, key=lambda r: r.place)] == [9, 7, 8]


def test_a_table_out_of_time_in_its_first_deal_is_a_draw() -> None:
    """Nothing scored yet: everyone shares first place, 60 points each at a table of 3."""
    result = T.table_result(_game("ref51", [0, 0, 0]), [7, 8, 9], at_time_limit=True)
    assert {r.place for r in result.players} == {1}
    assert all(T.result_points(result, p) == 60 for p in (7, 8, 9))


def test_a_player_who_left_forfeits_and_a_filler_keeps_its_place() -> None:
    """The seat that left ranks last and forfeits; a computer filler (None) is placed, not an entrant."""
    game = _game("rami51", [30, 10, 50, 0])
    game.drop(3)
    result = T.table_result(game, [7, 8, None, 9], at_time_limit=True)
    assert result.filler_places == (3,)
    assert result.of(9).forfeited and result.of(9).place == 4 and T.result_points(result, 9) == 0
    assert T.result_points(result, 8) == 120


def test_a_game_still_in_play_has_no_result_before_the_time_limit() -> None:
    with pytest.raises(T.BadResult):
        T.table_result(_game("rami51", [0, 0]), [7, 8])


def test_the_deadline_is_the_round_s_minutes_after_its_start() -> None:
    assert T.deadline(1000.0, 90) == 1000.0 + 5400
    assert not T.timed_out(1000.0, 90, 6399.0) and T.timed_out(1000.0, 90, 6400.0)


# -- the worked example of docs/tournaments.md ------------------------------------------------
ANA, BEN, CHLOE, DAVID, EMMA, FARID = range(1, 7)


def test_the_worked_example_of_the_docs() -> None:
    """Six players, rami51 at tables of 3, two rounds: the tables, points and tie-breaks the page states."""
    t = T.new(T.Settings("Friday night", "rami51", T.Format.SWISS, 2, 3), ANA, 0)
    for player in range(1, 7):
        t = T.sign_up(t, player, f"P{player}")
    t = T.start(t, ANA, ratings={p: 100.0 - p for p in range(1, 7)})
    assert [x.players for x in t.rounds[0].tables] == [(ANA, BEN, CHLOE), (DAVID, EMMA, FARID)]
    t = T.record_result(
        t, 1, TableResult((PlayerResult(ANA, 1, 40), PlayerResult(BEN, 2, 120), PlayerResult(CHLOE, 3, 310)))
    )
    late = (PlayerResult(DAVID, 1, 25), PlayerResult(EMMA, 2, 140), PlayerResult(FARID, 2, 140))
    t = T.record_result(t, 2, TableResult(late, timed_out=True))
    lines = T.standings(t)
    assert [(s.player, s.points) for s in lines] == [
        (DAVID, 120),
        (ANA, 120),
        (BEN, 60),
        (EMMA, 30),
        (FARID, 30),
        (CHLOE, 0),
    ]
    assert lines[0].opponents == lines[1].opponents == 30
    t = T.next_round(t)
    assert [x.players for x in t.rounds[1].tables] == [(DAVID, ANA, BEN), (EMMA, FARID, CHLOE)]
    one = (PlayerResult(BEN, 1, 35), PlayerResult(DAVID, 2, 90), PlayerResult(ANA, 3, 15, forfeited=True))
    t = T.record_result(t, 1, TableResult(one))
    t = T.record_result(
        t, 2, TableResult((PlayerResult(CHLOE, 1, 60), PlayerResult(EMMA, 2, 200), PlayerResult(FARID, 3, 510)))
    )
    t = T.finish(t)
    final = [(s.player, s.points, s.opponents, s.game_points) for s in T.standings(t)]
    assert final == [
        (BEN, 180, Fraction(270), 155),
        (DAVID, 180, Fraction(210), 115),
        (ANA, 120, Fraction(330), 55),
        (CHLOE, 120, Fraction(210), 370),
        (EMMA, 90, Fraction(180), 340),
        (FARID, 30, Fraction(240), 650),
    ]
    assert [s.player for s in T.podium(t)] == [BEN, DAVID, ANA]
