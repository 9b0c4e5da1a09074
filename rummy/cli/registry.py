"""How a subcommand of ``python -m rummy`` is declared; :data:`rummy.cli.COMMANDS` lists them all.

A new subcommand lives in its own module and exports a :class:`Command`; adding it to the tuple
in :mod:`rummy.cli` is the whole registration.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass

from rummy.cli.common import Streams


@dataclass(frozen=True)
class Command:
    name: str
    help: str  # one line, shown in ``python -m rummy --help``
    epilog: str  # shown under the subcommand's own --help: output format, exit codes, examples
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace, Streams], int]  # returns the exit code
    json_output: bool = False  # errors answer {"error": ...} on stdout (for machine readers)
