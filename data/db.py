"""The bot's SQLite connection, on a thread of its own, and its transactions.

:class:`Database` owns one :class:`sqlite3.Connection` and the one thread that uses it (a
:class:`~concurrent.futures.ThreadPoolExecutor` with a single worker: standard, public API only).
Everything the connection does is a plain function run there in one trip, in the order it was
handed over, so no transaction ever stays open across an ``await`` and nothing on the event loop
ever touches the connection:

* writes (:meth:`Database.write`, used by the stores) run inside ``BEGIN IMMEDIATE`` ...
  ``COMMIT``. They queue in call order; the writes called while the thread is busy share the
  next transaction (*group commit*): one ``COMMIT``, one fsync, one trip for all of them. One
  that fails is rolled back alone (see :func:`data._commit.group_commit`). Every caller returns
  only after that ``COMMIT``, so its own data is durable before it replies.
* reads (:meth:`fetchone`, :meth:`fetchall`) are one statement each, run between transactions:
  they never see uncommitted rows, and a read made after a write returned sees it.

Why not aiosqlite: it runs each statement as a trip of its own between the loop and its thread,
four per action (``BEGIN``, ``UPDATE``, ``INSERT``, ``COMMIT``), with no public way to run a whole
transaction in one; measured side by side (``benchmarks/load_service.py``: bursts of 200 actions
at once), that cost three times the CPU of this design and several times its p99. Why group
commit: at ``synchronous=FULL`` each commit is an fsync, and 200 of them in a row take longer than
the old design's whole burst; shared, they cost one per batch.

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
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from types import TracebackType
from typing import Any, Final, Literal, TypeVar, get_args

from data._clock import Clock, utcnow
from data._commit import Write, deliver, fail, group_commit
from data.games import GameStore
from data.leaderboard import LeaderboardStore
from data.schema import Migration, migrate

__all__ = ["Database", "SynchronousLevel"]

log = logging.getLogger(__name__)

SynchronousLevel = Literal["OFF", "NORMAL", "FULL", "EXTRA"]
_SYNCHRONOUS_LEVELS: Final = frozenset(get_args(SynchronousLevel))
_MEMORY: Final = ":memory:"
_BATCH_MAX: Final = 128  # writes sharing one transaction at most

T = TypeVar("T")


class Database:
    """One SQLite file: one connection, on one thread, with group commit of the writes.

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
        self._thread: ThreadPoolExecutor | None = None
        self._conn: sqlite3.Connection | None = None  # used on self._thread only
        self._pending: list[Write] = []  # called, not yet handed to the thread
        self._flusher: asyncio.Task[None] | None = None  # set while writes are pending or running

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
        """Start the thread, open the connection there and set the pragmas (no migrations: see :meth:`open`)."""
        if self._thread is not None:
            raise RuntimeError("the database is already open")
        if isinstance(self.path, Path):
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rami-db")
        try:
            self._conn, mode = await self._on_thread(self._connect)
        except BaseException:
            self._thread.shutdown(wait=False)
            self._thread = None
            raise
        log.info("opened database %s (journal_mode=%s, synchronous=%s)", self.path, mode, self.synchronous)

    def _connect(self) -> tuple[sqlite3.Connection, str]:
        """On the thread: the connection (usable on this thread only), and its journal mode."""
        # isolation_level=None: no implicit BEGIN; transactions are explicit (data._commit).
        conn = sqlite3.connect(self.path, isolation_level=None)
        try:
            conn.row_factory = sqlite3.Row
            conn.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout * 1000)}")
            mode = str(conn.execute("PRAGMA journal_mode = WAL").fetchone()[0])
            if mode.lower() != "wal" and self.path != _MEMORY:
                raise sqlite3.OperationalError(f"could not enable WAL (journal_mode is {mode})")
            conn.execute(f"PRAGMA synchronous = {self.synchronous}")
            conn.execute("PRAGMA foreign_keys = ON")
        except BaseException:
            conn.close()
            raise
        return conn, mode

    async def close(self) -> None:
        """Let the writes already called commit, then close the connection and stop the thread. Idempotent."""
        while self._flusher is not None:
            await asyncio.wait({self._flusher})
        thread, conn = self._thread, self._conn
        self._thread = self._conn = None
        if thread is None:
            return
        try:
            if conn is not None:
                await asyncio.get_running_loop().run_in_executor(thread, conn.close)
                log.info("closed database %s", self.path)
        finally:
            thread.shutdown(wait=False)  # idle now: the worker ends on its own

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

    async def _on_thread(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(*args)`` on the connection's thread, after everything handed to it before."""
        if self._thread is None:
            raise RuntimeError("the database is closed")
        return await asyncio.get_running_loop().run_in_executor(self._thread, partial(fn, *args))

    def _open(self) -> sqlite3.Connection:
        if self._conn is None:
            raise RuntimeError("the database is closed")
        return self._conn

    async def write(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``fn(connection)`` in a ``BEGIN IMMEDIATE`` ... ``COMMIT`` transaction, on the thread.

        ``fn`` is a plain function: it must not touch the event loop. If it raises, its changes
        are rolled back (alone: see the module docstring on group commit) and the error re-raised
        here. When this returns, the transaction is durable (at the configured ``synchronous``
        level). Writes run in the order they are called; a cancelled caller's write may still
        commit. ``fn`` may run again if a shared transaction fails (every earlier run is rolled
        back), so it must change nothing but the database.
        """
        self._open()
        done: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._pending.append((fn, done))
        if self._flusher is None:
            self._flusher = asyncio.create_task(self._flush())
        return await done

    async def _flush(self) -> None:
        """Hand the queued writes to the thread, a batch per trip and per transaction, until none is left."""
        try:
            while self._pending:
                batch, self._pending = self._pending[:_BATCH_MAX], self._pending[_BATCH_MAX:]
                try:
                    outcomes = await self._on_thread(group_commit, self._open(), [fn for fn, _ in batch])
                except asyncio.CancelledError:  # the loop is going away: nobody may wait forever
                    left, self._pending = batch + self._pending, []
                    for _, future in left:
                        future.cancel()
                    raise
                except BaseException as exc:  # the thread could not run them (e.g. the database closed)
                    fail(batch, exc)
                else:
                    deliver(batch, outcomes)
        finally:
            self._flusher = None

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> sqlite3.Row | None:
        """Run one read query and return its first row, or None."""
        return await self._on_thread(_fetchone, self._open(), sql, tuple(params))

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        """Run one read query and return all its rows."""
        return await self._on_thread(_fetchall, self._open(), sql, tuple(params))

    async def pragma(self, name: str) -> Any:
        """The value of a read-only ``PRAGMA name`` query (e.g. ``journal_mode``)."""
        if not name.replace("_", "").isalnum():
            raise ValueError(f"bad pragma name {name!r}")
        row = await self.fetchone(f"PRAGMA {name}")
        return row[0] if row is not None else None


def _fetchone(conn: sqlite3.Connection, sql: str, params: tuple[Any, ...]) -> sqlite3.Row | None:
    row: sqlite3.Row | None = conn.execute(sql, params).fetchone()
    return row


def _fetchall(conn: sqlite3.Connection, sql: str, params: tuple[Any, ...]) -> list[sqlite3.Row]:
    return list(conn.execute(sql, params).fetchall())
