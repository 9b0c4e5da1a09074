"""The value objects read back from the ``games`` and ``game_actions`` tables."""

from __future__ import annotations

import enum
import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final, Protocol

from data._clock import from_timestamp

__all__ = [
    "UNCHANGED",
    "ActionRow",
    "ActionWrite",
    "GameRow",
    "GameStatus",
    "Row",
    "Unchanged",
    "action_row",
    "game_row",
]


class Row(Protocol):
    """A row read back by either store: its columns by name (:class:`sqlite3.Row`, :class:`asyncpg.Record`)."""

    def __getitem__(self, key: str, /) -> Any: ...


class GameStatus(enum.StrEnum):
    """Where a table is in its life. Compares equal to its text (``"lobby"``...)."""

    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"
    CANCELLED = "cancelled"
    ABANDONED = "abandoned"

    @property
    def is_active(self) -> bool:
        """Lobby and playing games hold their channel; the others are history."""
        return self in (GameStatus.LOBBY, GameStatus.PLAYING)


class Unchanged(enum.Enum):
    """Type of :data:`UNCHANGED`."""

    UNCHANGED = enum.auto()

    def __repr__(self) -> str:
        return "UNCHANGED"


UNCHANGED: Final = Unchanged.UNCHANGED
"""Default of optional columns in updates: keep the stored value (``None`` clears it)."""


@dataclass(frozen=True, slots=True)
class GameRow:
    """One stored table. ``state_json`` is the rules engine's document, untouched."""

    id: int
    guild_id: int
    channel_id: int
    host_id: int
    preset: str
    status: GameStatus
    state_json: str
    version: int
    message_id: int | None
    turn_deadline: datetime | None
    created_at: datetime
    updated_at: datetime

    @property
    def is_active(self) -> bool:
        return self.status.is_active


@dataclass(frozen=True, slots=True)
class ActionRow:
    """One entry of a game's action log; ``seq`` is the game version it produced."""

    game_id: int
    seq: int
    actor_id: int | None
    kind: str
    payload: dict[str, Any]
    created_at: datetime


@dataclass(frozen=True, slots=True)
class ActionWrite:
    """One action to store: what :meth:`~data.games.GameStore.save_action` and
    :meth:`~data.games.GameStore.finish_game` write, in both stores.

    The game at ``expected_version`` gets ``state_json`` and ``status`` and moves to the next
    version; the log gets ``kind`` and ``payload`` by ``actor_id`` (``None``: the bot itself, e.g. a
    timeout) at that version. ``message_id`` and ``turn_deadline`` are set, cleared (``None``) or
    kept (:data:`UNCHANGED`); a finish always clears the deadline. The stores check it (the status
    for the call, an aware deadline) before writing anything.
    """

    game_id: int
    expected_version: int
    state_json: str
    status: GameStatus | str
    actor_id: int | None
    kind: str
    payload: Mapping[str, Any]
    message_id: int | Unchanged | None = UNCHANGED
    turn_deadline: datetime | Unchanged | None = UNCHANGED


def game_row(row: Row, state_json: str | None = None) -> GameRow:
    """Build a :class:`GameRow` from a ``games`` row; ``state_json``, when given, is the document the
    row holds (a write that just stored it does not read it back)."""
    deadline = row["turn_deadline"]
    return GameRow(
        id=int(row["id"]),
        guild_id=int(row["guild_id"]),
        channel_id=int(row["channel_id"]),
        host_id=int(row["host_id"]),
        preset=str(row["preset"]),
        status=GameStatus(row["status"]),
        state_json=str(row["state_json"]) if state_json is None else state_json,
        version=int(row["version"]),
        message_id=None if row["message_id"] is None else int(row["message_id"]),
        turn_deadline=None if deadline is None else from_timestamp(float(deadline)),
        created_at=from_timestamp(float(row["created_at"])),
        updated_at=from_timestamp(float(row["updated_at"])),
    )


def action_row(row: Row) -> ActionRow:
    """Build an :class:`ActionRow` from a ``game_actions`` row."""
    return ActionRow(
        game_id=int(row["game_id"]),
        seq=int(row["seq"]),
        actor_id=None if row["actor_id"] is None else int(row["actor_id"]),
        kind=str(row["kind"]),
        payload=json.loads(row["payload_json"]),
        created_at=from_timestamp(float(row["created_at"])),
    )
