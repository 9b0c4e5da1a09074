"""Print the README's preset table and house-rule (knob) table as markdown, from rummy.rules.

    python tools/knob_table.py            # both tables
    python tools/knob_table.py knobs      # only the knob table

The knob table is generated so it cannot drift from ``rummy.rules.KNOBS`` and ``PRESETS``: rerun it
and paste the output into the README whenever a knob or a preset changes.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rummy.rules import KNOBS, PRESETS, Knob

# Where each preset's rules come from (the five source documents behind RULES.md).
SOURCES = {
    "basic": "Bicycle's basic rummy",
    "rummy100": 'a "How to play basic rummy" guide',
    "rami100": "a French rami FAQ (rami en 100 points)",
    "rami51": "the common French rami (a score-sheet site's rules)",
    "ref40": 'an app\'s Rami 40 "reference rules"',
    "ref51": 'an app\'s Rami 51 "reference rules"',
}


def values(knob: Knob) -> str:
    if knob.choices and (knob.kind is not int or len(knob.choices) <= 3):
        return ", ".join(f"`{c}`" for c in knob.choices)
    prefix = "`none` or " if knob.optional else ""
    return f"{prefix}{knob.minimum}-{knob.maximum}"


def preset_table() -> str:
    rows = ["| preset | source | in one line |", "|---|---|---|"]
    for name, rules in PRESETS.items():
        rows.append(f"| `{name}` | {SOURCES.get(name, '')} | {rules.title}: {rules.description} |")
    return "\n".join(rows)


def knob_table() -> str:
    names = list(PRESETS)
    rows = [
        "| knob | values | " + " | ".join(f"`{n}`" for n in names) + " | what it does |",
        "|---|---|" + "---|" * len(names) + "---|",
    ]
    for name, knob in KNOBS.items():
        defaults = " | ".join(knob.show(getattr(PRESETS[p], name)) for p in names)
        rows.append(f"| `{name}` | {values(knob)} | {defaults} | {knob.help} |")
    return "\n".join(rows)


def main(argv: list[str]) -> int:
    which = argv[0] if argv else "all"
    if which not in {"all", "presets", "knobs"}:
        sys.stderr.write("usage: python tools/knob_table.py [all|presets|knobs]\n")
        return 2
    parts = []
    if which in {"all", "presets"}:
        parts.append(preset_table())
    if which in {"all", "knobs"}:
        parts.append(knob_table())
    sys.stdout.write("\n\n".join(parts) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
