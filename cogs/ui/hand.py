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

from cogs.ui import pictures, sentences
from cogs.ui.bases import DiscardItem, DrawItem, HandItem, RefreshItem
from cogs.ui.components import picked_cards
from cogs.ui.context import Ctx, context, reply, update
from cogs.ui.handover import Handle, Picture
from cogs.ui.spectator import watch
from cogs.ui.views import Hand, hand_message
from rummy import actions as act
from rummy.table import NotSeated
from service.model import GameSnapshot, Outcome, PlayerSnapshot, Refusal

# -- flows ------------------------------------------------------------------------------------


async def show_hand(ctx: Ctx, game_id: int | None = None, *, edit: bool = False) -> None:
    """Send the caller's hand privately (``edit``: redraw the private message clicked on). Its
    picture is drawn meanwhile and follows in an edit, unless it was drawn already."""
    player = await ctx.service.private_view(ctx.channel_id, ctx.who.id, game_id)
    picture = pictures.for_caller(ctx, pictures.hand_frame(player, ctx.tr))
    hand = await hand_message(ctx.service, ctx.tr, player)
    if edit:
        handle = await _redraw(ctx, player.game, hand, picture)
    else:
        file = None if picture is None else picture.now(hand.embed)
        message_id = await reply(ctx.interaction, ephemeral=True, embed=hand.embed, view=hand.view, file=file)
        handle = Handle.of(ctx.interaction, message_id)
        ctx.writer.shown(handle, player.game)  # kept current from now on
    if handle is not None:
        ctx.writer.picture(handle, player.game, hand.embed, picture)


async def play(ctx: Ctx, action: act.Action, game_id: int | None = None, *, edit: bool = False) -> None:
    """Apply the caller's action and answer the caller with their hand (its picture drawn
    meanwhile, in an edit). Everything else the move changes (the turn's public message, the
    board, the other hands, the final message) is the game's writer's (:mod:`cogs.ui.writer`),
    which heard the committed change."""
    out = await ctx.service.play(ctx.channel_id, ctx.who, action, game_id)
    player = _player_after(out)
    picture = None if player is None else pictures.for_caller(ctx, pictures.hand_frame(player, ctx.tr))
    line = sentences.hand_note(out, out.seat, ctx.tr)  # the deal or the game ended (never an empty hand)
    hand = None if player is None else await hand_message(ctx.service, ctx.tr, player)
    handle = None
    if edit:  # a component: the first answer is the clicked hand, redrawn
        handle = await _redraw(ctx, out.game, hand, picture, line)
    elif hand is not None:  # a command: the hand, privately, kept current from now on
        file = None if picture is None else picture.now(hand.embed)
        message_id = await reply(ctx.interaction, line, ephemeral=True, embed=hand.embed, view=hand.view, file=file)
        handle = Handle.of(ctx.interaction, message_id)
        ctx.writer.shown(handle, out.game)
    else:  # a command that ended the table: what happened, privately (the channel reads it from the writer)
        text = line or sentences.public_text(out.events, out.table, ctx.tr, turn=False)
        await reply(ctx.interaction, text, ephemeral=True)
    if hand is not None and handle is not None:
        ctx.writer.picture(handle, out.game, hand.embed, picture)


async def _redraw(
    ctx: Ctx, game: GameSnapshot, hand: Hand | None, picture: Picture | None, line: str | None = None
) -> Handle | None:
    """Redraw the private message clicked on: the hand (with its picture if drawn already) under
    ``line`` if any, or once the table closed ``line`` alone (a message is never empty) and no
    buttons. It is handed over to the writer first, at the version it shows, so that an older
    state never covers it; its handle, or None for a click on a public message (answered apart)."""
    handle = clicked(ctx)
    if handle is not None:
        ctx.writer.shown(handle, game)
    if hand is None:
        await update(ctx.interaction, content=line or ctx.tr("open_hand_game_over"))
        return None
    file = None if picture is None else picture.now(hand.embed)
    await update(ctx.interaction, content=line, embed=hand.embed, view=hand.view, file=file)
    return handle


def clicked(ctx: Ctx) -> Handle | None:
    """The handle of the private message clicked on (None: the click came on a public message)."""
    message = ctx.interaction.message
    if message is None or not message.flags.ephemeral:
        return None
    return Handle.of(ctx.interaction, message.id)


def keep_picker(ctx: Ctx, game: GameSnapshot) -> None:
    """The private message clicked on is about to show a meld or lay-off picker of ``game``: the
    writer keeps it current, and leaves the picker alone while its player builds."""
    handle = clicked(ctx)
    if handle is not None:
        ctx.writer.shown(handle, game, picker=True)


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
