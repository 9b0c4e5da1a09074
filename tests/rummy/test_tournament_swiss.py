"""Swiss pairing (rummy.tournament.swiss, seating): legal tables, byes, repeat opponents avoided
when they can be, determinism, and withdrawn players never seated again."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy import tournament as T
from rummy.tournament.swiss import met_pairs, seat
from tests.rummy.tournament_support import fewest_repeats, play_round, repeats, signed_up


@pytest.mark.parametrize("size", range(2, 7))
def test_tables_are_legal_for_5_to_40_players(size: int) -> None:
    """Every count from 5 to 40 sits at tables of at most ``size``, never of one, differing by one
    at most, with tables of ``size`` and ``size - 1`` whenever the count allows it."""
    for count in range(5, 41):
        shape = T.plan(count, size)
        assert sum(shape.sizes) + shape.byes == count
        assert all(2 <= s <= size for s in shape.sizes)
        assert max(shape.sizes) - min(shape.sizes) <= 1
        tables = len(shape.sizes)
        if tables * (size - 1) <= count:
            assert set(shape.sizes) <= {size, size - 1}
        assert shape.byes == (1 if size == 2 and count % 2 else 0)


@pytest.mark.parametrize("size", range(2, 7))
def test_with_computer_players_every_table_is_full_and_nobody_has_a_bye(size: int) -> None:
    """Filling empty seats: each table has ``size`` seats, the people spread evenly."""
    for count in range(2, 41):
        shape = T.plan(count, size, fill=True)
        assert shape.byes == 0 and sum(shape.sizes) == count
        assert all(s + f == size for s, f in zip(shape.sizes, shape.fillers, strict=True))
        assert max(shape.sizes) - min(shape.sizes) <= 1


def test_an_odd_count_at_tables_of_two_gives_the_last_placed_a_bye_in_turn() -> None:
    """With 5 players at tables of 2, each round one player sits out, worth half a win, and the
    bye goes to the lowest placed who has not had one."""
    t = T.start(signed_up(5, size=2, rounds=5), 1)
    rng = random.Random(3)
    had: list[int] = []
    expected = t.seeding[-1]
    for number in range(1, 6):
        rnd = t.current
        assert rnd is not None and len(rnd.byes) == 1 and all(x.seats == 2 for x in rnd.tables)
        assert rnd.byes == (expected,)
        had.append(expected)
        t = play_round(t, rng, forfeits=False)
        line = next(s for s in T.standings(t) if s.player == expected)
        assert line.last_points == T.BYE_POINTS and line.reached == number
        if number < 5:
            expected = [s.player for s in T.standings(t) if s.player not in had][-1]
            t = T.next_round(t)
    assert sorted(had) == [101, 102, 103, 104, 105]


@settings(max_examples=25, deadline=None)
@given(count=st.integers(4, 9), size=st.integers(2, 4), rounds=st.integers(1, 3), seed=st.integers(0, 10**6))
def test_repeat_opponents_are_as_few_as_any_seating_allows(count: int, size: int, rounds: int, seed: int) -> None:
    """After random results, the next round's seating has no more repeated pairs than the best
    seating of the same tables (found by brute force): none whenever none is possible."""
    t = T.start(signed_up(count, size=size, rounds=rounds + 1, seed=seed), 1)
    rng = random.Random(seed)
    for _ in range(rounds):
        t = T.next_round(play_round(t, rng))
    rnd = t.current
    assert rnd is not None
    met = met_pairs(t.rounds[:-1])
    tables = [x.players for x in rnd.tables]
    seated = [p for x in tables for p in x]
    assert repeats(tables, met) == fewest_repeats(seated, [len(x) for x in tables], met)


def test_players_of_similar_standing_share_tables_when_nobody_has_met() -> None:
    """With no past meeting the seating is the standings cut into tables, the top first."""
    order = list(range(1, 11))
    assert seat(order, [4, 3, 3], set()) == ((1, 2, 3, 4), (5, 6, 7), (8, 9, 10))


def test_a_past_meeting_moves_a_player_to_the_nearest_table() -> None:
    """If 1 and 2 have met, 2 swaps with the closest player who can take their place."""
    met = {frozenset((1, 2))}
    tables = seat([1, 2, 3, 4, 5, 6], [3, 3], met)
    assert repeats(tables, met) == 0
    assert tables == ((1, 3, 4), (2, 5, 6))


def test_a_large_field_stays_free_of_repeats() -> None:
    """40 players at tables of 4 for 5 rounds of random results never meet twice (many seatings
    avoid it; the bounded search and its swaps find one)."""
    t = T.start(signed_up(40, size=4, rounds=5, seed=11), 1)
    rng = random.Random(11)
    while True:
        t = play_round(t, rng)
        met = met_pairs(t.rounds[:-1])
        assert repeats([x.players for x in t.rounds[-1].tables], met) == 0
        if T.can_finish(t):
            break
        t = T.next_round(t)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), count=st.integers(5, 16))
def test_the_pairing_is_the_same_given_the_standings_and_the_seed(seed: int, count: int) -> None:
    """Two runs from the same seed and results pair every round identically; another seed draws
    another first round (for most seeds)."""
    runs = []
    for _ in range(2):
        t = T.start(signed_up(count, size=3, rounds=3, seed=seed), 1)
        rng = random.Random(seed)
        for _ in range(2):
            t = T.next_round(play_round(t, rng))
        runs.append(t.rounds)
    assert runs[0] == runs[1]


def test_another_seed_draws_another_first_round() -> None:
    first = {T.start(signed_up(12, seed=s), 1).rounds[0] for s in range(5)}
    assert len(first) > 1


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), count=st.integers(5, 14), size=st.integers(2, 5))
def test_withdrawn_and_removed_players_are_never_paired_again(seed: int, count: int, size: int) -> None:
    """Whoever withdraws or is removed between or during rounds sits at no later table."""
    t = T.start(signed_up(count, size=size, rounds=4, seed=seed), 1)
    rng = random.Random(seed)
    gone: set[int] = set()
    while True:
        rnd = t.current
        assert rnd is not None
        assert not gone & ({p for x in rnd.tables for p in x.players} | set(rnd.byes))
        active = [e.id for e in t.playing]
        if len(active) > 3:
            leaving = rng.choice(active)
            t = T.withdraw(t, leaving) if rng.random() < 0.5 else T.remove(t, 1, leaving)
            gone.add(leaving)
        t = play_round(t, rng)
        if T.can_finish(t):
            break
        t = T.next_round(t)
