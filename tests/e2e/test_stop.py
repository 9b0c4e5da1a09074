"""Stopping ``python bot.py``: Ctrl-C and SIGTERM (``docker compose stop``) end it the same graceful way.

A game is in play with pictures on, an edit of the last move is on its way (the fake takes a second
to apply one) and the board's redraw is still to come when the signal comes: the bot lets them go
out, closes the gateway, ends its picture worker and exits with 0, without a traceback. A second
signal stops it without waiting.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time
from pathlib import Path

import pytest

from rummy.ai import choose_action
from rummy.view import view_for
from tests.e2e.conftest import BOT_SCRIPT, World, assert_fake_happy, until_ready
from tests.e2e.moves import component_id
from tests.e2e.session import TableSession
from tests.e2e.test_pictures import shown
from tests.fakediscord import BotProcess, FakeDiscord

EDIT_DELAY = 1.0  # how long the fake takes to apply an edit of a channel message, once the move is made
STOPPED_WITHIN = 10.0  # a deadline, not a measure: the bot must be gone by then
GONE_WITHIN = 5.0  # a deadline, not a measure: the bot's worker processes end once it has


def parent_of(pid: int) -> int | None:
    """The parent of a running process (None once it has ended), from /proc."""
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except OSError:
        return None


def descendants(pid: int) -> set[int]:
    """The processes started by ``pid``, and by them (read from /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (ppid := parent_of(int(entry.name))) is not None:
            parents[int(entry.name)] = ppid
    found: set[int] = set()
    todo = [pid]
    while todo:
        parent = todo.pop()
        children = {child for child, ppid in parents.items() if ppid == parent} - found
        found |= children
        todo += children
    return found


def alive(pid: int) -> bool:
    """Whether ``pid`` still runs (a zombie, ended but not yet reaped, does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


async def all_gone(processes: set[int], what: str = "processes of the bot") -> None:
    """Wait until the processes have ended (a deadline, not a measure); those left are killed here,
    so that none holds the bot's output pipes open, and the test fails."""
    deadline = time.monotonic() + GONE_WITHIN
    while any(alive(pid) for pid in processes) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    left = [pid for pid in processes if alive(pid)]
    for pid in left:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    assert not left, f"{what} outlived it: {left}"


async def ended(process: BotProcess) -> float:
    """Wait until the bot process has ended; when it did (``time.monotonic()``, as the fake's writes)."""
    deadline = time.monotonic() + STOPPED_WITHIN
    while process.running:
        if time.monotonic() > deadline:
            raise AssertionError(f"the bot still runs {STOPPED_WITHIN} s after the signal:\n{process.log_text()}")
        await asyncio.sleep(0.01)
    return time.monotonic()


async def ready_bot(world: World, **env: str) -> BotProcess:
    """``python bot.py`` against the fake, ready (stopping it earlier is another matter: see until_ready)."""
    process = BotProcess(world.driver.fake, BOT_SCRIPT, env=world.bot_env(**env))
    world.driver.process = process
    await process.start()
    await until_ready(process)
    return process


async def table_in_play(world: World) -> TableSession:
    """alice and bob at a started table, its board showing the table's picture (the worker drew it)."""
    session = TableSession(world.driver, world.db, world.channel, [world.alice, world.bob], seed=11)
    await session.open("basic", {})
    await session.start()
    assert session.board is not None
    await shown(world, session.board, "table.png")
    return session


async def move_with_edits_on_their_way(world: World, session: TableSession) -> tuple[int, int]:
    """The person to play moves while the fake is slow to apply edits; returns once the move's first
    edit is on its way: where the fake's requests and writes were then."""
    fake = world.driver.state
    snap = await session.persons_turn()
    table = snap.table
    assert table.game is not None and table.turn is not None
    mover = session.user_at(table.turn, snap)
    assert mover is not None
    fake.edit_delay = EDIT_DELAY
    requests = len(fake.requests)
    action = choose_action(view_for(table.game, table.turn), "normal", session.rng)
    await session.play(mover, action, "slash", snap.version)
    await fake.wait_until(lambda: bool(edits_asked(world, requests)), 10, "an edit of the move to be on its way")
    return requests, len(fake.writes)


def edits_asked(world: World, since: int) -> list[str]:
    """The edits of the game channel's messages the bot asked for since request ``since``."""
    prefix = f"/channels/{world.channel.id}/messages/"
    return [
        path
        for _t, method, path in world.driver.state.requests[since:]
        if method == "PATCH" and path.startswith(prefix)
    ]


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
async def test_a_signal_stops_the_bot_gracefully(fake: FakeDiscord, world: World, sig: signal.Signals) -> None:
    """Edits on their way are delivered before the exit; the gateway closes, the picture worker ends; 0."""
    process = await ready_bot(world, RAMI_PICTURES="on")
    session = await table_in_play(world)
    assert session.board is not None and process.pid is not None
    workers = descendants(process.pid)
    assert workers, "no picture worker process was started"
    requests, writes = await move_with_edits_on_their_way(world, session)

    if sig is signal.SIGINT:  # Ctrl-C in a terminal signals the whole foreground process group
        for pid in descendants(process.pid):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, sig)
    os.kill(process.pid, sig)
    exited_at = await ended(process)
    assert await process.kill() == 0  # already ended: this collects its output and exit code

    process.assert_clean()  # no traceback, no error
    delivered = [w for w in fake.state.writes[writes:] if w.kind == "edit" and w.public and w.at < exited_at]
    assert len(delivered) == len(edits_asked(world, requests)), "an edit on its way was dropped"
    assert session.board.id in {w.message_id for w in delivered}, "the board's redraw, still to come, was dropped"
    assert (process.pid, 1000) in fake.gateway.closed, f"the gateway was not closed: {fake.gateway.closed}"
    await all_gone(workers, "the picture worker")
    assert_fake_happy(fake, world)


async def test_a_second_signal_stops_without_waiting(fake: FakeDiscord, world: World) -> None:
    """A second signal gives up what is still to go out (here an edit Discord is slow to apply): 0, no error."""
    process = await ready_bot(world)
    d = world.driver
    lobby = (await d.slash(world.alice, world.channel, "lobby create", preset="basic")).message
    table = world.db.active(world.channel.id)
    assert table is not None
    fake.state.edit_delay = 6.0  # longer than one signal waits (bot.STOP_GRACE)
    requests, writes = len(fake.state.requests), len(fake.state.writes)
    await d.click(world.bob, lobby, component_id(lobby, f"rami:{table.id}:join"))  # the board is edited to show bob
    await fake.state.wait_until(lambda: bool(edits_asked(world, requests)), 10, "the board's edit to be on its way")
    assert process.pid is not None
    os.kill(process.pid, signal.SIGTERM)
    await fake.state.wait_until(lambda: any("SIGTERM: stopping" in line for line in process.lines), 5, "the stop")
    os.kill(process.pid, signal.SIGTERM)
    exited_at = await ended(process)
    assert await process.kill() == 0
    process.assert_clean()
    assert any("again: stopping without the messages still to go out" in line for line in process.lines)
    assert not any("stopping with messages still to go out" in line for line in process.lines), "it waited"
    assert not [w for w in fake.state.writes[writes:] if w.kind == "edit" and w.public and w.at < exited_at]
    assert (process.pid, 1000) in fake.gateway.closed
    assert_fake_happy(fake, world)
