"""The Fluent files themselves: both languages say everything, with the same variables, in good French.

A missing translation, a variable one language forgets, a count without its plural, English left in
the French file: each fails here, so CI fails with the message's id.
"""

from __future__ import annotations

import itertools
import re

import pytest
from fluent.syntax import ast

from service.catalog import BOOK, COMMAND_PREFIX, FR, LANGUAGES
from tests.service.ftl import messages, numeric, plural_counts, reads, resource, sample_args, terms, variables

# French words of the game, as terms of fr/rami.ftl (the list, with "combinaison" for a
# meld and "donne" for a deal, the two words the bot says most).
VOCABULARY = {"brelan", "carre", "suite", "talon", "defausse", "rami-sec", "pose", "joker", "combinaison", "donne"}

# French messages that may read as their English one: the same word in both languages.
# "Total"; the languages named in their own; a preset with a French name in both; "expert"
SAME_IN_BOTH = {
    "scores-total",
    "cmd-choice-francais",
    "cmd-choice-english",
    "preset-rami100-title",
    "history-points-only",
    "tournament-figure",  # a number alone ("7,5" in French, "7.5" in English: the samples are whole)
    "tournament-chart-points",  # "Points", a column's head
    "cmd-choice-expert",  # "expert", a computer player's level, is a French word too
    "level-expert",
}

# Words that are English, never French; what a French sentence left untranslated would show.
ENGLISH_WORDS = re.compile(
    r"\b(the|your|you|is|are|and|of|with|this|not|from|cards?|deal|deals|melds?|stock|draw|turn|"
    r"players?|wins?|hand|seats?|none|yet|here|button)\b",
    re.IGNORECASE,
)
COMMANDS_IN_TEXT = re.compile(r"/(lobby|hand|meld|table|draw|hint|rules)( (create|join|start))?\b|`[^`]*`")


def test_both_files_parse_without_errors() -> None:
    """No entry of either file is junk (fluent.syntax keeps a syntax error as junk and goes on)."""
    for lang in LANGUAGES:
        junk = [e.content for e in resource(lang).body if isinstance(e, ast.Junk)]
        assert not junk, (lang, junk)


def test_every_message_is_in_both_languages() -> None:
    """English and French have the same message ids, each with a value."""
    en, fr = messages("en"), messages("fr")
    assert set(en) == set(fr), {"only in en": set(en) - set(fr), "only in fr": set(fr) - set(en)}
    assert all(m.value is not None for lang in LANGUAGES for m in messages(lang).values())
    assert len(en) > 200


def test_every_message_reads_the_same_variables_in_both_languages() -> None:
    """A message reads the same variables in English and French, wherever they are (in a selector,
    a variant, a NUMBER() call or a message it names)."""
    differ = {mid: (variables("en", mid), variables("fr", mid)) for mid in messages("en")}
    assert not {mid: v for mid, v in differ.items() if v[0] != v[1]}


def test_the_catalog_loads_exactly_these_files() -> None:
    """service.catalog serves the messages of the files in its package, every one of them."""
    for lang in LANGUAGES:
        assert set(BOOK.sources[lang]) == set(messages(lang))


def test_every_term_named_is_defined_and_every_term_defined_is_used() -> None:
    """No message names a term its file lacks, and no term is dead vocabulary."""
    for lang in LANGUAGES:
        defined = set(terms(lang))
        named = set().union(*(reads(e).terms for e in resource(lang).body if isinstance(e, (ast.Message, ast.Term))))
        assert named <= defined, (lang, named - defined)
        assert defined <= named, (lang, defined - named)


def test_messages_named_by_messages_exist() -> None:
    """A message that names another (``{ btn-hand }``) names one that exists."""
    for lang in LANGUAGES:
        named = set().union(*(reads(m).messages for m in messages(lang).values()))
        assert named <= set(messages(lang)), (lang, named - set(messages(lang)))


def test_the_french_vocabulary_is_defined_once_and_used() -> None:
    """fr/rami.ftl defines the game's words as terms, and its messages use them rather than
    writing the nouns out (so every message says the same word)."""
    assert set(terms("fr")) >= VOCABULARY
    nouns = re.compile(r"\b(combinaisons?|talons?|brelans?|carrés?|jokers?|ramis? secs?)\b", re.IGNORECASE)
    written = {mid: nouns.findall(" ".join(reads(m).texts)) for mid, m in messages("fr").items()}
    assert not {mid: found for mid, found in written.items() if found}


def test_french_punctuation_has_its_no_break_spaces() -> None:
    """French text puts a no-break space before ":" and a narrow one before ";", "!" and "?"
    (so Discord never starts a line with the sign)."""
    wrong = []
    for mid, message in messages("fr").items():
        for text in reads(message).texts:
            for match in re.finditer(r"[:;!?]", text):
                space = "\u00a0" if match.group() == ":" else "\u202f"
                if match.start() == 0 or text[match.start() - 1] != space:
                    wrong.append((mid, text))
    assert not wrong


PEOPLE = {"name", "names", "dealer", "starter", "winners", "by", "mention"}  # "{ $dealer } deals" is a verb
PEOPLE |= {"suit"}  # "a { $suit } card": a suit's symbol, not a count
COUNT_NOUN = re.compile(
    r"^\s(cards?|points?|melds?|seats?|turns?|deals?|games?|wins?|"
    r"cartes?|combinaisons?|places?|tours?|donnes?|parties|partie|victoires?)\b"
)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_count_before_a_noun_is_always_in_a_plural_selector(lang: str) -> None:
    """No "{ $n } cards" outside a selector: the noun must agree with the count."""
    unplural = []
    for mid, message in messages(lang).items():
        elements = message.value.elements if message.value is not None else []
        for before, after in itertools.pairwise(elements):
            if (
                isinstance(before, ast.Placeable)
                and isinstance(before.expression, ast.VariableReference)
                and before.expression.id.name not in PEOPLE
                and isinstance(after, ast.TextElement)
                and COUNT_NOUN.match(after.value)
            ):
                unplural.append(mid)
    assert not unplural


def _normalized(text: str, count: int) -> str:
    return re.sub(rf"(?<![\d,.]){count}(?![\d,.])", "#", text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plurals_of_0_1_and_2(lang: str) -> None:
    """Each count picks its form by the language's rule: English "0 cards, 1 card, 2 cards",
    French "0 carte, 1 carte, 2 cartes"."""
    checked = 0
    for mid in messages(lang):
        for count in sorted(plural_counts(lang, mid)):
            tr = BOOK.translator(lang)
            zero, one, two = (_normalized(tr(mid, **sample_args(mid, **{count: n})), n) for n in (0, 1, 2))
            assert one != two, (mid, count, one)
            assert zero == (one if lang == "fr" else two), (mid, count, zero)
            checked += 1
    assert checked >= 20


# Counts English pluralizes before a word French never changes ("1 fois", "2 fois").
INVARIABLE_IN_FRENCH = {
    "rules-end-not-offered": {"limit"},
    "rules-deal-not-stalled": {"need"},
    "board-stalled-offer": {"n"},
    "describe-refill-at-most": {"n"},
    "describe-stalled-deal": {"n"},
}


def test_french_pluralizes_every_count_english_does() -> None:
    """A count with a plural form in English has one in French too (but before an invariable word)."""
    missing = {
        mid: plural_counts("en", mid) - plural_counts("fr", mid) - INVARIABLE_IN_FRENCH.get(mid, set())
        for mid in messages("en")
    }
    assert not {mid: names for mid, names in missing.items() if names}
    for mid, names in INVARIABLE_IN_FRENCH.items():
        assert all(f"{{ ${name} }} fois" in FR[mid] for name in names), mid


def test_plural_examples() -> None:
    """A few sentences as players read them."""
    en, fr = BOOK.translator("en"), BOOK.translator("fr")
    assert [fr("hand_title", n=n) for n in (0, 1, 2)] == [
        "Votre main (0 carte)",
        "Votre main (1 carte)",
        "Votre main (2 cartes)",
    ]
    assert [en("hand_title", n=n) for n in (0, 1, 2)] == [
        "Your hand (0 cards)",
        "Your hand (1 card)",
        "Your hand (2 cards)",
    ]
    assert fr("board_player", name="Ana", cards=1, score=0) == "Ana\u00a0: 1 carte, 0 point"
    assert en("board_player", name="Ana", cards=1, score=0) == "Ana: 1 card, 0 points"
    assert fr("btn_lay_down", n=2) == "Poser 2 combinaisons" and en("btn_lay_down", n=1) == "Lay down 1 meld"
    assert fr("board_standing", rank=1, name="Ana", score=12, deals=1) == "1. Ana\u00a0: 12 points, 1 donne gagnée"


def test_no_english_is_left_in_french() -> None:
    """No French message reads as its English one (unless the word is the same in both), and none
    holds an English word (commands and code spans aside)."""
    en, fr = BOOK.translator("en"), BOOK.translator("fr")
    same, english = [], []
    for mid in messages("en"):
        for args in (sample_args(mid, 1), sample_args(mid, 2)):
            french = fr(mid, **args)
            if french == en(mid, **args) and mid not in SAME_IN_BOTH:
                same.append(mid)
            for name, value in args.items():
                french = french.replace(str(value), "") if name not in numeric(mid) else french
            if ENGLISH_WORDS.search(COMMANDS_IN_TEXT.sub("", french)):
                english.append((mid, french))
    assert not same
    assert not english


@pytest.mark.parametrize("lang", LANGUAGES)
def test_formatting_never_fails_for_the_declared_variables(lang: str) -> None:
    """Every message formats with its variables given (numbers 0, 1, 2, 21 and 1234 where one is
    selected on), with no error and no Unicode isolation mark (FSI/PDI) in the text."""
    tr = BOOK.translator(lang)
    for mid in messages(lang):
        for count in (0, 1, 2, 21, 1234, 2.5):
            text = tr(mid, **sample_args(mid, count))
            assert text and "\u2068" not in text and "\u2069" not in text and "{" not in text, (mid, text)


def test_command_texts_fit_discord() -> None:
    """Discord takes at most 100 characters for a description or a choice name."""
    for lang in LANGUAGES:
        tr = BOOK.translator(lang)
        too_long = [mid for mid in messages(lang) if mid.startswith(COMMAND_PREFIX) and not 1 <= len(tr(mid)) <= 100]
        assert not too_long, (lang, too_long)


def test_command_texts_are_distinct() -> None:
    """command_text() finds a description by its English text: no two have the same."""
    tr = BOOK.translator("en")
    texts = [tr(mid) for mid in messages("en") if mid.startswith(COMMAND_PREFIX)]
    assert len(texts) == len(set(texts))
