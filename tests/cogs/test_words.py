"""The rules engine's names reach players in their language: presets, house rules, table options."""

from __future__ import annotations

import re

import discord
import pytest

from cogs.ui import render
from cogs.ui.words import stored_bot_name
from rummy.cards import parse_cards
from rummy.errors import RummyError
from rummy.melds import make_meld
from rummy.rules import PRESETS
from service.catalog import BOOK
from tests.cogs.conftest import ALICE, CHLOE, Harness

FR = BOOK.translator("fr")


async def test_a_french_lobby_names_its_preset_and_house_rules_in_french(h: Harness) -> None:
    await h.slash(ALICE, "rami language", manager=True, language="fr")
    await h.open_table(ALICE, preset="rami51", start=False, ace="low", hints="no", turn_timer="60")
    board = h.board_message().embed
    assert board is not None
    assert board.title == FR("lobby_title", title="Rami 51 (rami français)")
    text = h.board_message().text
    assert "ace\u00a0: bas (variante\u00a0: bas ou haut)" in text
    assert "60\u00a0s" in text and "conseils non" in text
    for english in ("French rummy", "Two decks", "low_or_high", "60s"):
        assert english not in text, english
    assert not re.search(r"\b(yes|no|none|preset)\b", text)


async def test_an_english_lobby_reads_as_before(h: Harness) -> None:
    await h.open_table(ALICE, preset="rami51", start=False, ace="low", turn_timer="60")
    text = h.board_message().text
    assert "Rami 51 (French rummy)" in text and "ace: low (preset low_or_high)" in text and "60s" in text


async def test_set_answers_with_the_value_in_the_callers_language(h: Harness) -> None:
    await h.slash(CHLOE, "lobby create")
    r = await h.slash(CHLOE, "lobby set", rule="hints", value="no")
    assert r.text == FR("set_done", name="hints", value="non")
    r = await h.slash(CHLOE, "lobby set", rule="ace", value="low_or_high")
    assert r.text == FR("set_done", name="ace", value="bas ou haut")


async def test_the_rule_autocomplete_explains_in_french(h: Harness) -> None:
    await h.slash(CHLOE, "lobby create")
    i = h.interaction(CHLOE, kind=discord.InteractionType.autocomplete)
    choices = await h.lobby.rule_names(i, "hints")
    assert [c.name for c in choices] == ["hints: Les joueurs peuvent demander des conseils avec /hint"]
    assert [c.value for c in choices] == ["hints"]


async def test_computer_players_are_named_in_the_readers_language(h: Harness) -> None:
    """The engine names them in English; a French reader sees "Robot (difficile)", an English one
    "Bot (hard)", everywhere (the lobby, the replies, the board)."""
    await h.slash(CHLOE, "lobby create")
    added = await h.slash(CHLOE, "lobby addbot", level="hard")
    assert added.text == FR("bot_added", name="Robot (difficile)", n=2, max=6)
    await h.slash(CHLOE, "lobby addbot", level="hard")
    await h.slash(ALICE, "lobby join")
    assert "Robot 2 (difficile)" not in h.board_message().text  # the server reads English
    assert "Bot 2 (hard)" in h.board_message().text
    removed = await h.slash(CHLOE, "lobby removebot")
    assert removed.text == FR("bot_removed", name="Robot 2 (difficile)")
    await h.slash(ALICE, "rami language", manager=True, language="fr")
    assert "🤖 Robot (difficile)" in h.board_message().text and "Bot (hard)" not in h.board_message().text


def test_the_meld_builder_gives_the_rules_reason_in_french() -> None:
    """The builder shows why a group is not a meld after its cards: in French for a French player,
    as the engine says it for an English one."""
    with pytest.raises(RummyError) as caught:
        make_meld(parse_cards("7H 9H JH"), PRESETS["basic"])
    assert render.rules_reason(caught.value, FR) == "les cartes ne se suivent pas."
    assert render.rules_reason(caught.value, BOOK.translator("en")) == "the cards are not in sequence."


@pytest.mark.parametrize(
    ("stored", "french"),
    [
        ("Bot (hard)", "Robot (difficile)"),
        ("Bot 2 (easy)", "Robot 2 (facile)"),
        ("Bot 12 (normal)", "Robot 12 (moyen)"),  # a tournament numbers its computer entrants past six
        ("Bot 2 (expert)", "Robot 2 (expert)"),
        ("Bot 3 (grandmaster)", "Bot 3 (grandmaster)"),  # no such level: a name as typed
        ("Bot 3 (hard) ", "Bot 3 (hard) "),
        ("Alice", "Alice"),
    ],
)
def test_a_stored_computer_name_reads_in_the_servers_language(stored: str, french: str) -> None:
    assert stored_bot_name(stored, BOOK.translator("fr")) == french
    assert stored_bot_name(stored, BOOK.translator("en")) == stored
