"""The bot's own bookkeeping: a key-value table (``meta``), e.g. the hash of the synced commands.

API (``MetaStore(db)``)::

    await meta.get("commands_hash") -> str | None
    await meta.set("commands_hash", "ab12...")      # insert or replace, one transaction
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import aiosqlite

from data._clock import to_timestamp

if TYPE_CHECKING:
    from data.db import Database

__all__ = ["MetaStore"]


class MetaStore:
    """Text values by key, on one :class:`~data.db.Database`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def get(self, key: str) -> str | None:
        row = await self._db.fetchone("SELECT value FROM meta WHERE key = ?", (key,))
        return None if row is None else str(row[0])

    async def set(self, key: str, value: str) -> None:
        if not key:
            raise ValueError("empty meta key")
        now = to_timestamp(self._db.now())

        async def upsert(conn: aiosqlite.Connection) -> None:
            await conn.execute(
                "INSERT INTO meta (key, value, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
                (key, value, now),
            )

        await self._db.write(upsert)
