"""``python -m rummy``: see :mod:`rummy.cli`."""

from __future__ import annotations

import os
import sys

from rummy.cli import main


def run() -> int:
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(encoding="utf-8")  # suit symbols and French words, whatever the locale
    try:
        code = main()
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. `python -m rummy rules ref51 | head -1`
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return code


if __name__ == "__main__":
    sys.exit(run())
