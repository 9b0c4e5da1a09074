"""The core of the game service: the lock, the commit and the listeners. No Discord types in here.

Every change runs under the channel's :class:`asyncio.Lock` (one per game, held in a
:class:`weakref.WeakValueDictionary`): take the row this process committed last (or read it),
rebuild the :class:`~rummy.table.Table` (a private copy: see :mod:`service.cache`), check
and apply (the table and the engine raise player-readable errors and change nothing), then
commit the new document and the action-log row in one transaction through :mod:`data`
(``save_action``, or ``finish_game`` with the results). Only after the commit does the caller
render a reply, so a reply always describes something durable. The row version guards
against a second process: when its commit finds the row moved on, the change is judged
again on the stored row, as if it had come after (and refused if it no longer fits).

Readers get a :class:`~service.model.GameSnapshot` (or a player's
:class:`~service.model.PlayerSnapshot`) of one committed version, and every change an
:class:`~service.model.Outcome`: no database row leaves the service. After each commit the
:class:`~service.model.Outcome` is given to every listener, so the timers (turn timer, computer
players, lobby expiry) can plan their next step and the board can redraw: each is a listener the
bot subscribes (:meth:`GameService.subscribe`).
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Generic, TypeVar

from data import GameClosed, GameNotFound, GameRow, StaleState, Store
from rummy.deal import Event
from rummy.table import Table, TableStatus
from service import bots
from service.cache import TableCache
from service.commit import store
from service.defaults import ServerDefaults
from service.hints import AdviceCache
from service.model import (
    ChangeKind,
    GameSnapshot,
    Outcome,
    Refusal,
)
from service.settings import ServerSettings
from service.thinking import Thinker

log = logging.getLogger(__name__)

D = TypeVar("D")
Listener = Callable[[Outcome[Any]], None]


@dataclass(frozen=True)
class Applied(Generic[D]):
    """What a change did to a table: its public events, the kind's detail, the seat that acted."""

    events: list[Event]
    detail: D
    seat: int | None = None


def new_turn(table: Table, before: tuple[int, int, int] | None) -> bool:
    return table.turn_key is not None and table.turn_key != before


class ServiceCore:
    """Tables on one :class:`~data.Store` (SQLite or PostgreSQL). ``seed`` gives the seed of new tables (tests)."""

    def __init__(
        self,
        db: Store,
        *,
        lobby_ttl: timedelta = timedelta(minutes=30),
        idle_ttl: timedelta = timedelta(hours=24),
        seed: Callable[[], int | None] = lambda: None,
        thinker: Thinker | None = None,
    ) -> None:
        self._db = db
        self.thinker = thinker if thinker is not None else Thinker()  # the experts' worker process
        self.lobby_ttl = lobby_ttl
        self.idle_ttl = idle_ttl
        self.seed = seed
        self._listeners: list[Listener] = []
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self.tables = TableCache()
        self.hints = AdviceCache()  # advice worked out, per game version and seat
        self.settings = ServerSettings(db)  # each server's language (load() it once at start)
        self.defaults = ServerDefaults(db)  # each server's defaults for new tables (read at each create)

    def now(self) -> datetime:
        return self._db.now()

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener`` with the :class:`~service.model.Outcome` of every committed change from
        now on (the creation of a table too), after the commit and outside the game's lock. It must
        be quick: it starts work (a redraw, a timer), it does not wait for it."""
        self._listeners.append(listener)

    def lock(self, channel_id: int) -> asyncio.Lock:
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = self._locks[channel_id] = asyncio.Lock()
        return lock

    async def _active_row(self, channel_id: int, game_id: int | None = None) -> GameRow:
        row = await self._db.games.get_active(channel_id)
        if row is None:
            if game_id is not None:
                raise Refusal("game_closed")
            raise Refusal("no_table")
        if game_id is not None and row.id != game_id:
            raise Refusal("game_closed")
        return row

    def _snapshot(self, row: GameRow, table: Table | None = None) -> GameSnapshot:
        """``row``'s version, with its table (decoded or cached unless given: see service.cache)."""
        table = self.tables.shared(row) if table is None else table
        expires = row.updated_at + self.lobby_ttl if table.status is TableStatus.LOBBY else None
        return GameSnapshot(
            row.id, row.guild_id, row.channel_id, row.version, table, row.message_id, row.turn_deadline, expires
        )

    # -- the commit ----------------------------------------------------------------------------
    async def _change(
        self,
        channel_id: int,
        game_id: int | None,
        kind: ChangeKind,
        actor: int,
        change: Callable[[Table], Applied[D]],
        payload: dict[str, Any],
        logged: str | None = None,
    ) -> Outcome[D]:
        """Apply ``change`` and commit it, logged as ``logged`` (default: the kind's value)."""
        async with self.lock(channel_id):
            # Optimistic: start from the version this process committed last (no read); if the
            # database moved on (another process), the commit refuses it and we start again from
            # the stored row, as if the action had come after that change.
            cached = self.tables.active_row(channel_id, game_id)
            while True:
                row = cached or await self._active_row(channel_id, game_id)
                table = self.tables.private(row)  # changed in place: nobody else may hold it
                before = table.turn_key
                try:
                    applied = change(table)  # a refusal is only trusted from the stored row
                    bots.observe(table, applied.events)
                    row = await self._commit(row, table, before, actor, logged or kind.value, payload, applied.events)
                    break
                except Exception as exc:
                    if isinstance(exc, (StaleState, GameClosed, GameNotFound)):
                        self.tables.drop(row.id)
                    if cached is None:
                        raise
                    cached = None
        game, events = self._snapshot(row, table), tuple(applied.events)
        return self._tell(Outcome(kind, game, applied.detail, events, applied.seat, new_turn(table, before)))

    async def _commit(
        self,
        row: GameRow,
        table: Table,
        before: tuple[int, int, int] | None,
        actor: int | None,
        kind: str,
        payload: dict[str, Any],
        events: Sequence[Event] = (),
    ) -> GameRow:
        """Store the changed table and its public ``events`` (:func:`service.commit.store`); once
        committed it becomes the shared table of the new version (a write that fails leaves the
        cache, like the database, at the last committed state)."""
        new = await store(self._db, row, table, before, actor, kind, payload, events)
        self.tables.put(new, table)
        return new

    def _tell(self, out: Outcome[D]) -> Outcome[D]:
        """Give a committed change to every listener, in the order they subscribed, then return it.
        One that raises is logged: the change is committed, and the others still hear of it."""
        for listener in self._listeners:
            try:
                listener(out)
            except Exception:
                log.exception("a listener failed on the change of game %s", out.game.game_id)
        return out
