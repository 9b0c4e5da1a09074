"""Tables for the table and lobby tests: a lobby hosted by Alice, and a started game of two."""

from __future__ import annotations

from rummy.table import Table

HOST, BOB, CARL = 11, 22, 33


def lobby(preset: str = "basic", seed: int | None = 7) -> Table:
    return Table.new(1, 2, HOST, "Alice", preset, seed=seed)


def started(preset: str = "basic", seed: int = 7) -> Table:
    table = lobby(preset, seed)
    table.join(BOB, "Bob")
    table.start(HOST)
    return table


def three_playing() -> Table:
    """Alice (the host), Bob and Carl in a game of ``basic``."""
    table = lobby()
    table.join(BOB, "Bob")
    table.join(CARL, "Carl")
    table.start(HOST)
    return table
