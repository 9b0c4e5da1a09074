"""Shared fixtures for the storage tests: a fresh store per test, on SQLite and on PostgreSQL.

``db`` is the test's store, opened with :func:`data.open_store`: a test that asks for it (or for
``game``) runs once per store (``[sqlite]``, ``[postgres]``; see tests/stores.py). A module or test
about SQLite's own machinery is marked ``sqlite_only``: ``db`` is then a :class:`data.Database`.
Its clock is the real one, unless the module defines a ``clock`` fixture (a :class:`Clock` the
tests set) to give it instead.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import AsyncIterator, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from data import GameRow, Store, open_store
from data.store import utcnow

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


class Clock:
    """A store's clock that a test sets (``clock.now = ...``)."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> Clock | None:
    """None: the store's own clock; a module that moves time gives its :class:`Clock`."""
    return None


@pytest_asyncio.fixture
async def db(store_place: str | Path, clock: Clock | None) -> AsyncIterator[Any]:
    database = await open_store(store_place, clock=clock or utcnow)
    try:
        yield database
    finally:
        await database.close()


def refused_by_the_database(store_kind: str) -> type[Exception]:
    """What a store raises when the database itself refuses a row (a constraint, a bad document)."""
    if store_kind == "sqlite":
        return sqlite3.IntegrityError
    import asyncpg

    return asyncpg.PostgresError


@pytest_asyncio.fixture
async def game(db: Store) -> GameRow:
    return await db.games.create_game(GUILD, CHANNEL, HOST, "classic", state())


@pytest.fixture(autouse=True)
def no_error_logs(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """A test that logs an error fails (house rule)."""
    caplog.set_level(logging.INFO)
    yield
    errors = [r for r in caplog.get_records("call") if r.levelno >= logging.ERROR]
    assert not errors, f"errors were logged: {[r.getMessage() for r in errors]}"
