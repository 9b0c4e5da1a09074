"""The private hand's components: a whole turn without typing, and the public My hand button."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from cogs.ui.components import persistent
from cogs.ui.hand import HandButton
from cogs.ui.views import board_view, layoff_targets
from rummy import actions as act
from rummy.cards import parse_cards
from rummy.errors import RummyError
from rummy.game import Game
from rummy.table import Table
from service.catalog import translator
from tests.cogs.conftest import ALICE, BOB, CHANNEL, MALLORY, Harness
from tests.cogs.rig import rig
from tests.cogs.test_play import seats


async def test_my_hand_button_sends_a_private_hand(h: Harness) -> None:
    """My hand on the public board answers the clicker with their own hand, ephemeral."""
    await h.open_table(ALICE, BOB)
    r = await h.click(BOB, "rami:1:hand", on_ephemeral=False)
    view = await h.view(BOB)
    assert r.first.where == "reply" and r.first.ephemeral
    assert " ".join(c.pretty for c in view.hand) in r.text
    assert r.first.custom_ids == [
        "rami:1:draw:stock",
        f"rami:1:draw:discard:{view.discard_top}",
        "rami:1:mb",
        "rami:1:lo",
        "rami:1:refresh",
        "rami:1:discard",
    ]


async def test_my_hand_for_a_spectator_is_refused(h: Harness) -> None:
    """A member who is not seated gets a private refusal, no hand."""
    await h.open_table(ALICE, BOB)
    r = await h.click(MALLORY, "rami:1:hand", on_ephemeral=False)
    assert r.first.ephemeral and "not playing" in r.text and r.first.view is None


async def test_buttons_follow_the_turn(h: Harness) -> None:
    """Draw stays enabled out of turn (the turn may come before the click); play needs the turn."""
    await h.open_table(ALICE, BOB)
    me, other = await seats(h)
    mine = (await h.click(me, "rami:1:hand", on_ephemeral=False)).first
    theirs = (await h.click(other, "rami:1:hand", on_ephemeral=False)).first
    assert not mine.component("rami:1:draw:stock").disabled
    assert not theirs.component("rami:1:draw:stock").disabled
    assert mine.component("rami:1:discard").disabled and theirs.component("rami:1:mb").disabled


async def test_stale_hand_can_draw_when_the_turn_comes(h: Harness) -> None:
    """A hand redrawn after my discard keeps Draw enabled, and it works once my turn is back."""
    await h.open_table(ALICE, BOB)
    me, other = await seats(h)
    await h.slash(me, "draw")
    card = (await h.view(me)).hand[0]
    after = (await h.click(me, "rami:1:discard", [card.token])).first
    assert not after.component("rami:1:draw:stock").disabled and after.component("rami:1:mb").disabled
    await h.slash(other, "draw")
    await h.slash(other, "discard", card=str((await h.view(other)).hand[0]))
    r = await h.click(me, "rami:1:draw:stock")
    assert (await h.view(me)).drawn is not None and f"{me.name} drew from the stock." in r.told


async def test_discard_select_leaves_out_the_taken_card(h: Harness) -> None:
    """After taking the discard pile's top, that card is not offered in the discard select."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    taken = (await h.view(me)).discard_top
    r = await h.click(me, f"rami:1:draw:discard:{taken}")
    hand = await h.view(me)
    options = [o.value for o in r.first.component("rami:1:discard").options]
    assert hand.drawn.token not in options and len(options) == len(hand.hand) - 1


async def test_draw_button_redraws_the_hand_and_tells_the_channel(h: Harness) -> None:
    """Draw edits the private hand in place and adds the public line to the turn's message."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    r = await h.click(me, "rami:1:draw:stock")
    drawn = (await h.view(me)).drawn.pretty
    [edit] = r.sent
    assert edit.where == "edit" and edit.ephemeral and f"You drew {drawn}" in edit.text
    [line] = r.channel
    assert line.where == "line" and f"{me.name} drew from the stock." in line.text and drawn not in line.text
    assert not edit.component("rami:1:discard").disabled


async def test_draw_button_out_of_turn_is_refused(h: Harness) -> None:
    """A click out of turn gets a private reason and leaves the hand message alone."""
    await h.open_table(ALICE, BOB)
    me, other = await seats(h)
    r = await h.click(other, "rami:1:draw:stock")
    assert [s.where for s in r.sent] == ["reply"] and r.first.ephemeral
    assert r.text == f"It's {me.name}'s turn."


async def test_take_button_takes_the_card_it_promised(h: Harness) -> None:
    """ "Take X" takes X while X is still on top."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    top = (await h.view(me)).discard_top
    await h.click(me, f"rami:1:draw:discard:{top}")
    assert (await h.view(me)).drawn == top


async def test_stale_take_button_is_refused(h: Harness) -> None:
    """A "Take X" button clicked once another card is on top is refused and takes nothing."""
    await h.open_table(ALICE, BOB)
    me, other = await seats(h)
    stale = (await h.click(me, "rami:1:hand", on_ephemeral=False)).first.custom_ids[1]
    await h.slash(me, "draw")
    await h.slash(me, "discard", card=str((await h.view(me)).hand[0]))
    await h.slash(other, "draw")
    await h.slash(other, "discard", card=str((await h.view(other)).hand[0]))
    top = (await h.view(me)).discard_top
    assert stale != f"rami:1:draw:discard:{top}"
    r = await h.click(me, stale)
    assert r.first.ephemeral and f"now shows {top.pretty}" in r.text
    assert (await h.view(me)).drawn is None and (await h.view(me)).discard_top == top


async def test_discard_select(h: Harness) -> None:
    """Picking a card in the discard select ends the turn."""
    await h.open_table(ALICE, BOB)
    me, other = await seats(h)
    await h.click(me, "rami:1:draw:stock")
    card = (await h.view(me)).hand[0]
    r = await h.click(me, "rami:1:discard", [card.token])
    assert f"discarded {card.pretty}" in r.told and r.channel[-1].text == f"<@{other.id}>, it's your turn."
    assert (await h.table()).players[(await h.table()).turn].name == other.name


async def test_meld_builder(h: Harness) -> None:
    """Meld: pick the cards of each meld in the builder, then lay them down together."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    seat = (await h.table()).seat_of(me.id)
    await rig(h.db, CHANNEL, {seat: "4H 5H 6H QC QD QS"})
    await h.click(me, "rami:1:draw:stock")
    builder = (await h.click(me, "rami:1:mb")).first
    assert builder.where == "edit" and builder.custom_ids[0] == "rami:1:mbs:"
    step = (await h.click(me, "rami:1:mbs:", ["4H", "5H", "6H"])).first
    assert "4♥ 5♥ 6♥ (15)" in step.text
    step = (await h.click(me, "rami:1:mbs:4H.5H.6H", ["QC", "QD", "QS"])).first
    assert "rami:1:mk:4H.5H.6H|QC.QD.QS" in step.custom_ids
    r = await h.click(me, "rami:1:mk:4H.5H.6H|QC.QD.QS")
    assert "melded 4♥ 5♥ 6♥ · Q♣ Q♦ Q♠" in r.told
    assert len((await h.view(me)).melds) == 2


async def test_meld_builder_refuses_a_bad_group(h: Harness) -> None:
    """A group that is no meld is refused at pick time with the reason; the builder is left as it was."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    seat = (await h.table()).seat_of(me.id)
    await rig(h.db, CHANNEL, {seat: "4H 5D 6H"})
    await h.click(me, "rami:1:draw:stock")
    r = await h.click(me, "rami:1:mbs:", ["4H", "5D", "6H"])
    assert [s.where for s in r.sent] == ["reply"] and r.first.ephemeral
    assert "not a meld" in r.text and "Pick the cards again" in r.text
    r = await h.click(me, "rami:1:mk:4H.5D.6H")
    assert r.first.ephemeral and "is not a run" in r.text


async def test_lay_off_flow(h: Harness) -> None:
    """Lay off: choose the meld, then the cards."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    seat = (await h.table()).seat_of(me.id)
    await rig(h.db, CHANNEL, {seat: "4H 5H 6H 7H"})
    await h.click(me, "rami:1:draw:stock")
    await h.click(me, "rami:1:mk:4H.5H.6H")
    chooser = (await h.click(me, "rami:1:lo")).first
    assert chooser.custom_ids[0] == "rami:1:lom"
    cards = (await h.click(me, "rami:1:lom", ["0"])).first
    assert cards.custom_ids[0] == "rami:1:loc:0"
    r = await h.click(me, "rami:1:loc:0", ["7H"])
    assert "laid off 7♥ on meld 1" in r.told


async def test_refresh_redraws_in_place(h: Harness) -> None:
    """Refresh edits the private message with the current hand."""
    await h.open_table(ALICE, BOB)
    r = await h.click(ALICE, "rami:1:refresh")
    assert r.first.where == "edit" and r.first.ephemeral and "Your hand" in r.text


@pytest.mark.logs_errors
async def test_unexpected_error_in_a_button_gets_an_apology(h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug behind a button is logged and the user reads an apology, not a failure."""
    await h.open_table(ALICE, BOB)

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(h.service, "private_view", broken)
    r = await h.click(ALICE, "rami:1:refresh")
    assert r.first.ephemeral and r.text.startswith("Sorry")


def test_layoff_select_keeps_only_extendable_melds_when_there_are_too_many(monkeypatch: pytest.MonkeyPatch) -> None:
    """With more than 25 melds on the table, the lay-off select lists those the hand can extend."""
    table = Table.new(1, 2, ALICE.id, "Alice", seed=1)
    table.join(BOB.id, "Bob")
    table.start(ALICE.id)

    def check(game: Game, seat: int, action: act.Action) -> None:
        if action.target != 27:
            raise RummyError("no")

    monkeypatch.setattr(Game, "check", check)
    melds = [SimpleNamespace(index=i) for i in range(30)]
    view = SimpleNamespace(melds=melds, seat=0, hand=parse_cards("7H 8H"))
    assert [m.index for m in layoff_targets(table, view)] == [27]
    few = SimpleNamespace(melds=melds[:3], seat=0, hand=parse_cards("7H"))
    assert [m.index for m in layoff_targets(table, few)] == [0, 1, 2]


async def test_hand_shows_the_turn_deadline(h: Harness) -> None:
    """With a turn timer, the player to move sees in their hand when time runs out."""
    await h.open_table(ALICE, BOB, turn_timer="60")
    me, other = await seats(h)
    assert "time runs out <t:" in (await h.slash(me, "hand")).text
    assert "time runs out" not in (await h.slash(other, "hand")).text


async def test_views_are_sent_finished_with_their_components() -> None:
    """A view only carries components: it is finished (discord.py keeps nothing) and still renders."""
    view = persistent(HandButton(1, "My hand"), None)
    assert view.is_finished() and view.timeout is None
    assert view.to_components()[0]["components"][0]["custom_id"] == "rami:1:hand"


async def test_the_board_view_is_the_games_my_hand_button_in_the_channels_language() -> None:
    """The "My hand" view holds one button, for its game, labelled in the language asked for."""
    english, french = translator("en-US"), translator("fr")
    [row] = board_view(41, english).to_components()
    assert [c["custom_id"] for c in row["components"]] == ["rami:41:hand"]
    assert row["components"][0]["label"] == english("btn_hand")
    assert board_view(41, french).to_components()[0]["components"][0]["label"] == french("btn_hand")
