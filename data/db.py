"""The bot's SQLite connection (aiosqlite, public API only) and its transactions.

:class:`Database` owns one :class:`aiosqlite.Connection`. Every call on it is a trip between the
event loop and the connection's thread, and the trips are what a burst of actions costs, so the
writes are shaped to need few of them. All writes go through one queue, in call order, and a
transaction never has anything but its own statements inside it (an :class:`asyncio.Lock`, held
for each transaction and each read):

* :meth:`Database.write` (the plain path, the default for every write): ``fn(connection)`` awaits
  its statements one by one inside ``BEGIN IMMEDIATE`` ... ``COMMIT``, alone in its transaction.
* :meth:`Database.change` (the one piece of machinery, for the hot write: a game action): a
  :class:`~data._commit.Change` describes its statements as data. The changes queued while the
  connection is busy share the next transaction, statement by statement (*group commit*: one
  ``executemany`` per statement for all of them, one ``COMMIT`` and so one fsync; see
  :func:`data._commit.group_commit`). If one is refused or fails, the batch is rolled back and its
  changes run again one by one, so each caller gets its own outcome.
* reads (:meth:`fetchone`, :meth:`fetchall`) are one statement each, between transactions: they
  never see uncommitted rows, and a read made after a write returned sees it.

Every writer returns only after its ``COMMIT``, so its data is durable before the bot replies.

Changes sharing a transaction run grouped by statement, not change by change, which is the same
only because they change different rows: a batch takes consecutive changes with different keys (a
game's id) and ends before a key it already holds. The game service never has two changes of one
game in flight anyway (:mod:`service.games` saves a game's actions only under its channel's lock,
and a channel has one active game; its ``set_message``, outside that lock, is a write function), so
in the bot a batch ends only at its size limit or at a write function.

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
from collections.abc import Awaitable, Callable, Iterable, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any, Final, Literal, TypeVar, get_args

import aiosqlite

from data._clock import Clock, utcnow
from data._commit import Change, Queued, deliver, fail, run
from data.defaults import GuildDefaultsStore
from data.games import GameStore
from data.guilds import GuildSettingsStore
from data.history import HistoryStore
from data.leaderboard import LeaderboardStore
from data.meta import MetaStore
from data.preferences import PreferenceStore
from data.schema import Migration, migrate
from data.seasons import SeasonStore
from data.tournaments import TournamentStore

__all__ = ["Database", "SynchronousLevel"]

log = logging.getLogger(__name__)

SynchronousLevel = Literal["OFF", "NORMAL", "FULL", "EXTRA"]
_SYNCHRONOUS_LEVELS: Final = frozenset(get_args(SynchronousLevel))
_MEMORY: Final = ":memory:"
_BATCH_MAX: Final = 128  # writes sharing one transaction at most

T = TypeVar("T")


class Database:
    """One SQLite file: one aiosqlite connection, one queue of writes, group commit of the changes.

    Make it with :meth:`open` (which connects and migrates) and end it with :meth:`close`, or
    use it as ``async with await Database.open(path) as db:``. It is a :class:`data.store.Store`:
    its parts are :attr:`games` (:class:`~data.games.GameStore`), :attr:`leaderboard`
    (:class:`~data.leaderboard.LeaderboardStore`), :attr:`history` (:class:`~data.history.HistoryStore`),
    :attr:`guilds`, :attr:`meta`, :attr:`preferences`, :attr:`defaults`, :attr:`seasons` and
    :attr:`tournaments`.

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
        self.history = HistoryStore(self)
        self.guilds = GuildSettingsStore(self)
        self.meta = MetaStore(self)
        self.preferences = PreferenceStore(self)
        self.defaults = GuildDefaultsStore(self)
        self.seasons = SeasonStore(self)
        self.tournaments = TournamentStore(self)
        self._conn: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()  # held by each transaction and each read
        self._pending: list[Queued] = []  # called, not yet run
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
        """Open the connection and set the pragmas (no migrations: see :meth:`open`)."""
        if self._conn is not None:
            raise RuntimeError("the database is already open")
        if isinstance(self.path, Path):
            self.path.parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: no implicit BEGIN; transactions are explicit (data._commit).
        conn = await aiosqlite.connect(self.path, isolation_level=None)
        try:
            conn.row_factory = aiosqlite.Row
            await conn.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout * 1000)}")
            rows = list(await conn.execute_fetchall("PRAGMA journal_mode = WAL"))
            mode = str(rows[0][0])
            if mode.lower() != "wal" and self.path != _MEMORY:
                raise sqlite3.OperationalError(f"could not enable WAL (journal_mode is {mode})")
            await conn.execute(f"PRAGMA synchronous = {self.synchronous}")
            await conn.execute("PRAGMA foreign_keys = ON")
        except BaseException:
            await conn.close()
            raise
        self._conn = conn
        log.info("opened database %s (journal_mode=%s, synchronous=%s)", self.path, mode, self.synchronous)

    async def close(self) -> None:
        """Let the writes already called commit, then close the connection. Idempotent."""
        while self._flusher is not None:
            await asyncio.wait({self._flusher})
        async with self._lock:  # a read under way ends first
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

    def _open(self) -> aiosqlite.Connection:
        if self._conn is None:
            raise RuntimeError("the database is closed")
        if self._lock.locked() and asyncio.current_task() is self._flusher:
            raise RuntimeError("the Database is in use by this write: use the connection it was given")
        return self._conn

    async def write(self, fn: Callable[[aiosqlite.Connection], Awaitable[T]]) -> T:
        """Run ``await fn(connection)`` in a ``BEGIN IMMEDIATE`` ... ``COMMIT`` transaction of its own.

        ``fn`` runs its statements on the connection it is given, and only there (this object's
        own methods would wait for the transaction it is in: that mistake raises
        :class:`RuntimeError`). If it raises, its changes are rolled back and the error re-raised
        here. When this returns, the transaction is durable (at the configured ``synchronous``
        level). Writes run in the order they are called, each once; a cancelled caller's write
        still runs, and may commit.
        """
        result: T = await self._queue(fn)
        return result

    async def change(self, change: Change) -> sqlite3.Row:
        """Run a :class:`~data._commit.Change` and return its row read back; refused, raise what its
        :attr:`~data._commit.Change.refusal` returns; nothing of it is kept then, nor if a step fails.

        Changes queued one after the other share a transaction (see the module docstring); the
        batch ends at :data:`_BATCH_MAX` changes, at a write function, and before a change whose
        key it already holds, so that two changes of one row never share a transaction. Otherwise
        as :meth:`write`: in call order, durable on return.
        """
        row: sqlite3.Row = await self._queue(change)
        return row

    async def _queue(self, work: Change | Callable[[aiosqlite.Connection], Awaitable[Any]]) -> Any:
        self._open()
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._pending.append((work, done))
        if self._flusher is None:
            self._flusher = asyncio.create_task(self._flush())
        return await done

    def _next_batch(self) -> list[Queued]:
        """The writes of the next transaction: the first write function alone, or the changes that
        come first, with different keys, at most :data:`_BATCH_MAX` of them."""
        keys: set[int] = set()
        size = 0
        for work, _ in self._pending[:_BATCH_MAX]:
            if not isinstance(work, Change) or work.key in keys:
                break
            keys.add(work.key)
            size += 1
        size = max(size, 1)
        batch, self._pending = self._pending[:size], self._pending[size:]
        return batch

    async def _flush(self) -> None:
        """Run the queued writes, a batch per transaction, until none is left."""
        try:
            while self._pending:
                batch = self._next_batch()
                try:
                    async with self._lock:
                        if self._conn is None:
                            raise RuntimeError("the database is closed")
                        outcomes = await run(self._conn, [work for work, _ in batch])
                except asyncio.CancelledError:  # the loop is going away: nobody may wait forever
                    left, self._pending = batch + self._pending, []
                    for _, future in left:
                        future.cancel()
                    raise
                except BaseException as exc:  # they could not run (e.g. the connection broke)
                    fail(batch, exc)
                else:
                    deliver(batch, outcomes)
        finally:
            self._flusher = None

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> sqlite3.Row | None:
        """Run one read query and return its first row, or None."""
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        """Run one read query and return all its rows."""
        self._open()
        async with self._lock:
            return list(await self._open().execute_fetchall(sql, tuple(params)))

    async def pragma(self, name: str) -> Any:
        """The value of a read-only ``PRAGMA name`` query (e.g. ``journal_mode``)."""
        if not name.replace("_", "").isalnum():
            raise ValueError(f"bad pragma name {name!r}")
        row = await self.fetchone(f"PRAGMA {name}")
        return row[0] if row is not None else None
