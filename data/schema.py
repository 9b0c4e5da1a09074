"""Schema migrations: numbered SQL files applied in order, one transaction each.

The files live beside this module in ``migrations/`` and are named ``V<n>__<name>.sql``
(``V1__initial.sql``, ``V2__leaderboard.sql``, ...). Versions start at 1 and have no gaps.
A file is never edited once released: a change to the schema is a new file.

The runner keeps its own book in ``schema_version`` (one row per applied file). Each file runs
inside one ``BEGIN IMMEDIATE`` transaction together with the row that records it, so a
migration is either wholly applied or not at all, and a second run is a no-op. A database
whose version is newer than the newest file is refused rather than used by older code.
"""

from __future__ import annotations

import logging
import re
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from importlib import resources
from importlib.resources.abc import Traversable
from typing import TYPE_CHECKING

import aiosqlite

from data._clock import to_timestamp
from data.errors import SchemaError

if TYPE_CHECKING:
    from data.db import Database

__all__ = ["Migration", "checked_migrations", "load_migrations", "migrate", "schema_version", "split_statements"]

log = logging.getLogger(__name__)

_FILE_NAME = re.compile(r"^V(?P<version>[1-9][0-9]*)__(?P<name>[A-Za-z0-9_]+)\.sql$")

_BOOKKEEPING = """
CREATE TABLE IF NOT EXISTS schema_version (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at REAL NOT NULL
)
"""


@dataclass(frozen=True, slots=True)
class Migration:
    """One numbered SQL script."""

    version: int
    name: str
    sql: str

    @property
    def statements(self) -> list[str]:
        return split_statements(self.sql)


def split_statements(script: str) -> list[str]:
    """Split an SQL script into single statements, as SQLite itself would read them.

    Semicolons inside strings, comments or ``CREATE TRIGGER ... BEGIN ... END`` bodies do not
    end a statement (the test is :func:`sqlite3.complete_statement`). A trailing fragment that
    holds only comments is dropped; any other unfinished statement is an error.
    """
    statements: list[str] = []
    start = 0
    for index, char in enumerate(script):
        if char == ";" and sqlite3.complete_statement(script[start : index + 1]):
            statement = script[start : index + 1].strip()
            if _strip_comments(statement).strip(" \t\r\n;"):
                statements.append(statement)
            start = index + 1
    rest = script[start:]
    if _strip_comments(rest).strip():
        raise SchemaError(f"unfinished SQL statement at the end of the script: {rest.strip()!r}")
    return statements


def _strip_comments(sql: str) -> str:
    """Drop ``--`` line comments (good enough to tell an empty fragment from a statement)."""
    return "\n".join(line.split("--", 1)[0] for line in sql.splitlines())


def load_migrations(directory: Traversable | None = None) -> list[Migration]:
    """Read the migration files, sorted by version; check their names and numbering.

    :param directory: where the files are; by default the ``migrations/`` folder shipped in
        this package (read through :mod:`importlib.resources`, so it works from a wheel too).
    """
    folder = directory if directory is not None else resources.files("data") / "migrations"
    found: dict[int, Migration] = {}
    for entry in folder.iterdir():
        if not entry.name.endswith(".sql"):
            continue
        match = _FILE_NAME.match(entry.name)
        if match is None:
            raise SchemaError(f"bad migration file name {entry.name!r} (want V<n>__<name>.sql)")
        version = int(match["version"])
        if version in found:
            raise SchemaError(f"two migration files have version {version}")
        found[version] = Migration(version, match["name"], entry.read_text(encoding="utf-8"))
    return checked_migrations(found.values())


def checked_migrations(migrations: Iterable[Migration]) -> list[Migration]:
    ordered = sorted(migrations, key=lambda m: m.version)
    for expected, migration in enumerate(ordered, start=1):
        if migration.version != expected:
            raise SchemaError(f"migration V{expected} is missing (found V{migration.version})")
    return ordered


async def _create_bookkeeping(conn: aiosqlite.Connection) -> None:
    await conn.execute(_BOOKKEEPING)


async def _apply(migration: Migration, now: float, conn: aiosqlite.Connection) -> bool:
    """Run one migration and record it, in the caller's transaction; False if already applied."""
    # Re-read inside the write lock: another process may have migrated meanwhile.
    ((newest,),) = await conn.execute_fetchall("SELECT COALESCE(MAX(version), 0) FROM schema_version")
    if int(newest) >= migration.version:
        return False
    for statement in migration.statements:
        await conn.execute(statement)
    await conn.execute(
        "INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)",
        (migration.version, migration.name, now),
    )
    return True


async def schema_version(db: Database) -> int:
    """The version of the newest migration applied to this database (0 for a new file)."""
    row = await db.fetchone("SELECT name FROM sqlite_schema WHERE type = 'table' AND name = 'schema_version'")
    if row is None:
        return 0
    row = await db.fetchone("SELECT COALESCE(MAX(version), 0) FROM schema_version")
    return int(row[0]) if row is not None else 0


async def migrate(db: Database, migrations: Sequence[Migration] | None = None) -> list[int]:
    """Apply the pending migrations in order and return the versions applied (maybe none).

    :raises SchemaError: if the files are misnumbered or the database is newer than them.
    :raises sqlite3.Error: if a script fails; that migration is rolled back entirely and the
        ones before it stay applied.
    """
    pending = checked_migrations(migrations) if migrations is not None else load_migrations()
    newest = pending[-1].version if pending else 0
    await db.write(_create_bookkeeping)
    current = await schema_version(db)
    if current > newest:
        raise SchemaError(
            f"the database is at schema version {current} but this code knows only up to "
            f"{newest}: refusing to use it (was a newer release run on this file?)"
        )
    applied: list[int] = []
    for migration in pending:
        if migration.version <= current:
            continue
        if not await db.write(partial(_apply, migration, to_timestamp(db.now()))):
            continue
        log.info("applied migration V%d__%s", migration.version, migration.name)
        applied.append(migration.version)
    return applied
