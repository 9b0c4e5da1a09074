"""``/rami season``: a server's admins choose its seasons (the Settings cog's command calls this).

Off (one all-time board, the default), monthly or quarterly, with boundaries at midnight UTC on
the first day of a month or quarter, and where each season's final board goes. Only Manage Server
may choose; the reply says what the choice means: when the season under way ends, and where its
final board will be posted.
"""

from __future__ import annotations

from discord import app_commands

from cogs.ui.boards import season_name, when
from cogs.ui.context import Ctx, reply
from data import SeasonMode
from service.model import Refusal

SEASON_CHOICES = [
    app_commands.Choice(name=app_commands.locale_str("off (one all-time board)"), value=SeasonMode.OFF.value),
    app_commands.Choice(name=app_commands.locale_str("monthly"), value=SeasonMode.MONTHLY.value),
    app_commands.Choice(name=app_commands.locale_str("quarterly"), value=SeasonMode.QUARTERLY.value),
]


async def choose_seasons(ctx: Ctx, mode: str, channel_id: int | None) -> None:
    """Store the server's seasons and tell the admin, privately, what they mean now."""
    if not ctx.interaction.permissions.manage_guild:
        raise Refusal("manage_guild_only")
    if mode not in {m.value for m in SeasonMode}:
        raise Refusal("season_mode_unknown")
    seasons = ctx.leaderboards.seasons
    chosen = await seasons.choose(ctx.guild_id, mode, channel_id)
    current = await seasons.current(ctx.guild_id)
    if current is None:
        text = ctx.tr("season_set_off")
    else:
        key = "season_set_last" if chosen.channel_id is None else "season_set_channel"
        text = ctx.tr(
            key,
            mode=chosen.mode.value,
            season=season_name(current, ctx.tr),
            ends=when(current.end),
            channel=f"<#{chosen.channel_id}>",
        )
    await reply(ctx.interaction, text, ephemeral=True)
