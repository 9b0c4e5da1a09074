"""What every worker process of the bot does first: give way to the bot, and end with it.

The pictures (:mod:`service.gallery`) and the computer players' thinking (:mod:`service.thinking`)
run in processes of their own, so a busy machine makes them late, never the bot's replies.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import select
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor

WORKER_NICE = 10  # how much lower a worker process's priority is than the bot's


def start_worker(bot: int) -> None:
    """In a worker process: leave Ctrl-C to the bot (a terminal sends it to every process of the
    group; the bot ends its workers as it stops), give the bot's own process the CPU first, and end
    with it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(OSError):  # not allowed here: work at the same priority
        os.nice(WORKER_NICE)
    threading.Thread(target=exit_with, args=(bot,), name="rami-bot-watch", daemon=True).start()


def exit_with(bot: int) -> None:
    """Exit as soon as the process ``bot`` has ended, however it ended: a worker waits for work
    forever otherwise, killed bot or not, holding the bot's output pipes open."""
    try:
        handle = os.pidfd_open(bot)
    except OSError:  # no pidfd here: look once a second
        while True:
            time.sleep(1.0)
            try:
                os.kill(bot, 0)
            except ProcessLookupError:
                os._exit(0)
            except OSError:
                pass  # alive, another user's
    select.select([handle], [], [])
    os._exit(0)


def worker_pool(workers: int, preload: list[str]) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes forked from a clean server process that has ``preload``
    imported already (quick to start, no copy of the bot's threads and sockets), each started by
    :func:`start_worker`."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(preload)
    return ProcessPoolExecutor(workers, mp_context=context, initializer=start_worker, initargs=(os.getpid(),))
