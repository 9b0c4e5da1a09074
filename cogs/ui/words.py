"""The rules engine's names in a player's language: the presets' titles and descriptions, the
house rules' and table options' help and values (``/lobby set``, the lobby's board).

``rummy/`` names things in code (``ace``, ``low_or_high``, ``True``); the catalog writes them
for players. English reads as the engine shows them (``low_or_high``, ``yes``, ``60s``), which is
also what ``/lobby set`` takes; French reads them in French. A preset or a value the catalog does
not have (a new one) reads as the engine writes it.
"""

from __future__ import annotations

from enum import Enum

from rummy.rules import KNOBS, PRESETS, Rules
from rummy.table import Table
from rummy.table_options import OPTIONS
from service.catalog import EN, Translator

SECONDS = frozenset({"turn_timer", "bot_pause"})  # the table options counted in seconds


def preset_title(rules: Rules, tr: Translator) -> str:
    key = f"preset_{rules.name}_title"
    return tr(key) if key in EN else rules.title


def preset_description(rules: Rules, tr: Translator) -> str:
    key = f"preset_{rules.name}_description"
    return tr(key) if key in EN else rules.description


def setting_help(name: str, tr: Translator) -> str:
    """What a house rule or a table option does (``/lobby set``'s autocomplete)."""
    key = f"knob_{name}"
    if key in EN:
        return tr(key)
    option = OPTIONS.get(name)
    return option.help if option is not None else KNOBS[name].help if name in KNOBS else ""


def setting_value(name: str, value: object, tr: Translator) -> str:
    """A house rule's or a table option's value as players read it."""
    if value is None:
        return tr("value_none")
    if isinstance(value, bool):
        return tr("value_yes" if value else "value_no")
    if isinstance(value, Enum):
        key = f"value_{value.value}"
        return tr(key) if key in EN else str(value.value)
    if name in SECONDS and isinstance(value, (int, float)):
        return tr("value_seconds", n=f"{value:g}")
    return str(value)


def current_value(table: Table, name: str) -> object:
    """The value a table plays for a house rule or a table option."""
    return getattr(table.options, name) if name in OPTIONS else getattr(table.rules, name)


def house_rules(rules: Rules, tr: Translator) -> list[str]:
    """One line per house rule where ``rules`` differs from its preset (none for a plain preset)."""
    base = PRESETS.get(rules.name)
    if base is None:
        return []
    return [
        tr(
            "house_rule",
            name=name,
            value=setting_value(name, getattr(rules, name), tr),
            preset=setting_value(name, getattr(base, name), tr),
        )
        for name in rules.overrides_from(base)
    ]
