"""Tournaments in the store: each one a versioned JSON document, and the link from each of its
tables to the game played there.

A row of ``tournaments`` holds :mod:`rummy.tournament`'s whole document (``state_json``, opaque
here) plus what the bot needs around it: guild, channel, organiser, status (the document's stage,
repeated for the queries), the public message id. :meth:`~TournamentQueries.save` checks the
caller's ``expected_version`` as a game's actions do (optimistic concurrency: two changes made on
one version cannot both be kept) and bumps it.

A row of ``tournament_tables`` is one table of one round: the channel its game is played in, who
sits at each seat (the entrant's id, ``None`` for a computer filler) and, once created, the game.
The link is written before the game (:meth:`~TournamentQueries.link`, which keeps a link already
there), and the game's id after it (:meth:`~TournamentQueries.set_game`), so that a process
restarted in between finds the table's channel and either the game in it or none.

API (``store.tournaments``)::

    await tournaments.create(guild_id, channel_id, organiser_id, status, state_json) -> TournamentRow
    await tournaments.get(tournament_id) -> TournamentRow | None
    await tournaments.list_open() -> [TournamentRow, ...]      # not finished nor cancelled
    await tournaments.save(tournament_id, expected_version, state_json, status) -> TournamentRow
    await tournaments.set_message(tournament_id, message_id)
    await tournaments.link(TableLink(...)) -> TableLink       # the stored one, if it was there
    await tournaments.set_game(tournament_id, round, table, game_id) -> TableLink
    await tournaments.tables(tournament_id) -> [TableLink, ...]  # by round, then table
    await tournaments.table_of_game(game_id) -> TableLink | None
"""

from __future__ import annotations

import enum
import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Final

import aiosqlite

from data._clock import from_timestamp, to_timestamp
from data.errors import DataError, StaleState
from data.rows import Row
from data.tournament_places import PlaceQueries

if TYPE_CHECKING:
    from data.db import Database

__all__ = [
    "TableLink",
    "TournamentNotFound",
    "TournamentQueries",
    "TournamentRow",
    "TournamentStatus",
    "TournamentStore",
]


class TournamentStatus(enum.StrEnum):
    """The tournament's stage, as :class:`rummy.tournament.Stage` names it."""

    SIGN_UP = "sign_up"
    PLAYING = "playing"
    BETWEEN_ROUNDS = "between_rounds"
    FINISHED = "finished"
    CANCELLED = "cancelled"

    @property
    def is_open(self) -> bool:
        return self not in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED)


class TournamentNotFound(DataError, LookupError):
    """No tournament has this id."""

    def __init__(self, tournament_id: int) -> None:
        self.tournament_id = tournament_id
        super().__init__(f"Tournament #{tournament_id} does not exist.")


@dataclass(frozen=True, slots=True)
class TournamentRow:
    id: int
    guild_id: int
    channel_id: int
    organiser_id: int
    status: TournamentStatus
    state_json: str
    version: int
    message_id: int | None
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class TableLink:
    """One table of a round: its channel, the entrant at each seat (``None``: a computer filler),
    and its game once created."""

    tournament_id: int
    round: int
    table: int
    channel_id: int
    seats: tuple[int | None, ...]
    game_id: int | None = None


def tournament_row(row: Row) -> TournamentRow:
    return TournamentRow(
        id=int(row["id"]),
        guild_id=int(row["guild_id"]),
        channel_id=int(row["channel_id"]),
        organiser_id=int(row["organiser_id"]),
        status=TournamentStatus(row["status"]),
        state_json=str(row["state_json"]),
        version=int(row["version"]),
        message_id=None if row["message_id"] is None else int(row["message_id"]),
        created_at=from_timestamp(float(row["created_at"])),
        updated_at=from_timestamp(float(row["updated_at"])),
    )


def link_row(row: Row) -> TableLink:
    seats = json.loads(str(row["seats_json"]))
    return TableLink(
        tournament_id=int(row["tournament_id"]),
        round=int(row["round"]),
        table=int(row["table_no"]),
        channel_id=int(row["channel_id"]),
        seats=tuple(None if s is None else int(s) for s in seats),
        game_id=None if row["game_id"] is None else int(row["game_id"]),
    )


_COLUMNS: Final = (
    "id, guild_id, channel_id, organiser_id, status, state_json, version, message_id, created_at, updated_at"
)
_LINK_COLUMNS: Final = "tournament_id, round, table_no, channel_id, seats_json, game_id"
CREATE_SQL: Final = (
    "INSERT INTO tournaments (guild_id, channel_id, organiser_id, status, state_json, version, created_at, updated_at)"
    f" VALUES (?, ?, ?, ?, ?, 0, ?, ?) RETURNING {_COLUMNS}"
)
GET_SQL: Final = f"SELECT {_COLUMNS} FROM tournaments WHERE id = ?"
OPEN_SQL: Final = f"SELECT {_COLUMNS} FROM tournaments WHERE status NOT IN ('finished', 'cancelled') ORDER BY id"
SAVE_SQL: Final = (
    "UPDATE tournaments SET state_json = ?, status = ?, version = version + 1, updated_at = ?"
    f" WHERE id = ? AND version = ? RETURNING {_COLUMNS}"
)
MESSAGE_SQL: Final = "UPDATE tournaments SET message_id = ? WHERE id = ? RETURNING id"
LINK_SQL: Final = (
    "INSERT INTO tournament_tables (tournament_id, round, table_no, channel_id, seats_json, game_id, created_at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (tournament_id, round, table_no) DO NOTHING"
    f" RETURNING {_LINK_COLUMNS}"
)
LINK_GET_SQL: Final = (
    f"SELECT {_LINK_COLUMNS} FROM tournament_tables WHERE tournament_id = ? AND round = ? AND table_no = ?"
)
SET_GAME_SQL: Final = (
    "UPDATE tournament_tables SET game_id = ? WHERE tournament_id = ? AND round = ? AND table_no = ?"
    f" RETURNING {_LINK_COLUMNS}"
)
TABLES_SQL: Final = f"SELECT {_LINK_COLUMNS} FROM tournament_tables WHERE tournament_id = ? ORDER BY round, table_no"
BY_GAME_SQL: Final = f"SELECT {_LINK_COLUMNS} FROM tournament_tables WHERE game_id = ?"


class TournamentQueries(ABC):
    """The statements of both stores; each runs them its own way (``?`` here, ``$n`` on PostgreSQL)."""

    @abstractmethod
    def _now(self) -> datetime: ...

    @abstractmethod
    async def _rows(self, sql: str, params: Sequence[Any]) -> Sequence[Row]: ...

    @abstractmethod
    async def _write(self, sql: str, params: Sequence[Any]) -> Sequence[Row]:
        """Run one writing statement in a transaction of its own; its ``RETURNING`` rows."""

    async def create(
        self, guild_id: int, channel_id: int, organiser_id: int, status: TournamentStatus | str, state_json: str
    ) -> TournamentRow:
        now = to_timestamp(self._now())
        params = (guild_id, channel_id, organiser_id, TournamentStatus(status).value, state_json, now, now)
        (row,) = await self._write(CREATE_SQL, params)
        return tournament_row(row)

    async def get(self, tournament_id: int) -> TournamentRow | None:
        rows = await self._rows(GET_SQL, (tournament_id,))
        return tournament_row(rows[0]) if rows else None

    async def list_open(self) -> list[TournamentRow]:
        return [tournament_row(row) for row in await self._rows(OPEN_SQL, ())]

    async def save(
        self, tournament_id: int, expected_version: int, state_json: str, status: TournamentStatus | str
    ) -> TournamentRow:
        """Store a new document if the row is still at ``expected_version``; the row after it.

        :raises StaleState: the row moved on (nothing written).
        :raises TournamentNotFound: no such tournament.
        """
        now = to_timestamp(self._now())
        params = (state_json, TournamentStatus(status).value, now, tournament_id, expected_version)
        rows = await self._write(SAVE_SQL, params)
        if rows:
            return tournament_row(rows[0])
        stored = await self.get(tournament_id)
        if stored is None:
            raise TournamentNotFound(tournament_id)
        raise StaleState(tournament_id, expected_version, stored.version)

    async def set_message(self, tournament_id: int, message_id: int | None) -> None:
        if not await self._write(MESSAGE_SQL, (message_id, tournament_id)):
            raise TournamentNotFound(tournament_id)

    async def link(self, link: TableLink) -> TableLink:
        """Write a table's link; a link already stored for that table is kept and returned."""
        seats = json.dumps(list(link.seats))
        now = to_timestamp(self._now())
        params = (link.tournament_id, link.round, link.table, link.channel_id, seats, link.game_id, now)
        rows = await self._write(LINK_SQL, params)
        if not rows:
            rows = await self._rows(LINK_GET_SQL, (link.tournament_id, link.round, link.table))
        return link_row(rows[0])

    async def set_game(self, tournament_id: int, round: int, table: int, game_id: int) -> TableLink:
        rows = await self._write(SET_GAME_SQL, (game_id, tournament_id, round, table))
        if not rows:
            raise LookupError(f"tournament {tournament_id} has no table {table} in round {round}")
        return link_row(rows[0])

    async def tables(self, tournament_id: int) -> list[TableLink]:
        return [link_row(row) for row in await self._rows(TABLES_SQL, (tournament_id,))]

    async def table_of_game(self, game_id: int) -> TableLink | None:
        rows = await self._rows(BY_GAME_SQL, (game_id,))
        return link_row(rows[0]) if rows else None


class TournamentStore(TournamentQueries, PlaceQueries):
    """Tournaments on one :class:`~data.db.Database` (see the module doc)."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def _now(self) -> datetime:
        return self._db.now()

    async def _rows(self, sql: str, params: Sequence[Any]) -> Sequence[Row]:
        return await self._db.fetchall(sql, params)

    async def _write(self, sql: str, params: Sequence[Any]) -> Sequence[Row]:
        async def run(conn: aiosqlite.Connection) -> list[aiosqlite.Row]:
            return list(await conn.execute_fetchall(sql, tuple(params)))

        return await self._db.write(run)
