"""Read the bot's PostgreSQL database from the test, as :class:`~tests.e2e.gamedb.GameDb` reads its
SQLite file: one query at a time on a connection of its own, so it never holds a lock.

The test's reads are synchronous (the sessions decide what a simulated user types next from them)
while asyncpg is asynchronous: each query runs on a private event loop in a worker thread.
"""

from __future__ import annotations

import asyncio
import re
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import asyncpg

from tests.e2e.gamedb import GameDb

_PLACEHOLDER = re.compile(r"\?")


def _numbered(sql: str) -> str:
    """SQLite's ``?`` placeholders as PostgreSQL's ``$1, $2, ...``."""
    count = iter(range(1, 1000))
    return _PLACEHOLDER.sub(lambda _: f"${next(count)}", sql)


class PgGameDb(GameDb):
    """Read-only access to the bot's PostgreSQL database at ``url``."""

    def __init__(self, url: str) -> None:
        super().__init__(url)  # type: ignore[arg-type]  # shown in messages only
        self.url = url
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="pgdb")

    def _run(self, sql: str, params: tuple[Any, ...]) -> list[Any]:
        async def fetch() -> list[Any]:
            conn = await asyncpg.connect(self.url)
            try:
                return list(await conn.fetch(_numbered(sql), *params))
            finally:
                await conn.close()

        return self._thread.submit(asyncio.run, fetch()).result(timeout=30)

    def _query(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        return self._run(sql, params)

    def everything(self) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
        games = [tuple(r) for r in self._run("SELECT * FROM games ORDER BY id", ())]
        actions = [tuple(r) for r in self._run("SELECT * FROM game_actions ORDER BY game_id, seq", ())]
        return games, actions

    def close(self) -> None:
        self._thread.shutdown(wait=True)
