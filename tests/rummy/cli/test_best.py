"""``python -m rummy best``: the solver's best melds and discard, through the CLI contract."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from rummy.cards import parse_cards
from rummy.cli import main
from rummy.melds import make_meld
from rummy.rules import PRESETS
from rummy.scoring import hand_value


def run_json(*argv: str) -> tuple[int, dict[str, Any]]:
    out = io.StringIO()
    code = main(["best", *argv], io.StringIO(""), out, io.StringIO())
    (line,) = out.getvalue().splitlines()
    return code, json.loads(line)


def as_sets(melds: list[list[str]]) -> set[frozenset[str]]:
    return {frozenset(meld) for meld in melds}


def test_best_basic_worked_example_hand() -> None:
    """Worked example 1 before the discard: the run and the queens, 9♠ left (9 deadwood)."""
    code, answer = run_json("--preset", "basic", "4H 5H 6H 7H QC QD QS 9S")
    assert code == 0
    assert set(answer) == {"melds", "deadwood", "melded_points"}
    assert as_sets(answer["melds"]) == {frozenset({"4H", "5H", "6H", "7H"}), frozenset({"QC", "QD", "QS"})}
    assert (answer["deadwood"], answer["melded_points"]) == (9, 52)


def test_best_after_draw_names_the_discard() -> None:
    """Worked example 1 after drawing 6♥: discard 9♠ and nothing is left."""
    code, answer = run_json("--preset", "basic", "--after-draw", "4H 5H 7H QC QD QS 9S 6H")
    assert code == 0
    assert answer["discard"] == "9S"
    assert (answer["deadwood"], answer["melded_points"]) == (0, 52)
    assert as_sets(answer["melds"]) == {frozenset({"4H", "5H", "6H", "7H"}), frozenset({"QC", "QD", "QS"})}


@pytest.mark.parametrize(
    ("objective", "melds", "deadwood", "points"),
    [
        ("deadwood", [["QH", "KH", "AH"]], 2, 31),  # the run saves 21 in hand
        ("opening", [["AD", "AH", "AS"]], 20, 33),  # three aces make more opening points
    ],
)
def test_best_objectives_differ(objective: str, melds: list[list[str]], deadwood: int, points: int) -> None:
    """At rami51, Q♥ K♥ A♥ A♠ A♦: least deadwood melds the run, most points melds the aces."""
    _code, answer = run_json("--preset", "rami51", "--objective", objective, "QH KH AH AS AD")
    assert as_sets(answer["melds"]) == as_sets(melds)
    assert (answer["deadwood"], answer["melded_points"]) == (deadwood, points)


def test_best_melds_are_valid_and_add_up() -> None:
    """Every meld answered is a valid meld; deadwood is the value of the cards left out."""
    rules = PRESETS["ref51"]
    hand = "AH 2H 3H 4H 9C 9D 9H JK KS KD 5S 5S 8C"
    answer = run_json("--preset", "ref51", hand)[1]
    left = parse_cards(hand)
    points = 0
    for shown in answer["melds"]:
        meld = make_meld(parse_cards(shown), rules)
        points += meld.points(rules)
        for card in parse_cards(shown):
            left.remove(card.unpinned())
    assert answer["melded_points"] == points
    assert answer["deadwood"] == hand_value(left, rules)


def test_best_forbidden_discard_is_respected() -> None:
    """With 9♠ barred (just taken from the pile), another card is discarded."""
    answer = run_json("--preset", "basic", "--after-draw", "--forbidden", "9S", "4H 5H 7H QC QD QS 9S 6H")[1]
    assert answer["discard"] != "9S"


def test_best_forbidden_bars_one_copy_only() -> None:
    """Holding two 7♥ with one barred, the other 7♥ may still go."""
    answer = run_json("--preset", "ref51", "--after-draw", "--forbidden", "7H", "7H 7H 7S 7D 2C")[1]
    assert answer["discard"] == "7H"


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--preset", "basic", "--after-draw"], "at least one card"),
        (["--preset", "basic", "--forbidden", "9S", "9S 4H"], "only makes sense with --after-draw"),
        (["--preset", "basic", "--after-draw", "--forbidden", "9S", "4H"], "not in the hand"),
        (["--preset", "basic", "--after-draw", "--forbidden", "9S", "9S"], "No card may be discarded"),
        (["--preset", "basic", "--forbidden", "9S 4H", "--after-draw", "9S 4H"], "one card"),
        (["--preset", "basic", "4H 5Q"], "'5Q' is not a card"),
    ],
)
def test_best_malformed_exits_2(argv: list[str], says: str) -> None:
    """Malformed requests answer {"error": ...} and exit 2."""
    code, answer = run_json(*argv)
    assert code == 2 and says in answer["error"]


def test_best_bad_objective_is_a_usage_error() -> None:
    """An objective outside deadwood/opening is refused by the parser, exit 2."""
    code, answer = run_json("--preset", "basic", "--objective", "fun", "4H")
    assert code == 2 and "invalid choice" in answer["error"]


def test_best_jsonl_with_per_line_options() -> None:
    """Each line may set objective, after_draw and forbidden; bad values answer an error line."""
    lines = [
        '{"cards": "QH KH AH AS AD", "preset": "rami51"}',
        '{"cards": "QH KH AH AS AD", "preset": "rami51", "objective": "opening"}',
        '{"cards": "4H 5H 7H QC QD QS 9S 6H", "after_draw": true}',
        '{"cards": "4H 5H 6H", "objective": "most"}',
        '{"cards": "4H 5H 6H", "after_draw": "yes"}',
        '{"cards": "4H 5H 7H QC QD QS 9S 6H", "after_draw": true, "forbidden": "9S"}',
    ]
    out = io.StringIO()
    code = main(["best", "--preset", "basic", "--jsonl"], io.StringIO("\n".join(lines) + "\n"), out, io.StringIO())
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert code == 0 and len(answers) == 6
    assert answers[0]["melded_points"] == 31
    assert answers[1]["melded_points"] == 33
    assert answers[2]["discard"] == "9S"
    assert "objective" in answers[3]["error"]
    assert "after_draw" in answers[4]["error"]
    assert answers[5]["discard"] != "9S"
