"""The seasons and the fair board through the service (both stores): which board a choice names,
provisional and inactive players, a past season's board, the final board, the best places."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from itertools import count

import pytest

from data import ALL_PRESETS, ActionWrite, PlayerResult, SeasonMode, Store, parse_season
from service.leaderboards import ALL_TIME, Leaderboards
from service.model import Refusal
from service.seasons import Seasons
from tests.cogs.conftest import Clock

GUILD, OTHER = 7001, 7002
ALICE, BOB, CAROL, DAVE = 1, 2, 3, 4
ROBOT = -9
_channels = count(50_000)


def result(user: int, rank: int, *, bot: bool = False) -> PlayerResult:
    return PlayerResult(user, f"p{user}", bot, "easy" if bot else None, seat=rank - 1, rank=rank, won=rank == 1,
                        deals_won=0, rummies=0, final_score=10 * rank)  # fmt: skip


async def play(db: Store, *users: int, preset: str = "basic", guild: int = GUILD, times: int = 1) -> int:
    """``times`` games where ``users`` finish in that order; returns the last game's channel."""
    channel = 0
    for _ in range(times):
        channel = next(_channels)
        game = await db.games.create_game(guild, channel, users[0], preset, "{}")
        results: Sequence[PlayerResult] = [result(u, rank, bot=u < 0) for rank, u in enumerate(users, start=1)]
        await db.games.finish_game(ActionWrite(game.id, 0, "{}", "finished", None, "end", {}), results)
    return channel


def names(standings: Sequence[object]) -> list[int]:
    return [s.user_id for s in standings]  # type: ignore[attr-defined]


async def test_provisional_players_are_apart_and_never_on_top(db: Store) -> None:
    """Four wins out of four rate Carol above Alice, but with fewer than 5 games she is listed
    apart: the ranked part holds only those with 5 games or more."""
    boards = Leaderboards(db)
    await play(db, BOB, ALICE, times=5)
    await play(db, CAROL, DAVE, times=4)
    ranking = await boards.ranking(GUILD)
    assert names(ranking.people) == [BOB, ALICE] and names(ranking.provisional) == [CAROL, DAVE]
    assert ranking.provisional[0].rating > ranking.people[1].rating
    await play(db, CAROL, DAVE)  # her fifth game
    assert CAROL in names((await boards.ranking(GUILD)).people)


async def test_sixty_days_without_a_game_leave_the_board_until_the_next(db: Store, clock: Clock) -> None:
    boards = Leaderboards(db)
    await play(db, ALICE, BOB, times=5)
    clock.advance(timedelta(days=60).total_seconds() - 1)
    assert names((await boards.ranking(GUILD)).people) == [ALICE, BOB]
    clock.advance(2)
    assert (await boards.ranking(GUILD)).empty
    record = await boards.record(GUILD, ALICE)
    assert record is not None and record.overall.games == 5  # the record stays
    await play(db, BOB, CAROL)
    ranking = await boards.ranking(GUILD)
    assert names(ranking.people) == [BOB] and names(ranking.provisional) == [CAROL]


async def test_computer_players_stay_on_their_own_board(db: Store) -> None:
    await play(db, ROBOT, ALICE, times=5)
    ranking = await Leaderboards(db).ranking(GUILD)
    assert names(ranking.people) == [ALICE] and names(ranking.bots) == [ROBOT]


async def test_which_board_a_choice_names(db: Store, clock: Clock) -> None:
    """Seasons off: the all-time board; on: the current season by default, all time on demand, a
    past season by its key; a season the server never had is refused."""
    boards = Leaderboards(db)
    assert await boards.season_of(GUILD, None) is None
    await boards.seasons.choose(GUILD, "monthly")
    january = parse_season("2026-01")
    assert await boards.season_of(GUILD, None) == january and await boards.season_of(GUILD, "2026-01") == january
    assert await boards.season_of(GUILD, ALL_TIME) is None
    await play(db, ALICE, BOB)
    clock.advance(timedelta(days=40).total_seconds())
    assert await boards.season_of(GUILD, "2026-01") == january  # past, in the book
    for choice in ("2025-12", "2026-03", "2026-Q1", "nonsense", "x" * 500):
        with pytest.raises(Refusal) as refused:
            await boards.season_of(GUILD, choice)
        assert refused.value.key == "season_unknown"
    with pytest.raises(ValueError):
        await boards.seasons.choose(GUILD, "weekly")


async def test_a_past_season_stays_readable_as_its_end_saw_it(db: Store, clock: Clock) -> None:
    """Months later, a season's board is still there, inactivity counted up to its end; the new
    season starts empty and the all-time board goes on."""
    boards = Leaderboards(db)
    await boards.seasons.choose(GUILD, "monthly")
    await play(db, ALICE, BOB, times=5)
    clock.advance(timedelta(days=200).total_seconds())
    january = parse_season("2026-01")
    assert await boards.seasons.past(GUILD) == [january]
    past = await boards.ranking(GUILD, season=january)
    assert names(past.people) == [ALICE, BOB] and past.season == january
    current = await boards.season_of(GUILD, None)
    assert current is not None and (await boards.ranking(GUILD, season=current)).empty
    await play(db, BOB, ALICE)
    now = await boards.ranking(GUILD, season=current)
    assert names(now.provisional) == [BOB, ALICE] and now.people == ()
    assert names((await boards.ranking(GUILD)).people) == [ALICE, BOB]  # all time: 6 games each
    assert names((await boards.ranking(GUILD, "basic", season=january)).people) == [ALICE, BOB]


async def test_the_final_board_and_its_winner(db: Store, clock: Clock) -> None:
    """A season's final board: each track's ranked people, the all-presets track's first wins; who
    had not played for 60 days when the season ended is not on it (Dave, in January only)."""
    seasons = Seasons(db)
    await seasons.choose(GUILD, "quarterly")
    await play(db, DAVE, ALICE, times=5)
    clock.advance(timedelta(days=45).total_seconds())  # mid-February: the last 60 days of the quarter
    await play(db, BOB, ALICE, times=5)
    await play(db, CAROL, ALICE, preset="rami51")  # Carol: provisional, never on the final board
    q1 = parse_season("2026-Q1")
    final = await seasons.final(GUILD, q1)
    assert list(final.tracks) == [ALL_PRESETS, "basic"]
    assert names(final.tracks[ALL_PRESETS]) == [BOB, ALICE] and final.winner is not None
    assert final.winner.user_id == BOB
    assert (await seasons.final(OTHER, q1)).winner is None


async def test_due_seasons_of_this_process_and_where_they_go(db: Store, clock: Clock) -> None:
    seasons = Seasons(db)
    for guild in (GUILD, OTHER):
        await seasons.choose(guild, "monthly", 888 if guild == OTHER else None)
    last = await play(db, ALICE, BOB)
    await play(db, ALICE, BOB, guild=OTHER)
    assert await seasons.due() == []
    clock.advance(timedelta(days=31).total_seconds())
    january = parse_season("2026-01")
    assert await seasons.due() == [(GUILD, january), (OTHER, january)]
    assert await seasons.due(lambda guild: guild == OTHER) == [(OTHER, january)]
    assert await seasons.destination(GUILD) == last and await seasons.destination(OTHER) == 888
    other = Seasons(db)  # another process
    assert await seasons.claim(GUILD, january) and not await other.claim(GUILD, january)
    assert await seasons.due() == [(OTHER, january)]
    assert not await other.posted(GUILD, january, last, 1) and await seasons.posted(GUILD, january, last, 1)


async def test_best_season_places(db: Store, clock: Clock) -> None:
    """Each track's best final place over the ended seasons, for the other helper's /stats."""
    boards = Leaderboards(db)
    await boards.seasons.choose(GUILD, "monthly")
    await play(db, BOB, ALICE, times=5)
    assert await boards.best_season_places(GUILD, ALICE) == {}  # January has not ended
    clock.advance(timedelta(days=31).total_seconds())
    await play(db, ALICE, BOB, preset="rami51", times=5)
    clock.advance(timedelta(days=31).total_seconds())
    assert await boards.best_season_places(GUILD, ALICE) == {"*": 1, "basic": 2, "rami51": 1}
    assert await boards.best_season_places(GUILD, BOB) == {"*": 1, "basic": 1, "rami51": 2}
    assert await boards.best_season_places(GUILD, CAROL) == {}
    assert await boards.best_season_places(OTHER, ALICE) == {}


async def test_seasons_off_after_on_stop_counting(db: Store) -> None:
    """Turned off, a server's games count on the all-time board only; its seasons stay in the book."""
    seasons = Seasons(db)
    await seasons.choose(GUILD, "monthly")
    await play(db, ALICE, BOB)
    settings = await seasons.choose(GUILD, "off")
    assert settings.mode is SeasonMode.OFF and await seasons.current(GUILD) is None
    await play(db, ALICE, BOB)
    january = parse_season("2026-01")
    ranking = await Leaderboards(db).ranking(GUILD, season=january)
    assert [s.games for s in ranking.provisional] == [1, 1]
