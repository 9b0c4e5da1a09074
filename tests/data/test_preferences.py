"""Each person's own choices: stored by user id, whatever the server."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import aiosqlite
import pytest

from data import Database, Store, open_store


async def test_never_chosen_reads_none(db: Store) -> None:
    """Someone who never chose has no preference (the caller picks the default)."""
    assert await db.preferences.pictures(42) is None


async def test_choice_is_kept_and_replaced(db: Store) -> None:
    """The last choice wins, and one person's choice is not another's."""
    prefs = db.preferences
    await prefs.set_pictures(42, False)
    assert await prefs.pictures(42) is False
    await prefs.set_pictures(42, True)
    assert await prefs.pictures(42) is True
    assert await prefs.pictures(43) is None


async def test_choice_survives_reopen(store_place: str | Path) -> None:
    """A stored choice is there after the database is closed and opened again."""
    db = await open_store(store_place)
    await db.preferences.set_pictures(7, False)
    await db.close()
    db = await open_store(store_place)
    try:
        assert await db.preferences.pictures(7) is False
    finally:
        await db.close()


@pytest.mark.sqlite_only
async def test_only_yes_or_no_is_stored(db: Database) -> None:
    """The table refuses anything but 0 and 1, whatever SQL writes to it."""

    async def bad(conn: aiosqlite.Connection) -> None:
        await conn.execute("INSERT INTO user_preferences VALUES (1, 2, 0)")

    with pytest.raises(sqlite3.IntegrityError, match="CHECK"):
        await db.write(bad)
