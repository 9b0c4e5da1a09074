"""The bot's key-value bookkeeping table."""

from __future__ import annotations

from pathlib import Path

import pytest

from data import Database, MetaStore


async def test_missing_key_reads_none(db: Database) -> None:
    """A key never set reads as None."""
    assert await MetaStore(db).get("commands_hash") is None


async def test_set_then_replace(db: Database) -> None:
    """Setting a key twice keeps the last value."""
    meta = MetaStore(db)
    await meta.set("commands_hash", "a")
    await meta.set("commands_hash", "b")
    assert await meta.get("commands_hash") == "b"


async def test_value_survives_reopen(db_path: Path) -> None:
    """A stored value is there after the database is closed and opened again."""
    db = await Database.open(db_path)
    await MetaStore(db).set("k", "v")
    await db.close()
    db = await Database.open(db_path)
    try:
        assert await MetaStore(db).get("k") == "v"
    finally:
        await db.close()


async def test_empty_key_is_refused(db: Database) -> None:
    """An empty key is a programming error."""
    with pytest.raises(ValueError):
        await MetaStore(db).set("", "v")
