"""The compiled messages say exactly what fluent.runtime says, for every message of both files."""

from __future__ import annotations

from decimal import Decimal
from functools import cache

import pytest
from fluent.runtime import FluentBundle
from hypothesis import given
from hypothesis import strategies as st

from service.catalog import LANGUAGES, Catalog, ftl_source
from service.catalog_compile import Compiler
from tests.service.ftl import messages, numeric, reads, resource, sample_args

COUNTS = (0, 1, 2, 3, 5, 11, 21, 100, 101, 1000, 1234, 1234567, -1, 0.0, 0.5, 1.0, 2.0, 2.5)


@cache
def reference(lang: str) -> FluentBundle:
    """fluent.runtime on the file as written: what the catalog must say."""
    bundle = FluentBundle([lang], use_isolating=False)
    bundle.add_resource(resource(lang))
    return bundle


def render(lang: str, mid: str, args: dict[str, object]) -> tuple[str | None, str]:
    """(the compiled message's text, or None when the catalog leaves it to fluent.runtime; the
    reference text)."""
    bundle = reference(lang)
    expected, errors = bundle.format_pattern(bundle.get_message(mid).value, args)
    assert not errors and isinstance(expected, str), (lang, mid, errors)
    renderer = COMPILED[lang][mid]
    return (renderer(args) if renderer is not None else None), expected


COMPILED = {
    lang: {mid: Compiler(lang, resource(lang)).compile(m) for mid, m in messages(lang).items()} for lang in LANGUAGES
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_only_messages_with_a_function_are_left_to_fluent_runtime(lang: str) -> None:
    """Every message compiles but those that call NUMBER() (the leaderboard's lines, the rating
    changes at the end of a game and in the history, the figures of /stats)."""
    left = {mid for mid, renderer in COMPILED[lang].items() if renderer is None}
    assert left == {mid for mid, m in messages(lang).items() if reads(m).numbers}
    assert left == {"lb-line", "lb-provisional-line", "end-rating-up", "end-rating-down", "end-rating-same"} | {
        "history-rating-up",
        "history-rating-down",
        "stats-record",
        "stats-rating",
        "stats-per-deal",
    }


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("count", COUNTS)
def test_every_message_says_what_fluent_runtime_says(lang: str, count: float) -> None:
    """With each count (plural categories, grouping, decimals, a negative), both agree."""
    for mid in messages(lang):
        got, expected = render(lang, mid, sample_args(mid, count))
        assert got is None or got == expected, (mid, got, expected)


@given(
    lang=st.sampled_from(LANGUAGES),
    mid=st.sampled_from(sorted(messages("en"))),
    numbers=st.lists(st.integers(-(10**7), 10**7) | st.floats(-1e6, 1e6, allow_nan=False), min_size=4, max_size=4),
    words=st.lists(st.text(max_size=12), min_size=6, max_size=6),
)
def test_any_arguments_give_the_same_text(lang: str, mid: str, numbers: list[float], words: list[str]) -> None:
    """Random numbers where a message selects, random texts elsewhere (braces, digits, any script)."""
    names = sorted(sample_args(mid))
    args: dict[str, object] = {}
    for i, name in enumerate(names):
        args[name] = numbers[i % 4] if name in numeric(mid) else words[i % 6]
    got, expected = render(lang, mid, args)
    assert got is None or got == expected


def test_a_selector_given_a_word_picks_like_fluent_runtime() -> None:
    """A text where a count is expected matches a variant's key by equality, else the default."""
    for value in ("one", "other", "few", "7"):
        got, expected = render("en", "hand-title", {"n": value})
        assert got == expected


def test_the_catalog_leaves_other_types_to_fluent_runtime() -> None:
    """A Decimal (not compiled) is formatted by fluent.runtime, as the file says."""
    catalog = Catalog({lang: ftl_source(lang) for lang in LANGUAGES})
    tr = catalog.translator("fr")
    assert tr("hand_title", n=Decimal(2)) == "Votre main (2 cartes)"
    assert tr("hand_title", n=Decimal("1234")) == "Votre main (1\u202f234 cartes)"


def test_a_long_text_is_refused_as_fluent_runtime_refuses_it() -> None:
    """fluent.runtime refuses a text argument over 2,500 characters: so does the compiled path."""
    from service.catalog import BOOK, CatalogError

    with pytest.raises(CatalogError):
        BOOK.translator("en")("hand_wait", name="x" * 2501)
