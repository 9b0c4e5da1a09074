"""Shallow copies of the table's mutable dataclasses (the table, its game and its deal).

The bot copies the table it changes at every action (see :meth:`rummy.table.Table.copy`), so the copy
skips :func:`copy.copy`'s generic machinery. The three classes are dataclasses with ``__slots__`` (no
instance dict: smaller, and quicker to read, for hundreds of games in memory), so each class gets a
copier written for its fields, as :mod:`dataclasses` writes ``__init__``: one assignment per field.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar

T = TypeVar("T")

_COPIERS: dict[type, Callable[[Any], Any]] = {}


def shallow_copy(obj: T) -> T:
    """A new object of the same dataclass with the same attributes (the same objects, not copies)."""
    cls = type(obj)
    copier = _COPIERS.get(cls)
    if copier is None:
        copier = _COPIERS[cls] = _copier(cls)
    result: T = copier(obj)
    return result


def _copier(cls: type) -> Callable[[Any], Any]:
    names = [f.name for f in fields(cls)]
    lines = ["def copy(obj):", "    new = new_object(cls)"]
    lines += [f"    new.{name} = obj.{name}" for name in names]
    lines.append("    return new")
    scope: dict[str, Any] = {"new_object": object.__new__, "cls": cls}
    exec("\n".join(lines), scope)  # the names are the class's own fields, never outside input
    copier: Callable[[Any], Any] = scope["copy"]
    return copier
