"""The seasons' ends: each season's final board, posted once in its server's channel.

A small loop owned by the :class:`SeasonsCog` (``bot.py`` adds it, as it adds the timers): when the
bot is first ready, then every :data:`POLL` seconds, it asks the service for the seasons that ended
without their final board (:meth:`service.seasons.Seasons.due`, this process's servers only: with
several processes, the one that runs a server's shard posts) and posts each one that this process
wins the claim of (:class:`SeasonPosts`). A season that ended while the bot was down is posted at
the next start. The time is the store's clock (``service.seasons`` reads ``store.now()``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import discord

from cogs.loop import ReadyLoop
from cogs.ui.boards import final_message
from cogs.ui.context import NO_MENTIONS
from cogs.ui.poster import Poster
from data import Season
from service.catalog import Translator
from service.seasons import Seasons

log = logging.getLogger(__name__)

POLL = 60.0  # seconds between two looks at the seasons that ended (a season's board goes out within it)


class SeasonPosts:
    """Posts the final board of each season that ended, once (see the module doc)."""

    def __init__(
        self,
        seasons: Seasons,
        poster: Poster,
        tr_for: Callable[[int], Translator],
        *,
        owns: Callable[[int], bool] | None = None,
    ) -> None:
        self.seasons = seasons
        self.poster = poster  # the channels' one way out (their pace)
        self.tr_for = tr_for  # a server's public language
        self.owns = owns  # the servers of this process's shards (None: all)

    async def post_due(self) -> int:
        """Post every season due; returns how many final boards this process posted."""
        posted = 0
        for guild_id, season in await self.seasons.due(self.owns):
            posted += await self.post(guild_id, season)
        return posted

    async def post(self, guild_id: int, season: Season) -> bool:
        """Claim the season and post its final board; False if another process has it, or if it
        has nowhere to go (no channel chosen, no game finished: marked done all the same)."""
        if not await self.seasons.claim(guild_id, season):
            return False
        channel_id = await self.seasons.destination(guild_id)
        if channel_id is None:
            await self.seasons.posted(guild_id, season, None, None)
            log.info("season %s of server %s ended with no channel to post its board in", season, guild_id)
            return False
        content, embed = final_message(self.tr_for(guild_id), await self.seasons.final(guild_id, season))
        try:
            message_id = await self.poster.send(channel_id, content=content, embed=embed, allowed_mentions=NO_MENTIONS)
        except (discord.Forbidden, discord.NotFound) as exc:  # it will never go there: done
            log.warning("could not post the board of season %s in channel %s: %s", season, channel_id, exc)
            await self.seasons.posted(guild_id, season, channel_id, None)
            return False
        # Any other failure is raised with the claim kept: the claim's lease runs out, and it is tried again.
        if not await self.seasons.posted(guild_id, season, channel_id, message_id):
            log.warning("the claim of season %s of server %s was taken while it was posted", season, guild_id)
        log.info("posted the final board of season %s of server %s", season, guild_id)
        return True


class SeasonsCog(ReadyLoop, name="Seasons"):
    """Owns the loop that posts the seasons' final boards (:class:`cogs.loop.ReadyLoop`): started
    when the bot is first ready, cancelled when the cog is removed (at the bot's stop)."""

    what = "seasons' loop"

    def __init__(self, posts: SeasonPosts) -> None:
        super().__init__()
        self.posts = posts

    async def step(self) -> None:
        await self.posts.post_due()

    def interval(self) -> float:
        return POLL  # read at each turn (the end-to-end tests' clock hook shortens it)
