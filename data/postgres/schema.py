"""The PostgreSQL store's migrations: numbered SQL files of its own, ``migrations/V<n>__<name>.sql``.

The same rules as SQLite's (:mod:`data.schema`, whose file reader this uses): versions from 1 with
no gap, a file never edited once released, a book of applied versions in ``schema_version``, each
file applied with its row in one transaction, and a database newer than the code refused. Two
processes starting together take turns: each migration runs under a transaction-level advisory
lock, and re-reads the book once it holds it.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime
from importlib import resources
from typing import TYPE_CHECKING, Final

from data._clock import to_timestamp
from data.errors import SchemaError
from data.schema import Migration, checked_migrations, load_migrations

if TYPE_CHECKING:
    from data.postgres.store import Connection

__all__ = ["MIGRATION_LOCK", "load_postgres_migrations", "migrate_postgres", "postgres_schema_version"]

log = logging.getLogger(__name__)

MIGRATION_LOCK: Final = 0x72616D69  # "rami": the advisory lock key the migrations take turns on

_BOOKKEEPING: Final = """
CREATE TABLE IF NOT EXISTS schema_version (
    version    integer          PRIMARY KEY,
    name       text             NOT NULL,
    applied_at double precision NOT NULL
)
"""


def load_postgres_migrations() -> list[Migration]:
    """The files shipped in ``data/postgres/migrations/``, checked and sorted."""
    return load_migrations(resources.files("data.postgres") / "migrations")


async def postgres_schema_version(conn: Connection) -> int:
    """The newest migration applied to this database (0 for an empty one)."""
    if await conn.fetchval("SELECT to_regclass('schema_version')") is None:
        return 0
    return int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))


async def migrate_postgres(
    conn: Connection, migrations: Sequence[Migration] | None = None, *, now: datetime
) -> list[int]:
    """Apply the pending migrations in order on ``conn``; returns the versions applied (maybe none).

    :raises SchemaError: the files are misnumbered, or the database is newer than them.
    :raises asyncpg.PostgresError: a script failed; that migration is rolled back entirely and the
        ones before it stay applied.
    """
    pending = checked_migrations(migrations) if migrations is not None else load_postgres_migrations()
    newest = pending[-1].version if pending else 0
    applied: list[int] = []
    for migration in [None, *pending]:  # None: the book itself, and the version check
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await conn.execute(_BOOKKEEPING)
            current = await postgres_schema_version(conn)
            if migration is None:
                if current > newest:
                    raise SchemaError(
                        f"the database is at schema version {current} but this code knows only up to "
                        f"{newest}: refusing to use it (was a newer release run on this database?)"
                    )
                continue
            if current >= migration.version:
                continue
            await conn.execute(migration.sql)
            await conn.execute(
                "INSERT INTO schema_version (version, name, applied_at) VALUES ($1, $2, $3)",
                migration.version,
                migration.name,
                to_timestamp(now),
            )
        log.info("applied PostgreSQL migration V%d__%s", migration.version, migration.name)
        applied.append(migration.version)
    return applied
