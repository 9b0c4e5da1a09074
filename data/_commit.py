"""What runs on the database's thread (see :mod:`data.db`): one transaction, or a group commit of
several writes in one transaction, whose outcomes go back to their callers."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

log = logging.getLogger("data.db")

T = TypeVar("T")
Outcome = tuple[bool, Any]  # (True, the function's result) or (False, the exception it raised)
Write = tuple[Callable[[sqlite3.Connection], Any], "asyncio.Future[Any]"]  # a queued write, and its caller's future


def atomic(raw: sqlite3.Connection, fn: Callable[[sqlite3.Connection], T]) -> T:
    """``BEGIN IMMEDIATE``, ``fn``, ``COMMIT``; ``ROLLBACK`` if anything fails."""
    raw.execute("BEGIN IMMEDIATE")
    try:
        result = fn(raw)
        raw.execute("COMMIT")
    except BaseException:
        _roll_back(raw)
        raise
    return result


def _roll_back(raw: sqlite3.Connection) -> None:
    """Roll back the open transaction, if any, after an error (which matters more than a failed
    ``ROLLBACK``: the connection may be broken, so that is only logged)."""
    if raw.in_transaction:
        try:
            raw.execute("ROLLBACK")
        except Exception:
            log.exception("ROLLBACK failed")


def group_commit(raw: sqlite3.Connection, fns: Sequence[Callable[[sqlite3.Connection], Any]]) -> list[Outcome]:
    """Run ``fns`` one after the other in one transaction with one ``COMMIT``; returns each function's
    outcome (``(True, result)`` or ``(False, exception)``), exactly as if each had run alone.

    The writes almost never fail, so they first run with nothing in between. If one raises, nothing
    of that transaction is kept and they run again, each in its own savepoint (:func:`_isolated`):
    two more statements per write, paid only by a batch where one fails.
    """
    if len(fns) == 1:
        return [_alone(raw, fns[0])]
    try:
        results = atomic(raw, lambda conn: [fn(conn) for fn in fns])
    except Exception:
        return _isolated(raw, fns)
    return [(True, result) for result in results]


def _isolated(raw: sqlite3.Connection, fns: Sequence[Callable[[sqlite3.Connection], Any]]) -> list[Outcome]:
    """Run ``fns`` in one transaction, each in its own savepoint; one ``COMMIT``.

    A function that raises is rolled back to its savepoint and the others go on. If the shared
    transaction itself fails (``BEGIN``, ``COMMIT``, or an error after which SQLite rolled the
    whole transaction back), nothing of it is kept and every function is run again alone, in
    its own transaction, so each caller gets exactly the outcome it would have had alone.
    """
    outcomes: list[Outcome] = []
    try:
        raw.execute("BEGIN IMMEDIATE")
        for fn in fns:
            raw.execute("SAVEPOINT w")
            try:
                outcomes.append((True, fn(raw)))
            except Exception as exc:
                if not raw.in_transaction:  # SQLite dropped the whole transaction
                    raise
                raw.execute("ROLLBACK TO w")
                outcomes.append((False, exc))
            raw.execute("RELEASE w")
        raw.execute("COMMIT")
    except Exception:
        _roll_back(raw)
        log.warning("a shared write transaction failed: running its %d writes one by one", len(fns))
        return [_alone(raw, fn) for fn in fns]
    return outcomes


def _alone(raw: sqlite3.Connection, fn: Callable[[sqlite3.Connection], Any]) -> Outcome:
    try:
        return (True, atomic(raw, fn))
    except Exception as exc:
        return (False, exc)


def deliver(batch: Sequence[Write], outcomes: Sequence[Outcome]) -> None:
    """On the loop: give each caller of a batch its outcome (a cancelled caller's is dropped)."""
    for (_, future), (ok, value) in zip(batch, outcomes, strict=True):
        if future.done():
            continue
        if ok:
            future.set_result(value)
        else:
            future.set_exception(value)


def fail(batch: Sequence[Write], exc: BaseException) -> None:
    for _, future in batch:
        if not future.done():
            future.set_exception(exc)
