"""A player's finished games page by page, and the figures read from them, on both stores."""

from __future__ import annotations

import itertools
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from data import ActionWrite, Database, GameFigures, PlayerResult, Store, load_migrations, open_store
from data.history import MAX_PAGE, figures_of
from data.postgres.schema import load_postgres_migrations
from data.schema import Migration

from .conftest import GUILD, OTHER_GUILD, Clock, state
from .test_leaderboard import ALICE, BOB, CAROL, result

START = datetime(2026, 3, 1, tzinfo=UTC)


@pytest.fixture
def clock() -> Clock:
    return Clock(START)


_channels = itertools.count(50_000)


async def finish(
    db: Store, results: list[PlayerResult], *, guild: int = GUILD, preset: str = "classic", doc: str | None = None
) -> int:
    """A game created, started and finished with ``results``; returns its id."""
    game = await db.games.create_game(guild, next(_channels), ALICE, preset, state())
    game = await db.games.save_action(ActionWrite(game.id, 0, state(1), "playing", ALICE, "start", {}))
    await db.games.finish_game(ActionWrite(game.id, 1, doc or state(2), "finished", None, "end", {}), results)
    return game.id


def pair(winner: int, loser: int, deals: int = 1, score: int = 0) -> list[PlayerResult]:
    won = PlayerResult(winner, f"p{winner}", False, None, 0, 1, True, 1, 0, 0, deals)
    lost = PlayerResult(loser, f"p{loser}", False, None, 1, 2, False, 0, 0, score, deals)
    return [won, lost]


async def test_pages_follow_the_finish_order_and_hold_still(db: Store, clock: Clock) -> None:
    """Pages go newest first by finish time (then game id), older and newer by key: every game once,
    in order, and a game finishing meanwhile does not shift the page after it."""
    # Finish times out of id order, with two ties (broken by the game id).
    offsets = [5, 1, 3, 3, 9, 7, 7]
    ids = []
    for minutes in offsets:
        clock.now = START + timedelta(minutes=minutes)
        ids.append(await finish(db, pair(ALICE, BOB)))
    expected = [g for _, g in sorted(zip(offsets, ids, strict=True), reverse=True)]
    history = db.history
    first = await history.played(GUILD, ALICE, 3)
    second = await history.played(GUILD, ALICE, 3, older_than=first[-1].game_id)
    clock.now = START + timedelta(minutes=30)
    newest = await finish(db, pair(ALICE, BOB))  # a new game on top: the next page does not move
    third = await history.played(GUILD, ALICE, 3, older_than=second[-1].game_id)
    assert [g.game_id for g in first + second + third] == expected
    before = await history.played(GUILD, ALICE, 3, newer_than=second[0].game_id)
    assert [g.game_id for g in before] == [g.game_id for g in first]  # just newer: the page above, as it was
    assert [g.game_id for g in await history.played(GUILD, ALICE, 3, newer_than=first[0].game_id)] == [newest]
    back = await history.played(GUILD, ALICE, 3, newer_than=third[0].game_id)
    assert [g.game_id for g in back] == [g.game_id for g in second]
    assert await history.played(GUILD, ALICE, 3, older_than=third[-1].game_id) == []
    assert first[0].finished_at == START + timedelta(minutes=9)


async def test_a_game_seen_from_one_seat(db: Store, clock: Clock) -> None:
    """A page's game holds the player's own result, its rating change, and the others by rank."""
    game = await finish(
        db,
        [result(BOB, 1, seat=0, score=-10), result(CAROL, 3, seat=1, score=80), result(ALICE, 2, seat=2, score=25)],
        preset="rami51",
    )
    [played] = await db.history.played(GUILD, ALICE, 5)
    assert (played.game_id, played.preset, played.seats) == (game, "rami51", 3)
    assert (played.own.result.rank, played.own.result.final_score) == (2, 25)
    assert played.own.rating_change == (await db.games.results(game))[1].rating_change
    assert [(r.user_id, r.rank) for r in played.others] == [(BOB, 1), (CAROL, 3)]


async def test_nobody_else_s_games(db: Store) -> None:
    """A member with no game has no page and no figures; another server's games and another
    player's game as a key give nothing."""
    bobs = await finish(db, pair(BOB, CAROL))
    await finish(db, pair(ALICE, BOB), guild=OTHER_GUILD)
    assert await db.history.played(GUILD, ALICE, 5) == []
    assert await db.history.figures(GUILD, ALICE) == {}
    assert await db.history.played(GUILD, ALICE, 5, older_than=bobs) == []
    assert [g.game_id for g in await db.history.played(GUILD, CAROL, 5)] == [bobs]


async def test_figures_streak_and_points_per_deal(db: Store) -> None:
    """Figures by preset and overall: the longest run of wins in finish order, and points per deal."""
    seq = [("classic", True), ("classic", True), ("rami51", True), ("classic", False), ("classic", True)]
    for preset, won in seq:
        results = pair(ALICE, BOB, deals=4) if won else pair(BOB, ALICE, deals=2, score=30)
        await finish(db, results, preset=preset)
    figures = await db.history.figures(GUILD, ALICE)
    assert figures["classic"] == GameFigures(games=4, points=30, deals=14, longest_streak=2)
    assert figures["rami51"] == GameFigures(games=1, points=0, deals=4, longest_streak=1)
    assert figures["*"].longest_streak == 3 and figures["*"].points_per_deal == 30 / 18
    assert (await db.history.figures(GUILD, BOB))["classic"].longest_streak == 1


def test_games_without_their_deals_are_left_out_of_the_average() -> None:
    """A game stored without its deals adds neither points nor deals; none known gives no average."""
    figures = figures_of([("basic", False, 40, 0), ("basic", False, 12, 3)])
    assert figures["basic"].points_per_deal == 4.0
    assert figures_of([("basic", True, 40, 0)])["basic"].points_per_deal is None


@pytest.mark.parametrize("limit", [0, MAX_PAGE + 1])
async def test_a_page_size_out_of_range_is_refused(db: Store, limit: int) -> None:
    """A page holds 1 to MAX_PAGE games; asking for both directions is refused too."""
    with pytest.raises(ValueError):
        await db.history.played(GUILD, ALICE, limit)
    with pytest.raises(ValueError):
        await db.history.played(GUILD, ALICE, 3, older_than=1, newer_than=2)


def _before_history(migrations: list[Migration]) -> list[Migration]:
    return list(itertools.takewhile(lambda m: m.name != "history", migrations))


_OLD_RESULT = (
    "INSERT INTO game_results (game_id, user_id, display_name, is_bot, bot_level, seat, rank, won, deals_won,"
    " rummies, final_score, mu_before, sigma_before, mu_after, sigma_after) VALUES {}"
)


async def test_the_migration_backfills_deals_and_finish(
    store_kind: str, tmp_path: Path, clock: Clock, request: pytest.FixtureRequest
) -> None:
    """Results stored before the history migration get their deals from the game's document (an
    eliminated seat's stop at its elimination) and their finish from the action log."""
    migrations = _before_history(load_postgres_migrations() if store_kind == "postgres" else load_migrations())
    doc = json.dumps({"game": {"history": [{}, {}, {}], "eliminated": {"1": 2}}})
    db: Any
    if store_kind == "postgres":
        from data.postgres import PostgresStore  # asyncpg only where PostgreSQL runs

        store_place: str | Path = request.getfixturevalue("new_postgres_database")(migrated=False)
        db = await PostgresStore.open(str(store_place), clock=clock, migrations=migrations)
    else:
        store_place = tmp_path / "old.sqlite3"
        db = await Database.open(store_place, clock=clock, migrations=migrations)
    try:
        game = await db.games.create_game(GUILD, 1, ALICE, "classic", state())
        await db.games.save_action(ActionWrite(game.id, 0, state(1), "playing", ALICE, "start", {}))
        clock.now = START + timedelta(hours=2)
        await db.games.finish_game(ActionWrite(game.id, 1, doc, "finished", None, "end", {}))
        rows = [(game.id, ALICE, "Alice", 0, 1), (game.id, BOB, "Bob", 1, 2)]
        if store_kind == "postgres":
            values = "($1, $2, $3, false, NULL, $4, $5, $5 = 1, 0, 0, 0, 25, 8, 25, 8)"
            for row in rows:
                await db.execute(_OLD_RESULT.format(values), *row)
        else:
            values = "(?, ?, ?, 0, NULL, ?, ?, ? = 1, 0, 0, 0, 25, 8, 25, 8)"

            async def insert(conn: Any) -> None:
                for row in rows:
                    await conn.execute(_OLD_RESULT.format(values), (*row, row[-1]))

            await db.write(insert)
    finally:
        await db.close()
    clock.now = START + timedelta(days=1)
    migrated = await open_store(store_place, clock=clock)
    try:
        [alice] = await migrated.history.played(GUILD, ALICE, 5)
        [bob] = await migrated.history.played(GUILD, BOB, 5)
    finally:
        await migrated.close()
    assert (alice.own.result.deals, bob.own.result.deals) == (3, 2)
    assert alice.finished_at == START + timedelta(hours=2) == bob.finished_at
