"""The rules engine's names in a player's language: the presets' titles and descriptions, the
house rules' and table options' help and values (``/lobby set``, the lobby's board); and which
language a server's public messages are written in (:func:`public_tr`).

``rummy/`` names things in code (``ace``, ``low_or_high``, ``True``); the catalog writes them
for players. English reads as the engine shows them (``low_or_high``, ``yes``, ``60s``), which is
also what ``/lobby set`` takes; French reads them in French. A preset or a value the catalog does
not have (a new one) reads as the engine writes it.
"""

from __future__ import annotations

import re
from enum import Enum

from rummy.rules import KNOBS, PRESETS, Rules
from rummy.table import BOT_LEVELS, Table
from rummy.table_options import OPTIONS
from service.catalog import BOOK, EN, SOURCE_LANGUAGE, Translator, translator
from service.settings import ServerSettings

SECONDS = frozenset({"turn_timer", "bot_pause"})  # the table options counted in seconds


def public_tr(settings: ServerSettings, guild_id: int, reported: object) -> Translator:
    """The translator of a server's public messages: the language its admins chose with
    ``/rami language``, else the locale the server reports (``reported``). Every public message
    (the channel's lines, the board, the timers', the final message) takes its language here."""
    return translator(settings.public_language(guild_id, reported))


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


def bot_name(level: str, n: int, tr: Translator) -> str:
    """A computer player's name: "Bot (hard)", "Bot 2 (easy)" (its level, and which of that level)."""
    key = f"level_{level}"
    shown = tr(key) if key in EN else level
    return tr("bot_name", level=shown) if n == 1 else tr("bot_name_nth", level=shown, n=n)


def player_name(table: Table, seat: int, tr: Translator) -> str:
    """A seat's name as stored, or a computer player's in ``tr``'s language: the engine names them
    in English ("Bot 2 (easy)", :func:`rummy.lobby.add_bot`), from the level and which of that level
    they are, which the name is read back from here."""
    player = table.players[seat]
    level = player.bot_level
    if not player.is_bot or level is None:
        return player.name
    n = 1 + sum(1 for p in table.players[:seat] if p.is_bot and p.bot_level == level)
    if player.name != bot_name(level, n, _ENGLISH):
        return stored_bot_name(player.name, tr)  # a tournament's numbered one, or a person's name as stored
    return bot_name(level, n, tr)


_STORED_BOT = re.compile(r"Bot(?: (?P<n>[1-9][0-9]{0,2}))? \((?P<level>[a-z]+)\)")


def stored_bot_name(name: str, tr: Translator) -> str:
    """A computer player's stored (English) name in ``tr``'s language ("Bot (hard)", "Bot 2 (easy)",
    and a tournament's numbered "Bot 12 (hard)" alike); any other name as it is."""
    found = _STORED_BOT.fullmatch(name)
    if found is None or found["level"] not in BOT_LEVELS:
        return name
    level = found["level"]
    shown = tr(f"level_{level}")
    return tr("bot_name", level=shown) if found["n"] is None else tr("bot_name_nth", level=shown, n=int(found["n"]))


_ENGLISH = BOOK.translator(SOURCE_LANGUAGE)
