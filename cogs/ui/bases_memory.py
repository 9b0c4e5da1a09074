"""The item bases of the server's memory: the pages of a player's history and of a game's record.

The same kind of bases as :mod:`cogs.ui.bases` (the shape of a button, its ``custom_id`` and how its
data reads back, nothing of what a click does), for the messages that look back at finished games
rather than play one: their behaving subclasses are in :mod:`cogs.ui.history` and :mod:`cogs.ui.record`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

import discord

from cogs.ui.components import Button, Guarded, Malformed, Select
from cogs.ui.limits import OPTION_TEXT, OPTIONS
from cogs.ui.sentences import clip

# -- a player's history (cogs.ui.history) -------------------------------------------------------


class HistoryPageItem(Guarded, discord.ui.DynamicItem[Button], what="hist"):
    """Previous / Next on a ``/history`` page: ``rami:<game>:hist:<member>:<newer|older>``. The game
    is the page's newest (Previous: the newer page) or oldest (Next: the older page), the key the
    next page is read from; whose history it is and the way ride after the kind."""

    def __init__(
        self, game_id: int, member: int = 0, older: bool = True, label: str = "Next", disabled: bool = False
    ) -> None:
        way, emoji = ("older", "▶") if older else ("newer", "◀")
        style = discord.ButtonStyle.secondary
        super().__init__(self.button(game_id, member, way, label=label, style=style, emoji=emoji, disabled=disabled))
        self.game_id, self.member, self.older = game_id, member, older

    @classmethod
    def parse(cls, game_id: int, data: str | None) -> Self:
        member, colon, way = (data or "").partition(":")
        if not colon or way not in ("older", "newer") or not (member.isascii() and member.isdigit()):
            raise Malformed(data)
        if len(member) > 20 or int(member) >= 2**64:  # a Discord id is a 64-bit snowflake
            raise Malformed(data)
        return cls(game_id, int(member), way == "older")


# -- the record of a game (cogs.ui.record) --------------------------------------------------------

RECORD_PAGES = 9999  # pages a record's custom_id can name (4 digits): far beyond any game
RECORD_STEPS = ("prev", "next")  # Previous and Next may name the same page: the step keeps their ids apart


class RecordItem(Guarded, discord.ui.DynamicItem[Button], what="record"):
    """A page of a finished game's record, privately: from the final message (no page: the first),
    or Previous / Next on the record itself (``<page>:<step>``)."""

    def __init__(
        self, game_id: int, page: int | None = None, step: str | None = None, label: str = "Record", off: bool = False
    ) -> None:
        data = () if page is None else (page, step) if step else (page,)
        style, emoji = (discord.ButtonStyle.primary, "📜") if page is None else (discord.ButtonStyle.secondary, None)
        super().__init__(self.button(game_id, *data, label=label, style=style, emoji=emoji, disabled=off))
        self.game_id, self.page, self.step = game_id, page, step

    @classmethod
    def parse(cls, game_id: int, data: str | None) -> Self:
        if data is None:
            return cls(game_id)
        page, colon, step = data.partition(":")
        if not (page.isascii() and page.isdigit() and len(page) <= 4) or (colon and step not in RECORD_STEPS):
            raise Malformed(data)
        return cls(game_id, int(page), step or None)


class RecordFileItem(Guarded, discord.ui.DynamicItem[Button], what="recfile"):
    """On the record: Download, the whole record as a text file."""

    def __init__(self, game_id: int, label: str = "Download") -> None:
        super().__init__(self.button(game_id, label=label, style=discord.ButtonStyle.secondary, emoji="📄"))
        self.game_id = game_id


class HistoryRecordItem(Guarded, discord.ui.DynamicItem[Select], what="histrec"):
    """On a ``/history`` page: pick one of its games to read its record (``rami:<game>:histrec``,
    the page's newest game; the values are the games' ids)."""

    def __init__(self, game_id: int, options: Sequence[tuple[int, str]] = (), placeholder: str = "Record") -> None:
        choices = [discord.SelectOption(label=clip(label, OPTION_TEXT), value=str(game)) for game, label in options]
        super().__init__(self.select(game_id, options=choices[:OPTIONS], placeholder=placeholder, row=1))
        self.game_id = game_id
