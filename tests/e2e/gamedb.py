"""Read the bot's SQLite file from the test, the way an auditor would: read-only, one query at a time.

The bot owns the database (WAL mode); the test opens its own read-only connection for every read,
so it never holds a lock, never checkpoints, and sees exactly what the bot committed. Tests use it to
decide what a simulated user types next and to check that a refused input changed nothing.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from rummy.table import Table

ACTIVE = ("lobby", "playing")


@dataclass(frozen=True)
class Snapshot:
    """One ``games`` row as read at ``read_at`` (``time.perf_counter()``, the fake's clock)."""

    id: int
    channel_id: int
    status: str
    version: int
    state_json: str
    message_id: int | None
    read_at: float

    @cached_property
    def table(self) -> Table:
        """The table document, rebuilt with the bot's own code."""
        return Table.from_json(json.loads(self.state_json))

    @property
    def key(self) -> tuple[int, str, str]:
        """What must not move when an input is refused: version, status and the whole document."""
        return (self.version, self.status, self.state_json)


@dataclass(frozen=True)
class LoggedAction:
    """One row of ``game_actions``."""

    seq: int
    actor_id: int | None
    kind: str
    payload: dict[str, Any]


class GameDb:
    """Read-only access to the bot's database file at ``path``."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @contextlib.contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=10)
        try:
            conn.row_factory = sqlite3.Row
            yield conn
        finally:
            conn.close()

    def _query(self, sql: str, params: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        with self._connect() as conn:
            return list(conn.execute(sql, params))

    @staticmethod
    def _snapshot(row: sqlite3.Row) -> Snapshot:
        return Snapshot(
            row["id"],
            row["channel_id"],
            row["status"],
            row["version"],
            row["state_json"],
            row["message_id"],
            time.perf_counter(),
        )

    def active(self, channel_id: int) -> Snapshot | None:
        """The channel's table in the lobby or in play, if any."""
        rows = self._query("SELECT * FROM games WHERE channel_id = ? AND status IN (?, ?)", (channel_id, *ACTIVE))
        return self._snapshot(rows[0]) if rows else None

    def game(self, game_id: int) -> Snapshot:
        """A game by id, whatever its status."""
        rows = self._query("SELECT * FROM games WHERE id = ?", (game_id,))
        if not rows:
            raise LookupError(f"no game {game_id} in {self.path}")
        return self._snapshot(rows[0])

    def games(self) -> list[Snapshot]:
        """Every game, oldest first."""
        return [self._snapshot(r) for r in self._query("SELECT * FROM games ORDER BY id")]

    def actions(self, game_id: int) -> list[LoggedAction]:
        """The game's action log, oldest first."""
        rows = self._query("SELECT * FROM game_actions WHERE game_id = ? ORDER BY seq", (game_id,))
        return [LoggedAction(r["seq"], r["actor_id"], r["kind"], json.loads(r["payload_json"])) for r in rows]

    def action_times(self, game_id: int) -> dict[int, float]:
        """When each action of the game was committed: ``seq`` -> the bot's ``created_at`` (UNIX seconds)."""
        rows = self._query("SELECT seq, created_at FROM game_actions WHERE game_id = ? ORDER BY seq", (game_id,))
        return {int(r["seq"]): float(r["created_at"]) for r in rows}

    def results(self, game_id: int) -> list[dict[str, Any]]:
        """The stored results of a finished game, by rank then seat."""
        rows = self._query("SELECT * FROM game_results WHERE game_id = ? ORDER BY rank, seat", (game_id,))
        return [dict(r) for r in rows]

    def tournaments(self) -> list[dict[str, Any]]:
        """Every ``tournaments`` row, oldest first."""
        return [dict(r) for r in self._query("SELECT * FROM tournaments ORDER BY id")]

    def tournament_tables(self, tournament_id: int) -> list[dict[str, Any]]:
        """The tournament's tables (``round``, ``table_no``, ``channel_id``, ``seats`` as a list,
        ``game_id``), by round then table."""
        rows = self._query(
            "SELECT * FROM tournament_tables WHERE tournament_id = ? ORDER BY round, table_no", (tournament_id,)
        )
        return [dict(r) | {"seats": json.loads(r["seats_json"])} for r in rows]

    def meta(self, key: str) -> str | None:
        """A value of the bot's ``meta`` table."""
        rows = self._query("SELECT value FROM meta WHERE key = ?", (key,))
        return str(rows[0]["value"]) if rows else None

    def everything(self) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
        """Every games row and every action row, for "nothing changed" comparisons."""
        with self._connect() as conn:
            games = [tuple(r) for r in conn.execute("SELECT * FROM games ORDER BY id")]
            actions = [tuple(r) for r in conn.execute("SELECT * FROM game_actions ORDER BY game_id, seq")]
        return games, actions


def write_meta(path: Path, key: str, value: str) -> None:
    """Change the bot's ``meta`` table while the bot is stopped (to pretend an older command set)."""
    conn = sqlite3.connect(path, timeout=10)
    try:
        with conn:
            conn.execute("UPDATE meta SET value = ? WHERE key = ?", (value, key))
    finally:
        conn.close()
