"""The servers' settings table: a server's chosen language, stored and read back."""

from __future__ import annotations

from pathlib import Path

import pytest

from data import Database, GuildSettingsStore


async def test_a_language_is_stored_changed_and_cleared(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "g.db")
    try:
        store = GuildSettingsStore(db)
        assert await store.language(1) is None and await store.languages() == {}
        await store.set_language(1, "fr")
        await store.set_language(2, "en")
        await store.set_language(1, "en")
        assert await store.language(1) == "en"
        await store.set_language(2, None)
        assert await store.language(2) is None
        assert await store.languages() == {1: "en"}
        with pytest.raises(ValueError):
            await store.set_language(3, "")
    finally:
        await db.close()


async def test_the_choice_outlives_the_connection(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "g.db")
    await GuildSettingsStore(db).set_language(7, "fr")
    await db.close()
    db = await Database.open(tmp_path / "g.db")
    try:
        assert await GuildSettingsStore(db).languages() == {7: "fr"}
    finally:
        await db.close()
