"""The service's tests drive games through the same harness as the cogs' tests: the real service,
and spec'd mock interactions (see tests/cogs/conftest.py), on a real store: each test that uses the
store runs on both, a SQLite file and a PostgreSQL database (``store_kind``, tests/stores.py)."""

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest_asyncio

from data import Database, open_store
from tests.cogs.conftest import Clock, clock, db_path, h, no_error_logs, pytest_configure

__all__ = ["clock", "db", "db_path", "h", "no_error_logs", "pytest_configure"]


@pytest_asyncio.fixture
async def db(store_place: str | Path, clock: Clock) -> AsyncIterator[Any]:
    """The test's store, on the test's clock (SQLite as the cogs' tests open it: synchronous NORMAL)."""
    if isinstance(store_place, Path):
        store: Any = await Database.open(store_place, clock=clock, synchronous="NORMAL")
    else:
        store = await open_store(store_place, clock=clock)
    try:
        yield store
    finally:
        await store.close()
