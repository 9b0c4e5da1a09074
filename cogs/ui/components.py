"""The base of every button and select: persistent, namespaced, and guarded.

Components are :class:`discord.ui.DynamicItem` subclasses whose ``custom_id`` is
``rami:<game id>:<what>[:<data>]`` (at most 100 characters). Each kind comes in two classes:
an *item base* (:mod:`cogs.ui.bases`) that knows its shape only (its ``what``, hence its template
and ``custom_id``, its label and style, :meth:`Guarded.parse`), which the views build; and its
*behaving* subclass in the module of its flow (``class DrawButton(DrawItem)`` in
:mod:`cogs.ui.hand`), which adds :meth:`Guarded.run` and is what ``setup_hook`` registers
(:data:`cogs.ui.items.ALL_ITEMS`). A view only carries components to Discord (:func:`persistent`),
and a click is routed by its ``custom_id`` to the registered class, so a click works after a
restart and long after the interaction token of the message expired. Errors in a component never
reach a View's ``on_error``: :class:`Guarded` sends them to :func:`cogs.ui.errors.report_error`,
like command errors.

A client can send any ``custom_id`` and any select values, so none is trusted. A template matches
every id of its kind (:func:`template`), and :meth:`Guarded.from_custom_id` never raises: an id
that does not read gives an item that answers, privately, that it is out of date (the
``stale_component`` refusal), changing nothing. Select values are checked in the same way
(:func:`values`, :func:`picked_cards`) before anything reads them.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from typing import Any, ClassVar, Self

import discord

from cogs.ui.errors import report_error
from cogs.ui.limits import OPTION_TEXT, OPTIONS
from rummy.cards import Card
from rummy.errors import RummyError
from service.model import Refusal

log = logging.getLogger(__name__)

PREFIX = "rami"
CUSTOM_ID_LIMIT = 100
GAME_ID_MAX = 2**63 - 1  # SQLite's largest integer: any id above it names no game
Button = discord.ui.Button[Any]
Select = discord.ui.Select[Any]


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
    to the user. A subclass can be built as ``cls(game_id)`` (its other arguments have defaults).

    An item base names its kind once, as a class keyword (``class DrawItem(Guarded,
    DynamicItem[Button], what="draw")``): its template (:func:`template`) follows, and its
    ``custom_id`` is built by :meth:`button`, :meth:`select` or :meth:`id_of`. A subclass without
    ``what`` (the behaving class of a flow) keeps its base's kind and template: discord.py asks
    every :class:`~discord.ui.DynamicItem` subclass for a template, so it is passed on here."""

    what: ClassVar[str]  # the kind: the <what> of rami:<game>:<what>[:<data>]
    game_id: int
    malformed: bool = False  # built from a custom_id that does not read: answers with the refusal

    def __init_subclass__(cls, *, what: str | None = None, **kwargs: Any) -> None:
        if what is not None:
            cls.what = what
        if "template" not in kwargs and hasattr(cls, "what"):  # an item base, or a subclass of one
            kwargs["template"] = template(cls.what)
        super().__init_subclass__(**kwargs)

    @classmethod
    def id_of(cls, game_id: int, *data: object) -> str:
        """The ``custom_id`` of this kind for ``game_id``, with ``data`` after the kind."""
        return custom_id(game_id, cls.what, *data)

    @classmethod
    def button(
        cls,
        game_id: int,
        *data: object,
        label: str | None,
        style: discord.ButtonStyle,
        disabled: bool = False,
        emoji: str | None = None,
        row: int | None = None,
    ) -> Button:
        """The button of this kind for ``game_id`` (``data`` rides in its ``custom_id``)."""
        return discord.ui.Button(
            label=label, style=style, disabled=disabled, emoji=emoji, custom_id=cls.id_of(game_id, *data), row=row
        )

    @classmethod
    def select(
        cls,
        game_id: int,
        *data: object,
        options: list[discord.SelectOption],
        placeholder: str | None = None,
        min_values: int = 1,
        max_values: int = 1,
        disabled: bool = False,
        row: int | None = None,
    ) -> Select:
        """The select of this kind for ``game_id`` (``data`` rides in its ``custom_id``); with no
        options, one "—" (Discord refuses a select without any)."""
        return discord.ui.Select(
            custom_id=cls.id_of(game_id, *data),
            placeholder=placeholder,
            options=options or [discord.SelectOption(label="—", value="none")],
            min_values=min_values,
            max_values=max_values,
            disabled=disabled,
            row=row,
        )

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


def picked_cards(interaction: discord.Interaction, low: int = 1, high: int = OPTIONS) -> list[Card]:
    """The cards picked in a select of cards (``low`` to ``high`` of them), or the stale refusal."""
    try:
        return [Card.parse(v) for v in values(interaction, low, high)]
    except RummyError:
        raise stale() from None


def card_options(cards: Sequence[Card]) -> list[discord.SelectOption]:
    """A select's options for ``cards`` (as many as a select holds), each valued by its token."""
    return [discord.SelectOption(label=c.pretty, value=c.token) for c in cards[:OPTIONS]]


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
