"""The public game message: redrawn in batches, reposted if deleted, never showing a hand."""

from __future__ import annotations

import asyncio
from typing import Any
from unittest.mock import MagicMock

import discord

from cogs.ui.render import board_embed, chunks
from rummy import actions as act
from rummy.deal import Event
from rummy.table import RECENT_EVENTS, Table
from service.catalog import translator
from tests.cogs.conftest import ALICE, BOB, CHANNEL, Harness


async def test_refreshes_are_batched(h: Harness) -> None:
    """Several changes before the board task runs cost one edit, with the latest state."""
    await h.open_table(ALICE, BOB, start=False)
    edits = len([s for s in h.outbox if s.where == "board"])
    for _ in range(5):
        h.board.refresh(1)
    await h.board.drain()
    assert len([s for s in h.outbox if s.where == "board"]) == edits + 1


async def test_every_board_shares_one_pace(h: Harness) -> None:
    """Redraws of different tables take successive slots of one shared pace (Discord's global limit)."""
    await h.open_table(ALICE, BOB, start=False)
    h.board._spacing = 0.001  # 1,000 redraws per second: fast, but each redraw still takes a slot
    loop = asyncio.get_running_loop()
    start = loop.time()
    h.board._next_slot = 0.0
    for _ in range(3):
        h.board._last.clear()
        h.board.refresh(1)
        await h.board.drain()
    assert h.board._next_slot >= start + 3 * 0.001


async def test_deleted_board_is_posted_again(h: Harness, monkeypatch: Any) -> None:
    """If someone deleted the game message, the next redraw posts a new one and remembers it."""
    await h.open_table(ALICE, BOB, start=False)

    async def gone(channel_id: int, message_id: int, **kwargs: Any) -> None:
        raise discord.NotFound(MagicMock(status=404, reason="Not Found"), "Unknown Message")

    monkeypatch.setattr(h.channels, "edit", gone)
    old = (await h.db.games.get(1)).message_id
    h.board.refresh(1)
    await h.board.drain()
    new = (await h.db.games.get(1)).message_id
    assert new != old and h.outbox[-1].where == "channel" and "Seats (2/6)" in h.outbox[-1].text


async def test_board_shows_turn_deadline_and_counts(h: Harness) -> None:
    """In play the board shows whose turn, its deadline, card counts and scores."""
    await h.open_table(ALICE, BOB)
    text = h.board_message().text
    row = await h.db.games.get_active(CHANNEL)
    assert f"<t:{int(row.turn_deadline.timestamp())}:R>" in text
    assert "Alice" in text and ": 10 cards, 0 points" in text


async def test_join_during_create_posts_no_second_board(h: Harness, monkeypatch: Any) -> None:
    """A join landing between the create reply and storing its id neither posts a second board
    nor loses the join: the reply is the board, and it is redrawn with the new seat."""
    store = h.service.set_message

    async def late(game_id: int, message_id: int | None) -> Any:
        await h.slash(BOB, "lobby join")
        await h.board.drain()
        return await store(game_id, message_id)

    monkeypatch.setattr(h.service, "set_message", late)
    created = await h.slash(ALICE, "lobby create")
    await h.board.drain()
    assert [s for s in h.outbox if s.where == "channel"] == []
    row = await h.db.games.get(1)
    assert row.message_id is not None and h.channels.messages[row.message_id] is not created.first
    assert "Bob" in str(h.channels.messages[row.message_id].embed.to_dict())


def test_many_melds_spread_over_several_fields() -> None:
    """Meld lines are split over fields of at most 1024 characters, whole lines, none lost up to the cap."""
    lines = [f"{n}. 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ (Someone with a long name)" for n in range(1, 61)]
    out = chunks(lines)
    assert len(out) > 1 and all(len(c) <= 1024 for c in out)
    assert "\n".join(out).split("\n") == lines


def test_the_board_shows_every_kept_event_and_no_more() -> None:
    """The table keeps as many public events as the board shows; an older document holding more
    shows its latest ones only."""
    table = Table.new(1, CHANNEL, ALICE, "Alice", "basic", seed=3)
    table.join(BOB, "Bob")
    table.start(ALICE)
    for _ in range(4):
        seat = table.turn
        assert seat is not None and table.game is not None and table.game.deal is not None
        table.act(seat, act.Draw(act.Source.STOCK))
        table.act(seat, act.Discard(table.game.deal.hands[seat][0]))
    assert len(table.recent) == RECENT_EVENTS
    tr = translator(discord.Locale.british_english)
    shown = board_embed(table, tr).description or ""
    assert len(shown.split("\n")) == RECENT_EVENTS
    table.recent = [Event("drew", 0, "stock")] * 6 + table.recent  # as a document of before
    assert board_embed(table, tr).description == shown
