"""The private hand's flows, shared with the slash commands: show the hand, play a move; and the
behaving classes of the hand's own components (My hand, Refresh, the draw buttons, the discard
select).

A hand is only ever sent as an ephemeral reply. Its components let a player take a whole turn
without typing: draw (stock or discard pile), a meld builder (pick the cards of each meld, then
lay them all down at once), lay off (pick a meld, then the cards), discard (a select) and
refresh. What the hand shows is :func:`cogs.ui.views.hand_message`; the shapes of its components
are the item bases of :mod:`cogs.ui.bases`; the two pickers, meld and lay off, behave in
:mod:`cogs.ui.meld`, the one-click moves in :mod:`cogs.ui.shortcuts`, and both play through
:func:`play`. The public game message carries a "My hand" button that sends a fresh private hand
to whoever clicks it, at any time (a spectator is shown the table: :mod:`cogs.ui.spectator`).
Every value a component sends is checked: its form (:mod:`cogs.ui.components`, :mod:`cogs.ui.bases`:
a malformed one is refused as out of date), then again by the rules.
"""

from __future__ import annotations

import discord

from cogs.ui import open_hands, pictures, sentences
from cogs.ui.bases import DiscardItem, DrawItem, HandItem, RefreshItem
from cogs.ui.components import picked_cards
from cogs.ui.context import Ctx, Drawn, add_picture, context, reply, secondary, sent_privately, update
from cogs.ui.spectator import watch
from cogs.ui.views import Hand, board_view, hand_message, news
from rummy import actions as act
from rummy.table import NotSeated
from service.model import GameSnapshot, Outcome, PlayerSnapshot, Refusal

# -- flows ------------------------------------------------------------------------------------


async def show_hand(ctx: Ctx, game_id: int | None = None, *, edit: bool = False) -> None:
    """Send the caller's hand privately (``edit``: redraw the private message clicked on). Its
    picture is drawn meanwhile and follows in an edit, unless it was drawn already."""
    player = await ctx.service.private_view(ctx.channel_id, ctx.who.id, game_id)
    picture = pictures.for_caller(ctx, pictures.hand_frame(player, ctx.tr))
    hand = await hand_message(ctx, player)
    if edit:
        drawn = await _redraw(ctx, player.game, hand, picture)
    else:
        file = None if picture is None else picture.now(hand.embed)
        message_id = await reply(ctx.interaction, ephemeral=True, embed=hand.embed, view=hand.view, file=file)
        open_hands.keep_sent(ctx, player.game, message_id)  # kept current from now on
        drawn = sent_privately(ctx.interaction, message_id)
    await add_picture(ctx.interaction, drawn, hand.embed, picture)


async def play(ctx: Ctx, action: act.Action, game_id: int | None = None, *, edit: bool = False) -> None:
    """Apply the caller's action; the caller sees their hand (its picture drawn meanwhile, in an
    edit), then the channel reads the move in the turn's public message (:mod:`cogs.ui.turnline`:
    edited, or a new one that pings the next person), never in a message of its own."""
    out = await ctx.service.play(ctx.channel_id, ctx.who, action, game_id)
    player = _player_after(out)
    picture = None if player is None else pictures.for_caller(ctx, pictures.hand_frame(player, ctx.tr))
    told = out.new_turn or news(out.events)  # a new turn, or the end buttons change
    board = board_view(out.game.game_id, ctx.public, out.table) if told and out.table.turn is not None else None
    line = open_hands.note(out, out.seat, ctx.tr)  # the deal or the game ended (never an empty hand)
    hand = None if player is None else await hand_message(ctx, player)
    if edit:  # a component: the first answer is the clicked hand, redrawn
        drawn = await _redraw(ctx, out.game, hand, picture, line)
    elif hand is not None:  # a command: the hand, privately, kept current from now on
        file = None if picture is None else picture.now(hand.embed)
        message_id = await reply(ctx.interaction, line, ephemeral=True, embed=hand.embed, view=hand.view, file=file)
        open_hands.keep_sent(ctx, out.game, message_id)
        drawn = sent_privately(ctx.interaction, message_id)
    else:  # a command that ended the table: what happened, privately (the channel reads it below)
        text = line or sentences.public_text(out.events, out.table, ctx.tr, turn=False)
        await reply(ctx.interaction, text, ephemeral=True)
        drawn = None
    await secondary(ctx)  # first responses owed by others go first (cogs.ui.replies)
    ctx.board.lines.moved(out, ctx.public, board)
    if hand is not None:
        await add_picture(ctx.interaction, drawn, hand.embed, picture)


async def _redraw(
    ctx: Ctx, game: GameSnapshot, hand: Hand | None, picture: pictures.Picture | None, line: str | None = None
) -> Drawn | None:
    """Redraw the private message clicked on: the hand (with its picture if drawn already) under
    ``line`` if any, or once the table closed ``line`` alone (a message is never empty) and no
    buttons. It is kept current from now on (remembered first, at the version it shows, so that an
    older state never covers it: :mod:`cogs.ui.open_hands`)."""
    open_hands.keep_clicked(ctx, game)
    if hand is None:
        return await update(ctx.interaction, content=line or ctx.tr("open_hand_game_over"))
    file = None if picture is None else picture.now(hand.embed)
    return await update(ctx.interaction, content=line, embed=hand.embed, view=hand.view, file=file)


def _player_after(out: Outcome[None]) -> PlayerSnapshot | None:
    """The actor's look at the game after ``out``, or None once the table closed."""
    view = out.view(out.seat) if out.game.active and out.seat is not None else None
    return None if view is None else PlayerSnapshot(out.game, view)


# -- the hand's components ----------------------------------------------------------------------


class HandButton(HandItem):
    """On the public game message: a fresh private hand for whoever clicks."""

    async def run(self, interaction: discord.Interaction) -> None:
        ctx = context(interaction)
        try:
            await show_hand(ctx, self.game_id)
        except NotSeated:  # a spectator: the table, privately, and how to join
            await watch(ctx, self.game_id)


class RefreshButton(RefreshItem):
    async def run(self, interaction: discord.Interaction) -> None:
        await show_hand(context(interaction), self.game_id, edit=True)


class DrawButton(DrawItem):
    """Draw; from the discard pile, only if the card the label promised is still on top."""

    async def run(self, interaction: discord.Interaction) -> None:
        ctx = context(interaction)
        if self.card is not None:
            player = await ctx.service.private_view(ctx.channel_id, ctx.who.id, self.game_id)
            top = player.view.discard_top
            if top is None or top != self.card:
                raise Refusal(
                    "discard_changed", card=top.pretty if top else ctx.tr("board_empty"), promised=self.card.pretty
                )
        await play(ctx, act.Draw(act.Source(self.source)), self.game_id, edit=True)


class DiscardSelect(DiscardItem):
    async def run(self, interaction: discord.Interaction) -> None:
        [card] = picked_cards(interaction, 1, 1)
        await play(context(interaction), act.Discard(card), self.game_id, edit=True)
