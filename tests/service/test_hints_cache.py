"""Advice is worked out once per game version and seat, and the advice of whoever's turn starts is
prepared at quiet moments, after the first replies, skipping computer players and `hints no`."""

from __future__ import annotations

import asyncio
import logging
from types import SimpleNamespace
from typing import Any

import pytest

from cogs.ui.priority import FirstReplies
from rummy.table import Table
from rummy.view import PlayerView, view_for
from service import hints as advice_module
from service.hints import Advice, AdviceCache, Foresight, advise
from tests.cogs.conftest import ALICE, BOB, CHANNEL, Harness
from tests.cogs.test_play import seats
from tests.cogs.test_priority import LONG, fake
from tests.rummy.table_support import HOST, lobby, started


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


def foresight_for(h: Harness, turn: Any = None, then: Any = None) -> Foresight:
    """A foresight on the harness's service, poked after every change like the bot's."""
    foresight = Foresight(h.service.cached, h.client.rami.advice, turn=turn, then=then)
    timers = h.timers

    def changed(channel_id: int) -> None:
        timers.poke(channel_id)
        foresight.poke(channel_id)

    h.service.on_change = changed
    return foresight


async def test_the_advice_of_whoever_turn_starts_is_ready(h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    worked = counting(monkeypatch)
    foresight = foresight_for(h)
    await h.open_table(ALICE, BOB)
    me, other = await seats(h)
    await h.slash(me, "draw")
    card = str((await h.view(me)).hand[0])
    await h.slash(me, "discard", card=card)
    await foresight.settle()
    row, table = await h.service.current(CHANNEL)
    seat = table.seat_of(other.id)
    assert table.turn == seat
    ready = h.client.rami.advice.get(row.id, row.version, seat)
    assert ready == advice_of(table, seat)
    before = list(worked)
    look = await h.slash(other, "hand")
    assert worked == before  # the look used the prepared advice
    assert "Melds in your hand" in look.text or "Your turn" in look.text
    assert foresight.prepared >= 1


def known(table: Table, version: int = 1) -> Any:
    """``Foresight``'s view of the tables: this one, in every channel."""
    row = SimpleNamespace(id=1, version=version, turn_deadline=None)
    return lambda _channel: (row, table)


def bot_to_move() -> Table:
    """A started table of Alice and a computer player, the computer player to move."""
    for seed in range(100):
        table = lobby(seed=seed)
        table.add_bot(HOST)
        table.start(HOST)
        if table.turn is not None and table.players[table.turn].is_bot:
            return table
    raise AssertionError("no seed lets the computer player start")


async def test_computer_players_and_hints_off_are_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    worked = counting(monkeypatch)
    with_bot = bot_to_move()
    hints_off = lobby()
    hints_off.join(BOB.id, BOB.name)
    hints_off.set(HOST, "hints", "no")
    hints_off.start(HOST)
    for table in (with_bot, hints_off, lobby()):
        foresight = Foresight(known(table), AdviceCache())
        foresight.poke(CHANNEL)
        await foresight.settle()
        assert foresight.prepared == 0
    assert worked == []


async def test_it_waits_for_the_first_replies() -> None:
    replies = FirstReplies(max_wait=LONG)
    owed = fake(1)
    replies.owe(owed)
    table = started()
    cache = AdviceCache()
    foresight = Foresight(known(table), cache, turn=replies.turn)
    foresight.poke(CHANNEL)
    for _ in range(20):
        await asyncio.sleep(0)
    assert foresight.prepared == 0 and len(cache) == 0
    replies.paid(owed)
    await asyncio.wait_for(foresight.settle(), 5)
    assert table.turn is not None and cache.get(1, 1, table.turn) == advice_of(table, table.turn)


@pytest.mark.logs_errors
async def test_a_failure_is_logged_and_the_others_go_on(caplog: pytest.LogCaptureFixture) -> None:
    table = started()
    cache = AdviceCache()

    def active(channel: int) -> Any:
        if channel == 1:
            raise RuntimeError("boom")
        return SimpleNamespace(id=channel, version=1), table

    foresight = Foresight(active, cache)
    with caplog.at_level(logging.ERROR, logger="service.hints"):
        foresight.poke(1)
        foresight.poke(2)
        await foresight.settle()
    assert "could not prepare" in caplog.text and foresight.prepared == 1
    assert table.turn is not None and cache.get(2, 1, table.turn) is not None


async def test_close_stops_the_queue() -> None:
    foresight = Foresight(known(started()), AdviceCache(), turn=lambda: asyncio.sleep(LONG))
    foresight.poke(CHANNEL)
    await asyncio.sleep(0)
    foresight.close()
    await asyncio.wait_for(foresight.settle(), 5)  # the task ends: cancelled while it waited its turn
    assert foresight.prepared == 0
