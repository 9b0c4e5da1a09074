"""The rules of a table in a player's language: the facts of :func:`rummy.describe.describe_rules`
written by the catalog (``describe.<key>``, one message per fact), for ``/rules``.

A fact's values are written first (a fact among them is a sentence of its own, a list is joined
with commas), then its message; a fact that RULES.md decided for the table's preset is marked
(``describe.decided``). The whole text fits one Discord message (:data:`MESSAGE_LIMIT`): when it
would not, the house rules are summed up, then the facts take their short wordings (the
``describe.<key>.brief`` messages, which leave out the French words in an English text, reminders
no knob changes and the card values the scoring line gives) with the house rules as long as fits.
A house rule that is the server's default (``/rami defaults``, :mod:`service.defaults`) is marked
(``describe.server_rule``) wherever the house rules are written out one by one.
"""

from __future__ import annotations

from collections.abc import Collection

from rummy.describe import Fact, RulesFacts, describe_rules
from rummy.lobby import BOT_LEVELS
from rummy.rules import Rules
from service.catalog import EN, Translator

MESSAGE_LIMIT = 2000  # characters in one Discord message


def fact_text(fact: Fact | int, tr: Translator, *, brief: bool = False) -> str:
    """One fact in ``tr``'s language (a number as it is), its values written first."""
    if isinstance(fact, int):
        return str(fact)
    args: dict[str, object] = {}
    for name, value in fact.params:
        if isinstance(value, tuple):
            args[name] = ", ".join(fact_text(item, tr, brief=brief) for item in value)
        elif isinstance(value, Fact):
            args[name] = fact_text(value, tr, brief=brief)
        else:
            args[name] = value
    key = f"describe.{fact.key}"
    if brief and f"{key}.brief" in EN:
        key = f"{key}.brief"
    text = tr(key, **args)
    return tr("describe.decided", text=text) if fact.decision else text


def preset_title(name: str, title: str, tr: Translator) -> str:
    """A preset's title in ``tr``'s language (a preset the catalog lacks: as the engine names it)."""
    key = f"preset_{name}_title"
    return tr(key) if key in EN else title


def setting_shown(value: str, tr: Translator) -> str:
    """A knob's value as ``/lobby set`` takes it (``yes``, ``low_or_high``, ``51``), in ``tr``'s language."""
    key = f"value_{value}"
    return tr(key) if key in EN else value


def house_rule_text(fact: Fact, tr: Translator, *, explain: bool = True, server: Collection[str] = ()) -> str:
    """A ``house_rule`` fact: the knob, its value and the preset's, and with ``explain`` what it
    does; marked as the server's default when its knob is in ``server``."""
    name = str(fact["name"])
    value, preset = setting_shown(str(fact["value"]), tr), setting_shown(str(fact["preset"]), tr)
    help_key = f"knob_{name}"
    if explain and help_key in EN:
        text = tr("describe.house_rule", name=name, value=value, preset=preset, help=tr(help_key))
    else:
        text = tr("house_rule", name=name, value=value, preset=preset)
    return tr("describe.server_rule", text=text) if name in server else text


def _body(facts: RulesFacts, tr: Translator, *, brief: bool) -> str:
    title = preset_title(facts.name, facts.title, tr)
    head = tr("describe.title_house" if facts.house_rules else "describe.title", title=title, name=facts.name)
    return "\n".join([head, *(fact_text(section, tr, brief=brief) for section in facts.sections)])


def facts_text(facts: RulesFacts, tr: Translator, limit: int = MESSAGE_LIMIT, *, server: Collection[str] = ()) -> str:
    """The rules text of ``facts`` in ``tr``'s language, within ``limit`` characters: the long
    wordings if they fit, else the short ones; the house rules explained, else listed, else named,
    else counted; those whose knob is in ``server`` marked as the server's (explained or listed)."""
    house = facts.house_rules
    endings = [""]
    if house:
        names = ", ".join(str(f["name"]) for f in house)
        endings = [
            "\n".join(["", tr("describe.house_rules"), *(f"- {house_rule_text(f, tr, server=server)}" for f in house)]),
            "\n"
            + tr(
                "describe.house_summary",
                summary="; ".join(house_rule_text(f, tr, explain=False, server=server) for f in house),
            ),
            "\n" + tr("describe.house_summary", summary=tr("describe.house_count", n=len(house), names=names)),
            "\n" + tr("describe.house_above", n=len(house)),
        ]
    text = ""
    for brief in (False, True):
        text = _body(facts, tr, brief=brief)
        for ending in endings:
            if len(text) + len(ending) <= limit:
                return text + ending
    # Never reached by any combination of knobs known when this was written: a last guard.
    return text if len(text) <= limit else text[: limit - 1] + "…"


def rules_text(rules: Rules, tr: Translator, limit: int = MESSAGE_LIMIT, *, server: Collection[str] = ()) -> str:
    """The rules of this table in ``tr``'s language, with every decision named (one message), its
    house rules whose knob is in ``server`` marked as the server's defaults."""
    return facts_text(describe_rules(rules), tr, limit, server=server)


def levels_text(tr: Translator) -> str:
    """The computer players' levels a table offers (``/lobby addbot``), weakest first: a line ``/rules``
    gives beside the rules (apart from them, as the French rules of the 13-card games fill a message)."""
    return tr("describe.levels", levels=", ".join(tr(f"level_{level}") for level in BOT_LEVELS))
