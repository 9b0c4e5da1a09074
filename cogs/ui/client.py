"""The bot as the cogs and components see it: a :class:`RamiClient` with its services, typed.

It is an :class:`~discord.ext.commands.AutoShardedBot`: one process runs one shard, several or all
of them (:mod:`cogs.ui.shards`), and ``own_shards`` says which, so that a process plays only the games
of its own servers.

``bot.RamiBot`` is one: it opens the services in ``setup_hook``, before any cog loads, and they
live until it closes. Cogs take it in their constructor (``self.bot.service``); a component or a
command reaches it from its interaction with :func:`bot_of`, which checks what it got.
"""

from __future__ import annotations

from collections.abc import Container

import discord
from discord.ext import commands

from cogs.ui.handover import Writer
from cogs.ui.replies import FirstReplies
from cogs.ui.shards import Shards
from service.gallery import Gallery
from service.games import GameService
from service.leaderboards import Leaderboards
from service.preferences import Preferences
from service.tournaments import Tournaments


class RamiClient(commands.AutoShardedBot):
    """A bot that carries Rami's services (set up by ``bot.RamiBot``; see the module doc)."""

    own_shards: Shards = Shards()  # the shards this process runs (all of them by default)
    service: GameService  # the only way to read or change a game
    leaderboards: Leaderboards  # the servers' rankings and players' records
    writer: Writer  # every message a game shows, past the first response to each interaction
    replies: FirstReplies | None = None  # secondary work waits for first replies (None: plain order)
    gallery: Gallery  # the pictures of hands, tables and score charts, drawn once and kept
    preferences: Preferences  # each person's own choices (pictures or text only)
    tournaments: Tournaments  # the server events over several tables (issue 31)
    # The threads a tournament's tables are played in: each is its own game's channel (not its parent's).
    tournament_threads: Container[int] = frozenset()


def as_rami(client: discord.Client) -> RamiClient:
    """``client`` as a :class:`RamiClient`; a :class:`TypeError` for any other client."""
    if not isinstance(client, RamiClient):
        raise TypeError(f"Rami's cogs run on a RamiClient, not on {type(client).__name__}")
    return client


def bot_of(interaction: discord.Interaction) -> RamiClient:
    """The bot an interaction came to."""
    return as_rami(interaction.client)
