"""Moving a bot's SQLite database to PostgreSQL: ``python -m data migrate-to-postgres SQLITE_PATH URL``.

Stop the bot first. :func:`copy_to_postgres` opens the SQLite file (migrating it to the newest
schema, as the bot would at start) and the PostgreSQL database (creating its schema), refuses a
target that holds any row already, then copies every table (games, their action log, results,
the leaderboards, the servers' settings and defaults, people's preferences, the bot's bookkeeping,
the seasons, the tournaments and their places) in one PostgreSQL transaction: rows as they are,
ids kept, the id sequences moved past the last ids.
Before committing it counts each table on both sides; any difference rolls everything back. The
SQLite file is only read. Then start the bot with ``RAMI_DATABASE_URL`` set to the URL.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Final

from data.db import Database
from data.errors import DataError

__all__ = ["TABLES", "MigrationRefused", "copy_to_postgres"]

TABLES: Final = {
    "games": (
        "id, guild_id, channel_id, host_id, preset, status, state_json, version, message_id, turn_deadline,"
        " created_at, updated_at"
    ),
    "game_actions": "game_id, seq, actor_id, kind, payload_json, created_at",
    "game_results": (
        "game_id, user_id, display_name, is_bot, bot_level, seat, rank, won, deals_won, rummies, final_score,"
        " mu_before, sigma_before, mu_after, sigma_after, deals, finished_at"
    ),
    "player_stats": (
        "guild_id, preset, user_id, display_name, is_bot, games, wins, deals_won, rummies, mu, sigma, last_played_at"
    ),
    "guild_settings": "guild_id, language, organiser_role, updated_at",
    "user_preferences": "user_id, pictures, updated_at",
    "guild_defaults": "guild_id, defaults_json, updated_at",
    "meta": "key, value, updated_at",
    "guild_seasons": "guild_id, mode, channel_id, updated_at",
    "seasons": "guild_id, season, starts_at, ends_at, claimed_at, claimed_by, posted_at, channel_id, message_id",
    "season_stats": (
        "guild_id, season, preset, user_id, display_name, is_bot, games, wins, deals_won, rummies, mu, sigma,"
        " last_played_at"
    ),
    "tournaments": (
        "id, guild_id, channel_id, organiser_id, status, state_json, version, message_id, created_at, updated_at,"
        " standings_round"
    ),
    "tournament_tables": "tournament_id, round, table_no, channel_id, seats_json, game_id, created_at",
    "tournament_places": "tournament_id, user_id, guild_id, name, place, entrants, finished_at",
}
"""Every table copied, in an order that respects the foreign keys, with its columns."""
_BOOLEANS: Final = frozenset({"is_bot", "won", "pictures"})  # 0/1 in SQLite, boolean in PostgreSQL


class MigrationRefused(DataError):
    """The copy cannot be made (a missing file, a target that is not empty, counts that differ)."""


async def copy_to_postgres(sqlite_path: str | os.PathLike[str], url: str) -> dict[str, int]:
    """Copy the SQLite database at ``sqlite_path`` into the PostgreSQL database at ``url``; returns
    the rows copied per table. Nothing is kept on PostgreSQL unless every table was copied whole.

    :raises MigrationRefused: no such file, the target holds rows, or the counts differ.
    """
    from data.postgres import PostgresStore  # asyncpg only for this command

    if not Path(sqlite_path).is_file():
        raise MigrationRefused(f"{os.fspath(sqlite_path)} is not an SQLite file of the bot")
    source = await Database.open(sqlite_path)
    try:
        target = await PostgresStore.open(url)
        try:
            async with target.transaction() as conn:
                for table in TABLES:
                    if await conn.fetchval(f"SELECT EXISTS (SELECT 1 FROM {table})"):
                        raise MigrationRefused(f"the PostgreSQL database is not empty (table {table} has rows)")
                copied: dict[str, int] = {}
                for table, columns in TABLES.items():
                    names = [c.strip() for c in columns.split(",")]
                    rows = await source.fetchall(f"SELECT {columns} FROM {table}")
                    records = [_record(names, tuple(row)) for row in rows]
                    if records:
                        await conn.copy_records_to_table(table, records=records, columns=names)
                    copied[table] = len(records)
                for serial in ("games", "tournaments"):
                    await conn.execute(
                        f"SELECT setval(pg_get_serial_sequence('{serial}', 'id'), COALESCE(MAX(id), 1),"
                        f" MAX(id) IS NOT NULL) FROM {serial}"
                    )
                for table, count in copied.items():
                    stored = await conn.fetchval(f"SELECT count(*) FROM {table}")
                    if stored != count:
                        raise MigrationRefused(f"table {table}: {count} rows read but {stored} stored")
        finally:
            await target.close()
    finally:
        await source.close()
    return copied


def _record(names: list[str], row: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(bool(v) if name in _BOOLEANS and v is not None else v for name, v in zip(names, row, strict=True))
