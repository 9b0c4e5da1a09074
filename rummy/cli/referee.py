"""The referee subcommands: ``check`` (is this a meld?), ``score`` (what does this hand cost?), ``rules``."""

from __future__ import annotations

import argparse
from typing import Any

from rummy.cli.common import (
    CARDS_HELP,
    EXIT_INVALID,
    EXIT_OK,
    Request,
    Streams,
    add_jsonl_argument,
    add_rules_arguments,
    load_rules,
    run_judge,
)
from rummy.cli.registry import Command
from rummy.describe import Fact, RulesFacts, describe_rules
from rummy.errors import InvalidMeld
from rummy.melds import make_meld
from rummy.rules import PRESETS
from rummy.scoring import hand_value

# -- check --------------------------------------------------------------------------------

CHECK_EPILOG = """\
answers one JSON object:
  {"valid": true, "kind": "set" | "run", "points": N, "cards": ["7H", "8H", "9H"]}
  {"valid": false, "reason": "..."}
  {"error": "..."}                      malformed input (a bad card, an unknown preset)
points: the meld's value toward the opening, under the preset's card values.
cards: the meld in order; a joker shows what it stands for (JK=6S), or JK when open.

exit codes: 0 valid, 1 not a meld, 2 malformed input, 3 internal error; with --jsonl always 0.

examples:
  python -m rummy check --preset ref51 QH KH AH
  python -m rummy check --preset ref51 'JK 7S 8S'
  echo '{"cards": "7S 7S 7H"}' | python -m rummy check --preset ref51 --jsonl
"""


def judge_meld(request: Request) -> tuple[dict[str, Any], int]:
    try:
        meld = make_meld(request.cards, request.rules)
    except InvalidMeld as exc:
        return {"valid": False, "reason": str(exc)}, EXIT_INVALID
    return {
        "valid": True,
        "kind": meld.kind.value,
        "points": meld.points(request.rules),
        "cards": meld.labels(pretty=False),
    }, EXIT_OK


def _check_arguments(parser: argparse.ArgumentParser) -> None:
    add_rules_arguments(parser)
    add_jsonl_argument(parser)
    parser.add_argument("cards", nargs="*", metavar="CARDS", help=CARDS_HELP)


def _check(args: argparse.Namespace, streams: Streams) -> int:
    return run_judge(args, streams, judge_meld, {})


# -- score --------------------------------------------------------------------------------

SCORE_EPILOG = """\
answers one JSON object: {"points": N}, or {"error": "..."} for malformed input.
N is what the cards cost when left in hand at the end of a deal under the preset
(ace, joker and face values per the preset), without rummy / rami sec doubling.

exit codes: 0 scored, 2 malformed input, 3 internal error; with --jsonl always 0.

examples:
  python -m rummy score --preset rummy100 QS 5H AD          -> {"points": 16}
  python -m rummy score --preset rami51 'KH, 7C, JK'        -> {"points": 42}
"""


def judge_hand(request: Request) -> tuple[dict[str, Any], int]:
    return {"points": hand_value(request.cards, request.rules)}, EXIT_OK


def _score(args: argparse.Namespace, streams: Streams) -> int:
    return run_judge(args, streams, judge_hand, {}, need_cards=False)


# -- rules --------------------------------------------------------------------------------

RULES_EPILOG = """\
prints the facts of the preset's rules, one section a line, as the bot's catalog writes them out
in each language for /rules: each fact is its key and its values, key(name=value, ...), and a
fact RULES.md decided where the sources are silent ends with "!". Without a preset, lists the
presets.

exit codes: 0 shown, 2 unknown preset or bad house rule.

examples:
  python -m rummy rules ref51
  python -m rummy rules rami51 --house opening=40
"""


def _rules_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("preset", nargs="?", metavar="P", help=f"one of {', '.join(PRESETS)}")
    parser.add_argument(
        "--house",
        metavar="KNOB=VALUE",
        action="append",
        default=[],
        help="a house rule on top of the preset, e.g. --house opening=40 (repeatable)",
    )


def fact_outline(fact: Fact | int) -> str:
    """One fact as ``key(name=value, ...)``, its facts nested, ``!`` after a decision."""
    if isinstance(fact, int):
        return str(fact)

    def value(v: object) -> str:
        if isinstance(v, tuple):
            return "[" + ", ".join(fact_outline(item) for item in v) + "]"
        return fact_outline(v) if isinstance(v, Fact) else str(v)

    inner = ", ".join(f"{name}={value(v)}" for name, v in fact.params)
    return (f"{fact.key}({inner})" if inner else fact.key) + ("!" if fact.decision else "")


def facts_outline(facts: RulesFacts) -> str:
    """The preset and its title, then a line per section and per house rule."""
    lines = [f"{facts.name}: {facts.title}", *(fact_outline(f) for f in (*facts.sections, *facts.house_rules))]
    return "\n".join(lines)


def _rules(args: argparse.Namespace, streams: Streams) -> int:
    if args.preset is None:
        width = max(len(name) for name in PRESETS)
        for name, rules in PRESETS.items():
            streams.stdout.write(f"{name:<{width}}  {rules.title}: {rules.description}\n")
        return EXIT_OK
    # load_rules raises CliError for an unknown preset or a bad house rule: main() shows it.
    rules = load_rules(args.preset, args.house)
    streams.stdout.write(facts_outline(describe_rules(rules)) + "\n")
    return EXIT_OK


COMMANDS = (
    Command(
        "check", "judge one meld under a preset (JSON answer)", CHECK_EPILOG, _check_arguments, _check, json_output=True
    ),
    Command(
        "score",
        "what cards left in hand cost under a preset (JSON answer)",
        SCORE_EPILOG,
        _check_arguments,
        _score,
        json_output=True,
    ),
    Command("rules", "a preset's rules in plain words", RULES_EPILOG, _rules_arguments, _rules),
)
