"""Storage of tables (a lobby, then its game) and of their action log.

A row of ``games`` holds the rules engine's whole state as one opaque JSON document
(``state_json``) plus what the bot needs around it: guild, channel, host, preset, status,
the public message id and the current turn deadline. A channel has at most one *active*
game (status ``lobby`` or ``playing``); ended ones (``finished``, ``cancelled``,
``abandoned``) stay as history and never change again.

Every change of state goes through :meth:`GameStore.save_action` or
:meth:`GameStore.finish_game`: one transaction that checks the caller's ``expected_version``
(optimistic concurrency: two clicks on the same state cannot both win), writes the new state,
bumps ``version`` and appends the action to ``game_actions`` with ``seq`` = the new version.
So the log and the state never disagree, and a reply sent after the call returns describes
something already durable. An action is a :class:`~data._commit.Change` (its two statements as
data), so that the actions of many games saved at once share one transaction, statement by
statement (see :mod:`data.db`); a finish, which reads and rates the players, is a write function
that runs alone.

API (all on ``db.games``)::

    create_game(guild_id, channel_id, host_id, preset, state_json, status="lobby") -> GameRow
    get(game_id) -> GameRow | None
    get_active(channel_id) -> GameRow | None
    list_active() -> list[GameRow]
    save_action(ActionWrite(game_id, expected_version, state_json, status, actor_id, kind,
                            payload, message_id=UNCHANGED, turn_deadline=UNCHANGED)) -> GameRow
    finish_game(ActionWrite(...), results=None) -> GameRow
    set_message(game_id, message_id) -> GameRow
    actions(game_id) -> list[ActionRow]
    results(game_id) -> list[ResultRow]
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from datetime import datetime
from functools import partial
from typing import TYPE_CHECKING, Any, Final

import aiosqlite

from data._clock import to_timestamp
from data._commit import Change
from data.errors import ChannelBusy, DataError, GameClosed, GameNotFound, StaleState
from data.jsontext import compact_json
from data.leaderboard import (
    ALL_PRESETS,
    PlayerResult,
    ResultRow,
    check_results,
    record_results,
    result_row,
)
from data.rows import (
    UNCHANGED,
    ActionRow,
    ActionWrite,
    GameRow,
    GameStatus,
    Unchanged,
    action_row,
    game_row,
)
from data.seasons import record_season

if TYPE_CHECKING:
    from data.db import Database

__all__ = ["UNCHANGED", "ActionRow", "ActionWrite", "GameRow", "GameStatus", "GameStore", "Unchanged"]


_ACTIVE_SQL: Final = "('lobby', 'playing')"


def checked_status(value: GameStatus | str, *, active: bool) -> GameStatus:
    status = GameStatus(value)
    if status.is_active != active:
        want = "lobby or playing" if active else "finished, cancelled or abandoned"
        raise ValueError(f"status must be {want} here, not {status.value!r}")
    return status


def payload_text(payload: Mapping[str, Any]) -> str:
    """An action's payload for the log: compact, keys sorted."""
    return compact_json(dict(payload), sort_keys=True)


def deadline_seconds(value: datetime | Unchanged | None) -> float | Unchanged | None:
    if value is UNCHANGED or value is None:
        return value
    assert isinstance(value, datetime)
    return to_timestamp(value)


def checked_write(write: ActionWrite, *, active: bool) -> tuple[GameStatus, str, float | Unchanged | None]:
    """What both stores write of ``write``, checked before anything is: its status (active for
    ``save_action``, ended for ``finish_game``), its payload as logged and its turn deadline in
    seconds (a finish clears it: it may not set one).

    :raises ValueError: a status that does not fit the call, a deadline on a finish, a naive deadline.
    """
    status = checked_status(write.status, active=active)
    if not active and isinstance(write.turn_deadline, datetime):
        raise ValueError("an ended game has no turn deadline")
    deadline = deadline_seconds(write.turn_deadline) if active else None
    return status, payload_text(write.payload), deadline


_ROW_COLUMNS: Final = (
    "id, guild_id, channel_id, host_id, preset, status, version, message_id, turn_deadline, created_at, updated_at"
)
"""The columns a write reads back: all but ``state_json``, which the writer already has (see
:func:`~data.rows.game_row`)."""

# One statement for every action, whether or not it sets the message id and the turn deadline
# (IIF(0, ?, column) keeps the column), so that a batch of them is one executemany (data._commit).
_UPDATE_SQL: Final = (
    "UPDATE games SET state_json = ?, status = ?, version = version + 1, updated_at = ?,"
    " message_id = IIF(?, ?, message_id), turn_deadline = IIF(?, ?, turn_deadline)"
    f" WHERE id = ? AND version = ? AND status IN {_ACTIVE_SQL}"
)
_LOG_SQL: Final = (
    "INSERT INTO game_actions (game_id, seq, actor_id, kind, payload_json, created_at) VALUES (?, ?, ?, ?, ?, ?)"
)
_READ_SQL: Final = f"SELECT {_ROW_COLUMNS} FROM games WHERE id IN (SELECT value FROM json_each(?))"


def _action_steps(
    write: ActionWrite, status: GameStatus, payload: str, turn_deadline: float | Unchanged | None, now: float
) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """An action's two statements (from :func:`checked_write`'s values): update the game if it is
    still active at ``expected_version`` (so it changes one row, or none), and append the action to
    the log at the version it makes."""
    message = (0, None) if write.message_id is UNCHANGED else (1, write.message_id)
    deadline = (0, None) if turn_deadline is UNCHANGED else (1, turn_deadline)
    game, version = write.game_id, write.expected_version
    update = (write.state_json, status.value, now, *message, *deadline, game, version)
    log = (game, version + 1, write.actor_id, write.kind, payload, now)
    return ((_UPDATE_SQL, update), (_LOG_SQL, log))


def refusal(game_id: int, expected_version: int, found: tuple[str, int] | None) -> DataError:
    """Why an action's update changed no row, from the game's stored ``(status, version)`` (None:
    no such game): the game is gone, closed, or at another version. Both stores say it alike."""
    if found is None:
        return GameNotFound(game_id)
    status = GameStatus(found[0])
    if not status.is_active:
        return GameClosed(game_id, status.value)
    return StaleState(game_id, expected_version, found[1])


async def _refusal(game_id: int, expected_version: int, conn: aiosqlite.Connection) -> DataError:
    rows = list(await conn.execute_fetchall("SELECT status, version FROM games WHERE id = ?", (game_id,)))
    return refusal(game_id, expected_version, (rows[0]["status"], int(rows[0]["version"])) if rows else None)


class GameStore:
    """Games and their action log, on one :class:`~data.db.Database`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def create_game(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        preset: str,
        state_json: str,
        status: GameStatus | str = GameStatus.LOBBY,
    ) -> GameRow:
        """Store a new active table at version 0; SQLite picks its id.

        :raises ChannelBusy: the channel already has a lobby or a game in play.
        """
        if not preset or preset == ALL_PRESETS:
            raise ValueError(f"{preset!r} is not a preset name")
        checked = checked_status(status, active=True)
        now = to_timestamp(self._db.now())

        async def create(conn: aiosqlite.Connection) -> sqlite3.Row:
            busy = list(
                await conn.execute_fetchall(
                    f"SELECT id FROM games WHERE channel_id = ? AND status IN {_ACTIVE_SQL}", (channel_id,)
                )
            )
            if busy:
                raise ChannelBusy(channel_id, int(busy[0][0]))
            (row,) = await conn.execute_fetchall(  # INSERT ... RETURNING yields the row or raises
                "INSERT INTO games (guild_id, channel_id, host_id, preset, status, state_json,"
                " version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?)"
                " RETURNING *",
                (guild_id, channel_id, host_id, preset, checked.value, state_json, now, now),
            )
            return row

        return game_row(await self._db.write(create))

    async def get(self, game_id: int) -> GameRow | None:
        row = await self._db.fetchone("SELECT * FROM games WHERE id = ?", (game_id,))
        return None if row is None else game_row(row)

    async def get_active(self, channel_id: int) -> GameRow | None:
        """The channel's lobby or game in play, if any."""
        row = await self._db.fetchone(
            f"SELECT * FROM games WHERE channel_id = ? AND status IN {_ACTIVE_SQL}",
            (channel_id,),
        )
        return None if row is None else game_row(row)

    async def latest(self, channel_id: int) -> GameRow | None:
        """The channel's newest game, whatever its status (``/scores`` after the end)."""
        row = await self._db.fetchone(
            "SELECT * FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)
        )
        return None if row is None else game_row(row)

    async def list_active(self) -> list[GameRow]:
        """Every lobby and game in play, oldest first (to resume timers and buttons)."""
        rows = await self._db.fetchall(f"SELECT * FROM games WHERE status IN {_ACTIVE_SQL} ORDER BY id")
        return [game_row(row) for row in rows]

    async def save_action(self, write: ActionWrite) -> GameRow:
        """Store the state after one action and log the action, in one transaction.

        ``write.status`` must stay active (lobby or playing); ending a game is :meth:`finish_game`.

        :raises StaleState: ``expected_version`` is not the stored version; nothing written.
        :raises GameClosed: the game has already ended.
        :raises GameNotFound: no such game.
        """
        status, payload, deadline = checked_write(write, active=True)
        now = to_timestamp(self._db.now())
        steps = _action_steps(write, status, payload, deadline, now)
        change = Change(write.game_id, steps, _READ_SQL, partial(_refusal, write.game_id, write.expected_version))
        return game_row(await self._db.change(change), write.state_json)

    async def finish_game(self, write: ActionWrite, results: Sequence[PlayerResult] | None = None) -> GameRow:
        """End a game: like :meth:`save_action`, plus results and leaderboard, one transaction.

        ``write.status`` is ``finished``, ``cancelled`` or ``abandoned``; the turn deadline is
        cleared. Only a ``finished`` game with ``results`` writes result rows and updates the
        guild's leaderboard and ratings (for its preset and for all presets); cancelled and
        abandoned games never count.

        :raises ValueError: results given for a game that did not finish, or inconsistent
            results (checked before anything is written).
        :raises StaleState: ``expected_version`` is not the stored version; nothing written.
        :raises GameClosed: the game has already ended.
        :raises GameNotFound: no such game.
        """
        status, payload, _ = checked_write(write, active=False)
        if results is not None:
            if status is not GameStatus.FINISHED:
                raise ValueError(f"a {status.value} game has no results to record")
            check_results(results)
        now = to_timestamp(self._db.now())
        (update, update_params), (insert, insert_params) = _action_steps(write, status, payload, None, now)
        game_id = write.game_id

        async def finish(conn: aiosqlite.Connection) -> sqlite3.Row:
            rows = list(await conn.execute_fetchall(f"{update} RETURNING {_ROW_COLUMNS}", update_params))
            if not rows:
                raise await _refusal(game_id, write.expected_version, conn)
            row = rows[0]
            await conn.execute(insert, insert_params)
            if results is not None:
                guild_id, preset, when = int(row["guild_id"]), str(row["preset"]), float(row["updated_at"])
                await record_results(
                    conn, game_id=game_id, guild_id=guild_id, preset=preset, results=results, when=when
                )
                await record_season(conn, guild_id=guild_id, preset=preset, results=results, when=when)
            return row

        return game_row(await self._db.write(finish), write.state_json)

    async def set_message(self, game_id: int, message_id: int | None) -> GameRow:
        """Remember the game's public message. Not a game action: ``version`` is unchanged,
        so a caller holding the current version can still save its next action.

        :raises GameNotFound: no such game.
        """
        now = to_timestamp(self._db.now())

        async def update(conn: aiosqlite.Connection) -> sqlite3.Row | None:
            rows = list(
                await conn.execute_fetchall(
                    "UPDATE games SET message_id = ?, updated_at = ? WHERE id = ? RETURNING *",
                    (message_id, now, game_id),
                )
            )
            return rows[0] if rows else None

        row = await self._db.write(update)
        if row is None:
            raise GameNotFound(game_id)
        return game_row(row)

    async def actions(self, game_id: int) -> list[ActionRow]:
        """The game's action log, oldest first."""
        rows = await self._db.fetchall("SELECT * FROM game_actions WHERE game_id = ? ORDER BY seq", (game_id,))
        return [action_row(row) for row in rows]

    async def results(self, game_id: int) -> list[ResultRow]:
        """The stored results of a finished game, by rank then seat (empty if none)."""
        rows = await self._db.fetchall("SELECT * FROM game_results WHERE game_id = ? ORDER BY rank, seat", (game_id,))
        return [result_row(row) for row in rows]
