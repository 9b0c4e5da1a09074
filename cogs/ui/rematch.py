"""The Rematch: a new lobby in the same channel, from a game that ended.

**Rematch**, on a game's final message (:mod:`cogs.ui.ending`) and on ``/table`` after the end,
opens a new lobby in the same channel (:meth:`GameService.rematch`): the same preset, house rules
and table options, whoever pressed as host. The people who played are seated again (four friends
who just played expect to play on together; anyone may leave with Leave before the start), if they
are still in the channel; the computer players come back at their levels. It is refused while a
table is open in the channel. The button is a persistent :class:`DynamicItem` (its shape:
:class:`cogs.ui.bases.RematchItem`), so it works after a restart too.
"""

from __future__ import annotations

from collections.abc import Iterable

import discord

from cogs.ui import sentences
from cogs.ui.bases import RematchItem
from cogs.ui.context import Ctx, context, reply
from cogs.ui.views import board_message


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

    async def here(people: list[int]) -> set[int]:
        return await still_here(ctx.interaction, people)

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


class RematchButton(RematchItem):
    async def run(self, interaction: discord.Interaction) -> None:
        await rematch(context(interaction), self.game_id)
