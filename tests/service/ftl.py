"""The catalog's Fluent files as syntax trees (fluent.syntax), and arguments made to fill their messages.

The files are parsed here on their own, not taken from ``service.catalog``, so that the tests read
what a translator wrote.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from fluent.syntax import FluentParser, ast
from fluent.syntax.visitor import Visitor

from service.catalog import LANGUAGES, RESOURCE

LOCALES = Path(__file__).resolve().parents[2] / "service" / "locales"


@cache
def resource(lang: str) -> ast.Resource:
    return FluentParser().parse((LOCALES / lang / RESOURCE).read_text(encoding="utf-8"))


def messages(lang: str) -> dict[str, ast.Message]:
    return {e.id.name: e for e in resource(lang).body if isinstance(e, ast.Message)}


def terms(lang: str) -> dict[str, ast.Term]:
    return {e.id.name: e for e in resource(lang).body if isinstance(e, ast.Term)}


@dataclass
class Reads(Visitor):
    """What a pattern reads: its variables (the ones used as selectors, and as NUMBER()'s
    argument, apart), the terms and messages it names, and its text."""

    variables: set[str] = field(default_factory=set)
    selectors: dict[str, set[str]] = field(default_factory=dict)  # variable -> its variants' keys
    numbers: set[str] = field(default_factory=set)  # variables given to NUMBER()
    terms: set[str] = field(default_factory=set)
    messages: set[str] = field(default_factory=set)
    texts: list[str] = field(default_factory=list)

    def visit_VariableReference(self, node: ast.VariableReference) -> None:
        self.variables.add(node.id.name)

    def visit_SelectExpression(self, node: ast.SelectExpression) -> None:
        if isinstance(node.selector, ast.VariableReference):
            keys = self.selectors.setdefault(node.selector.id.name, set())
            keys |= {v.key.name if isinstance(v.key, ast.Identifier) else v.key.value for v in node.variants}
        self.generic_visit(node)

    def visit_FunctionReference(self, node: ast.FunctionReference) -> None:
        if node.id.name == "NUMBER":
            self.numbers |= {a.id.name for a in node.arguments.positional if isinstance(a, ast.VariableReference)}
        self.generic_visit(node)

    def visit_TermReference(self, node: ast.TermReference) -> None:
        self.terms.add(node.id.name)
        self.generic_visit(node)  # a term's arguments are literals: they read no variable

    def visit_MessageReference(self, node: ast.MessageReference) -> None:
        self.messages.add(node.id.name)

    def visit_TextElement(self, node: ast.TextElement) -> None:
        self.texts.append(node.value)


def reads(node: ast.BaseNode) -> Reads:
    found = Reads()
    found.visit(node)
    return found


def variables(lang: str, mid: str, seen: frozenset[str] = frozenset()) -> set[str]:
    """The variables message ``mid`` reads, with those of the messages it names (a referenced
    message shares the caller's variables; a term's variables are its own)."""
    message = messages(lang)[mid]
    found = reads(message)
    names = set(found.variables)
    for other in found.messages - seen - {mid}:
        names |= variables(lang, other, seen | {mid})
    return names


def plural_counts(lang: str, mid: str) -> set[str]:
    """The variables a message selects a plural form on (variants keyed one/other...)."""
    categories = {"zero", "one", "two", "few", "many", "other"}
    return {name for name, keys in reads(messages(lang)[mid]).selectors.items() if keys & categories}


def numeric(mid: str) -> set[str]:
    """The variables of ``mid`` that must be numbers in any language (selectors, NUMBER())."""
    names: set[str] = set()
    for lang in LANGUAGES:
        found = reads(messages(lang)[mid])
        names |= set(found.selectors) | found.numbers
    return names


def sample_args(mid: str, count: int | float = 5, **fixed: object) -> dict[str, object]:
    """Arguments for every variable ``mid`` reads in any language: ``count`` for a number, a
    short text without digits for anything else; ``fixed`` wins."""
    names = set().union(*(variables(lang, mid) for lang in LANGUAGES))
    args: dict[str, object] = {name: count if name in numeric(mid) else f"<{name}>" for name in names}
    args.update(fixed)
    return args
