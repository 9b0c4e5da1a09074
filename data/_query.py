"""One statement inside a transaction block (see :meth:`data.db.Database.transaction`)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from typing import Any

import aiosqlite


async def fetch_one(conn: aiosqlite.Connection, sql: str, params: Iterable[Any] = ()) -> sqlite3.Row | None:
    """Run one statement on ``conn`` and return its first row, or None.

    The statement runs to its end in the same trip to the connection's thread (aiosqlite's
    ``execute_fetchall``), so none is left pending when the transaction commits.
    """
    for row in await conn.execute_fetchall(sql, tuple(params)):
        return row
    return None


async def fetch_all(conn: aiosqlite.Connection, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
    """Run one statement on ``conn`` and return all its rows, in one trip."""
    return list(await conn.execute_fetchall(sql, tuple(params)))
