"""What the referee subcommands share: streams, rules and cards from the command line, JSON lines.

A *judge* turns one :class:`Request` (cards + rules + options) into a JSON answer and an exit
code. :func:`run_judge` runs it once from the command line, or once per stdin line with
``--jsonl``, so every card-judging subcommand speaks the same protocol.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

from rummy.cards import Card, parse_cards
from rummy.errors import RummyError
from rummy.rules import MIN_PLAYERS, PRESETS, Rules, find_preset

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_MALFORMED = 2
EXIT_INTERNAL = 3

JSONL_HELP = (
    'read one JSON object per stdin line, e.g. {"cards": "7H 8H 9H", "preset": "ref51"} '
    "(cards as a string or a list; preset is optional and overrides --preset), and answer one JSON "
    'object per line in order; blank lines are skipped, a malformed line answers {"error": ...} '
    "and the run goes on; the exit code is then 0"
)
CARDS_HELP = "cards as separate arguments or one quoted string, spaces or commas: 7H 8H 9H, '10S,JS,QS', JK=6S"


@dataclass(frozen=True)
class Streams:
    stdin: IO[str]
    stdout: IO[str]
    stderr: IO[str]


class CliError(Exception):
    """Malformed input: the message is shown to the user as is (exit code 2)."""


class UsageError(Exception):
    """The command line does not parse; ``parser`` is the (sub)parser that refused it."""

    def __init__(self, parser: Parser, message: str) -> None:
        super().__init__(message)
        self.parser = parser


class Parser(argparse.ArgumentParser):
    """An argument parser that writes to our streams and raises instead of exiting on errors."""

    def __init__(self, *args: Any, streams: Streams, json_errors: bool = False, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", argparse.RawDescriptionHelpFormatter)
        super().__init__(*args, **kwargs)
        self.streams = streams
        self.json_errors = json_errors  # errors answer {"error": ...} on stdout too

    def print_help(self, file: SupportsWrite[str] | None = None) -> None:
        (file or self.streams.stdout).write(self.format_help())

    def print_usage(self, file: SupportsWrite[str] | None = None) -> None:
        (file or self.streams.stdout).write(self.format_usage())

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            self.streams.stderr.write(message)
        raise SystemExit(status)

    def error(self, message: str) -> NoReturn:
        raise UsageError(self, message)


def write_json(out: IO[str], obj: Mapping[str, Any]) -> None:
    out.write(json.dumps(obj, ensure_ascii=False) + "\n")


# -- rules and cards ----------------------------------------------------------------------


def add_rules_arguments(parser: argparse.ArgumentParser, preset_required: bool = False) -> None:
    parser.add_argument(
        "--preset",
        metavar="P",
        required=preset_required,
        help=f"rules preset, required unless each --jsonl line names one: {', '.join(PRESETS)}",
    )
    parser.add_argument(
        "--house",
        metavar="KNOB=VALUE",
        action="append",
        default=[],
        help="a house rule on top of the preset, e.g. --house opening=40 (repeatable; see README)",
    )


def load_rules(preset: str | None, house: list[str]) -> Rules:
    """The preset with house rules applied; :class:`CliError` says what is wrong."""
    if preset is None:
        raise CliError(f"Name the rules with --preset: one of {', '.join(PRESETS)}.")
    overrides: dict[str, str] = {}
    for item in house:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise CliError(f"A house rule is written KNOB=VALUE (e.g. opening=40), not {item!r}.")
        overrides[name.strip()] = value.strip()
    try:
        return find_preset(preset).with_overrides(**overrides)
    except RummyError as exc:
        raise CliError(str(exc)) from None


def read_cards(raw: str | list[Any]) -> list[Card]:
    """Cards from one string or a list of tokens; :class:`CliError` names the bad token."""
    if not isinstance(raw, str) and not (isinstance(raw, list) and all(isinstance(t, str) for t in raw)):
        raise CliError('Cards are a string like "7H 8H 9H" or a list of strings like ["7H", "8H"].')
    try:
        return parse_cards(raw)
    except RummyError as exc:
        raise CliError(f"{exc}.") from None


def check_pack(cards: list[Card], rules: Rules) -> None:
    """Refuse cards that cannot all come from this table's pack (e.g. a joker in basic rummy)."""
    counts = range(MIN_PLAYERS, rules.max_players + 1)
    decks = max(rules.decks_for(n) for n in counts)
    jokers = max(rules.jokers_for(n) for n in counts)
    held = sum(c.is_joker for c in cards)
    if held > jokers:
        has = f"only {jokers} joker{'s' if jokers != 1 else ''}" if jokers else "no jokers"
        raise CliError(f"The {rules.name} pack has {has}; {held} given.")
    faces = Counter(c.face for c in cards if c.face is not None)
    for face, n in faces.items():
        if n > decks:
            raise CliError(
                f"{face.pretty} is given {n} times, but the {rules.name} pack holds "
                f"{decks} ({decks} deck{'s' if decks != 1 else ''})."
            )


# -- one request, or one per line ---------------------------------------------------------


@dataclass(frozen=True)
class Request:
    cards: list[Card]
    rules: Rules
    options: Mapping[str, Any]


Judge = Callable[[Request], tuple[dict[str, Any], int]]
LineKeys = Mapping[str, Callable[[Any], Any]]  # extra per-line key -> checked value (raise CliError)


def add_jsonl_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--jsonl", action="store_true", help=JSONL_HELP)


def run_judge(
    args: argparse.Namespace,
    streams: Streams,
    judge: Judge,
    options: Mapping[str, Any],
    line_keys: LineKeys | None = None,
    need_cards: bool = True,
) -> int:
    """Answer the command-line request, or each stdin line with ``--jsonl``; return the exit code."""
    if not args.jsonl:
        try:
            cards = read_cards(args.cards)
            if need_cards and not cards:
                raise CliError("Give the cards to judge, e.g. 7H 8H 9H.")
            rules = load_rules(args.preset, args.house)
            check_pack(cards, rules)
            answer, code = judge(Request(cards, rules, options))
        except CliError as exc:
            write_json(streams.stdout, {"error": str(exc)})
            return EXIT_MALFORMED
        write_json(streams.stdout, answer)
        return code
    if args.cards:
        write_json(streams.stdout, {"error": "With --jsonl the cards come on stdin, one JSON object per line."})
        return EXIT_MALFORMED
    keys = dict(line_keys or {})
    cache: dict[str, Rules] = {}
    for line in streams.stdin:
        if not line.strip():
            continue
        try:
            request = _parse_line(line, args, options, keys, cache, need_cards)
            answer = judge(request)[0]
        except CliError as exc:
            answer = {"error": str(exc)}
        except Exception as exc:  # a bug must not stop the stream: say so on this line
            answer = {"error": f"internal error: {type(exc).__name__}: {exc}"}
        write_json(streams.stdout, answer)
        streams.stdout.flush()
    return EXIT_OK


def _parse_line(
    line: str,
    args: argparse.Namespace,
    options: Mapping[str, Any],
    keys: dict[str, Callable[[Any], Any]],
    cache: dict[str, Rules],
    need_cards: bool,
) -> Request:
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        raise CliError(f"This line is not JSON ({exc.msg}).") from None
    if not isinstance(obj, dict):
        raise CliError('Each line is a JSON object like {"cards": "7H 8H 9H"}.')
    allowed = ["cards", "preset", *keys]
    unknown = sorted(set(obj) - set(allowed))
    if unknown:
        raise CliError(f"Unknown key {unknown[0]!r}: a line may hold {', '.join(allowed)}.")
    if "cards" not in obj:
        raise CliError('The line has no "cards".')
    preset = obj.get("preset", args.preset)
    if preset is not None and not isinstance(preset, str):
        raise CliError('"preset" is a string, e.g. "ref51".')
    cards = read_cards(obj["cards"])
    if need_cards and not cards:
        raise CliError("Give the cards to judge, e.g. 7H 8H 9H.")
    key = preset.strip().lower() if preset else ""
    if key not in cache:
        cache[key] = load_rules(preset, args.house)
    rules = cache[key]
    check_pack(cards, rules)
    merged = dict(options)
    for name, check in keys.items():
        if name in obj:
            merged[name] = check(obj[name])
    return Request(cards, rules, merged)
