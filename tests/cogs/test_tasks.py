"""The UI's background tasks (cogs.ui.tasks): one per key, the key free again once its work
returned, failures logged, drained and closed as one."""

from __future__ import annotations

import asyncio
import logging

import aiohttp
import pytest

from cogs.ui.tasks import Tasks


async def test_one_task_per_key_while_it_runs() -> None:
    tasks: Tasks[int] = Tasks("test")
    gate = asyncio.Event()
    started: list[int] = []

    async def work(key: int) -> None:
        started.append(key)
        await gate.wait()

    tasks.once(1, work, "t-1")
    tasks.once(1, work, "t-1 again")  # one runs for 1: nothing new
    tasks.once(2, work, "t-2")
    await asyncio.sleep(0)
    assert started == [1, 2] and len(tasks) == 2 and 1 in tasks
    gate.set()
    await tasks.drain()
    assert len(tasks) == 0 and 1 not in tasks


async def test_the_key_is_free_as_soon_as_its_work_returned() -> None:
    """A change right after the work's last look starts a new task, even before the done callbacks
    of the old one have run (otherwise that change would never be shown)."""
    tasks: Tasks[str] = Tasks("test")
    runs: list[str] = []

    async def work(key: str) -> None:
        runs.append(key)
        if len(runs) == 1:
            # the last thing the first run does: a change arrives, asking for a new run
            loop = asyncio.get_running_loop()
            loop.call_soon(tasks.once, key, work, "again")

    tasks.once("g", work, "first")
    await tasks.drain()
    assert runs == ["g", "g"]


@pytest.mark.logs_errors
async def test_a_failure_is_logged_with_its_traceback(caplog: pytest.LogCaptureFixture) -> None:
    tasks: Tasks[int] = Tasks("board")

    async def broken(key: int) -> None:
        raise RuntimeError(f"broken {key}")

    async def also_broken() -> None:
        raise ValueError("loose")

    with caplog.at_level(logging.ERROR, logger="cogs.ui.tasks"):
        tasks.once(7, broken, "rami-board-7")
        tasks.spawn(also_broken(), "rami-end-7")
        await tasks.drain()
        await asyncio.sleep(0)
    failed = {r.getMessage(): r.exc_info for r in caplog.records}
    assert set(failed) == {"board task rami-board-7 failed", "board task rami-end-7 failed"}
    assert all(info is not None for info in failed.values())
    assert len(tasks) == 0


async def test_discord_out_of_reach_is_a_warning(caplog: pytest.LogCaptureFixture) -> None:
    tasks: Tasks[int] = Tasks("final message")

    async def cut(key: int) -> None:
        raise aiohttp.ServerDisconnectedError()

    with caplog.at_level(logging.WARNING, logger="cogs.ui.tasks"):
        tasks.once(3, cut, "rami-end-3")
        await tasks.drain()
        await asyncio.sleep(0)
    (record,) = caplog.records
    assert record.levelno == logging.WARNING and record.exc_info is None
    assert record.getMessage().startswith("final message task rami-end-3 could not reach Discord")
    assert 3 not in tasks


async def test_close_cancels_every_task() -> None:
    tasks: Tasks[int] = Tasks("test")
    cancelled: list[str] = []

    async def forever(name: str) -> None:
        try:
            await asyncio.sleep(3600)
        except asyncio.CancelledError:
            cancelled.append(name)
            raise

    async def keyed(key: int) -> None:
        await forever(f"keyed {key}")

    tasks.once(1, keyed, "k")
    tasks.spawn(forever("loose"), "l")
    await asyncio.sleep(0)
    await tasks.close()
    assert sorted(cancelled) == ["keyed 1", "loose"] and len(tasks) == 0


async def test_drain_waits_for_tasks_started_meanwhile() -> None:
    tasks: Tasks[int] = Tasks("test")
    done: list[int] = []

    async def chain(key: int) -> None:
        await asyncio.sleep(0.01)
        done.append(key)
        if key < 3:
            tasks.once(key + 1, chain, f"t-{key + 1}")

    tasks.once(1, chain, "t-1")
    await tasks.drain()
    assert done == [1, 2, 3]


async def test_a_close_that_is_cancelled_stops_waiting() -> None:
    """Cancelling the closer (a second Ctrl-C gives up the stop's waiting) cancels it once the tasks
    ended: the close does not swallow its own cancellation and carry on."""
    tasks: Tasks[int] = Tasks("test")

    async def slow_to_end(_key: int) -> None:
        try:
            await asyncio.sleep(10)
        except asyncio.CancelledError:
            await asyncio.sleep(0.05)  # takes a moment to end
            raise

    tasks.once(1, slow_to_end, "slow")
    await asyncio.sleep(0)
    closer = asyncio.create_task(tasks.close())
    await asyncio.sleep(0)
    closer.cancel()
    with pytest.raises(asyncio.CancelledError):
        await asyncio.wait_for(closer, 1)
