"""Checkpoints of the write-ahead log at quiet moments (data.checkpoint), not in the middle of a commit."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from data import Database
from data.checkpoint import BACKSTOP_PAGES, QUIET_WRITES

from .conftest import CHANNEL, GUILD, HOST, state

HANG_GUARD = 10  # seconds: only to fail instead of hanging; no test measures time


def games_in_file(path: Path) -> int | None:
    """How many games the database *file* holds, ignoring its write-ahead log (None: no table yet)."""
    conn = sqlite3.connect(f"file:{path}?immutable=1", uri=True)
    try:
        return int(conn.execute("SELECT count(*) FROM games").fetchone()[0])
    except sqlite3.OperationalError:
        return None
    finally:
        conn.close()


async def checkpointed(db: Database, runs: int) -> None:
    async with asyncio.timeout(HANG_GUARD):
        while db.checkpoints < runs:
            await asyncio.sleep(0.01)


@pytest.mark.asyncio
async def test_writer_checkpoints_on_its_own_only_past_the_backstop(db: Database) -> None:
    assert await db.pragma("wal_autocheckpoint") == BACKSTOP_PAGES


@pytest.mark.asyncio
async def test_a_quiet_moment_checkpoints_once_enough_writes_were_made(db: Database, db_path: Path) -> None:
    """Below QUIET_WRITES writes a quiet moment does nothing; past it, one checkpoint copies the log
    into the database file, and the count starts again."""
    for i in range(QUIET_WRITES - 1):
        await db.games.create_game(GUILD, CHANNEL + i, HOST, "basic", state())
    assert not db.quiet()
    assert games_in_file(db_path) in (None, 0)  # still only in the log

    await db.games.create_game(GUILD, CHANNEL + QUIET_WRITES, HOST, "basic", state())
    assert db.quiet()
    await checkpointed(db, 1)
    assert games_in_file(db_path) == QUIET_WRITES
    assert not db.quiet()  # nothing written since
    assert db.checkpoints == 1


@pytest.mark.asyncio
async def test_no_second_checkpoint_while_one_runs(db: Database) -> None:
    await asyncio.gather(*(db.write(lambda conn: None) for _ in range(2 * QUIET_WRITES)))
    assert db.quiet()
    assert not db.quiet()  # running, or nothing written since: either way not a second one
    await checkpointed(db, 1)


@pytest.mark.asyncio
async def test_in_memory_database_has_no_checkpointer() -> None:
    db = await Database.open(":memory:")
    try:
        await asyncio.gather(*(db.write(lambda conn: None) for _ in range(QUIET_WRITES)))
        assert not db.quiet()
        assert db.checkpoints == 0
    finally:
        await db.close()
