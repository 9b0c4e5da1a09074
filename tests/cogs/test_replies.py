"""First replies first: secondary work waits for interactions owing their first response, never forever."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

import discord

from cogs.ui.replies import FirstReplies
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


async def test_turn_is_immediate_when_nothing_is_owed() -> None:
    replies = FirstReplies(max_wait=LONG)
    await asyncio.wait_for(replies.turn(), 1)


async def test_turn_waits_until_the_first_response_is_sent() -> None:
    replies = FirstReplies(max_wait=LONG)
    first = fake(1)
    replies.owe(first)
    waiting = [asyncio.create_task(replies.turn()) for _ in range(20)]
    await asyncio.sleep(0.01)
    assert not any(w.done() for w in waiting)
    replies.paid(first)
    await asyncio.wait_for(asyncio.gather(*waiting), 1)
    assert len(replies) == 0


async def test_turn_gives_up_after_max_wait() -> None:
    """Under a sustained overload nothing secondary starves: the wait is bounded."""
    replies = FirstReplies(max_wait=0.0)
    replies.owe(fake(1))
    await asyncio.wait_for(replies.turn(), 1)
    assert len(replies) == 1


async def test_an_interaction_answered_elsewhere_is_forgotten() -> None:
    """An interaction whose response is done without reply() (discord.py's own answer) stops holding others."""
    replies = FirstReplies(max_wait=LONG, check_every=0.01)
    answered = fake(1)
    replies.owe(answered)
    waiting = asyncio.create_task(replies.turn())
    await asyncio.sleep(0.02)
    assert not waiting.done()
    answered.response.done = True  # type: ignore[misc]
    await asyncio.wait_for(waiting, 1)
    assert len(replies) == 0


async def test_an_interaction_that_arrives_as_the_queue_clears_still_goes_first() -> None:
    """A handler that starts in the loop turn after the last first response is waited for too."""
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


def test_autocomplete_and_answered_interactions_are_not_counted() -> None:
    replies = FirstReplies()
    replies.owe(fake(1, discord.InteractionType.autocomplete))
    answered = fake(2)
    answered.response.done = True  # type: ignore[misc]
    replies.owe(answered)
    assert len(replies) == 0


async def test_a_typed_move_tells_the_channel_after_other_first_responses(h: Harness) -> None:
    """While another player's interaction owes its first response, a typed /draw answers with the
    private hand at once, and the channel's line (an edit of the turn's message) waits until that
    response is sent."""
    await h.open_table(ALICE, BOB)
    first, second = await seats(h)
    other = h.interaction(second)
    h.replies.owe(other)
    before = len(h.outbox)
    move = asyncio.create_task(h.slash(first, "draw", settle=False))
    for _ in range(500):  # the hand's advice runs the solver in a worker thread first
        await asyncio.sleep(0.01)
        if move.done() or len(h.outbox) > before:
            break
    assert [(s.where, s.ephemeral) for s in h.outbox[before:]] == [("reply", True)]  # the hand went out
    await asyncio.sleep(0.1)  # time enough for the line, were it not waiting
    assert len(h.outbox) == before + 1  # the line waits (the writer's work, behind the response owed)
    h.replies.paid(other)
    await asyncio.wait_for(move, 5)
    await h.settle()
    lines = [s for s in h.outbox[before:] if s.where == "line"]  # the board's redraw may come after it
    assert lines and f"{first.name} drew from the stock." in lines[-1].text
