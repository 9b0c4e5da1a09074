"""The PostgreSQL store: the same interface as the SQLite one (:class:`data.store.Store`), on an
asyncpg pool, for several bot processes (or machines) sharing one database.

* :mod:`data.postgres.store`: :class:`PostgresStore`, the pool, one transaction per write.
* :mod:`data.postgres.games`: games and their action log, the version check, ``ChannelBusy``, the
  per-guild advisory lock around results and ratings.
* :mod:`data.postgres.parts`: the leaderboard's read side, servers' settings, meta, preferences.
* :mod:`data.postgres.schema`: its own numbered migrations (``migrations/V<n>__<name>.sql``).
"""

from data.postgres.schema import load_postgres_migrations, migrate_postgres, postgres_schema_version
from data.postgres.store import PostgresStore

__all__ = ["PostgresStore", "load_postgres_migrations", "migrate_postgres", "postgres_schema_version"]
