"""The servers' defaults table: one document per server, stored whole, replaced, cleared."""

from __future__ import annotations

from pathlib import Path

import pytest

from data import Store, open_store

from .conftest import refused_by_the_database

DOC = '{"schema": 1, "preset": "rami51", "house_rules": {"rami51": {"opening": 40}}, "options": {}}'


async def test_a_document_is_stored_replaced_and_cleared(db: Store) -> None:
    store = db.defaults
    assert await store.document(1) is None
    await store.set_document(1, DOC)
    await store.set_document(2, '{"schema": 1}')
    assert await store.document(1) == DOC  # the text as given, byte for byte
    await store.set_document(1, '{"schema": 1, "preset": null}')
    assert await store.document(1) == '{"schema": 1, "preset": null}'
    await store.clear(1)
    await store.clear(3)  # nothing to clear: no error
    assert await store.document(1) is None and await store.document(2) == '{"schema": 1}'


async def test_the_database_refuses_a_document_that_is_not_json(db: Store, store_kind: str) -> None:
    with pytest.raises(refused_by_the_database(store_kind)):
        await db.defaults.set_document(1, "{not json")
    assert await db.defaults.document(1) is None


async def test_the_defaults_outlive_the_connection(store_place: str | Path) -> None:
    db = await open_store(store_place)
    await db.defaults.set_document(7, DOC)
    await db.close()
    db = await open_store(store_place)
    try:
        assert await db.defaults.document(7) == DOC
    finally:
        await db.close()
