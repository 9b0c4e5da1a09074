"""What a tournament's commands and buttons do (issue 31): find this channel's tournament, sign up
and withdraw, who may organise, and the entrants an organiser's control names.

Each flow calls one method of :class:`service.tournaments.Tournaments` and answers its own
interaction privately; the public message is its writer's (:mod:`cogs.ui.tournament_writer`), which
hears every committed change. Refusals are raised (the service's and the rules'), and
:func:`cogs.ui.errors.report_error` answers them in the caller's language.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord
from discord import app_commands

from cogs.ui.bases_tournament import SignUpItem, WithdrawItem
from cogs.ui.client import bot_of
from cogs.ui.context import Ctx, context, reply
from cogs.ui.limits import OPTION_TEXT, OPTIONS, quote
from cogs.ui.sentences import clip
from cogs.ui.tournament_render import entrant_name
from rummy import tournament as T
from service.catalog import Translator
from service.model import Refusal, Who
from service.tournament_model import TournamentSnapshot

# The entrants an organiser's control may name: remove takes anyone still in the event (its
# standings), replace a person whose seats no computer player plays yet.
Eligible = Callable[[T.Entrant], bool]


def removable(e: T.Entrant) -> bool:
    return e.removable


def replaceable(e: T.Entrant) -> bool:
    return e.replaceable


def may_organise(interaction: discord.Interaction) -> bool:
    """Whether the caller may organise the server's tournaments (any of them, as the organiser
    would): Manage Server, or the role the server named (``/tournament organisers``)."""
    if interaction.permissions.manage_guild:
        return True
    role = bot_of(interaction).service.settings.organiser_role(interaction.guild_id)
    user = interaction.user
    return role is not None and isinstance(user, discord.Member) and any(r.id == role for r in user.roles)


async def entrant_choices(
    interaction: discord.Interaction, current: str, eligible: Eligible
) -> list[app_commands.Choice[str]]:
    """The autocomplete of a control's ``player``: this channel's tournament's entrants whose name
    holds what was typed (a computer entrant, a person gone from the server too), at most 25."""
    ctx = context(interaction)
    snap = await in_channel(ctx)
    if snap is None:
        return []
    typed_now = current.strip().casefold()
    shown = [(e, entrant_name(e, ctx.tr)) for e in snap.tournament.entrants if eligible(e)]
    found = [(e, name) for e, name in shown if typed_now in name.casefold() or typed_now in e.name.casefold()]
    return [app_commands.Choice(name=clip(name, OPTION_TEXT), value=str(e.id)) for e, name in found[:OPTIONS]]


def entrant_named(snap: TournamentSnapshot, value: str, eligible: Eligible, tr: Translator) -> T.Entrant:
    """The entrant a control's ``player`` names: an autocomplete choice (the entrant's id) or a
    name typed whole (one entrant only); ``tournament_unknown_player`` otherwise."""
    t = snap.tournament
    text = value.strip()
    entrant = t.entrant(int(text)) if text.lstrip("-").isdigit() and len(text) <= 20 else None
    if entrant is None:
        typed = text.casefold()
        named = [e for e in t.entrants if typed in (e.name.casefold(), entrant_name(e, tr).casefold())]
        entrant = named[0] if len(named) == 1 else None
    if entrant is None or not eligible(entrant):
        raise Refusal("tournament_unknown_player", name=quote(text))
    return entrant


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


async def control_of(
    interaction: discord.Interaction,
    player: str,
    eligible: Eligible,
    change: Callable[[int, Who, int, bool], Awaitable[TournamentSnapshot]],
) -> tuple[Ctx, T.Entrant]:
    """An organiser's control about one entrant (``player``: see :func:`entrant_named`):
    ``change(tournament, who, entrant, may_organise)``; the caller answers with the entrant."""
    ctx = context(interaction)
    snap = await here(ctx)
    allowed = may_organise(interaction)
    if not allowed and ctx.who.id != snap.tournament.organiser:  # the reason before the name's
        raise T.NotOrganiser("Only the organiser can do that.", key="tournament_only_organiser")
    entrant = entrant_named(snap, player, eligible, ctx.tr)
    await change(snap.tournament_id, ctx.who, entrant.id, allowed)
    return ctx, entrant


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
