"""Shared fixtures for the storage tests: a fresh database file per test."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import pytest_asyncio

from data import Database, GameRow

GUILD = 1001
OTHER_GUILD = 2002
CHANNEL = 3003
HOST = 4004


def state(turn: int = 0) -> str:
    """A stand-in for the rules engine's JSON document (opaque to the data layer)."""
    return f'{{"schema": 1, "turn": {turn}}}'


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "nested" / "dir" / "rami.sqlite3"


@pytest_asyncio.fixture
async def db(db_path: Path) -> AsyncIterator[Database]:
    database = await Database.open(db_path)
    try:
        yield database
    finally:
        await database.close()


@pytest_asyncio.fixture
async def game(db: Database) -> GameRow:
    return await db.games.create_game(GUILD, CHANNEL, HOST, "classic", state())


@pytest.fixture(autouse=True)
def no_error_logs(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """A test that logs an error fails (house rule)."""
    caplog.set_level(logging.INFO)
    yield
    errors = [r for r in caplog.get_records("call") if r.levelno >= logging.ERROR]
    assert not errors, f"errors were logged: {[r.getMessage() for r in errors]}"
