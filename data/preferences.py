"""Each person's own choices (``user_preferences``), whatever the server they play in.

API (``PreferenceStore(db)``)::

    await prefs.pictures(user_id) -> bool | None       # None: never chosen
    await prefs.set_pictures(user_id, False)           # insert or replace, one transaction
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import aiosqlite

from data._clock import to_timestamp

if TYPE_CHECKING:
    from data.db import Database

__all__ = ["PreferenceStore"]


class PreferenceStore:
    """People's preferences by Discord user id, on one :class:`~data.db.Database`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def pictures(self, user_id: int) -> bool | None:
        """Whether ``user_id`` wants pictures beside the text; None if they never said."""
        row = await self._db.fetchone("SELECT pictures FROM user_preferences WHERE user_id = ?", (user_id,))
        return None if row is None else bool(row[0])

    async def set_pictures(self, user_id: int, on: bool) -> None:
        now = to_timestamp(self._db.now())

        async def upsert(conn: aiosqlite.Connection) -> None:
            await conn.execute(
                "INSERT INTO user_preferences (user_id, pictures, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET pictures = excluded.pictures, updated_at = excluded.updated_at",
                (user_id, int(on), now),
            )

        await self._db.write(upsert)
