"""``/tournament``: a server event across several tables (issue 31), and its clock.

The commands are thin: each reads the channel's tournament (:func:`cogs.ui.tournament_flows.here`),
calls one method of :class:`service.tournaments.Tournaments` with ``may_organise`` (Manage Server,
or the role the server names with ``/tournament organisers``) and answers privately; the public
message is :class:`~cogs.ui.tournament_writer.TournamentWriter`'s. Refusals (the rules'
``rules-tournament-*``, the service's) are raised and answered privately in the caller's language
by the tree. The group has no ``default_permissions``: the role's members must see it, and every
command refuses anyone else with its reason.

:class:`TournamentClock` is a small loop (like :mod:`cogs.seasons`): once the bot is ready, then
every :data:`POLL` seconds, it starts each tournament whose start time came
(:meth:`~service.tournaments.Tournaments.start_due`), applies the time limit of each round whose
deadline passed (:meth:`~service.tournaments.Tournaments.time_limit`) and opens the tables of a
round in play still without a game (:meth:`~service.tournaments.Tournaments.open_tables`), for this
process's servers. What it reads is the store's: a restart loses no start time and no deadline.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import discord
from discord import app_commands
from discord.ext import commands

from cogs.loop import ReadyLoop
from cogs.ui.client import RamiClient, as_rami
from cogs.ui.context import LEVEL_CHOICES, PRESET_CHOICES, context, reply
from cogs.ui.limits import chosen, quote
from cogs.ui.tournament_flows import (
    control,
    control_of,
    entrant_choices,
    here,
    in_channel,
    may_organise,
    removable,
    replaceable,
)
from cogs.ui.tournament_render import entrant_name
from cogs.ui.tournament_writer import TableThreads
from rummy import tournament as T
from rummy.rules import PRESETS
from rummy.table import BOT_LEVELS
from rummy.tournament.model import DEFAULT_ROUND_MINUTES, MAX_NAME
from service.model import Refusal
from service.tournament_model import TournamentSnapshot
from service.tournament_time import MAX_TEXT
from service.tournaments import Tournaments

log = logging.getLogger(__name__)

POLL = 30.0  # seconds between two looks at the rounds' deadlines and unopened tables
DEFAULT_ROUNDS = 3  # of a Swiss tournament created without a number of rounds
FORMAT_CHOICES = [
    app_commands.Choice(name=app_commands.locale_str("Swiss"), value=T.Format.SWISS.value),
    app_commands.Choice(name=app_commands.locale_str("knockout"), value=T.Format.KNOCKOUT.value),
]
PLAYER_TEXT = 100  # characters of a ``player`` option (a name typed whole, or an autocomplete's id)


# No default_permissions: the organisers' role must see the commands (each refuses others with a reason).
@app_commands.guild_only()
class Tournament(
    commands.GroupCog,
    group_name="tournament",
    group_description="Tournaments: an event over several tables, from sign-up to the standings",
):
    """The organiser's controls (see the module doc)."""

    def __init__(self, bot: RamiClient) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="create", description="Create a tournament in this channel (organisers)")
    @app_commands.describe(
        name="The tournament's name",
        format="Swiss (every round at new tables) or knockout (the best of each table go on)",
        table_size="The most players at a table (2 to 6)",
        preset="The rule set (default: the server's default preset, with its house rules)",
        rounds="Rounds of a Swiss tournament (default: 3; a knockout takes none)",
        fill_with_computers="Computer players fill the empty seats (default: no)",
        round_minutes="Each round's time limit in minutes (default: 90)",
        start_time="When it starts by itself: 21h, 20:30, 04/12 20:30 (the bot's time zone); default: by hand",
    )
    @app_commands.choices(format=FORMAT_CHOICES, preset=PRESET_CHOICES)
    async def create(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, MAX_NAME],
        format: str,
        table_size: int,
        preset: str | None = None,
        rounds: int | None = None,
        fill_with_computers: bool = False,
        round_minutes: int = DEFAULT_ROUND_MINUTES,
        start_time: app_commands.Range[str, 1, MAX_TEXT] | None = None,
    ) -> None:
        ctx = context(interaction)
        allowed = may_organise(interaction)
        kind = T.Format(chosen(format, [f.value for f in T.Format], "format"))
        if allowed and await in_channel(ctx) is not None:
            raise Refusal("tournament_channel_taken")
        starts_at = self.bot.tournaments.start_time(start_time) if allowed and start_time is not None else None
        defaults = await ctx.service.defaults.get(ctx.guild_id)
        preset_name = chosen(preset, PRESETS, "preset") if preset is not None else defaults.preset_name
        if kind is T.Format.SWISS and rounds is None:
            rounds = DEFAULT_ROUNDS
        settings = T.Settings(
            name,
            preset_name,
            kind,
            rounds,
            table_size,
            house_rules=dict(defaults.house_rules.get(preset_name, {})),
            fill_with_computers=fill_with_computers,
            round_minutes=round_minutes,
            starts_at=starts_at,
            options=defaults.table_options(),
        )
        snap = await self.bot.tournaments.create(ctx.guild_id, ctx.channel_id, ctx.who, settings, may_organise=allowed)
        title = quote(snap.tournament.settings.name)
        if starts_at is None:
            text = ctx.tr("tournament_created", name=title)
        else:
            text = ctx.tr(
                "tournament_created_at", name=title, at=f"<t:{int(starts_at)}:F>", rel=f"<t:{int(starts_at)}:R>"
            )
        await reply(interaction, text, ephemeral=True)

    @app_commands.command(name="start", description="Close the sign-ups and open round 1's tables (organiser)")
    async def start(self, interaction: discord.Interaction) -> None:
        ctx = await control(interaction, lambda t, who, ok: self.bot.tournaments.start(t, who, may_organise=ok))
        await reply(interaction, ctx.tr("tournament_done_start"), ephemeral=True)

    @app_commands.command(name="cancel", description="Cancel this channel's tournament (organiser)")
    async def cancel(self, interaction: discord.Interaction) -> None:
        ctx = await control(interaction, lambda t, who, ok: self.bot.tournaments.cancel(t, who, may_organise=ok))
        await reply(interaction, ctx.tr("tournament_done_cancel"), ephemeral=True)

    @app_commands.command(name="pause", description="Hold back the next round (organiser)")
    async def pause(self, interaction: discord.Interaction) -> None:
        ctx = await control(interaction, lambda t, who, ok: self.bot.tournaments.pause(t, who, may_organise=ok))
        await reply(interaction, ctx.tr("tournament_done_pause"), ephemeral=True)

    @app_commands.command(name="resume", description="Let the next round come (organiser)")
    async def resume(self, interaction: discord.Interaction) -> None:
        ctx = await control(interaction, lambda t, who, ok: self.bot.tournaments.resume(t, who, may_organise=ok))
        await reply(interaction, ctx.tr("tournament_done_resume"), ephemeral=True)

    @app_commands.command(name="remove", description="Take a player out of the tournament (organiser)")
    @app_commands.describe(player="The entrant to take out (a person or a computer player)")
    async def remove(self, interaction: discord.Interaction, player: app_commands.Range[str, 1, PLAYER_TEXT]) -> None:
        tournaments = self.bot.tournaments
        ctx, entrant = await control_of(
            interaction, player, removable, lambda t, who, p, ok: tournaments.remove(t, who, p, may_organise=ok)
        )
        await reply(
            interaction, ctx.tr("tournament_done_remove", name=quote(entrant_name(entrant, ctx.tr))), ephemeral=True
        )

    @app_commands.command(name="replace", description="A computer player plays a missing player's place (organiser)")
    @app_commands.describe(player="The person whose place a computer player takes, in a game in play too")
    async def replace(self, interaction: discord.Interaction, player: app_commands.Range[str, 1, PLAYER_TEXT]) -> None:
        tournaments = self.bot.tournaments
        ctx, entrant = await control_of(
            interaction, player, replaceable, lambda t, who, p, ok: tournaments.replace(t, who, p, may_organise=ok)
        )
        await reply(
            interaction,
            ctx.tr("tournament_done_replace_now", name=quote(entrant_name(entrant, ctx.tr))),
            ephemeral=True,
        )

    @remove.autocomplete("player")
    async def removable_players(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await entrant_choices(interaction, current, removable)

    @replace.autocomplete("player")
    async def replaceable_players(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await entrant_choices(interaction, current, replaceable)

    @app_commands.command(name="addbot", description="Enter a computer player during the sign-ups (organiser)")
    @app_commands.describe(level="How well it plays (default: normal)")
    @app_commands.choices(level=LEVEL_CHOICES)
    async def addbot(self, interaction: discord.Interaction, level: str = T.FILL_LEVEL) -> None:
        ctx = context(interaction)
        snap = await here(ctx)
        snap = await self.bot.tournaments.add_computer(
            snap.tournament_id, ctx.who, chosen(level, BOT_LEVELS, "level"), may_organise=may_organise(interaction)
        )
        added = snap.tournament.entrants[-1]  # the computer entrant is the newest
        text = ctx.tr("tournament_done_addbot", name=quote(entrant_name(added, ctx.tr)), n=len(snap.tournament.playing))
        await reply(interaction, text, ephemeral=True)

    @app_commands.command(name="organisers", description="The role whose members organise tournaments (Manage Server)")
    @app_commands.describe(role="The organisers' role (none: Manage Server alone)")
    async def organisers(self, interaction: discord.Interaction, role: discord.Role | None = None) -> None:
        ctx = context(interaction)
        if not interaction.permissions.manage_guild:
            raise Refusal("tournament_organisers_manage_only")
        if role is not None and role.is_default():
            raise Refusal("tournament_organisers_everyone")
        await ctx.service.settings.set_organiser_role(ctx.guild_id, None if role is None else role.id)
        if role is None:
            text = ctx.tr("tournament_organisers_cleared")
        else:
            text = ctx.tr("tournament_organisers_set", role=role.mention)
        await reply(interaction, text, ephemeral=True)
        await self.bot.tournaments.shown(ctx.guild_id)  # their messages name the role


def unopened(snap: TournamentSnapshot) -> bool:
    """Whether a table of the round in play has no result and no game yet (its opening failed)."""
    rnd = snap.tournament.current
    if rnd is None:
        return False
    for table in rnd.tables:
        link = snap.link(rnd.number, table.number)
        if table.result is None and (link is None or link.game_id is None):
            return True
    return False


class TournamentClock(ReadyLoop, name="TournamentClock"):
    """The rounds' time limits and the tables still to open (see the module doc): its loop
    (:class:`cogs.loop.ReadyLoop`) starts when the bot is first ready, resuming what a restart left."""

    what = "tournaments' clock"

    def __init__(
        self,
        tournaments: Tournaments,
        *,
        owns: Callable[[int], bool] | None = None,
        threads: TableThreads | None = None,
    ) -> None:
        super().__init__()
        self.tournaments = tournaments
        self.owns = owns  # the servers of this process's shards (None: all)
        self.threads = threads  # where the tables are played: told of the threads read back
        self._resumed = False

    async def step(self) -> None:
        if not self._resumed:  # what a restart left: tables to open, games that ended, a deadline passed
            resumed = await self.tournaments.resume_all(self.owns)
            if self.threads is not None:
                self.threads.note(resumed)
            self._resumed = True
        await self.tick()

    def interval(self) -> float:
        return POLL  # read at each turn (the end-to-end tests' clock hook shortens it)

    async def tick(self) -> None:
        """One look: every tournament in play of this process's servers."""
        now = self.tournaments.now()
        snaps = await self.tournaments.open_tournaments(self.owns)
        if self.threads is not None:
            self.threads.note(snaps)
        for snap in snaps:
            rnd = snap.tournament.current
            if T.start_due(snap.tournament, now) is not None:  # its start time came
                await self.tournaments.start_due(snap.tournament_id)
                continue
            if snap.stage is not T.Stage.PLAYING or rnd is None:
                continue
            deadline = snap.round_deadline()
            if deadline is not None and now >= deadline:
                await self.tournaments.time_limit(snap.tournament_id)
            elif unopened(snap):
                await self.tournaments.open_tables(snap.tournament_id)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Tournament(as_rami(bot)))
