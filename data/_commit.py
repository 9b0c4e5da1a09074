"""The transactions of :class:`data.db.Database`, on aiosqlite's public API: a write function alone, or a
group commit of :class:`Change` s, run statement by statement.

Every call on an :class:`aiosqlite.Connection` is a trip from the event loop to the connection's
thread and back. A write function (:func:`atomic`) pays one trip per statement, the plain way. A
:class:`Change` is a write described as data instead, so that the changes queued at once can share
one transaction *statement by statement*: ``BEGIN IMMEDIATE``, then one ``executemany`` per distinct
statement over every change's parameters, one ``SELECT`` reading back every changed row, ``COMMIT``.
That is the same handful of trips for one change or for a hundred (:func:`group_commit`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from collections.abc import Awaitable, Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

import aiosqlite

log = logging.getLogger("data.db")

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
WriteFn = Callable[[aiosqlite.Connection], Awaitable[Any]]
Outcome = tuple[bool, Any]  # (True, the result) or (False, the exception raised)
Queued = tuple["Change | WriteFn", "asyncio.Future[Any]"]  # a queued write, and its caller's future


@dataclass(frozen=True, slots=True)
class Change:
    """A write of the common shape, as data: statements that each change exactly one row, then the
    changed row read back.

    :param key: the primary key of the row it is about (a game's id). Changes with different keys
        must change different rows, so that the statements of several of them may run grouped by
        statement rather than change by change with the same effect; a batch never holds two
        changes with the same key (see :meth:`data.db.Database.change`).
    :param steps: ``(sql, parameters)``, run in this order. Each must change exactly one row and can
        change at most one (an ``UPDATE`` on the primary key, an ``INSERT``); one that changes none
        refuses the change: nothing of it is kept.
    :param read: a ``SELECT`` of the row once changed, whose first column is the key and whose one
        parameter is a JSON array of keys: ``... WHERE id IN (SELECT value FROM json_each(?))``, so
        that one query reads back the rows of a whole batch.
    :param refusal: called inside the transaction when a step changed no row, to tell why: it
        returns the exception the caller gets (e.g. :class:`~data.errors.StaleState`).
    """

    key: int
    steps: tuple[tuple[str, tuple[Any, ...]], ...]
    read: str
    refusal: Callable[[aiosqlite.Connection], Awaitable[Exception]]


class _Refused(Exception):
    """A step of a shared transaction changed fewer rows than it had parameter rows."""


async def atomic(conn: aiosqlite.Connection, fn: Callable[[aiosqlite.Connection], Awaitable[T]]) -> T:
    """``BEGIN IMMEDIATE``, ``await fn(conn)``, ``COMMIT``; ``ROLLBACK`` if anything fails, cancellation too."""
    await conn.execute("BEGIN IMMEDIATE")
    try:
        result = await fn(conn)
        await conn.execute("COMMIT")
    except BaseException:
        await _roll_back(conn)
        raise
    return result


async def _roll_back(conn: aiosqlite.Connection) -> None:
    """Roll back the open transaction, if any, after an error (which matters more than a failed
    ``ROLLBACK``: the connection may be broken, so that is only logged). It runs on the connection's
    thread after any statement still under way there, and does nothing if SQLite has already
    rolled the transaction back itself."""
    try:
        await conn.rollback()
    except Exception:
        log.exception("ROLLBACK failed")


async def run(conn: aiosqlite.Connection, batch: Sequence[Change | WriteFn]) -> list[Outcome]:
    """Run one transaction's worth of queued writes: a write function alone, or changes together."""
    if len(batch) == 1 and not isinstance(batch[0], Change):
        return [await _outcome(atomic(conn, batch[0]))]
    changes = [c for c in batch if isinstance(c, Change)]
    assert len(changes) == len(batch), "a batch is one write function or only changes"
    return await group_commit(conn, changes)


async def group_commit(conn: aiosqlite.Connection, changes: Sequence[Change]) -> list[Outcome]:
    """Run ``changes`` in one transaction with one ``COMMIT``; returns each one's outcome (``(True,
    the row read back)`` or ``(False, exception)``), exactly as if each had run alone.

    They almost never fail, so they first run together. If anything fails (a change is refused or
    a statement raises), nothing of that transaction is kept and they run again one by one, each in
    its own transaction, so that each caller gets its own outcome.
    """
    if len(changes) > 1:
        try:
            rows = await atomic(conn, partial(_together, changes=changes))
        except Exception as exc:
            log.info("%d changes sharing a transaction failed (%r): running them one by one", len(changes), exc)
        else:
            return [(True, row) for row in rows]
    return [await _outcome(atomic(conn, partial(_alone, change=change))) for change in changes]


async def _alone(conn: aiosqlite.Connection, change: Change) -> sqlite3.Row:
    (row,) = await _together(conn, [change])
    return row


async def _together(conn: aiosqlite.Connection, changes: Sequence[Change]) -> list[sqlite3.Row]:
    """Inside the transaction: every change's steps, one ``executemany`` per distinct statement, then
    the rows read back, in the order of ``changes``.

    The statements run step by step: first every change's first step, then every change's second,
    and so on, so each change's own steps keep their order; within a step, the changes keep theirs.
    A change that is alone and refused raises its :attr:`~Change.refusal`; several, :class:`_Refused`.
    """
    for statement, rows in _statements(changes):
        cursor = await conn.executemany(statement, rows)
        if cursor.rowcount != len(rows):
            if len(changes) == 1:
                raise await changes[0].refusal(conn)
            raise _Refused(statement)
    found: dict[int, sqlite3.Row] = {}
    for read, keys in _group((c.read, c.key) for c in changes).items():
        found.update((int(row[0]), row) for row in await conn.execute_fetchall(read, (json.dumps(keys),)))
    return [found[c.key] for c in changes]


def _statements(changes: Sequence[Change]) -> list[tuple[str, list[tuple[Any, ...]]]]:
    """The statements to run, step after step, each with the parameter rows of every change that has it."""
    steps: list[tuple[str, list[tuple[Any, ...]]]] = []
    for index in range(max(len(c.steps) for c in changes)):
        at_step = (c.steps[index] for c in changes if index < len(c.steps))
        steps.extend(_group(at_step).items())
    return steps


def _group(pairs: Iterable[tuple[K, V]]) -> dict[K, list[V]]:
    """``(key, value)`` pairs as ``{key: [values]}``, keys in order of first appearance."""
    grouped: dict[K, list[V]] = {}
    for key, value in pairs:
        grouped.setdefault(key, []).append(value)
    return grouped


async def _outcome(work: Awaitable[Any]) -> Outcome:
    try:
        return (True, await work)
    except Exception as exc:
        return (False, exc)


def deliver(batch: Sequence[Queued], outcomes: Sequence[Outcome]) -> None:
    """Give each caller of a batch its outcome (a cancelled caller's is dropped)."""
    for (_, future), (ok, value) in zip(batch, outcomes, strict=True):
        if future.done():
            continue
        if ok:
            future.set_result(value)
        else:
            future.set_exception(value)


def fail(batch: Sequence[Queued], exc: BaseException) -> None:
    for _, future in batch:
        if not future.done():
            future.set_exception(exc)
