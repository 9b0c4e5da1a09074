"""The private hand: its buttons and selects, and the flows shared with the slash commands.

A hand is only ever sent as an ephemeral reply. Its components let a player take a whole turn
without typing: draw (stock or discard pile), a meld builder (pick the cards of each meld, then
lay them all down at once), lay off (pick a meld, then the cards), discard (a select) and
refresh. The two pickers, meld and lay off, live in :mod:`cogs.ui.meld`. The public game message
carries a "My hand" button that sends a fresh private hand to whoever clicks it, at any time.
Every value a component sends is checked: its form here (:mod:`cogs.ui.components`: a malformed one
is refused as out of date), then again by the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from cogs.ui import pictures, render, sentences
from cogs.ui.components import Guarded, Malformed, custom_id, persistent, stale, template, values
from cogs.ui.context import Ctx, context, reply, update
from cogs.ui.handover import Handle, Picture
from cogs.ui.stall import end_items
from rummy import actions as act
from rummy.cards import Card, take_out
from rummy.deal import Phase
from rummy.errors import RummyError
from rummy.table import NotSeated, Table
from rummy.view import PlayerView
from service.catalog import Translator
from service.games import GameService
from service.hints import Advice, swaps
from service.model import GameSnapshot, Outcome, PlayerSnapshot, Refusal

MAX_OPTIONS = 25
Button = discord.ui.Button[Any]
Select = discord.ui.Select[Any]


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


@dataclass(frozen=True)
class Hand:
    """A private hand's message: its embed and its components."""

    embed: discord.Embed
    view: discord.ui.View


async def hand_message(service: GameService, tr: Translator, player: PlayerSnapshot) -> Hand:
    """The hand at ``player``'s version, in ``tr``'s language: its embed and its components (with the
    one-click suggestion and the joker swaps possible now)."""
    game, view = player.game, player.view
    advice = await service.advice(player)
    return Hand(
        render.hand_embed(view, game.table, tr, advice, game.turn_deadline),
        hand_view(game.game_id, view, tr, advice, swaps(view, game.table.game)),
    )


# -- views ------------------------------------------------------------------------------------


def remaining(hand: Sequence[Card], used: Sequence[Card]) -> list[Card]:
    """``hand`` without one copy of each card of ``used`` (cards compare by face); missing ones are ignored."""
    return take_out(hand, used)[0]


def card_options(cards: Sequence[Card]) -> list[discord.SelectOption]:
    return [discord.SelectOption(label=c.pretty, value=c.token) for c in cards[:MAX_OPTIONS]]


def hand_view(
    game_id: int, view: PlayerView, tr: Translator, advice: Advice | None = None, swaps: Sequence[act.Swap] = ()
) -> discord.ui.View:
    """The private hand's components: draw (stock, discard pile), meld, lay off, refresh, the
    discard select, and in the play phase the shortcuts (:mod:`cogs.ui.shortcuts`): lay down the
    suggested melds (``advice``), the joker ``swaps`` possible now."""
    # Imported here: the meld pickers and the shortcuts build on this module's items and flows.
    from cogs.ui.meld import LayOffButton, MeldButton
    from cogs.ui.shortcuts import shortcut_items

    drawing = view.my_turn and view.phase is Phase.DRAW
    playing = view.my_turn and view.phase is Phase.PLAY
    top = view.discard_top
    # The card taken from the discard pile cannot be discarded this turn: it is not offered.
    discardable = [c for c in view.hand if view.taken is None or c.key != view.taken.key]
    return persistent(
        # Out of turn the draw buttons stay enabled: the turn may have come by the time they are
        # clicked (the rules refuse otherwise), so a stale hand needs no Refresh.
        DrawButton(
            game_id,
            "stock",
            tr("btn_draw_stock"),
            disabled=playing or (drawing and not view.can_draw_stock) or view.turn is None,
        ),
        DrawButton(
            game_id,
            "discard",
            tr("btn_draw_discard", card=top.pretty if top else "—"),
            disabled=playing or top is None or view.turn is None,
            card=top,
        ),
        MeldButton(game_id, tr("btn_meld"), disabled=not playing),
        LayOffButton(game_id, tr("btn_layoff"), disabled=not (playing and view.melds and view.can_lay_off)),
        RefreshButton(game_id, tr("btn_refresh")),
        DiscardSelect(game_id, discardable, tr("ph_discard"), disabled=not playing) if discardable else None,
        *(shortcut_items(game_id, advice, swaps, tr) if playing else ()),
    )


# -- the components -----------------------------------------------------------------------------


def picked_cards(interaction: discord.Interaction, low: int = 1, high: int = MAX_OPTIONS) -> list[Card]:
    """The cards picked in a select of cards (``low`` to ``high`` of them), or the stale refusal."""
    try:
        return [Card.parse(v) for v in values(interaction, low, high)]
    except RummyError:
        raise stale() from None


class HandItem(Guarded):
    """Base of the hand's components: the game id rides in the custom_id."""


class HandButton(HandItem, discord.ui.DynamicItem[Button], template=template("hand")):
    """On the public game message: a fresh private hand for whoever clicks."""

    def __init__(self, game_id: int, label: str = "My hand") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.primary, emoji="🂠", custom_id=custom_id(game_id, "hand")
            )
        )
        self.game_id = game_id

    async def run(self, interaction: discord.Interaction) -> None:
        ctx = context(interaction)
        try:
            await show_hand(ctx, self.game_id)
        except NotSeated:  # a spectator: the table, privately, and how to join
            from cogs.ui.spectator import watch  # imported here: it builds on the lobby's buttons

            await watch(ctx, self.game_id)


class RefreshButton(HandItem, discord.ui.DynamicItem[Button], template=template("refresh")):
    def __init__(self, game_id: int, label: str = "Refresh") -> None:
        super().__init__(
            discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, custom_id=custom_id(game_id, "refresh"))
        )
        self.game_id = game_id

    async def run(self, interaction: discord.Interaction) -> None:
        await show_hand(context(interaction), self.game_id, edit=True)


class DrawButton(HandItem, discord.ui.DynamicItem[Button], template=template("draw")):
    """Draw from the stock, or take the discard pile's top: the card the label promised rides in the
    custom_id (``draw:discard:7H``) and the click is refused if another card is on top now."""

    def __init__(
        self,
        game_id: int,
        source: str = "stock",
        label: str = "Draw",
        disabled: bool = False,
        card: Card | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.primary,
                disabled=disabled,
                custom_id=self.id_for(game_id, source, card),
            )
        )
        self.game_id, self.source, self.card = game_id, source, card

    @staticmethod
    def id_for(game_id: int, source: str, card: Card | None = None) -> str:
        """The custom_id: ``draw:stock``, or ``draw:discard:<the card promised>``."""
        parts: list[object] = [source] if card is None or source != "discard" else [source, str(card)]
        return custom_id(game_id, "draw", *parts)

    @classmethod
    def parse(cls, game_id: int, data: str | None) -> DrawButton:
        source, colon, card = (data or "").partition(":")
        if data == "stock":
            return cls(game_id, "stock")
        if source == "discard" and (card or not colon):
            return cls(game_id, "discard", card=Card.parse(card) if card else None)
        raise Malformed(data)

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


class DiscardSelect(HandItem, discord.ui.DynamicItem[Select], template=template("discard")):
    def __init__(
        self, game_id: int, hand: Sequence[Card] = (), placeholder: str = "Discard", disabled: bool = False
    ) -> None:
        options = card_options(hand) or [discord.SelectOption(label="—", value="none")]
        super().__init__(
            discord.ui.Select(
                custom_id=custom_id(game_id, "discard"),
                placeholder=placeholder,
                options=options,
                disabled=disabled,
                row=1,
            )
        )
        self.game_id = game_id

    async def run(self, interaction: discord.Interaction) -> None:
        [card] = picked_cards(interaction, 1, 1)
        await play(context(interaction), act.Discard(card), self.game_id, edit=True)


def board_view(game_id: int, tr: Translator, table: Table | None = None) -> discord.ui.View:
    """The public game message's components: the persistent "My hand" button, and, given the
    ``table``, the buttons to end a deal that goes nowhere when it offers them (:mod:`cogs.ui.stall`)."""
    return persistent(HandButton(game_id, tr("btn_hand")), *end_items(game_id, table, tr))
