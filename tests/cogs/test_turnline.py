"""The turn line's sender (cogs.ui.turnline): one new message per turn, edits for its moves, and
the channel's pace (issue 22, point 1). Time is a clock the sender's own waits move forward, so
what is checked is the order and the spacing of what went out, not how long a test takes."""

from __future__ import annotations

import asyncio
import itertools

import discord

from cogs.ui.components import persistent
from cogs.ui.hand import HandButton
from cogs.ui.poster import Pace, Poster
from cogs.ui.turnline import TurnLines
from tests.cogs.conftest import ALICE, BOB, CHANNEL, Harness
from tests.cogs.outbox import RecordingChannels, Sent
from tests.cogs.test_play import seats

GAME = 1


class Clock:
    """Seconds that pass only when the sender waits."""

    def __init__(self) -> None:
        self.t = 1000.0
        self.stamps: list[tuple[float, str]] = []  # (when, "channel" or "line") of what went out

    def __call__(self) -> float:
        return self.t

    async def sleep(self, seconds: float) -> None:
        self.t += max(seconds, 0.0)
        await asyncio.sleep(0)


class Timed(RecordingChannels):
    """Recorded channels that note when each message or edit went out."""

    def __init__(self, clock: Clock) -> None:
        super().__init__([], itertools.count(1))
        self.clock = clock

    async def send(self, channel_id: int, **kwargs: object) -> int:
        self.clock.stamps.append((self.clock.t, "channel"))
        return await super().send(channel_id, **kwargs)

    async def edit(self, channel_id: int, message_id: int, **kwargs: object) -> None:
        self.clock.stamps.append((self.clock.t, "line"))
        await super().edit(channel_id, message_id, **kwargs)


def sender() -> tuple[TurnLines, Timed, Clock]:
    """The sender at Discord's pace, on a clock of its own."""
    clock = Clock()
    channels = Timed(clock)
    return TurnLines(Poster(channels, pace=Pace(), clock=clock, sleep=clock.sleep)), channels, clock


def button() -> discord.ui.View:
    return persistent(HandButton(GAME, "My hand"))


def sent(channels: Timed, where: str) -> list[Sent]:
    return [s for s in channels.outbox if s.where == where]


async def test_a_turn_is_one_message_then_edits_that_ping_nobody() -> None:
    lines, channels, _ = sender()
    lines.begin(GAME, CHANNEL, ["Carl drew from the stock.", "Carl discarded 5♣."], "<@202>, your turn.", 202, button())
    await lines.drain()
    for move in ("Bob drew from the stock.", "Bob melded 7♥ 8♥ 9♥.", "Bob discarded K♠."):
        lines.add(GAME, CHANNEL, [move])
        await lines.drain()
    [new] = sent(channels, "channel")
    assert new.text == "Carl drew from the stock.\nCarl discarded 5♣.\n<@202>, your turn."
    assert new.allowed_mentions.users == [discord.Object(202)] and not new.silent  # type: ignore[union-attr]
    assert "rami:1:hand" in new.custom_ids
    edits = sent(channels, "line")
    assert len(edits) == 3 and {e.message_id for e in edits} == {new.message_id}
    moves = "Bob drew from the stock.\nBob melded 7♥ 8♥ 9♥.\nBob discarded K♠."
    assert edits[-1].text.endswith(f"<@202>, your turn.\n{moves}")
    assert all(e.allowed_mentions.to_dict() == {"parse": []} for e in edits)  # type: ignore[union-attr]
    assert all(e.view is None for e in edits)  # the button stays as it was


async def test_new_messages_keep_to_the_channel_pace() -> None:
    """Twelve turns begun one after the other: at most 4 new messages in any 5 s, 1 s apart."""
    lines, channels, clock = sender()
    for turn in range(12):
        lines.add(GAME, CHANNEL, [f"move {turn}"])
        lines.begin(GAME, CHANNEL, [], f"<@{turn}>, your turn.", turn, button())
        await clock.sleep(0.3)  # a quick player
    await lines.drain()
    times = [t for t, where in clock.stamps if where == "channel"]
    assert times and all(b - a >= 1.0 for a, b in itertools.pairwise(times))
    assert all(sum(1 for u in times if t <= u < t + 5.0) <= 4 for t in times)
    text = "\n".join(s.text for s in channels.messages.values())
    assert all(f"move {turn}" in text for turn in range(12))  # nothing said is lost


async def test_a_turn_held_back_joins_the_next_one_and_pings_whoever_plays() -> None:
    """A message still held back by the pace takes in the next turn: one message, and it pings
    the person whose turn it is when it goes out, not the one whose turn went by."""
    lines, channels, _ = sender()
    lines.poster.note(CHANNEL)  # a message just went out in the channel
    lines.begin(GAME, CHANNEL, ["Carl discarded 5♣."], "<@202>, your turn.", 202, button())
    lines.add(GAME, CHANNEL, ["Bob drew from the stock.", "Bob discarded K♠."])
    lines.begin(GAME, CHANNEL, [], "<@101>, your turn.", 101, button())
    await lines.drain()
    [new] = sent(channels, "channel")
    assert new.text == "Carl discarded 5♣.\nBob drew from the stock.\nBob discarded K♠.\n<@101>, your turn."
    assert new.allowed_mentions.users == [discord.Object(101)]  # type: ignore[union-attr]
    assert sent(channels, "line") == []


async def test_quick_moves_cost_one_edit_with_the_latest_text() -> None:
    lines, channels, clock = sender()
    lines.begin(GAME, CHANNEL, [], "<@202>, your turn.", 202, button())
    await lines.drain()
    lines.add(GAME, CHANNEL, ["Bob drew from the stock."])  # within a second of the message
    lines.add(GAME, CHANNEL, ["Bob melded 7♥ 8♥ 9♥."])
    lines.add(GAME, CHANNEL, ["Bob laid off 10♥ on meld 1."])
    await lines.drain()
    [edit] = sent(channels, "line")
    assert edit.text.endswith("Bob drew from the stock.\nBob melded 7♥ 8♥ 9♥.\nBob laid off 10♥ on meld 1.")
    [(sent_at, _), (edited_at, _)] = clock.stamps
    assert edited_at - sent_at >= 1.0


async def test_nothing_to_say_sends_nothing() -> None:
    lines, channels, _ = sender()
    lines.begin(GAME, CHANNEL, [], None, None, button())
    lines.add(GAME, CHANNEL, [])
    lines.add(GAME, CHANNEL, [], button())  # buttons and no message to carry them
    await lines.drain()
    assert channels.outbox == []


async def test_a_long_turn_keeps_its_turn_line_within_the_limit() -> None:
    lines, channels, _ = sender()
    lines.begin(GAME, CHANNEL, [f"Carl drew and discarded {i}." for i in range(90)], "<@202>, your turn.", 202, None)
    await lines.drain()
    [new] = sent(channels, "channel")
    assert len(new.text) <= 2000 and new.text.endswith("<@202>, your turn.") and "discarded 89." in new.text


async def test_the_end_of_the_table_takes_the_buttons_off_its_last_message(h: Harness) -> None:
    """When the table closes (here: cancelled), the last turn's message keeps its text and loses
    its My hand button."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    await h.slash(me, "draw")
    [drew] = (await h.slash(me, "hand")).channel or [None]  # looking changes nothing
    assert drew is None
    cancelled = await h.slash(ALICE, "lobby cancel")
    [edit] = cancelled.channel
    assert edit.where == "line" and f"{me.name} drew from the stock." in edit.text
    assert edit.view is not None and edit.custom_ids == []


async def test_a_whole_turn_from_the_buttons_is_one_message(h: Harness) -> None:
    """Bob's turn, played by buttons (draw, discard): its message is the one the previous discard
    sent; his moves edit it, and his discard sends the next one, pinging Alice."""
    await h.open_table(ALICE, BOB)
    first, second = await seats(h)
    await h.slash(first, "draw")
    passed = await h.slash(first, "discard", card=str((await h.view(first)).drawn))
    [turn] = [s for s in passed.channel if s.where == "channel"]
    drew = await h.click(second, "rami:1:draw:stock")
    card = (await h.view(second)).drawn
    discarded = await h.click(second, "rami:1:discard", [card.token])
    assert [(s.where, s.message_id) for s in drew.channel] == [("line", turn.message_id)]
    edit, new = discarded.channel
    assert edit.where == "line" and edit.message_id == turn.message_id
    assert edit.text == f"<@{second.id}>, it's your turn.\n{second.name} drew from the stock.\n" + (
        f"{second.name} discarded {card.pretty}."
    )
    assert new.where == "channel" and new.text == f"<@{first.id}>, it's your turn."


async def test_the_board_comes_down_after_enough_messages(h: Harness) -> None:
    """After ``repost_after`` new messages, the board is posted again at the bottom and the old
    one deleted; the table's message id follows it."""
    await h.open_table(ALICE, BOB)
    old = (await h.service.current(CHANNEL)).message_id
    for _ in range(h.board.repost_after):
        table = await h.table()
        user = ALICE if table.players[table.turn].id == str(ALICE.id) else BOB
        await h.slash(user, "draw")
        await h.slash(user, "discard", card=str((await h.view(user)).drawn))
    new = (await h.service.current(CHANNEL)).message_id
    assert new != old and h.channels.deleted == [old]
    [posted] = [s for s in h.outbox if s.where == "channel" and s.message_id == new]  # then redrawn in place
    assert posted.embed is not None and "rami:1:hand" in posted.custom_ids
