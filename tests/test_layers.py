"""The floors of the house: every import points down, and only the cogs and bot.py know Discord.

rummy <- data <- service <- cogs <- bot.py. Each module's imports are read from its source (every
``import`` and ``from ... import``, relative ones resolved, those under ``TYPE_CHECKING`` too), so a
test fails the day a module reaches upward, whether or not that code path runs.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LAYERS = {"rummy": 0, "data": 1, "service": 2, "cogs": 3, "bot": 4}
NO_DISCORD = ("rummy", "data", "service")
COG_MODULES = {"cogs.lobby", "cogs.play", "cogs.info", "cogs.leaderboard", "cogs.timers"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> list[tuple[str, Path]]:
    found = [("bot", ROOT / "bot.py")]
    for package in ("rummy", "data", "service", "cogs"):
        found += [(module_name(p), p) for p in sorted((ROOT / package).rglob("*.py"))]
    return found


def imports(name: str, path: Path) -> Iterator[tuple[int, str]]:
    """(line, imported module) for every import in the file; ``from x import y`` gives ``x.y``
    as well as ``x``, since ``y`` may be a submodule."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            yield node.lineno, base
            for alias in node.names:
                yield node.lineno, f"{base}.{alias.name}"


ALL = modules()


def test_every_package_is_found() -> None:
    """The walk sees the modules of every floor (an empty walk would pass anything)."""
    names = {name for name, _path in ALL}
    assert {"bot", "rummy.table", "data.db", "service.games", "cogs.play", "cogs.ui.context"} <= names


@pytest.mark.parametrize(("name", "path"), ALL, ids=[name for name, _path in ALL])
def test_imports_point_down(name: str, path: Path) -> None:
    """No module imports from a floor above its own."""
    floor = LAYERS[name.split(".")[0]]
    upward = [
        f"line {line}: {target}" for line, target in imports(name, path) if LAYERS.get(target.split(".")[0], -1) > floor
    ]
    assert not upward, f"{name} imports upward: {upward}"


BELOW = [m for m in ALL if m[0].startswith(NO_DISCORD)]
UI = [m for m in ALL if m[0].startswith("cogs.ui")]


@pytest.mark.parametrize(("name", "path"), BELOW, ids=[name for name, _path in BELOW])
def test_below_the_cogs_nothing_knows_discord(name: str, path: Path) -> None:
    """rummy, data and service never import discord."""
    found = [f"line {line}: {t}" for line, t in imports(name, path) if t.split(".")[0] == "discord"]
    assert not found, f"{name} imports discord: {found}"


@pytest.mark.parametrize(("name", "path"), UI, ids=[name for name, _path in UI])
def test_the_shared_ui_imports_no_cog(name: str, path: Path) -> None:
    """cogs/ui holds what the cogs share: it never imports one of the cogs themselves."""
    found = [f"line {line}: {t}" for line, t in imports(name, path) if t in COG_MODULES]
    assert not found, f"{name} imports a cog: {found}"
