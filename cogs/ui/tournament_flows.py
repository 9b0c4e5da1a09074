"""What a tournament's commands and buttons do (issue 31): find this channel's tournament, sign up
and withdraw, and who may organise.

Each flow calls one method of :class:`service.tournaments.Tournaments` and answers its own
interaction privately; the public message is its writer's (:mod:`cogs.ui.tournament_writer`), which
hears every committed change. Refusals are raised (the service's and the rules'), and
:func:`cogs.ui.errors.report_error` answers them in the caller's language.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord

from cogs.ui.bases_tournament import SignUpItem, WithdrawItem
from cogs.ui.context import Ctx, context, reply
from cogs.ui.limits import quote
from service.model import Refusal, Who
from service.tournament_model import TournamentSnapshot


def may_organise(interaction: discord.Interaction) -> bool:
    """Whether the caller may organise the server's tournaments: Manage Server, for now (a role the
    server names is still to come)."""
    return interaction.permissions.manage_guild


async def here(ctx: Ctx) -> TournamentSnapshot:
    """The tournament in progress in this channel (the newest, if ever there were two);
    ``tournament_none_here`` when there is none."""
    found = await in_channel(ctx)
    if found is None:
        raise Refusal("tournament_none_here")
    return found


async def in_channel(ctx: Ctx) -> TournamentSnapshot | None:
    snaps = await ctx.bot.tournaments.open_tournaments(lambda guild: guild == ctx.guild_id)
    mine = [s for s in snaps if s.channel_id == ctx.channel_id]
    return max(mine, key=lambda s: s.tournament_id) if mine else None


async def control(
    interaction: discord.Interaction, change: Callable[[int, Who, bool], Awaitable[TournamentSnapshot]]
) -> Ctx:
    """An organiser's control of this channel's tournament: ``change(tournament, who, may_organise)``
    (refused with its reason, raised, to anyone else); the caller answers with the :class:`Ctx`."""
    ctx = context(interaction)
    snap = await here(ctx)
    await change(snap.tournament_id, ctx.who, may_organise(interaction))
    return ctx


async def sign_up(ctx: Ctx, tournament_id: int) -> None:
    snap = await ctx.bot.tournaments.sign_up(tournament_id, ctx.who)
    await reply(
        ctx.interaction, ctx.tr("tournament_signed_up", name=quote(snap.tournament.settings.name)), ephemeral=True
    )


async def withdraw(ctx: Ctx, tournament_id: int) -> None:
    snap = await ctx.bot.tournaments.withdraw(tournament_id, ctx.who)
    await reply(
        ctx.interaction, ctx.tr("tournament_withdrawn", name=quote(snap.tournament.settings.name)), ephemeral=True
    )


class SignUpButton(SignUpItem):
    async def run(self, interaction: discord.Interaction) -> None:
        await sign_up(context(interaction), self.game_id)


class WithdrawButton(WithdrawItem):
    async def run(self, interaction: discord.Interaction) -> None:
        await withdraw(context(interaction), self.game_id)
