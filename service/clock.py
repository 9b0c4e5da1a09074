"""What the clock drives: computer players' moves, the turn timer, and the expiry of tables
nobody plays (:class:`ClockSteps`, which :class:`~service.games.GameService` is). Each step is
taken only if the game is still at the version it was planned for.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from data import ActionWrite
from rummy import actions as act
from rummy.ai import safe_action
from rummy.table import TableStatus
from service import bots
from service.cache import load_table
from service.core import ServiceCore, new_turn
from service.model import (
    ChangeKind,
    ClosedGame,
    Expired,
    Outcome,
    Step,
    StepKind,
    TimedOut,
)

log = logging.getLogger(__name__)


class ClockSteps(ServiceCore):
    """The steps the timers take (:mod:`cogs.timers` plans them from :meth:`next_step`)."""

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
            action, events = await bots.move(table, seat, bots.rng_for(table, row.version), self.thinker)
            bots.observe(table, events)
            payload = {"seat": seat, **act.action_to_json(action)}
            actor = table.leaderboard_id(seat)
            row = await self._commit(row, table, before, actor, ChangeKind.BOT.value, payload, events)
        game = self._snapshot(row, table)
        return self._tell(Outcome(ChangeKind.BOT, game, None, tuple(events), seat, new_turn(table, before)))

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
            row = await self._commit(row, table, before, None, ChangeKind.TIMEOUT.value, payload, events)
        game, detail = self._snapshot(row, table), TimedOut(count, dropped)
        return self._tell(Outcome(ChangeKind.TIMEOUT, game, detail, tuple(events), seat, new_turn(table, before)))

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
                ActionWrite(row.id, row.version, row.state_json, "abandoned", None, "unreadable", {})
            )
        return ClosedGame(closed.id, closed.guild_id, closed.channel_id)
