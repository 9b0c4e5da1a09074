"""The end of a game, in public, and the Rematch.

When a game finishes (or is won by walkover), :class:`Ending` (a listener of the service, as the
board is) posts one message in its channel: the last deal's result (the hands laid face up and their
points, the deal's points and the totals), the final standings, each person's rating change on this
server (a finished game only: a walkover never counts), the chart of the game with pictures on, and
a **Rematch** button. It waits for the first replies still owed and a short pause, so the final
move's own line comes first. ``/table`` shows the same final state for a day after the game
(:meth:`GameService.last_game`).

**Rematch** opens a new lobby in the same channel (:meth:`GameService.rematch`): the same preset,
house rules and table options, whoever pressed as host. The people who played are seated again
(four friends who just played expect to play on together; anyone may leave with Leave before the
start), if they are still in the channel; the computer players come back at their levels. It is
refused while a table is open in the channel. The button is a persistent :class:`DynamicItem`, so
it works after a restart too.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

import discord

from cogs.ui import render, sentences
from cogs.ui.components import Guarded, custom_id, persistent, template
from cogs.ui.context import Ctx, context, reply
from cogs.ui.handover import attach
from cogs.ui.lobby import board_message
from cogs.ui.pictures import scores_frame
from cogs.ui.poster import Poster
from cogs.ui.tasks import Tasks
from rummy.table import TableStatus
from service.catalog import Translator
from service.gallery import Gallery
from service.games import GameService
from service.model import ChangeKind, Final, GameSnapshot, Outcome, Refusal

log = logging.getLogger(__name__)


def ending_view(game_id: int, tr: Translator) -> discord.ui.View:
    """The final message's component: Rematch."""
    return persistent(RematchButton(game_id, tr("btn_rematch")))


def tells_the_end(out: Outcome[Any]) -> bool:
    """Whether a change ended a game worth a final message: finished, or won by walkover (not a
    cancelled table, an expired one, or one that no person is left at)."""
    table = out.table
    if out.kind is ChangeKind.CREATE or not out.ended or table.game is None:
        return False
    return table.status is TableStatus.OVER or render.is_walkover(table)


class Ending:
    """Posts the final message of each game that ends (see the module doc), through the poster:
    in the channel's pace like every public message."""

    def __init__(
        self,
        service: GameService,
        poster: Poster,
        *,
        where: Callable[[GameSnapshot], int],
        tr_for: Callable[[int], Translator],
        gallery: Gallery,
        turn: Callable[[], Awaitable[None]] | None = None,
        after: float = 1.0,
    ) -> None:
        self.service = service
        self.poster = poster
        self.where = where  # the game's channel, or its thread
        self.tr_for = tr_for  # a server's public language
        self.gallery = gallery
        self.turn = turn  # waits behind first responses still owed (cogs.ui.replies)
        self.after = after  # seconds more, so that the last move's line is read first
        self._tasks: Tasks[int] = Tasks("final message")

    def changed(self, out: Outcome[Any]) -> None:
        """A game that ended gets its final message (the writer hands every change over)."""
        if not tells_the_end(out):
            return
        self._tasks.spawn(self.post(out.game.game_id), f"rami-end-{out.game.game_id}")

    async def post(self, game_id: int) -> None:
        """Post the final message of ``game_id`` in its channel (silently: nobody is pinged)."""
        if self.turn is not None:
            await self.turn()
        if self.after > 0:
            await asyncio.sleep(self.after)
        final = await self.service.final(game_id)
        if final is None:
            return
        game = final.game
        tr = self.tr_for(game.guild_id)
        embed = render.final_embed(final, tr)
        kwargs: dict[str, Any] = {"embed": embed, "view": ending_view(game_id, tr), "silent": True}
        where = self.where(game)  # the game's thread, when it was played in one
        if self.gallery.enabled and self.poster.channels.can_attach(where):
            frame = scores_frame(game, tr)
            data = None if frame is None else await self.gallery.picture(frame.job)
            if frame is not None and data is not None:
                kwargs["files"] = [attach(embed, data, frame.name, frame.description)]
        try:
            await self.poster.send(where, **kwargs)
        except discord.HTTPException as exc:
            log.warning("could not post the final message of game %s: %s", game_id, exc)

    @property
    def busy(self) -> bool:
        """Whether anything is still to go out."""
        return bool(self._tasks)

    async def drain(self) -> None:
        """Wait until every final message is posted (tests, shutdown)."""
        await self._tasks.drain()

    async def close(self) -> None:
        await self._tasks.close()


# -- the Rematch --------------------------------------------------------------------------------


async def still_here(interaction: discord.Interaction, user_ids: Iterable[int]) -> set[int]:
    """Which of ``user_ids`` are still members who can see the interaction's channel. A member the
    cache does not hold is fetched; one Discord cannot tell about is counted in (they can leave)."""
    guild, channel = interaction.guild, interaction.channel
    ids = set(user_ids)
    if guild is None:
        return ids
    here: set[int] = set()
    for user_id in ids:
        member = guild.get_member(user_id)
        if member is None:
            try:
                member = await guild.fetch_member(user_id)
            except discord.NotFound:
                continue  # no longer in the server
            except discord.HTTPException:
                here.add(user_id)
                continue
        if _sees(channel, member):
            here.add(user_id)
    return here


def _sees(channel: object, member: discord.Member) -> bool:
    """Whether ``member`` can see ``channel`` (a channel the cache does not hold: yes)."""
    if isinstance(channel, discord.abc.GuildChannel | discord.Thread):
        return channel.permissions_for(member).view_channel
    return True


async def rematch(ctx: Ctx, game_id: int) -> None:
    """Open the rematch of ``game_id``: the new lobby's board is the public answer."""
    old = await ctx.service.game(game_id)
    if old is None or old.channel_id != ctx.channel_id:
        raise Refusal("game_closed")
    people = [int(p.id) for p in old.table.players if not p.is_bot]
    here = await still_here(ctx.interaction, people) | {ctx.who.id}
    out = await ctx.service.rematch(ctx.channel_id, ctx.who, game_id, here)
    table = out.table
    text = ctx.public(
        "rematch_opened",
        name=sentences.display(ctx.who.name),
        players=sentences.names(table, range(len(table.players)), ctx.public),
    )
    if out.detail.not_seated:
        text += "\n" + ctx.public("rematch_not_seated", names=", ".join(map(sentences.display, out.detail.not_seated)))
    embed, view = board_message(out.game, ctx.public)
    async with ctx.writer.creating(out.game.game_id):
        message_id = await reply(ctx.interaction, text, embed=embed, view=view, ephemeral=False)
        if message_id is None:
            message_id = (await ctx.interaction.original_response()).id
        await ctx.service.set_message(out.game.game_id, message_id)


class RematchButton(Guarded, discord.ui.DynamicItem[discord.ui.Button[Any]], template=template("rematch")):
    """On a game's final message (and ``/table`` after it): open the same table again."""

    def __init__(self, game_id: int, label: str = "Rematch") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.success, emoji="🔁", custom_id=custom_id(game_id, "rematch")
            )
        )
        self.game_id = game_id

    async def run(self, interaction: discord.Interaction) -> None:
        await rematch(context(interaction), self.game_id)


def final_of(final: Final, tr: Translator) -> tuple[discord.Embed, discord.ui.View]:
    """The final state of a game as ``/table`` shows it after the end: the embed and the Rematch."""
    return render.final_embed(final, tr), ending_view(final.game.game_id, tr)
