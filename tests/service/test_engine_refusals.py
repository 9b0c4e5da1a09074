"""The rules engine's refusals a player meets while melding read in French, and their English
catalog text is the engine's own ``str()`` word for word (the catalog, not the engine, speaks)."""

from __future__ import annotations

import pytest

from rummy import lobby
from rummy.cards import Card, parse_cards
from rummy.errors import RummyError
from rummy.game import Player
from rummy.melds import lay_off, make_meld, swap_joker
from rummy.plays import table_meld
from rummy.rules import KNOBS, PRESETS
from rummy.table import Table
from rummy.table_options import OPTIONS
from service.catalog import engine_text

BASIC, RAMI51, REF = PRESETS["basic"], PRESETS["rami51"], PRESETS["ref51"]


def refused(call: object) -> RummyError:
    assert callable(call)
    with pytest.raises(RummyError) as caught:
        call()
    return caught.value


CASES = {
    "no_jokers": lambda: make_meld(parse_cards("7H 8H JK"), BASIC),
    "one_joker_per_meld": lambda: make_meld(parse_cards("7H 8H 9H JK JK"), REF),
    "too_many_jokers": lambda: make_meld(parse_cards("7H JK JK"), RAMI51),
    "set_size": lambda: make_meld(parse_cards("7H 7S 7D 7C JK"), RAMI51),
    "not_in_sequence": lambda: make_meld(parse_cards("7H 9H JH"), BASIC),
    "ace_low": lambda: make_meld(parse_cards("QH KH AH"), BASIC),
    "run_corner": lambda: make_meld(parse_cards("KH AH 2H"), RAMI51),
    "no_joker_swap": lambda: swap_joker(make_meld(parse_cards("7H 8H JK"), RAMI51), parse_cards("9H")[0], RAMI51),
    "no_joker_in_meld": lambda: swap_joker(make_meld(parse_cards("7H 8H 9H"), REF), parse_cards("10H")[0], REF),
    "lay_off_no_card": lambda: lay_off(make_meld(parse_cards("7H 8H 9H"), BASIC), [], BASIC),
}


@pytest.mark.parametrize("key", sorted(CASES))
def test_a_refusal_has_its_key_and_reads_in_both_languages(key: str) -> None:
    error = refused(CASES[key])
    assert error.key == key
    assert engine_text("en", error.key, error.params, english=True) == str(error)
    french = engine_text("fr", error.key, error.params)
    assert french is not None and french != str(error)


def test_the_lobby_s_refusals_read_in_french() -> None:
    table = Table.new(1, 2, 1, "Ana", "basic", seed=7)
    cases = {
        "not_enough_players": lambda: lobby.start(table, 1),
        "no_computer_player": lambda: lobby.remove_bot(table, 1),
        "host_leaves": lambda: lobby.leave(table, 1),
        "not_started_yet": lambda: table.view(0),
    }
    for key, call in cases.items():
        error = refused(call)
        assert error.key == key
        assert engine_text("en", error.key, error.params, english=True) == str(error)
        french = engine_text("fr", error.key, error.params)
        assert french is not None and french != str(error), key


def test_lobby_set_s_refusals_read_in_french() -> None:
    cases = {
        "takes_yes_no": lambda: KNOBS["joker_swap"].coerce("maybe"),
        "takes_one_of": lambda: KNOBS["ace"].coerce("middle"),
        "needs_whole_number": lambda: KNOBS["opening"].coerce("lots"),
        "at_least": lambda: KNOBS["max_players"].coerce("1"),
        "at_most": lambda: KNOBS["max_players"].coerce("9"),
        "needs_seconds": lambda: OPTIONS["bot_pause"].parse("soon"),
        "turn_timer_range": lambda: OPTIONS["turn_timer"].parse("5"),
    }
    for key, call in cases.items():
        error = refused(call)
        assert error.key == key
        assert engine_text("en", error.key, error.params, english=True) == str(error)
        french = engine_text("fr", error.key, error.params)
        assert french is not None and french != str(error), key


@pytest.mark.parametrize("typed", ["ZZ", " ", "7H=8H", "JK=JK", "JK=ZZ"])
def test_a_card_that_does_not_read_reads_in_french(typed: str) -> None:
    error = refused(lambda: Card.parse(typed))
    assert error.key is not None and error.key.startswith("bad_card")
    assert engine_text("en", error.key, error.params, english=True) == str(error)
    french = engine_text("fr", error.key, error.params)
    assert french is not None and "n'est pas une carte" in french


def test_a_meld_number_that_is_not_on_the_table_reads_in_french() -> None:
    table = Table.new(1, 2, 1, "Ana", "basic", seed=7)
    table.players.append(Player("2", "Bea"))
    lobby.start(table, 1)
    assert table.game is not None and table.game.deal is not None
    error = refused(lambda: table_meld(table.game.deal, 4))  # type: ignore[union-attr]
    assert error.key == "no_meld_yet" and str(error) == "There is no meld 5 on the table."
    assert engine_text("en", error.key, error.params, english=True) == str(error)
    assert engine_text("fr", error.key, error.params) == "Il n'y a pas de combinaison n°\u00a05 sur la table."
