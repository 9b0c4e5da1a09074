"""Every component the bot can send is registered, so that no button it posts is ever dead."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

import discord

import cogs.ui
from cogs.ui.items import ALL_ITEMS


def subclasses(cls: type[Any]) -> set[type[Any]]:
    found = set(cls.__subclasses__())
    for sub in list(found):
        found |= subclasses(sub)
    return found


def test_every_component_class_is_registered() -> None:
    """Each DynamicItem class of cogs.ui is in the list bot.py registers, once."""
    for module in pkgutil.iter_modules(cogs.ui.__path__):
        importlib.import_module(f"cogs.ui.{module.name}")
    ours = {c for c in subclasses(discord.ui.DynamicItem) if c.__module__.startswith("cogs.ui.")}
    assert ours == set(ALL_ITEMS) and len(ALL_ITEMS) == len(set(ALL_ITEMS))
