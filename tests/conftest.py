"""Fixtures for every test: both stores (SQLite and a session's PostgreSQL server), see tests/stores.py.

``postgres_url`` (session, str) is the URL of a migrated, empty PostgreSQL database for the session;
``new_postgres_database`` makes databases of a test's own; ``store_kind`` and ``store_place`` run a
test on each store.

The process-bound tests (``tests/e2e``, ``tests/fakediscord``: a bot process each, mostly waiting)
are collected first, so pytest-xdist starts them while the quick tests fill the other processes,
and ``--dist worksteal`` (pyproject.toml) lets an idle process take over a busy one's queue: the
run ends together instead of on a tail of long tests.
"""

from pathlib import Path

import pytest

from tests.stores import (
    new_postgres_database,
    postgres_cluster,
    postgres_url,
    pytest_configure,
    pytest_generate_tests,
    store_place,
)

__all__ = [
    "new_postgres_database",
    "postgres_cluster",
    "postgres_url",
    "pytest_collection_modifyitems",
    "pytest_configure",
    "pytest_generate_tests",
    "store_place",
]


_FIRST = ("e2e", "fakediscord")  # the folders of tests/ whose tests each run a process


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The process-bound tests first, every folder's own order kept (a stable sort)."""
    here = Path(__file__).parent

    def late(item: pytest.Item) -> bool:
        parts = item.path.relative_to(here).parts if item.path.is_relative_to(here) else ()
        return not (parts and parts[0] in _FIRST)

    items.sort(key=late)
