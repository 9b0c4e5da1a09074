"""A server's defaults for its new tables: the preset ``/lobby create`` opens when none is given,
the server's house rules of each preset, and the table options. Pure: no I/O.

The values are those of the lobby (``/lobby set``), read and refused by the same functions
(:func:`rummy.lobby.house_rules_with`, :func:`rummy.lobby.options_with`): no second list of knobs.
House rules belong to a preset (a knob means something only against its preset's rules): a table
opened with preset ``P`` starts from the server's house rules of ``P``, whether ``P`` is the
server's default preset or the one the host named, and from the server's table options whatever
its preset. A value equal to the preset's own (or the bot's own, for an option) is no default at
all: setting it removes it, as ``/lobby set`` does.

The defaults round-trip through a versioned JSON document (:meth:`TableDefaults.to_json`);
:meth:`TableDefaults.from_json` checks it again on every read, and keeps only what the rules of
this version accept: a part it cannot use (an unknown schema, preset, knob or option, a value or a
combination no longer allowed) is left out and named in the reasons it returns, never raised.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rummy.errors import RummyError
from rummy.lobby import house_rules_with, options_with
from rummy.rules import KNOBS, PRESETS, Rules, find_preset
from rummy.table import DEFAULT_PRESET, Table
from rummy.table_options import OPTIONS, TableOptions

DEFAULTS_SCHEMA = 1
_BOT_OPTIONS = TableOptions()


def _option_text(value: Any) -> str | None:
    """A stored option value as ``/lobby set`` would take it (None: not a value an option has)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, float)):
        return repr(value)
    return None


@dataclass(frozen=True)
class TableDefaults:
    """A server's defaults. ``preset``: None for the bot's own (:data:`~rummy.table.DEFAULT_PRESET`);
    ``house_rules``: preset -> the knobs it changes, as a table stores them (``Table.overrides``);
    ``options``: the table options that differ from the bot's, by name (values of
    :class:`~rummy.table_options.TableOptions`). Treat it as immutable: every ``with_*`` returns a
    new one."""

    preset: str | None = None
    house_rules: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def empty(self) -> bool:
        return self.preset is None and not self.house_rules and not self.options

    @property
    def preset_name(self) -> str:
        """The preset a table opens with when its host names none."""
        return self.preset or DEFAULT_PRESET

    # -- changing ----------------------------------------------------------------------------
    def with_preset(self, name: str) -> TableDefaults:
        """The default preset ``name`` (the bot's own one is stored as no choice); raises
        :class:`~rummy.errors.BadRules` for an unknown preset."""
        chosen = find_preset(name).name
        return dataclasses.replace(self, preset=None if chosen == DEFAULT_PRESET else chosen)

    def with_rule(self, name: str, value: str, preset: str | None = None) -> tuple[TableDefaults, Rules]:
        """The house rule ``name`` set to ``value`` for ``preset`` (default: the default preset),
        and the rules of that preset the server's tables now start from; refused as the lobby
        refuses it (:func:`rummy.lobby.house_rules_with`)."""
        preset = find_preset(preset or self.preset_name).name
        overrides, rules = house_rules_with(preset, dict(self.house_rules.get(preset, {})), name.strip().lower(), value)
        house = {p: o for p, o in self.house_rules.items() if p != preset}
        if overrides:
            house[preset] = overrides
        return dataclasses.replace(self, house_rules=house), rules

    def with_option(self, name: str, value: str) -> tuple[TableDefaults, str]:
        """The table option ``name`` set to ``value``, and the value as shown; refused as the lobby
        refuses it (:func:`rummy.lobby.options_with`; a name that is no option: ``no_such_setting``)."""
        key = name.strip().lower()
        if key not in OPTIONS:
            raise RummyError(
                f"There is no rule or option called {name!r}.", key="no_such_setting", params={"name": repr(name)}
            )
        options, shown = options_with(self.table_options(), key, value)
        chosen = {k: v for k, v in self.options.items() if k != key}
        if getattr(options, key) != getattr(_BOT_OPTIONS, key):
            chosen[key] = getattr(options, key)
        return dataclasses.replace(self, options=chosen), shown

    # -- reading -----------------------------------------------------------------------------
    def rules(self, preset: str | None = None) -> Rules:
        """The rules of ``preset`` (default: the default preset) with the server's house rules."""
        name = find_preset(preset or self.preset_name).name
        return find_preset(name).with_overrides(**self.house_rules.get(name, {}))

    def table_options(self) -> TableOptions:
        return dataclasses.replace(_BOT_OPTIONS, **self.options)

    def server_rules(self, preset: str, overrides: Mapping[str, Any]) -> frozenset[str]:
        """The knobs of a table's house rules (``overrides``, of ``preset``) that are the server's:
        those the table plays as the server set them (a host may have changed the others)."""
        mine = self.house_rules.get(preset, {})
        return frozenset(k for k, v in overrides.items() if k in mine and mine[k] == v)

    def open_table(
        self, guild_id: int, channel_id: int, host_id: int, host_name: str, preset: str | None, seed: int | None
    ) -> Table:
        """A new lobby that starts from these defaults: ``preset`` if the host named one, else the
        default preset; the server's house rules of that preset; the server's table options."""
        table = Table.new(guild_id, channel_id, host_id, host_name, preset or self.preset_name, seed=seed)
        table.overrides = dict(self.house_rules.get(table.preset, {}))
        table.options = self.table_options()
        return table

    # -- the stored document -----------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "schema": DEFAULTS_SCHEMA,
            "preset": self.preset,
            "house_rules": {p: dict(o) for p, o in self.house_rules.items()},
            "options": dict(self.options),
        }

    @classmethod
    def from_json(cls, data: object) -> tuple[TableDefaults, list[str]]:
        """The defaults a stored document holds, checked by this version's rules, and why each part
        left out was (none for a document this version wrote). Never raises."""
        if not isinstance(data, dict) or data.get("schema") != DEFAULTS_SCHEMA:
            schema = data.get("schema") if isinstance(data, dict) else None
            return cls(), [f"not a defaults document of schema {DEFAULTS_SCHEMA} (schema {schema!r})"]
        dropped: list[str] = []
        preset = data.get("preset")
        if preset is not None and (not isinstance(preset, str) or preset not in PRESETS):
            dropped.append(f"preset {preset!r}: no such preset")
            preset = None
        house: dict[str, dict[str, Any]] = {}
        stored_rules = data.get("house_rules")
        for name, overrides in (stored_rules if isinstance(stored_rules, dict) else {}).items():
            kept = _house_rules(name, overrides, dropped)
            if kept:
                house[name] = kept
        options: dict[str, Any] = {}
        stored_options = data.get("options")
        for name, value in (stored_options if isinstance(stored_options, dict) else {}).items():
            text = _option_text(value)
            if name not in OPTIONS or text is None:
                dropped.append(f"option {name!r} = {value!r}: not a value of {name!r}")
                continue
            try:
                options[name] = getattr(options_with(_BOT_OPTIONS, name, text)[0], name)
            except RummyError as exc:
                dropped.append(f"option {name!r} = {value!r}: {exc}")
        return cls(preset if preset != DEFAULT_PRESET else None, house, options), dropped


def _house_rules(preset: object, overrides: object, dropped: list[str]) -> dict[str, Any]:
    """A preset's stored house rules as this version reads them: the knobs it no longer has are
    left out one by one; a set that no longer works together is left out whole."""
    if not isinstance(preset, str) or preset not in PRESETS or not isinstance(overrides, dict):
        dropped.append(f"house rules of {preset!r}: no such preset")
        return {}
    known: dict[str, Any] = {}
    for name, value in overrides.items():
        knob = KNOBS.get(name)
        if knob is None:
            dropped.append(f"house rule {name!r} = {value!r} of {preset}: no such knob")
            continue
        try:
            known[name] = knob.coerce(value)
        except RummyError as exc:
            dropped.append(f"house rule {name!r} = {value!r} of {preset}: {exc}")
    base = find_preset(preset)
    try:
        return base.with_overrides(**known).overrides_from(base)
    except RummyError as exc:
        dropped.append(f"house rules of {preset} {overrides!r}: {exc}")
        return {}
