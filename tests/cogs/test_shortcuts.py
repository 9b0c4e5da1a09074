"""One-click moves on the hand: the suggested melds, joker swaps, and the builder's joker place
and running total before the opening."""

from __future__ import annotations

from cogs.ui.shortcuts import SuggestButton
from rummy.cards import Card
from tests.cogs.conftest import ALICE, BOB, CHANNEL, Harness
from tests.cogs.rig import rig
from tests.cogs.test_open_hands import open_hand
from tests.cogs.test_play import seats


def token_of(hand: tuple[Card, ...], text: str) -> str:
    """The token (``JK#1``...) of the first card of ``hand`` that reads as ``text``."""
    want = Card.parse(text)
    return next(c.token for c in hand if c == want)


async def test_a_turn_with_the_suggested_meld_takes_three_clicks(h: Harness) -> None:
    """Draw, Lay down the suggestion, the discard: the melds laid are exactly the suggested ones."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    seat = (await h.table()).seat_of(me.id)
    await rig(h.db, CHANNEL, {seat: "4H 5H 6H KS"})
    hand = await open_hand(h, me)
    assert not [c for c in hand.shown.custom_ids if c.startswith("rami:1:sg")]  # not before the draw
    await hand.click("rami:1:draw:stock")
    suggest = hand.shown.component(r"rami:1:sg(:.*)?")
    assert suggest.label == "Lay down the suggestion" and not suggest.disabled
    command = next(line for line in hand.shown.text.splitlines() if "/meld" in line)
    await hand.click(suggest.custom_id)
    melds = (await h.view(me)).melds
    assert melds and all(
        m.meld.labels(pretty=False) and " ".join(m.meld.labels(pretty=False)) in command for m in melds
    )
    assert not [c for c in hand.shown.custom_ids if c.startswith("rami:1:sg")]  # laid: nothing left to suggest
    options = hand.shown.component("rami:1:discard").options
    await hand.click("rami:1:discard", [options[0].value])
    table = await h.table()
    assert table.players[table.turn].id != str(me.id)


async def test_the_suggestion_pins_its_joker(h: Harness) -> None:
    """Under rami51 the opening solver places the joker where it counts most (J♥ Q♥ K♥ 🃏=A♥: 41
    points, with 5♣ 5♦ 5♠ 56, where 🃏=10♥ makes 55); the button lays it exactly there. The
    starter holds all 14 cards rigged, so the position is the same at every run."""
    await h.open_table(ALICE, BOB, preset="rami51")
    me, _ = await seats(h)
    seat = (await h.table()).seat_of(me.id)
    await rig(h.db, CHANNEL, {seat: "JH QH KH JK 5C 5D 5S 2S 4D 7C 9D 3C 8S 10C"})
    hand = await open_hand(h, me)
    suggest = hand.shown.component(r"rami:1:sg(:.*)?")
    assert suggest.custom_id == "rami:1:sg:JH.QH.KH.JK=AH|5C.5D.5S" or suggest.custom_id == (
        "rami:1:sg:5C.5D.5S|JH.QH.KH.JK=AH"
    )
    await hand.click(suggest.custom_id)
    laid = sorted(m.meld.labels(pretty=False) for m in (await h.view(me)).melds)
    assert laid == [["5C", "5D", "5S"], ["JH", "QH", "KH", "JK=AH"]]


async def test_no_suggestion_button_below_the_opening(h: Harness) -> None:
    """9 points cannot open at 51: the hand offers no one-click lay-down."""
    await h.open_table(ALICE, BOB, preset="rami51")
    me, _ = await seats(h)
    seat = (await h.table()).seat_of(me.id)
    await rig(h.db, CHANNEL, {seat: "2H 3H 4H 8S 10D QC KD 5S 6D 9C JS 7D AC 3S"})
    hand = await open_hand(h, me)
    assert not hand.shown.component("rami:1:discard").disabled  # the play phase
    assert not [c for c in hand.shown.custom_ids if c.startswith("rami:1:sg")]


async def test_a_joker_swap_is_a_button(h: Harness) -> None:
    """Under ref40, once opened, the hand offers the swap it allows, naming the card and the meld."""
    await h.open_table(ALICE, BOB, preset="ref40")
    me, _ = await seats(h)
    seat = (await h.table()).seat_of(me.id)
    await rig(h.db, CHANNEL, {seat: "KH KS KD QC QD QH 5C 6C JK 7C 2D 9S"})
    hand = await open_hand(h, me)
    await hand.click("rami:1:draw:stock")
    await h.slash(me, "meld", cards="KH KS KD | QC QD QH | 5C JK 7C")
    r = await h.slash(me, "hand")
    swap = r.first.component(r"rami:1:sw:2:6C")
    assert swap.label == "Swap 6♣ into meld 3" and not swap.disabled
    done = await h.click(me, swap.custom_id)
    assert "put 6♣ in meld 3 and took its joker" in done.told  # the turn's public message
    assert any(c.is_joker for c in (await h.view(me)).hand)
    assert not [c for c in done.first.custom_ids if c.startswith("rami:1:sw:")]  # one swap at a time


async def test_no_swap_button_where_swaps_are_not_played(h: Harness) -> None:
    """Basic rummy has no joker swap: never a swap button."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    r = await h.click(me, "rami:1:draw:stock")
    assert not [c for c in r.first.custom_ids if c.startswith("rami:1:sw")]


async def test_a_forged_swap_is_refused_as_out_of_date(h: Harness) -> None:
    """A swap id that does not read (a joker for a card, a bad index) changes nothing."""
    await h.open_table(ALICE, BOB, preset="ref40")
    me, _ = await seats(h)
    before = await h.table()
    for forged in ("rami:1:sw:x:6C", "rami:1:sw:0:JK", "rami:1:sw:0", "rami:1:sg:ZZ"):
        r = await h.click(me, forged)
        assert r.first.ephemeral and "out of date" in r.text
    assert (await h.table()).to_json() == before.to_json()


async def test_the_builder_lets_the_player_place_the_joker(h: Harness) -> None:
    """8♥ 9♥ 10♥ 🃏 under rami51: the builder asks 7♥ or J♥, shows the running total against 51
    and keeps Lay down disabled until it is reached."""
    await h.open_table(ALICE, BOB, preset="rami51")
    me, _ = await seats(h)
    seat = (await h.table()).seat_of(me.id)
    await rig(h.db, CHANNEL, {seat: "8H 9H 10H JK QC QD QS 2S 4D 7C 9D 3C 5S KD"})
    hand = await open_hand(h, me)  # the starter: 14 cards, the play phase
    await hand.click("rami:1:mb")
    assert "0 / 51 points" in hand.shown.text
    cards = (await h.view(me)).hand
    run = [token_of(cards, t) for t in ("8H", "9H", "10H", "JK")]
    await hand.click(hand.shown.component(r"rami:1:mbs:.*").custom_id, run)
    place = hand.shown.component(r"rami:1:mbj:.*")
    labels = [o.label for o in place.options]
    assert labels == ["🃏=7♥ 8♥ 9♥ 10♥", "8♥ 9♥ 10♥ 🃏=J♥"]
    await hand.click(place.custom_id, [place.options[1].value])
    shown = hand.shown
    assert "37 / 51 points" in shown.text and shown.component(r"rami:1:mk:.*").disabled
    sets = [token_of(cards, t) for t in ("QC", "QD", "QS")]
    await hand.click(shown.component(r"rami:1:mbs:.*").custom_id, sets)
    shown = hand.shown
    assert "67 / 51 points" in shown.text and not shown.component(r"rami:1:mk:.*").disabled
    await hand.click(shown.component(r"rami:1:mk:.*").custom_id)
    laid = [m.meld.labels(pretty=False) for m in (await h.view(me)).melds]
    assert ["8H", "9H", "10H", "JK=JH"] in laid


async def test_the_builder_offers_only_the_lower_place_under_ref51(h: Harness) -> None:
    """With joker_place lower there is no choice: the meld goes straight in, joker as 7♥."""
    await h.open_table(ALICE, BOB, preset="ref51")
    me, _ = await seats(h)
    seat = (await h.table()).seat_of(me.id)
    await rig(h.db, CHANNEL, {seat: "8H 9H 10H JK QC QD QS 2S 4D 7C 9D 3C 5S"})
    hand = await open_hand(h, me)
    await hand.click("rami:1:draw:stock")  # 13 cards each here: the starter draws too
    await hand.click("rami:1:mb")
    cards = (await h.view(me)).hand
    run = [token_of(cards, t) for t in ("8H", "9H", "10H", "JK")]
    await hand.click(hand.shown.component(r"rami:1:mbs:.*").custom_id, run)
    shown = hand.shown
    assert not [c for c in shown.custom_ids if c.startswith("rami:1:mbj")]
    assert "🃏=7♥ 8♥ 9♥ 10♥" in shown.text and "34 / 51 points" in shown.text
    assert shown.component(r"rami:1:mk:.*").disabled


async def test_the_builder_shows_no_total_without_an_opening(h: Harness) -> None:
    """Basic rummy has no opening threshold: no running total, Lay down enabled."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    seat = (await h.table()).seat_of(me.id)
    await rig(h.db, CHANNEL, {seat: "4H 5H 6H"})
    hand = await open_hand(h, me)
    await hand.click("rami:1:draw:stock")
    await hand.click("rami:1:mb")
    cards = (await h.view(me)).hand
    await hand.click(hand.shown.component(r"rami:1:mbs:.*").custom_id, [token_of(cards, t) for t in ("4H", "5H", "6H")])
    assert " points" not in hand.shown.text and not hand.shown.component(r"rami:1:mk:.*").disabled


def test_a_suggestion_too_long_for_its_id_is_worked_out_at_the_click() -> None:
    """Melds that do not fit in 100 characters are not carried: the button names no melds."""
    long = "|".join(["AH.2H.3H.4H.5H.6H.7H.8H.9H.10H"] * 4)
    button = SuggestButton(1, long, "Lay down the suggestion")
    assert button.custom_id == "rami:1:sg" and button.melds == ""
    assert SuggestButton(1, "4H.5H.6H", "x").custom_id == "rami:1:sg:4H.5H.6H"


async def test_the_suggestion_without_its_melds_plays_the_advice_of_now(h: Harness) -> None:
    """A button that carries no melds lays down what the hand suggests at the click."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    seat = (await h.table()).seat_of(me.id)
    await rig(h.db, CHANNEL, {seat: "4H 5H 6H KS"})
    await h.click(me, "rami:1:draw:stock")
    r = await h.click(me, "rami:1:sg")
    assert "4♥ 5♥ 6♥" in r.told  # the turn's public message
    assert (await h.view(me)).melds
