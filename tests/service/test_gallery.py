"""The pictures of games: drawn once per what they show, kept within bounds, shared by callers."""

from __future__ import annotations

import asyncio
import io
import os
import signal
import subprocess
import sys
import time
from functools import partial
from pathlib import Path

import pytest
from PIL import Image

from service.gallery import WORKER_NICE, Gallery, Job, hand_job, story_job, table_job
from tests.cogs.conftest import ALICE, BOB, CHANNEL, Harness
from tests.cogs.script import play_game
from tests.cogs.test_play import seats


def opens(data: bytes | None) -> Image.Image:
    assert data is not None
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.format == "PNG"
    return img


async def test_a_hand_is_drawn_once_per_what_it_shows(h: Harness) -> None:
    """The same hand asked twice is drawn once; the bytes are a PNG."""
    await h.open_table(ALICE, BOB)
    gallery = Gallery()
    player = await h.service.private_view(CHANNEL, ALICE.id)
    first = await gallery.hand(player)
    assert await gallery.hand(player) == first and gallery.drawn == 1
    assert opens(first).width > 0


async def test_another_version_draws_again_only_if_the_hand_changed(h: Harness) -> None:
    """A move by the other player leaves my picture as it was; my own draw makes a new one, and
    only the newest picture of a seat is kept."""
    await h.open_table(ALICE, BOB)
    me, other = await seats(h)
    gallery = Gallery()
    mine = await gallery.hand(await h.service.private_view(CHANNEL, other.id))
    await h.slash(me, "draw")
    after = await h.service.private_view(CHANNEL, other.id)
    assert after.game.version > 1 and await gallery.hand(after) == mine and gallery.drawn == 1
    await gallery.hand(await h.service.private_view(CHANNEL, me.id))
    await h.slash(me, "discard", card=str((await h.view(me)).hand[0]))
    await h.slash(other, "draw")
    drawn = await gallery.hand(await h.service.private_view(CHANNEL, other.id))
    assert drawn != mine and gallery.drawn == 3 and len(gallery) == 2


async def test_callers_at_once_share_one_drawing(h: Harness) -> None:
    """Two looks at the same hand at the same moment cost one drawing."""
    await h.open_table(ALICE, BOB)
    gallery = Gallery()
    player = await h.service.private_view(CHANNEL, ALICE.id)
    one, two = await asyncio.gather(gallery.hand(player), gallery.hand(player))
    assert one == two and gallery.drawn == 1


async def test_a_caller_cancelled_leaves_the_drawing_to_the_others(h: Harness) -> None:
    """A caller that goes away while its picture is drawn does not cancel the drawing."""
    await h.open_table(ALICE, BOB)
    gallery = Gallery()
    player = await h.service.private_view(CHANNEL, ALICE.id)
    gone = asyncio.create_task(gallery.hand(player))
    await asyncio.sleep(0)
    gone.cancel()
    opens(await gallery.hand(player))
    assert gallery.drawn == 1 and gone.cancelled()


async def test_the_least_recently_used_go_first(h: Harness) -> None:
    """Past its size the gallery forgets the picture looked at longest ago."""
    await h.open_table(ALICE, BOB)
    gallery = Gallery(size=2)
    alice = await h.service.private_view(CHANNEL, ALICE.id)
    bob = await h.service.private_view(CHANNEL, BOB.id)
    game = await h.service.current(CHANNEL)
    await gallery.hand(alice)
    await gallery.hand(bob)
    assert gallery.ready(hand_job(alice)) is not None  # Alice's is now the most recent
    await gallery.table(game)
    assert len(gallery) == 2 and gallery.ready(hand_job(bob)) is None
    assert gallery.ready(hand_job(alice)) is not None and gallery.ready(table_job(game)) is not None


async def test_the_room_bounds_the_bytes_kept(h: Harness) -> None:
    """Past its room in bytes the gallery forgets the picture looked at longest ago, and keeps the newest."""
    await h.open_table(ALICE, BOB)
    alice = await h.service.private_view(CHANNEL, ALICE.id)
    bob = await h.service.private_view(CHANNEL, BOB.id)
    gallery = Gallery(room=1)  # less than any picture
    await gallery.hand(alice)
    await gallery.hand(bob)
    assert len(gallery) == 1 and gallery.ready(hand_job(alice)) is None and gallery.ready(hand_job(bob)) is not None


def _broken() -> bytes:
    raise ValueError("no ink")


def _slow(data: bytes, seconds: float = 0.0) -> bytes:
    time.sleep(seconds)
    return data


def _sigint_handler() -> bytes:
    return repr(signal.getsignal(signal.SIGINT)).encode()


def _whereabouts() -> bytes:
    return f"{os.getpid()} {os.nice(0)}".encode()


async def test_a_failed_drawing_is_raised_and_not_kept() -> None:
    """A drawing that fails reaches its caller and leaves nothing behind: the next call draws again."""
    gallery = Gallery()
    job = Job(("hand", 1, 0), "stamp", _broken)
    try:
        for _ in range(2):
            with pytest.raises(ValueError, match="no ink"):
                await gallery.picture(job)
        assert len(gallery) == 0 and gallery.drawn == 0
        fixed = Job(("hand", 1, 0), "stamp", partial(_slow, b"ink"))
        assert await gallery.picture(fixed) == b"ink" and len(gallery) == 1
    finally:
        gallery.close()


async def test_pictures_are_drawn_in_a_process_of_lower_priority() -> None:
    """The drawing runs outside the bot's process (it never holds the event loop's interpreter
    lock), at a lower priority than the bot's."""
    gallery = Gallery()
    try:
        data = await gallery.picture(Job(("table", 1, -1), "s", _whereabouts))
    finally:
        gallery.close()
    assert data is not None
    pid, nice = (int(x) for x in data.split())
    assert pid != os.getpid()
    assert nice == min(19, os.nice(0) + WORKER_NICE)


async def test_the_drawing_process_leaves_ctrl_c_to_the_bot() -> None:
    """The drawing process ignores Ctrl-C, which a terminal sends to every process of the group (no
    KeyboardInterrupt traceback from it): the bot ends it as it stops."""
    gallery = Gallery()
    try:
        handler = await gallery.picture(Job(("table", 1, -1), "s", _sigint_handler))
    finally:
        gallery.close()
    assert handler == repr(signal.SIG_IGN).encode()


async def test_closing_and_waiting_ends_the_drawing_process() -> None:
    """``close(wait=True)`` returns once the drawing process has ended (the bot's stop waits for it)."""
    gallery = Gallery()
    data = await gallery.picture(Job(("table", 1, -1), "s", _whereabouts))
    assert data is not None
    await asyncio.to_thread(gallery.close, wait=True)
    with pytest.raises(ProcessLookupError):
        os.kill(int(data.split()[0]), 0)


async def test_a_picture_waiting_for_its_turn_gives_way_to_a_newer_one() -> None:
    """While the worker is busy, two pictures of one hand are asked for: only the newer is drawn,
    and both callers get it; a backlog never holds more than one picture per hand or table."""
    gallery = Gallery(workers=1)
    try:
        busy = asyncio.create_task(gallery.picture(Job(("table", 1, -1), "t", partial(_slow, b"table", 0.5))))
        await asyncio.sleep(0.05)  # the table is being drawn: the hands wait for the worker
        old = asyncio.create_task(gallery.picture(Job(("hand", 1, 0), "v1", partial(_slow, b"v1"))))
        await asyncio.sleep(0)
        new = asyncio.create_task(gallery.picture(Job(("hand", 1, 0), "v2", partial(_slow, b"v2"))))
        assert await busy == b"table"
        assert await old == b"v2" and await new == b"v2"
        assert gallery.drawn == 2 and gallery.superseded == 1
        assert gallery.ready(Job(("hand", 1, 0), "v2", _broken)) == b"v2"
    finally:
        gallery.close()


async def test_switched_off_it_draws_nothing(h: Harness) -> None:
    """With pictures off for the whole bot, every picture is None and nothing is drawn."""
    await h.open_table(ALICE, BOB)
    gallery = Gallery(enabled=False)
    assert await gallery.hand(await h.service.private_view(CHANNEL, ALICE.id)) is None
    assert await gallery.table(await h.service.current(CHANNEL)) is None and gallery.drawn == 0


async def test_the_table_needs_a_deal_and_the_story_a_finished_one(h: Harness) -> None:
    """A lobby has no table picture and a first deal no story; a game over has both kinds."""
    await h.open_table(ALICE, BOB, start=False, game_length="1")
    gallery = Gallery()
    lobby = await h.service.current(CHANNEL)
    assert table_job(lobby) is None and story_job(lobby, ["A", "B"], "Deal", "Points") is None
    await h.slash(ALICE, "lobby start")
    playing = await h.service.current(CHANNEL)
    opens(await gallery.table(playing))
    assert story_job(playing, ["A", "B"], "Deal", "Points") is None
    await play_game(h, (ALICE, BOB), seed=2)
    over = await h.service.score_sheet(CHANNEL)
    chart = opens(await gallery.story(over, ["Alice", "Bob"], "Deal", "Points"))
    assert chart.size == opens(await gallery.story(over, ["Alice", "Bob"], "Donne", "Points")).size
    assert gallery.drawn == 3  # the labels are part of what a chart shows


_KILLED_BOT = """
import asyncio, os, sys
from service.gallery import Gallery, Job
from tests.service.test_gallery import _whereabouts

async def main():
    gallery = Gallery()
    data = await gallery.picture(Job(("table", 1, -1), "s", _whereabouts))
    print(data.split()[0].decode(), flush=True)
    await asyncio.sleep(60)

asyncio.run(main())
"""


def _gone(pid: int, within: float) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


def test_the_drawing_process_ends_with_a_killed_bot() -> None:
    """SIGKILL gives the bot no time to stop its worker: the worker sees it gone and ends too,
    and so lets go of the bot's output pipes (whoever reads them to the end is not left waiting)."""
    root = Path(__file__).resolve().parents[2]
    bot = subprocess.Popen(
        [sys.executable, "-c", _KILLED_BOT],
        cwd=root,
        stdout=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(root)},
    )
    try:
        assert bot.stdout is not None
        worker = int(bot.stdout.readline())
        assert worker != bot.pid
        bot.kill()
        bot.wait(timeout=10)
        assert _gone(worker, within=10)
        assert bot.stdout.read() == b""  # end of file: nobody holds the pipe any more
    finally:
        bot.kill()


async def test_a_closed_gallery_draws_nothing_more() -> None:
    """After ``close()`` every picture is None, one waiting for its turn too: no drawing process starts again."""
    gallery = Gallery(workers=1)
    busy = asyncio.create_task(gallery.picture(Job(("table", 1, -1), "t", partial(_slow, b"table", 0.5))))
    await asyncio.sleep(0.05)  # the table is being drawn: the hand waits for the worker
    waiting = asyncio.create_task(gallery.picture(Job(("hand", 1, 0), "v1", partial(_slow, b"v1"))))
    await asyncio.sleep(0)
    await asyncio.to_thread(gallery.close, wait=True)
    assert await busy == b"table"
    assert await waiting is None
    assert await gallery.picture(Job(("hand", 1, 0), "v2", partial(_slow, b"v2"))) is None
    assert gallery.drawn == 1  # the table only
