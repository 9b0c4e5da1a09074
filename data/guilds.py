"""A server's own settings (``guild_settings``): the language of its public messages, and the
role whose members may organise its tournaments.

API (``GuildSettingsStore(db)``)::

    await store.languages() -> {guild_id: "fr", ...}     # every server that chose one
    await store.language(guild_id) -> "fr" | None
    await store.set_language(guild_id, "fr")            # None: back to the server's own locale
    await store.organiser_roles() -> {guild_id: role_id, ...}
    await store.set_organiser_role(guild_id, role_id)   # None: Manage Server alone
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import aiosqlite

from data._clock import to_timestamp

if TYPE_CHECKING:
    from data.db import Database

__all__ = ["GuildSettingsStore", "Setting", "set_sql"]

Setting = Literal["language", "organiser_role"]  # the columns of guild_settings a server sets


def set_sql(column: Setting, marks: tuple[str, str, str] = ("?", "?", "?")) -> str:
    """The statement that sets one of a server's settings (both stores: ``marks`` are the
    placeholders of guild_id, the value and updated_at), creating its row if it has none."""
    guild, value, now = marks
    return (
        f"INSERT INTO guild_settings (guild_id, {column}, updated_at) VALUES ({guild}, {value}, {now})"
        f" ON CONFLICT (guild_id) DO UPDATE SET {column} = excluded.{column}, updated_at = excluded.updated_at"
    )


class GuildSettingsStore:
    """The servers' settings, on one :class:`~data.db.Database`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def languages(self) -> dict[int, str]:
        rows = await self._db.fetchall("SELECT guild_id, language FROM guild_settings WHERE language IS NOT NULL")
        return {int(row[0]): str(row[1]) for row in rows}

    async def language(self, guild_id: int) -> str | None:
        row = await self._db.fetchone("SELECT language FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return None if row is None or row[0] is None else str(row[0])

    async def set_language(self, guild_id: int, language: str | None) -> None:
        if language == "":
            raise ValueError("empty language")
        await self._set(guild_id, "language", language)

    async def organiser_roles(self) -> dict[int, int]:
        rows = await self._db.fetchall(
            "SELECT guild_id, organiser_role FROM guild_settings WHERE organiser_role IS NOT NULL"
        )
        return {int(row[0]): int(row[1]) for row in rows}

    async def set_organiser_role(self, guild_id: int, role_id: int | None) -> None:
        if role_id is not None and role_id <= 0:
            raise ValueError("not a role id")
        await self._set(guild_id, "organiser_role", role_id)

    async def _set(self, guild_id: int, column: Setting, value: str | int | None) -> None:
        now = to_timestamp(self._db.now())

        async def upsert(conn: aiosqlite.Connection) -> None:
            await conn.execute(set_sql(column), (guild_id, value, now))

        await self._db.write(upsert)
