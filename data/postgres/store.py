"""A PostgreSQL database on an asyncpg pool: :class:`PostgresStore`.

Every write is one transaction on a connection of the pool (``READ COMMITTED``, PostgreSQL's
default), committed before the call returns: with the server's ``synchronous_commit = on`` (its
default) a committed action survives a killed bot process, a killed server and a power loss. There
is no queue and no group commit here: concurrent writes run on different connections and the
server shares their fsyncs (its own group commit of the WAL). What guards each row across processes
is in the statements themselves (:mod:`data.postgres.games`).

Reads are one statement each on any connection of the pool, so a read made after a write returned
sees it.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from types import TracebackType
from typing import TYPE_CHECKING, Any, TypeAlias

import asyncpg

from data._clock import Clock, utcnow
from data.postgres.games import PostgresGames
from data.postgres.history import PostgresHistory
from data.postgres.parts import (
    PostgresGuildDefaults,
    PostgresGuildSettings,
    PostgresLeaderboard,
    PostgresMeta,
    PostgresPreferences,
)
from data.postgres.schema import migrate_postgres
from data.postgres.seasons import PostgresSeasons
from data.postgres.tournaments import PostgresTournaments
from data.schema import Migration

__all__ = ["PostgresStore"]

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    Connection: TypeAlias = asyncpg.pool.PoolConnectionProxy[asyncpg.Record]
    """A connection of the pool, as the stores' statements get it."""


class PostgresStore:
    """One PostgreSQL database. Make it with :meth:`open` (connects, migrates), end it with :meth:`close`.

    :param url: a libpq URL, ``postgresql://user:password@host:port/dbname`` (a unix socket's
        folder as ``?host=/path``).
    :param clock: returns the current aware datetime; tests may pass a fixed one.
    """

    def __init__(self, pool: asyncpg.Pool[asyncpg.Record], url: str, *, clock: Clock = utcnow) -> None:
        self.url = url
        self.now: Clock = clock
        self._pool: asyncpg.Pool[asyncpg.Record] | None = pool
        self.games = PostgresGames(self)
        self.leaderboard = PostgresLeaderboard(self)
        self.history = PostgresHistory(self)
        self.guilds = PostgresGuildSettings(self)
        self.meta = PostgresMeta(self)
        self.preferences = PostgresPreferences(self)
        self.defaults = PostgresGuildDefaults(self)
        self.seasons = PostgresSeasons(self)
        self.tournaments = PostgresTournaments(self)

    def __repr__(self) -> str:
        state = "open" if self._pool is not None else "closed"
        return f"<PostgresStore {_redacted(self.url)!r} {state}>"

    @classmethod
    async def open(
        cls,
        url: str,
        *,
        clock: Clock = utcnow,
        migrations: Sequence[Migration] | None = None,
        min_size: int = 1,
        max_size: int = 10,
    ) -> PostgresStore:
        """Connect a pool and apply the pending migrations (refusing a database newer than the code).

        :param migrations: the scripts to apply; by default ``data/postgres/migrations/``.
        :param min_size: connections the pool keeps open; ``max_size``: at most.
        """
        pool = await asyncpg.create_pool(url, min_size=min_size, max_size=max_size)
        store = cls(pool, url, clock=clock)
        try:
            async with store.connection() as conn:
                await migrate_postgres(conn, migrations, now=clock())
        except BaseException:
            await store.close()
            raise
        log.info("opened PostgreSQL database %s", _redacted(url))
        return store

    async def close(self) -> None:
        """Wait for the connections in use to be released, then close the pool. Idempotent."""
        pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()
            log.info("closed PostgreSQL database %s", _redacted(self.url))

    @property
    def is_open(self) -> bool:
        return self._pool is not None

    async def __aenter__(self) -> PostgresStore:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    def _open(self) -> asyncpg.Pool[asyncpg.Record]:
        if self._pool is None:
            raise RuntimeError("the database is closed")
        return self._pool

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[Connection]:
        """A connection of the pool, for the block's statements (autocommit: one statement, one commit)."""
        async with self._open().acquire() as conn:
            yield conn

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        """A connection of the pool in a transaction: committed when the block ends, rolled back if
        it raises (a refusal raised inside keeps nothing)."""
        async with self._open().acquire() as conn, conn.transaction():
            yield conn

    async def fetchrow(self, sql: str, *args: Any) -> asyncpg.Record | None:
        """Run one statement and return its first row, or None."""
        return await self._open().fetchrow(sql, *args)

    async def fetch(self, sql: str, *args: Any) -> list[asyncpg.Record]:
        """Run one statement and return all its rows."""
        return await self._open().fetch(sql, *args)

    async def execute(self, sql: str, *args: Any) -> str:
        """Run one statement in a transaction of its own; returns its status (e.g. ``UPDATE 1``)."""
        return await self._open().execute(sql, *args)


def _redacted(url: str) -> str:
    """The URL without its password, for logs."""
    scheme, sep, rest = url.partition("://")
    credentials, at, place = rest.rpartition("@")
    if not at or ":" not in credentials:
        return url
    return f"{scheme}{sep}{credentials.split(':', 1)[0]}:***@{place}"
