"""A server's defaults for new tables: set with the lobby's vocabulary and refusals, opened into a
lobby, and read back from a stored document that a later version may no longer fully accept."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from rummy.defaults import DEFAULTS_SCHEMA, TableDefaults
from rummy.errors import RummyError
from rummy.rules import PRESETS
from rummy.table_options import TableOptions


def server() -> TableDefaults:
    d = TableDefaults().with_preset("rami51")
    d, _rules = d.with_rule("ace_value", "11")  # the default preset's
    d, _rules = d.with_rule("game_length", "5", preset="basic")
    d, _shown = d.with_option("turn_timer", "60")
    return d


def test_house_rules_belong_to_their_preset() -> None:
    d = server()
    assert d.preset_name == "rami51"
    assert d.house_rules == {"rami51": {"ace_value": 11}, "basic": {"game_length": 5}}
    assert d.rules().ace_value == 11 and d.rules("basic").game_length == 5 and d.rules("ref51").ace_value == 11
    assert d.options == {"turn_timer": 60} and d.table_options() == TableOptions(turn_timer=60)


def test_the_preset_or_bot_value_removes_a_default() -> None:
    d, rules = server().with_rule("ace_value", "1")
    assert rules.ace_value == 1 and "rami51" not in d.house_rules
    d, shown = d.with_option("turn_timer", "120")
    assert shown == "120s" and d.options == {}
    assert TableDefaults().with_preset("basic").empty


@pytest.mark.parametrize(
    ("change", "key"),
    [
        (lambda d: d.with_preset("poker"), "unknown_preset"),
        (lambda d: d.with_rule("ace_value", "12"), "at_most"),
        (lambda d: d.with_rule("turn_timer", "60"), "no_such_rule"),  # an option is no house rule
        (lambda d: d.with_rule("lay_off", "after_opening", preset="basic"), "lay_off_needs_opening"),
        (lambda d: d.with_option("ace", "low"), "no_such_setting"),
        (lambda d: d.with_option("turn_timer", "5"), "turn_timer_range"),
    ],
)
def test_refused_as_the_lobby_refuses(change: Callable[[TableDefaults], object], key: str) -> None:
    with pytest.raises(RummyError) as refused:
        change(server())
    assert refused.value.key == key


def test_a_table_opens_from_the_defaults() -> None:
    """No preset named: the default one and its house rules; another preset: its own house rules
    (here none); the table options whatever the preset."""
    d = server()
    plain = d.open_table(1, 2, 3, "Alice", None, seed=7)
    assert (plain.preset, plain.overrides, plain.options.turn_timer) == ("rami51", {"ace_value": 11}, 60)
    assert plain.rules.ace_value == 11
    other = d.open_table(1, 2, 3, "Alice", "ref40", seed=7)
    assert (other.preset, other.overrides, other.options.turn_timer) == ("ref40", {}, 60)
    assert d.server_rules("rami51", {"ace_value": 11, "opening": 40}) == {"ace_value"}
    assert d.server_rules("rami51", {"ace_value": 1}) == frozenset()


def test_the_document_round_trips() -> None:
    d = server()
    document = json.loads(json.dumps(d.to_json()))
    assert document["schema"] == DEFAULTS_SCHEMA
    assert TableDefaults.from_json(document) == (d, [])


def test_what_this_version_no_longer_accepts_is_left_out_with_its_reason() -> None:
    document = {
        "schema": DEFAULTS_SCHEMA,
        "preset": "gin",
        "house_rules": {
            "basic": {"ace_value": 99, "retired_knob": 1, "game_length": 7},
            "rami51": {"lay_off": "after_opening", "opening": 0},  # no longer works together
            "gin": {"ace": "low"},
        },
        "options": {"hints": "maybe", "turn_timer": 5, "bot_pause": 2, "colour": "red"},
    }
    d, dropped = TableDefaults.from_json(document)
    assert d == TableDefaults(None, {"basic": {"game_length": 7}}, {"bot_pause": 2.0})
    assert len(dropped) == 8 and any("retired_knob" in why for why in dropped)


@pytest.mark.parametrize("document", [None, [], {"schema": 99, "preset": "rami51"}, {"preset": "rami51"}])
def test_an_unknown_document_is_no_defaults(document: object) -> None:
    d, dropped = TableDefaults.from_json(document)
    assert d == TableDefaults() and len(dropped) == 1


def test_every_preset_can_be_the_default() -> None:
    for name in PRESETS:
        assert TableDefaults().with_preset(name).preset_name == name
