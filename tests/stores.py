"""Both stores in the tests: SQLite files, and a real PostgreSQL server started for the session.

A test (or a fixture) that asks for ``store_kind`` runs once per store, ``[sqlite]`` and
``[postgres]`` (:func:`pytest_generate_tests`); marked ``@pytest.mark.sqlite_only`` (a test, or a
module's ``pytestmark``), it runs on SQLite alone. ``store_place`` is where that test's store is: a
fresh SQLite file's path, or the URL of a fresh database of the session's cluster, already migrated;
``data.open_store(store_place)`` opens it, as often as the test likes.

The cluster (:class:`tools.pgcluster.Cluster`) is started once per session on a unix socket in a
temporary folder, with fsync off (nothing is kept after the run), and stopped at the end. Each test
gets a database of its own, copied from a migrated template (``CREATE DATABASE ... TEMPLATE``) and
dropped after it. Without PostgreSQL's binaries or asyncpg, the ``[postgres]`` variants skip with
the reason, unless ``RAMI_REQUIRE_POSTGRES=1`` (CI sets it): then they fail.
"""

from __future__ import annotations

import importlib.util
import itertools
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tools.pgcluster import Cluster, find_binaries

ROOT = Path(__file__).resolve().parents[1]
STORE_KINDS = ("sqlite", "postgres")
_MIGRATE = """
import asyncio, sys
from data import open_store

async def main() -> None:
    await (await open_store(sys.argv[1])).close()

asyncio.run(main())
"""
TEMPLATE = "rami_template"
_names = itertools.count(1)


def missing_postgres() -> str | None:
    """Why the PostgreSQL variants cannot run here, or None if they can."""
    if importlib.util.find_spec("asyncpg") is None:
        return "asyncpg is not installed (pip install -r requirements-dev.txt)"
    if find_binaries() is None:
        return "PostgreSQL is not installed (apt-get install postgresql), so the [postgres] variants skip"
    return None


def skip_module_without_postgres() -> None:
    """For a module about PostgreSQL alone (it imports asyncpg): skip it whole if PostgreSQL cannot
    run here, unless ``RAMI_REQUIRE_POSTGRES=1``. Call it before importing asyncpg."""
    reason = missing_postgres()
    if reason is not None and os.environ.get("RAMI_REQUIRE_POSTGRES") != "1":
        pytest.skip(reason, allow_module_level=True)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "sqlite_only: runs on the SQLite store alone (SQLite's own machinery)")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "store_kind" in metafunc.fixturenames:
        sqlite_only = metafunc.definition.get_closest_marker("sqlite_only") is not None
        metafunc.parametrize("store_kind", STORE_KINDS[:1] if sqlite_only else STORE_KINDS)


class PostgresCluster:
    """The session's server, and the databases made on it (with ``psql``, outside any event loop)."""

    def __init__(self, cluster: Cluster) -> None:
        self.cluster = cluster

    def sql(self, statement: str) -> None:
        psql = self.cluster.bin / "psql"
        command = [str(psql), "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", self.cluster.url(), "-c", statement]
        subprocess.run(command, check=True, capture_output=True, text=True)

    def new_database(self, *, migrated: bool = True) -> str:
        """A database of its own, migrated (a copy of the template) or empty; returns its URL."""
        name = f"rami_test_{next(_names)}"
        self.sql(f"CREATE DATABASE {name}" + (f" TEMPLATE {TEMPLATE}" if migrated else ""))
        return self.cluster.url(name)

    def drop(self, url: str) -> None:
        name = url.rsplit("/", 1)[1].split("?", 1)[0]
        self.sql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[PostgresCluster]:
    """The session's PostgreSQL server (skips, or fails under ``RAMI_REQUIRE_POSTGRES=1``, without one)."""
    reason = missing_postgres()
    if reason is not None:
        if os.environ.get("RAMI_REQUIRE_POSTGRES") == "1":
            pytest.fail(f"RAMI_REQUIRE_POSTGRES=1 but {reason}")
        pytest.skip(reason)
    cluster = Cluster.start(durable=False)
    try:
        server = PostgresCluster(cluster)
        server.sql(f"CREATE DATABASE {TEMPLATE}")
        # The template is migrated by the store itself, in a process of its own (no event loop here).
        command = [sys.executable, "-c", _MIGRATE, cluster.url(TEMPLATE)]
        subprocess.run(command, check=True, capture_output=True, text=True, cwd=ROOT)
        yield server
    finally:
        cluster.stop()


@pytest.fixture(scope="session")
def postgres_url(postgres_cluster: PostgresCluster) -> str:
    """The URL (``postgresql://postgres@/NAME?host=/tmp/...``, trust auth, over a unix socket) of a
    PostgreSQL database made for this session, migrated and empty, shared by the tests that ask for
    it (e.g. several bot processes on one database: ``RAMI_DATABASE_URL=postgres_url``). A test that
    needs a database of its own uses ``new_postgres_database`` instead."""
    return postgres_cluster.new_database()


@pytest.fixture
def new_postgres_database(postgres_cluster: PostgresCluster) -> Iterator[Callable[..., str]]:
    """Make databases of the test's own: ``url = new_postgres_database()`` (migrated) or
    ``new_postgres_database(migrated=False)`` (empty); they are dropped after the test."""
    made: list[str] = []

    def new(*, migrated: bool = True) -> str:
        made.append(postgres_cluster.new_database(migrated=migrated))
        return made[-1]

    yield new
    for url in made:
        postgres_cluster.drop(url)


@pytest.fixture
def store_place(store_kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> str | Path:
    """Where this test's store is: a new SQLite file's path, or a new PostgreSQL database's URL."""
    if store_kind == "sqlite":
        return tmp_path / "nested" / "dir" / "rami.sqlite3"
    new: Callable[..., str] = request.getfixturevalue("new_postgres_database")
    return new()
