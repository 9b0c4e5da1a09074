"""Every component the bot can send is registered, so that no button it posts is ever dead."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any
from unittest.mock import MagicMock

import discord

import cogs.ui
from cogs.ui.bases import DrawItem
from cogs.ui.hand import DrawButton
from cogs.ui.items import ALL_ITEMS
from rummy.cards import Card


def subclasses(cls: type[Any]) -> set[type[Any]]:
    found = set(cls.__subclasses__())
    for sub in list(found):
        found |= subclasses(sub)
    return found


def ours() -> set[type[Any]]:
    """Every DynamicItem class of cogs.ui (every module imported first)."""
    for module in pkgutil.iter_modules(cogs.ui.__path__):
        importlib.import_module(f"cogs.ui.{module.name}")
    return {c for c in subclasses(discord.ui.DynamicItem) if c.__module__.startswith("cogs.ui.")}


def test_every_component_class_is_registered() -> None:
    """Each behaving DynamicItem class of cogs.ui (one no class builds on) is in the list bot.py
    registers, once; an item base, which the views build, never is."""
    leaves = {c for c in ours() if not subclasses(c)}
    assert leaves == set(ALL_ITEMS) and len(ALL_ITEMS) == len(set(ALL_ITEMS))


def test_every_item_base_answers_through_one_registered_class() -> None:
    """Each item base has exactly one registered subclass, with the base's template: a view that
    builds the base sends an id the registered class answers (no kind is answered twice)."""
    bases = {c for c in ours() if subclasses(c)}
    assert bases, "no item base found"
    for base in bases:
        [registered] = [c for c in ALL_ITEMS if issubclass(c, base)]
        assert registered.__discord_ui_compiled_template__.pattern == base.__discord_ui_compiled_template__.pattern
    patterns = [c.__discord_ui_compiled_template__.pattern for c in ALL_ITEMS]
    assert len(set(patterns)) == len(patterns)


async def test_a_registered_class_is_built_from_the_id_its_base_sends() -> None:
    """A click on a component a view built from a base (DrawItem) builds the registered subclass
    (DrawButton), with the data the base put in its custom_id."""
    sent = DrawItem(7, "discard", card=Card.parse("7H"))
    match = DrawButton.__discord_ui_compiled_template__.fullmatch(sent.custom_id)
    assert match is not None
    clicked = await DrawButton.from_custom_id(MagicMock(), MagicMock(), match)
    assert type(clicked) is DrawButton
    assert (clicked.game_id, clicked.source, clicked.card) == (7, "discard", Card.parse("7H"))
