"""Helpers for the tournament tests: a tournament with players signed up, random table results,
rounds played to the end, and the brute force the pairing is checked against."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import combinations

from rummy import tournament as T
from rummy.tournament.model import PlayerResult, TableResult

ORGANISER = 1


def signed_up(
    players: int,
    *,
    fmt: T.Format = T.Format.SWISS,
    rounds: int | None = 3,
    size: int = 4,
    preset: str = "rami51",
    fill: bool = False,
    seed: int = 7,
) -> T.Tournament:
    """A tournament in sign-up with ``players`` people, ids 101, 102..."""
    count = rounds if fmt is T.Format.SWISS else None
    settings = T.Settings("Night", preset, fmt, count, size, fill_with_computers=fill)
    t = T.new(settings, ORGANISER, seed)
    for i in range(players):
        t = T.sign_up(t, 101 + i, f"P{101 + i}")
    return t


def ranking(rng: random.Random, seats: int, ties: bool = True) -> list[int]:
    """Random places of ``seats`` seats (a valid ranking, with ties now and then), in seat order."""
    scores = [rng.randrange(3 if ties else 1000) for _ in range(seats)] if ties else rng.sample(range(1000), seats)
    return [1 + sum(1 for other in scores if other < mine) for mine in scores]


def random_result(rng: random.Random, table: T.Table, forfeits: bool = True) -> TableResult:
    places = ranking(rng, table.seats, ties=rng.random() < 0.3)
    players = tuple(
        PlayerResult(p, places[i], rng.randrange(200), forfeits and rng.random() < 0.1)
        for i, p in enumerate(table.players)
    )
    return TableResult(players, tuple(places[len(table.players) :]))


def play_round(t: T.Tournament, rng: random.Random, forfeits: bool = True) -> T.Tournament:
    """Record a random result for every table of the round in play."""
    rnd = t.current
    assert rnd is not None
    for table in rnd.tables:
        t = T.record_result(t, table.number, random_result(rng, table, forfeits))
    return t


def play_out(t: T.Tournament, rng: random.Random, forfeits: bool = True) -> Iterator[T.Tournament]:
    """Every state from ``t`` (a round in play) to the finish: after each result, each pairing."""
    while True:
        rnd = t.current
        assert rnd is not None
        for table in rnd.tables:
            t = T.record_result(t, table.number, random_result(rng, table, forfeits))
            yield t
        if T.can_finish(t):
            t = T.finish(t)
            yield t
            return
        t = T.next_round(t)
        yield t


def repeats(tables: Sequence[Sequence[int]], met: set[frozenset[int]]) -> int:
    return sum(1 for t in tables for a, b in combinations(t, 2) if frozenset((a, b)) in met)


def seatings(players: Sequence[int], sizes: Sequence[int]) -> Iterator[list[tuple[int, ...]]]:
    """Every way to seat ``players`` at tables of ``sizes`` (the tables unordered)."""
    if not players:
        yield []
        return
    first, rest = players[0], list(players[1:])
    for size in sorted(set(sizes)):
        left = list(sizes)
        left.remove(size)
        for mates in combinations(rest, size - 1):
            others = [p for p in rest if p not in mates]
            for more in seatings(others, left):
                yield [(first, *mates), *more]


def fewest_repeats(players: Sequence[int], sizes: Sequence[int], met: set[frozenset[int]]) -> int:
    return min(repeats(s, met) for s in seatings(players, sizes))
