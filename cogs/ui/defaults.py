"""``/rami defaults``: a server's defaults for its new tables, for members with Manage Server.

Each flow checks the permission (Discord hides ``/rami`` from the others, but a server may give
the command to anyone), makes one change through :class:`service.defaults.ServerDefaults` (refused
as ``/lobby set`` refuses it, nothing stored then), and answers privately with what changed and
what the server's defaults now are (:func:`defaults_text`).
"""

from __future__ import annotations

from cogs.ui import sentences, words
from cogs.ui.choices import checked
from cogs.ui.context import Ctx, reply
from rummy.defaults import TableDefaults
from rummy.rules import KNOBS, PRESETS, find_preset
from rummy.table_options import OPTIONS
from service.catalog import Translator
from service.model import Refusal

MESSAGE_LIMIT = 2000


def admin(ctx: Ctx) -> Ctx:
    """``ctx``, if its caller has Manage Server in this server; refused otherwise."""
    if not ctx.interaction.permissions.manage_guild:
        raise Refusal("defaults_manage_guild_only")
    return ctx


def defaults_text(defaults: TableDefaults, tr: Translator, limit: int = MESSAGE_LIMIT) -> str:
    """The server's defaults in ``tr``'s language, within ``limit`` characters: the default preset,
    the house rules of each preset that has some (one line each with the preset's value, else one
    line per preset), the
    table options that differ from the bot's, and how a table takes them."""
    rules = find_preset(defaults.preset_name)
    key = "defaults_preset_bot" if defaults.preset is None else "defaults_preset"
    head = [tr("defaults_title"), tr(key, title=words.preset_title(rules, tr), name=rules.name)]
    options = defaults.table_options()
    shown = [
        tr("defaults_option", name=name, value=words.setting_value(name, getattr(options, name), tr))
        for name in OPTIONS
        if name in defaults.options
    ]
    tail = [tr("defaults_options", options=", ".join(shown)) if shown else tr("defaults_no_options")]
    tail.append(tr("defaults_how"))
    long: list[str] = []
    short: list[str] = []
    for name in PRESETS:
        if not defaults.house_rules.get(name):
            continue
        preset_rules = defaults.rules(name)
        title = tr("defaults_house_rules", title=words.preset_title(preset_rules, tr), name=name)
        long += [title, *(f"- {line}" for line in words.house_rules(preset_rules, tr))]
        values = [
            tr("defaults_option", name=knob, value=words.setting_value(knob, getattr(preset_rules, knob), tr))
            for knob in defaults.house_rules[name]
        ]
        short.append(f"{title} {', '.join(values)}")
    if not long:
        long = short = [tr("defaults_no_house_rules")]
    text = "\n".join([*head, *long, *tail])
    if len(text) > limit:  # one line per preset, without the preset's own values
        text = "\n".join([*head, *short, *tail])
    return sentences.clip(text, limit)


async def _answer(ctx: Ctx, defaults: TableDefaults, said: str | None = None) -> None:
    """``said`` (what changed), then the defaults as they now are: one message."""
    if said is None:
        text = defaults_text(defaults, ctx.tr)
    else:
        text = f"{said}\n\n{defaults_text(defaults, ctx.tr, MESSAGE_LIMIT - len(said) - 2)}"
    await reply(ctx.interaction, text, ephemeral=True)


async def show(ctx: Ctx) -> None:
    await _answer(admin(ctx), await ctx.service.defaults.get(ctx.guild_id))


async def set_preset(ctx: Ctx, preset: str) -> None:
    defaults = await admin(ctx).service.defaults.set_preset(ctx.guild_id, preset)
    rules = find_preset(defaults.preset_name)
    said = ctx.tr("defaults_preset_set", title=words.preset_title(rules, ctx.tr), name=rules.name)
    await _answer(ctx, defaults, said)


async def set_rule(ctx: Ctx, rule: str, value: str, preset: str | None) -> None:
    admin(ctx)
    rule, value = checked(rule, value, KNOBS)
    defaults, rules = await ctx.service.defaults.set_rule(ctx.guild_id, rule, value, preset)
    name = rule.strip().lower()
    shown = words.setting_value(name, getattr(rules, name), ctx.tr)
    key = "defaults_rule_set" if name in defaults.house_rules.get(rules.name, {}) else "defaults_rule_preset"
    await _answer(ctx, defaults, ctx.tr(key, name=name, value=shown, preset=rules.name))


async def set_option(ctx: Ctx, option: str, value: str) -> None:
    admin(ctx)
    option, value = checked(option, value, OPTIONS)
    defaults, _shown = await ctx.service.defaults.set_option(ctx.guild_id, option, value)
    name = option.strip().lower()
    shown = words.setting_value(name, getattr(defaults.table_options(), name), ctx.tr)
    await _answer(ctx, defaults, ctx.tr("defaults_option_set", name=name, value=shown))


async def reset(ctx: Ctx) -> None:
    await admin(ctx).service.defaults.reset(ctx.guild_id)
    await reply(ctx.interaction, ctx.tr("defaults_reset"), ephemeral=True)
