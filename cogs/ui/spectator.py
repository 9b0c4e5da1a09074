"""Someone not seated asks for their hand (My hand, or ``/hand``): they are shown, privately, the
public table (the spectator's view: melds, discard pile, card counts, whose turn, never a hand)
and how to join: the Join button while the lobby is open, else to wait for the next game or a
rematch."""

from __future__ import annotations

from cogs.ui import pictures, render
from cogs.ui.context import Ctx
from cogs.ui.views import join_view
from rummy.table import TableStatus


async def watch(ctx: Ctx, game_id: int | None = None) -> None:
    """Show the caller, who is not seated, the channel's table privately and how to join."""
    game = await ctx.service.current(ctx.channel_id, game_id)
    tr = ctx.tr
    embed = render.board_embed(game.table, tr, deadline=game.turn_deadline, expires=game.expires_at)
    view = None
    if game.status is TableStatus.LOBBY:
        embed.add_field(name=tr("watch_title"), value=tr("watch_lobby"), inline=False)
        view = join_view(game.game_id, tr)
    else:
        embed.add_field(name=tr("watch_title"), value=tr("watch_playing"), inline=False)
    frame = pictures.table_frame(game, tr) if game.table.game is not None else None
    await pictures.send_look(ctx, game, embed, frame, view)
