"""The PostgreSQL store's smaller parts: results and the leaderboard, servers' settings, the bot's
bookkeeping, people's preferences, servers' defaults. The same contracts as their SQLite twins (:mod:`data.leaderboard`,
:mod:`data.guilds`, :mod:`data.meta`, :mod:`data.preferences`,
:mod:`data.defaults`), in PostgreSQL's SQL."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from data import ratings
from data._clock import to_timestamp
from data.guilds import Setting, set_sql
from data.leaderboard import (
    ALL_PRESETS,
    PlayerResult,
    PlayerStats,
    Standing,
    result_params,
    standing_params,
    standing_row,
    upsert_standing_sql,
)
from data.ratings import Rating

if TYPE_CHECKING:
    from data.postgres.store import Connection, PostgresStore

__all__ = [
    "PostgresGuildDefaults",
    "PostgresGuildSettings",
    "PostgresLeaderboard",
    "PostgresMeta",
    "PostgresPreferences",
    "record_results",
]

_INSERT_RESULT: Final = (
    "INSERT INTO game_results (game_id, user_id, display_name, is_bot, bot_level, seat, rank, won, deals_won,"
    " rummies, final_score, mu_before, sigma_before, mu_after, sigma_after, deals, finished_at)"
    " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)"
)
_UPSERT_STANDING: Final = upsert_standing_sql("player_stats", "$")


async def record_results(
    conn: Connection, *, game_id: int, guild_id: int, preset: str, results: Sequence[PlayerResult], when: float
) -> None:
    """Write the result rows and update both rating tracks, in the caller's transaction, which holds
    the guild's advisory lock (see :mod:`data.postgres.games`). The caller has checked the results."""
    ranks = [r.rank for r in results]
    before = await _ratings(conn, guild_id, preset, results)
    after = ratings.rate(before, ranks)
    total_after = ratings.rate(await _ratings(conn, guild_id, ALL_PRESETS, results), ranks)
    await conn.executemany(_INSERT_RESULT, result_params(game_id, results, before, after, when))
    await conn.executemany(_UPSERT_STANDING, standing_params(guild_id, preset, results, after, total_after, when))


async def _ratings(conn: Connection, guild_id: int, preset: str, results: Sequence[PlayerResult]) -> list[Rating]:
    users = [r.user_id for r in results]
    rows = await conn.fetch(
        "SELECT user_id, mu, sigma FROM player_stats"
        " WHERE guild_id = $1 AND preset = $2 AND user_id = ANY($3::bigint[])",
        guild_id,
        preset,
        users,
    )
    known = {int(row["user_id"]): Rating(float(row["mu"]), float(row["sigma"])) for row in rows}
    return [known.get(user, Rating()) for user in users]


class PostgresLeaderboard:
    """Read side of the leaderboard (the write side is :meth:`PostgresGames.finish_game`)."""

    def __init__(self, store: PostgresStore) -> None:
        self._store = store

    async def leaderboard(
        self, guild_id: int, preset: str | None = None, limit: int = 10, include_bots: bool = False
    ) -> list[Standing]:
        """The best players of a guild, best first (see :meth:`data.leaderboard.LeaderboardStore.leaderboard`)."""
        if limit < 1:
            raise ValueError("limit must be at least 1")
        track = ALL_PRESETS if preset is None else preset
        bots = "" if include_bots else " AND NOT is_bot"
        rows = await self._store.fetch(
            f"SELECT * FROM player_stats WHERE guild_id = $1 AND preset = $2{bots}"
            f" ORDER BY mu - {ratings.ORDINAL_Z!r} * sigma DESC, wins DESC, games DESC, user_id LIMIT $3",
            guild_id,
            track,
            limit,
        )
        return [standing_row(row) for row in rows]

    async def stats(self, guild_id: int, user_id: int) -> PlayerStats | None:
        """A player's record in a guild, or ``None`` if they never finished a game there."""
        rows = await self._store.fetch(
            "SELECT * FROM player_stats WHERE guild_id = $1 AND user_id = $2 ORDER BY preset", guild_id, user_id
        )
        standings = [standing_row(row) for row in rows]
        overall = next((s for s in standings if s.preset == ALL_PRESETS), None)
        if overall is None:
            return None
        return PlayerStats(
            guild_id=guild_id,
            user_id=user_id,
            display_name=overall.display_name,
            is_bot=overall.is_bot,
            overall=overall,
            presets={s.preset: s for s in standings if s.preset != ALL_PRESETS},
        )


class PostgresGuildSettings:
    """The servers' settings (``guild_settings``)."""

    def __init__(self, store: PostgresStore) -> None:
        self._store = store

    async def languages(self) -> dict[int, str]:
        rows = await self._store.fetch("SELECT guild_id, language FROM guild_settings WHERE language IS NOT NULL")
        return {int(row["guild_id"]): str(row["language"]) for row in rows}

    async def language(self, guild_id: int) -> str | None:
        row = await self._store.fetchrow("SELECT language FROM guild_settings WHERE guild_id = $1", guild_id)
        return None if row is None or row["language"] is None else str(row["language"])

    async def set_language(self, guild_id: int, language: str | None) -> None:
        if language == "":
            raise ValueError("empty language")
        await self._set(guild_id, "language", language)

    async def organiser_roles(self) -> dict[int, int]:
        rows = await self._store.fetch(
            "SELECT guild_id, organiser_role FROM guild_settings WHERE organiser_role IS NOT NULL"
        )
        return {int(row["guild_id"]): int(row["organiser_role"]) for row in rows}

    async def set_organiser_role(self, guild_id: int, role_id: int | None) -> None:
        if role_id is not None and role_id <= 0:
            raise ValueError("not a role id")
        await self._set(guild_id, "organiser_role", role_id)

    async def _set(self, guild_id: int, column: Setting, value: str | int | None) -> None:
        now = to_timestamp(self._store.now())
        await self._store.execute(set_sql(column, ("$1", "$2", "$3")), guild_id, value, now)


class PostgresMeta:
    """Text values by key (``meta``)."""

    def __init__(self, store: PostgresStore) -> None:
        self._store = store

    async def get(self, key: str) -> str | None:
        row = await self._store.fetchrow("SELECT value FROM meta WHERE key = $1", key)
        return None if row is None else str(row["value"])

    async def set(self, key: str, value: str) -> None:
        if not key:
            raise ValueError("empty meta key")
        await self._store.execute(
            "INSERT INTO meta (key, value, updated_at) VALUES ($1, $2, $3)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
            key,
            value,
            to_timestamp(self._store.now()),
        )


class PostgresPreferences:
    """People's preferences by Discord user id (``user_preferences``)."""

    def __init__(self, store: PostgresStore) -> None:
        self._store = store

    async def pictures(self, user_id: int) -> bool | None:
        row = await self._store.fetchrow("SELECT pictures FROM user_preferences WHERE user_id = $1", user_id)
        return None if row is None else bool(row["pictures"])

    async def set_pictures(self, user_id: int, on: bool) -> None:
        await self._store.execute(
            "INSERT INTO user_preferences (user_id, pictures, updated_at) VALUES ($1, $2, $3)"
            " ON CONFLICT (user_id) DO UPDATE SET pictures = excluded.pictures, updated_at = excluded.updated_at",
            user_id,
            bool(on),
            to_timestamp(self._store.now()),
        )


class PostgresGuildDefaults:
    """The servers' defaults for new tables (``guild_defaults``): one JSON document each."""

    def __init__(self, store: PostgresStore) -> None:
        self._store = store

    async def document(self, guild_id: int) -> str | None:
        row = await self._store.fetchrow("SELECT defaults_json FROM guild_defaults WHERE guild_id = $1", guild_id)
        return None if row is None else str(row["defaults_json"])

    async def set_document(self, guild_id: int, document: str) -> None:
        await self._store.execute(
            "INSERT INTO guild_defaults (guild_id, defaults_json, updated_at) VALUES ($1, $2, $3)"
            " ON CONFLICT (guild_id) DO UPDATE SET defaults_json = excluded.defaults_json,"
            " updated_at = excluded.updated_at",
            guild_id,
            document,
            to_timestamp(self._store.now()),
        )

    async def clear(self, guild_id: int) -> None:
        await self._store.execute("DELETE FROM guild_defaults WHERE guild_id = $1", guild_id)
