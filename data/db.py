"""The bot's SQLite connections, and its transactions.

:class:`Database` owns two :mod:`aiosqlite` connections, each with its own thread:

* the *writer*. Hot writes (:meth:`Database.write`, used by the game store) are plain
  functions run on the writer's thread inside ``BEGIN IMMEDIATE`` ... ``COMMIT``, in a single
  trip, so no transaction ever stays open across an ``await``. They queue in call order
  without an asyncio lock, and the writes queued while the thread is busy share the next
  transaction (*group commit*), which the thread starts by itself as soon as the last one has
  committed, without waiting for the event loop. All of them share one ``COMMIT`` and so one
  fsync; one that fails is rolled back alone (the batch runs again with each write in its own
  ``SAVEPOINT``: see :func:`data._thread.group_commit`). Every caller still
  returns only after that ``COMMIT``, so its own data is durable before it replies. The general
  :meth:`Database.transaction` block, whose statements are awaited one by one, takes an
  :class:`asyncio.Lock`; while it is held, one-trip writes wait for it too, so they never run
  inside someone else's open transaction.
* the *reader* (``PRAGMA query_only``): :meth:`fetchone` and :meth:`fetchall` run there, one
  trip each, without any lock. WAL lets it read the last committed state while the writer
  works or fsyncs, so reads never wait behind writes, and never see uncommitted rows. A
  write has committed before its call returns, so a read made after it sees it.

An in-memory database (``":memory:"``) cannot be shared by two connections: there, reads run
on the writer behind the lock, as a single connection must.

Durability: the database runs in WAL mode with ``synchronous=FULL`` by default. The bot
replies "done" to a player only after the transaction holding the action has committed, so
that action must survive both a killed process and a power loss. In WAL mode,
``synchronous=NORMAL`` survives a killed process (the WAL file is in the OS cache) but may lose
the last transactions on a power loss or OS crash, because the WAL is not fsynced at each
commit; ``FULL`` fsyncs the WAL on every commit. The cost is one fsync per commit, shared by
all the writes of a group commit, so it shrinks per action as the load grows. The level is a
constructor parameter so a benchmark or a test may choose otherwise.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
import threading
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from types import TracebackType
from typing import Any, Final, Literal, TypeVar, get_args

import aiosqlite

from data._clock import Clock, utcnow
from data._thread import Write, deliver, fail, fetchall, fetchone, group_commit, post
from data.checkpoint import BACKSTOP_PAGES, QUIET_WRITES, Checkpointer
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


async def _on_thread(conn: aiosqlite.Connection, fn: Callable[..., T], *args: Any) -> T:
    """Run ``fn(sqlite3_connection, *args)`` on ``conn``'s own thread, in one trip.

    aiosqlite (pinned to 0.22.1 in requirements.txt) has no public call for this; its private
    ``_execute`` queues a callable on the connection's thread, after every call queued before
    it, and ``_conn`` is the underlying :class:`sqlite3.Connection`. The callable runs to its
    end even if the awaiting task is cancelled.
    """
    result: T = await conn._execute(fn, conn._conn, *args)  # type: ignore[no-untyped-call]
    return result


class Database:
    """One SQLite file: a writer connection, a reader connection, one lock for long transactions.

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
        self._reader: aiosqlite.Connection | None = None
        self._pending: list[Write] = []  # called, not yet taken by the writer's thread
        self._pending_lock = threading.Lock()  # _pending is shared with the writer's thread
        self._flusher: asyncio.Task[None] | None = None  # set while writes are pending or running
        self._checkpointer: Checkpointer | None = None
        self._unchecked = 0  # writes committed since the last quiet checkpoint (data.checkpoint)
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
            async with conn.execute("PRAGMA journal_mode = WAL") as cur:
                row = await cur.fetchone()
            mode = str(row[0]) if row is not None else "?"
            if mode.lower() != "wal" and self.path != _MEMORY:
                raise sqlite3.OperationalError(f"could not enable WAL (journal_mode is {mode})")
            await conn.execute(f"PRAGMA synchronous = {self.synchronous}")
            await conn.execute("PRAGMA foreign_keys = ON")
            await conn.execute(f"PRAGMA wal_autocheckpoint = {BACKSTOP_PAGES}")  # see data.checkpoint
            reader = checkpointer = None
            if self.path != _MEMORY:
                reader = await self._open_reader()
                checkpointer = await Checkpointer.open(self.path, self.busy_timeout)
        except BaseException:
            if reader is not None:
                await reader.close()
            await conn.close()
            raise
        self._conn = conn
        self._reader = reader
        self._checkpointer = checkpointer
        log.info(
            "opened database %s (journal_mode=%s, synchronous=%s)",
            self.path,
            mode,
            self.synchronous,
        )

    async def _open_reader(self) -> aiosqlite.Connection:
        """The read-only connection (WAL: it reads the last committed state, never waits)."""
        reader = await aiosqlite.connect(self.path, isolation_level=None)
        try:
            reader.row_factory = aiosqlite.Row
            await reader.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout * 1000)}")
            await reader.execute("PRAGMA query_only = ON")
        except BaseException:
            await reader.close()
            raise
        return reader

    async def close(self) -> None:
        """Wait for the running transaction, if any, then close the connections. Idempotent.

        Writes already called, and reads already queued, run before the connections close.
        """
        while self._flusher is not None:
            await asyncio.wait({self._flusher})
        checkpointer, self._checkpointer = self._checkpointer, None
        if checkpointer is not None:
            await checkpointer.close()
        async with self._lock:
            conn, self._conn = self._conn, None
            reader, self._reader = self._reader, None
            if reader is not None:
                await reader.close()
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
        """``BEGIN IMMEDIATE`` ... ``COMMIT``, or ``ROLLBACK`` if the block raises.

        Yields the connection; run the statements of the transaction on it, not through the
        other methods of this object (they would wait for the lock this block holds: that
        mistake raises :class:`RuntimeError` instead of hanging). ``IMMEDIATE`` takes the
        write lock at once, so a read-then-write inside the block cannot be overtaken by
        another process. When the block exits without error, the transaction is durable
        (at the configured ``synchronous`` level) before the ``async with`` statement ends.
        """
        async with self._exclusive() as conn:
            await conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                await _rollback(conn)
                raise
            try:
                # Shielded: if the caller is cancelled now, the COMMIT still completes, and
                # the rollback below, queued after it on the same thread, is a no-op.
                await asyncio.shield(conn.commit())
            except BaseException:
                await _rollback(conn)
                raise

    async def write(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``fn(connection)`` in one ``BEGIN IMMEDIATE`` ... ``COMMIT`` transaction, in one trip.

        ``fn`` is a plain function run on the writer's thread: it must not touch the event
        loop, and it may be run while other tasks go on. If it raises, the transaction is
        rolled back (alone: see the module docstring on group commit) and the error re-raised
        here. When this returns, the transaction is durable (at the configured ``synchronous``
        level). Writes run in the order they are called; a cancelled caller's write may still
        commit. ``fn`` may run again if a shared transaction fails (every earlier run is rolled
        back), so it must change nothing but the database.
        """
        self._check_owner()
        self._open()
        done: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        with self._pending_lock:
            self._pending.append((fn, done))
        if self._flusher is None:
            self._flusher = asyncio.create_task(self._flush())
        return await done

    async def _flush(self) -> None:
        """Have the writer's thread run the queued writes, until none is left.

        The thread takes the next batch as soon as the last one has committed (:meth:`_drain`), not
        when this task next gets its turn: under a burst the event loop may take tens of
        milliseconds to come back here, and the writes would wait all that time with the thread
        idle. Each batch's results come back to the loop in one callback (:func:`data._thread.deliver`)."""
        loop = asyncio.get_running_loop()
        try:
            while True:
                with self._pending_lock:
                    if not self._pending:
                        return
                try:
                    if self._lock.locked():  # a transaction() block is open or waiting: go after it
                        async with self._exclusive() as conn:
                            await _on_thread(conn, self._drain, loop, True)
                    else:
                        await _on_thread(self._open(), self._drain, loop, False)
                except asyncio.CancelledError:  # the loop is going away: nobody may wait forever
                    with self._pending_lock:
                        left, self._pending = self._pending, []
                    for _, future in left:
                        future.cancel()
                    raise
                except BaseException as exc:  # the thread could not run them (e.g. the connection broke)
                    with self._pending_lock:
                        left, self._pending = self._pending, []
                    fail(left, exc)
        finally:
            self._flusher = None

    def _drain(self, raw: sqlite3.Connection, loop: asyncio.AbstractEventLoop, once: bool) -> None:
        """On the writer's thread: run the queued writes, a batch per transaction, until none is
        left; or only one batch if ``once``, or once a transaction() block waits for the thread."""
        while True:
            with self._pending_lock:
                batch, self._pending = self._pending[:_BATCH_MAX], self._pending[_BATCH_MAX:]
            if not batch:
                return
            try:
                outcomes = group_commit(raw, [fn for fn, _ in batch])
            except BaseException as exc:
                post(loop, fail, batch, exc)
                raise
            self._unchecked += len(batch)  # only this thread adds; quiet() only resets it
            if not post(loop, deliver, batch, outcomes) or once or self._lock.locked():
                return

    @property
    def checkpoints(self) -> int:
        """Checkpoints finished at quiet moments since the database opened (see :meth:`quiet`)."""
        return self._checkpointer.runs if self._checkpointer is not None else 0

    def quiet(self) -> bool:
        """Nobody waits for the bot now: checkpoint the write-ahead log in the background if enough
        writes have been made since the last time (see :mod:`data.checkpoint`); returns whether a
        checkpoint started."""
        if self._checkpointer is None or self._unchecked < QUIET_WRITES or not self._checkpointer.start():
            return False
        self._unchecked = 0
        return True

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> sqlite3.Row | None:
        """Run one read query and return its first row, or None."""
        return await self._read(fetchone, sql, tuple(params))

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        """Run one read query and return all its rows."""
        return await self._read(fetchall, sql, tuple(params))

    async def _read(self, fn: Callable[..., T], sql: str, params: tuple[Any, ...]) -> T:
        self._check_owner()
        if self._reader is None:  # closed, or in memory: the writer, behind the lock
            async with self._exclusive() as conn:
                return await _on_thread(conn, fn, sql, params)
        return await _on_thread(self._reader, fn, sql, params)

    async def pragma(self, name: str) -> Any:
        """The value of a read-only ``PRAGMA name`` query (e.g. ``journal_mode``), on the writer."""
        if not name.replace("_", "").isalnum():
            raise ValueError(f"bad pragma name {name!r}")
        async with self._exclusive() as conn:
            row = await _on_thread(conn, fetchone, f"PRAGMA {name}", ())
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
    try:
        await asyncio.shield(conn.rollback())
    except Exception:  # the original error matters more; the connection may be broken
        log.exception("ROLLBACK failed")
