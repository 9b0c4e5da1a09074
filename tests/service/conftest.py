"""The service's tests drive games through the same harness as the cogs' tests: a real database
file, the real service, and spec'd mock interactions (see tests/cogs/conftest.py)."""

from tests.cogs.conftest import clock, db, db_path, h, no_error_logs, pytest_configure

__all__ = ["clock", "db", "db_path", "h", "no_error_logs", "pytest_configure"]
