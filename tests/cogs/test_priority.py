"""First replies first: secondary work waits for interactions owing their first reply, never forever."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field

import discord
import pytest

from cogs.ui.components import persistent
from cogs.ui.hand import HandButton
from cogs.ui.priority import FirstReplies
from tests.cogs.conftest import ALICE, BOB, Harness
from tests.cogs.test_play import seats

LONG = 60.0  # a max_wait no test reaches: the test would time out first


@dataclass
class _Response:
    done: bool = False

    def is_done(self) -> bool:
        return self.done


@dataclass
class _Interaction:
    id: int
    type: discord.InteractionType = discord.InteractionType.application_command
    response: _Response = field(default_factory=_Response)


def fake(i: int, kind: discord.InteractionType = discord.InteractionType.application_command) -> discord.Interaction:
    return _Interaction(i, kind)  # type: ignore[return-value]


async def until(condition: Callable[[], bool], limit: int = 100_000) -> None:
    """Yield to the loop until ``condition`` holds (the database answers from its own threads)."""
    for _ in range(limit):
        if condition():
            return
        await asyncio.sleep(0)
    raise AssertionError("condition never held")


async def test_turn_is_immediate_when_nothing_is_owed() -> None:
    """With no interaction waiting for its first reply, secondary work goes at once."""
    replies = FirstReplies(max_wait=LONG)
    await asyncio.wait_for(replies.turn(), 1)


async def test_turn_waits_until_the_first_reply_is_sent() -> None:
    """Secondary work waits while an interaction owes its first reply, and goes once it is paid."""
    replies = FirstReplies(max_wait=LONG)
    first = fake(1)
    replies.owe(first)
    waiting = asyncio.create_task(replies.turn())
    await asyncio.sleep(0)
    assert not waiting.done()
    replies.paid(first)
    await asyncio.wait_for(waiting, 1)


async def test_turn_gives_up_after_max_wait() -> None:
    """Under a sustained overload nothing secondary starves: the wait is bounded."""
    replies = FirstReplies(max_wait=0.0)
    replies.owe(fake(1))
    await asyncio.wait_for(replies.turn(), 1)
    assert len(replies) == 1


async def test_an_interaction_answered_elsewhere_is_forgotten() -> None:
    """An interaction whose response is done (answered without our reply()) stops holding others."""
    replies = FirstReplies(max_wait=LONG, check_every=0.0)
    answered = fake(1)
    replies.owe(answered)
    answered.response.done = True  # type: ignore[misc]
    await asyncio.wait_for(replies.turn(), 1)
    assert len(replies) == 0


async def test_one_sweep_releases_every_waiter() -> None:
    """However many follow-ups wait, the queue is checked by one timer, and it releases them all."""
    replies = FirstReplies(max_wait=LONG, check_every=0.01)
    answered = fake(1)
    replies.owe(answered)
    waiting = [asyncio.create_task(replies.turn()) for _ in range(50)]
    await asyncio.sleep(0)
    assert not any(w.done() for w in waiting)
    answered.response.done = True  # type: ignore[misc]
    await asyncio.wait_for(asyncio.gather(*waiting), 1)
    assert len(replies) == 0


async def test_an_interaction_that_arrives_as_the_queue_clears_still_goes_first() -> None:
    """A handler that starts in the loop turn after the last first reply (the gateway delivered its
    interaction already) is waited for too: the follow-up looks again before going."""
    replies = FirstReplies(max_wait=LONG)
    first, second = fake(1), fake(2)
    replies.owe(first)
    waiting = asyncio.create_task(replies.turn())
    await asyncio.sleep(0)
    replies.paid(first)
    asyncio.get_running_loop().call_soon(replies.owe, second)  # its handler starts next turn
    await asyncio.sleep(0.01)
    assert not waiting.done()
    replies.paid(second)
    await asyncio.wait_for(waiting, 1)


def test_autocomplete_is_not_counted() -> None:
    """Autocomplete is answered by discord.py itself: it never holds secondary work."""
    replies = FirstReplies()
    replies.owe(fake(1, discord.InteractionType.autocomplete))
    assert len(replies) == 0


async def test_the_private_hand_waits_for_other_first_replies(h: Harness) -> None:
    """A typed action answers the channel at once; its private hand follows once no one else
    owes a first reply."""
    await h.open_table(ALICE, BOB)
    me, other = await seats(h)
    replies = h.client.rami.replies
    replies.max_wait = LONG
    someone = h.interaction(other)
    replies.owe(someone)
    i = h.interaction(me)
    cog, cmd = h.command("draw")
    i.command = cmd
    task = asyncio.create_task(cmd.callback(cog, i))
    await until(lambda: replies.waiting == 1)  # the draw's follow-up waits its turn
    assert [s.where for s in i.result.sent] == ["reply"] and not i.result.sent[0].ephemeral
    assert not task.done()
    replies.paid(someone)
    await asyncio.wait_for(task, 10)
    assert [(s.where, s.ephemeral) for s in i.result.sent] == [("reply", False), ("followup", True)]


async def test_a_reply_pays_what_context_owed(h: Harness) -> None:
    """Every command answered leaves nothing owed behind."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    await h.slash(me, "draw")
    await h.slash(me, "hand")
    assert len(h.client.rami.replies) == 0


async def test_views_are_sent_finished_with_their_components() -> None:
    """A view only carries components: it is finished (discord.py keeps nothing) and still renders."""
    view = persistent(HandButton(1, "My hand"), None)
    assert view.is_finished() and view.timeout is None
    assert view.to_components()[0]["components"][0]["custom_id"] == "rami:1:hand"


async def test_later_runs_at_once_when_nothing_is_owed() -> None:
    replies = FirstReplies(max_wait=LONG)
    ran: list[int] = []
    replies.later(lambda: ran.append(1))
    assert ran == [1] and replies.waiting == 0


async def test_later_waits_for_the_first_replies_then_runs_in_order() -> None:
    """A board redraw or a timer's planning started during a burst waits until the burst is answered."""
    replies = FirstReplies(max_wait=LONG)
    first, second = fake(1), fake(2)
    replies.owe(first)
    replies.owe(second)
    ran: list[int] = []
    replies.later(lambda: ran.append(1))
    replies.later(lambda: ran.append(2))
    replies.paid(first)
    assert ran == [] and replies.waiting == 2
    replies.paid(second)
    assert ran == [1, 2] and replies.waiting == 0


async def test_later_runs_after_max_wait_under_a_sustained_overload() -> None:
    replies = FirstReplies(max_wait=0.02, check_every=0.01)
    replies.owe(fake(1))
    ran: list[int] = []
    replies.later(lambda: ran.append(1))
    await until(lambda: bool(ran))
    assert len(replies) == 1 and replies.waiting == 0


async def test_a_cancelled_turn_does_not_hold_the_others() -> None:
    replies = FirstReplies(max_wait=LONG)
    first = fake(1)
    replies.owe(first)
    cancelled = asyncio.create_task(replies.turn())
    waiting = asyncio.create_task(replies.turn())
    await asyncio.sleep(0)
    cancelled.cancel()
    await asyncio.sleep(0)
    replies.paid(first)
    await asyncio.wait_for(waiting, 1)
    assert cancelled.cancelled()


@pytest.mark.logs_errors
async def test_a_failing_callback_neither_stops_the_others_nor_the_reply(caplog: pytest.LogCaptureFixture) -> None:
    replies = FirstReplies(max_wait=LONG)
    first = fake(1)
    replies.owe(first)
    ran: list[int] = []

    def broken() -> None:
        raise RuntimeError("boom")

    replies.later(broken)
    replies.later(lambda: ran.append(2))
    replies.paid(first)  # would raise into the reply that paid, without the guard
    assert ran == [2] and "deferred work failed" in caplog.text
