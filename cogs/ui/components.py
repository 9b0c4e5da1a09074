"""The base of every button and select: persistent, namespaced, and guarded.

Components are :class:`discord.ui.DynamicItem` subclasses whose ``custom_id`` is
``rami:<game id>:<what>[:<data>]`` (at most 100 characters). They are registered once in
``setup_hook`` (:data:`cogs.ui.items.ALL_ITEMS` lists them), so a click works
after a restart and long after the interaction token of the message expired. Errors in a
component never reach a View's ``on_error``: :class:`Guarded` sends them to
:func:`cogs.ui.errors.report_error`, like command errors.

A client can send any ``custom_id`` and any select values, so none is trusted. A template matches
every id of its kind (:func:`template`), and :meth:`Guarded.from_custom_id` never raises: an id
that does not read gives an item that answers, privately, that it is out of date (the
``stale_component`` refusal), changing nothing. Select values are checked in the same way
(:func:`values`) before anything reads them.
"""

from __future__ import annotations

import logging
import re
from typing import Any, Self

import discord

from cogs.ui.errors import report_error
from cogs.ui.limits import OPTION_TEXT, OPTIONS
from rummy.errors import RummyError
from service.model import Refusal

log = logging.getLogger(__name__)

PREFIX = "rami"
CUSTOM_ID_LIMIT = 100
GAME_ID_MAX = 2**63 - 1  # SQLite's largest integer: any id above it names no game


def custom_id(game_id: int, *parts: object) -> str:
    cid = ":".join([PREFIX, str(game_id), *(str(p) for p in parts)])
    if len(cid) > CUSTOM_ID_LIMIT:
        raise ValueError(f"custom_id too long ({len(cid)} characters)")
    return cid


def template(what: str) -> str:
    """The regex of a kind of component: ``rami:<game>:<what>``, then anything from a ``:`` on.

    Loose on purpose: every id of this kind reaches its class, which reads the game and the data
    itself (:meth:`Guarded.parse`) and answers a malformed one instead of leaving it unanswered."""
    return rf"{PREFIX}:(?P<game>[^:]*):{what}(?P<data>:(?s:.*))?"


class Malformed(ValueError):
    """A ``custom_id`` or select values that no component of this bot sends."""


def stale() -> Refusal:
    """The refusal of a component that is out of date, or forged: press Refresh."""
    return Refusal("stale_component")


def _game_id(text: str) -> int | None:
    if not text.isascii() or not text.isdigit() or len(text) > 19 or int(text) > GAME_ID_MAX:
        return None
    return int(text)


class Guarded:
    """Mixin for dynamic items: read the ``custom_id`` safely, run :meth:`run`, and report any error
    to the user. A subclass can be built as ``cls(game_id)`` (its other arguments have defaults)."""

    game_id: int
    malformed: bool = False  # built from a custom_id that does not read: answers with the refusal

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]) -> Self:
        """The item a click names. Never raises (discord.py would only log it, and nobody would be
        answered): a malformed id gives a stale item."""
        game = _game_id(match["game"])
        data = match["data"][1:] if match["data"] else None
        try:
            if game is None:
                raise Malformed(match["game"])
            return cls.parse(game, data)
        except (ValueError, RummyError):  # Malformed, a BadCard, a number that is not one
            log.info("malformed custom_id for %s", cls.__name__)
            made = cls(0 if game is None else game)  # type: ignore[call-arg]
            made.malformed = True
            return made

    @classmethod
    def parse(cls, game_id: int, data: str | None) -> Self:
        """The item for ``game_id`` and the ``data`` after ``<what>:`` (None when there is no
        ``:``); raises :class:`Malformed` (or the parse error of a card) when it does not read.
        By default a component carries no data."""
        if data is not None:
            raise Malformed(data)
        return cls(game_id)  # type: ignore[call-arg]

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            if self.malformed:
                raise stale()
            await self.run(interaction)
        except Exception as exc:  # every error ends in a reply, never "This interaction failed"
            await report_error(interaction, exc)

    async def run(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError


def values(interaction: discord.Interaction, low: int = 1, high: int = 1) -> list[str]:
    """The values picked in a select, as sent by Discord: ``low`` to ``high`` distinct ones of at
    most 100 characters (what a select of this bot can send), or the stale refusal."""
    data: Any = interaction.data or {}
    raw = data.get("values")
    if not isinstance(raw, list) or not low <= len(raw) <= min(high, OPTIONS):
        raise stale()
    picked = [v for v in raw if isinstance(v, str) and 0 < len(v) <= OPTION_TEXT]
    if len(picked) != len(raw) or len(set(picked)) != len(picked):
        raise stale()
    return picked


def persistent(*items: discord.ui.DynamicItem[Any] | None) -> discord.ui.View:
    """A view that never times out, holding the given items (None entries are skipped).

    The view only carries its components to Discord: every item is a registered
    :class:`~discord.ui.DynamicItem`, routed by its ``custom_id`` whatever view sent it. So it is
    stopped before it is sent, and discord.py keeps nothing of it (no view in its store, no
    timeout task for an ephemeral message)."""
    view = discord.ui.View(timeout=None)
    for item in items:
        if item is not None:
            view.add_item(item)
    view.stop()
    return view
