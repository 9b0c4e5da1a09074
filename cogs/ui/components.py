"""The base of every button and select: persistent, namespaced, and guarded.

Components are :class:`discord.ui.DynamicItem` subclasses whose ``custom_id`` is
``rami:<game id>:<what>[:<data>]`` (at most 100 characters). They are registered once in
``setup_hook`` (:data:`ALL_ITEMS` is filled by the modules that define them), so a click works
after a restart and long after the interaction token of the message expired. Errors in a
component never reach a View's ``on_error``: :class:`Guarded` sends them to
:func:`cogs.errors.report_error`, like command errors.
"""

from __future__ import annotations

from typing import Any

import discord

from cogs.errors import report_error
from cogs.ui.limits import Prebuilt as Prebuilt

PREFIX = "rami"
CUSTOM_ID_LIMIT = 100
ALL_ITEMS: list[type[discord.ui.DynamicItem[Any]]] = []


def custom_id(game_id: int, *parts: object) -> str:
    cid = ":".join([PREFIX, str(game_id), *(str(p) for p in parts)])
    if len(cid) > CUSTOM_ID_LIMIT:
        raise ValueError(f"custom_id too long ({len(cid)} characters)")
    return cid


def template(what: str) -> str:
    """The regex of a component: ``rami:<game>:<what>`` (``what`` may hold named groups)."""
    return rf"{PREFIX}:(?P<game>[0-9]+):{what}"


def register(item: type[discord.ui.DynamicItem[Any]]) -> type[discord.ui.DynamicItem[Any]]:
    """Class decorator: add a component class to those the bot registers at start-up."""
    ALL_ITEMS.append(item)
    return item


class Guarded:
    """Mixin for dynamic items: run :meth:`run`, and report any error to the user."""

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self.run(interaction)
        except Exception as exc:  # every error ends in a reply, never "This interaction failed"
            await report_error(interaction, exc)

    async def run(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError


def values(interaction: discord.Interaction) -> list[str]:
    """The values picked in a select, as sent by Discord."""
    data: Any = interaction.data or {}
    return [str(v) for v in data.get("values", [])]


def persistent(*items: discord.ui.DynamicItem[Any] | None) -> discord.ui.View:
    """A view that never times out, holding the given items (None entries are skipped).

    The view only carries its components to Discord: every item is a registered
    :class:`~discord.ui.DynamicItem`, routed by its ``custom_id`` whatever view sent it. So it is
    marked finished before it is sent, and discord.py does not keep it: otherwise each one stays in
    the view store, and each ephemeral one (a private hand) gets a 15-minute timeout task, which
    under load held thousands of views (memory, and long garbage-collection pauses)."""
    view = discord.ui.View(timeout=None)
    for item in items:
        if item is not None:
            view.add_item(item)
    view.stop()
    return view


def button_json(cid: str, label: str, style: discord.ButtonStyle, disabled: bool = False) -> dict[str, Any]:
    """A button as discord.py sends it (see :class:`Prebuilt`)."""
    return {"type": 2, "style": style.value, "disabled": disabled, "label": label, "custom_id": cid}


def select_json(cid: str, placeholder: str, options: list[tuple[str, str]], disabled: bool = False) -> dict[str, Any]:
    """A single-choice select of ``(label, value)`` options as discord.py sends it (see :class:`Prebuilt`)."""
    return {
        "type": 3,
        "custom_id": cid,
        "min_values": 1,
        "max_values": 1,
        "disabled": disabled,
        "required": True,
        "placeholder": placeholder,
        "options": [{"label": label, "value": value, "default": False} for label, value in options],
    }


def row_json(*components: dict[str, Any]) -> dict[str, Any]:
    """An action row (at most five buttons, or one select)."""
    return {"type": 1, "components": list(components)}
