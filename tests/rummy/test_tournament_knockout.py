"""Knockout (rummy.tournament.knockout): brackets for 5 to 40 players end with one final table
and one winner, the tables balanced, the seeds spread, forfeits out."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy import tournament as T
from rummy.tournament.knockout import is_final, snake
from rummy.tournament.model import PlayerResult, TableResult
from tests.rummy.tournament_support import play_out, signed_up


@pytest.mark.parametrize("fill", [False, True])
@pytest.mark.parametrize("size", range(2, 7))
def test_brackets_for_5_to_40_players_end_with_one_final_table(size: int, fill: bool) -> None:
    """Every round's tables are balanced and legal, each round has fewer players, and the last
    round is one table without a bye."""
    for count in range(5, 41):
        rounds = T.bracket(count, size, fill)
        *early, final = rounds
        assert len(final.sizes) == 1 and final.byes == 0 and 2 <= final.sizes[0] <= size
        players = count
        for shape in rounds:
            assert sum(shape.sizes) + shape.byes == players
            assert max(shape.sizes) - min(shape.sizes) <= 1
            assert all(1 <= s <= size for s in shape.sizes) and (fill or min(shape.sizes) >= 2)
            players = shape.byes + sum(T.advancing(s) for s in shape.sizes)
        assert all(len(s.sizes) > 1 or s.byes for s in early)


@pytest.mark.parametrize(("entrants", "going_on"), [(1, 1), (2, 1), (3, 1), (4, 2), (5, 2), (6, 3)])
def test_the_top_half_of_a_table_goes_on_at_least_one(entrants: int, going_on: int) -> None:
    assert T.advancing(entrants) == going_on


@pytest.mark.parametrize("size", [2, 4])
def test_a_played_knockout_has_one_winner_the_final_table_s_first(size: int) -> None:
    """From 5 to 40 players, random results without forfeits lead to a final table, whose players
    lead the standings, its winner first, and the tournament finishes."""
    for count in range(5, 41):
        t = T.start(signed_up(count, fmt=T.Format.KNOCKOUT, size=size, seed=count), 1)
        *_, t = play_out(t, random.Random(count), forfeits=False)
        assert t.stage is T.Stage.FINISHED
        final = t.rounds[-1]
        table = final.tables[0]
        assert is_final(final) and table.result is not None
        top = T.standings(t)[: len(table.players)]
        assert {s.player for s in top} == set(table.players)
        assert table.result.of(top[0].player).place == 1


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), count=st.integers(5, 40), size=st.integers(2, 6), fill=st.booleans())
def test_forfeits_never_go_on_and_the_knockout_still_ends(seed: int, count: int, size: int, fill: bool) -> None:
    """With random forfeits, nobody who forfeited sits in a later round, and the event finishes."""
    t = T.start(signed_up(count, fmt=T.Format.KNOCKOUT, size=size, fill=fill, seed=seed), 1)
    states = list(play_out(t, random.Random(seed)))
    t = states[-1]
    assert t.stage is T.Stage.FINISHED
    for before, after in zip(t.rounds, t.rounds[1:], strict=False):
        forfeited = {r.player for x in before.tables if x.result for r in x.result.players if r.forfeited}
        later = {p for x in after.tables for p in x.players} | set(after.byes)
        assert not forfeited & later
        assert len(later) < len({p for x in before.tables for p in x.players} | set(before.byes))


def test_round_one_spreads_the_rated_seeds_over_the_tables() -> None:
    """With ratings, the four best players open four different tables of a 16-player knockout."""
    t = signed_up(16, fmt=T.Format.KNOCKOUT, size=4)
    ratings = {101 + i: float(i) for i in range(16)}  # 116 the best
    t = T.start(t, 1, ratings=ratings)
    assert t.seeding[:4] == (116, 115, 114, 113)
    firsts = [x.players[0] for x in t.rounds[0].tables]
    assert firsts == [116, 115, 114, 113]


def test_the_snake_deals_seeds_back_and_forth() -> None:
    assert snake([1, 2, 3, 4, 5, 6, 7, 8], [4, 4]) == [(1, 4, 5, 8), (2, 3, 6, 7)]
    assert snake(list(range(1, 11)), [4, 3, 3]) == [(1, 6, 7, 10), (2, 5, 8), (3, 4, 9)]


def test_a_tie_at_the_cut_goes_to_fewer_game_points_where_low_wins() -> None:
    """Two players sharing second place at a table of 4 (rami51, low wins): the one with fewer
    penalty points goes on with the winner."""
    t = T.start(signed_up(8, fmt=T.Format.KNOCKOUT, size=4, preset="rami51"), 1)
    one, two = t.rounds[0].tables
    a, b, c, d = one.players
    result = TableResult(
        (PlayerResult(a, 1, 10), PlayerResult(b, 2, 300), PlayerResult(c, 2, 200), PlayerResult(d, 4, 400))
    )
    t = T.record_result(t, 1, result)
    w, x, y, z = two.players
    t = T.record_result(t, 2, TableResult(tuple(PlayerResult(p, i + 1, i) for i, p in enumerate((w, x, y, z)))))
    t = T.next_round(t)
    assert sorted(t.rounds[1].tables[0].players) == sorted([a, c, w, x])
