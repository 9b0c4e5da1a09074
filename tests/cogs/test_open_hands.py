"""The open hand stays current: a player who keeps their private hand open plays a turn in 2 clicks.

A hand message is the interaction that sent it (or was last clicked on it): its edits are recorded
as ``edit`` on that interaction, which is how these tests follow one message."""

from __future__ import annotations

import logging
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord
import pytest

from tests.cogs.conftest import ALICE, BOB, CHANNEL, CHLOE, Harness, Sent, User
from tests.cogs.rig import rig
from tests.cogs.test_play import seats


class Hand:
    """One open private hand, followed through the outbox: its message id and what it shows now."""

    def __init__(self, h: Harness, user: User, opened: Sent, message_id: int) -> None:
        self.h, self.user, self.message_id = h, user, message_id
        self.interactions = {id(opened.interaction)}
        self.first = opened

    def track(self, sent: list[Sent]) -> None:
        """Clicks on this message: their interactions edit it from now on."""
        for s in sent:
            if s.where == "edit" and s.ephemeral:
                self.interactions.add(id(s.interaction))

    @property
    def shown(self) -> Sent:
        """The message as the bot last sent or edited it."""
        mine = [
            s
            for s in self.h.outbox
            if id(s.interaction) in self.interactions and s.ephemeral and s.where in ("reply", "edit")
        ]
        return mine[-1]

    async def click(self, custom_id: str, values: list[str] | None = None) -> Any:
        result = await self.h.click(self.user, custom_id, values, message_id=self.message_id)
        self.track(result.sent)
        return result


async def open_hand(h: Harness, user: User) -> Hand:
    """``user`` presses My hand on the board and keeps the private hand open."""
    r = await h.click(user, "rami:1:hand", on_ephemeral=False)
    assert r.first.where == "reply" and r.first.ephemeral
    entry = h.open_hands.live(1, user.id)
    assert entry is not None and entry.message_id is not None
    return Hand(h, user, r.first, entry.message_id)


def edits_of(h: Harness, hand: Hand, since: int) -> list[Sent]:
    return [s for s in h.outbox[since:] if id(s.interaction) in hand.interactions and s.where == "edit" and s.ephemeral]


async def test_an_open_hand_follows_the_other_players_moves(h: Harness) -> None:
    """The player waiting keeps their hand open: the other's discard redraws it, with a "Take"
    button for the new top card and their turn's status, in the language they opened it in."""
    await h.open_table(ALICE, CHLOE)
    table = await h.table()
    me, other = (ALICE, CHLOE) if table.players[table.turn].id == str(ALICE.id) else (CHLOE, ALICE)
    waiting = await open_hand(h, other)
    assert "draw:stock" in waiting.shown.custom_ids[0]
    await h.slash(me, "draw")
    card = (await h.view(me)).hand[0]
    await h.slash(me, "discard", card=str(card))
    shown = waiting.shown
    assert shown.where == "edit" and shown.view is not None
    assert shown.component(rf"rami:1:draw:discard:{card}").label.endswith(card.pretty)
    expected = "Votre tour" if other is CHLOE else "Your turn"
    assert expected in shown.text
    assert card.pretty in shown.text


async def test_a_plain_turn_takes_two_clicks_from_an_open_hand(h: Harness) -> None:
    """Both players keep their hands open for several turns: Draw, then the card, nothing else."""
    await h.open_table(ALICE, BOB)
    first, second = await seats(h)
    hands = {u.id: await open_hand(h, u) for u in (first, second)}
    for turn in range(6):
        user = first if turn % 2 == 0 else second
        hand = hands[user.id]
        clicks = 0
        assert not hand.shown.component("rami:1:draw:stock").disabled
        drew = await hand.click("rami:1:draw:stock")
        clicks += 1
        assert drew.first.where == "edit" and drew.first.ephemeral and drew.told  # the hand, then the channel
        options = hand.shown.component("rami:1:discard").options
        assert not hand.shown.component("rami:1:discard").disabled
        await hand.click("rami:1:discard", [options[0].value])
        clicks += 1
        assert clicks == 2
        table = await h.table()
        assert table.players[table.turn].id != str(user.id), "the turn did not pass"
    # every hand shows the state of the game as it is now
    for user in (first, second):
        view = await h.view(user)
        shown = hands[user.id].shown
        assert " ".join(c.pretty for c in view.hand) in shown.text
        assert shown.component(r"rami:1:draw:discard:.*").label.endswith(view.discard_top.pretty)


async def test_a_click_on_the_open_hand_redraws_it_once(h: Harness) -> None:
    """The click's own redraw is the only edit of that message: the registry does not draw it again."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    hand = await open_hand(h, me)
    since = len(h.outbox)
    await hand.click("rami:1:draw:stock")
    assert len(edits_of(h, hand, since)) == 1


async def test_a_hand_older_than_its_token_is_not_edited(h: Harness) -> None:
    """After 14 minutes the token is close to its end: the hand is forgotten, never edited."""
    await h.open_table(ALICE, BOB)
    me, other = await seats(h)
    waiting = await open_hand(h, other)
    h.hand_clock.advance(14 * 60 + 1)
    since = len(h.outbox)
    await h.slash(me, "draw")
    assert edits_of(h, waiting, since) == []
    assert h.open_hands.live(1, other.id) is None


async def test_an_edit_discord_refuses_forgets_the_hand(h: Harness, caplog: pytest.LogCaptureFixture) -> None:
    """The player dismissed the message (404): the hand is forgotten, logged at debug only."""
    caplog.set_level(logging.DEBUG, logger="cogs.ui.open_hands")
    await h.open_table(ALICE, BOB)
    me, other = await seats(h)
    waiting = await open_hand(h, other)
    interaction = waiting.first.interaction
    calls = []

    async def gone(**kwargs: Any) -> None:
        calls.append(kwargs)
        raise discord.NotFound(SimpleNamespace(status=404, reason="Not Found"), "Unknown Message")

    interaction.edit_original_response = gone
    await h.slash(me, "draw", source="discard")  # the top changes: worth a redraw
    assert len(calls) == 1 and h.open_hands.live(1, other.id) is None
    await h.slash(me, "discard", card=str((await h.view(me)).hand[0]))
    assert len(calls) == 1
    assert any("forgotten" in r.getMessage() and r.levelno == logging.DEBUG for r in caplog.records)


async def test_another_players_draw_from_the_stock_is_not_worth_an_edit(h: Harness) -> None:
    """Another player drawing from the stock changes nothing the reader can do: no edit; their
    discard (the pile's top, and the turn) is one, with the counts up to date."""
    await h.open_table(ALICE, BOB)
    me, other = await seats(h)
    waiting = await open_hand(h, other)
    since = len(h.outbox)
    await h.slash(me, "draw")
    assert edits_of(h, waiting, since) == []
    card = (await h.view(me)).hand[0]
    await h.slash(me, "discard", card=str(card))
    assert len(edits_of(h, waiting, since)) == 1
    assert waiting.shown.component(rf"rami:1:draw:discard:{card}").label.endswith(card.pretty)


async def test_the_newest_hand_wins(h: Harness) -> None:
    """A second My hand replaces the first as the one kept current."""
    await h.open_table(ALICE, BOB)
    me, other = await seats(h)
    old = await open_hand(h, other)
    new = await open_hand(h, other)
    since = len(h.outbox)
    await h.slash(me, "draw", source="discard")  # the top changes: worth a redraw
    assert edits_of(h, old, since) == [] and len(edits_of(h, new, since)) == 1


async def test_a_typed_move_keeps_its_private_hand_current(h: Harness) -> None:
    """The hand a typed move answers with (privately: the channel reads the move in the turn's
    message) is kept current through the interaction's own response."""
    await h.open_table(ALICE, BOB)
    me, other = await seats(h)
    await h.slash(me, "draw")
    r = await h.slash(me, "discard", card=str((await h.view(me)).hand[0]))
    answer = r.first
    assert answer.ephemeral and answer.embed is not None and not r.public
    since = len(h.outbox)
    await h.slash(other, "draw")
    card = (await h.view(other)).hand[0]
    await h.slash(other, "discard", card=str(card))
    edits = [s for s in h.outbox[since:] if s.interaction is answer.interaction and s.where == "edit"]
    assert edits and all(e.ephemeral for e in edits)
    assert edits[-1].component(rf"rami:1:draw:discard:{card}").label.endswith(card.pretty)


async def test_a_picker_is_left_alone_during_its_turn(h: Harness) -> None:
    """The meld builder open on the hand message is not replaced while its player builds."""
    await h.open_table(ALICE, BOB)
    me, other = await seats(h)
    hand = await open_hand(h, me)
    await hand.click("rami:1:draw:stock")
    await hand.click("rami:1:mb")
    assert "Meld builder" in hand.shown.text
    await h.slash(other, "hand")  # a look changes nothing: no redraw
    assert "Meld builder" in hand.shown.text
    assert h.open_hands.live(1, me.id) is not None and h.open_hands.live(1, me.id).picker


async def test_no_channel_message_is_ever_a_kept_hand(h: Harness) -> None:
    """Only private messages are kept: a forged hand click on a public message is not."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    await h.click(me, "rami:1:refresh", on_ephemeral=False)
    assert h.open_hands.live(1, me.id) is None


RIGGED_OUT = "4H 5H 6H 7H 7C 8C 9C JS QS KS"  # a basic hand of melds only: out at the discard


async def go_out(h: Harness, me: User, hand: Hand) -> None:
    """``me`` (rigged with :data:`RIGGED_OUT`) draws, lays the suggestion down and discards the
    card left, all from the open hand: out (the drawn card may fit a meld: then out at once)."""
    await hand.click("rami:1:draw:stock")
    await hand.click(hand.shown.component(r"rami:1:sg(:.*)?").custom_id)
    if hand.shown.content is None:  # the deal goes on: one card to discard
        await hand.click("rami:1:discard", [hand.shown.component("rami:1:discard").options[0].value])


def live_buttons(sent: Sent) -> list[str]:
    return [c["custom_id"] for c in sent.components if not c.get("disabled")]


async def test_the_end_of_the_game_closes_every_open_hand(h: Harness) -> None:
    """The last mover's hand ends as "you went out", every other hand of the game (older ones
    too) as "the game is over": text, no buttons, never an empty message."""
    await h.open_table(ALICE, BOB, game_length="1")
    me, other = await seats(h)
    await rig(h.db, CHANNEL, {(await h.table()).seat_of(me.id): RIGGED_OUT})
    older = await open_hand(h, other)
    theirs = await open_hand(h, other)
    mine = await open_hand(h, me)
    await go_out(h, me, mine)
    assert await h.db.games.get_active(CHANNEL) is None  # the game is over
    assert "You went out" in (mine.shown.content or "") and "game is over" in (mine.shown.content or "")
    for hand in (theirs, older):
        assert hand.shown.content == "The game is over: the final standings are on the table."
        assert hand.shown.embed is None
    for hand in (mine, theirs, older):
        assert live_buttons(hand.shown) == []
    assert len(h.open_hands) == 0 and not h.empty


async def test_the_end_of_a_deal_deals_the_next_hand_into_the_open_one(h: Harness) -> None:
    """The game goes on: each open hand shows the next deal's hand under a line that says so."""
    await h.open_table(ALICE, BOB, game_length="2")
    me, other = await seats(h)
    await rig(h.db, CHANNEL, {(await h.table()).seat_of(me.id): RIGGED_OUT})
    theirs = await open_hand(h, other)
    mine = await open_hand(h, me)
    await go_out(h, me, mine)
    assert (await h.table()).game.deal.number == 2
    assert (mine.shown.content or "").startswith("🎉 You went out")
    assert theirs.shown.content == "The deal is over: here is your hand for the next one."
    for user, hand in ((me, mine), (other, theirs)):
        view = await h.view(user)
        assert " ".join(c.pretty for c in view.hand) in hand.shown.text
        assert "rami:1:draw:stock" in live_buttons(hand.shown)


async def test_a_connection_that_fails_keeps_the_hand_for_the_next_change(h: Harness) -> None:
    """Discord not reached (the bot closing, a network error): the hand is kept and tried again."""
    await h.open_table(ALICE, BOB)
    me, other = await seats(h)
    waiting = await open_hand(h, other)
    interaction = waiting.first.interaction
    calls = []
    working = interaction.edit_original_response

    async def unreachable(**kwargs: Any) -> None:
        calls.append(kwargs)
        interaction.edit_original_response = working  # the next one goes through
        raise aiohttp.ClientConnectionError("Server disconnected")

    interaction.edit_original_response = unreachable
    await h.slash(me, "draw", source="discard")  # the top changes: worth a redraw
    assert len(calls) == 1 and h.open_hands.live(1, other.id) is not None
    card = (await h.view(me)).hand[0]
    await h.slash(me, "discard", card=str(card))
    assert waiting.shown.component(rf"rami:1:draw:discard:{card}").label.endswith(card.pretty)


async def test_a_hand_is_closed_in_the_language_it_was_opened_in(h: Harness) -> None:
    """Chloé opened her hand in French: its last line is French, whatever the server speaks."""
    await h.open_table(ALICE, CHLOE, game_length="1")
    table = await h.table()
    me = ALICE if table.players[table.turn].id == str(ALICE.id) else CHLOE
    other = CHLOE if me is ALICE else ALICE
    await rig(h.db, CHANNEL, {table.seat_of(me.id): RIGGED_OUT})
    hands = {u.id: await open_hand(h, u) for u in (me, other)}
    await go_out(h, me, hands[me.id])
    closing = hands[CHLOE.id].shown.content or ""
    assert "La partie est finie" in closing and "game" not in closing
    assert live_buttons(hands[CHLOE.id].shown) == []
