"""The catalog: a translator says exactly what ``text`` says, in the locale's language, English otherwise."""

from __future__ import annotations

import enum
from pathlib import Path

import discord
import pytest

from service.catalog import (
    EN,
    FR,
    Catalog,
    CatalogError,
    command_text,
    engine_text,
    ftl_source,
    language,
    message_id,
    text,
    translator,
)
from tests.service.ftl import LOCALES


@pytest.mark.parametrize("locale", ["fr", "fr-FR", discord.Locale.french, "en-US", discord.Locale.german, None])
def test_a_translator_agrees_with_text(locale: object) -> None:
    tr = translator(locale)
    for key, template in EN.items():
        if "{" not in template:
            assert tr(key) == text(locale, key)
    assert tr("joined", n=2, max=6) == text(locale, "joined", n=2, max=6)


def test_one_translator_per_language() -> None:
    """Locales of one language share a translator; French and English differ."""
    assert translator("fr") is translator(discord.Locale.french)
    assert translator("en-US") is translator(None) is translator(discord.Locale.german)
    assert translator("fr")("joined", n=2, max=6) != translator("en-US")("joined", n=2, max=6)


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("fr", "fr"),
        ("fr-CA", "fr"),
        ("en-US", "en"),
        ("en-GB", "en"),
        ("de", "en"),
        (discord.Locale.french, "fr"),
        (None, "en"),
    ],
)
def test_language_of_a_locale(locale: object, expected: str) -> None:
    """Discord locales map to the catalog's languages, English by default."""
    assert language(locale) == expected


def test_keys_name_fluent_ids() -> None:
    """A key's dots and underscores are dashes in the Fluent file; the code may use either name."""
    assert message_id("rules.not_your_turn") == "rules-not-your-turn"
    assert message_id("rules-not-your-turn") == "rules-not-your-turn"
    tr = translator("fr")
    assert tr("rules.not_your_turn") == tr("rules-not-your-turn") == "Ce n'est pas votre tour."


def test_sentences_as_players_read_them() -> None:
    """Variables filled, French typography, the game's words from the terms."""
    en, fr = translator("en"), translator("fr")
    assert en("joined", n=2, max=6) == "You joined the table (2/6)."
    assert fr("joined", n=2, max=6) == "Vous avez rejoint la table (2/6)."
    assert fr("ev_drew_discard", name="Ana", card="7♥") == "Ana a pris 7♥ dans la défausse."
    assert fr("board_stock") == "Talon" and fr("board_discard") == "Défausse"
    assert fr("rules.discard_empty") == "La défausse est vide\u00a0: piochez dans le talon."
    assert fr("why_went_out_rummy", names="Bea") == "Bea a fait rami sec (points doublés)"


def test_a_message_names_another_so_labels_agree() -> None:
    """The start message names the hand button by the button's own label, in each language."""
    assert "**Ma main**" in text("fr", "start_hand_hint") and text("fr", "btn_hand") == "Ma main"
    assert "**My hand**" in text("en", "start_hand_hint") and text("en", "btn_hand") == "My hand"


def test_numbers_are_written_the_locale_s_way() -> None:
    """Grouping and decimals by locale: 1,234 and 12.3 in English, 1 234 and 12,3 in French."""
    assert text("en", "board_stock_value", n=1234) == "1,234 cards"
    assert text("fr", "board_stock_value", n=1234) == "1\u202f234 cartes"
    line = {"rank": 1, "name": "Ana", "rating": 12.345, "games": 3, "wins": 2, "rate": 2 / 3, "deals": 1, "rummies": 0}
    assert text("en", "lb_line", **line) == (
        "1. Ana: rating 12.3 · games: 3 · wins: 2 (67%) · deals won: 1 · rummies: 0"
    )
    assert text("fr", "lb_line", **line) == (
        "1. Ana\u00a0: cote 12,3 · 3 parties · 2 victoires (67\u00a0%) · 1 donne gagnée · 0 rami sec"
    )


class Colour(enum.StrEnum):
    RED = "red"


def test_other_values_read_as_their_text() -> None:
    """A bool, an enum's value or any object reads as str.format showed it."""
    assert text("en", "set_done", name="hints", value=True) == "hints is now True."
    assert text("en", "set_done", name=Colour.RED, value=Path("x")) == "red is now x."


def test_a_wrong_call_is_an_error() -> None:
    """An unknown key, or a variable left out, raises CatalogError (a KeyError); an extra one is ignored."""
    with pytest.raises(CatalogError):
        text("fr", "no_such_key")
    with pytest.raises(KeyError):
        text("en", "joined", n=2)
    with pytest.raises(CatalogError):
        text("fr", "hand_title")  # its count selects the plural: no default is guessed
    assert text("en", "no_table", extra=1) == text("en", "no_table")


def test_a_language_without_a_message_falls_back_to_english() -> None:
    """A message the French file lacks is read in English; has() tells which file holds it."""
    catalog = Catalog({"en": "a = A\nb = B { $x ->\n [one] one\n *[other] many\n}\n", "fr": "a = Ah\n"})
    tr = catalog.translator("fr")
    assert (tr("a"), tr("b", x=1), tr("b", x=0)) == ("Ah", "B one", "B many")
    assert catalog.has("fr", "a") and not catalog.has("fr", "b") and catalog.has("en", "b")


def test_a_syntax_error_is_raised_at_load() -> None:
    """A broken file stops the bot at import, naming the file and the line, rather than losing messages."""
    with pytest.raises(ValueError, match=r"fr/rami.ftl, line 2"):
        Catalog({"en": "a = A\n", "fr": "a = A\nb = { $x \n"})


def test_the_files_come_from_the_package_not_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Started from anywhere, the bot reads service/locales/."""
    monkeypatch.chdir(tmp_path)
    for lang in ("en", "fr"):
        assert ftl_source(lang) == (LOCALES / lang / "rami.ftl").read_text(encoding="utf-8")


def test_sources_hold_the_messages_as_written() -> None:
    """EN and FR map each message to its pattern in the file; a key finds it too."""
    assert EN["no_table"] == text("en", "no_table")
    assert "why_turn_cap" in EN and "rules.turn_of" in FR and "no_such_key" not in EN
    assert "$n ->" in FR["hand_title"] and "[one]" in FR["hand_title"]
    assert set(EN) == set(FR)


def test_command_texts_by_their_english() -> None:
    """command_text() finds a description or choice name by the English the code writes."""
    assert command_text("Draw a card: from the stock, or the top of the discard pile", "fr") == (
        "Piocher une carte\u00a0: dans le talon ou sur la défausse"
    )
    assert command_text("stock", discord.Locale.french) == "talon"
    assert command_text("How well it plays (default: normal)", "fr") == "Son niveau de jeu (par défaut\u00a0: moyen)"
    assert command_text("stock", "en-US") is None  # English is the code's own text
    assert command_text("A description nobody wrote", "fr") is None


def test_engine_refusals_in_french() -> None:
    """rules.<key> with the error's params in French; None where the English str() is shown."""
    assert engine_text("fr", "turn_of", {"name": "Bea"}) == "C'est à Bea de jouer."
    assert engine_text("fr", "table_full", {"max": 6}) == "La table est complète (6 places)."
    assert engine_text("en-US", "turn_of", {"name": "Bea"}) is None
    assert engine_text("en-US", "turn_of", {"name": "Bea"}, english=True) == "It's Bea's turn."
    assert engine_text("fr", None, {}) is None
    assert engine_text("fr", "no_such_key", {}) is None
    assert engine_text("fr", "turn_of", {}) is None  # params that do not fit: the English str() instead
