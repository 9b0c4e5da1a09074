"""Every knob of rules.KNOBS, at each of its settings, changes what happens at the table.

Each knob has a probe: a small position played under ``base.with_overrides(knob=value)`` that
returns what a player would observe. The table gives the observation expected for each value; the
coverage test checks that every knob is here, with every value of a yes/no or option knob, and that
the observations differ between the values (so the knob really changes the behaviour).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

import pytest

from rummy.deal import Deal, Phase
from rummy.errors import BadRules, IllegalAction
from rummy.game import Game
from rummy.melds import make_meld
from rummy.rules import KNOBS, Rules
from rummy.scoring import hand_value
from tests.rummy.engine_support import Copies, current, dead_deal, play, players, position, rules_of, win_deal


@dataclass(frozen=True)
class Case:
    base: str  # the preset the knob is turned on
    probe: Callable[[Rules], Any]
    expected: dict[Any, Any]  # knob value -> what the probe observes
    extra: tuple[tuple[str, Any], ...] = ()  # other overrides the probe needs


def at(rules: Rules, hands: list[str], **kwargs: Any) -> Game:
    """``position`` under exactly these rules."""
    game = position(rules.name, hands, **kwargs)
    game.rules = rules
    current(game).rules = rules
    return game


def outcome_of(game: Game, *moves: str) -> str:
    """Play ``moves``; "ok", or the type of the refusal."""
    try:
        play(game, *moves)
    except IllegalAction as exc:
        return type(exc).__name__
    return "ok"


def meld_ok(rules: Rules, text: str) -> bool:
    try:
        make_meld(Copies().cards(text), rules)
    except IllegalAction:
        return False
    return True


def dealt(rules: Rules, n: int) -> Game:
    return Game.new(rules, players(n), seed=4, dealer=0)[0]


def pack_size(rules: Rules, n: int) -> int:
    deal = current(dealt(rules, n))
    return len(deal.stock) + len(deal.discard) + sum(len(h) for h in deal.hands.values())


OLD_DISCARDS = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH"


def after_stock_runs_out(rules: Rules) -> tuple[Game, Deal]:
    """Seat 0 drew the last stock card and discarded 9S on top of ten older discards."""
    game = at(rules, ["9S 8C", "KD QD"], discard=OLD_DISCARDS, stock="5C", opened={0: 1, 1: 1})
    deal = current(game)
    play(game, "draw stock", "discard 9S")
    return game, deal


def refill_kind(rules: Rules) -> str:
    """How the pile became the new stock, as seen by the player who drew from it."""
    game, deal = after_stock_runs_out(rules)
    play(game, "draw stock")
    if not deal.discard:
        return "whole pile, unshuffled"
    order = [str(c) for c in deal.stock] + [str(deal.hands[1][-1])]
    return "top stays, unshuffled" if order == OLD_DISCARDS.split()[::-1] else "top stays, shuffled"


def two_exhaustions(rules: Rules) -> tuple[int, bool]:
    """The stock runs out twice: how many times it was rebuilt, and whether the deal died."""
    game, deal = after_stock_runs_out(rules)
    if not deal.over:
        deal.stock = Copies().cards("AS")
        play(game, "draw stock", "discard KD")
    return deal.refills, deal.over


def turn_cap_reached(rules: Rules) -> bool:
    game = at(rules, ["9S 8C", "KD QD"], turns=19)
    deal = current(game)
    play(game, "draw stock", "discard 9S")
    return deal.over


def lay_off_timing(rules: Rules) -> tuple[str, str, str]:
    """Lay off before opening, on the opening turn, and on the next turn."""
    before = at(rules, ["5C 9D", "4D"], phase=Phase.PLAY, melds=[(1, "2C 3C 4C")])
    game = at(
        rules,
        ["KH KS KD QC QD QH 5C 10D 2S", "4D 6D"],
        phase=Phase.PLAY,
        melds=[(1, "2C 3C 4C"), (1, "7D 8D 9D")],
        stock="8S 7S 6S",
    )
    play(game, "meld KH KS KD | QC QD QH")
    same = outcome_of(game, "layoff 5C on 1")
    play(game, "discard 2S", "draw stock", "discard 6S", "draw stock")
    return outcome_of(before, "layoff 5C on 1"), same, outcome_of(game, "layoff 10D on 2")


def first_deal(rules: Rules) -> tuple[int, Phase, int]:
    """Three players, dealer 0: the discard pile's size, the phase, the starter's hand size."""
    deal = current(dealt(rules, 3))
    return len(deal.discard), deal.phase, len(deal.hands[1])


def game_end_after_one_deal(rules: Rules) -> tuple[bool, tuple[int, ...]]:
    game = dealt(rules, 2)
    win_deal(game, 0, {1: "KD KS"})
    return game.outcome is not None, tuple(game.eliminated)


def game_end_after_two_void_deals(rules: Rules) -> bool:
    game = dealt(rules, 2)
    dead_deal(game)
    dead_deal(game)
    return game.outcome is not None


def players_allowed(rules: Rules) -> bool:
    try:
        rules.validate(5)
    except BadRules:
        return False
    return True


CASES: dict[str, Case] = {
    "decks": Case("basic", lambda r: pack_size(r, 2), {1: 52, 2: 104}),
    "decks_for_5_6": Case("ref51", lambda r: pack_size(r, 5), {None: 108, 3: 160}),
    "jokers": Case("basic", lambda r: (pack_size(r, 2), meld_ok(r, "5H 6H JK")), {0: (52, False), 2: (54, True)}),
    "jokers_per_deck": Case("ref51", lambda r: pack_size(r, 5), {False: 157, True: 159}, (("jokers", 1),)),
    "hand_size": Case("basic", lambda r: len(current(dealt(r, 3)).hands[2]), {0: 7, 5: 5}),
    "first_discard": Case(
        "basic", first_deal, {"upcard": (1, Phase.DRAW, 7), "starter_extra_card": (0, Phase.PLAY, 8)}
    ),
    "winner_deals_two_players": Case(
        "basic",
        lambda r: (win_deal(g := dealt(r, 2), 0), g.dealer)[1],
        {True: 0, False: 1},
    ),
    "ace": Case("basic", lambda r: meld_ok(r, "QH KH AH"), {"low": False, "low_or_high": True}),
    "joker_limit": Case("rami51", lambda r: meld_ok(r, "5H 6H JK JK"), {"no_more_than_naturals": True, "one": False}),
    "joker_swap": Case(
        "ref51",
        lambda r: outcome_of(
            at(r, ["6H 2C", "4D"], phase=Phase.PLAY, melds=[(1, "5H JK 7H")], opened={0: 1}), "swap 6H into 1"
        ),
        {True: "ok", False: "CannotSwap"},
    ),
    "joker_place": Case("rami51", lambda r: meld_ok(r, "7S 8S JK=9S"), {"player_choice": True, "lower": False}),
    "opening": Case(
        "basic",
        lambda r: outcome_of(at(r, ["2C 3C 4C 9D", "4D"], phase=Phase.PLAY), "meld 2C 3C 4C"),
        {0: "ok", 30: "OpeningTooLow"},
    ),
    "one_meld_per_turn": Case(
        "basic",
        lambda r: outcome_of(at(r, ["2C 3C 4C 8S 8H 8D 9D", "4D"], phase=Phase.PLAY), "meld 2C 3C 4C | 8S 8H 8D"),
        {False: "ok", True: "InvalidMeld"},
    ),
    "lay_off": Case(
        "ref51",
        lay_off_timing,
        {
            "any_time": ("ok", "ok", "ok"),
            "after_opening": ("CannotLayOff", "ok", "ok"),
            "after_opening_later_turns": ("CannotLayOff", "CannotLayOff", "ok"),
        },
    ),
    "final_discard_required": Case(
        "basic",
        lambda r: outcome_of(at(r, ["2C 3C", "4D"], stock="4C"), "draw stock", "meld 2C 3C 4C"),
        {False: "ok", True: "IllegalAction"},
    ),
    "rummy_doubles": Case(
        "basic",
        lambda r: (win_deal(g := dealt(r, 2), 0, {1: "KD"}, rummy=True), g.scores)[1],
        {True: [20, 0], False: [10, 0]},
    ),
    "stock_refill": Case(
        "basic",
        refill_kind,
        {
            "turn_whole_pile": "whole pile, unshuffled",
            "turn_keep_top": "top stays, unshuffled",
            "shuffle_keep_top": "top stays, shuffled",
        },
    ),
    "draw_discard_when_stock_empty": Case(
        "basic", lambda r: len(after_stock_runs_out(r)[1].stock), {True: 0, False: 11}
    ),
    "refill_limit": Case("rami51", two_exhaustions, {None: (2, False), 0: (0, True), 1: (1, True)}),
    "dead_deal": Case(
        "basic",
        lambda r: (dead_deal(g := dealt(r, 2), {0: "2C", 1: "KD"}), g.scores)[1],
        {"nobody_scores": [0, 0], "lowest_hand_wins": [10, 0]},
    ),
    "turn_cap": Case("basic", turn_cap_reached, {300: False, 20: True}),
    "scoring": Case(
        "basic",
        lambda r: (win_deal(g := dealt(r, 2), 0, {1: "KD 5C"}), g.scores)[1],
        {"winner_collects": [15, 0], "penalty": [0, 15]},
    ),
    "ace_value": Case("basic", lambda r: hand_value(Copies().cards("AC 2C"), r), {1: 3, 11: 13}),
    "joker_value": Case("rami51", lambda r: hand_value(Copies().cards("JK 2C"), r), {25: 27, 50: 52}),
    "game_end": Case(
        "basic",
        game_end_after_one_deal,
        {"deals": (False, ()), "target": (True, ()), "elimination": (True, (1,))},
        (("game_length", 15),),
    ),
    "game_length": Case("basic", lambda r: game_end_after_one_deal(r)[0], {1: True, 2: False}),
    "max_players": Case("basic", players_allowed, {6: True, 4: False}),
    "void_deal_limit": Case("rummy100", game_end_after_two_void_deals, {10: False, 2: True}),
}

# Settings a probe needs beside the knob itself.
NEEDS: dict[tuple[str, Any], dict[str, Any]] = {("game_end", "elimination"): {"scoring": "penalty"}}


def rules_for(name: str, value: Any) -> Rules:
    case = CASES[name]
    return rules_of(case.base, **{**dict(case.extra), **NEEDS.get((name, value), {}), name: value})


def _cells() -> list[tuple[str, Any]]:
    return [(name, value) for name, case in CASES.items() for value in case.expected]


@pytest.mark.parametrize(("name", "value"), _cells())
def test_each_knob_setting_gives_its_behaviour(name: str, value: Any) -> None:
    """The probe under this knob value observes what the rules say."""
    assert CASES[name].probe(rules_for(name, value)) == CASES[name].expected[value]


def test_every_knob_is_probed_at_every_setting_and_the_settings_differ() -> None:
    """All knobs are here; yes/no and option knobs at each value; the observations differ."""
    assert set(CASES) == set(KNOBS)
    for name, knob in KNOBS.items():
        values = list(CASES[name].expected)
        if knob.kind is bool:
            assert set(values) == {True, False}, name
        elif issubclass(knob.kind, Enum):
            assert {KNOBS[name].coerce(v) for v in values} == set(knob.kind), name
        else:
            assert len(values) >= 2, name
        observed = [repr(v) for v in CASES[name].expected.values()]
        assert len(set(observed)) == len(observed), f"{name}: two settings look the same"
