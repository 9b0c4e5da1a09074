"""Playing by slash commands: the happy paths and every kind of refusal."""

from __future__ import annotations

import asyncio
import json

import discord

from cogs.play import _card_choices
from rummy.cards import parse_cards
from rummy.deal import Phase
from tests.cogs.conftest import ALICE, BOB, CHANNEL, MALLORY, Harness
from tests.cogs.rig import rig


async def seats(h: Harness) -> tuple:
    """(the user to move, the other one) at a started two-player table."""
    table = await h.table()
    first = ALICE if table.players[table.turn].id == str(ALICE.id) else BOB
    return first, BOB if first is ALICE else ALICE


async def state(h: Harness) -> str:
    row = await h.db.games.get_active(CHANNEL)
    return json.dumps(json.loads(row.state_json), sort_keys=True)


async def test_draw_from_stock_is_public_without_the_card(h: Harness) -> None:
    """The channel reads who drew, in the turn's message; only the drawer sees the card, in an
    ephemeral hand."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    r = await h.slash(me, "draw")
    view = await h.view(me)
    drawn = view.drawn.pretty
    assert not r.public and f"{me.name} drew from the stock." in r.told
    assert drawn not in r.told
    # still the same turn: the turn's message is edited, which pings nobody
    assert [s.where for s in r.channel] == ["line"] and r.channel[0].allowed_mentions.users is False
    assert r.private and f"You drew {drawn}" in r.private[0].text


async def test_a_typed_action_answers_with_the_hand_and_edits_the_turn_line(h: Harness) -> None:
    """The one reply to a typed action is the private hand; the channel reads the move in the
    turn's message, edited (no message of its own)."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    r = await h.slash(me, "draw")
    assert [(s.where, s.ephemeral) for s in r.sent] == [("reply", True)]
    assert [s.where for s in r.channel] == ["line"]


async def test_draw_from_discard_names_the_card(h: Harness) -> None:
    """Taking the top discard is public, card included (it was face up)."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    top = (await h.view(me)).discard_top.pretty
    r = await h.slash(me, "draw", source="discard")
    assert f"took {top} from the discard pile" in r.told


async def test_out_of_turn_names_whose_turn_it_is(h: Harness) -> None:
    """Playing out of turn is refused privately, naming the player to move."""
    await h.open_table(ALICE, BOB)
    me, other = await seats(h)
    before = await state(h)
    r = await h.slash(other, "draw")
    assert r.first.ephemeral and r.text == f"It's {me.name}'s turn."
    assert await state(h) == before


async def test_not_seated_is_refused(h: Harness) -> None:
    """Someone not at the table cannot act on it."""
    await h.open_table(ALICE, BOB)
    r = await h.slash(MALLORY, "draw")
    assert r.first.ephemeral and "not playing at this table" in r.text


async def test_discard_before_drawing_is_refused(h: Harness) -> None:
    """You must draw first."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    card = str((await h.view(me)).hand[0])
    before = await state(h)
    r = await h.slash(me, "discard", card=card)
    assert r.first.ephemeral and "You must draw first" in r.text
    assert await state(h) == before


async def test_bad_card_is_refused(h: Harness) -> None:
    """A token that is not a card says so."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    await h.slash(me, "draw")
    r = await h.slash(me, "discard", card="ZZ")
    assert r.first.ephemeral and "'ZZ' is not a card" in r.text


async def test_card_not_in_hand_is_refused(h: Harness) -> None:
    """Discarding a card you do not hold is refused."""
    await h.open_table(ALICE, BOB)
    me, other = await seats(h)
    await h.slash(me, "draw")
    theirs = (await h.view(other)).hand[0]
    r = await h.slash(me, "discard", card=str(theirs))
    assert r.first.ephemeral and f"You don't have {theirs.pretty}" in r.text


async def test_discard_ends_the_turn_and_names_the_next_player(h: Harness) -> None:
    """A discard is public with its card, and the next player is mentioned."""
    await h.open_table(ALICE, BOB)
    me, other = await seats(h)
    await h.slash(me, "draw")
    card = (await h.view(me)).drawn
    r = await h.slash(me, "discard", card=str(card))
    ended, began = r.channel  # the turn's message edited, then the next turn's new message
    assert ended.where == "line" and f"{me.name} discarded {card.pretty}." in ended.text
    assert began.where == "channel" and began.text == f"<@{other.id}>, it's your turn."
    assert began.allowed_mentions.users == [discord.Object(other.id)] and not began.silent


async def test_double_draw_applies_once(h: Harness) -> None:
    """Two simultaneous /draw by the same player: one draws, the other is refused."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    results = await asyncio.gather(h.slash(me, "draw", settle=False), h.slash(me, "draw", settle=False))
    refused = [r for r in results if "already drawn" in r.text]
    assert len(refused) == 1 and "already drawn" in refused[0].text
    draws = [a for a in await h.db.games.actions(1) if a.kind == "draw"]
    assert len(draws) == 1
    assert len((await h.view(me)).hand) == 11


async def test_racing_players_apply_once(h: Harness) -> None:
    """The player to move and another racing on /draw: only the right one draws."""
    await h.open_table(ALICE, BOB)
    me, other = await seats(h)
    a, b = await asyncio.gather(h.slash(me, "draw", settle=False), h.slash(other, "draw", settle=False))
    assert a.first.embed is not None and b.first.embed is None and b.first.text == f"It's {me.name}'s turn."
    assert len([x for x in await h.db.games.actions(1) if x.kind == "draw"]) == 1


async def test_meld_several_melds_at_once(h: Harness) -> None:
    """/meld lays down melds separated by |; the channel sees them."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    seat = (await h.table()).seat_of(me.id)
    await rig(h.db, CHANNEL, {seat: "4H 5H 6H QC QD QS 9S"})
    await h.slash(me, "draw")
    r = await h.slash(me, "meld", cards="4H 5H 6H | QC QD QS")
    assert "melded 4♥ 5♥ 6♥ · Q♣ Q♦ Q♠" in r.told
    assert len((await h.view(me)).melds) == 2


async def test_invalid_meld_is_refused_with_the_reason(h: Harness) -> None:
    """A meld the rules refuse says why."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    seat = (await h.table()).seat_of(me.id)
    await rig(h.db, CHANNEL, {seat: "4H 5D 6H"})
    await h.slash(me, "draw")
    r = await h.slash(me, "meld", cards="4H 5D 6H")
    assert r.first.ephemeral and "is not a run" in r.text


async def test_opening_too_low_is_refused(h: Harness) -> None:
    """Under rami51 the first lay-down needs 51 points, and the refusal counts them."""
    await h.open_table(ALICE, BOB, preset="rami51")
    me, _ = await seats(h)
    seat = (await h.table()).seat_of(me.id)
    await rig(h.db, CHANNEL, {seat: "2H 3H 4H"})
    r = await h.slash(me, "meld", cards="2H 3H 4H")
    assert r.first.ephemeral and "needs 51 points" in r.text and "makes 9" in r.text


async def test_layoff_adds_to_a_meld(h: Harness) -> None:
    """/layoff puts cards from the hand on a meld by its number."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    seat = (await h.table()).seat_of(me.id)
    await rig(h.db, CHANNEL, {seat: "4H 5H 6H 7H"})
    await h.slash(me, "draw")
    await h.slash(me, "meld", cards="4H 5H 6H")
    r = await h.slash(me, "layoff", cards="7H", meld=1)
    assert "laid off 7♥ on meld 1" in r.told


async def test_layoff_on_a_missing_meld_is_refused(h: Harness) -> None:
    """A meld number that is not on the table is refused."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    await h.slash(me, "draw")
    r = await h.slash(me, "layoff", cards=str((await h.view(me)).hand[0]), meld=3)
    assert r.first.ephemeral and "no meld 3" in r.text


async def test_joker_swap(h: Harness) -> None:
    """Under ref40 an opened player puts the natural card in and takes the joker."""
    await h.open_table(ALICE, BOB, preset="ref40")
    me, _ = await seats(h)
    seat = (await h.table()).seat_of(me.id)
    await rig(h.db, CHANNEL, {seat: "KH KS KD QC QD QH 5C 6C JK 7C 2D 9S"})
    await h.slash(me, "draw")
    await h.slash(me, "meld", cards="KH KS KD | QC QD QH | 5C JK 7C")
    r = await h.slash(me, "swap", meld=3, card="6C")
    assert "put 6♣ in meld 3 and took its joker" in r.told
    assert any(c.is_joker for c in (await h.view(me)).hand)


async def test_swap_where_not_played_is_refused(h: Harness) -> None:
    """Basic rummy has no joker swap."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    await h.slash(me, "draw")
    r = await h.slash(me, "swap", meld=1, card="7C")
    assert r.first.ephemeral


async def test_hand_is_private_and_sorted(h: Harness) -> None:
    """/hand answers only the caller, with the hand sorted and the table summary."""
    await h.open_table(ALICE, BOB)
    r = await h.slash(ALICE, "hand")
    view = await h.view(ALICE)
    assert r.first.ephemeral
    assert " ".join(c.pretty for c in view.hand) in r.text


async def test_hand_for_someone_not_seated_is_refused(h: Harness) -> None:
    """/hand is refused to a member who is not playing."""
    await h.open_table(ALICE, BOB)
    r = await h.slash(MALLORY, "hand")
    assert r.first.ephemeral and "not playing" in r.text


async def test_hand_before_the_start_is_refused(h: Harness) -> None:
    """No hand in the lobby."""
    await h.open_table(ALICE, BOB, start=False)
    r = await h.slash(ALICE, "hand")
    assert r.first.ephemeral and "not started" in r.text


async def test_card_autocomplete_offers_only_the_callers_hand(h: Harness) -> None:
    """Card options complete from the caller's own hand, and from nobody else's."""
    await h.open_table(ALICE, BOB)
    view = await h.view(ALICE)
    choices = await h.play.hand_card(h.interaction(ALICE), "")
    assert [c.value for c in choices] == [str(c) for c in view.hand]
    assert await h.play.hand_card(h.interaction(MALLORY), "") == []


async def test_meld_autocomplete_suggests_melds_and_cards(h: Harness) -> None:
    """/meld suggests the hand's best melds once drawn, then the next card to type."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    seat = (await h.table()).seat_of(me.id)
    await rig(h.db, CHANNEL, {seat: "4H 5H 6H"})
    await h.slash(me, "draw")
    choices = await h.play.meld_cards(h.interaction(me), "")
    assert "4H 5H 6H" in choices[0].value
    typed = await h.play.meld_cards(h.interaction(me), "4H 5H 6")
    assert "4H 5H 6H" in [c.value for c in typed]


async def test_meld_number_autocomplete(h: Harness) -> None:
    """Meld options list the melds on the table by number."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    seat = (await h.table()).seat_of(me.id)
    await rig(h.db, CHANNEL, {seat: "4H 5H 6H"})
    await h.slash(me, "draw")
    await h.slash(me, "meld", cards="4H 5H 6H")
    choices = await h.play.table_meld(h.interaction(me), "")
    assert [(c.name, c.value) for c in choices] == [("1. 4♥ 5♥ 6♥", 1)]


async def test_phase_after_draw(h: Harness) -> None:
    """After /draw the player is in the play phase."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    await h.slash(me, "draw")
    assert (await h.view(me)).phase is Phase.PLAY


def test_card_choices_show_twins_once() -> None:
    """Two decks' identical cards appear once in autocomplete, marked ×2."""
    choices = _card_choices(parse_cards("4C 4C 5S"), "")
    assert [(c.name, c.value) for c in choices] == [("4♣ (×2)", "4C"), ("5♠", "5S")]
