"""Discord's documented limits on messages, components and autocomplete, checked like Discord does.

A reply that breaks one of them gets a 400 from the fake, as it would from Discord, so a test catches
it before a real server does.
"""

from __future__ import annotations

from typing import Any

from .models import IS_COMPONENTS_V2, walk_components

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_ROWS = 5
MAX_ROW_BUTTONS = 5
MAX_SELECT_OPTIONS = 25
MAX_CUSTOM_ID = 100
MAX_CHOICES = 25
MAX_V2_COMPONENTS = 40
MAX_BUTTON_LABEL = 80
MAX_OPTION_TEXT = 100  # a select option's label, value and description
MAX_PLACEHOLDER = 150
MAX_CHOICE_TEXT = 100  # an autocomplete choice's name, and its value when it is a string

_EMBED_FIELD_LIMITS = {"title": 256, "description": 4096}


def _embed_problems(index: int, embed: dict[str, Any]) -> list[str]:
    problems = []
    total = 0
    for key, limit in _EMBED_FIELD_LIMITS.items():
        text = str(embed.get(key) or "")
        total += len(text)
        if len(text) > limit:
            problems.append(f"embeds.{index}.{key}: {len(text)} characters, at most {limit}")
    fields = embed.get("fields") or []
    if len(fields) > 25:
        problems.append(f"embeds.{index}.fields: {len(fields)} fields, at most 25")
    for j, fld in enumerate(fields):
        name, value = str(fld.get("name", "")), str(fld.get("value", ""))
        total += len(name) + len(value)
        if not name or not value:
            problems.append(f"embeds.{index}.fields.{j}: name and value must not be empty")
        if len(name) > 256 or len(value) > 1024:
            problems.append(f"embeds.{index}.fields.{j}: name at most 256, value at most 1024")
    footer = str((embed.get("footer") or {}).get("text") or "")
    author = str((embed.get("author") or {}).get("name") or "")
    total += len(footer) + len(author)
    if len(footer) > 2048:
        problems.append(f"embeds.{index}.footer.text: at most 2048 characters")
    if len(author) > 256:
        problems.append(f"embeds.{index}.author.name: at most 256 characters")
    if total > MAX_EMBED_TOTAL:
        problems.append(f"embeds.{index}: {total} characters in all, at most {MAX_EMBED_TOTAL}")
    return problems


def _component_problems(components: list[dict[str, Any]], flags: int) -> list[str]:
    problems = []
    everything = list(walk_components(components))
    if flags & IS_COMPONENTS_V2:
        if len(everything) > MAX_V2_COMPONENTS:
            problems.append(f"components: {len(everything)} in all, at most {MAX_V2_COMPONENTS}")
    else:
        if len(components) > MAX_ROWS:
            problems.append(f"components: {len(components)} action rows, at most {MAX_ROWS}")
        for i, row in enumerate(components):
            if row.get("type") != 1:
                problems.append(f"components.{i}: top-level components must be action rows")
                continue
            children = row.get("components", [])
            kinds = {c.get("type") for c in children}
            if kinds & {3, 5, 6, 7, 8} and len(children) > 1:
                problems.append(f"components.{i}: a select must be alone in its row")
            if len(children) > MAX_ROW_BUTTONS:
                problems.append(f"components.{i}: {len(children)} items, at most {MAX_ROW_BUTTONS}")
            if not children:
                problems.append(f"components.{i}: an action row must not be empty")
    seen: set[str] = set()
    for component in everything:
        custom_id = component.get("custom_id")
        if custom_id is not None:
            if len(custom_id) > MAX_CUSTOM_ID:
                problems.append(f"custom_id {custom_id[:20]!r}...: {len(custom_id)} characters, at most 100")
            if custom_id in seen:
                problems.append(f"custom_id {custom_id!r} is used twice in one message")
            seen.add(custom_id)
        if component.get("type") == 2 and len(str(component.get("label") or "")) > MAX_BUTTON_LABEL:
            problems.append(f"button {custom_id!r}: label longer than {MAX_BUTTON_LABEL} characters")
        if component.get("type") in {3, 5, 6, 7, 8} and len(str(component.get("placeholder") or "")) > MAX_PLACEHOLDER:
            problems.append(f"select {custom_id!r}: placeholder longer than {MAX_PLACEHOLDER} characters")
        if component.get("type") == 3:
            problems.extend(_select_problems(component))
    return problems


def _select_problems(select: dict[str, Any]) -> list[str]:
    problems = []
    custom_id = select.get("custom_id")
    options = select.get("options", [])
    if not 1 <= len(options) <= MAX_SELECT_OPTIONS:
        problems.append(f"select {custom_id!r}: {len(options)} options, 1 to {MAX_SELECT_OPTIONS}")
    values = [o.get("value") for o in options]
    if len(set(values)) != len(values):
        problems.append(f"select {custom_id!r}: option values must be unique")
    for j, option in enumerate(options):
        for key, low in (("label", 1), ("value", 1), ("description", 0)):
            text = str(option.get(key) or "")
            if not low <= len(text) <= MAX_OPTION_TEXT:
                problems.append(
                    f"select {custom_id!r}: options.{j}.{key} must be {low} to {MAX_OPTION_TEXT} characters"
                )
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    if not 0 <= low <= high <= MAX_SELECT_OPTIONS or high > max(len(options), 1):
        problems.append(f"select {custom_id!r}: min_values {low} and max_values {high} do not fit its options")
    return problems


def message_problems(body: dict[str, Any], *, creating: bool) -> list[str]:
    """List what in a message body Discord would refuse (empty list when it is fine)."""
    problems = []
    content = body.get("content")
    if content is not None and len(str(content)) > MAX_CONTENT:
        problems.append(f"content: {len(str(content))} characters, at most {MAX_CONTENT}")
    embeds = body.get("embeds") or []
    if len(embeds) > MAX_EMBEDS:
        problems.append(f"embeds: {len(embeds)}, at most {MAX_EMBEDS}")
    for i, embed in enumerate(embeds):
        problems.extend(_embed_problems(i, embed))
    problems.extend(_component_problems(body.get("components") or [], int(body.get("flags") or 0)))
    if creating and not (content or embeds or body.get("components") or body.get("attachments")):
        problems.append("Cannot send an empty message")
    return problems


def left_empty(message: Any, body: dict[str, Any]) -> bool:
    """Whether an edit would leave ``message`` with no content, embed, component or attachment:
    Discord refuses it (400, code 50006 "Cannot send an empty message"), as it refuses such a message."""

    return not (
        body.get("content", message.content)
        or body.get("embeds", message.embeds)
        or body.get("components", message.components)
        or body.get("attachments", message.attachments)
    )


def choices_problems(choices: list[dict[str, Any]]) -> list[str]:
    """List what Discord would refuse in an autocomplete result."""
    problems = []
    if len(choices) > MAX_CHOICES:
        problems.append(f"choices: {len(choices)}, at most {MAX_CHOICES}")
    for i, choice in enumerate(choices):
        if not 1 <= len(str(choice.get("name", ""))) <= MAX_CHOICE_TEXT:
            problems.append(f"choices.{i}.name: 1 to {MAX_CHOICE_TEXT} characters")
        value = choice.get("value")
        if isinstance(value, str) and len(value) > MAX_CHOICE_TEXT:
            problems.append(f"choices.{i}.value: at most {MAX_CHOICE_TEXT} characters")
    return problems
