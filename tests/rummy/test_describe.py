"""The rules in plain words: key facts per preset, decisions named, house rules reflected, Discord-sized."""

from __future__ import annotations

from enum import Enum
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy.describe import DECISION_MARK, DECISIONS, DISCORD_LIMIT, decisions_for, describe_overrides, describe_rules
from rummy.errors import BadRules
from rummy.rules import KNOBS, PRESETS, Knob, Rules

# The (decision) cells of RULES.md, per preset (copied by hand from the matrix). "void_deals" is the row
# "a game that cannot end": only deals in a row in which nobody scores end a target or elimination game.
EXPECTED_DECISIONS = {
    "basic": {"turn_cap", "stalled_deal"},
    "rummy100": {"turn_cap", "stalled_deal", "void_deals"},
    "rami100": {"who_starts", "discard_rule", "turn_cap", "void_deals"},
    "rami51": {
        "starter_may_meld",
        "who_starts",
        "jokers_per_meld",
        "ace_in_set",
        "discard_rule",
        "final_discard_optional",
        "refill_unlimited",
        "turn_cap",
        "stalled_deal",
        "void_deals",
    },
    "ref40": {"rami_sec_off", "penalty_scoring", "ace_value", "joker_value", "game_length", "void_deals"},
    "ref51": {"rami_sec_off", "penalty_scoring", "ace_value", "joker_value", "game_length", "void_deals"},
}

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

FRENCH = ["brelan", "suite", "rami sec", "talon", "défausse"]


def body(text: str) -> str:
    """The rules part of the text, without the house-rules summary."""
    return text.split("\n**House rules**")[0]


@pytest.mark.parametrize(("name", "facts"), KEY_FACTS.items())
def test_each_preset_states_its_key_facts(name: str, facts: list[str]) -> None:
    """Each preset's text carries the facts of its column in RULES.md."""
    text = describe_rules(PRESETS[name])
    for fact in facts:
        assert fact in text, fact


@pytest.mark.parametrize("name", PRESETS)
def test_french_words_are_given(name: str) -> None:
    """Players' French vocabulary appears beside the English words."""
    text = describe_rules(PRESETS[name])
    assert all(word in text for word in FRENCH)


@pytest.mark.parametrize("name", PRESETS)
def test_preset_text_fits_one_discord_message(name: str) -> None:
    """Every preset's text stays under 1,800 characters."""
    assert len(describe_rules(PRESETS[name])) <= 1800


@pytest.mark.parametrize(("name", "expected"), EXPECTED_DECISIONS.items())
def test_the_decisions_of_rules_md_are_the_presets_decisions(name: str, expected: set[str]) -> None:
    """decisions_for() lists exactly the (decision) cells of the preset's column."""
    assert {d.key for d in decisions_for(PRESETS[name])} == expected


@pytest.mark.parametrize("name", PRESETS)
def test_every_decision_is_named_in_the_text(name: str) -> None:
    """Each decision the preset plays appears in its words, followed by the mark."""
    rules = PRESETS[name]
    text = describe_rules(rules)
    for decision in decisions_for(rules):
        assert f"{decision.phrase.format(r=rules)} {DECISION_MARK}" in text, decision.key


@pytest.mark.parametrize("name", PRESETS)
def test_only_decisions_carry_the_mark(name: str) -> None:
    """The mark appears once per decision, never elsewhere."""
    rules = PRESETS[name]
    assert describe_rules(rules).count(DECISION_MARK) == len(decisions_for(rules))


def test_a_source_stated_rule_is_not_marked() -> None:
    """ref51's source states the ace in a set counts 11: the words appear without the mark."""
    text = describe_rules(PRESETS["ref51"])
    assert "an ace in a set counts 11," in text
    assert "an ace in a set counts 11 (decision)" not in text


def test_every_decision_is_used_by_some_preset() -> None:
    """No decision in the table is dead: each one is played by at least one preset."""
    used = {d.key for rules in PRESETS.values() for d in decisions_for(rules)}
    assert used == {d.key for d in DECISIONS}


def test_house_rule_changes_the_text() -> None:
    """An opening of 40 at a rami51 table says 40, not 51, and lists the house rule."""
    text = describe_rules(PRESETS["rami51"].with_overrides(opening=40))
    assert "40+ points" in text
    assert "51+" not in text
    assert "house rules" in text.splitlines()[0]
    assert "- opening: 40 (preset 51): Points needed" in text


def test_house_rule_can_remove_a_decision() -> None:
    """Turning rami sec doubling on at ref51 drops that decision and says it doubles."""
    rules = PRESETS["ref51"].with_overrides(rummy_doubles="yes")
    text = describe_rules(rules)
    assert "rami_sec_off" not in {d.key for d in decisions_for(rules)}
    assert "does not double" not in text
    assert "doubles the points" in text


def _other_value(knob: Knob, current: Any) -> list[Any]:
    """Candidate values for ``knob`` that differ from ``current``."""
    if knob.kind is bool:
        return [not current]
    if issubclass(knob.kind, Enum):
        return [m for m in knob.kind if m is not current]
    assert knob.minimum is not None and knob.maximum is not None
    values: list[Any] = [
        v for v in (current + 1, current - 1) if current is not None and knob.minimum <= v <= knob.maximum
    ]
    return values + ([knob.minimum] if current is None else [None] if knob.optional else [])


@pytest.mark.parametrize("name", KNOBS)
def test_every_knob_shows_in_the_text(name: str) -> None:
    """Changing any knob (on ref51, or basic where ref51 refuses) changes the rules text itself."""
    for base in (PRESETS["ref51"], PRESETS["basic"]):
        for value in _other_value(KNOBS[name], getattr(base, name)):
            try:
                changed = base.with_overrides(**{name: value})
            except BadRules:
                continue
            assert body(describe_rules(changed)) != body(describe_rules(base)), value
            return
    pytest.fail(f"no valid other value for {name}")


def test_describe_overrides_is_empty_for_a_preset() -> None:
    """A plain preset has no house rules to list."""
    assert all(describe_overrides(rules) == [] for rules in PRESETS.values())


def test_describe_overrides_gives_one_line_per_house_rule() -> None:
    """Two house rules give two lines, each naming the knob, its value and the preset's."""
    lines = describe_overrides(PRESETS["basic"].with_overrides(game_length=5, ace_value=11))
    assert lines == [
        "ace_value: 11 (preset 1): Value of an ace left in hand",
        "game_length: 5 (preset 3): Deals, target score or elimination limit (see game_end)",
    ]


def test_describe_overrides_of_an_unknown_name_is_empty() -> None:
    """Rules that are not named after a preset have no preset to differ from."""
    assert describe_overrides(Rules(name="custom", title="Custom", description="")) == []


def test_rules_describe_is_describe_rules() -> None:
    """Rules.describe() gives the same text."""
    rules = PRESETS["rami100"]
    assert rules.describe() == describe_rules(rules)


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
    """Whatever the house rules, the text stays within Discord's 2,000 characters."""
    try:
        rules = base.with_overrides(**overrides)
    except BadRules:
        return
    assert len(describe_rules(rules)) <= DISCORD_LIMIT


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
    text = describe_rules(rules)
    assert len(text) <= DISCORD_LIMIT
    assert "**House rules**" in text and "joker_swap" in text


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
    text = describe_rules(PRESETS[preset].with_overrides(**house))
    if words is None:
        assert "rebuilds with no meld" not in text
    else:
        assert words in text


def test_a_text_too_long_for_one_message_drops_its_spare_words_not_its_rules() -> None:
    """Many house rules that each lengthen the text (found by a greedy search over the knobs): the
    French words and reminders go, every decision and the last line stay whole."""
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
    text = describe_rules(rules)
    assert len(text) <= DISCORD_LIMIT
    assert "brelan" not in text and "Melds are never split" not in text
    assert text.count(DECISION_MARK) == len(decisions_for(rules))
    assert "after 10 scoreless deals in a row (decision)." in text
