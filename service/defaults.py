"""Each server's defaults for its new tables, behind the service's door (``/rami defaults``).

A member with Manage Server chooses the preset ``/lobby create`` opens when the host names none,
the server's house rules of each preset, and the table options (:class:`rummy.defaults.TableDefaults`:
the same values and refusals as ``/lobby set``). They are read from the store at every read (one
row, at each ``/lobby create``), not kept in memory, so several processes on one database agree.
A stored document is checked again at each read: what this version no longer accepts is left out
with a warning in the log (the rest still applies), never an error for the person creating a table.
A change is read, changed and written under one lock per server (two admins at once in one process
both count; across processes the last write wins).
"""

from __future__ import annotations

import asyncio
import json
import logging
import weakref

from data import Store
from data.jsontext import compact_json
from rummy.defaults import TableDefaults
from rummy.rules import Rules

log = logging.getLogger(__name__)


class ServerDefaults:
    """The servers' defaults, on the store's ``defaults``."""

    def __init__(self, db: Store) -> None:
        self._store = db.defaults
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    async def get(self, guild_id: int) -> TableDefaults:
        """The server's defaults (the bot's own when it has none), as this version reads them."""
        text = await self._store.document(guild_id)
        if text is None:
            return TableDefaults()
        try:
            data = json.loads(text)
        except ValueError:
            data = None
        defaults, dropped = TableDefaults.from_json(data)
        for why in dropped:
            log.warning("server %s: a stored default is ignored: %s", guild_id, why)
        return defaults

    async def set_preset(self, guild_id: int, preset: str) -> TableDefaults:
        """The default preset; refused (:class:`~rummy.errors.BadRules`) for an unknown one."""
        async with self._lock(guild_id):
            return await self._save(guild_id, (await self.get(guild_id)).with_preset(preset))

    async def set_rule(self, guild_id: int, name: str, value: str, preset: str | None) -> tuple[TableDefaults, Rules]:
        """One of the server's house rules of ``preset`` (None: the default preset), refused as the
        lobby refuses it; returns the defaults and the rules of that preset they now give."""
        async with self._lock(guild_id):
            defaults, rules = (await self.get(guild_id)).with_rule(name, value, preset)
            return await self._save(guild_id, defaults), rules

    async def set_option(self, guild_id: int, name: str, value: str) -> tuple[TableDefaults, str]:
        """One of the server's table options, refused as the lobby refuses it; and its value as shown."""
        async with self._lock(guild_id):
            defaults, shown = (await self.get(guild_id)).with_option(name, value)
            return await self._save(guild_id, defaults), shown

    async def reset(self, guild_id: int) -> TableDefaults:
        """Back to the bot's own defaults: the row goes."""
        async with self._lock(guild_id):
            await self._store.clear(guild_id)
            return TableDefaults()

    def _lock(self, guild_id: int) -> asyncio.Lock:
        lock = self._locks.get(guild_id)
        if lock is None:
            lock = self._locks[guild_id] = asyncio.Lock()
        return lock

    async def _save(self, guild_id: int, defaults: TableDefaults) -> TableDefaults:
        if defaults.empty:
            await self._store.clear(guild_id)
        else:
            await self._store.set_document(guild_id, compact_json(defaults.to_json()))
        return defaults
