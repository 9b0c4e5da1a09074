"""The catalog: a translator says exactly what ``text`` says, in the locale's language, English otherwise."""

from __future__ import annotations

import discord
import pytest

from service.catalog import EN, text, translator


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
