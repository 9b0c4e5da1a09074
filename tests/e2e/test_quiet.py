"""A quiet channel (issue 22, point 1): a whole ``basic`` game played by buttons, through the real
process and the fake Discord, costs at most one new public message per person's turn on average,
never passes Discord's limit of 5 new messages per 5 seconds in the channel, never sends an empty
public message or edit, and still tells every move: each discard is read in the channel."""

from __future__ import annotations

import asyncio
from collections import Counter

import pytest

from rummy.cards import Card
from tests.e2e.conftest import World
from tests.e2e.gamedb import ACTIVE
from tests.e2e.secrecy import assert_no_leak
from tests.e2e.session import TableSession
from tests.fakediscord import BotProcess
from tests.fakediscord.models import RecordedMessage, walk_components

# One deal, and a stock that is not rebuilt (a deal that goes nowhere would run to its turn cap).
SHORT = {"bot_pause": "0", "turn_timer": "0", "game_end": "deals", "game_length": "1", "refill_limit": "0"}
DISCORD_LIMIT = 5  # new messages per channel in any 5 seconds
PERSON = 1.2  # seconds a person thinks before their turn: more than the bot's spacing of new messages
REPOST_AFTER = 8  # the board's default (cogs.ui.board.Board.repost_after)

pytestmark = pytest.mark.discord_pace  # these tests look at the channel's pace


@pytest.mark.parametrize(
    ("people", "bots", "pause"),
    [(2, (), PERSON), (4, ("easy", "normal"), 0.0)],  # four alone add nothing to four with bots
    ids=["2-at-a-person's-pace", "4+2-bots"],
)
async def test_a_whole_game_by_buttons_is_quiet(
    world: World, rami: BotProcess, people: int, bots: tuple[str, ...], pause: float
) -> None:
    """``pause``: how long each person thinks before their turn (0: as fast as the driver goes,
    so that turns come faster than the channel may take messages)."""
    d, channel = world.driver, world.channel
    session = TableSession(d, world.db, channel, world.players[:people], style="buttons", seed=people)
    await session.open("basic", SHORT, bots)
    await session.start()
    started = len(d.state.writes)
    await play(session, pause)
    await session.check_final_scores()

    def is_final(message: RecordedMessage) -> bool:  # the game's final message (cogs.ui.ending)
        return any(str(c.get("custom_id", "")).endswith(":rematch") for c in walk_components(message.components))

    def is_board(message: RecordedMessage) -> bool:
        return bool(message.embeds) and not is_final(message)

    def old_boards_deleted() -> bool:  # a board posted again deletes the old one, in its paced turn
        ws = [w for w in d.state.writes[started:] if w.public and w.channel_id == channel.id]
        posted = sum(1 for w in ws if w.kind == "create" and is_board(d.state.messages[w.message_id]))
        return sum(1 for w in ws if w.kind == "delete") >= posted

    def final_posted() -> bool:  # a second after the last move's line (cogs.ui.ending)
        return any(is_final(m) for m in d.public_messages(channel))

    await d.state.wait_until(old_boards_deleted, 30, "the old boards deleted")
    await d.state.wait_until(final_posted, 30, "the game's final message")
    await rami.stop()  # whatever was still to go out has gone

    actions = world.db.actions(session.game_id)
    turns = sum(1 for a in actions if a.kind == "draw" and a.actor_id is not None)
    writes = [w for w in d.state.writes[started:] if w.public and w.channel_id == channel.id]
    created = [d.state.messages[w.message_id] for w in writes if w.kind == "create"]
    boards = [m for m in created if is_board(m)]  # the board, posted again at the bottom
    finals = [m for m in created if is_final(m)]
    lines = [m for m in created if not is_board(m) and not is_final(m)]  # the turns' messages
    deleted = sum(1 for w in writes if w.kind == "delete")
    edits = sum(1 for w in writes if w.kind == "edit")
    print(f"{people} people, {len(bots)} bots: {turns} turns, {len(created)} new messages", end=" ")
    print(f"({len(boards)} boards, {deleted} deleted), {edits} edits")
    said = "\n".join(f"- {m.text[:80]!r}" for m in lines)
    assert turns > 0 and len(lines) <= turns, f"{len(lines)} turn messages for {turns} turns:\n{said}"
    assert len(finals) == 1  # and one final message, once the game is over
    assert len(boards) <= turns // REPOST_AFTER + 1 and deleted == len(boards)  # the old board goes
    assert len(created) - len(finals) - deleted <= turns  # the channel grows by one message per turn at most
    assert edits > 0  # the moves are told by editing the turn's message
    assert d.state.created_per_window(channel.id) <= DISCORD_LIMIT
    assert not [w for w in d.state.writes if w.public and w.kind != "delete" and w.empty]

    names = {u.id: u.name for u in session.people}
    told = "\n".join(m.text for m in d.public_messages(channel))
    discards = Counter(
        f"{names[a.actor_id]} discarded {Card.parse(a.payload['card']).pretty}."
        for a in actions
        if a.kind == "discard" and a.actor_id is not None
    )
    for sentence, times in discards.items():
        assert told.count(sentence) >= times, sentence
    assert_no_leak(d, world.db, session.game_id, session.snapshots)


async def play(session: TableSession, pause: float) -> None:
    """Play to the end; each person thinks ``pause`` seconds before their turn."""
    seat = None
    for _ in range(400):
        snap = await session.persons_turn()
        if snap.status not in ACTIVE:
            return
        if pause and snap.table.turn != seat:
            await asyncio.sleep(pause)
        seat = snap.table.turn
        if await session.step() is None:
            return
    raise AssertionError("the game did not end within 400 moves by people")
