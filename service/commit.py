"""Storing a changed table: its document, its action-log row and, at the end of a game, its results.

Each change is one transaction through :mod:`data`: ``save_action`` while the table is active, or
``finish_game`` once it closed (with the leaderboard rows of a finished game; a cancelled or
abandoned one never counts). Both check the row's version, so a change made from a version another
process moved past is refused (:class:`data.StaleState`) and stores nothing.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from data import UNCHANGED, ActionWrite, GameRow, Store, Unchanged
from rummy.table import Table, TableStatus
from service.cache import dump_table, results_of

ENDED_STATUS = {TableStatus.OVER: "finished", TableStatus.CANCELLED: "cancelled", TableStatus.ABANDONED: "abandoned"}


async def store(
    db: Store,
    row: GameRow,
    table: Table,
    before: tuple[int, int, int] | None,
    actor: int | None,
    kind: str,
    payload: dict[str, Any],
) -> GameRow:
    """Store ``table``, changed from ``row`` (whose turn was ``before``), logged as ``kind`` with
    ``payload`` by ``actor``; returns the row committed."""
    state = dump_table(table)
    if table.status.active:
        deadline = turn_deadline(table, before, db.now())
        moved = ActionWrite(
            row.id, row.version, state, table.status.value, actor, kind, payload, turn_deadline=deadline
        )
        return await db.games.save_action(moved)
    results = results_of(table) if table.status is TableStatus.OVER else None
    ended = ActionWrite(row.id, row.version, state, ENDED_STATUS[table.status], actor, kind, payload)
    return await db.games.finish_game(ended, results)


def turn_deadline(table: Table, before: tuple[int, int, int] | None, now: datetime) -> datetime | Unchanged | None:
    """A new turn of a person starts their timer; within a turn the deadline stays; a computer
    player's turn, or a table without a timer, has none."""
    key = table.turn_key
    if key is not None and key == before:
        return UNCHANGED
    seat = table.turn
    if seat is None or table.players[seat].is_bot or table.options.turn_timer <= 0:
        return None
    return now + timedelta(seconds=table.options.turn_timer)
