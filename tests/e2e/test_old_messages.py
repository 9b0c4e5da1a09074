"""Discord refuses too many edits of a message older than an hour (30046): through the real
process and the fake Discord, the board and the turn's message are then posted anew, the old ones
deleted, and no move goes untold (issue 28, point 4)."""

from __future__ import annotations

from tests.e2e.conftest import World
from tests.e2e.session import TableSession
from tests.fakediscord import BotProcess

SHORT = {"bot_pause": "0", "turn_timer": "0", "game_end": "deals", "game_length": "1"}


async def test_a_board_and_a_turn_message_that_refuse_edits_are_posted_anew(world: World, rami: BotProcess) -> None:
    """Both of the game's public messages grow "old" in the middle of a game: the next moves post
    them again at the bottom of the channel, the stored board is the new one, and the later moves
    are read in the channel."""
    d, channel = world.driver, world.channel
    session = TableSession(d, world.db, channel, [world.alice, world.bob], style="buttons", seed=7)
    await session.open("basic", SHORT)
    await session.start()
    await session.step()
    old_board = session.board
    assert old_board is not None
    turns = [m for m in d.public_messages(channel) if not m.embeds and m.id != old_board.id]
    old_turn = turns[-1]
    d.state.too_old |= {old_board.id, old_turn.id}
    world.expected_errors.append(("/messages/", 400))  # the refused edits, by design
    await session.step()
    await session.step()

    def posted_anew() -> bool:
        board = session.board
        gone = {m.id for m in d.state.messages.values() if m.deleted}
        return board is not None and board.id != old_board.id and {old_board.id, old_turn.id} <= gone

    await d.state.wait_until(posted_anew, 20.0, "the board and the turn message posted anew, the old ones deleted")
    board = session.board
    assert board is not None and any(str(b.get("custom_id", "")).endswith(":hand") for b in board.buttons)
    refused = [e for e in d.state.errors if e[2] == 400 and e[3].get("code") == 30046]
    assert refused, "the fake refused nothing: the test tested nothing"
    for _ in range(2):  # each waits until the move is read in the channel
        if await session.step() is None:
            break
