"""Advice is worked out once per game version and seat, and shared by every look at that version."""

from __future__ import annotations

from typing import Any

import pytest

from rummy.table import Table
from rummy.view import PlayerView, view_for
from service import hints as advice_module
from service.hints import Advice, AdviceCache, advise
from tests.cogs.conftest import ALICE, BOB, Harness
from tests.cogs.test_play import seats
from tests.rummy.table_support import started


def advice_of(table: Table, seat: int) -> Advice:
    assert table.game is not None
    return advise(view_for(table.game, seat), table.game)


def counting(monkeypatch: pytest.MonkeyPatch) -> list[int | None]:
    """Count the advice actually worked out (the seats asked for)."""
    worked: list[int | None] = []

    async def advise_async(view: PlayerView, game: Any = None) -> Advice:
        worked.append(view.seat)
        return advise(view, game)

    monkeypatch.setattr(advice_module, "advise_async", advise_async)
    return worked


def test_only_the_version_it_was_made_at_is_served() -> None:
    table = started()
    a0, a1 = advice_of(table, 0), advice_of(table, 1)
    cache = AdviceCache()
    cache.put(5, 3, 0, a0)
    assert cache.get(5, 3, 0) is a0
    assert cache.get(5, 4, 0) is None and cache.get(5, 2, 0) is None  # another version
    assert cache.get(5, 3, 1) is None and cache.get(6, 3, 0) is None  # another seat, another game
    cache.put(5, 3, 1, a1)
    assert cache.get(5, 3, 1) is a1 and cache.get(5, 3, 0) is a0
    cache.put(5, 4, 0, a1)
    assert cache.get(5, 4, 0) is a1 and cache.get(5, 3, 0) is None  # the newest version replaces it
    cache.put(5, 3, 0, a0)  # an older version finishing late does not win
    assert cache.get(5, 4, 0) is a1 and len(cache) == 2


def test_the_least_recently_used_go_first() -> None:
    advice = advice_of(started(), 0)
    cache = AdviceCache(size=2)
    cache.put(1, 0, 0, advice)
    cache.put(2, 0, 0, advice)
    assert cache.get(1, 0, 0) is advice  # game 1 is now the most recent
    cache.put(3, 0, 0, advice)
    assert len(cache) == 2 and cache.get(2, 0, 0) is None and cache.get(1, 0, 0) is advice
    with pytest.raises(ValueError):
        AdviceCache(size=0)


async def test_advice_is_worked_out_once_per_version(monkeypatch: pytest.MonkeyPatch) -> None:
    worked = counting(monkeypatch)
    table = started()
    assert table.game is not None and table.turn is not None
    view = view_for(table.game, table.turn)
    cache = AdviceCache()
    first = await cache.advice(9, 1, view, table.game)
    assert await cache.advice(9, 1, view, table.game) is first
    assert worked == [table.turn] and (cache.hits, cache.misses) == (1, 1)
    assert first == advise(view, table.game)
    await cache.advice(9, 2, view, table.game)
    assert worked == [table.turn, table.turn] and cache.misses == 2


async def test_looks_at_one_version_share_their_advice(h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """/hand, /hint and /meld's autocomplete at one version: one solver run, the same words."""
    worked = counting(monkeypatch)
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    first = await h.slash(me, "hand")
    again = await h.slash(me, "hand")
    await h.slash(me, "hint")
    await h.play.meld_cards(h.interaction(me), "")
    assert again.text == first.text and len(worked) == 1
    await h.slash(me, "draw")  # a new version: the hand sent after the draw works it out again
    drawn = len(worked)
    assert drawn == 2
    await h.slash(me, "hand")
    assert len(worked) == drawn
