"""Advice only suggests moves the rules accept, `hints no` hides all of it, and a hand the solver's
fast path takes is advised without a worker thread."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from rummy.cards import parse_cards
from rummy.game import Game, Player
from rummy.rules import PRESETS
from rummy.view import PlayerView, view_for
from service import hints as advice_module
from service.hints import Advice, advise, advise_async
from tests.cogs.conftest import ALICE, BOB, CHANNEL, Harness
from tests.cogs.rig import rig
from tests.cogs.test_play import seats


def command_in(text: str) -> str | None:
    """The `/meld …` command a reply suggests, if any."""
    found = re.search(r"`/meld ([^`]+)`", text)
    return found[1] if found else None


async def drawn_hand(h: Harness, cards: str, preset: str = "basic", **settings: str) -> tuple:
    await h.open_table(ALICE, BOB, preset=preset, **settings)
    me, _ = await seats(h)
    await rig(h.db, CHANNEL, {(await h.table()).seat_of(me.id): cards})
    await h.slash(me, "draw")
    return me, await h.slash(me, "hand")


async def test_below_the_opening_threshold_no_command_is_suggested(h: Harness) -> None:
    """rami51: a hand whose melds make less than 51 shows its melds but no /meld command."""
    me, r = await drawn_hand(h, "2D 3D 4D", preset="rami51")
    assert "Melds in your hand" in r.text and "2♦ 3♦ 4♦" in r.text and "51 points needed" in r.text
    assert command_in(r.text) is None
    assert command_in((await h.slash(me, "hint")).text) is None
    assert all(" " not in c.value for c in await h.play.meld_cards(h.interaction(me), ""))


async def test_one_meld_per_turn_suggests_a_single_meld_the_rules_accept(h: Harness) -> None:
    """rummy100: the hand suggests one meld, and laying it down is accepted."""
    me, r = await drawn_hand(h, "9C 9D 9S 2H 3H 4H", preset="rummy100")
    command = command_in(r.text)
    assert command is not None and "|" not in command
    assert command_in((await h.slash(me, "hint")).text) == command
    played = await h.slash(me, "meld", cards=command)
    assert "melded" in played.told  # accepted: the channel reads it
    assert len((await h.table()).game.deal.melds) == 1


async def test_the_suggestion_is_accepted_by_the_rules(h: Harness) -> None:
    """basic: the hand's /meld suggestion, typed as is, lays the melds down."""
    me, r = await drawn_hand(h, "9C 9D 9S 2H 3H 4H")
    command = command_in(r.text)
    assert command is not None
    assert "melded" in (await h.slash(me, "meld", cards=command)).told
    assert (await h.table()).game.deal.melds


async def test_no_command_before_the_draw(h: Harness) -> None:
    """In the draw phase the melds are listed, never as a command."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    await rig(h.db, CHANNEL, {(await h.table()).seat_of(me.id): "9C 9D 9S"})
    r = await h.slash(me, "hand")
    assert "9♣ 9♦" in r.text and command_in(r.text) is None


async def test_hints_off_hides_every_solver_advice(h: Harness) -> None:
    """hints no: /hand shows no solver melds, autocomplete offers cards only, /hint is refused."""
    me, r = await drawn_hand(h, "AC AD AH", hints="no")
    assert "Melds in your hand" not in r.text and command_in(r.text) is None
    choices = await h.play.meld_cards(h.interaction(me), "")
    assert choices and all(" " not in c.value for c in choices)
    assert "turned off" in (await h.slash(me, "hint")).text


async def test_hint_in_the_draw_phase_says_whether_taking_helps(h: Harness) -> None:
    """Before drawing, /hint says whether the discard pile's top lowers the deadwood."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    top = (await h.view(me)).discard_top
    assert not top.is_joker
    rank, suit = str(top)[:-1], str(top)[-1]
    pair = " ".join([f"{rank}{s}" for s in "HDCS" if s != suit][:2])  # with the top: a set
    await rig(h.db, CHANNEL, {(await h.table()).seat_of(me.id): pair})
    text = (await h.slash(me, "hint")).text
    assert f"Taking {top.pretty} lowers your deadwood" in text


def rigged_view(preset: str, cards: str) -> tuple[Game, PlayerView]:
    """The starter's view of a fresh seeded game of ``preset``, holding ``cards``."""
    game, _ = Game.new(PRESETS[preset], [Player("1", "Alice"), Player("2", "Bob")], seed=7)
    assert game.deal is not None
    game.deal.hands[game.deal.turn] = parse_cards(cards)
    return game, view_for(game, game.deal.turn)


async def test_a_fast_path_hand_is_advised_without_a_worker_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """One deck, no joker (tables built): the advice comes at once, the same as advise()'s; a
    hand with a joker still goes to a worker thread."""
    threads: list[object] = []

    async def to_thread(fn: Callable[..., Advice], *args: object) -> Advice:
        threads.append(fn)
        return fn(*args)

    monkeypatch.setattr(advice_module.asyncio, "to_thread", to_thread)
    game, view = rigged_view("basic", "7H 8H 9H KC KD 2S 4C")
    advise(view, game)  # builds the solver's tables for these rules, if no test did yet
    assert await advise_async(view, game) == advise(view, game)
    assert threads == []
    game, view = rigged_view("rami51", "7H 8H JK KC KD 2S 4C")
    assert await advise_async(view, game) == advise(view, game)
    assert threads == [advise]
