"""Concurrency of the storage layer: one-trip writes, lock-free reads, group commit."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from data import Database, GameRow, StaleState

from .conftest import CHANNEL, GUILD, HOST, state

HANG_GUARD = 10  # seconds: only to fail instead of hanging; no test measures time


@asynccontextmanager
async def writer_held(db: Database) -> AsyncIterator[asyncio.Task[Any]]:
    """Keep the writer's thread busy inside a write until the block ends."""
    started, release = threading.Event(), threading.Event()

    def hold(conn: sqlite3.Connection) -> None:
        started.set()
        release.wait(HANG_GUARD)

    task = asyncio.create_task(db.write(hold))
    try:
        assert await asyncio.to_thread(started.wait, HANG_GUARD)
        yield task
    finally:
        release.set()
        await task


async def games(db: Database, count: int) -> list[GameRow]:
    return [await db.games.create_game(GUILD, CHANNEL + i, HOST, "classic", state()) for i in range(count)]


@pytest.mark.asyncio
async def test_reads_do_not_wait_behind_a_write(db: Database, game: GameRow) -> None:
    """While a write holds the writer's thread, reads still answer with the committed state."""
    async with writer_held(db), asyncio.timeout(HANG_GUARD):
        assert await db.games.get(game.id) == game
        assert await db.games.get_active(CHANNEL) == game
        assert await db.games.actions(game.id) == []


@pytest.mark.asyncio
async def test_concurrent_saves_on_different_games_all_commit(db: Database) -> None:
    """Saves on many games at once each commit their own state and log row."""
    rows = await games(db, 20)
    saved = await asyncio.gather(
        *(db.games.save_action(r.id, 0, state(r.id), "playing", HOST, "start", {"n": r.id}) for r in rows)
    )
    assert [(s.id, s.version, s.state_json) for s in saved] == [(r.id, 1, state(r.id)) for r in rows]
    for r in rows:
        assert [(a.seq, a.payload) for a in await db.games.actions(r.id)] == [(1, {"n": r.id})]
        assert await db.games.get(r.id) == saved[rows.index(r)]


@pytest.mark.asyncio
async def test_queued_saves_on_one_game_apply_in_call_order(db: Database, game: GameRow) -> None:
    """Saves queued behind a busy writer run in the order they were called."""
    async with writer_held(db):
        tasks = [
            asyncio.create_task(db.games.save_action(game.id, v, state(v + 1), "playing", HOST, f"a{v}", {}))
            for v in range(5)
        ]
        await asyncio.sleep(0)  # let every task queue its write before the writer is released
    saved = await asyncio.gather(*tasks)
    assert [s.version for s in saved] == [1, 2, 3, 4, 5]
    assert [a.kind for a in await db.games.actions(game.id)] == [f"a{v}" for v in range(5)]


@pytest.mark.asyncio
async def test_writer_starts_the_next_batch_without_waiting_for_the_loop(db: Database) -> None:
    """Writes queued while a batch runs start as soon as it commits, even while the event loop is
    busy: under a burst the loop may not come back for tens of milliseconds."""
    started, release, ran = threading.Event(), threading.Event(), threading.Event()

    def hold(conn: sqlite3.Connection) -> None:
        started.set()
        release.wait(HANG_GUARD)

    first = asyncio.create_task(db.write(hold))
    assert await asyncio.to_thread(started.wait, HANG_GUARD)
    second = asyncio.create_task(db.write(lambda conn: ran.set()))
    await asyncio.sleep(0)  # the second write is queued behind the first
    release.set()
    assert ran.wait(HANG_GUARD)  # blocks the loop: only the writer's thread can have started it
    await asyncio.gather(first, second)


@pytest.mark.asyncio
async def test_shared_commit_without_failure_uses_no_savepoint(db: Database) -> None:
    """Writes that all succeed share one transaction with nothing in between: a savepoint per
    write is only for a batch where one fails (the tests below)."""
    rows = await games(db, 3)
    statements: list[str] = []
    await db.write(lambda conn: conn.set_trace_callback(statements.append))  # on the writer's thread
    async with writer_held(db):
        tasks = [
            asyncio.create_task(db.games.save_action(r.id, 0, state(1), "playing", HOST, "start", {})) for r in rows
        ]
        await asyncio.sleep(0)
    saved = await asyncio.gather(*tasks)
    await db.write(lambda conn: conn.set_trace_callback(None))
    assert [s.version for s in saved] == [1, 1, 1]
    control = [s for s in statements if s.split()[0] in ("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE", "ROLLBACK")]
    # the first write's COMMIT; the held write; the three saves together; the last write's BEGIN
    assert control == ["COMMIT", "BEGIN IMMEDIATE", "COMMIT", "BEGIN IMMEDIATE", "COMMIT", "BEGIN IMMEDIATE"]
    assert sum(s.startswith("UPDATE games") for s in statements) == 3


@pytest.mark.asyncio
async def test_failing_write_in_a_shared_commit_is_rolled_back_alone(db: Database) -> None:
    """A write that fails halfway, queued between others, leaves nothing; its neighbours commit."""
    first, middle, last = await games(db, 3)
    # Plant a log row where the middle game's next action must go: its INSERT fails after its UPDATE.
    async with db.transaction() as conn:
        await conn.execute(
            "INSERT INTO game_actions (game_id, seq, actor_id, kind, payload_json, created_at)"
            " VALUES (?, 1, NULL, 'planted', '{}', 0)",
            (middle.id,),
        )
    async with writer_held(db):
        tasks = [
            asyncio.create_task(db.games.save_action(r.id, 0, state(1), "playing", HOST, "start", {}))
            for r in (first, middle, last)
        ]
        await asyncio.sleep(0)
    outcomes = await asyncio.gather(*tasks, return_exceptions=True)
    assert isinstance(outcomes[1], sqlite3.IntegrityError)
    assert await db.games.get(middle.id) == middle
    assert [a.kind for a in await db.games.actions(middle.id)] == ["planted"]
    for r, out in ((first, outcomes[0]), (last, outcomes[2])):
        assert isinstance(out, GameRow) and out.version == 1
        assert await db.games.get(r.id) == out


@pytest.mark.asyncio
async def test_stale_save_in_a_shared_commit_fails_alone(db: Database, game: GameRow) -> None:
    """Two saves on the same version queued together: the first wins, the second is stale."""
    async with writer_held(db):
        tasks = [
            asyncio.create_task(db.games.save_action(game.id, 0, state(n), "playing", HOST, f"k{n}", {}))
            for n in (1, 2)
        ]
        await asyncio.sleep(0)
    won, lost = await asyncio.gather(*tasks, return_exceptions=True)
    assert isinstance(won, GameRow) and won.state_json == state(1)
    assert isinstance(lost, StaleState) and lost.actual_version == 1
    assert [a.kind for a in await db.games.actions(game.id)] == ["k1"]


@pytest.mark.asyncio
async def test_lost_shared_transaction_reruns_each_write_alone(db: Database) -> None:
    """If a write ends the shared transaction, the others are run again alone and still commit."""
    first, last = await games(db, 2)

    def breaks(conn: sqlite3.Connection) -> None:
        conn.execute("ROLLBACK")  # as SQLite does itself after e.g. a full disk
        raise sqlite3.OperationalError("transaction lost")

    async with writer_held(db):
        tasks: list[asyncio.Task[Any]] = [
            asyncio.create_task(db.games.save_action(first.id, 0, state(1), "playing", HOST, "a", {})),
            asyncio.create_task(db.write(breaks)),
            asyncio.create_task(db.games.save_action(last.id, 0, state(1), "playing", HOST, "b", {})),
        ]
        await asyncio.sleep(0)
    outcomes = await asyncio.gather(*tasks, return_exceptions=True)
    assert isinstance(outcomes[1], sqlite3.OperationalError)
    for r, out in ((first, outcomes[0]), (last, outcomes[2])):
        assert isinstance(out, GameRow) and out.version == 1
        assert await db.games.get(r.id) == out


@pytest.mark.asyncio
async def test_write_during_transaction_block_is_not_part_of_it(db: Database) -> None:
    """A write called while a transaction() block is open runs after it, and survives its rollback."""
    created: asyncio.Task[GameRow] | None = None
    with pytest.raises(RuntimeError, match="boom"):
        async with db.transaction() as conn:
            await conn.execute("CREATE TABLE scratch (x INTEGER)")
            created = asyncio.create_task(db.games.create_game(GUILD, CHANNEL, HOST, "classic", state()))
            for _ in range(5):
                await asyncio.sleep(0)
            assert not created.done()
            raise RuntimeError("boom")
    assert created is not None
    row = await created
    assert await db.games.get(row.id) == row
    assert await db.fetchone("SELECT name FROM sqlite_schema WHERE name = 'scratch'") is None


@pytest.mark.asyncio
async def test_close_waits_for_called_writes(db_path: Path) -> None:
    """Writes called before close() are committed before the connections close."""
    db = await Database.open(db_path)
    rows = await games(db, 3)
    tasks = [asyncio.create_task(db.games.save_action(r.id, 0, state(1), "playing", HOST, "start", {})) for r in rows]
    await asyncio.sleep(0)
    await db.close()
    assert all(t.result().version == 1 for t in tasks)
    db = await Database.open(db_path)
    try:
        assert [(await db.games.get(r.id)).version for r in rows] == [1, 1, 1]  # type: ignore[union-attr]
    finally:
        await db.close()


@pytest.mark.asyncio
async def test_write_function_error_rolls_back_its_changes(db: Database, game: GameRow) -> None:
    """A write function that raises after changing rows leaves nothing behind."""

    def fail(conn: sqlite3.Connection) -> None:
        conn.execute("UPDATE games SET state_json = ? WHERE id = ?", (state(9), game.id))
        raise ValueError("refused")

    with pytest.raises(ValueError, match="refused"):
        await db.write(fail)
    assert await db.games.get(game.id) == game


def test_writer_thread_outcome_to_a_closed_loop_is_dropped() -> None:
    """The writer's thread hands outcomes back with ``call_soon_threadsafe``; once the loop has
    closed (the process is ending) that raises, and the thread stops instead of dying on it."""
    from data._thread import post

    loop = asyncio.new_event_loop()
    seen: list[int] = []
    assert post(loop, seen.append, 1)
    loop.run_until_complete(asyncio.sleep(0))
    loop.close()
    assert not post(loop, seen.append, 2)
    assert seen == [1]
