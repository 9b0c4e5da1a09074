"""What every cog and component needs: the bot's services, the caller, and how to reply.

:func:`context` turns an interaction into a :class:`Ctx` (who asks, where, in which language, and
the bot's services: :class:`~cogs.ui.client.RamiClient`) and refuses direct messages. :func:`reply`
answers through the interaction response, or through a follow-up once the response is done;
:func:`update` redraws the private message a component sits on. Both are the first response to the
person who acted; everything after it is the game's writer's (``ctx.writer``, :mod:`cogs.ui.handover`).
All fit what they send within Discord's limits (:func:`cogs.ui.limits.fit`).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

from cogs.ui.client import RamiClient, bot_of
from cogs.ui.handover import Writer
from cogs.ui.limits import fit
from cogs.ui.words import public_tr
from rummy.rules import PRESETS
from rummy.table import BOT_LEVELS
from service.catalog import Translator, translator
from service.games import GameService
from service.leaderboards import Leaderboards
from service.model import Refusal, Who

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()  # the bot's default: text alone pings nobody
# "basic: Basic rummy (Bicycle)", in French through the catalog's cmd-choice-preset-<name>
PRESET_CHOICES = [
    app_commands.Choice(name=app_commands.locale_str(f"{r.name}: {r.title}"[:100]), value=r.name)
    for r in PRESETS.values()
]
# a computer player's level (a table's, a tournament's), in French through cmd-choice-<level>
LEVEL_CHOICES = [app_commands.Choice(name=app_commands.locale_str(level), value=level) for level in BOT_LEVELS]


@dataclass(frozen=True)
class Ctx:
    """One interaction, read once: the caller, the channel, the two languages, the services."""

    interaction: discord.Interaction
    who: Who
    guild_id: int
    channel_id: int
    tr: Translator  # the caller's language (private replies)
    public: Translator  # the server's language (what the channel reads)
    bot: RamiClient

    @property
    def service(self) -> GameService:
        return self.bot.service

    @property
    def writer(self) -> Writer:
        return self.bot.writer

    @property
    def leaderboards(self) -> Leaderboards:
        return self.bot.leaderboards


def user_tr(interaction: discord.Interaction) -> Translator:
    return translator(interaction.locale)


def game_channel(interaction: discord.Interaction) -> int | None:
    """The channel whose table an interaction is about: a thread the bot opened (a table played in
    a thread, :mod:`cogs.ui.threads`) stands for its parent channel, any other channel for itself,
    and so does a tournament table's thread (the bot's ``tournament_threads``): its game is its own."""
    channel = interaction.channel
    client = interaction.client
    me = client.user
    if isinstance(channel, discord.Thread) and me is not None and channel.owner_id == me.id and channel.parent_id:
        if isinstance(client, RamiClient) and channel.id in client.tournament_threads:
            return channel.id
        return channel.parent_id
    return interaction.channel_id


def context(interaction: discord.Interaction) -> Ctx:
    """The caller and place of an interaction; :class:`Refusal` outside a server."""
    channel_id = game_channel(interaction)
    if interaction.guild_id is None or channel_id is None:
        raise Refusal("guild_only")
    user = interaction.user
    who = Who(user.id, user.display_name, moderator=interaction.permissions.manage_messages)
    bot = bot_of(interaction)
    if bot.replies is not None:
        bot.replies.owe(interaction)
    return Ctx(
        interaction,
        who,
        interaction.guild_id,
        channel_id,
        translator(interaction.locale),
        public_tr(bot.service.settings, interaction.guild_id, interaction.guild_locale or interaction.locale),
        bot,
    )


def mentions(user_id: int | None) -> discord.AllowedMentions:
    """The mentions a message may ping: exactly ``user_id`` (the person whose turn it is), or nobody.
    Never "every user the text mentions": whatever a name holds, only the intended person is told."""
    if user_id is None:
        return NO_MENTIONS
    return discord.AllowedMentions(everyone=False, users=[discord.Object(user_id)], roles=False, replied_user=False)


async def reply(
    interaction: discord.Interaction,
    content: str | None = None,
    *,
    ephemeral: bool,
    embed: discord.Embed | None = None,
    view: discord.ui.View | None = None,
    silent: bool = False,
    ping: int | None = None,
    file: discord.File | None = None,
) -> int | None:
    """Answer the interaction (first response, or a follow-up once it is done). ``ping``: the one
    user a public answer notifies (the person whose turn it is, mentioned in ``content``); anyone
    else the text may mention, and everyone in an ephemeral answer, is not notified. ``silent``: a
    public line that mentions nobody goes out without a notification. ``file``: a picture the
    embed shows. Returns the id of the message sent, when Discord tells it."""
    allowed = mentions(None if ephemeral else ping)
    kwargs: dict[str, Any] = {"ephemeral": ephemeral, "allowed_mentions": allowed}
    if silent:
        kwargs["silent"] = True
    if content is not None:
        kwargs["content"] = content
    if embed is not None:
        kwargs["embed"] = embed
    if view is not None:
        kwargs["view"] = view
    if file is not None:
        kwargs["file"] = file
    fit(kwargs)
    if interaction.response.is_done():
        sent: object = await interaction.followup.send(**kwargs)
        message_id = getattr(sent, "id", None)
    else:
        sent = await interaction.response.send_message(**kwargs)
        paid(interaction)
        message_id = getattr(sent, "message_id", None)
    return message_id if isinstance(message_id, int) else None


def on_private_message(interaction: discord.Interaction) -> bool:
    """Whether the component clicked sits on an ephemeral message (a private hand)."""
    message = interaction.message
    return message is not None and message.flags.ephemeral


async def update(
    interaction: discord.Interaction,
    *,
    content: str | None = None,
    embed: discord.Embed | None = None,
    view: discord.ui.View | None = None,
    file: discord.File | None = None,
) -> bool:
    """Redraw the private message a component sits on (for a private hand: it stays private), in
    its turn among the message's writes (:meth:`~cogs.ui.handover.Writer.private_lock`); True.

    With pictures on, the redraw lists its attachments (``file``, or none: an old picture goes). A
    hand's component that arrives on a public message (only a forged click can: the board carries
    none) gets the same answer as a new private reply, and False: a public message never turns
    into a hand."""
    if not on_private_message(interaction):
        await reply(interaction, content, embed=embed, view=view, ephemeral=True, file=file)
        return False  # a forged click gets its answer, and nothing more
    bot = bot_of(interaction)
    kwargs = fit({"content": content, "embed": embed, "view": view})
    if bot.gallery.enabled:
        kwargs["attachments"] = [] if file is None else [file]
    assert interaction.message is not None
    async with bot.writer.private_lock(interaction.message.id):
        if interaction.response.is_done():
            await interaction.edit_original_response(**kwargs)
        else:
            await interaction.response.edit_message(**kwargs)
            paid(interaction)
    return True


def paid(interaction: discord.Interaction) -> None:
    """The first response is sent: release what waits for it (:mod:`cogs.ui.replies`)."""
    client = interaction.client
    if isinstance(client, RamiClient) and client.replies is not None:
        client.replies.paid(interaction)


async def secondary(ctx: Ctx) -> None:
    """Before work that follows a first response: let the interactions still owing theirs go first."""
    if ctx.bot.replies is not None:
        await ctx.bot.replies.turn()
