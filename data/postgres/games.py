"""Games and their action log on PostgreSQL: the same contract as :mod:`data.games` (SQLite).

What holds across processes, each in its statements:

* **The version check.** An action is ``UPDATE games ... WHERE id = $1 AND version = $2 AND status
  IN ('lobby', 'playing') RETURNING ...`` and the log row, in one transaction. The ``UPDATE`` takes
  the row's lock, so of two processes saving from one version, one changes the row and the other's
  ``UPDATE``, re-checked once the first commits, matches nothing: refused as
  :class:`~data.errors.StaleState` (or :class:`~data.errors.GameClosed`), nothing written. The two
  are one statement (the log row is inserted from the ``UPDATE``'s ``RETURNING``, in a data-changing
  ``WITH``), so an action costs one round trip to the server, and a statement is atomic: if the log
  row cannot be written, the update is not kept either.
* **One active game per channel.** The partial unique index ``games_one_active_per_channel``
  refuses a second lobby; its violation is :class:`~data.errors.ChannelBusy`.
* **Ratings.** A finish reads the players' ratings, rates, and writes them back; two games of one
  guild ending together would both read the old ratings and one update would be lost. So a finish
  holds the guild's transaction-level advisory lock (``pg_advisory_xact_lock(guild_id)``) from
  before it reads until its commit: the finishes of one guild take turns, other guilds never wait.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

import asyncpg

from data._clock import to_timestamp
from data.errors import ChannelBusy, DataError, GameNotFound
from data.games import checked_status, checked_write, refusal
from data.leaderboard import ALL_PRESETS, PlayerResult, ResultRow, check_results, result_row
from data.postgres.parts import record_results
from data.postgres.seasons import record_season
from data.rows import UNCHANGED, ActionRow, ActionWrite, GameRow, GameStatus, Unchanged, action_row, game_row

if TYPE_CHECKING:
    from data.postgres.store import Connection, PostgresStore

__all__ = ["PostgresGames"]

_ACTIVE: Final = "status IN ('lobby', 'playing')"
_BUSY_INDEX: Final = "games_one_active_per_channel"
_ROW_COLUMNS: Final = (
    "id, guild_id, channel_id, host_id, preset, status, version, message_id, turn_deadline, created_at, updated_at"
)
"""The columns a write reads back: all but ``state_json``, which the writer already has."""
_LOG_SQL: Final = (
    "INSERT INTO game_actions (game_id, seq, actor_id, kind, payload_json, created_at) VALUES ($1, $2, $3, $4, $5, $6)"
)


def _action_sql(update: str, first: int) -> str:
    """One statement for an action: the ``UPDATE`` (changing one row or none) and, from the row it
    returns, the log row at the version it made (parameters ``first`` on: actor, kind, payload)."""
    return (
        f"WITH moved AS ({update}), logged AS ("
        " INSERT INTO game_actions (game_id, seq, actor_id, kind, payload_json, created_at)"
        f" SELECT id, version, ${first}::bigint, ${first + 1}::text, ${first + 2}::json, updated_at FROM moved"
        ") SELECT * FROM moved"
    )


def _update_sql(message_id: int | Unchanged | None, turn_deadline: float | Unchanged | None) -> tuple[str, list[Any]]:
    """The action's ``UPDATE`` (parameters 1-5 are the game, the version, the document, the status
    and the time) and the values of the optional columns it sets."""
    sets = ["state_json = $3", "status = $4", "version = version + 1", "updated_at = $5"]
    extra: list[Any] = []
    for column, value in (("message_id", message_id), ("turn_deadline", turn_deadline)):
        if value is not UNCHANGED:
            extra.append(value)
            sets.append(f"{column} = ${5 + len(extra)}")
    sql = f"UPDATE games SET {', '.join(sets)} WHERE id = $1 AND version = $2 AND {_ACTIVE} RETURNING {_ROW_COLUMNS}"
    return sql, extra


async def _refusal(conn: Connection, game_id: int, expected_version: int) -> DataError:
    row = await conn.fetchrow("SELECT status, version FROM games WHERE id = $1", game_id)
    return refusal(game_id, expected_version, None if row is None else (row["status"], int(row["version"])))


class PostgresGames:
    """Games and their action log, on one :class:`~data.postgres.store.PostgresStore`."""

    def __init__(self, store: PostgresStore) -> None:
        self._store = store

    async def create_game(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        preset: str,
        state_json: str,
        status: GameStatus | str = GameStatus.LOBBY,
    ) -> GameRow:
        """Store a new active table at version 0; PostgreSQL picks its id.

        :raises ChannelBusy: the channel already has a lobby or a game in play (the unique index).
        """
        if not preset or preset == ALL_PRESETS:
            raise ValueError(f"{preset!r} is not a preset name")
        checked = checked_status(status, active=True)
        now = to_timestamp(self._store.now())
        try:
            row = await self._store.fetchrow(
                "INSERT INTO games (guild_id, channel_id, host_id, preset, status, state_json, version,"
                " created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, 0, $7, $7) RETURNING *",
                guild_id,
                channel_id,
                host_id,
                preset,
                checked.value,
                state_json,
                now,
            )
        except asyncpg.UniqueViolationError as exc:
            if exc.constraint_name != _BUSY_INDEX:
                raise
            busy = await self._store.fetchrow(f"SELECT id FROM games WHERE channel_id = $1 AND {_ACTIVE}", channel_id)
            raise ChannelBusy(channel_id, 0 if busy is None else int(busy["id"])) from None
        assert row is not None
        return game_row(row)

    async def get(self, game_id: int) -> GameRow | None:
        row = await self._store.fetchrow("SELECT * FROM games WHERE id = $1", game_id)
        return None if row is None else game_row(row)

    async def get_active(self, channel_id: int) -> GameRow | None:
        """The channel's lobby or game in play, if any."""
        row = await self._store.fetchrow(f"SELECT * FROM games WHERE channel_id = $1 AND {_ACTIVE}", channel_id)
        return None if row is None else game_row(row)

    async def latest(self, channel_id: int) -> GameRow | None:
        """The channel's newest game, whatever its status (``/scores`` after the end)."""
        row = await self._store.fetchrow(
            "SELECT * FROM games WHERE channel_id = $1 ORDER BY id DESC LIMIT 1", channel_id
        )
        return None if row is None else game_row(row)

    async def list_active(self) -> list[GameRow]:
        """Every lobby and game in play, oldest first (to resume timers and buttons)."""
        return [game_row(row) for row in await self._store.fetch(f"SELECT * FROM games WHERE {_ACTIVE} ORDER BY id")]

    async def save_action(self, write: ActionWrite) -> GameRow:
        """Store the state after one action and log the action, in one transaction (see
        :meth:`data.games.GameStore.save_action`: the same value, the same refusals)."""
        status, payload, deadline = checked_write(write, active=True)
        now = to_timestamp(self._store.now())
        update, extra = _update_sql(write.message_id, deadline)
        sql = _action_sql(update, 6 + len(extra))
        game, version = write.game_id, write.expected_version
        params = (game, version, write.state_json, status.value, now, *extra, write.actor_id, write.kind, payload)
        async with self._store.connection() as conn:  # one statement: its own transaction
            row = await conn.fetchrow(sql, *params)
            if row is None:
                raise await _refusal(conn, game, version)
        return game_row(row, write.state_json)

    async def finish_game(self, write: ActionWrite, results: Sequence[PlayerResult] | None = None) -> GameRow:
        """End a game, with its results and the guild's leaderboard, in one transaction (see
        :meth:`data.games.GameStore.finish_game`), the guild's advisory lock held around the ratings."""
        status, payload, _ = checked_write(write, active=False)
        if results is not None:
            if status is not GameStatus.FINISHED:
                raise ValueError(f"a {status.value} game has no results to record")
            check_results(results)
        now = to_timestamp(self._store.now())
        sql, extra = _update_sql(write.message_id, None)
        game, version = write.game_id, write.expected_version
        async with self._store.transaction() as conn:
            row = await conn.fetchrow(sql, game, version, write.state_json, status.value, now, *extra)
            if row is None:
                raise await _refusal(conn, game, version)
            await conn.execute(_LOG_SQL, game, version + 1, write.actor_id, write.kind, payload, now)
            if results is not None:
                guild_id = int(row["guild_id"])
                await conn.execute("SELECT pg_advisory_xact_lock($1)", guild_id)  # until the commit
                await record_results(
                    conn, game_id=game, guild_id=guild_id, preset=str(row["preset"]), results=results, when=now
                )
                await record_season(conn, guild_id=guild_id, preset=str(row["preset"]), results=results, when=now)
        return game_row(row, write.state_json)

    async def set_message(self, game_id: int, message_id: int | None) -> GameRow:
        """Remember the game's public message; ``version`` is unchanged.

        :raises GameNotFound: no such game.
        """
        now = to_timestamp(self._store.now())
        row = await self._store.fetchrow(
            "UPDATE games SET message_id = $1, updated_at = $2 WHERE id = $3 RETURNING *", message_id, now, game_id
        )
        if row is None:
            raise GameNotFound(game_id)
        return game_row(row)

    async def actions(self, game_id: int) -> list[ActionRow]:
        """The game's action log, oldest first."""
        rows = await self._store.fetch("SELECT * FROM game_actions WHERE game_id = $1 ORDER BY seq", game_id)
        return [action_row(row) for row in rows]

    async def results(self, game_id: int) -> list[ResultRow]:
        """The stored results of a finished game, by rank then seat (empty if none)."""
        rows = await self._store.fetch("SELECT * FROM game_results WHERE game_id = $1 ORDER BY rank, seat", game_id)
        return [result_row(row) for row in rows]
