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
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Generic, TypeVar

from data import Database, GameClosed, GameNotFound, GameRow, StaleState
from rummy import actions as act
from rummy.ai import safe_action
from rummy.deal import Event
from rummy.table import Table, TableStatus
from service import bots
from service.cache import TableCache, dump_table, load_table
from service.commit import store
from service.hints import Advice, AdviceCache
from service.model import (
    BotSeat,
    ChangeKind,
    ClosedGame,
    Expired,
    GameSnapshot,
    Outcome,
    PlayerSnapshot,
    Setting,
    Step,
    StepKind,
    TimedOut,
)
from service.settings import ServerSettings

log = logging.getLogger(__name__)

SCORES_KEPT = timedelta(hours=24)  # /scores still shows an ended game's sheet this long


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


D = TypeVar("D")
Listener = Callable[[Outcome[Any]], None]


@dataclass(frozen=True)
class _Applied(Generic[D]):
    """What a change did to a table: its public events, the kind's detail, the seat that acted."""

    events: list[Event]
    detail: D
    seat: int | None = None


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
    ) -> None:
        self._db = db
        self.lobby_ttl = lobby_ttl
        self.idle_ttl = idle_ttl
        self.seed = seed
        self._listeners: list[Listener] = []
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self.tables = TableCache()
        self.hints = AdviceCache()  # advice worked out, per game version and seat
        self.settings = ServerSettings(db)  # each server's language (load() it once at start)

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

    # -- reading -----------------------------------------------------------------------------
    async def current(self, channel_id: int, game_id: int | None = None) -> GameSnapshot:
        """The channel's active game (and, given ``game_id``, only if it is that game); refused if none."""
        return self._snapshot(await self._active_row(channel_id, game_id))

    async def active(self, channel_id: int) -> GameSnapshot | None:
        """The channel's active game, if it has one."""
        row = await self._db.games.get_active(channel_id)
        return None if row is None else self._snapshot(row)

    async def game(self, game_id: int) -> GameSnapshot | None:
        """Any game by id, active or not (buttons and the board carry the game id)."""
        row = await self._db.games.get(game_id)
        return None if row is None else self._snapshot(row)

    async def active_channels(self) -> list[int]:
        """The channels that hold an active game (lobby or in play), without loading the games."""
        return [row.channel_id for row in await self._db.games.list_active()]

    async def active_games(self, guild_id: int) -> list[int]:
        """The ids of a server's active games (lobby or in play)."""
        return [row.id for row in await self._db.games.list_active() if row.guild_id == guild_id]

    async def private_view(self, channel_id: int, user_id: int, game_id: int | None = None) -> PlayerSnapshot:
        """The asking player's own view (their hand); refused to anyone not seated."""
        game = await self.current(channel_id, game_id)
        seat = game.table.seat_for(user_id)
        if game.table.game is None:
            raise Refusal("not_started")
        return PlayerSnapshot(game, game.table.view(seat))

    async def advice(self, player: PlayerSnapshot) -> Advice | None:
        """``player``'s advice at their snapshot's version (worked out once per version and seat,
        see :class:`~service.hints.AdviceCache`), or None at a table with hints off."""
        game = player.game
        if not game.table.options.hints:
            return None
        return await self.hints.advice(game.game_id, game.version, player.view, game.table.game)

    async def score_sheet(self, channel_id: int) -> GameSnapshot:
        """The game whose score sheet ``/scores`` shows: the active one, or the channel's last
        game for :data:`SCORES_KEPT` after it ended."""
        try:
            return await self.current(channel_id)
        except Refusal:
            row = await self._db.games.latest(channel_id)
            if row is None or row.status.is_active or row.updated_at + SCORES_KEPT < self.now():
                raise
        game = self._snapshot(row)
        if game.table.game is None:
            raise Refusal("no_table")
        return game

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

    async def set_message(self, game_id: int, message_id: int | None) -> None:
        """Remember the game's public message (not an action: the version is unchanged)."""
        await self._db.games.set_message(game_id, message_id)

    # -- the lobby ---------------------------------------------------------------------------
    async def create(self, guild_id: int, channel_id: int, who: Who, preset: str | None) -> Outcome[None]:
        async with self.lock(channel_id):
            table = Table.new(guild_id, channel_id, who.id, who.name, preset, seed=self.seed())
            row = await self._db.games.create_game(guild_id, channel_id, who.id, table.preset, dump_table(table))
        return self._tell(Outcome(ChangeKind.CREATE, self._snapshot(row, table), None, seat=0))

    async def join(self, channel_id: int, who: Who, game_id: int | None = None) -> Outcome[None]:
        def change(t: Table) -> _Applied[None]:
            t.join(who.id, who.name)
            return _Applied([], None)

        return await self._change(channel_id, game_id, ChangeKind.JOIN, who.id, change, {"name": who.name})

    async def leave(self, channel_id: int, who: Who, game_id: int | None = None) -> Outcome[None]:
        return await self._change(
            channel_id, game_id, ChangeKind.LEAVE, who.id, lambda t: _Applied(t.leave(who.id), None), {}
        )

    async def kick(self, channel_id: int, who: Who, target: int) -> Outcome[None]:
        def change(t: Table) -> _Applied[None]:
            return _Applied(t.kick(who.id, target, who.moderator), None)

        return await self._change(channel_id, None, ChangeKind.KICK, who.id, change, {"target": target})

    async def start(self, channel_id: int, who: Who, game_id: int | None = None) -> Outcome[None]:
        return await self._change(
            channel_id, game_id, ChangeKind.START, who.id, lambda t: _Applied(t.start(who.id), None), {}
        )

    async def cancel(self, channel_id: int, who: Who) -> Outcome[None]:
        def change(t: Table) -> _Applied[None]:
            t.cancel(who.id, who.moderator)
            return _Applied([], None)

        return await self._change(channel_id, None, ChangeKind.CANCEL, who.id, change, {})

    async def add_bot(self, channel_id: int, who: Who, level: str) -> Outcome[BotSeat]:
        def change(t: Table) -> _Applied[BotSeat]:
            return _Applied([], BotSeat(t.add_bot(who.id, level).name))

        return await self._change(channel_id, None, ChangeKind.ADD_BOT, who.id, change, {"level": level})

    async def remove_bot(self, channel_id: int, who: Who) -> Outcome[BotSeat]:
        def change(t: Table) -> _Applied[BotSeat]:
            return _Applied([], BotSeat(t.remove_bot(who.id).name))

        return await self._change(channel_id, None, ChangeKind.REMOVE_BOT, who.id, change, {})

    async def configure(self, channel_id: int, who: Who, name: str, value: str) -> Outcome[Setting]:
        def change(t: Table) -> _Applied[Setting]:
            return _Applied([], Setting(name.strip().lower(), t.set(who.id, name, value)))

        payload = {"name": name, "value": value}
        return await self._change(channel_id, None, ChangeKind.CONFIGURE, who.id, change, payload)

    # -- play --------------------------------------------------------------------------------
    async def play(self, channel_id: int, who: Who, action: act.Action, game_id: int | None = None) -> Outcome[None]:
        """A seated player's action; refused out of turn, or when the rules say no."""

        def change(t: Table) -> _Applied[None]:
            seat = t.seat_for(who.id)
            return _Applied(t.act(seat, action), None, seat)

        payload = act.action_to_json(action)
        return await self._change(channel_id, game_id, ChangeKind.PLAY, who.id, change, payload, payload["type"])

    # -- a deal that goes nowhere (rummy.stall) ---------------------------------------------------
    async def propose_end(self, channel_id: int, who: Who, game_id: int | None = None) -> Outcome[None]:
        """A person dealt in proposes to end the deal, which goes nowhere (and agrees to it); with
        only computer players besides, the deal ends at once."""
        return await self._end_vote(channel_id, who, game_id, ChangeKind.END_PROPOSE, Table.propose_end)

    async def agree_end(self, channel_id: int, who: Who, game_id: int | None = None) -> Outcome[None]:
        """A person dealt in agrees to the standing proposal; the last agreement ends the deal."""
        return await self._end_vote(channel_id, who, game_id, ChangeKind.END_AGREE, Table.agree_end)

    async def decline_end(self, channel_id: int, who: Who, game_id: int | None = None) -> Outcome[None]:
        """A person dealt in declines the standing proposal: it is withdrawn, and play goes on."""
        return await self._end_vote(channel_id, who, game_id, ChangeKind.END_DECLINE, Table.decline_end)

    async def _end_vote(
        self,
        channel_id: int,
        who: Who,
        game_id: int | None,
        kind: ChangeKind,
        vote: Callable[[Table, int], list[Event]],
    ) -> Outcome[None]:
        def change(t: Table) -> _Applied[None]:
            seat = t.seat_for(who.id)
            return _Applied(vote(t, seat), None, seat)

        return await self._change(channel_id, game_id, kind, who.id, change, {})

    # -- timers and computer players -----------------------------------------------------------
    async def next_step(self, channel_id: int) -> Step | None:
        """What the channel's game waits for next, or None when it has no active table."""
        row = await self._db.games.get_active(channel_id)
        if row is None:
            return None
        table = self.tables.shared(row)
        if table.status is TableStatus.LOBBY:
            return Step(StepKind.EXPIRE, row.updated_at + self.lobby_ttl, row.version)
        seat = table.turn
        if seat is not None and table.players[seat].is_bot:
            # Counted from the last change, so a restart does not make a computer player wait again.
            return Step(StepKind.BOT, row.updated_at + timedelta(seconds=table.options.bot_pause), row.version)
        if row.turn_deadline is not None:
            return Step(StepKind.TIMEOUT, row.turn_deadline, row.version)
        return Step(StepKind.EXPIRE, row.updated_at + self.idle_ttl, row.version)

    async def bot_move(self, channel_id: int, version: int) -> Outcome[None] | None:
        """One action of the computer player to move, if the game is still where it was."""
        async with self.lock(channel_id):
            row = await self._db.games.get_active(channel_id)
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
            row = await self._commit(row, table, before, table.leaderboard_id(seat), ChangeKind.BOT.value, payload)
        game = self._snapshot(row, table)
        return self._tell(Outcome(ChangeKind.BOT, game, None, tuple(events), seat, _new_turn(table, before)))

    async def time_out(self, channel_id: int, version: int) -> Outcome[TimedOut] | None:
        """The turn timer ran out: play a safe turn for the player, or drop them at the third time."""
        async with self.lock(channel_id):
            row = await self._db.games.get_active(channel_id)
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
            payload = {"seat": seat, "count": count, "dropped": dropped}
            row = await self._commit(row, table, before, None, ChangeKind.TIMEOUT.value, payload)
        game, detail = self._snapshot(row, table), TimedOut(count, dropped)
        return self._tell(Outcome(ChangeKind.TIMEOUT, game, detail, tuple(events), seat, _new_turn(table, before)))

    async def expire(self, channel_id: int, version: int) -> Outcome[Expired] | None:
        """Close a lobby nobody started, or a game nobody played, without a result."""
        async with self.lock(channel_id):
            row = await self._db.games.get_active(channel_id)
            if row is None or row.version != version:
                return None
            table = self.tables.private(row)
            ttl = self.lobby_ttl if table.status is TableStatus.LOBBY else self.idle_ttl
            if row.updated_at + ttl > self.now():
                return None
            was = table.status
            table.expire()
            row = await self._commit(row, table, table.turn_key, None, ChangeKind.EXPIRE.value, {"was": was.value})
        return self._tell(Outcome(ChangeKind.EXPIRE, self._snapshot(row, table), Expired(was)))

    async def close_unreadable(self, channel_id: int) -> ClosedGame | None:
        """If the channel's active row cannot be loaded (corrupt, or a table schema this code does
        not know), mark it abandoned as it is, without decoding it; returns the game closed."""
        async with self.lock(channel_id):
            row = await self._db.games.get_active(channel_id)
            if row is None:
                return None
            try:
                load_table(row)
            except Exception:  # anything a bad document raises: JSON, keys, values, schema
                log.error("game %s in channel %s cannot be loaded: closing it as abandoned", row.id, channel_id)
            else:
                return None
            closed = await self._db.games.finish_game(
                row.id, row.version, row.state_json, "abandoned", None, "unreadable", {}
            )
        return ClosedGame(closed.id, closed.guild_id, closed.channel_id)

    # -- the commit ----------------------------------------------------------------------------
    async def _change(
        self,
        channel_id: int,
        game_id: int | None,
        kind: ChangeKind,
        actor: int,
        change: Callable[[Table], _Applied[D]],
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
                    row = await self._commit(row, table, before, actor, logged or kind.value, payload)
                    break
                except Exception as exc:
                    if isinstance(exc, (StaleState, GameClosed, GameNotFound)):
                        self.tables.drop(row.id)
                    if cached is None:
                        raise
                    cached = None
        game, events = self._snapshot(row, table), tuple(applied.events)
        return self._tell(Outcome(kind, game, applied.detail, events, applied.seat, _new_turn(table, before)))

    async def _commit(
        self,
        row: GameRow,
        table: Table,
        before: tuple[int, int, int] | None,
        actor: int | None,
        kind: str,
        payload: dict[str, Any],
    ) -> GameRow:
        """Store the changed table (:func:`service.commit.store`); once committed it becomes the
        shared table of the new version (a write that fails leaves the cache, like the database, at
        the last committed state)."""
        new = await store(self._db, row, table, before, actor, kind, payload)
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
