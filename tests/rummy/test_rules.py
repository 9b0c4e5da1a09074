"""The rules object, its knobs, the six presets and the refusals (rummy.rules)."""

from __future__ import annotations

from typing import Any

import pytest

from rummy.errors import BadRules
from rummy.rules import (
    KNOBS,
    PRESETS,
    AceRule,
    DeadDeal,
    FirstDiscard,
    GameEnd,
    JokerLimit,
    LayOffRule,
    Rules,
    Scoring,
    StockRefill,
    find_preset,
)

# The matrix of RULES.md, one row per knob that differs between presets.
MATRIX: dict[str, dict[str, Any]] = {
    "decks": {"basic": 1, "rummy100": 1, "rami100": 1, "rami51": 2, "ref40": 2, "ref51": 2},
    "decks_for_5_6": {"basic": None, "rummy100": None, "rami100": None, "rami51": None, "ref40": 3, "ref51": 3},
    "jokers": {"basic": 0, "rummy100": 0, "rami100": 0, "rami51": 4, "ref40": 4, "ref51": 4},
    "hand_size": {"basic": 0, "rummy100": 0, "rami100": 0, "rami51": 13, "ref40": 13, "ref51": 13},
    "first_discard": {
        "rami51": FirstDiscard.STARTER_EXTRA_CARD,
        "basic": FirstDiscard.UPCARD,
        "ref51": FirstDiscard.UPCARD,
    },
    "winner_deals_two_players": {"basic": False, "rummy100": True, "rami100": False, "rami51": False, "ref40": False},
    "ace": {
        "basic": AceRule.LOW,
        "rummy100": AceRule.LOW,
        "rami100": AceRule.LOW,
        "rami51": AceRule.LOW_OR_HIGH,
        "ref40": AceRule.LOW_OR_HIGH,
        "ref51": AceRule.LOW_OR_HIGH,
    },
    "joker_limit": {"rami51": JokerLimit.NO_MORE_THAN_NATURALS, "ref40": JokerLimit.ONE, "ref51": JokerLimit.ONE},
    "joker_swap": {"basic": False, "rami51": False, "ref40": True, "ref51": True},
    "opening": {"basic": 0, "rummy100": 0, "rami100": 0, "rami51": 51, "ref40": 40, "ref51": 51},
    "one_meld_per_turn": {"basic": False, "rummy100": True, "rami100": False, "rami51": False, "ref51": False},
    "lay_off": {
        "basic": LayOffRule.ANY_TIME,
        "rami51": LayOffRule.AFTER_OPENING_LATER_TURNS,
        "ref40": LayOffRule.AFTER_OPENING,
        "ref51": LayOffRule.AFTER_OPENING,
    },
    "final_discard_required": {"basic": False, "rummy100": False, "rami100": True, "rami51": False, "ref51": False},
    "rummy_doubles": {
        "basic": True,
        "rummy100": False,
        "rami100": True,
        "rami51": True,
        "ref40": False,
        "ref51": False,
    },
    "stock_refill": {
        "basic": StockRefill.TURN_WHOLE_PILE,
        "rummy100": StockRefill.TURN_KEEP_TOP,
        "rami100": StockRefill.SHUFFLE_KEEP_TOP,
        "rami51": StockRefill.SHUFFLE_KEEP_TOP,
        "ref51": StockRefill.SHUFFLE_KEEP_TOP,
    },
    "draw_discard_when_stock_empty": {
        "basic": True,
        "rummy100": True,
        "rami100": False,
        "rami51": False,
        "ref51": False,
    },
    "refill_limit": {"basic": None, "rummy100": None, "rami100": 1, "rami51": None, "ref40": 2, "ref51": 2},
    "dead_deal": {
        "basic": DeadDeal.NOBODY_SCORES,
        "rami100": DeadDeal.NOBODY_SCORES,
        "rami51": DeadDeal.NOBODY_SCORES,
        "ref51": DeadDeal.LOWEST_HAND_WINS,
    },
    "turn_cap": {name: 300 for name in PRESETS},
    "scoring": {
        "basic": Scoring.WINNER_COLLECTS,
        "rummy100": Scoring.WINNER_COLLECTS,
        "rami100": Scoring.WINNER_COLLECTS,
        "rami51": Scoring.PENALTY,
        "ref40": Scoring.PENALTY,
    },
    "ace_value": {"basic": 1, "rummy100": 1, "rami100": 1, "rami51": 1, "ref40": 11, "ref51": 11},
    "joker_value": {"rami51": 25, "ref40": 25, "ref51": 25},
    "game_end": {
        "basic": GameEnd.DEALS,
        "rummy100": GameEnd.TARGET,
        "rami100": GameEnd.TARGET,
        "rami51": GameEnd.ELIMINATION,
        "ref51": GameEnd.ELIMINATION,
    },
    "game_length": {"basic": 3, "rummy100": 100, "rami100": 100, "rami51": 500, "ref40": 500, "ref51": 500},
    "max_players": {name: 6 for name in PRESETS},
}


def _matrix_cells() -> list[tuple[str, str, Any]]:
    return [(knob, preset, value) for knob, row in MATRIX.items() for preset, value in row.items()]


@pytest.mark.parametrize(("knob", "preset", "value"), _matrix_cells())
def test_presets_follow_the_matrix(knob: str, preset: str, value: Any) -> None:
    """Each preset holds the value RULES.md gives for each knob."""
    assert getattr(PRESETS[preset], knob) == value


def test_the_six_presets_exist_with_a_name_title_and_description() -> None:
    """basic, rummy100, rami100, rami51, ref40 and ref51, each with a display name and a description."""
    assert list(PRESETS) == ["basic", "rummy100", "rami100", "rami51", "ref40", "ref51"]
    for name, rules in PRESETS.items():
        assert rules.name == name
        assert rules.title and rules.description


@pytest.mark.parametrize("name", ["ref51", "REF51", " Ref51 "])
def test_find_preset_ignores_case_and_spaces(name: str) -> None:
    """A user may type a preset name in any case."""
    assert find_preset(name) is PRESETS["ref51"]


def test_find_preset_names_the_known_presets() -> None:
    """An unknown preset is a ValueError that lists the ones there are."""
    with pytest.raises(ValueError, match="basic, rummy100, rami100, rami51, ref40, ref51"):
        find_preset("gin")


@pytest.mark.parametrize("name", list(PRESETS))
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_preset_plays_two_to_six(name: str, players: int) -> None:
    """Every preset accepts 2 to 6 players."""
    PRESETS[name].validate(players)


@pytest.mark.parametrize(("players", "size"), [(2, 10), (3, 7), (4, 7), (5, 6), (6, 6)])
def test_hand_size_by_player_count(players: int, size: int) -> None:
    """One-deck presets deal 10 cards to 2 players, 7 to 3-4, 6 to 5-6."""
    assert PRESETS["basic"].hand_size_for(players) == size


@pytest.mark.parametrize(("players", "decks", "pack"), [(2, 2, 108), (4, 2, 108), (5, 3, 160), (6, 3, 160)])
def test_reference_rules_use_a_third_deck_for_five_or_six(players: int, decks: int, pack: int) -> None:
    """ref presets: 2 decks + 4 jokers up to 4 players, 3 decks + 4 jokers for 5-6."""
    rules = PRESETS["ref51"]
    assert (rules.decks_for(players), rules.pack_size(players)) == (decks, pack)


def test_jokers_per_deck_counts_the_decks_in_play() -> None:
    """The house rule "2 jokers for 2-4 players, 3 for 5-6" is one joker per deck."""
    rules = PRESETS["ref51"].with_overrides(jokers=1, jokers_per_deck=True)
    assert [rules.jokers_for(n) for n in (2, 4, 5, 6)] == [2, 2, 3, 3]


def test_ace_in_a_set_is_worth_11_where_there_is_an_opening() -> None:
    """(decision) An ace in a set counts 11 toward an opening threshold."""
    assert PRESETS["rami51"].ace_in_set_points == 11
    assert PRESETS["basic"].ace_in_set_points == 1


def test_with_overrides_returns_a_new_rules_object() -> None:
    """House rules never change the preset itself."""
    house = PRESETS["basic"].with_overrides(decks=2)
    assert house.decks == 2 and PRESETS["basic"].decks == 1
    assert house.name == "basic"


def test_overrides_from_lists_only_the_changes_as_plain_values() -> None:
    """overrides_from(preset) gives what with_overrides needs to rebuild the rules."""
    house = PRESETS["rami51"].with_overrides(ace_value="11", stock_refill="turn_keep_top", refill_limit="none")
    assert house.overrides_from(PRESETS["rami51"]) == {"ace_value": 11, "stock_refill": "turn_keep_top"}
    assert PRESETS["rami51"].with_overrides(**house.overrides_from(PRESETS["rami51"])) == house


@pytest.mark.parametrize(
    ("knob", "text", "value"),
    [
        ("joker_swap", "yes", True),
        ("joker_swap", "Oui", True),
        ("joker_swap", "no", False),
        ("joker_swap", "off", False),
        ("joker_swap", True, True),
        ("ace", "low_or_high", AceRule.LOW_OR_HIGH),
        ("ace", "LOW", AceRule.LOW),
        ("ace", AceRule.LOW, AceRule.LOW),
        ("opening", "51", 51),
        ("opening", 40, 40),
        ("refill_limit", "none", None),
        ("refill_limit", "2", 2),
        ("decks_for_5_6", "none", None),
    ],
)
def test_knob_values_may_be_given_as_text(knob: str, text: Any, value: Any) -> None:
    """A host types yes/no, a number or an option name; the knob reads it."""
    assert KNOBS[knob].coerce(text) == value


@pytest.mark.parametrize(
    ("knob", "text"),
    [
        ("joker_swap", "maybe"),
        ("ace", "sideways"),
        ("opening", "lots"),
        ("opening", "-1"),
        ("opening", "500"),
        ("decks", "4"),
        ("turn_cap", "none"),
        ("max_players", "7"),
    ],
)
def test_bad_knob_values_are_refused_naming_the_knob(knob: str, text: str) -> None:
    """A value a knob cannot take is a BadRules that names the knob."""
    with pytest.raises(BadRules, match=knob):
        KNOBS[knob].coerce(text)


def test_unknown_house_rule_is_refused() -> None:
    """There is no knob by that name."""
    with pytest.raises(BadRules, match="wildcards"):
        PRESETS["basic"].with_overrides(wildcards="yes")


def test_knob_choices_and_show() -> None:
    """Knobs list their choices for menus and show values as a host types them."""
    assert KNOBS["joker_swap"].choices == ["yes", "no"]
    assert KNOBS["ace"].choices == ["low", "low_or_high"]
    assert KNOBS["refill_limit"].choices[0] == "none"
    assert KNOBS["opening"].choices == []
    assert [KNOBS["refill_limit"].show(v) for v in (None, 2)] == ["none", "2"]
    assert KNOBS["ace"].show(AceRule.LOW) == "low" and KNOBS["joker_swap"].show(False) == "no"


def test_every_knob_is_a_rules_field_with_help() -> None:
    """KNOBS describes real fields, each with a help text."""
    fields = set(Rules.__dataclass_fields__)
    for name, knob in KNOBS.items():
        assert name in fields and knob.help


@pytest.mark.parametrize(
    ("preset", "overrides", "players", "reason"),
    [
        ("basic", {}, 7, "2 to 6 players, not 7"),
        ("basic", {}, 1, "not 1"),
        ("basic", {"max_players": 4}, 5, "at most 4"),
        ("basic", {"hand_size": 15}, None, "the pack holds 52"),
        ("rami51", {"hand_size": 15, "decks": 1}, 4, "leave too few to draw"),
        ("basic", {"joker_swap": True}, None, "needs jokers"),
        ("basic", {"lay_off": "after_opening"}, None, "need an opening threshold"),
        ("basic", {"game_end": "elimination"}, None, "needs penalty scoring"),
        ("rami51", {"game_end": "target"}, None, "needs winner-collects"),
        ("basic", {"hand_size": 1}, None, "can never go out"),
        ("rami100", {"hand_size": 2}, None, "can never go out"),
        ("basic", {"opening": 80}, 5, "can never be reached"),
    ],
)
def test_impossible_combinations_are_refused_with_a_reason(
    preset: str, overrides: dict[str, Any], players: int | None, reason: str
) -> None:
    """Rules that cannot work say why, for a table size or for every size the table seats."""
    with pytest.raises(BadRules, match=reason):
        PRESETS[preset].with_overrides(**overrides).validate(players)


def test_a_reachable_opening_is_accepted_for_few_players() -> None:
    """An opening of 80 fits 2 players (11 cards in hand) but not 5-6 (7 cards)."""
    rules = Rules("basic", "t", "d", opening=80, max_players=4)
    rules.validate()
    with pytest.raises(BadRules):
        rules.with_overrides(max_players=5)


def test_smallest_hands_that_can_go_out() -> None:
    """2 cards can go out by melding 3 after drawing; with a final discard, 3 are needed."""
    PRESETS["basic"].with_overrides(hand_size=2).validate()
    PRESETS["rami100"].with_overrides(hand_size=3).validate()
