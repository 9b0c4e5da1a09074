"""``python -m rummy``: the referee on the command line.

Subcommands are :class:`~rummy.cli.registry.Command` values listed in :data:`COMMANDS`; each
lives in its own module of this package (``referee``: check, score, rules; ``best``: best;
``simulate``: simulate). To add one, write ``rummy/cli/<name>.py`` exporting a ``Command`` and add
it to the tuple below.

The JSON subcommands' output is a contract (see each ``--help``): one JSON object per answer,
exit 0 / 1 / 2 for valid / invalid / malformed. Errors never show a traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import IO

from rummy.cli import best, referee, simulate
from rummy.cli.common import (
    EXIT_INTERNAL,
    EXIT_MALFORMED,
    CliError,
    Parser,
    Streams,
    UsageError,
    write_json,
)
from rummy.cli.registry import Command

COMMANDS: dict[str, Command] = {c.name: c for c in (*referee.COMMANDS, best.COMMAND, simulate.COMMAND)}

DESCRIPTION = """\
The rummy (rami) referee: judge melds, score hands, find the best melds and read the rules of
the six presets (basic, rummy100, rami100, rami51, ref40, ref51) without Discord.

exit codes: 0 ok (or valid), 1 not a meld (check), 2 malformed input or usage, 3 internal error.
Run `python -m rummy COMMAND --help` for a command's output format and examples.
"""


def build_parser(streams: Streams) -> tuple[Parser, dict[str, Parser]]:
    """The top-level parser and each subcommand's parser, by name."""
    parser = Parser(prog="python -m rummy", description=DESCRIPTION, streams=streams)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    parsers: dict[str, Parser] = {}
    for command in COMMANDS.values():
        child = sub.add_parser(
            command.name,
            help=command.help,
            description=command.help[0].upper() + command.help[1:] + ".",
            epilog=command.epilog,
            streams=streams,
            json_errors=command.json_output,
        )
        command.add_arguments(child)
        parsers[command.name] = child
    return parser, parsers


def main(
    argv: Sequence[str] | None = None,
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
    stderr: IO[str] | None = None,
) -> int:
    """Run one command line; return the exit code (nothing is raised, nothing exits)."""
    streams = Streams(stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr)
    parser, parsers = build_parser(streams)
    args_list = list(sys.argv[1:] if argv is None else argv)
    command: Command | None = None
    try:
        args, extras = parser.parse_known_args(args_list)
        command = COMMANDS[args.command]
        child = parsers[args.command]
        if extras:
            # Cards given after an option (7H --jsonl 8H) are still cards; anything else is unknown.
            options = [e for e in extras if e.startswith("-")]
            if options or not hasattr(args, "cards"):
                child.error(f"unrecognized arguments: {' '.join(options or extras)}")
            args.cards = [*args.cards, *extras]
        return command.run(args, streams)
    except UsageError as exc:
        bad = exc.parser
        streams.stderr.write(bad.format_usage())
        streams.stderr.write(f"{bad.prog}: error: {exc}\n")
        if bad.json_errors:
            write_json(streams.stdout, {"error": f"usage: {exc}"})
        return EXIT_MALFORMED
    except SystemExit as exc:  # --help, or argparse giving up
        return exc.code if isinstance(exc.code, int) else EXIT_MALFORMED
    except CliError as exc:
        return _fail(streams, command, str(exc), EXIT_MALFORMED)
    except Exception as exc:  # a bug: say so plainly, without a traceback
        return _fail(streams, command, f"internal error: {type(exc).__name__}: {exc}", EXIT_INTERNAL)


def _fail(streams: Streams, command: Command | None, message: str, code: int) -> int:
    if command is not None and command.json_output:
        write_json(streams.stdout, {"error": message})
    else:
        prog = f"python -m rummy {command.name}" if command else "python -m rummy"
        streams.stderr.write(f"{prog}: {message}\n")
    return code
