"""A server's defaults for its new tables (``guild_defaults``): one JSON document per server, opaque
here (the service reads and checks it: :mod:`rummy.defaults`), stored whole and read back as text.

API (``GuildDefaultsStore(db)``)::

    await store.document(guild_id) -> '{"schema": 1, ...}' | None   # None: the bot's own defaults
    await store.set_document(guild_id, text)                         # insert or replace
    await store.clear(guild_id)                                      # back to the bot's own
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import aiosqlite

from data._clock import to_timestamp

if TYPE_CHECKING:
    from data.db import Database

__all__ = ["GuildDefaultsStore"]


class GuildDefaultsStore:
    """The servers' defaults, on one :class:`~data.db.Database`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def document(self, guild_id: int) -> str | None:
        row = await self._db.fetchone("SELECT defaults_json FROM guild_defaults WHERE guild_id = ?", (guild_id,))
        return None if row is None else str(row[0])

    async def set_document(self, guild_id: int, document: str) -> None:
        now = to_timestamp(self._db.now())

        async def upsert(conn: aiosqlite.Connection) -> None:
            await conn.execute(
                "INSERT INTO guild_defaults (guild_id, defaults_json, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET defaults_json = excluded.defaults_json,"
                " updated_at = excluded.updated_at",
                (guild_id, document, now),
            )

        await self._db.write(upsert)

    async def clear(self, guild_id: int) -> None:
        async def delete(conn: aiosqlite.Connection) -> None:
            await conn.execute("DELETE FROM guild_defaults WHERE guild_id = ?", (guild_id,))

        await self._db.write(delete)
