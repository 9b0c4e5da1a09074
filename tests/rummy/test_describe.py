"""The rules as facts: key facts per preset, decisions marked, house rules reflected, and no language.

The words are the catalog's (tests/service/test_rules_text.py reads them in English and French);
here only the facts' keys and values are checked.
"""

from __future__ import annotations

import ast
import re
from enum import Enum
from pathlib import Path
from typing import Any

import pytest

from rummy.describe import DECISIONS, Fact, RulesFacts, decisions_for, describe_overrides, describe_rules, fact
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


def facts_of(rules: Rules) -> dict[str, Fact]:
    """Every fact of the rules, by key (a key appears once in a table's facts but for list items)."""
    return {f.key: f for f in describe_rules(rules).facts()}


def section(rules: Rules, index: int) -> Fact:
    return describe_rules(rules).sections[index]


def test_basic_s_facts_are_its_column_of_rules_md() -> None:
    """basic: 2-6 players, 1 deck without jokers, 10/7/6 cards, an upcard, ace low, no opening,
    lay-offs any turn, rummy doubles, the whole pile turned over, 3 deals."""
    facts = describe_rules(PRESETS["basic"])
    pack, deal, turn, melds, opening, lay_offs, going_out, stock, scoring, game = facts.sections
    assert pack == fact("pack_no_jokers", min=2, max=6, packs=(fact("decks", decks=1),))
    assert deal["size"] == (
        fact("first_group", value=fact("cards_each", n=10), span="2", hi=2),
        fact("next_group", value=7, span="3-4", hi=4),
        fact("next_group", value=6, span="5-6", hi=6),
    )
    assert deal["first"] == fact("upcard")
    assert turn["melds"] == fact("any_melds")
    assert melds == fact("melds", ace=fact("ace_low"))
    assert opening == fact("opening_none")
    assert lay_offs == fact("lay_offs", when=fact("lay_off_any_time"))
    assert going_out["rummy"] == fact("rummy_doubles")
    refill = stock["refill"]
    assert isinstance(refill, Fact) and refill.key == "next_may_take"
    assert refill["refill"] == fact("refill_turn_whole_pile", times=fact("refill_unlimited"))
    assert scoring.key == "scoring" and scoring["ace"] == fact("ace_value", n=1)
    assert game == fact("game_deals", n=3)


def test_ref51_s_facts_are_its_column_of_rules_md() -> None:
    """ref51: 2 decks for 2-4 players and 3 for 5-6, 4 jokers, one joker per meld and always the lower
    place, joker swap, opening 51, at most 2 rebuilds then the lowest hand wins, out at 500."""
    facts = facts_of(PRESETS["ref51"])
    assert facts["pack"]["packs"] == (
        fact("first_group", value=fact("decks_jokers", decks=2, jokers=4), span="2-4", hi=4),
        fact("next_group", value=fact("decks_jokers", decks=3, jokers=4), span="5-6", hi=6),
    )
    assert facts["melds_jokers"]["joker"] == fact("joker_lower", limit=fact("one_joker"))
    assert facts["lay_offs_swap"]["when"] == fact("lay_off_after_opening")
    assert facts["opening_jokers"]["points"] == 51
    assert facts["refill_shuffle_keep_top"]["times"] == fact("refill_at_most", n=2)
    assert facts["ends_dead"]["dead"] == fact("dead_lowest_hand_wins")
    assert facts["game_elimination"]["n"] == 500


def test_rami51_s_starter_takes_one_more_card_and_the_others_get_13() -> None:
    facts = facts_of(PRESETS["rami51"])
    assert facts["deal"]["size"] == (fact("cards_each", n=13),)
    assert "starter_extra_card" in facts and "upcard" not in facts
    assert facts["joker_choice"]["limit"] == Fact("jokers_per_meld", decision=True)


@pytest.mark.parametrize(("name", "expected"), EXPECTED_DECISIONS.items())
def test_the_decisions_of_rules_md_are_the_presets_decisions(name: str, expected: set[str]) -> None:
    """decisions_for() lists exactly the (decision) cells of the preset's column."""
    assert {d.key for d in decisions_for(PRESETS[name])} == expected


@pytest.mark.parametrize("name", PRESETS)
def test_exactly_the_decisions_are_marked(name: str) -> None:
    """Each decision the preset plays is a fact of its rules, marked; no other fact is."""
    rules = PRESETS[name]
    marked = [f.key for f in describe_rules(rules).facts() if f.decision]
    assert sorted(marked) == sorted(d.key for d in decisions_for(rules))


def test_a_source_stated_rule_is_not_marked() -> None:
    """ref51's source states the ace in a set counts 11: the fact is there, unmarked."""
    assert facts_of(PRESETS["ref51"])["ace_in_set"] == Fact("ace_in_set")


def test_every_decision_is_used_by_some_preset() -> None:
    """No decision in the table is dead: each one is played by at least one preset."""
    used = {d.key for rules in PRESETS.values() for d in decisions_for(rules)}
    assert used == {d.key for d in DECISIONS}


def test_house_rule_changes_the_facts() -> None:
    """An opening of 40 at a rami51 table says 40, and lists the house rule."""
    facts = describe_rules(PRESETS["rami51"].with_overrides(opening=40))
    assert facts.sections[4]["points"] == 40
    assert facts.house_rules == (fact("house_rule", name="opening", value="40", preset="51"),)


def test_house_rule_can_remove_a_decision() -> None:
    """Turning rami sec doubling on at ref51 drops that decision: rummy doubles."""
    rules = PRESETS["ref51"].with_overrides(rummy_doubles="yes")
    facts = facts_of(rules)
    assert "rami_sec_off" not in {d.key for d in decisions_for(rules)} and "rami_sec_off" not in facts
    assert facts["going_out"]["rummy"] == fact("rummy_doubles")


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
def test_every_knob_shows_in_the_facts(name: str) -> None:
    """Changing any knob (on ref51, or basic where ref51 refuses) changes the rules' sections."""
    for base in (PRESETS["ref51"], PRESETS["basic"]):
        for value in _other_value(KNOBS[name], getattr(base, name)):
            try:
                changed = base.with_overrides(**{name: value})
            except BadRules:
                continue
            assert describe_rules(changed).sections != describe_rules(base).sections, value
            return
    pytest.fail(f"no valid other value for {name}")


def test_describe_overrides_is_empty_for_a_preset() -> None:
    """A plain preset has no house rules to list."""
    assert all(describe_overrides(rules) == [] for rules in PRESETS.values())


def test_describe_overrides_gives_one_fact_per_house_rule() -> None:
    """Two house rules give two facts, each naming the knob, its value and the preset's."""
    assert describe_overrides(PRESETS["basic"].with_overrides(game_length=5, ace_value=11)) == [
        fact("house_rule", name="ace_value", value="11", preset="1"),
        fact("house_rule", name="game_length", value="5", preset="3"),
    ]


def test_describe_overrides_of_an_unknown_name_is_empty() -> None:
    """Rules that are not named after a preset have no preset to differ from."""
    assert describe_overrides(Rules(name="custom", title="Custom", description="")) == []


@pytest.mark.parametrize(
    ("preset", "house", "ends"),
    [
        ("rami100", {}, "ends_dead"),
        ("ref51", {}, "ends_dead"),
        ("basic", {"refill_limit": 2}, "ends_dead"),
        ("basic", {}, "ends_stalled"),
        ("rami100", {"refill_limit": 3}, "ends_stalled"),
        ("ref51", {"refill_limit": "none"}, "ends_dead_stalled"),
    ],
)
def test_the_end_of_a_deal_that_goes_nowhere_is_a_fact_where_it_applies(
    preset: str, house: dict[str, Any], ends: str
) -> None:
    """The agreed end of a deal that goes nowhere is told only where the stock may be rebuilt more than
    twice, beside the dead deal it differs from."""
    facts = facts_of(PRESETS[preset].with_overrides(**house))
    assert ends in facts
    assert ("stalled_deal" in facts) == (ends != "ends_dead")


def test_a_fact_finds_its_values_and_walks_its_facts() -> None:
    inner = fact("refill_once")
    outer = fact("refill_turn_whole_pile", times=inner)
    assert outer["times"] is inner
    with pytest.raises(KeyError):
        outer["nothing"]
    assert outer.walk() == [outer, inner]
    assert isinstance(describe_rules(PRESETS["basic"]), RulesFacts)


# -- no language in the rules engine's description -----------------------------------------

DESCRIBE = Path(__file__).resolve().parents[2] / "rummy" / "describe.py"
CODE_NAME = re.compile(r"^[a-z0-9_]*$")  # a key, a value's name, or a piece of one ("-" joins a span)


def _docstrings(tree: ast.Module) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def test_the_description_holds_no_sentence() -> None:
    """rummy/describe.py writes keys and values only: every string in its code (docstrings aside) is a
    code name such as ``lay_off_`` or ``starter_may_meld``, never a word of English or French."""
    tree = ast.parse(DESCRIBE.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    strings = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
    ]
    assert len(strings) > 50  # the walk sees the facts' keys
    assert [s for s in strings if not CODE_NAME.match(s) and s != "-"] == []


@pytest.mark.parametrize("name", PRESETS)
def test_the_facts_hold_no_sentence(name: str) -> None:
    """Every value of every fact is a number or a code name (a preset, a knob, a value as /lobby set
    takes it, a span of player counts): the catalog writes the words."""
    facts = describe_rules(PRESETS[name].with_overrides(opening=30, ace="low_or_high", jokers=2))
    for one in facts.facts():
        assert CODE_NAME.match(one.key)
        for _name, value in one.params:
            if isinstance(value, str):
                assert re.fullmatch(r"[a-z0-9_]+|\d+(-\d+)?", value), value
