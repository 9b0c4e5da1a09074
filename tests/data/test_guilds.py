"""The servers' settings table: a server's chosen language, stored and read back."""

from __future__ import annotations

from pathlib import Path

import pytest

from data import open_store


async def test_a_language_is_stored_changed_and_cleared(store_place: str | Path) -> None:
    db = await open_store(store_place)
    try:
        store = db.guilds
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


async def test_the_choice_outlives_the_connection(store_place: str | Path) -> None:
    db = await open_store(store_place)
    await db.guilds.set_language(7, "fr")
    await db.close()
    db = await open_store(store_place)
    try:
        assert await db.guilds.languages() == {7: "fr"}
    finally:
        await db.close()


async def test_an_organisers_role_is_stored_changed_and_cleared(store_place: str | Path) -> None:
    """The role whose members organise tournaments lives beside the language, each kept when the
    other changes, and outlives the connection."""
    db = await open_store(store_place)
    try:
        store = db.guilds
        assert await store.organiser_roles() == {}
        await store.set_language(1, "fr")
        await store.set_organiser_role(1, 555)
        await store.set_organiser_role(2, 666)
        await store.set_organiser_role(2, None)
        assert await store.organiser_roles() == {1: 555} and await store.language(1) == "fr"
        await store.set_language(1, "en")
        assert await store.organiser_roles() == {1: 555}
        with pytest.raises(ValueError):
            await store.set_organiser_role(3, 0)
    finally:
        await db.close()
    db = await open_store(store_place)
    try:
        assert await db.guilds.organiser_roles() == {1: 555}
    finally:
        await db.close()
