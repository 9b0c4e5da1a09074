"""Discord's limits, kept in one place: on what players type, and on everything the bot sends.

Input: free-text options have a ``max_length`` in the synced schema (Discord's client enforces
it) and :func:`typed` refuses anything longer that still arrives (a forged interaction), quoting
nothing; :func:`chosen` refuses a value outside an option's choices. When a reply must name what
was typed, it shows :func:`quote`: a short, clipped piece with markdown and mentions defused.

Output: :func:`fit` clips a message's content, embed and components to what Discord accepts
(content 2,000 characters; embed title 256, description 4,096, field name 256 and value 1,024,
footer 2,048, 25 fields, 6,000 in all; 25 options per select; button labels 80, option labels,
values and descriptions 100, placeholders 150). It is applied where messages go out
(:func:`cogs.ui.context.reply` and :func:`~cogs.ui.context.update`, the board's sends and edits),
so no call site has to count. What already fits is sent as it is, untouched and uncopied.
"""

from __future__ import annotations

import copy
from collections.abc import Collection, Iterable
from typing import Any

import discord

from cogs.ui.sentences import clip, display
from service.model import Refusal

CONTENT = 2000
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
AUTHOR = 256
FIELDS = 25
EMBED_TOTAL = 6000
BUTTON_LABEL = 80
OPTION_TEXT = 100  # a select option's label, value and description
PLACEHOLDER = 150
OPTIONS = 25
ROWS = 5
ROW_BUTTONS = 5
QUOTE = 40  # characters of a player's text a reply may show back
BLANK = "\u200b"  # what Discord shows as nothing, for a field that must not be empty


# -- input --------------------------------------------------------------------------------------


def quote(text: str, limit: int = QUOTE) -> str:
    """A piece of what a player typed, safe to show back: on one line, at most ``limit``
    characters (then "…"), with its markdown escaped and its mentions defused (as a name is,
    :func:`cogs.ui.sentences.display`)."""
    return display(clip(" ".join(str(text).split()), limit))


def typed(text: str, limit: int, option: str) -> str:
    """A free-text ``option`` as typed; refused beyond ``limit`` characters (the schema's
    ``max_length``, which only a forged interaction can pass)."""
    if len(text) > limit:
        raise Refusal("too_long", option=option, max=limit)
    return text


def chosen(value: str, choices: Collection[str], option: str) -> str:
    """An option that has choices: refused (without echoing it) unless it is one of them."""
    if value not in choices:
        raise Refusal("bad_choice", option=option, choices=", ".join(choices))
    return value


# -- output -------------------------------------------------------------------------------------


def fit(kwargs: dict[str, Any]) -> dict[str, Any]:
    """The keyword arguments of a send or an edit, with ``content``, ``embed`` and ``view`` fitted
    (in place, and returned)."""
    content, embed, view = kwargs.get("content"), kwargs.get("embed"), kwargs.get("view")
    if isinstance(content, str) and len(content) > CONTENT:
        kwargs["content"] = clip(content, CONTENT)
    if isinstance(embed, discord.Embed):
        kwargs["embed"] = fit_embed(embed)
    if isinstance(view, discord.ui.View):
        kwargs["view"] = fit_view(view)
    return kwargs


def _embed_fits(embed: discord.Embed) -> bool:
    if len(embed) > EMBED_TOTAL or len(embed.title or "") > EMBED_TITLE:
        return False
    if len(embed.description or "") > EMBED_DESCRIPTION or len(embed.fields) > FIELDS:
        return False
    if len(embed.footer.text or "") > FOOTER or len(embed.author.name or "") > AUTHOR:
        return False
    return all(0 < len(f.name or "") <= FIELD_NAME and 0 < len(f.value or "") <= FIELD_VALUE for f in embed.fields)


def fit_embed(embed: discord.Embed) -> discord.Embed:
    """``embed`` itself when it fits; otherwise a clipped copy (the original is left as it was:
    embeds are shared, e.g. the board's between redraws). Past 6,000 characters in all, the
    description gives way first, then the fields from the last one up."""
    if _embed_fits(embed):
        return embed
    data: dict[str, Any] = copy.deepcopy(dict(embed.to_dict()))
    if data.get("title"):
        data["title"] = clip(str(data["title"]), EMBED_TITLE)
    if data.get("description"):
        data["description"] = clip(str(data["description"]), EMBED_DESCRIPTION)
    for part, limit in (("footer", FOOTER), ("author", AUTHOR)):
        key = "text" if part == "footer" else "name"
        if data.get(part, {}).get(key):
            data[part][key] = clip(str(data[part][key]), limit)
    fields = data.get("fields", [])[:FIELDS]
    for f in fields:
        f["name"] = clip(str(f.get("name") or ""), FIELD_NAME) or BLANK
        f["value"] = clip(str(f.get("value") or ""), FIELD_VALUE) or BLANK
    excess = _total(data, fields) - EMBED_TOTAL
    if excess > 0 and data.get("description"):
        keep = max(1, len(data["description"]) - excess)
        data["description"] = clip(data["description"], keep)
        excess = _total(data, fields) - EMBED_TOTAL
    while excess > 0 and fields:
        last = fields[-1]
        room = len(last["value"]) - excess
        if room >= 1:
            last["value"] = clip(last["value"], room)
        else:
            fields.pop()
        excess = _total(data, fields) - EMBED_TOTAL
    data["fields"] = fields
    return discord.Embed.from_dict(data)


def _total(data: dict[str, Any], fields: list[dict[str, Any]]) -> int:
    texts = [data.get("title"), data.get("description"), data.get("footer", {}).get("text")]
    texts.append(data.get("author", {}).get("name"))
    return sum(len(str(t)) for t in texts if t) + sum(len(f["name"]) + len(f["value"]) for f in fields)


def fit_view(view: discord.ui.View) -> discord.ui.View:
    """``view`` itself when its components fit; otherwise a new finished view of the same components,
    clipped, as plain buttons and selects with the same ``custom_id`` (every view the bot sends is
    finished, so clicks are routed by ``custom_id`` to the registered items). A ``custom_id`` is never
    clipped: :func:`cogs.ui.components.custom_id` refuses to build a long one."""
    rows = view.to_components()
    if _rows_fit(rows):
        return view
    fitted = discord.ui.View(timeout=None)
    for number, row in enumerate(rows[:ROWS]):
        for component in _fit_row(row)["components"]:
            fitted.add_item(_item(component, number))
    fitted.stop()
    return fitted


def _item(c: dict[str, Any], row: int) -> discord.ui.Item[Any]:
    """A button or a select rebuilt from its (fitted) components JSON, on row ``row``."""
    if c.get("options") is None:
        emoji = c.get("emoji")
        return discord.ui.Button(
            style=discord.ButtonStyle(int(c.get("style", discord.ButtonStyle.secondary.value))),
            label=c.get("label"),
            custom_id=c.get("custom_id"),
            disabled=bool(c.get("disabled")),
            emoji=discord.PartialEmoji.from_dict(emoji) if emoji else None,
            row=row,
        )
    options = [
        discord.SelectOption(
            label=str(o["label"]),
            value=str(o["value"]),
            description=o.get("description"),
            default=bool(o.get("default")),
        )
        for o in c["options"]
    ]
    return discord.ui.Select(
        custom_id=str(c["custom_id"]),
        placeholder=c.get("placeholder"),
        min_values=int(c.get("min_values", 1)),
        max_values=int(c.get("max_values", 1)),
        options=options,
        disabled=bool(c.get("disabled")),
        row=row,
    )


def _rows_fit(rows: list[dict[str, Any]]) -> bool:
    if len(rows) > ROWS:
        return False
    for row in rows:
        children = row.get("components", [])
        if len(children) > ROW_BUTTONS or not all(_component_fits(c) for c in children):
            return False
    return True


def _component_fits(c: dict[str, Any]) -> bool:
    if len(str(c.get("label") or "")) > BUTTON_LABEL or len(str(c.get("placeholder") or "")) > PLACEHOLDER:
        return False
    options = c.get("options")
    if options is None:
        return True
    if not 1 <= len(options) <= OPTIONS or c.get("max_values", 1) > len(options):
        return False
    if len({str(o.get("value")) for o in options}) != len(options):
        return False
    return all(
        0 < len(str(o.get("label") or "")) <= OPTION_TEXT
        and 0 < len(str(o.get("value") or "")) <= OPTION_TEXT
        and len(str(o.get("description") or "")) <= OPTION_TEXT
        for o in options
    )


def _fit_row(row: dict[str, Any]) -> dict[str, Any]:
    return {**row, "components": [_fit_component(c) for c in row.get("components", [])[:ROW_BUTTONS]]}


def _fit_component(c: dict[str, Any]) -> dict[str, Any]:
    c = dict(c)
    if c.get("label"):
        c["label"] = clip(str(c["label"]), BUTTON_LABEL)
    if c.get("placeholder"):
        c["placeholder"] = clip(str(c["placeholder"]), PLACEHOLDER)
    if c.get("options") is not None:
        c["options"] = _fit_options(c["options"])
        c["max_values"] = max(1, min(int(c.get("max_values", 1)), len(c["options"])))
        c["min_values"] = min(int(c.get("min_values", 1)), c["max_values"])
    return c


def _fit_options(options: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """At most 25 options, each with a label and value of 1 to 100 characters; a value that would
    be cut is dropped instead (a cut value is not one the component can read back)."""
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for o in options:
        value = str(o.get("value") or "")
        if not 0 < len(value) <= OPTION_TEXT or value in seen:
            continue
        seen.add(value)
        o = {**o, "label": clip(str(o.get("label") or value), OPTION_TEXT)}
        if o.get("description"):
            o["description"] = clip(str(o["description"]), OPTION_TEXT)
        out.append(o)
        if len(out) == OPTIONS:
            break
    return out or [{"label": "—", "value": "none", "default": False}]
