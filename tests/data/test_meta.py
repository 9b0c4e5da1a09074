"""The bot's key-value bookkeeping table."""

from __future__ import annotations

from pathlib import Path

import pytest

from data import Store, open_store


async def test_missing_key_reads_none(db: Store) -> None:
    """A key never set reads as None."""
    assert await db.meta.get("commands_hash") is None


async def test_set_then_replace(db: Store) -> None:
    """Setting a key twice keeps the last value."""
    meta = db.meta
    await meta.set("commands_hash", "a")
    await meta.set("commands_hash", "b")
    assert await meta.get("commands_hash") == "b"


async def test_value_survives_reopen(store_place: str | Path) -> None:
    """A stored value is there after the database is closed and opened again."""
    db = await open_store(store_place)
    await db.meta.set("k", "v")
    await db.close()
    db = await open_store(store_place)
    try:
        assert await db.meta.get("k") == "v"
    finally:
        await db.close()


async def test_empty_key_is_refused(db: Store) -> None:
    """An empty key is a programming error."""
    with pytest.raises(ValueError):
        await db.meta.set("", "v")
