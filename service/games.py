"""The game service: the one way a table changes. No Discord types in here.

Every change runs under the channel's :class:`asyncio.Lock` (one per game, held in a
:class:`weakref.WeakValueDictionary`): take the row this process committed last (or read it),
rebuild the :class:`~rummy.table.Table` (a private copy: see :mod:`service.cache`), check
and apply (the table and the engine raise player-readable errors and change nothing), then
commit the new document and the action-log row in one transaction through :mod:`data`
(``save_action``, or ``finish_game`` with the results). Only after the commit does the caller
render a reply, so a reply always describes something durable. The row version guards
against a second process: when its commit finds the row moved on, the change is judged
again on the stored row, as if it had come after (and refused if it no longer fits).

After each commit :attr:`GameService.on_change` is called with the channel id, so the timers
(turn timer, computer players, lobby expiry) can plan their next step.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from data import UNCHANGED, Database, GameClosed, GameNotFound, GameRow, StaleState, Unchanged
from rummy import actions as act
from rummy.ai import safe_action
from rummy.deal import Event
from rummy.table import Table, TableStatus
from rummy.view import PlayerView, view_for
from service import bots
from service.cache import TableCache, dump_table, load_table, results_of
from service.model import Outcome, Step

log = logging.getLogger(__name__)

SCORES_KEPT = timedelta(hours=24)  # /scores still shows an ended game's sheet this long
_ENDED_STATUS = {TableStatus.OVER: "finished", TableStatus.CANCELLED: "cancelled", TableStatus.ABANDONED: "abandoned"}


class Refusal(Exception):
    """A request the service turns down before touching a table; ``key`` is a message key."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


@dataclass(frozen=True)
class Who:
    """The person asking: Discord id, display name, and whether they may moderate."""

    id: int
    name: str
    moderator: bool = False


def _new_turn(table: Table, before: tuple[int, int, int] | None) -> bool:
    return table.turn_key is not None and table.turn_key != before


class GameService:
    """Tables on one :class:`~data.Database`. ``seed`` gives the seed of new tables (tests)."""

    def __init__(
        self,
        db: Database,
        *,
        lobby_ttl: timedelta = timedelta(minutes=30),
        idle_ttl: timedelta = timedelta(hours=24),
        seed: Callable[[], int | None] = lambda: None,
        on_change: Callable[[int], None] | None = None,
    ) -> None:
        self.db = db
        self.lobby_ttl = lobby_ttl
        self.idle_ttl = idle_ttl
        self.seed = seed
        self.on_change = on_change
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self.tables = TableCache()

    def now(self) -> datetime:
        return self.db.now()

    def lock(self, channel_id: int) -> asyncio.Lock:
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = self._locks[channel_id] = asyncio.Lock()
        return lock

    # -- reading -----------------------------------------------------------------------------
    def table_of(self, row: GameRow) -> Table:
        """The table a row holds, for reading only (shared: never change it; see service.cache)."""
        return self.tables.shared(row)

    def cached(self, channel_id: int) -> tuple[GameRow, Table] | None:
        """The channel's active game as this process last committed or read it, without reading the
        database (it may be stale if another process wrote since): for work done ahead of time."""
        row = self.tables.active_row(channel_id)
        return None if row is None else (row, self.tables.shared(row))

    async def current(self, channel_id: int, game_id: int | None = None) -> tuple[GameRow, Table]:
        """The channel's active table, for reading only (and, given ``game_id``, only if it is that game)."""
        row = await self._active_row(channel_id, game_id)
        return row, self.tables.shared(row)

    async def _active_row(self, channel_id: int, game_id: int | None = None) -> GameRow:
        row = await self.db.games.get_active(channel_id)
        if row is None:
            if game_id is not None:
                raise Refusal("game_closed")
            raise Refusal("no_table")
        if game_id is not None and row.id != game_id:
            raise Refusal("game_closed")
        return row

    async def close_unreadable(self, channel_id: int) -> GameRow | None:
        """If the channel's active row cannot be loaded (corrupt, or a table schema this code does
        not know), mark it abandoned as it is, without decoding it; returns the closed row."""
        async with self.lock(channel_id):
            row = await self.db.games.get_active(channel_id)
            if row is None:
                return None
            try:
                load_table(row)
            except Exception:  # anything a bad document raises: JSON, keys, values, schema
                log.error("game %s in channel %s cannot be loaded: closing it as abandoned", row.id, channel_id)
            else:
                return None
            return await self.db.games.finish_game(
                row.id, row.version, row.state_json, "abandoned", None, "unreadable", {}
            )

    async def score_sheet(self, channel_id: int) -> Table:
        """The table whose score sheet ``/scores`` shows: the active one, or the channel's last
        game for :data:`SCORES_KEPT` after it ended."""
        try:
            return (await self.current(channel_id))[1]
        except Refusal:
            row = await self.db.games.latest(channel_id)
            if row is None or row.status.is_active or row.updated_at + SCORES_KEPT < self.now():
                raise
        table = self.tables.shared(row)
        if table.game is None:
            raise Refusal("no_table")
        return table

    async def game_row(self, game_id: int) -> tuple[GameRow, Table]:
        """Any game by id, active or not (buttons carry the game id)."""
        row = await self.db.games.get(game_id)
        if row is None:
            raise Refusal("game_closed")
        return row, self.tables.shared(row)

    async def private_view(
        self, channel_id: int, user_id: int, game_id: int | None = None
    ) -> tuple[GameRow, Table, PlayerView]:
        """The asking player's own view (their hand); refused to anyone not seated."""
        row, table = await self.current(channel_id, game_id)
        seat = table.seat_for(user_id)
        if table.game is None:
            raise Refusal("not_started")
        return row, table, view_for(table.game, seat)

    # -- the lobby ---------------------------------------------------------------------------
    async def create(self, guild_id: int, channel_id: int, who: Who, preset: str | None) -> Outcome:
        async with self.lock(channel_id):
            table = Table.new(guild_id, channel_id, who.id, who.name, preset, seed=self.seed())
            row = await self.db.games.create_game(guild_id, channel_id, who.id, table.preset, dump_table(table))
        self._changed(channel_id)
        return Outcome("created", table, row, seat=0)

    async def join(self, channel_id: int, who: Who, game_id: int | None = None) -> Outcome:
        def change(t: Table) -> list[Event]:
            t.join(who.id, who.name)
            return []

        return await self._change(channel_id, game_id, "join", who.id, change, {"name": who.name})

    async def leave(self, channel_id: int, who: Who, game_id: int | None = None) -> Outcome:
        return await self._change(channel_id, game_id, "leave", who.id, lambda t: t.leave(who.id), {})

    async def kick(self, channel_id: int, who: Who, target: int) -> Outcome:
        return await self._change(
            channel_id, None, "kick", who.id, lambda t: t.kick(who.id, target, who.moderator), {"target": target}
        )

    async def start(self, channel_id: int, who: Who, game_id: int | None = None) -> Outcome:
        return await self._change(channel_id, game_id, "start", who.id, lambda t: t.start(who.id), {})

    async def cancel(self, channel_id: int, who: Who) -> Outcome:
        def change(t: Table) -> list[Event]:
            t.cancel(who.id, who.moderator)
            return []

        return await self._change(channel_id, None, "cancel", who.id, change, {})

    async def add_bot(self, channel_id: int, who: Who, level: str) -> Outcome:
        detail: dict[str, Any] = {}

        def change(t: Table) -> list[Event]:
            detail["name"] = t.add_bot(who.id, level).name
            return []

        return await self._change(channel_id, None, "addbot", who.id, change, {"level": level}, detail)

    async def remove_bot(self, channel_id: int, who: Who) -> Outcome:
        detail: dict[str, Any] = {}

        def change(t: Table) -> list[Event]:
            detail["name"] = t.remove_bot(who.id).name
            return []

        return await self._change(channel_id, None, "removebot", who.id, change, {}, detail)

    async def configure(self, channel_id: int, who: Who, name: str, value: str) -> Outcome:
        detail: dict[str, Any] = {"name": name.strip().lower()}

        def change(t: Table) -> list[Event]:
            detail["value"] = t.set(who.id, name, value)
            return []

        return await self._change(channel_id, None, "set", who.id, change, {"name": name, "value": value}, detail)

    # -- play --------------------------------------------------------------------------------
    async def play(self, channel_id: int, who: Who, action: act.Action, game_id: int | None = None) -> Outcome:
        """A seated player's action; refused out of turn, or when the rules say no."""
        seat: list[int] = []

        def change(t: Table) -> list[Event]:
            seat[:] = [t.seat_for(who.id)]
            return t.act(seat[0], action)

        payload = act.action_to_json(action)
        out = await self._change(channel_id, game_id, payload["type"], who.id, change, payload)
        return Outcome(out.kind, out.table, out.row, out.events, seat[0], out.detail, out.new_turn)

    # -- timers and computer players -----------------------------------------------------------
    async def next_step(self, channel_id: int) -> Step | None:
        """What the channel's game waits for next, or None when it has no active table."""
        row = await self.db.games.get_active(channel_id)
        if row is None:
            return None
        table = self.tables.shared(row)
        if table.status is TableStatus.LOBBY:
            return Step("expire", row.updated_at + self.lobby_ttl, row.version)
        seat = table.turn
        if seat is not None and table.players[seat].is_bot:
            # Counted from the last change, so a restart does not make a computer player wait again.
            return Step("bot", row.updated_at + timedelta(seconds=table.options.bot_pause), row.version)
        if row.turn_deadline is not None:
            return Step("timeout", row.turn_deadline, row.version)
        return Step("expire", row.updated_at + self.idle_ttl, row.version)

    async def bot_move(self, channel_id: int, version: int) -> Outcome | None:
        """One action of the computer player to move, if the game is still where it was."""
        async with self.lock(channel_id):
            row = await self.db.games.get_active(channel_id)
            if row is None or row.version != version:
                return None
            table = self.tables.private(row)
            before = table.turn_key
            seat = table.turn
            if seat is None or not table.players[seat].is_bot:
                return None
            action, events = await bots.move(table, seat, bots.rng_for(table, row.version))
            bots.observe(table, events)
            payload = {"seat": seat, **act.action_to_json(action)}
            row = await self._commit(row, table, before, table.leaderboard_id(seat), "bot", payload)
        self._changed(channel_id)
        return Outcome("bot", table, row, tuple(events), seat, new_turn=_new_turn(table, before))

    async def time_out(self, channel_id: int, version: int) -> Outcome | None:
        """The turn timer ran out: play a safe turn for the player, or drop them at the third time."""
        async with self.lock(channel_id):
            row = await self.db.games.get_active(channel_id)
            if row is None or row.version != version or row.turn_deadline is None:
                return None
            if row.turn_deadline > self.now():
                return None
            table = self.tables.private(row)
            before = table.turn_key
            seat = table.turn
            if seat is None:
                return None
            events, count, dropped = table.time_out(seat, safe_action)
            bots.observe(table, events)
            detail = {"count": count, "dropped": dropped}
            row = await self._commit(row, table, before, None, "timeout", {"seat": seat, **detail})
        self._changed(channel_id)
        return Outcome("timeout", table, row, tuple(events), seat, detail, _new_turn(table, before))

    async def expire(self, channel_id: int, version: int) -> Outcome | None:
        """Close a lobby nobody started, or a game nobody played, without a result."""
        async with self.lock(channel_id):
            row = await self.db.games.get_active(channel_id)
            if row is None or row.version != version:
                return None
            table = self.tables.private(row)
            ttl = self.lobby_ttl if table.status is TableStatus.LOBBY else self.idle_ttl
            if row.updated_at + ttl > self.now():
                return None
            was = table.status
            table.expire()
            row = await self._commit(row, table, table.turn_key, None, "expire", {"was": was.value})
        self._changed(channel_id)
        return Outcome("expired", table, row, detail={"was": was.value})

    async def set_message(self, game_id: int, message_id: int | None) -> None:
        """Remember the game's public message (not an action: the version is unchanged)."""
        await self.db.games.set_message(game_id, message_id)

    # -- the commit ----------------------------------------------------------------------------
    async def _change(
        self,
        channel_id: int,
        game_id: int | None,
        kind: str,
        actor: int,
        change: Callable[[Table], list[Event]],
        payload: dict[str, Any],
        detail: dict[str, Any] | None = None,
    ) -> Outcome:
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
                    events = change(table)  # a refusal is only trusted from the stored row
                    bots.observe(table, events)
                    row = await self._commit(row, table, before, actor, kind, payload)
                    break
                except Exception as exc:
                    if isinstance(exc, (StaleState, GameClosed, GameNotFound)):
                        self.tables.drop(row.id)
                    if cached is None:
                        raise
                    cached = None
        self._changed(channel_id)
        return Outcome(kind, table, row, tuple(events), detail=detail or {}, new_turn=_new_turn(table, before))

    async def _commit(
        self,
        row: GameRow,
        table: Table,
        before: tuple[int, int, int] | None,
        actor: int | None,
        kind: str,
        payload: dict[str, Any],
    ) -> GameRow:
        """Store the changed table; once committed it becomes the shared table of the new version
        (a write that fails leaves the cache, like the database, at the last committed state)."""
        state = dump_table(table)
        if table.status.active:
            new = await self.db.games.save_action(
                row.id,
                row.version,
                state,
                table.status.value,
                actor,
                kind,
                payload,
                turn_deadline=self._deadline(table, before),
            )
        else:
            results = results_of(table) if table.status is TableStatus.OVER else None
            new = await self.db.games.finish_game(
                row.id, row.version, state, _ENDED_STATUS[table.status], actor, kind, payload, results
            )
        self.tables.put(new, table)
        return new

    def _deadline(self, table: Table, before: tuple[int, int, int] | None) -> datetime | Unchanged | None:
        """A new turn of a person starts their timer; within a turn the deadline stays."""
        key = table.turn_key
        if key is not None and key == before:
            return UNCHANGED
        seat = table.turn
        if seat is None or table.players[seat].is_bot or table.options.turn_timer <= 0:
            return None
        return self.now() + timedelta(seconds=table.options.turn_timer)

    def _changed(self, channel_id: int) -> None:
        if self.on_change is not None:
            self.on_change(channel_id)
