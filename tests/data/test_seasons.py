"""Seasons in the store: the calendar, each season's own ratings, the fair board's parts, the book
of seasons and its claims (one winner among concurrent claimers), and the best places."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from data import (
    ALL_PRESETS,
    ActionWrite,
    BoardQuery,
    PlayerResult,
    Season,
    SeasonMode,
    Store,
    open_store,
    parse_season,
    season_at,
)

from .conftest import GUILD, OTHER_GUILD, Clock, state

ALICE, BOB, CAROL = 11, 22, 33
ROBOT = -1
_channels = iter(range(30_000, 40_000))


def at(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


@pytest.fixture
def clock() -> Clock:
    return Clock(at("2026-11-30 23:59:59"))


def result(user: int, rank: int, *, bot: bool = False) -> PlayerResult:
    return PlayerResult(user, f"p{user}", bot, "easy" if bot else None, seat=rank - 1, rank=rank,
                        won=rank == 1, deals_won=1 if rank == 1 else 0, rummies=0, final_score=10 * rank)  # fmt: skip


async def play(db: Store, results: Sequence[PlayerResult], *, guild: int = GUILD, preset: str = "basic") -> None:
    game = await db.games.create_game(guild, next(_channels), ALICE, preset, state())
    game = await db.games.save_action(ActionWrite(game.id, 0, state(1), "playing", ALICE, "start", {}))
    await db.games.finish_game(ActionWrite(game.id, game.version, state(2), "finished", None, "end", {}), results)


def board(season: str | None, **kw: Any) -> BoardQuery:
    return BoardQuery(GUILD, kw.pop("preset", ALL_PRESETS), season, **kw)


# -- the calendar (pure) -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("mode", "when", "key", "start", "end"),
    [
        (SeasonMode.MONTHLY, "2026-11-30 23:59:59", "2026-11", "2026-11-01", "2026-12-01"),
        (SeasonMode.MONTHLY, "2026-12-01 00:00:00", "2026-12", "2026-12-01", "2027-01-01"),
        (SeasonMode.MONTHLY, "2026-12-31 23:59:59", "2026-12", "2026-12-01", "2027-01-01"),
        (SeasonMode.QUARTERLY, "2026-09-30 23:59:59", "2026-Q3", "2026-07-01", "2026-10-01"),
        (SeasonMode.QUARTERLY, "2026-10-01 00:00:00", "2026-Q4", "2026-10-01", "2027-01-01"),
        (SeasonMode.QUARTERLY, "2027-03-31 12:00:00", "2027-Q1", "2027-01-01", "2027-04-01"),
    ],
)
def test_seasons_turn_at_midnight_utc(mode: SeasonMode, when: str, key: str, start: str, end: str) -> None:
    """A season runs from midnight UTC on its first day to the next season's first instant."""
    season = season_at(mode, at(when))
    assert (season.key, season.start, season.end) == (key, at(start), at(end))
    assert parse_season(key) == season and season.next().start == season.end
    assert not season.ended(at(when)) and season.ended(season.end)


def test_a_time_in_another_zone_counts_in_utc() -> None:
    """19:30 on 30 November in New York is already December in UTC: every server turns together."""
    new_york = datetime(2026, 11, 30, 19, 30, tzinfo=ZoneInfo("America/New_York"))
    assert season_at(SeasonMode.MONTHLY, new_york).key == "2026-12"


@pytest.mark.parametrize("key", ["2026-13", "2026-Q5", "2026-1", "26-01", "2026-q1", "", "2026-00"])
def test_a_key_that_names_no_season_is_refused(key: str) -> None:
    with pytest.raises(ValueError):
        parse_season(key)


def test_seasons_are_off_gives_no_season() -> None:
    with pytest.raises(ValueError):
        season_at(SeasonMode.OFF, at("2026-01-01 00:00:00"))
    with pytest.raises(ValueError):
        Season(2026, 1, SeasonMode.OFF)


# -- recording ---------------------------------------------------------------------------------
async def test_seasons_off_record_nothing_but_the_all_time_board(db: Store) -> None:
    """A server without seasons has no book and no season rows; the all-time board counts the game."""
    await play(db, [result(ALICE, 1), result(BOB, 2)])
    assert await db.seasons.book(GUILD) == []
    assert (await db.seasons.settings(GUILD)).mode is SeasonMode.OFF
    assert [s.user_id for s in await db.seasons.board(board(None))] == [ALICE, BOB]


@pytest.mark.parametrize(
    ("mode", "before", "after"),
    [(SeasonMode.MONTHLY, "2026-11", "2026-12"), (SeasonMode.QUARTERLY, "2026-Q4", "2027-Q1")],
)
async def test_a_season_rolls_over_at_its_boundary(
    db: Store, clock: Clock, mode: SeasonMode, before: str, after: str
) -> None:
    """A game finished a second before the boundary counts in the old season, one after in the new
    one, whose ratings start fresh; the all-time ratings go on through both."""
    if mode is SeasonMode.QUARTERLY:
        clock.now = at("2026-12-31 23:59:59")
    await db.seasons.set_settings(GUILD, mode)
    await play(db, [result(ALICE, 1), result(BOB, 2)])
    clock.now += timedelta(seconds=2)
    await play(db, [result(BOB, 1), result(ALICE, 2)])
    assert [row.season.key for row in await db.seasons.book(GUILD)] == [after, before]
    old = {s.user_id: s for s in await db.seasons.board(board(before))}
    new = {s.user_id: s for s in await db.seasons.board(board(after))}
    forever = {s.user_id: s for s in await db.seasons.board(board(None))}
    assert old[ALICE].wins == 1 and old[BOB].wins == 0 and old[ALICE].games == 1
    assert new[BOB].wins == 1 and new[ALICE].wins == 0 and new[BOB].games == 1
    assert forever[ALICE].games == forever[BOB].games == 2
    # fresh: the new season's winner is rated as a newcomer who won once, like the old one's
    assert new[BOB].mu == pytest.approx(old[ALICE].mu) and new[BOB].sigma == pytest.approx(old[ALICE].sigma)
    assert forever[BOB].mu != pytest.approx(new[BOB].mu)
    preset = await db.seasons.board(board(after, preset="basic"))
    assert [s.user_id for s in preset] == [BOB, ALICE] and preset[0].preset == "basic"


async def test_a_season_is_per_server(db: Store) -> None:
    await db.seasons.set_settings(GUILD, SeasonMode.MONTHLY)
    await play(db, [result(ALICE, 1), result(BOB, 2)], guild=OTHER_GUILD)
    assert await db.seasons.book(GUILD) == [] and await db.seasons.book(OTHER_GUILD) == []


# -- the fair board's parts --------------------------------------------------------------------
async def test_provisional_inactive_and_bots_are_separate_parts(db: Store, clock: Clock) -> None:
    """Established (5 games or more) and provisional players are separate parts, computer players
    have their own, and a player whose last game is older than the cut-off is in none."""
    await db.seasons.set_settings(GUILD, SeasonMode.QUARTERLY)
    clock.now = at("2026-10-01 10:00:00")
    await play(db, [result(CAROL, 1), result(ALICE, 2)])  # Carol's only game
    clock.now = at("2026-12-05 10:00:00")
    for _ in range(5):
        await play(db, [result(ALICE, 1), result(BOB, 2), result(ROBOT, 3, bot=True)])
    since = clock.now - timedelta(days=60)
    for season in ("2026-Q4", None):
        q = {"active_since": since, "min_games": 5}
        assert [s.user_id for s in await db.seasons.board(board(season, **q))] == [ALICE, BOB]
        assert [s.user_id for s in await db.seasons.board(board(season, provisional=True, **q))] == []
        assert [s.user_id for s in await db.seasons.board(board(season, bots=True, **q))] == [ROBOT]
        everyone = await db.seasons.board(board(season, provisional=True, min_games=7, limit=50))
        assert {s.user_id for s in everyone} == {ALICE, BOB, CAROL}  # the record stays
    top = await db.seasons.board(board("2026-Q4", min_games=5, limit=1))
    assert [s.user_id for s in top] == [ALICE]


# -- the book and its claims -------------------------------------------------------------------
async def test_a_season_is_due_once_ended_and_until_posted(db: Store, clock: Clock) -> None:
    await db.seasons.set_settings(GUILD, SeasonMode.MONTHLY, 777)
    await play(db, [result(ALICE, 1), result(BOB, 2)])
    november = parse_season("2026-11")
    assert await db.seasons.due(clock.now, clock.now) == []
    clock.now = november.end
    assert await db.seasons.due(clock.now, clock.now) == [(GUILD, november)]
    assert await db.seasons.claim(GUILD, november, "one", clock.now, clock.now - timedelta(minutes=10))
    assert await db.seasons.due(clock.now, clock.now - timedelta(minutes=10)) == []  # claimed, not stale
    assert not await db.seasons.posted(GUILD, november, "two", 777, 1)  # not its claim
    assert await db.seasons.posted(GUILD, november, "one", 777, 12345)
    (row,) = await db.seasons.book(GUILD)
    assert (row.channel_id, row.message_id, row.posted_at) == (777, 12345, clock.now)
    assert await db.seasons.due(clock.now + timedelta(days=1), clock.now + timedelta(days=1)) == []
    assert not await db.seasons.claim(GUILD, november, "two", clock.now, clock.now + timedelta(days=1))


async def test_a_stale_claim_may_be_taken_again(db: Store, clock: Clock) -> None:
    """A claim never marked posted (its process died) is taken again once older than the lease."""
    await db.seasons.set_settings(GUILD, SeasonMode.MONTHLY)
    await play(db, [result(ALICE, 1), result(BOB, 2)])
    november = parse_season("2026-11")
    clock.now = november.end
    lease = timedelta(minutes=10)
    assert await db.seasons.claim(GUILD, november, "dead", clock.now, clock.now - lease)
    assert not await db.seasons.claim(GUILD, november, "alive", clock.now + lease / 2, clock.now - lease / 2)
    later = clock.now + 2 * lease
    assert await db.seasons.due(later, later - lease) == [(GUILD, november)]
    assert await db.seasons.claim(GUILD, november, "alive", later, later - lease)
    assert not await db.seasons.posted(GUILD, november, "dead", 1, 1)
    assert await db.seasons.posted(GUILD, november, "alive", 1, 2)


async def test_two_concurrent_claimers_one_wins(store_place: str | Path, clock: Clock) -> None:
    """Two stores on one database (two processes) claim the same seasons at once: one wins each."""
    first = await open_store(store_place, clock=clock)
    second = await open_store(store_place, clock=clock)
    try:
        await first.seasons.set_settings(GUILD, SeasonMode.MONTHLY)
        await play(first, [result(ALICE, 1), result(BOB, 2)])
        clock.now = at("2026-12-15 00:00:00")
        await play(first, [result(ALICE, 1), result(BOB, 2)])
        clock.now = at("2027-01-01 00:00:01")
        due = await first.seasons.due(clock.now, clock.now)
        assert [s.key for _, s in due] == ["2026-11", "2026-12"]
        stale = clock.now - timedelta(minutes=10)
        claimers = ((first, "a"), (second, "b"), (first, "c"), (second, "d"))
        claims = [store.seasons.claim(GUILD, s, name, clock.now, stale) for _, s in due for store, name in claimers]
        won = await asyncio.gather(*claims)
        assert sum(won[:4]) == 1 and sum(won[4:]) == 1, won
        again = [store.seasons.claim(GUILD, s, name, clock.now, stale) for _, s in due for store, name in claimers]
        assert not any(await asyncio.gather(*again))  # claimed, not stale: nobody else
        assert await first.seasons.due(clock.now, stale) == []
    finally:
        await first.close()
        await second.close()


async def test_the_last_channel_is_the_last_finished_game(db: Store, clock: Clock) -> None:
    assert await db.seasons.last_channel(GUILD) is None
    await play(db, [result(ALICE, 1), result(BOB, 2)])
    clock.now += timedelta(seconds=5)
    game = await db.games.create_game(GUILD, 4242, ALICE, "basic", state())
    await db.games.finish_game(ActionWrite(game.id, 0, state(1), "finished", None, "end", {}), None)
    assert await db.seasons.last_channel(GUILD) == 4242


# -- best places -------------------------------------------------------------------------------
async def test_best_places_over_ended_seasons(db: Store, clock: Clock) -> None:
    """A person's best final place per track, over ended seasons only, among the ranked people."""
    await db.seasons.set_settings(GUILD, SeasonMode.MONTHLY)
    clock.now = at("2026-11-10 12:00:00")
    for _ in range(5):
        await play(db, [result(ALICE, 1), result(BOB, 2), result(ROBOT, 3, bot=True)])
    clock.now = at("2026-12-10 12:00:00")
    for _ in range(5):
        await play(db, [result(BOB, 1), result(ALICE, 2)], preset="rami51")
    await play(db, [result(CAROL, 1), result(ALICE, 2)], preset="rami51")  # Carol: provisional
    month = timedelta(days=60)
    places = await db.seasons.best_places(GUILD, BOB, clock.now, 5, month)
    assert places == {"*": 2, "basic": 2}  # December has not ended
    clock.now = at("2027-01-01 00:00:00")
    assert await db.seasons.best_places(GUILD, BOB, clock.now, 5, month) == {"*": 1, "basic": 2, "rami51": 1}
    assert await db.seasons.best_places(GUILD, ALICE, clock.now, 5, month) == {"*": 1, "basic": 1, "rami51": 2}
    assert await db.seasons.best_places(GUILD, CAROL, clock.now, 5, month) == {}
    assert await db.seasons.best_places(GUILD, ROBOT, clock.now, 5, month) == {}
