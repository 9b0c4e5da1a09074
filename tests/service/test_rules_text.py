"""/rules in words: the catalog writes the rules engine's facts in English and in French, with every
decision named, house rules reflected, within one Discord message."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy.describe import decisions_for, describe_rules
from rummy.errors import BadRules
from rummy.rules import KNOBS, PRESETS, Knob, Rules
from service.catalog import BOOK, LANGUAGES, message_id
from service.catalog_rules import MESSAGE_LIMIT, fact_text, facts_text, house_rule_text, rules_text
from tests.service.ftl import messages

EN, FR = BOOK.translator("en"), BOOK.translator("fr")
MARK = {"en": "(decision)", "fr": "(décision)"}

KEY_FACTS = {
    "basic": [
        "2-6 players",
        "1 deck, no jokers",
        "10 cards each with 2 players, 7 with 3-4, 6 with 5-6",
        "next card starts the discard pile",
        "ace low only",
        "never K-A-2",
        "**Opening**: none",
        "any number of melds",
        "Lay-offs** on any meld: any turn",
        "a final discard is optional",
        "doubles the points",
        "the next player may take the top discard",
        "whole pile is turned over unshuffled",
        "300 turns",
        "or if all agree after 2 rebuilds with no meld or lay-off (decision), the deal ends and nobody scores",
        "the winner scores the total of the others' hands",
        "ace 1",
        "3 deals",
    ],
    "rummy100": [
        "or after 10 scoreless deals in a row (decision)",
        "only one new meld per turn",
        "with 2 players the winner deals",
        "does not double",
        "the pile but its top card is turned over unshuffled",
        "first to 100 points",
    ],
    "rami100": [
        "end with a discard",
        "cannot meld your whole hand",
        "shuffled into a new stock, once",
        "first to 100 points",
        "doubles the points",
    ],
    "rami51": [
        "2 decks + 4 jokers",
        "13 cards each",
        "the starter gets one more",
        "without drawing",
        "51+ points",
        "11 after K",
        "a joker as its card",
        "on turns after your opening",
        "ace low or high",
        "each loser scores their own hand as penalty points",
        "joker 25",
        "reaching 500 points puts you out",
        "the last player left in wins",
        "(name it: JK=6S; else the lower one)",
    ],
    "ref40": [
        "2 decks + 4 jokers with 2-4 players, 3 decks + 4 jokers with 5-6",
        "40+ points",
        "at most one per meld",
        "**Joker swap**",
        "beside 3 natural cards",
        "that turn included",
        "at most 2 times",
        "the lowest hand wins",
        "ace 11",
    ],
    "ref51": [
        "51+ points",
        "at most one per meld",
        "always the lower one where two fit",
        "**Joker swap**",
        "at most 2 times",
        "the lowest hand wins",
        "or the lowest total after 10 scoreless deals in a row (decision)",
    ],
}

# The same points as French players read them.
KEY_FACTS_FR = {
    "basic": [
        "De 2 à 6 joueurs. **Cartes**\u00a0: 1 jeu, sans joker.",
        "10 cartes chacun à 2 joueurs, 7 à 3-4, 6 à 5-6",
        "la carte suivante, retournée, commence la défausse",
        "l'as seulement bas (A-2-3, jamais Q-K-A), jamais K-A-2",
        "**Ouverture**\u00a0: aucune.",
        "de la table\u00a0: à chaque tour.",
        "la dernière défausse est facultative",
        "Le rami sec (tout poser en un tour",
        "le joueur suivant peut prendre la carte de la défausse",
        "toute la défausse est retournée sans être mélangée",
        "à la limite de 300 tours (décision)",
        "le gagnant marque le total des mains des autres",
        "**Partie**\u00a0: en 3 donnes",
    ],
    "rami51": [
        "2 jeux et 4 jokers",
        "13 cartes chacun",
        "le premier joueur reçoit une carte de plus",
        "il peut poser dès ce tour (décision)",
        "au moins 51 points",
        "11 après K",
        "un joker vaut sa carte",
        "aux tours qui suivent votre ouverture",
        "chaque perdant marque sa main en pénalité",
        "joker à 25",
        "atteindre 500 points élimine",
        "(nommez-la\u00a0: JK=6S\u202f; sinon, la plus basse)",
    ],
    "ref51": [
        "2 jeux et 4 jokers à 2-4 joueurs, 3 jeux et 4 jokers à 5-6",
        "un seul par combinaison",
        "toujours la plus basse si deux conviennent",
        "**Échange du joker**",
        "2 fois au plus",
        "la main la plus faible gagne",
        "Le rami sec ne double pas (décision)",
        "as à 11 (décision)",
    ],
}

ENGLISH_IN_FRENCH = ["brelan", "suite", "rami sec", "talon", "défausse"]  # the players' words, beside the English
FRENCH_VOCABULARY = ["brelan", "carré", "suite", "talon", "défausse", "rami sec", "pose", "joker", "combinaison"]
# English words a French text must never hold (knob names and values in code spans aside).
ENGLISH = re.compile(
    r"\b(the|your|you|is|are|and|of|with|this|not|from|cards?|deal|deals|melds?|stock|draw|turn|players?|wins?|"
    r"hand|seats?|none|yet|here|ace|rummy|scoring|game|opening|lay-offs?|going|out|each|once)\b",
    re.IGNORECASE,
)


def body(text: str, lang: str = "en") -> str:
    """The rules part of the text, without the house-rules summary."""
    return text.split("\n**House rules**" if lang == "en" else "\n**Règles maison**")[0]


@pytest.mark.parametrize(("name", "facts"), KEY_FACTS.items())
def test_each_preset_states_its_key_facts(name: str, facts: list[str]) -> None:
    """Each preset's English text carries the facts of its column in RULES.md."""
    text = rules_text(PRESETS[name], EN)
    for one in facts:
        assert one in text, one


@pytest.mark.parametrize(("name", "facts"), KEY_FACTS_FR.items())
def test_each_preset_states_its_key_facts_in_french(name: str, facts: list[str]) -> None:
    text = rules_text(PRESETS[name], FR)
    for one in facts:
        assert one in text, one


@pytest.mark.parametrize("name", PRESETS)
def test_the_english_text_gives_the_french_words(name: str) -> None:
    """Players' French vocabulary appears beside the English words."""
    text = rules_text(PRESETS[name], EN)
    assert all(word in text for word in ENGLISH_IN_FRENCH)


@pytest.mark.parametrize("name", PRESETS)
def test_the_french_text_speaks_french_only(name: str) -> None:
    """A French reader meets no English sentence: no English word outside the code names, and the
    game's own words (brelan, carré, suite, talon, défausse, rami sec, pose, joker)."""
    text = rules_text(PRESETS[name], FR)
    assert not ENGLISH.findall(re.sub(r"`[^`]*`", "", text)), text
    rules = PRESETS[name].with_overrides(jokers=2, opening=30) if not PRESETS[name].jokers else PRESETS[name]
    richer = rules_text(rules, FR)
    assert [w for w in FRENCH_VOCABULARY if w not in richer.lower()] == []


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", PRESETS)
def test_a_preset_s_text_fits_one_message_whole(lang: str, name: str) -> None:
    """Every preset's text fits one Discord message with its long wordings (English: under 1,800)."""
    tr = BOOK.translator(lang)
    facts = describe_rules(PRESETS[name])
    whole = facts_text(facts, tr, limit=10**6)
    assert rules_text(PRESETS[name], tr) == whole
    assert len(whole) <= (1800 if lang == "en" else MESSAGE_LIMIT)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", PRESETS)
def test_every_decision_is_named_in_the_text(lang: str, name: str) -> None:
    """Each decision the preset plays appears in its words, followed by the mark, and nothing else does."""
    tr = BOOK.translator(lang)
    rules = PRESETS[name]
    text = rules_text(rules, tr)
    decided = [f for f in describe_rules(rules).facts() if f.decision]
    assert len(decided) == len(decisions_for(rules))
    for one in decided:
        assert fact_text(one, tr).endswith(MARK[lang]) and fact_text(one, tr) in text, one.key
    assert text.count(MARK[lang]) == len(decided)


def test_a_source_stated_rule_is_not_marked() -> None:
    """ref51's source states the ace in a set counts 11: the words appear without the mark."""
    assert "an ace in a set counts 11," in rules_text(PRESETS["ref51"], EN)
    assert "un as vaut 11 dans un brelan," in rules_text(PRESETS["ref51"], FR)


def test_house_rule_changes_the_text() -> None:
    """An opening of 40 at a rami51 table says 40, not 51, and lists the house rule."""
    text = rules_text(PRESETS["rami51"].with_overrides(opening=40), EN)
    assert "40+ points" in text and "51+" not in text
    assert "house rules" in text.splitlines()[0]
    assert "- opening: 40 (preset 51): Points needed" in text
    french = rules_text(PRESETS["rami51"].with_overrides(opening=40), FR)
    assert "règles maison" in french.splitlines()[0] and "au moins 40 points" in french
    assert "\n**Règles maison**\u00a0:\n- opening\u00a0: 40 (variante\u00a0: 51), " in french


def test_a_house_rule_s_values_read_in_french() -> None:
    """A knob's values are shown as French players read them (oui, non), its name as /lobby set takes it."""
    (one,) = describe_rules(PRESETS["basic"].with_overrides(joker_swap="yes", jokers=2)).house_rules[1:]
    assert house_rule_text(one, EN, explain=False) == "joker_swap: yes (preset no)"
    assert house_rule_text(one, FR, explain=False) == "joker_swap\u00a0: oui (variante\u00a0: non)"


def test_house_rule_can_remove_a_decision() -> None:
    """Turning rami sec doubling on at ref51 says it doubles."""
    text = rules_text(PRESETS["ref51"].with_overrides(rummy_doubles="yes"), EN)
    assert "does not double" not in text and "doubles the points" in text


def _knob_values(knob: Knob) -> st.SearchStrategy[Any]:
    if knob.choices:
        return st.sampled_from(knob.choices)
    assert knob.minimum is not None and knob.maximum is not None
    return st.integers(knob.minimum, knob.maximum)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    base=st.sampled_from(list(PRESETS.values())),
    overrides=st.fixed_dictionaries({}, optional={name: _knob_values(k) for name, k in KNOBS.items()}),
)
def test_any_house_rules_fit_one_discord_message(base: Rules, overrides: dict[str, Any]) -> None:
    """Whatever the house rules, every fact has its words in both languages, and the text stays
    within Discord's 2,000 characters."""
    try:
        rules = base.with_overrides(**overrides)
    except BadRules:
        return
    for lang in LANGUAGES:
        assert len(rules_text(rules, BOOK.translator(lang))) <= MESSAGE_LIMIT


def test_every_rules_message_is_a_fact_some_table_has() -> None:
    """No ``describe-`` message is dead: each is the words of a fact (or its short wording) of some
    preset with some house rules, and each fact has its message in both files."""
    tables = [*PRESETS.values()]
    for rules in PRESETS.values():
        for name, knob in KNOBS.items():
            values: list[object] = [*knob.choices] or [knob.minimum, knob.maximum]
            for value in values:
                try:
                    tables.append(rules.with_overrides(**{name: value}))
                except BadRules:
                    continue
    keys = {f"describe.{f.key}" for rules in tables for f in describe_rules(rules).facts()}
    ids = {message_id(key) for key in keys}
    for lang in LANGUAGES:
        assert [key for key in keys if not BOOK.has(lang, key)] == []
    shared = {"describe-decided", "describe-title", "describe-title-house", "describe-server-rule", "describe-levels"}
    shared |= {f"describe-house-{part}" for part in ("rule", "rules", "summary", "count", "above")}
    unused = {mid for mid in messages("en") if mid.startswith("describe-")} - ids - shared
    assert {mid for mid in unused if not (mid.endswith("-brief") and mid.removesuffix("-brief") in ids)} == set()


def test_many_house_rules_still_summarised() -> None:
    """With many house rules the summary shrinks but still names the knobs."""
    rules = PRESETS["basic"].with_overrides(
        jokers=2,
        opening=30,
        lay_off="after_opening",
        ace="low_or_high",
        refill_limit=0,
        turn_cap=200,
        game_end="target",
        game_length=200,
        one_meld_per_turn="yes",
        final_discard_required="yes",
        ace_value=11,
        joker_swap="yes",
        max_players=4,
        decks=2,
    )
    for lang, header in (("en", "**House rules**"), ("fr", "**Règles maison**")):
        text = rules_text(rules, BOOK.translator(lang))
        assert len(text) <= MESSAGE_LIMIT
        assert header in text and "joker_swap" in text


@pytest.mark.parametrize(
    ("preset", "house", "words"),
    [
        ("rami100", {}, None),
        ("ref51", {}, None),
        ("basic", {"refill_limit": 2}, None),
        ("rami100", {"refill_limit": 3}, "or if all agree after 2 rebuilds with no meld or lay-off, the deal ends"),
        (
            "ref51",
            {"refill_limit": "none"},
            "the lowest hand wins; if all agree after 2 rebuilds with no meld or lay-off, it ends and nobody scores",
        ),
    ],
)
def test_the_end_of_a_deal_that_goes_nowhere_is_told_where_it_applies(
    preset: str, house: dict[str, Any], words: str | None
) -> None:
    """The agreed end of a deal that goes nowhere is told only where the stock may be rebuilt more than
    twice (a decision only of the presets whose column says so), beside the dead deal it differs from."""
    text = rules_text(PRESETS[preset].with_overrides(**house), EN)
    if words is None:
        assert "rebuilds with no meld" not in text
    else:
        assert words in text


def test_a_text_too_long_for_one_message_drops_its_spare_words_not_its_rules() -> None:
    """Many house rules that each lengthen the text: the short wordings leave out the French words and
    the reminders, every decision and the last line stay whole, in both languages."""
    rules = PRESETS["rami51"].with_overrides(
        decks=3,
        decks_for_5_6=2,
        jokers=5,
        jokers_per_deck="yes",
        hand_size=0,
        winner_deals_two_players="yes",
        joker_swap="yes",
        one_meld_per_turn="yes",
        lay_off="after_opening",
        stock_refill="turn_keep_top",
        draw_discard_when_stock_empty="yes",
        dead_deal="lowest_hand_wins",
        turn_cap=1000,
        ace_value=10,
        game_length=5000,
    )
    text = rules_text(rules, EN)
    assert len(text) <= MESSAGE_LIMIT
    assert "brelan" not in text and "Melds are never split" not in text
    assert text.count(MARK["en"]) == len(decisions_for(rules))
    assert "after 10 scoreless deals in a row (decision)." in text
    french = rules_text(rules, FR)
    assert len(french) <= MESSAGE_LIMIT and "ne se défait jamais" not in french
    assert french.count(MARK["fr"]) == len(decisions_for(rules))
    assert "après 10 donnes de suite sans points (décision)." in french
