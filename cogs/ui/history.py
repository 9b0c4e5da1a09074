"""A player's history: the pages ``/history`` shows (``cogs/history.py`` is the command) and their
Previous / Next buttons.

A page is one embed: whose games (a mention, which Discord shows with the reader's own name for
them and never pings from an embed), then one field per game, newest first: the place and the
number of seats, the preset and the game's number, then the date (``<t:…:d>``: each reader sees
their own time zone), the points (and the deals played), the rating change on the preset's track,
and the other players by place. :data:`PAGE_SIZE` games fit whatever the names: a field's value is
clipped to :data:`VALUE_ROOM`, so a whole page stays under Discord's 6,000 characters.

The buttons are persistent (:class:`~cogs.ui.bases_memory.HistoryPageItem`): Previous carries the page's
newest game, Next its oldest, and the service reads the page just beyond it, by key, so a click
works after a restart and a game finishing meanwhile shifts nothing. Whatever the id a client
sends, the service answers a true page (the first one when the key names none of the player's
games). :class:`HistoryMessage` keeps the page's game ids (``game_ids``), for a control that opens
one of them, added beside the buttons by :func:`history_view`'s ``extra`` items.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord

from cogs.ui import render, sentences, words
from cogs.ui.bases_memory import HistoryPageItem, HistoryRecordItem
from cogs.ui.components import persistent, stale, values
from cogs.ui.context import Ctx, context, update
from cogs.ui.limits import EMBED_TOTAL
from cogs.ui.record import open_record
from service.catalog import Translator
from service.leaderboards import HistoryPage, PlayedGame

PAGE_SIZE = 5  # games a page shows
VALUE_ROOM = 900  # characters of one game's field value at most (the other players' names)
NAME_ROOM = 100  # and of its name (the place, the preset, the game's number)
HEAD_ROOM = EMBED_TOTAL - PAGE_SIZE * (VALUE_ROOM + NAME_ROOM)  # left for the title and the intro


def place_text(tr: Translator, rank: int, seats: int) -> str:
    """A place among the seats of a game ("place 2 of 4")."""
    return tr("history_place", place=rank, seats=seats)


def game_field(game: PlayedGame, tr: Translator) -> tuple[str, str]:
    """The name and value of one game's field: where the player finished, and what it was worth."""
    own = game.own.result
    title = tr("history_game", place=place_text(tr, own.rank, game.seats), preset=game.preset, game=game.game_id)
    if own.won:
        title = "🏆 " + title
    stamp = int(game.finished_at.timestamp())
    if own.deals > 0:
        points = tr("history_points", points=own.final_score, deals=own.deals)
    else:
        points = tr("history_points_only", points=own.final_score)
    change = game.own.rating_change
    up = round(change, 1) >= 0  # a change that shows as 0.0 is no loss
    rating = tr("history_rating_up" if up else "history_rating_down", change=abs(change))
    names = ", ".join(sentences.display(words.stored_bot_name(r.display_name, tr)) for r in game.others)
    value = f"<t:{stamp}:d> · {points} · {rating}\n{tr('history_against', names=names)}"
    return sentences.clip(title, NAME_ROOM), sentences.clip(value, VALUE_ROOM)


def history_embed(page: HistoryPage, tr: Translator, *, own: bool) -> discord.Embed:
    """A page of ``page.user_id``'s games; ``own``: the reader asked for their own."""
    who = f"<@{page.user_id}>"
    embed = discord.Embed(title=tr("history_title"), colour=render.COLOUR)
    if not page.games:
        embed.description = tr("history_none_self") if own else tr("history_none", who=who)
        return embed
    embed.description = tr("history_intro", who=who)
    for game in page.games:
        name, value = game_field(game, tr)
        embed.add_field(name=name, value=value, inline=False)
    return embed


def history_view(
    page: HistoryPage, tr: Translator, *extra: discord.ui.DynamicItem[Any] | None
) -> discord.ui.View | None:
    """Previous and Next on row 0 (disabled where there is no page), when there is more than one
    page; ``extra`` items (on rows of their own) after them. None when there is nothing to show."""
    items: list[discord.ui.DynamicItem[Any] | None] = []
    if page.games and (page.newer or page.older):
        first, last = page.game_ids[0], page.game_ids[-1]
        items.append(
            HistoryPageItem(first, page.user_id, older=False, label=tr("btn_history_newer"), disabled=not page.newer)
        )
        items.append(
            HistoryPageItem(last, page.user_id, older=True, label=tr("btn_history_older"), disabled=not page.older)
        )
    items.extend(extra)
    if not any(item is not None for item in items):
        return None
    return persistent(*items)


@dataclass(frozen=True)
class HistoryMessage:
    """What a page sends: its embed, its view (or None) and the page it shows."""

    embed: discord.Embed
    view: discord.ui.View | None
    page: HistoryPage

    @property
    def game_ids(self) -> tuple[int, ...]:
        """The ids of the games shown, newest first."""
        return self.page.game_ids


async def history_message(
    ctx: Ctx, member_id: int, *, older_than: int | None = None, newer_than: int | None = None
) -> HistoryMessage:
    """A page of ``member_id``'s games on the caller's server, in the caller's language (a private
    reply): the newest, or the one beyond a game of theirs."""
    page = await ctx.leaderboards.history(
        ctx.guild_id, member_id, PAGE_SIZE, older_than=older_than, newer_than=newer_than
    )
    embed = history_embed(page, ctx.tr, own=member_id == ctx.who.id)
    return HistoryMessage(embed, history_view(page, ctx.tr, record_select(page, ctx.tr)), page)


def record_select(page: HistoryPage, tr: Translator) -> HistoryRecordItem | None:
    """The select that opens the record of one of the page's games (None on an empty page)."""
    if not page.games:
        return None
    options = [(game.game_id, game_field(game, tr)[0]) for game in page.games]
    return HistoryRecordItem(page.game_ids[0], options, placeholder=tr("history_record"))


class HistoryPageButton(HistoryPageItem):
    """Previous / Next: the page beyond the game the button carries, drawn over the clicked one."""

    async def run(self, interaction: discord.Interaction) -> None:
        ctx = context(interaction)
        key = {"older_than": self.game_id} if self.older else {"newer_than": self.game_id}
        shown = await history_message(ctx, self.member, **key)
        await update(interaction, embed=shown.embed, view=shown.view)


class HistoryRecordSelect(HistoryRecordItem):
    """The game picked on a page: its record, in a new private reply (refusals answered privately)."""

    async def run(self, interaction: discord.Interaction) -> None:
        [picked] = values(interaction)
        if not (picked.isascii() and picked.isdigit() and len(picked) <= 19):
            raise stale()
        await open_record(interaction, int(picked))
