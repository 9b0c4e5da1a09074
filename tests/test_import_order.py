"""The order of cogs/: no import cycle, no import inside a function, and cogs/ui in floors.

Every import of every module of ``cogs/`` (and ``bot.py``) is read from its source, wherever it
stands: at module level, under ``if TYPE_CHECKING:`` (a cycle there is a cycle of the design, even
if Python never runs it) and inside a function or a class (which hides a cycle at run time). So:

* no cycle among these modules, counting all three kinds;
* no ``import`` or ``from`` inside a function or a class in ``cogs/``;
* the modules of ``cogs/ui`` stand on :data:`FLOORS`, and none imports from a floor above its own
  (a floor may import within itself: the cycle test keeps that in order).

"""

from __future__ import annotations

import ast
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.test_layers import ROOT, module_name

TOP, TYPE_CHECKING, FUNCTION = "top", "type_checking", "function"

# Bottom to top: a module imports from its own floor or below. Every module of cogs/ui has one.
# The text floor holds the tools everything uses too (which shards, first replies first, tracked
# tasks, where a joker may stand): none of them imports anything of cogs/ui but text.
FLOORS: dict[str, tuple[str, ...]] = {
    "text": ("words", "sentences", "limits", "choices", "jokers", "shards", "replies", "tasks"),
    "client": ("handover", "client", "context", "errors"),
    "renderers": ("render", "pictures", "boards", "tournament_render", "tournament_standings"),
    "components": ("components", "bases", "bases_memory", "bases_tournament"),
    "views": ("views",),
    "flows": (
        "spectator",
        "hand",
        "meld",
        "shortcuts",
        "stall",
        "threads",
        "lobby",
        "rematch",
        "defaults",
        "record",
        "history",
        "items",
        "season_choice",
        "tournament_flows",
    ),
    "writers": ("poster", "turnline", "board", "open_hands", "looks", "ending", "writer", "tournament_writer"),
}
RANK = {f"cogs.ui.{m}": n for n, (_floor, names) in enumerate(FLOORS.items()) for m in names}
COGS_RANK = len(FLOORS)  # cogs/*.py (the Cogs, the tree), above every floor of cogs/ui
BOT_RANK = COGS_RANK + 1


@dataclass(frozen=True)
class Edge:
    source: str
    target: str
    how: str  # TOP, TYPE_CHECKING or FUNCTION
    line: int

    def __str__(self) -> str:
        return f"{self.source} -> {self.target} ({self.how}, line {self.line})"


def our_modules() -> dict[str, Path]:
    found = {module_name(p): p for p in sorted((ROOT / "cogs").rglob("*.py"))}
    found["bot"] = ROOT / "bot.py"
    return found


MODULES = our_modules()


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _statements(body: list[ast.stmt], how: str) -> Iterator[tuple[ast.Import | ast.ImportFrom, str]]:
    """Every import under ``body``, with where it stands: anything in a function or a class body is
    FUNCTION, under ``if TYPE_CHECKING:`` TYPE_CHECKING; anything else at module level (a ``try``,
    another ``if``) keeps ``how``."""
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node, how
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield from ((n, FUNCTION) for n in ast.walk(node) if isinstance(n, (ast.Import, ast.ImportFrom)))
        elif isinstance(node, ast.If) and _is_type_checking(node):
            yield from _statements(node.body, TYPE_CHECKING)
            yield from _statements(node.orelse, how)
        else:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.stmt):
                    yield from _statements([child], how)
                elif isinstance(child, (ast.ExceptHandler, ast.match_case)):
                    yield from _statements(child.body, how)


def imports(name: str, path: Path) -> Iterator[Edge]:
    """The edges from ``name`` to the other modules of :data:`MODULES`: ``from cogs.ui import x``
    counts as an import of ``cogs.ui.x`` when ``x`` is a module, of ``cogs.ui`` otherwise."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    for node, how in _statements(tree.body, TOP):
        targets: set[str] = set()
        if isinstance(node, ast.Import):
            targets = {alias.name for alias in node.names}
        else:
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                targets.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base)
        for target in sorted(targets):
            if (target in MODULES and target != name) or how == FUNCTION:
                yield Edge(name, target, how, node.lineno)


def edges() -> list[Edge]:
    return [edge for name, path in MODULES.items() for edge in imports(name, path)]


EDGES = edges()


def cycles(found: list[Edge]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm), each sorted."""
    graph: dict[str, set[str]] = {}
    for e in found:
        if e.target in MODULES:
            graph.setdefault(e.source, set()).add(e.target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    result: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                result.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return result


def rank(name: str) -> int | None:
    if name == "bot":
        return BOT_RANK
    if name in RANK:
        return RANK[name]
    if name.startswith("cogs.") and not name.startswith("cogs.ui"):
        return COGS_RANK
    return None  # cogs and cogs.ui, the packages


WALKED = """
from typing import TYPE_CHECKING
from cogs.ui import sentences
import cogs.ui.words
try:
    from cogs.ui.limits import fit
except ImportError:
    from cogs.ui.render import COLOUR
if TYPE_CHECKING:
    from cogs.ui.context import Ctx
else:
    from cogs.ui.bases import remaining


def later() -> None:
    import json
    from cogs.ui.views import board_view


class Holder:
    from cogs.ui.hand import play
"""


def test_the_walk_sees_every_kind_of_import(tmp_path: Path) -> None:
    """The walk reads each import of a module with where it stands (and every module is found:
    an empty walk would pass anything)."""
    source = tmp_path / "probe.py"
    source.write_text(WALKED, encoding="utf-8")
    found = {(e.target, e.how) for e in imports("cogs.ui.probe", source)}
    assert found == {
        ("cogs.ui.sentences", TOP),
        ("cogs.ui.words", TOP),
        ("cogs.ui.limits", TOP),
        ("cogs.ui.render", TOP),
        ("cogs.ui.context", TYPE_CHECKING),
        ("cogs.ui.bases", TOP),
        ("json", FUNCTION),
        ("cogs.ui.views", FUNCTION),
        ("cogs.ui.hand", FUNCTION),
    }
    assert {"bot", "cogs.errors", "cogs.play", "cogs.ui.views", "cogs.ui.hand"} <= set(MODULES)


def test_no_import_cycle_in_cogs() -> None:
    """No cycle among the modules of cogs/ and bot.py, counting imports under TYPE_CHECKING and
    inside functions."""
    found = cycles(EDGES)
    assert not found, "import cycles: " + "; ".join(" <-> ".join(c) for c in found)


def test_no_import_inside_a_function_in_cogs() -> None:
    """Every import in cogs/ stands at module level (or under TYPE_CHECKING): an import inside a
    function hides a cycle, or a dependency nobody sees at the top of the file."""
    inside = [str(e) for e in EDGES if e.how == FUNCTION]
    assert not inside, f"imports inside functions: {inside}"


def test_every_ui_module_has_a_floor() -> None:
    """Each module of cogs/ui stands on one floor (a new module must be given one)."""
    ui = {name for name in MODULES if name.startswith("cogs.ui.")}
    assert ui == set(RANK), f"without a floor: {sorted(ui - set(RANK))}; gone: {sorted(set(RANK) - ui)}"


@pytest.mark.parametrize("name", sorted(MODULES))
def test_imports_never_go_up_a_floor(name: str) -> None:
    """text <- client, context <- renderers <- components and item bases <- views <- flows <- the
    writers <- the Cogs <- bot.py: no module imports from a floor above its own."""
    mine = rank(name)
    upward = [
        str(e)
        for e in EDGES
        if e.source == name and mine is not None and (theirs := rank(e.target)) is not None and theirs > mine
    ]
    assert not upward, f"{name} imports from a floor above: {upward}"


def _views_cycle() -> None:
    test_no_import_cycle_in_cogs()


def _views_inside() -> None:
    test_no_import_inside_a_function_in_cogs()


def _views_upward() -> None:
    test_imports_never_go_up_a_floor("cogs.ui.views")


@pytest.mark.parametrize(
    ("added", "check"),
    [
        ("from cogs.ui.meld import MeldButton\n", _views_cycle),  # views -> meld -> views
        ("def later() -> None:\n    import json\n", _views_inside),
        ("from cogs.ui.lobby import join\n", _views_upward),  # a flow, above the views
    ],
)
def test_the_checks_fail_on_a_new_edge(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, added: str, check: Callable[[], None]
) -> None:
    """Each check fails once views.py has one more edge of its kind (read from a changed copy)."""
    path = MODULES["cogs.ui.views"]
    copy = tmp_path / path.name
    copy.write_text(path.read_text(encoding="utf-8") + "\n" + added, encoding="utf-8")
    changed = [e for e in EDGES if e.source != "cogs.ui.views"] + list(imports("cogs.ui.views", copy))
    monkeypatch.setattr(sys.modules[__name__], "EDGES", changed)
    with pytest.raises(AssertionError):
        check()
    monkeypatch.undo()
    check()  # and passes on the module as it is
