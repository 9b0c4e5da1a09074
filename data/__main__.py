"""The storage's commands: ``python -m data migrate-to-postgres SQLITE_PATH POSTGRES_URL``."""

from __future__ import annotations

import argparse
import asyncio
import sys

from data.errors import DataError
from data.store import is_postgres_url


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m data", description="Rami's storage commands.")
    commands = parser.add_subparsers(dest="command", required=True)
    move = commands.add_parser(
        "migrate-to-postgres",
        help="copy an SQLite database into an empty PostgreSQL one (stop the bot first)",
        description="Copy every table of the bot's SQLite file into an empty PostgreSQL database, in one "
        "transaction, and check the counts. The SQLite file is left as it is.",
    )
    move.add_argument("sqlite_path", help="the bot's SQLite file (RAMI_DB_PATH)")
    move.add_argument("postgres_url", help="postgresql://user:password@host:port/dbname (RAMI_DATABASE_URL)")
    args = parser.parse_args(argv)
    if not is_postgres_url(args.postgres_url):
        parser.error(f"not a PostgreSQL URL (postgresql://...): {args.postgres_url!r}")
    import asyncpg

    from data.migrate import copy_to_postgres

    try:
        copied = asyncio.run(copy_to_postgres(args.sqlite_path, args.postgres_url))
    except (DataError, OSError, asyncpg.PostgresError) as exc:
        print(f"migrate-to-postgres: {exc}", file=sys.stderr)
        return 1
    for table, count in copied.items():
        print(f"{table:<17} {count:>8} rows")
    print("done: start the bot with RAMI_DATABASE_URL set to that URL")
    return 0


if __name__ == "__main__":
    sys.exit(main())
