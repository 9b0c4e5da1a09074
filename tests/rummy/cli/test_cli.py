"""The referee CLI's contract: check, score, rules, --jsonl, exit codes, help, no tracebacks."""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rummy.cli import COMMANDS, main, referee
from rummy.cli.common import Streams
from rummy.cli.registry import Command
from rummy.describe import describe_rules
from rummy.rules import PRESETS

ROOT = Path(__file__).resolve().parents[3]


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    """Run the CLI in-process: exit code, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), io.StringIO(stdin), out, err)
    return code, out.getvalue(), err.getvalue()


def run_json(*argv: str) -> tuple[int, dict[str, Any]]:
    """Run a JSON subcommand: exit code and its one JSON object."""
    code, out, _err = run(*argv)
    lines = out.splitlines()
    assert len(lines) == 1, out
    return code, json.loads(lines[0])


def run_jsonl(*argv: str, lines: list[str]) -> tuple[int, list[dict[str, Any]]]:
    code, out, _err = run(*argv, "--jsonl", stdin="".join(line + "\n" for line in lines))
    return code, [json.loads(line) for line in out.splitlines()]


# -- check --------------------------------------------------------------------------------

REF51_MELDS = [  # RULES.md worked example 5
    ("KH KS KD", "set", 30, ["KH", "KS", "KD"]),
    ("AC AH AS", "set", 33, ["AC", "AH", "AS"]),
    ("AH 2H 3H", "run", 6, ["AH", "2H", "3H"]),
    ("5C 6C 7C", "run", 18, ["5C", "6C", "7C"]),
    ("QH KH AH", "run", 31, ["QH", "KH", "AH"]),
    ("9C 9D 9H JK", "set", 36, ["9C", "9D", "9H", "JK=9S"]),
    ("JK 7S 8S", "run", 21, ["JK=6S", "7S", "8S"]),
]


@pytest.mark.parametrize(("cards", "kind", "points", "shown"), REF51_MELDS)
def test_check_ref51_worked_melds(cards: str, kind: str, points: int, shown: list[str]) -> None:
    """Worked example 5: each ref51 meld is valid, with its kind, points and cards."""
    assert run_json("check", "--preset", "ref51", *cards.split()) == (
        0,
        {"valid": True, "kind": kind, "points": points, "cards": shown},
    )


REF51_REJECTS = [  # RULES.md worked example 6
    ("7S 7S 7H", "suits must all differ"),
    ("KH AH 2H", "round the corner"),
    ("JK JK 5H 6H", "only one joker"),
]


@pytest.mark.parametrize(("cards", "why"), REF51_REJECTS)
def test_check_ref51_worked_rejects(cards: str, why: str) -> None:
    """Worked example 6: each ref51 reject exits 1 with a reason that says why."""
    code, answer = run_json("check", "--preset", "ref51", *cards.split())
    assert code == 1
    assert answer["valid"] is False and set(answer) == {"valid", "reason"}
    assert why in answer["reason"]


def test_check_lists_cards_in_meld_order() -> None:
    """Cards typed out of order come back in run order."""
    assert run_json("check", "--preset", "basic", "9H", "7H", "8H")[1]["cards"] == ["7H", "8H", "9H"]


def test_check_open_joker_shows_as_jk() -> None:
    """A set joker whose suit is open shows as plain JK."""
    assert run_json("check", "--preset", "rami51", "9C 9D JK")[1]["cards"] == ["9C", "9D", "JK"]


def test_check_points_follow_the_preset() -> None:
    """Three aces are 3 points in basic (no opening) and 33 in ref51."""
    assert run_json("check", "--preset", "basic", "AC AH AS")[1]["points"] == 3
    assert run_json("check", "--preset", "ref51", "AC AH AS")[1]["points"] == 33


def test_check_ace_is_low_only_in_basic() -> None:
    """Worked example 7: Q K A is not a run in basic."""
    code, answer = run_json("check", "--preset", "basic", "QH KH AH")
    assert code == 1 and "ace is low" in answer["reason"]


@pytest.mark.parametrize("argv", [["7H", "8H", "9H"], ["7H 8H 9H"], ["7H,8H,9H"], ["7H,", "8H, 9H"], ["7h 8♥ 9H"]])
def test_check_accepts_any_card_spelling(argv: list[str]) -> None:
    """Separate args or one string, spaces or commas: the same answer."""
    assert run_json("check", "--preset", "basic", *argv) == (
        0,
        {"valid": True, "kind": "run", "points": 24, "cards": ["7H", "8H", "9H"]},
    )


def test_check_cards_after_an_option_are_cards() -> None:
    """Cards on both sides of --preset are all judged."""
    assert run_json("check", "7H", "--preset", "basic", "8H", "9H")[1]["valid"] is True


def test_check_pinned_joker_is_kept() -> None:
    """rami51: a joker pinned as the high end stands there and scores there."""
    assert run_json("check", "--preset", "rami51", "JK=9S 7S 8S")[1] == {
        "valid": True,
        "kind": "run",
        "points": 24,
        "cards": ["7S", "8S", "JK=9S"],
    }


def test_check_refuses_a_high_pin_under_the_reference_rules() -> None:
    """ref51: the same pin is invalid (exit 1), saying the joker stands for the lower card."""
    code, answer = run_json("check", "--preset", "ref51", "JK=9S 7S 8S")
    assert code == 1 and "stands for the lower card, 6♠, not 9♠" in answer["reason"]


def test_check_too_few_cards_is_invalid() -> None:
    """Two cards are not a meld: exit 1, not malformed."""
    code, answer = run_json("check", "--preset", "basic", "7H", "8H")
    assert code == 1 and "at least 3 cards" in answer["reason"]


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--preset", "basic", "7H", "8X", "9H"], "'8X' is not a card"),
        (["--preset", "nope", "7H", "8H", "9H"], "Unknown preset 'nope'"),
        (["7H", "8H", "9H"], "--preset"),
        (["--preset", "basic"], "Give the cards"),
        (["--preset", "basic", "JK", "8H", "9H"], "no jokers"),
        (["--preset", "rami51", "AH 2H 3H 4H 5H JK JK JK JK JK"], "only 4 jokers"),
        (["--preset", "basic", "--house", "opening", "7H", "8H", "9H"], "KNOB=VALUE"),
        (["--preset", "basic", "--house", "colour=red", "7H", "8H", "9H"], "no house rule called 'colour'"),
        (["--preset", "basic", "--bogus", "7H", "8H", "9H"], "unrecognized arguments: --bogus"),
    ],
)
def test_check_malformed_input_exits_2(argv: list[str], says: str) -> None:
    """Malformed input answers {"error": ...} and exits 2."""
    code, answer = run_json("check", *argv)
    assert code == 2
    assert set(answer) == {"error"} and says in answer["error"]


def test_check_house_rule_changes_the_judgement() -> None:
    """Two jokers are refused at ref51 but allowed with the rami51 joker limit as a house rule."""
    argv = ["check", "--preset", "ref51", "JK JK 5H 6H"]
    assert run_json(*argv)[0] == 1
    assert run_json(*argv, "--house", "joker_limit=no_more_than_naturals")[0] == 0


def test_usage_error_also_explains_on_stderr() -> None:
    """An unknown option shows the usage on stderr, without a traceback."""
    _code, _out, err = run("check", "--preset", "basic", "--bogus", "7H")
    assert err.startswith("usage: python -m rummy check") and "Traceback" not in err


def test_internal_error_is_reported_without_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug answers {"error": "internal error: ..."} with exit 3, not a traceback."""

    def boom(*_args: Any) -> None:
        raise RuntimeError("kaboom")

    monkeypatch.setattr(referee, "make_meld", boom)
    code, out, err = run("check", "--preset", "basic", "7H 8H 9H")
    assert code == 3
    assert json.loads(out) == {"error": "internal error: RuntimeError: kaboom"}
    assert "Traceback" not in out + err


# -- score --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "cards", "points"),
    [
        ("rummy100", "QS 5H AD", 16),  # RULES.md worked example 3
        ("rami51", "KH 7C JK", 42),  # worked example 4, without the rami sec doubling
        ("basic", "KH 7C 2D", 19),
        ("ref51", "AS", 11),
        ("basic", "AS", 1),
        ("rami51", "", 0),
    ],
)
def test_score_hand_values(preset: str, cards: str, points: int) -> None:
    """score answers the value left in hand under the preset."""
    assert run_json("score", "--preset", preset, cards) == (0, {"points": points})


def test_score_house_rule_changes_the_value() -> None:
    """A house ace value of 11 makes a basic ace cost 11."""
    assert run_json("score", "--preset", "basic", "--house", "ace_value=11", "AS")[1] == {"points": 11}


def test_score_malformed_exits_2() -> None:
    """A bad card answers an error and exits 2."""
    code, answer = run_json("score", "--preset", "basic", "QS", "ZZ")
    assert code == 2 and "'ZZ' is not a card" in answer["error"]


def test_score_too_many_copies_is_malformed() -> None:
    """Two Q♠ cannot both come from a one-deck pack."""
    code, answer = run_json("score", "--preset", "basic", "QS QS")
    assert code == 2 and "Q♠ is given 2 times" in answer["error"]


# -- rules --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
def test_rules_prints_the_facts(name: str) -> None:
    """rules P prints the facts of describe_rules for the preset, a section a line, and exits 0."""
    facts = describe_rules(PRESETS[name])
    code, out, err = run("rules", name)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == f"{name}: {PRESETS[name].title}"
    assert [line.split("(")[0] for line in lines[1:]] == [f.key for f in facts.sections]
    decided = [f for f in facts.facts() if f.decision]
    assert out.count("!") == len(decided) and all(f"{f.key}" in out for f in decided)


def test_rules_prints_a_fact_with_its_values() -> None:
    """A fact reads key(name=value, ...), its facts nested, a decision marked with "!"."""
    out = run("rules", "rami51", "--house", "opening=40")[1].splitlines()
    assert "turn(melds=any_melds, discard=discard_rule!)" in out
    assert "opening_jokers(points=40, ace=opening_ace_high, set=ace_in_set!)" in out
    assert out[-1] == "house_rule(name=opening, value=40, preset=51)"


def test_rules_unknown_preset_exits_2() -> None:
    """An unknown preset is a clear error on stderr, exit 2."""
    code, out, err = run("rules", "gin")
    assert (code, out) == (2, "")
    assert "Unknown preset 'gin'" in err and "ref51" in err and "Traceback" not in err


def test_rules_without_a_preset_lists_them() -> None:
    """rules alone lists every preset, one per line."""
    code, out, _err = run("rules")
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()] == list(PRESETS)


def test_rules_with_a_house_rule() -> None:
    """--house shows in the facts."""
    out = run("rules", "rami51", "--house", "opening=40")[1]
    assert "points=40" in out and "house_rule(name=opening, value=40, preset=51)" in out


# -- --jsonl ------------------------------------------------------------------------------


def test_check_jsonl_answers_each_line_in_order() -> None:
    """String and list cards, a preset per line, malformed lines answered: the run goes on, exit 0."""
    code, answers = run_jsonl(
        "check",
        "--preset",
        "ref51",
        lines=[
            '{"cards": "7S 7S 7H"}',
            '{"cards": ["9C", "9D", "9H", "JK"]}',
            "not json",
            '{"cards": "QH KH AH", "preset": "basic"}',
            '{"cards": "AH 2H 3H", "preset": "zzz"}',
            "[1, 2]",
            '{"cards": 5}',
            '{"cards": "7H 8H 9H", "colour": "red"}',
            '{"preset": "basic"}',
            '{"cards": "7H 8H 9H"}',
        ],
    )
    assert code == 0
    assert answers[0]["valid"] is False
    assert answers[1] == {"valid": True, "kind": "set", "points": 36, "cards": ["9C", "9D", "9H", "JK=9S"]}
    assert "not JSON" in answers[2]["error"]
    assert answers[3]["valid"] is False  # the line's preset (basic: ace low) wins over --preset
    assert "Unknown preset 'zzz'" in answers[4]["error"]
    assert "JSON object" in answers[5]["error"]
    assert "string" in answers[6]["error"]
    assert "Unknown key 'colour'" in answers[7]["error"]
    assert 'no "cards"' in answers[8]["error"]
    assert answers[9]["valid"] is True
    assert len(answers) == 10


def test_jsonl_skips_blank_lines() -> None:
    """Blank lines get no answer."""
    code, out, _err = run("score", "--preset", "basic", "--jsonl", stdin='\n{"cards": "KS"}\n  \n')
    assert (code, out) == (0, '{"points": 10}\n')


def test_jsonl_without_any_preset_answers_an_error_line() -> None:
    """With no --preset, a line without "preset" is an error, the next one is answered."""
    code, answers = run_jsonl("score", lines=['{"cards": "KS"}', '{"cards": "KS AS", "preset": "ref51"}'])
    assert code == 0
    assert "--preset" in answers[0]["error"]
    assert answers[1] == {"points": 21}


def test_jsonl_with_cards_on_the_command_line_is_malformed() -> None:
    """--jsonl takes cards from stdin only."""
    code, answer = run_json("check", "--preset", "basic", "--jsonl", "7H")
    assert code == 2 and "stdin" in answer["error"]


def test_jsonl_internal_error_does_not_stop_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug on one line is reported on that line; exit code stays 0."""

    def boom(*_args: Any) -> None:
        raise RuntimeError("kaboom")

    monkeypatch.setattr(referee, "make_meld", boom)
    code, answers = run_jsonl("check", "--preset", "basic", lines=['{"cards": "7H 8H 9H"}'] * 2)
    assert code == 0 and answers == [{"error": "internal error: RuntimeError: kaboom"}] * 2


# -- help and registration ----------------------------------------------------------------


@pytest.mark.parametrize("name", COMMANDS)
def test_each_subcommand_has_help(name: str) -> None:
    """--help exits 0 and documents exit codes and an example."""
    code, out, _err = run(name, "--help")
    assert code == 0
    assert out.startswith(f"usage: python -m rummy {name}")
    assert "exit codes:" in out and f"python -m rummy {name} " in out


def test_jsonl_exit_code_is_documented() -> None:
    """check --help says the exit code with --jsonl is 0."""
    assert "with --jsonl always 0" in run("check", "--help")[1]


def test_no_command_is_a_usage_error() -> None:
    """No subcommand: usage on stderr, exit 2."""
    code, out, err = run()
    assert (code, out) == (2, "") and "usage: python -m rummy" in err


def test_a_subcommand_registers_with_one_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Adding a Command to COMMANDS is all it takes to get a working subcommand."""

    def add(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("word")

    def echo(args: argparse.Namespace, streams: Streams) -> int:
        streams.stdout.write(args.word.upper() + "\n")
        return 0

    monkeypatch.setitem(COMMANDS, "shout", Command("shout", "say it louder", "", add, echo))
    assert run("shout", "hi") == (0, "HI\n", "")


# -- the real entry point -----------------------------------------------------------------


def python_m(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rummy", *argv],
        cwd=ROOT,
        input=stdin,
        text=True,
        capture_output=True,
        timeout=60,
        encoding="utf-8",
    )


def test_entry_point_check_exit_codes() -> None:
    """python -m rummy check exits 0, 1 and 2 for valid, invalid and malformed melds."""
    valid = python_m("check", "--preset", "ref51", "QH KH AH")
    invalid = python_m("check", "--preset", "ref51", "7S", "7S", "7H")
    malformed = python_m("check", "--preset", "ref51", "7S", "7Z")
    assert valid.returncode == 0 and json.loads(valid.stdout)["points"] == 31
    assert invalid.returncode == 1 and "suits must all differ" in json.loads(invalid.stdout)["reason"]
    assert malformed.returncode == 2 and "error" in json.loads(malformed.stdout)


def test_entry_point_jsonl() -> None:
    """python -m rummy score --jsonl answers line by line and exits 0."""
    done = python_m("score", "--preset", "rami51", "--jsonl", stdin='{"cards": "KH 7C JK"}\nbad\n')
    assert done.returncode == 0
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert first == {"points": 42} and "error" in second


def test_entry_point_rules_error_has_no_traceback() -> None:
    """python -m rummy rules with an unknown preset: exit 2, one clear line, no traceback."""
    done = python_m("rules", "gin")
    assert done.returncode == 2 and done.stdout == ""
    assert "Unknown preset 'gin'" in done.stderr and "Traceback" not in done.stderr
