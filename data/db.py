"""The bot's SQLite connection, and its transactions.

:class:`Database` owns one :mod:`aiosqlite` connection, used only through aiosqlite's public API.
Every write is a :meth:`Database.transaction` block: ``BEGIN IMMEDIATE``, the statements awaited one
by one, ``COMMIT`` (or ``ROLLBACK`` if anything fails, the caller's task being cancelled included).
One :class:`asyncio.Lock`, held for the whole block, makes transactions run one after the other and
never interleave; its waiters are served in the order they came, so writes apply in call order. The
one-statement reads (:meth:`fetchone`, :meth:`fetchall`) take the same lock, so they never see what
an open transaction has written and not yet committed. The game store's writes (a new state and its
action-log row; the results and leaderboard of a finished game) are each one such transaction.

Durability: the database runs in WAL mode with ``synchronous=FULL`` by default. The bot replies
"done" to a player only after the transaction holding the action has committed, so that action
must survive both a killed process and a power loss. In WAL mode, ``synchronous=NORMAL`` survives a
killed process (the WAL file is in the OS cache) but may lose the last transactions on a power loss
or OS crash, because the WAL is not fsynced at each commit; ``FULL`` fsyncs the WAL on every commit.
The level is a constructor parameter so a benchmark or a test may choose otherwise. The WAL is
copied back into the database file by SQLite's automatic checkpoint (``wal_autocheckpoint``, left at
its default of 1,000 pages), inside the commit that takes the log past it; a checkpoint does not
change what is durable: a commit is durable once it is in the log.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from types import TracebackType
from typing import Any, Final, Literal, get_args

import aiosqlite

from data._clock import Clock, utcnow
from data._query import fetch_all, fetch_one
from data.games import GameStore
from data.leaderboard import LeaderboardStore
from data.schema import Migration, migrate

__all__ = ["Database", "SynchronousLevel"]

log = logging.getLogger(__name__)

SynchronousLevel = Literal["OFF", "NORMAL", "FULL", "EXTRA"]
_SYNCHRONOUS_LEVELS: Final = frozenset(get_args(SynchronousLevel))
_MEMORY: Final = ":memory:"


class Database:
    """One SQLite file: one connection, one lock that serializes its transactions and reads.

    Make it with :meth:`open` (which connects and migrates) and end it with :meth:`close`, or
    use it as ``async with await Database.open(path) as db:``. The stores built on it are
    :attr:`games` (:class:`~data.games.GameStore`) and :attr:`leaderboard`
    (:class:`~data.leaderboard.LeaderboardStore`).

    :param path: the database file; its parent folders are created. ``":memory:"`` works for
        quick experiments (no WAL there).
    :param synchronous: SQLite ``PRAGMA synchronous``. ``FULL`` (the default) keeps every
        committed action across a killed process *and* a power loss; see the module docstring.
    :param busy_timeout: seconds to wait for another process's write lock before failing.
    :param clock: returns the current aware datetime; tests may pass a fixed one.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        synchronous: SynchronousLevel = "FULL",
        busy_timeout: float = 5.0,
        clock: Clock = utcnow,
    ) -> None:
        if synchronous not in _SYNCHRONOUS_LEVELS:
            known = ", ".join(sorted(_SYNCHRONOUS_LEVELS))
            raise ValueError(f"unknown synchronous level {synchronous!r} (known: {known})")
        if busy_timeout < 0:
            raise ValueError("busy_timeout must be >= 0 seconds")
        self.path: str | Path = _MEMORY if os.fspath(path) == _MEMORY else Path(path)
        self.synchronous: SynchronousLevel = synchronous
        self.busy_timeout = busy_timeout
        self.now: Clock = clock
        self.games = GameStore(self)
        self.leaderboard = LeaderboardStore(self)
        self._conn: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()
        self._owner: asyncio.Task[Any] | None = None

    def __repr__(self) -> str:
        state = "open" if self._conn is not None else "closed"
        return f"<Database {str(self.path)!r} {state} synchronous={self.synchronous}>"

    @classmethod
    async def open(
        cls,
        path: str | os.PathLike[str],
        *,
        synchronous: SynchronousLevel = "FULL",
        busy_timeout: float = 5.0,
        clock: Clock = utcnow,
        migrations: Sequence[Migration] | None = None,
    ) -> Database:
        """Create folders as needed, connect, set the pragmas and apply pending migrations.

        :param migrations: the scripts to apply; by default the files shipped in
            ``data/migrations/``.
        """
        db = cls(path, synchronous=synchronous, busy_timeout=busy_timeout, clock=clock)
        await db.connect()
        try:
            await migrate(db, migrations)
        except BaseException:
            await db.close()
            raise
        return db

    async def connect(self) -> None:
        """Open the connection and set the pragmas (no migrations: see :meth:`open`)."""
        if self._conn is not None:
            raise RuntimeError("the database is already open")
        if isinstance(self.path, Path):
            self.path.parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: no implicit BEGIN; transactions are explicit (see transaction()).
        conn = await aiosqlite.connect(self.path, isolation_level=None)
        try:
            conn.row_factory = aiosqlite.Row
            await conn.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout * 1000)}")
            row = await fetch_one(conn, "PRAGMA journal_mode = WAL")
            mode = str(row[0]) if row is not None else "?"
            if mode.lower() != "wal" and self.path != _MEMORY:
                raise sqlite3.OperationalError(f"could not enable WAL (journal_mode is {mode})")
            await conn.execute(f"PRAGMA synchronous = {self.synchronous}")
            await conn.execute("PRAGMA foreign_keys = ON")
        except BaseException:
            await conn.close()
            raise
        self._conn = conn
        log.info(
            "opened database %s (journal_mode=%s, synchronous=%s)",
            self.path,
            mode,
            self.synchronous,
        )

    async def close(self) -> None:
        """Wait for the transactions and reads already waiting, then close the connection. Idempotent."""
        self._check_owner()
        async with self._lock:
            conn, self._conn = self._conn, None
            if conn is not None:
                await conn.close()
                log.info("closed database %s", self.path)

    @property
    def is_open(self) -> bool:
        return self._conn is not None

    async def __aenter__(self) -> Database:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    @asynccontextmanager
    async def _exclusive(self) -> AsyncIterator[aiosqlite.Connection]:
        self._check_owner()
        async with self._lock:
            conn = self._open()
            self._owner = asyncio.current_task()
            try:
                yield conn
            finally:
                self._owner = None

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """``BEGIN IMMEDIATE`` ... ``COMMIT``, or ``ROLLBACK`` if the block raises or is cancelled.

        Yields the connection; run the statements of the transaction on it, not through the
        other methods of this object (they would wait for the lock this block holds: that
        mistake raises :class:`RuntimeError` instead of hanging). ``IMMEDIATE`` takes the
        write lock at once, so a read-then-write inside the block cannot be overtaken by
        another process. When the block exits without error, the transaction is durable
        (at the configured ``synchronous`` level) before the ``async with`` statement ends.

        Cancellation: aiosqlite runs the statements of one connection on its own thread in the
        order they were queued, and runs each to its end even if its caller is cancelled. So the
        ``ROLLBACK`` queued on a cancellation runs after the statement that was in flight and
        before anything the next holder of the lock queues; after a ``COMMIT`` that did run, it
        is a no-op (the cancelled caller's transaction is then committed).
        """
        async with self._exclusive() as conn:
            try:
                await conn.execute("BEGIN IMMEDIATE")
                yield conn
                await conn.commit()
            except BaseException:
                await _rollback(conn)
                raise

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> sqlite3.Row | None:
        """Run one read query and return its first row, or None."""
        async with self._exclusive() as conn:
            return await fetch_one(conn, sql, params)

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        """Run one read query and return all its rows."""
        async with self._exclusive() as conn:
            return await fetch_all(conn, sql, params)

    async def pragma(self, name: str) -> Any:
        """The value of a read-only ``PRAGMA name`` query (e.g. ``journal_mode``)."""
        if not name.replace("_", "").isalnum():
            raise ValueError(f"bad pragma name {name!r}")
        row = await self.fetchone(f"PRAGMA {name}")
        return row[0] if row is not None else None

    def _open(self) -> aiosqlite.Connection:
        if self._conn is None:
            raise RuntimeError("the database is closed")
        return self._conn

    def _check_owner(self) -> None:
        task = asyncio.current_task()
        if task is not None and task is self._owner:
            raise RuntimeError(
                "the Database is already in use by this task (nested transaction or query "
                "inside transaction()): use the connection that transaction() yields"
            )


async def _rollback(conn: aiosqlite.Connection) -> None:
    """Roll back the open transaction, if any (sqlite3 skips the statement when none is open).

    Awaited directly, not shielded: the ``ROLLBACK`` is queued on the connection's thread before
    the first suspension, so it runs even if this task is cancelled again while it waits.
    """
    try:
        await conn.rollback()
    except Exception:  # the original error matters more; the connection may be broken
        log.exception("ROLLBACK failed")
