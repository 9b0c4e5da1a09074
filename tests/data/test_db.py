"""The connection, its pragmas, transactions and migrations."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

import aiosqlite
import pytest

from data import Database, Migration, SchemaError, load_migrations, migrate, schema_version
from data.schema import split_statements

from .conftest import CHANNEL, GUILD, HOST

pytestmark = pytest.mark.sqlite_only  # SQLite's own machinery (its file, its connection, its commit)


@pytest.mark.asyncio
async def test_fresh_file_and_folders_are_created(db_path: Path) -> None:
    """Opening a path that does not exist creates its folders and the file."""
    assert not db_path.parent.exists()
    db = await Database.open(db_path)
    await db.close()
    assert db_path.is_file()


@pytest.mark.asyncio
async def test_migrations_apply_from_empty_file(db: Database) -> None:
    """A new file ends at the newest migration, with every table present."""
    newest = load_migrations()[-1].version
    assert newest >= 2
    assert await schema_version(db) == newest
    rows = await db.fetchall("SELECT version, name FROM schema_version ORDER BY version")
    assert [r[0] for r in rows] == list(range(1, newest + 1))
    assert [(r[0], r[1]) for r in rows][:2] == [(1, "initial"), (2, "leaderboard")]
    tables = {r[0] for r in await db.fetchall("SELECT name FROM sqlite_schema WHERE type='table'")}
    assert {"games", "game_actions", "game_results", "player_stats"} <= tables


@pytest.mark.asyncio
async def test_migrating_twice_is_a_no_op(db_path: Path) -> None:
    """Reopening (or migrating again) applies nothing and changes no bookkeeping."""
    db = await Database.open(db_path)
    before = [tuple(r) for r in await db.fetchall("SELECT * FROM schema_version")]
    assert await migrate(db) == []
    await db.close()
    db = await Database.open(db_path)
    try:
        assert [tuple(r) for r in await db.fetchall("SELECT * FROM schema_version")] == before
    finally:
        await db.close()


@pytest.mark.asyncio
async def test_wal_and_pragmas(db: Database) -> None:
    """WAL is on, foreign keys are enforced, synchronous is FULL by default."""
    assert (await db.pragma("journal_mode")).lower() == "wal"
    assert await db.pragma("foreign_keys") == 1
    assert await db.pragma("synchronous") == 2  # FULL
    assert await db.pragma("busy_timeout") == 5000


def games_in_file(path: Path) -> int | None:
    """How many games the database *file* holds, ignoring its write-ahead log (None: no table yet)."""
    conn = sqlite3.connect(f"file:{path}?immutable=1", uri=True)
    try:
        return int(conn.execute("SELECT count(*) FROM games").fetchone()[0])
    except sqlite3.OperationalError:
        return None
    finally:
        conn.close()


@pytest.mark.asyncio
async def test_log_is_checkpointed_by_sqlite_itself(db: Database, db_path: Path) -> None:
    """Nothing calls for a checkpoint: SQLite copies the write-ahead log into the database file on its
    own, in the commit that takes the log past ``wal_autocheckpoint`` pages (left at 1,000)."""
    assert await db.pragma("wal_autocheckpoint") == 1000
    assert games_in_file(db_path) is None  # so far everything, the schema too, is only in the log
    big = json.dumps({"pad": "x" * 40_000})  # about ten pages a game
    for i in range(150):
        await db.games.create_game(GUILD, CHANNEL + i, HOST, "basic", big)
    assert (games_in_file(db_path) or 0) > 0


@pytest.mark.asyncio
async def test_synchronous_level_is_a_parameter(db_path: Path) -> None:
    """The synchronous level can be lowered explicitly."""
    db = await Database.open(db_path, synchronous="NORMAL")
    try:
        assert await db.pragma("synchronous") == 1
    finally:
        await db.close()


def test_unknown_synchronous_level_is_refused(db_path: Path) -> None:
    """A typo in the level fails loudly instead of being ignored by SQLite."""
    with pytest.raises(ValueError, match="synchronous"):
        Database(db_path, synchronous="FUL")  # type: ignore[arg-type]


@pytest.mark.asyncio
async def test_write_rolls_back_on_error(db: Database) -> None:
    """An exception inside a write leaves nothing written."""

    async def boom(conn: aiosqlite.Connection) -> None:
        await conn.execute("CREATE TABLE scratch (x INTEGER)")
        await conn.execute("INSERT INTO scratch VALUES (1)")
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):
        await db.write(boom)
    assert await db.fetchone("SELECT name FROM sqlite_schema WHERE name = 'scratch'") is None


@pytest.mark.asyncio
async def test_writes_are_serialized(db: Database) -> None:
    """Concurrent read-then-write transactions, each awaiting its statements one by one, run one after
    the other: none loses another's update."""

    async def create(conn: aiosqlite.Connection) -> None:
        await conn.execute("CREATE TABLE counter (n INTEGER)")
        await conn.execute("INSERT INTO counter VALUES (0)")

    await db.write(create)

    async def bump(conn: aiosqlite.Connection) -> None:
        ((n,),) = await conn.execute_fetchall("SELECT n FROM counter")
        await conn.execute("UPDATE counter SET n = ?", (n + 1,))

    await asyncio.gather(*(db.write(bump) for _ in range(20)))
    row = await db.fetchone("SELECT n FROM counter")
    assert row is not None and row[0] == 20


@pytest.mark.asyncio
async def test_closed_database_refuses_work(db_path: Path) -> None:
    """After close(), queries raise; close() twice is harmless."""
    db = await Database.open(db_path)
    await db.close()
    await db.close()
    with pytest.raises(RuntimeError, match="closed"):
        await db.fetchone("SELECT 1")


@pytest.mark.asyncio
async def test_failed_migration_is_rolled_back_whole(db_path: Path) -> None:
    """A script that fails halfway leaves no trace; earlier migrations stay applied."""
    good = Migration(1, "one", "CREATE TABLE a (x INTEGER);")
    bad = Migration(2, "two", "CREATE TABLE b (x INTEGER);\nINSERT INTO nowhere VALUES (1);")
    with pytest.raises(sqlite3.OperationalError, match="nowhere"):
        await Database.open(db_path, migrations=[good, bad])
    db = await Database.open(db_path, migrations=[good])
    try:
        assert await schema_version(db) == 1
        assert await db.fetchone("SELECT name FROM sqlite_schema WHERE name = 'b'") is None
    finally:
        await db.close()


@pytest.mark.asyncio
async def test_newer_database_is_refused(db_path: Path) -> None:
    """Old code does not run on a database migrated by newer code."""
    one = Migration(1, "one", "CREATE TABLE a (x INTEGER);")
    two = Migration(2, "two", "CREATE TABLE b (x INTEGER);")
    db = await Database.open(db_path, migrations=[one, two])
    await db.close()
    with pytest.raises(SchemaError, match="version 2"):
        await Database.open(db_path, migrations=[one])


def test_migration_numbering_must_have_no_gaps() -> None:
    """A missing version number is caught before anything runs."""
    with pytest.raises(SchemaError, match="V2 is missing"):
        load_migrations_from({"V1__a.sql": "SELECT 1;", "V3__c.sql": "SELECT 1;"})


def load_migrations_from(files: dict[str, str]) -> list[Migration]:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        for name, text in files.items():
            (Path(folder) / name).write_text(text, encoding="utf-8")
        return load_migrations(Path(folder))


def test_bad_migration_file_name_is_refused() -> None:
    """Files must be named V<n>__<name>.sql."""
    with pytest.raises(SchemaError, match="bad migration file name"):
        load_migrations_from({"V1_initial.sql": "SELECT 1;"})


@pytest.mark.parametrize(
    ("script", "expected"),
    [
        ("SELECT 1; SELECT 2;", ["SELECT 1;", "SELECT 2;"]),
        ("-- only a comment\n", []),
        ("SELECT ';'; -- trailing comment", ["SELECT ';';"]),
        (
            "CREATE TRIGGER t AFTER INSERT ON a BEGIN SELECT 1; SELECT 2; END;\nSELECT 3;",
            ["CREATE TRIGGER t AFTER INSERT ON a BEGIN SELECT 1; SELECT 2; END;", "SELECT 3;"],
        ),
    ],
)
def test_split_statements(script: str, expected: list[str]) -> None:
    """Scripts split where SQLite would end a statement."""
    assert split_statements(script) == expected


def test_unfinished_statement_is_refused() -> None:
    """A statement without its closing semicolon is an error, not silently dropped."""
    with pytest.raises(SchemaError, match="unfinished"):
        split_statements("SELECT 1; SELECT 2")


def test_data_imports_no_upper_floor() -> None:
    """Importing the storage layer loads neither discord, cogs nor the rules engine."""
    import os
    import subprocess
    import sys

    repo = Path(__file__).resolve().parents[2]
    code = (
        "import sys, data\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in {'discord', 'cogs', 'rummy'})\n"
        "print(bad)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(repo)}
    out = subprocess.run([sys.executable, "-c", code], cwd=repo, env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
