"""Storing a changed table: its document, its action-log row and, at the end of a game, its results.

Each change is one transaction through :mod:`data`: ``save_action`` while the table is active, or
``finish_game`` once it closed (with the leaderboard rows of a finished game that a person played
to its end; a cancelled or abandoned one never counts, nor a tournament's table of computer players
alone). Both check the row's version, so a change made from a version another
process moved past is refused (:class:`data.StaleState`) and stores nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from data import UNCHANGED, ActionWrite, GameRow, Store, Unchanged
from rummy.deal import Event
from rummy.serialize import stored_event
from rummy.table import Table, TableStatus
from service.cache import dump_table, results_of

EVENTS = "events"  # the payload's key for the public events of the change (the game's record reads them)
ENDED_STATUS = {TableStatus.OVER: "finished", TableStatus.CANCELLED: "cancelled", TableStatus.ABANDONED: "abandoned"}


async def store(
    db: Store,
    row: GameRow,
    table: Table,
    before: tuple[int, int, int] | None,
    actor: int | None,
    kind: str,
    payload: dict[str, Any],
    events: Sequence[Event] = (),
) -> GameRow:
    """Store ``table``, changed from ``row`` (whose turn was ``before``), logged as ``kind`` with
    ``payload`` by ``actor``; returns the row committed. The change's public ``events`` go in the
    payload under :data:`EVENTS` (public by construction: an event never holds a hidden card), so
    the log tells the game as the table saw it (:meth:`service.games.GameService.record`)."""
    state = dump_table(table)
    if events:
        payload = {**payload, EVENTS: [stored_event(e) for e in events]}
    if table.status.active:
        deadline = turn_deadline(table, before, db.now())
        moved = ActionWrite(
            row.id, row.version, state, table.status.value, actor, kind, payload, turn_deadline=deadline
        )
        return await db.games.save_action(moved)
    results = results_of(table) if table.rated else None  # computer players alone: no rating
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
