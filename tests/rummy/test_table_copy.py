"""``Table.copy``: an equal table that shares nothing a move changes, and plays on exactly like a decoded one.

The bot changes a copy of the table it keeps for readers (``service.cache``), so a copy that shared a
hand, a pile or a memory with the original would let a refused or uncommitted change show through.
Two checks: no mutable object (list, dict, set, non-frozen dataclass) is reachable from both, and
random legal play on the copy leaves the original's document exactly as it was.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy.rules import PRESETS
from rummy.table import Table
from tests.rummy.random_play import RandomPlayer

MUTABLE = (list, dict, set)


def mutables(value: Any, seen: set[int] | None = None) -> Iterator[Any]:
    """Every mutable object reachable from ``value``. Frozen dataclasses are values (cards, melds,
    rules, outcomes, events): they are never changed after they are made, so they are not entered."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return
    if isinstance(value, MUTABLE) or (dataclasses.is_dataclass(value) and not value.__dataclass_params__.frozen):  # type: ignore[union-attr]
        seen.add(id(value))
        yield value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from mutables(k, seen)
            yield from mutables(v, seen)
    elif isinstance(value, (list, set, tuple)):
        for v in value:
            yield from mutables(v, seen)
    elif dataclasses.is_dataclass(value) and not value.__dataclass_params__.frozen:  # type: ignore[union-attr]
        for f in dataclasses.fields(value):
            yield from mutables(getattr(value, f.name), seen)


def shared(a: Any, b: Any) -> list[Any]:
    """The mutable objects reachable from both ``a`` and ``b``."""
    ids = {id(m) for m in mutables(a)}
    return [m for m in mutables(b) if id(m) in ids]


def table_after(preset: str, players: int, seed: int, steps: int) -> tuple[Table, random.Random]:
    """A started table of ``preset`` after ``steps`` random legal moves (fewer if the game ends)."""
    rng = random.Random(seed)
    table = Table.new(1, 2, 100, "P0", preset, seed=seed)
    for i in range(1, players):
        table.join(100 + i, f"P{i}")
    table.start(100)
    for seat in range(players):  # what the bot keeps for computer players: nested JSON data
        table.memories[seat] = {"memory": {"seen": [seat, [1, 2]]}, "pending": [{"kind": "drew"}]}
    play(table, rng, steps)
    return table, rng


def play(table: Table, rng: random.Random, steps: int) -> None:
    player = RandomPlayer(rng)
    for _ in range(steps):
        game = table.game
        if game is None or game.outcome is not None or table.turn is None:
            return
        seat, action = player.choose(game)
        table.act(seat, action)


def test_a_copy_is_equal_and_shares_nothing_mutable() -> None:
    table, _rng = table_after("rami51", 3, 11, 60)
    twin = table.copy()
    assert twin.to_json() == table.to_json()
    assert shared(table, twin) == []
    assert table.game is not None and twin.game is not None and table.game.deal is not None
    assert twin.game.deal is not table.game.deal and twin.memories[0]["pending"] is not table.memories[0]["pending"]


def test_every_field_of_the_table_its_game_and_its_deal_is_copied() -> None:
    """Each dataclass field is set on the copy (none left unset) and equal to the original's."""
    table, _rng = table_after("ref51", 4, 5, 80)
    twin = table.copy()
    assert table.game is not None and twin.game is not None
    for original, copy in ((table, twin), (table.game, twin.game), (table.game.deal, twin.game.deal)):
        assert type(copy) is type(original)
        for f in dataclasses.fields(original):  # type: ignore[arg-type]
            assert getattr(copy, f.name) == getattr(original, f.name), f.name


def test_the_table_game_and_deal_have_no_instance_dict() -> None:
    """Slots keep hundreds of games in memory small, and the copies keep them too."""
    table, _rng = table_after("basic", 2, 3, 4)
    twin = table.copy()
    for one in (table, twin):
        assert one.game is not None and one.game.deal is not None
        for obj in (one, one.game, one.game.deal):
            assert not hasattr(obj, "__dict__")


def test_the_checker_finds_a_shared_hand() -> None:
    """The check above would catch a copy that kept the original's hands (a shallow copy)."""
    table, _rng = table_after("basic", 2, 3, 4)
    shallow = dataclasses.replace(table)
    assert shared(table, shallow)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(sorted(PRESETS)),
    players=st.integers(2, 4),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 120),
    more=st.integers(1, 40),
)
def test_play_on_a_copy_never_changes_the_original(preset: str, players: int, seed: int, steps: int, more: int) -> None:
    """Moves on the copy leave the original's document as it was; the copy plays on exactly like
    the table decoded from that document."""
    players = min(players, PRESETS[preset].max_players)
    table, rng = table_after(preset, players, seed, steps)
    before = table.to_json()
    twin, decoded = table.copy(), Table.from_json(before)
    assert shared(table, twin) == []
    state = rng.getstate()
    play(twin, rng, more)
    rng.setstate(state)
    play(decoded, rng, more)
    assert table.to_json() == before
    assert twin.to_json() == decoded.to_json()
