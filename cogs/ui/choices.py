"""What a host (``/lobby set``) and an admin (``/rami defaults``) type to set a house rule or a table
option: the options' types, the check of a typed value, and the autocomplete of names and values.
One vocabulary for both: the names are :mod:`rummy.table_options`' and :mod:`rummy.knobs`'."""

from __future__ import annotations

import re
from collections.abc import Iterable

from discord import app_commands

from cogs.ui import words
from cogs.ui.limits import quote, typed
from rummy.table_options import setting_choices
from service.catalog import Translator
from service.model import Refusal

RULE_LENGTH = 40  # the longest name of a rule or option is 29 characters
VALUE_LENGTH = 40  # values are numbers, yes/no, or names like "after_opening_later_turns"
RuleText = app_commands.Range[str, 1, RULE_LENGTH]
ValueText = app_commands.Range[str, 1, VALUE_LENGTH]
PLAIN_VALUE = re.compile(r"[\w .+-]*")  # what every value of a rule or option is written with


def checked(name: str, value: str, names: Iterable[str]) -> tuple[str, str]:
    """A typed name (one of ``names``, as typed: the rules read it) and value, refused with a reason
    when the name is none of them or the value is not written as values are. The rules' refusals
    quote a value as typed: only a plain one gets that far."""
    name, value = typed(name, RULE_LENGTH, "rule"), typed(value, VALUE_LENGTH, "value")
    if name.strip().lower() not in names:
        raise Refusal("unknown_setting", name=quote(name))
    if not PLAIN_VALUE.fullmatch(value):
        raise Refusal("bad_value", name=name.strip().lower(), value=quote(value))
    return name, value


def name_choices(names: Iterable[str], current: str, tr: Translator) -> list[app_commands.Choice[str]]:
    """The names that hold what was typed, each with what it does in ``tr``'s language."""
    typed_now = current.strip().lower()
    found = [n for n in names if typed_now in n]
    return [app_commands.Choice(name=f"{n}: {words.setting_help(n, tr)}"[:100], value=n) for n in found[:25]]


def value_choices(name: str, current: str) -> list[app_commands.Choice[str]]:
    """The suggested values of the rule or option ``name`` that start with what was typed (which
    comes first, as typed, when it is none of them)."""
    values = [v for v in setting_choices(name.strip().lower()) if v.startswith(current.strip().lower())]
    if current.strip() and current.strip() not in values:
        values.insert(0, current.strip()[:100])
    return [app_commands.Choice(name=v, value=v) for v in values[:25]]
