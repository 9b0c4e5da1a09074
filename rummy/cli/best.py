"""``python -m rummy best``: the best way to meld a hand (and what to discard), from the solver."""

from __future__ import annotations

import argparse
from collections import Counter
from typing import Any

from rummy.cards import Card
from rummy.cli.common import (
    CARDS_HELP,
    EXIT_MALFORMED,
    EXIT_OK,
    CliError,
    Request,
    Streams,
    add_jsonl_argument,
    add_rules_arguments,
    read_cards,
    run_judge,
    write_json,
)
from rummy.cli.registry import Command

OBJECTIVES = ("deadwood", "opening")

BEST_EPILOG = """\
answers one JSON object:
  {"melds": [["7H", "8H", "9H"], ...], "deadwood": N, "melded_points": M}
  with --after-draw also "discard": "KS" (the melds are then those of the hand left after it)
  {"error": "..."} for malformed input
deadwood: what the cards left unmelded would cost in hand; melded_points: the melds' value
toward the opening. --objective deadwood leaves the least deadwood; opening melds the most points.
With --jsonl a line may also hold "objective", "after_draw" (true/false) and "forbidden".

exit codes: 0 answered, 2 malformed input, 3 internal error; with --jsonl always 0.

examples:
  python -m rummy best --preset basic 4H 5H 6H 7H QC QD QS 9S
  python -m rummy best --preset rami51 --objective opening --after-draw 'KH KS KD 5C 6C 7C 2D'
  python -m rummy best --preset basic --after-draw --forbidden 9S 4H 5H 7H QC QD QS 9S 6H
"""


def _objective(value: Any) -> str:
    if value not in OBJECTIVES:
        raise CliError(f'"objective" is one of {", ".join(OBJECTIVES)}, not {value!r}.')
    return str(value)


def _after_draw(value: Any) -> bool:
    if not isinstance(value, bool):
        raise CliError(f'"after_draw" is true or false, not {value!r}.')
    return value


def _forbidden(value: Any) -> Card | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise CliError(f'"forbidden" is one card like "7H", not {value!r}.')
    cards = read_cards(value)
    if len(cards) != 1:
        raise CliError(f'"forbidden" is one card like "7H", not {value!r}.')
    return cards[0].unpinned()


def physical(cards: list[Card]) -> list[Card]:
    """The hand as distinct physical cards: identical cards get copy numbers 0, 1, ..."""
    seen: Counter[Card] = Counter()
    out = []
    for card in cards:
        plain = card.unpinned()
        out.append(Card(plain.rank, plain.suit, seen[plain]))
        seen[plain] += 1
    return out


def judge_best(request: Request) -> tuple[dict[str, Any], int]:
    from rummy.solver import best_discard, best_melds

    hand = physical(request.cards)
    objective = request.options["objective"]
    forbidden: Card | None = request.options.get("forbidden")
    answer: dict[str, Any] = {}
    if request.options["after_draw"]:
        if not hand:
            raise CliError("After a draw the hand holds at least one card to discard.")
        barred = None
        if forbidden is not None:
            barred = next((c for c in hand if c == forbidden), None)
            if barred is None:
                raise CliError(f"The forbidden card {forbidden} is not in the hand.")
        try:
            discard, solution = best_discard(hand, request.rules, forbidden=barred, objective=objective)
        except ValueError:
            raise CliError(f"No card may be discarded: {forbidden} is the only one.") from None
        answer["discard"] = str(discard.unpinned())
    else:
        if forbidden is not None:
            raise CliError("A forbidden discard only makes sense with --after-draw.")
        solution = best_melds(hand, request.rules, objective=objective)
    answer = {
        "melds": [meld.labels(pretty=False) for meld in solution.melds],
        "deadwood": solution.deadwood,
        "melded_points": solution.melded_points,
        **answer,
    }
    return answer, EXIT_OK


def _arguments(parser: argparse.ArgumentParser) -> None:
    add_rules_arguments(parser)
    parser.add_argument(
        "--objective",
        choices=OBJECTIVES,
        default="deadwood",
        help="least deadwood left (default), or most melded points (to reach an opening)",
    )
    parser.add_argument(
        "--after-draw",
        action="store_true",
        help="the hand holds one card more than it keeps: also name the best discard",
    )
    parser.add_argument(
        "--forbidden",
        metavar="CARD",
        type=str,
        help="with --after-draw: a card that may not be discarded (the one just taken from the discard pile)",
    )
    add_jsonl_argument(parser)
    parser.add_argument("cards", nargs="*", metavar="CARDS", help=CARDS_HELP)


def _run(args: argparse.Namespace, streams: Streams) -> int:
    try:
        options = {"objective": args.objective, "after_draw": args.after_draw, "forbidden": _forbidden(args.forbidden)}
    except CliError as exc:
        write_json(streams.stdout, {"error": str(exc)})
        return EXIT_MALFORMED
    keys = {"objective": _objective, "after_draw": _after_draw, "forbidden": _forbidden}
    return run_judge(args, streams, judge_best, options, line_keys=keys, need_cards=False)


COMMAND = Command(
    "best",
    "the best melds for a hand, and the best discard (JSON answer)",
    BEST_EPILOG,
    _arguments,
    _run,
    json_output=True,
)
