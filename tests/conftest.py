"""Fixtures for every test: both stores (SQLite and a session's PostgreSQL server), see tests/stores.py.

``postgres_url`` (session, str) is the URL of a migrated, empty PostgreSQL database for the session;
``new_postgres_database`` makes databases of a test's own; ``store_kind`` and ``store_place`` run a
test on each store.
"""

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
    "pytest_configure",
    "pytest_generate_tests",
    "store_place",
]
