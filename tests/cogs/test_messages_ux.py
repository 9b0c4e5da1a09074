"""Channel messages: the "My hand" button rides with the turn mention; lines without a mention are silent."""

from __future__ import annotations

from tests.cogs.conftest import ALICE, BOB, Harness
from tests.cogs.test_play import seats


async def test_start_message_carries_my_hand_and_says_so(h: Harness) -> None:
    """The start message has the My hand button and a line pointing to it."""
    await h.open_table(ALICE, BOB, start=False)
    r = await h.slash(ALICE, "lobby start")
    assert not r.first.ephemeral and "rami:1:hand" in r.first.custom_ids and "My hand" in r.text


async def test_turn_mention_carries_my_hand(h: Harness) -> None:
    """The discard that passes the turn mentions the next player, with the My hand button, not silent."""
    await h.open_table(ALICE, BOB)
    me, other = await seats(h)
    await h.slash(me, "draw")
    r = await h.slash(me, "discard", card=str((await h.view(me)).hand[0]))
    public = r.channel[-1]
    assert public.where == "channel" and f"<@{other.id}>" in public.text
    assert "rami:1:hand" in public.custom_ids and not public.silent


async def test_a_move_within_the_turn_sends_no_message(h: Harness) -> None:
    """A draw, which keeps the turn, is added to the turn's message: an edit, its buttons left as
    they are, and no new message."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    r = await h.slash(me, "draw")
    assert not r.public and [s.where for s in r.channel] == ["line"] and r.channel[0].view is None


async def test_computer_moves_message_carries_my_hand(h: Harness) -> None:
    """The batched computer-player message that mentions the next person carries My hand."""
    await h.slash(ALICE, "lobby create")
    await h.slash(ALICE, "lobby addbot", level="easy")
    await h.slash(ALICE, "lobby set", rule="bot_pause", value="0")
    await h.slash(ALICE, "lobby start")
    table = await h.table()
    if not table.players[table.turn].is_bot:  # let the computer player move first
        await h.slash(ALICE, "draw")
        await h.slash(ALICE, "discard", card=str((await h.view(ALICE)).hand[0]))
    await h.timers.settle()
    told = [s for s in h.outbox if s.where == "channel" and f"<@{ALICE.id}>" in s.text]
    assert told and "rami:1:hand" in told[-1].custom_ids and not told[-1].silent
