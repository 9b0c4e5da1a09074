"""Concurrency of the storage layer: writes in call order, never interleaved, group commit."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
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
async def test_reads_never_see_an_open_transaction(db: Database, game: GameRow) -> None:
    """A read called while a write's transaction is open runs after its COMMIT and sees all of it:
    the connection never answers a read in the middle of a transaction."""
    started, release = threading.Event(), threading.Event()

    def hold(conn: sqlite3.Connection) -> None:
        conn.execute("CREATE TABLE scratch (x INTEGER)")
        conn.execute("INSERT INTO scratch VALUES (1)")
        started.set()
        release.wait(HANG_GUARD)

    held = asyncio.create_task(db.write(hold))
    assert await asyncio.to_thread(started.wait, HANG_GUARD)
    read = asyncio.create_task(db.fetchall("SELECT x FROM scratch"))
    for _ in range(5):
        await asyncio.sleep(0)
    assert not read.done()
    release.set()
    await held
    assert [tuple(r) for r in await read] == [(1,)]
    assert await db.games.get(game.id) == game


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
async def test_writes_sharing_a_transaction_never_interleave(db: Database) -> None:
    """Saves made at once run one after the other, in call order, each one's statements together
    (the connection's trace of every statement it ran), however they are grouped into transactions."""
    rows = await games(db, 6)
    statements: list[str] = []
    await db.write(lambda conn: conn.set_trace_callback(statements.append))
    saved = await asyncio.gather(*(db.games.save_action(r.id, 0, state(1), "playing", HOST, "start", {}) for r in rows))
    await db.write(lambda conn: conn.set_trace_callback(None))
    assert [s.version for s in saved] == [1] * len(rows)
    work = [s.split()[0] for s in statements if s.split()[0] not in ("BEGIN", "COMMIT")]
    assert work == ["UPDATE", "INSERT"] * len(rows)  # each save's two statements, side by side
    updated = [int(s.split("WHERE id = ")[1].split()[0]) for s in statements if s.startswith("UPDATE")]
    assert updated == [r.id for r in rows]


@pytest.mark.asyncio
async def test_failing_write_in_a_shared_commit_is_rolled_back_alone(db: Database) -> None:
    """A write that fails halfway, queued between others, leaves nothing; its neighbours commit."""
    first, middle, last = await games(db, 3)
    # Plant a log row where the middle game's next action must go: its INSERT fails after its UPDATE.
    await db.write(
        lambda conn: conn.execute(
            "INSERT INTO game_actions (game_id, seq, actor_id, kind, payload_json, created_at)"
            " VALUES (?, 1, NULL, 'planted', '{}', 0)",
            (middle.id,),
        )
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
async def test_write_called_during_a_transaction_is_not_part_of_it(db: Database) -> None:
    """A write called while another's transaction is open runs after it, and survives its rollback."""
    started, release = threading.Event(), threading.Event()

    def boom(conn: sqlite3.Connection) -> None:
        conn.execute("CREATE TABLE scratch (x INTEGER)")
        started.set()
        release.wait(HANG_GUARD)
        raise RuntimeError("boom")

    failing = asyncio.create_task(db.write(boom))
    assert await asyncio.to_thread(started.wait, HANG_GUARD)
    created = asyncio.create_task(db.games.create_game(GUILD, CHANNEL, HOST, "classic", state()))
    for _ in range(5):
        await asyncio.sleep(0)
    assert not created.done()
    release.set()
    with pytest.raises(RuntimeError, match="boom"):
        await failing
    row = await created
    assert await db.games.get(row.id) == row
    assert await db.fetchone("SELECT name FROM sqlite_schema WHERE name = 'scratch'") is None


@pytest.mark.asyncio
async def test_close_waits_for_called_writes(db_path: Path) -> None:
    """Writes called before close() are committed before the connection closes."""
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


@pytest.mark.parametrize("started", [0, 1, 2, 3, 4])
@pytest.mark.asyncio
async def test_cancelled_save_leaves_all_or_nothing(db: Database, game: GameRow, started: int) -> None:
    """A save whose caller is cancelled once the ``started``-th statement of its transaction has begun
    (0: none yet; 4: its COMMIT) has either committed whole or left nothing, and the next save finds
    the connection idle, with no transaction left open."""
    trace: list[str] = []
    await db.write(lambda conn: conn.set_trace_callback(trace.append))
    trace.clear()
    task = asyncio.create_task(db.games.save_action(game.id, 0, state(1), "playing", HOST, "cancelled", {}))
    async with asyncio.timeout(HANG_GUARD):
        while len(trace) < started:
            await asyncio.sleep(0)
    task.cancel()
    with suppress(asyncio.CancelledError):
        await task
    stored = await db.games.get(game.id)
    assert stored is not None
    log = await db.games.actions(game.id)
    if stored.version == 0:
        assert stored == game and log == []
    else:
        assert (stored.version, stored.state_json, [a.kind for a in log]) == (1, state(1), ["cancelled"])
    after = await db.games.save_action(game.id, stored.version, state(2), "playing", HOST, "next", {})
    assert after.version == stored.version + 1
    assert [a.seq for a in await db.games.actions(game.id)] == list(range(1, after.version + 1))
