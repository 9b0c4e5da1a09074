"""The one way out to channels (cogs.ui.poster): an edit Discord refuses on an old message is posted
anew, never dropped, and the edits of one message never overlap (issue 28, points 1 and 4)."""

from __future__ import annotations

import asyncio
import itertools
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from cogs.ui.poster import NO_PACE, TOO_OLD, Poster
from tests.cogs.conftest import ALICE, BOB, CHANNEL, Harness
from tests.cogs.outbox import RecordingChannels
from tests.cogs.script import play_game
from tests.cogs.test_play import seats


def refusal(status: int, code: int) -> discord.HTTPException:
    return discord.HTTPException(SimpleNamespace(status=status, reason="refused"), {"code": code, "message": "no"})


class Refusing(RecordingChannels):
    """Recorded channels that refuse to edit the messages in ``old`` (as Discord does one that is
    more than an hour old and was edited too often), and count the edits in flight per message."""

    def __init__(self, status: int = 400, code: int = TOO_OLD) -> None:
        super().__init__([], itertools.count(1))
        self.old: set[int] = set()
        self.status, self.code = status, code
        self.in_flight: dict[int, int] = {}
        self.most_in_flight = 0

    async def edit(self, channel_id: int, message_id: int, **kwargs: Any) -> None:
        if message_id in self.old:
            raise refusal(self.status, self.code)
        self.in_flight[message_id] = self.in_flight.get(message_id, 0) + 1
        self.most_in_flight = max(self.most_in_flight, self.in_flight[message_id])
        try:
            for _ in range(3):  # a slow edit: others may start meanwhile
                await asyncio.sleep(0)
            await super().edit(channel_id, message_id, **kwargs)
        finally:
            self.in_flight[message_id] -= 1


@pytest.mark.parametrize(("status", "code"), [(400, TOO_OLD), (429, 0)], ids=["30046", "429"])
async def test_an_edit_refused_for_the_message_age_posts_it_anew(status: int, code: int) -> None:
    """The new message carries the whole state (``anew``), the old one is deleted, the new id returned."""
    channels = Refusing(status, code)
    poster = Poster(channels, pace=NO_PACE)
    old = await poster.send(CHANNEL, content="Bob drew.")
    channels.old.add(old)
    new = await poster.edit(CHANNEL, old, anew={"content": "Bob drew.\nBob discarded 5♣.", "view": None}, content="x")
    assert new != old and channels.deleted == [old]
    assert channels.messages[new].content == "Bob drew.\nBob discarded 5♣."


async def test_another_refusal_is_raised() -> None:
    """A message deleted by someone (404) is its writer's to handle: nothing is posted in its place."""
    channels = Refusing(404, 10008)
    poster = Poster(channels, pace=NO_PACE)
    old = await poster.send(CHANNEL, content="Bob drew.")
    channels.old.add(old)
    with pytest.raises(discord.HTTPException):
        await poster.edit(CHANNEL, old, content="Bob drew.\nBob discarded 5♣.")
    assert len(channels.messages) == 1 and channels.deleted == []


async def test_edits_of_one_message_take_turns() -> None:
    """Two edits of one message at once: the second starts once the first is done."""
    channels = Refusing()
    poster = Poster(channels, pace=NO_PACE)
    message = await poster.send(CHANNEL, content="a")
    await asyncio.gather(*(poster.edit(CHANNEL, message, content=t) for t in "bcd"))
    assert channels.most_in_flight == 1 and channels.messages[message].content == "d"


def refusing_harness(h: Harness) -> Refusing:
    """The harness's channels, refusing the edits of the messages put in ``.old``."""
    channels = Refusing()
    channels.outbox, channels.ids = h.outbox, h.ids
    h.writer.poster.channels = channels
    h.channels = channels
    return channels


async def test_a_board_discord_no_longer_lets_be_edited_is_posted_anew(h: Harness) -> None:
    """The next redraw posts the board at the bottom, deletes the old one and stores the new id."""
    channels = refusing_harness(h)
    await h.open_table(ALICE, BOB)
    old = (await h.service.current(CHANNEL)).message_id
    assert old is not None
    channels.old.add(old)
    me, _ = await seats(h)
    await h.slash(me, "draw")
    new = (await h.service.current(CHANNEL)).message_id
    assert new not in (None, old) and old in channels.deleted
    assert channels.messages[new].embed is not None and "rami:1:hand" in channels.messages[new].custom_ids


async def test_a_turn_message_discord_no_longer_lets_be_edited_is_posted_anew(h: Harness) -> None:
    """The move is read all the same: in the turn's message posted anew, the old one deleted."""
    channels = refusing_harness(h)
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    await h.slash(me, "draw")
    turn = [m for m in channels.messages.values() if m.embed is None][-1]  # the turn line, as last edited
    assert turn.message_id is not None
    channels.old.add(turn.message_id)
    card = (await h.view(me)).hand[0]
    await h.slash(me, "discard", card=str(card))
    assert turn.message_id in channels.deleted
    anew = [m for m in channels.messages.values() if m.embed is None and card.pretty in (m.content or "")]
    assert anew and anew[0].message_id != turn.message_id and (anew[0].content or "").startswith(turn.content or "")


async def test_a_whole_game_never_has_two_edits_of_a_message_in_flight(h: Harness) -> None:
    """Board, turn lines, final message: however the moves come, one edit per message at a time."""
    channels = refusing_harness(h)
    await h.open_table(ALICE, BOB, game_length="1")
    await play_game(h, [ALICE, BOB], seed=3)
    assert channels.most_in_flight == 1 and len(channels.in_flight) > 2
