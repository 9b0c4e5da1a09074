"""Concurrency of the storage layer: writes in call order, never interleaved, group commit."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from functools import partial
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from data import ActionWrite, Database, GameClosed, GameRow, PlayerResult, StaleState

from .conftest import CHANNEL, GUILD, HOST, state

pytestmark = pytest.mark.sqlite_only  # SQLite's own machinery (its file, its connection, its commit)

HANG_GUARD = 10  # seconds: only to fail instead of hanging; no test measures time


@asynccontextmanager
async def writer_held(db: Database) -> AsyncIterator[asyncio.Task[Any]]:
    """Keep the connection busy inside a write's transaction until the block ends, so that the
    writes called meanwhile queue up together."""
    started, release = asyncio.Event(), asyncio.Event()

    async def hold(conn: aiosqlite.Connection) -> None:
        started.set()
        await asyncio.wait_for(release.wait(), HANG_GUARD)

    task = asyncio.create_task(db.write(hold))
    try:
        await asyncio.wait_for(started.wait(), HANG_GUARD)
        yield task
    finally:
        release.set()
        await task


@asynccontextmanager
async def traced(db: Database) -> AsyncIterator[list[str]]:
    """Every statement the connection runs inside the block (the trace starts and ends within a write)."""
    statements: list[str] = []
    await db.write(lambda conn: conn.set_trace_callback(statements.append))
    try:
        yield statements
    finally:
        await db.write(lambda conn: conn.set_trace_callback(None))


def kinds(statements: list[str]) -> list[str]:
    return [s.split()[0] for s in statements]


def transactions(statements: list[str]) -> list[tuple[int, str]]:
    """Each transaction run, whole, as (its UPDATE statements, how it ended)."""
    ended: list[tuple[int, str]] = []
    updates = 0
    for kind in kinds(statements):
        updates += kind == "UPDATE"
        if kind in ("COMMIT", "ROLLBACK"):
            ended.append((updates, kind))
            updates = 0
    return ended


async def games(db: Database, count: int) -> list[GameRow]:
    return [await db.games.create_game(GUILD, CHANNEL + i, HOST, "classic", state()) for i in range(count)]


@pytest.mark.asyncio
async def test_reads_never_see_an_open_transaction(db: Database, game: GameRow) -> None:
    """A read called while a write's transaction is open runs after its COMMIT and sees all of it:
    the connection never answers a read in the middle of a transaction."""
    started, release = asyncio.Event(), asyncio.Event()

    async def hold(conn: aiosqlite.Connection) -> None:
        await conn.execute("CREATE TABLE scratch (x INTEGER)")
        await conn.execute("INSERT INTO scratch VALUES (1)")
        started.set()
        await asyncio.wait_for(release.wait(), HANG_GUARD)

    held = asyncio.create_task(db.write(hold))
    await asyncio.wait_for(started.wait(), HANG_GUARD)
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
        *(db.games.save_action(ActionWrite(r.id, 0, state(r.id), "playing", HOST, "start", {"n": r.id})) for r in rows)
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
            asyncio.create_task(
                db.games.save_action(ActionWrite(game.id, v, state(v + 1), "playing", HOST, f"a{v}", {}))
            )
            for v in range(5)
        ]
        await asyncio.sleep(0)  # let every task queue its write before the writer is released
    saved = await asyncio.gather(*tasks)
    assert [s.version for s in saved] == [1, 2, 3, 4, 5]
    assert [a.kind for a in await db.games.actions(game.id)] == [f"a{v}" for v in range(5)]


@pytest.mark.asyncio
async def test_saves_queued_together_share_one_transaction_statement_by_statement(db: Database) -> None:
    """Saves queued while the connection is busy share the next transaction, one statement for all of
    them at each step: every game's UPDATE, then every game's log INSERT, both in call order, then one
    SELECT reading the rows back; one COMMIT, and no savepoint."""
    rows = await games(db, 3)
    async with traced(db) as statements, writer_held(db):
        tasks = [
            asyncio.create_task(db.games.save_action(ActionWrite(r.id, 0, state(1), "playing", HOST, "start", {})))
            for r in rows
        ]
        await asyncio.sleep(0)
    saved = await asyncio.gather(*tasks)
    assert [(s.id, s.version) for s in saved] == [(r.id, 1) for r in rows]
    # the first write's COMMIT; the held write; the three saves together; the last write's BEGIN
    control = [s for s in kinds(statements) if s in ("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE", "ROLLBACK")]
    assert control == ["COMMIT", "BEGIN", "COMMIT", "BEGIN", "COMMIT", "BEGIN"]
    shared = statements[statements.index("COMMIT", 2) + 1 : -2]  # between the held write's COMMIT and the last
    assert kinds(shared) == ["BEGIN", "UPDATE", "UPDATE", "UPDATE", "INSERT", "INSERT", "INSERT", "SELECT"]
    updated = [int(s.split("WHERE id = ")[1].split()[0]) for s in shared if s.startswith("UPDATE")]
    logged = [int(s.split("VALUES (")[1].split(",")[0]) for s in shared if s.startswith("INSERT")]
    assert updated == logged == [r.id for r in rows]


@pytest.mark.asyncio
async def test_write_functions_never_interleave(db: Database) -> None:
    """Write functions called at once, each awaiting several statements, run one after the other in
    call order, each in its own transaction with nothing else inside it (the connection's trace of
    every statement it ran)."""

    async def steps(n: int, conn: aiosqlite.Connection) -> int:
        for step in range(3):
            await conn.execute(f"SELECT {n}, {step}")
        return n

    async with traced(db) as statements:
        done = await asyncio.gather(*(db.write(partial(steps, n)) for n in range(4)))
    assert done == [0, 1, 2, 3]
    work = [s for s in statements[1:-1] if not s.startswith("BEGIN") and not s.startswith("COMMIT")]
    assert work == [f"SELECT {n}, {step}" for n in range(4) for step in range(3)]
    assert kinds(statements[1:-1]) == ["BEGIN", "SELECT", "SELECT", "SELECT", "COMMIT"] * 4


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
            asyncio.create_task(db.games.save_action(ActionWrite(r.id, 0, state(1), "playing", HOST, "start", {})))
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
            asyncio.create_task(db.games.save_action(ActionWrite(game.id, 0, state(n), "playing", HOST, f"k{n}", {})))
            for n in (1, 2)
        ]
        await asyncio.sleep(0)
    won, lost = await asyncio.gather(*tasks, return_exceptions=True)
    assert isinstance(won, GameRow) and won.state_json == state(1)
    assert isinstance(lost, StaleState) and lost.actual_version == 1
    assert [a.kind for a in await db.games.actions(game.id)] == ["k1"]


@pytest.mark.asyncio
async def test_lost_shared_transaction_reruns_each_write_alone(db: Database) -> None:
    """If a statement ends the shared transaction (SQLite rolls it back itself, as after a full disk),
    the other saves of the batch are run again alone and still commit."""
    first, middle, last = await games(db, 3)
    await db.write(
        lambda conn: conn.execute(
            "CREATE TRIGGER doomed BEFORE INSERT ON game_actions WHEN NEW.kind = 'doomed'"
            " BEGIN SELECT RAISE(ROLLBACK, 'transaction lost'); END"
        )
    )
    async with writer_held(db):
        tasks = [
            asyncio.create_task(db.games.save_action(ActionWrite(r.id, 0, state(1), "playing", HOST, kind, {})))
            for r, kind in ((first, "a"), (middle, "doomed"), (last, "b"))
        ]
        await asyncio.sleep(0)
    outcomes = await asyncio.gather(*tasks, return_exceptions=True)
    assert isinstance(outcomes[1], sqlite3.IntegrityError) and "transaction lost" in str(outcomes[1])
    assert await db.games.get(middle.id) == middle
    for r, out in ((first, outcomes[0]), (last, outcomes[2])):
        assert isinstance(out, GameRow) and out.version == 1
        assert await db.games.get(r.id) == out


@pytest.mark.asyncio
async def test_stale_save_in_a_batch_fails_alone_and_the_others_commit(db: Database, db_path: Path) -> None:
    """Another process moved one game on: of the saves sharing a batch, that game's caller gets
    StaleState and nothing of its save is kept; the batch was rolled back and the other saves,
    run again one by one, commit."""
    rows = await games(db, 3)
    moved = rows[1]
    other = sqlite3.connect(db_path, isolation_level=None)  # the other process
    try:
        other.execute("UPDATE games SET version = 1, state_json = ? WHERE id = ?", (state(7), moved.id))
    finally:
        other.close()
    async with traced(db) as statements:
        async with writer_held(db):
            tasks = [
                asyncio.create_task(db.games.save_action(ActionWrite(r.id, 0, state(1), "playing", HOST, "start", {})))
                for r in rows
            ]
            await asyncio.sleep(0)
        outcomes = await asyncio.gather(*tasks, return_exceptions=True)
    stale = outcomes[1]
    assert isinstance(stale, StaleState) and (stale.expected_version, stale.actual_version) == (0, 1)
    assert (await db.games.get(moved.id)).state_json == state(7)  # type: ignore[union-attr]
    assert await db.games.actions(moved.id) == []
    for r, out in ((rows[0], outcomes[0]), (rows[2], outcomes[2])):
        assert isinstance(out, GameRow) and out.version == 1
        assert await db.games.get(r.id) == out
        assert [a.kind for a in await db.games.actions(r.id)] == ["start"]
    tried = statements[statements.index("COMMIT", 2) + 1 :]  # after the held write
    assert kinds(tried)[:5] == ["BEGIN", "UPDATE", "UPDATE", "UPDATE", "ROLLBACK"]  # together first


@pytest.mark.asyncio
async def test_batch_mixing_saves_and_a_finish(db: Database) -> None:
    """Saves and a game's finish queued together: the saves before the finish share a transaction, the
    finish (with its results and leaderboard rows) runs alone in its own, then the saves after it;
    each caller gets its own row, and a save on the finished game is refused as closed."""
    a, b, ending, c = await games(db, 4)
    results = [
        PlayerResult(HOST, "host", False, None, 0, 1, True, 2, 1, 0),
        PlayerResult(HOST + 1, "guest", False, None, 1, 2, False, 0, 0, 55),
    ]
    async with traced(db) as statements:
        async with writer_held(db):
            tasks: list[asyncio.Task[Any]] = [
                asyncio.create_task(db.games.save_action(ActionWrite(a.id, 0, state(1), "playing", HOST, "start", {}))),
                asyncio.create_task(db.games.save_action(ActionWrite(b.id, 0, state(1), "playing", HOST, "start", {}))),
                asyncio.create_task(
                    db.games.finish_game(ActionWrite(ending.id, 0, state(9), "finished", HOST, "end", {}), results)
                ),
                asyncio.create_task(db.games.save_action(ActionWrite(c.id, 0, state(1), "playing", HOST, "start", {}))),
                asyncio.create_task(
                    db.games.save_action(ActionWrite(ending.id, 1, state(2), "playing", HOST, "late", {}))
                ),
            ]
            await asyncio.sleep(0)
        outcomes = await asyncio.gather(*tasks, return_exceptions=True)
    for r, out in zip((a, b, ending, c), outcomes, strict=False):
        assert isinstance(out, GameRow) and (out.id, out.version) == (r.id, 1)
        assert await db.games.get(r.id) == out
    assert outcomes[2].status == "finished" and isinstance(outcomes[4], GameClosed)
    assert [s.user_id for s in await db.leaderboard.leaderboard(GUILD, "classic")] == [HOST, HOST + 1]
    assert [a.kind for a in await db.games.actions(ending.id)] == ["end"]
    after_held = statements[statements.index("COMMIT", 2) + 1 :]
    assert transactions(after_held) == [
        (2, "COMMIT"),  # a and b
        (1, "COMMIT"),  # the finish, alone
        (2, "ROLLBACK"),  # c and the late save, refused
        (1, "COMMIT"),  # c again, alone
        (1, "ROLLBACK"),  # the late save alone: GameClosed
    ]


@pytest.mark.asyncio
async def test_write_called_during_a_transaction_is_not_part_of_it(db: Database) -> None:
    """A write called while another's transaction is open runs after it, and survives its rollback."""
    started, release = asyncio.Event(), asyncio.Event()

    async def boom(conn: aiosqlite.Connection) -> None:
        await conn.execute("CREATE TABLE scratch (x INTEGER)")
        started.set()
        await asyncio.wait_for(release.wait(), HANG_GUARD)
        raise RuntimeError("boom")

    failing = asyncio.create_task(db.write(boom))
    await asyncio.wait_for(started.wait(), HANG_GUARD)
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
    tasks = [
        asyncio.create_task(db.games.save_action(ActionWrite(r.id, 0, state(1), "playing", HOST, "start", {})))
        for r in rows
    ]
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

    async def fail(conn: aiosqlite.Connection) -> None:
        await conn.execute("UPDATE games SET state_json = ? WHERE id = ?", (state(9), game.id))
        raise ValueError("refused")

    with pytest.raises(ValueError, match="refused"):
        await db.write(fail)
    assert await db.games.get(game.id) == game


@pytest.mark.parametrize("started", [0, 1, 2, 3, 4, 5])
@pytest.mark.asyncio
async def test_cancelled_save_leaves_all_or_nothing(db: Database, game: GameRow, started: int) -> None:
    """A save whose caller is cancelled once the ``started``-th statement of its transaction has begun
    (0: none yet; 5: its COMMIT) has either committed whole or left nothing, and the next save finds
    the connection idle, with no transaction left open."""
    trace: list[str] = []
    await db.write(lambda conn: conn.set_trace_callback(trace.append))
    trace.clear()
    task = asyncio.create_task(
        db.games.save_action(ActionWrite(game.id, 0, state(1), "playing", HOST, "cancelled", {}))
    )
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
    after = await db.games.save_action(ActionWrite(game.id, stored.version, state(2), "playing", HOST, "next", {}))
    assert after.version == stored.version + 1
    assert [a.seq for a in await db.games.actions(game.id)] == list(range(1, after.version + 1))


@pytest.mark.asyncio
async def test_database_used_inside_its_own_write_fails_instead_of_hanging(db: Database, game: GameRow) -> None:
    """A write function that reads or writes through the Database (not the connection it was given)
    would wait for its own transaction: that raises, the write is rolled back, the next one runs."""

    async def nested(conn: aiosqlite.Connection) -> None:
        await conn.execute("UPDATE games SET state_json = ? WHERE id = ?", (state(9), game.id))
        await db.games.get(game.id)

    with pytest.raises(RuntimeError, match="connection it was given"):
        await asyncio.wait_for(db.write(nested), HANG_GUARD)
    assert await db.games.get(game.id) == game
    assert (await db.games.save_action(ActionWrite(game.id, 0, state(1), "playing", HOST, "start", {}))).version == 1
