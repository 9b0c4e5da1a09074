"""Checkpoints of the write-ahead log at quiet moments, on a connection of their own.

In WAL mode every commit appends pages to the ``-wal`` file, and a *checkpoint* copies them back
into the database file. By default SQLite runs one inside the commit that takes the log past
1,000 pages, on the writer's own connection. Measured in the bot under bursts of 200 actions
(each burst writes some 600-800 pages), such a commit took 20-40 ms, since the checkpoint writes
and syncs megabytes, and every write queued behind it waited, and so did the replies.

So the writer checkpoints on its own only past :data:`BACKSTOP_PAGES`, for a sustained overload
that never leaves a quiet moment. Otherwise :class:`Checkpointer` runs a ``PASSIVE`` checkpoint,
which never blocks the writer or the readers, on its own connection and thread, when the bot says
that nobody waits for an answer and at least :data:`QUIET_WRITES` writes have been made since the
last one (:meth:`data.db.Database.quiet`). Checkpoints do not change what is durable: a commit is
durable once it is in the log.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Final

import aiosqlite

log = logging.getLogger(__name__)

BACKSTOP_PAGES: Final = 4000  # the writer checkpoints on its own past this many pages (16 MiB of log)
QUIET_WRITES: Final = 100  # writes since the last checkpoint that make one worth it at a quiet moment


class Checkpointer:
    """One connection that only checkpoints, one checkpoint at a time, in the background."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self._task: asyncio.Task[None] | None = None
        self.runs = 0  # checkpoints finished

    @classmethod
    async def open(cls, path: str | Path, busy_timeout: float) -> Checkpointer:
        conn = await aiosqlite.connect(path, isolation_level=None)
        try:
            await conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
        except BaseException:
            await conn.close()
            raise
        return cls(conn)

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    def start(self) -> bool:
        """Start a checkpoint, unless one is running; returns whether one started."""
        if self.running:
            return False
        self._task = asyncio.get_running_loop().create_task(self._run(), name="rami-wal-checkpoint")
        return True

    async def _run(self) -> None:
        try:
            async with self._conn.execute("PRAGMA wal_checkpoint(PASSIVE)") as cursor:
                await cursor.fetchone()
        except Exception:  # the next one will try again; the writer's backstop still holds
            log.exception("WAL checkpoint failed")
            return
        self.runs += 1

    async def close(self) -> None:
        """Let a running checkpoint finish, then close the connection."""
        if self._task is not None:
            await asyncio.wait({self._task})
        await self._conn.close()
