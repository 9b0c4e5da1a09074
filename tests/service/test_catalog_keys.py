"""Every message the code asks for exists, in English and in French: the code is read, not run.

The scan reads the bot's source (bot.py, cogs/, service/) and finds each call of a translator
(``tr(...)``, ``ctx.tr(...)``, ``ctx.public(...)``, a name annotated ``Translator`` or bound to what
a function returning a ``Translator`` returns, such a function's result called at once, as in
``translator(locale)(...)``) and each ``Refusal(...)``, and works out the keys its first argument can
be: a string, either branch of a conditional, a dict's values and its ``.get`` default, a local
variable's assignments, a loop over a module dict's ``items()``. A key it cannot work out fails the
test, unless :data:`DYNAMIC` says where its keys come from. The rules engine's keys (``key="..."``
in rummy/) must exist as ``rules.<key>``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from rummy.rules import KNOBS, PRESETS
from rummy.scoring import DealEnd
from rummy.table import BOT_LEVELS
from rummy.table_options import OPTIONS
from service.catalog import BOOK, LANGUAGES, message_id

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [ROOT / "bot.py", *sorted((ROOT / "cogs").rglob("*.py")), *sorted((ROOT / "service").rglob("*.py"))]
TRANSLATOR_NAMES = {"tr", "public"}  # ctx.tr: the caller's language, ctx.public: the server's

# Keys the scan cannot read from the call, and where they come from.
DYNAMIC: dict[str, set[str]] = {
    # cogs/ui/render.py: the reason a deal ended, f"why_{reason}" (rummy.scoring.DealEnd's values)
    "f'why_{reason}'": {f"why_{end.value}" for end in DealEnd},
    # cogs/ui/errors.py: a Refusal's own key, passed on; every Refusal(...) is checked below
    "error.key": set(),
    # cogs/ui/render.py: a rules engine refusal's own key (rummy/'s keys are checked below)
    "f'rules.{exc.key}'": set(),
    # cogs/ui/words.py: the presets' titles and descriptions, the knobs' help, the enums' values
    "f'preset_{rules.name}_title'": {f"preset_{name}_title" for name in PRESETS},
    "f'preset_{rules.name}_description'": {f"preset_{name}_description" for name in PRESETS},
    "f'level_{level}'": {f"level_{level}" for level in BOT_LEVELS},  # a computer player's name
    "f'knob_{name}'": {f"knob_{name}" for name in [*OPTIONS, *KNOBS]},
    "f'value_{value.value}'": {
        f"value_{member.value}" for knob in KNOBS.values() if issubclass(knob.kind, Enum) for member in knob.kind
    },
}


@dataclass(frozen=True)
class Use:
    where: str
    keys: frozenset[str]
    unread: str | None  # the source of an argument the scan could not read


def _trees() -> list[tuple[Path, ast.Module]]:
    return [
        (path, ast.parse(path.read_text(encoding="utf-8"), str(path)))
        for path in SOURCES
        if not path.name.startswith("catalog")
    ]


def _factories(trees: list[tuple[Path, ast.Module]]) -> set[str]:
    """The functions and methods that return a ``Translator`` (or None)."""
    return {"translator"} | {
        node.name
        for _, tree in trees
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        and node.returns is not None
        and "Translator" in ast.unparse(node.returns)
    }


def uses() -> Iterator[Use]:
    trees = _trees()
    factories = _factories(trees)
    for path, tree in trees:
        module_dicts = {
            target.id: node.value
            for node in tree.body
            if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, ast.Dict)
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
            if isinstance(target, ast.Name)
        }
        for function in [tree, *(n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))]:
            names = set(TRANSLATOR_NAMES) | _annotated_translators(function) | _bound_translators(function, factories)
            for call in _own_nodes(function, ast.Call):
                key = _key_argument(call, names, factories)
                if key is None:
                    continue
                where = f"{path.relative_to(ROOT)}:{call.lineno}"
                keys, unread = _keys(key, function, module_dicts)
                yield Use(where, frozenset(keys), unread)


def _annotated_translators(function: ast.AST) -> set[str]:
    if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return set()
    args = [*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs]
    return {a.arg for a in args if isinstance(a.annotation, ast.Name) and a.annotation.id == "Translator"}


def _bound_translators(scope: ast.AST, factories: set[str]) -> set[str]:
    """Names assigned a factory's result (``tr = board.tr_for(guild)``) or a context's translator."""
    names = set()
    for node in _own_nodes(scope, ast.Assign):
        value = node.value  # type: ignore[attr-defined]
        if isinstance(value, ast.IfExp):
            value = value.body
        is_translator = (isinstance(value, ast.Call) and _name(value.func) in factories) or (
            isinstance(value, ast.Attribute) and value.attr in TRANSLATOR_NAMES
        )
        if is_translator:
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}  # type: ignore[attr-defined]
    return names


def _name(func: ast.expr) -> str | None:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def _own_nodes(scope: ast.AST, kind: type[ast.AST]) -> Iterator[ast.AST]:
    """The nodes of ``kind`` in ``scope``, not in the functions it defines (they are scopes too)."""
    for child in ast.iter_child_nodes(scope):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if isinstance(child, kind):
            yield child
        yield from _own_nodes(child, kind)


def _key_argument(call: ast.Call, translators: set[str], factories: set[str]) -> ast.expr | None:
    func = call.func
    named = _name(func)
    factory = isinstance(func, ast.Call) and _name(func.func) in factories
    if (named in translators or named == "Refusal" or factory) and call.args:
        return call.args[0]
    return None


def _keys(node: ast.expr, scope: ast.AST, module_dicts: dict[str, ast.expr]) -> tuple[set[str], str | None]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}, None
    if isinstance(node, ast.IfExp):
        return _merge(_keys(node.body, scope, module_dicts), _keys(node.orelse, scope, module_dicts))
    if isinstance(node, ast.Dict):
        found: tuple[set[str], str | None] = (set(), None)
        for value in node.values:
            found = _merge(found, _keys(value, scope, module_dicts))
        return found
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
        found = _keys(node.func.value, scope, module_dicts)
        return _merge(found, _keys(node.args[1], scope, module_dicts)) if len(node.args) > 1 else found
    if isinstance(node, ast.Name):
        return _local_keys(node.id, scope, module_dicts)
    source = ast.unparse(node)
    if source in DYNAMIC:
        return set(DYNAMIC[source]), None
    return set(), source


def _local_keys(name: str, scope: ast.AST, module_dicts: dict[str, ast.expr]) -> tuple[set[str], str | None]:
    found: tuple[set[str], str | None] = (set(), None)
    bound = False
    for node in _own_nodes(scope, ast.AST):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            found, bound = _merge(found, _keys(node.value, scope, module_dicts)), True
        elif isinstance(node, (ast.For, ast.comprehension)) and _loops_over_dict_values(node, name):
            source = node.iter.func.value.id  # type: ignore[attr-defined]
            if source in module_dicts:
                found, bound = _merge(found, _keys(module_dicts[source], scope, module_dicts)), True
    return found if bound else (set(), name)


def _loops_over_dict_values(node: ast.For | ast.comprehension, name: str) -> bool:
    """``for _, name in SOME_DICT.items()``."""
    target, it = node.target, node.iter
    return (
        isinstance(target, ast.Tuple)
        and len(target.elts) == 2
        and isinstance(target.elts[1], ast.Name)
        and target.elts[1].id == name
        and isinstance(it, ast.Call)
        and isinstance(it.func, ast.Attribute)
        and it.func.attr == "items"
        and isinstance(it.func.value, ast.Name)
    )


def _merge(a: tuple[set[str], str | None], b: tuple[set[str], str | None]) -> tuple[set[str], str | None]:
    return a[0] | b[0], a[1] or b[1]


def test_the_scan_reads_every_key_the_code_passes() -> None:
    """No translator call or Refusal has a key argument the scan cannot work out."""
    found = list(uses())
    assert len(found) > 100, "the scan found too few calls: did the code's translators change names?"
    unread = [f"{u.where}: {u.unread}" for u in found if u.unread]
    assert not unread, "keys the scan cannot read (list them in DYNAMIC, with where they come from):\n" + "\n".join(
        unread
    )


def test_every_key_the_code_uses_exists_in_every_language() -> None:
    """Each key a call can pass has a message in en/rami.ftl and in fr/rami.ftl (no fallback)."""
    missing = [
        f"{u.where}: {key} ({lang})"
        for u in uses()
        for key in sorted(u.keys)
        for lang in LANGUAGES
        if not BOOK.has(lang, key)
    ]
    assert not missing, "\n".join(missing)


def engine_keys() -> set[str]:
    """The ``key="..."`` of the rules engine's errors."""
    keys = set()
    for path in sorted((ROOT / "rummy").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                for kw in node.keywords:
                    if kw.arg == "key" and isinstance(kw.value, ast.Constant) and isinstance(kw.value.value, str):
                        keys.add(kw.value.value)
    return keys


def test_every_engine_refusal_has_a_message() -> None:
    """Each key the rules engine raises has a ``rules.<key>`` message in every language."""
    keys = engine_keys()
    assert {"not_your_turn", "opening_too_low", "table_full"} <= keys
    missing = [
        f"rules.{key} ({lang})" for key in sorted(keys) for lang in LANGUAGES if not BOOK.has(lang, f"rules.{key}")
    ]
    assert not missing, missing


def test_keys_map_to_distinct_ids() -> None:
    """Writing "." and "_" as "-" never makes two of the code's keys one Fluent id."""
    keys = {key for u in uses() for key in u.keys} | {f"rules.{key}" for key in engine_keys()}
    by_id: dict[str, set[str]] = {}
    for key in keys:
        by_id.setdefault(message_id(key), set()).add(key)
    assert not {mid: ks for mid, ks in by_id.items() if len(ks) > 1}
