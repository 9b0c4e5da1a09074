"""The private hand: its buttons and selects, and the flows shared with the slash commands.

A hand is only ever sent as an ephemeral reply. Its components let a player take a whole turn
without typing: draw (stock or discard pile), a meld builder (pick the cards of each meld, then
lay them all down at once), lay off (pick a meld, then the cards), discard (a select) and
refresh. The public game message carries a "My hand" button that sends a fresh private hand to
whoever clicks it, at any time. Every value a component sends is checked again by the rules.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Any

import discord

from cogs import render
from cogs.advice import advise_async
from cogs.common import Ctx, context, reply, update
from cogs.messages import Translator
from cogs.service import Outcome, Refusal
from cogs.views import (
    Guarded,
    Prebuilt,
    button_json,
    custom_id,
    persistent,
    register,
    row_json,
    select_json,
    template,
    values,
)
from rummy import actions as act
from rummy.cards import Card, format_cards, parse_cards, take_out
from rummy.deal import Phase
from rummy.errors import RummyError
from rummy.melds import make_meld
from rummy.table import Table
from rummy.view import PlayerView

MAX_OPTIONS = 25
Button = discord.ui.Button[Any]
Select = discord.ui.Select[Any]


# -- flows ------------------------------------------------------------------------------------


async def show_hand(ctx: Ctx, game_id: int | None = None, *, edit: bool = False) -> None:
    """Send the caller's hand privately (``edit``: redraw the private message clicked on)."""
    row, table, view = await ctx.service.private_view(ctx.channel_id, ctx.who.id, game_id)
    advice = await advise_async(view, table.game) if table.options.hints else None
    embed = render.hand_embed(view, table, ctx.tr, advice, row.turn_deadline)
    components = hand_view(row.id, view, ctx.tr)
    if edit:
        await update(ctx.interaction, embed=embed, view=components)
    else:
        await reply(ctx.interaction, embed=embed, view=components, ephemeral=True)


async def play(ctx: Ctx, action: act.Action, game_id: int | None = None, *, edit: bool = False) -> None:
    """Apply the caller's action; the channel reads what happened, the caller sees their hand."""
    out = await ctx.service.play(ctx.channel_id, ctx.who, action, game_id)
    public = render.public_text(out.events, out.table, ctx.public, turn=out.new_turn)
    mention = out.new_turn and out.table.turn is not None and out.table.user_id(out.table.turn) is not None
    board = board_view(out.row.id, ctx.public) if out.new_turn and out.table.turn is not None else None
    if edit:  # a component: the first answer is the clicked hand, redrawn
        await update(ctx.interaction, **await _private_hand(ctx, out))
        await ctx.rami.replies.turn()  # first replies owed by others go first (cogs.priority)
        await reply(ctx.interaction, public, ephemeral=False, view=board, silent=not mention)
    else:  # a command: the channel reads what happened at once; the hand (advice: solver) follows
        await reply(ctx.interaction, public, ephemeral=False, view=board, silent=not mention)
        await ctx.rami.replies.turn()
        private = await _private_hand(ctx, out)
        if private:
            await reply(ctx.interaction, ephemeral=True, **private)
    ctx.rami.board.refresh(out.row.id)


async def _private_hand(ctx: Ctx, out: Outcome) -> dict[str, Any]:
    """The actor's hand after ``out`` (embed and components), or nothing once the table closed."""
    view = out.view(out.seat) if out.table.status.active else None
    if view is None:
        return {}
    advice = await advise_async(view, out.table.game) if out.table.options.hints else None
    return {"embed": render.hand_embed(view, out.table, ctx.tr, advice, out.row.turn_deadline),
            "view": hand_view(out.row.id, view, ctx.tr)}


# -- encoding melds in a custom_id --------------------------------------------------------------


def encode_groups(groups: Sequence[Sequence[Card]]) -> str:
    return "|".join(".".join(str(c) for c in g) for g in groups)


def decode_groups(text: str) -> list[list[Card]]:
    return [parse_cards(g.replace(".", " ")) for g in text.split("|") if g]


def remaining(hand: Sequence[Card], used: Sequence[Card]) -> list[Card]:
    """``hand`` without one copy of each card of ``used`` (cards compare by face); missing ones are ignored."""
    return take_out(hand, used)[0]


# -- views ------------------------------------------------------------------------------------


def _card_options(cards: Sequence[Card]) -> list[discord.SelectOption]:
    return [discord.SelectOption(label=c.pretty, value=c.token) for c in cards[:MAX_OPTIONS]]


def hand_view(game_id: int, view: PlayerView, tr: Translator) -> discord.ui.View:
    """The private hand's components: draw (stock, discard pile), meld, lay off, refresh, and the
    discard select. Sent with every hand, so built as JSON (:class:`~cogs.views.Prebuilt`); the
    buttons are those of :class:`DrawButton`, :class:`MeldButton`, :class:`LayOffButton`,
    :class:`RefreshButton` and :class:`DiscardSelect`, which handle the clicks."""
    drawing = view.my_turn and view.phase is Phase.DRAW
    playing = view.my_turn and view.phase is Phase.PLAY
    top = view.discard_top
    primary, success = discord.ButtonStyle.primary, discord.ButtonStyle.success
    buttons = row_json(
        # Out of turn the draw buttons stay enabled: the turn may have come by the time they are
        # clicked (the rules refuse otherwise), so a stale hand needs no Refresh.
        button_json(DrawButton.id_for(game_id, "stock"), tr("btn_draw_stock"), primary,
                    disabled=playing or (drawing and not view.can_draw_stock) or view.turn is None),
        button_json(DrawButton.id_for(game_id, "discard", top), tr("btn_draw_discard", card=top.pretty if top else "—"),
                    primary, disabled=playing or top is None or view.turn is None),
        button_json(custom_id(game_id, "mb"), tr("btn_meld"), success, disabled=not playing),
        button_json(custom_id(game_id, "lo"), tr("btn_layoff"), success,
                    disabled=not (playing and view.melds and view.can_lay_off)),
        button_json(custom_id(game_id, "refresh"), tr("btn_refresh"), discord.ButtonStyle.secondary),
    )
    # The card taken from the discard pile cannot be discarded this turn: it is not offered.
    discardable = [c for c in view.hand if view.taken is None or c.key != view.taken.key]
    if not discardable:
        return Prebuilt([buttons])
    options = [(c.pretty, c.token) for c in discardable[:MAX_OPTIONS]]
    select = select_json(custom_id(game_id, "discard"), tr("ph_discard"), options, disabled=not playing)
    return Prebuilt([buttons, row_json(select)])


def builder_view(game_id: int, view: PlayerView, pending: list[list[Card]], tr: Translator) -> discord.ui.View:
    rest = remaining(view.hand, [c for g in pending for c in g])
    pick = MeldPick(game_id, pending, rest, tr("ph_meld_cards")) if len(rest) >= 3 else None
    confirm = MeldConfirm(game_id, pending, tr("btn_lay_down", n=len(pending))) if pending else None
    return persistent(pick, confirm, RefreshButton(game_id, tr("btn_back")))


def builder_embed(view: PlayerView, pending: list[list[Card]], tr: Translator) -> discord.Embed:
    lines = [tr("builder_help")]
    if pending:
        lines += ["", f"**{tr('builder_pending')}**"] + [render.group_line(g, view, tr) for g in pending]
    rest = remaining(view.hand, [c for g in pending for c in g])
    lines += ["", " ".join(c.pretty for c in rest)]
    return discord.Embed(title=tr("builder_title"), description=render.clip("\n".join(lines), 4000),
                         colour=render.COLOUR)


# -- the components -----------------------------------------------------------------------------


class _Item(Guarded):
    game_id: int

    @staticmethod
    def game(match: re.Match[str]) -> int:
        return int(match["game"])


@register
class HandButton(_Item, discord.ui.DynamicItem[Button], template=template("hand")):
    """On the public game message: a fresh private hand for whoever clicks."""

    def __init__(self, game_id: int, label: str = "My hand") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.primary, emoji="🂠",
                                           custom_id=custom_id(game_id, "hand")))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]) -> HandButton:
        return cls(cls.game(match))

    async def run(self, interaction: discord.Interaction) -> None:
        await show_hand(context(interaction), self.game_id)


@register
class RefreshButton(_Item, discord.ui.DynamicItem[Button], template=template("refresh")):
    def __init__(self, game_id: int, label: str = "Refresh") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=custom_id(game_id, "refresh")))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str]) -> RefreshButton:
        return cls(cls.game(match))

    async def run(self, interaction: discord.Interaction) -> None:
        await show_hand(context(interaction), self.game_id, edit=True)


@register
class DrawButton(_Item, discord.ui.DynamicItem[Button],
                 template=template("draw:(?P<source>stock|discard)(?::(?P<card>[0-9TJQKAHDSCK=]+))?")):
    """Draw from the stock, or take the discard pile's top: the card the label promised rides in the
    custom_id (``draw:discard:7H``) and the click is refused if another card is on top now."""

    def __init__(self, game_id: int, source: str, label: str = "Draw", disabled: bool = False,
                 card: Card | None = None) -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.primary, disabled=disabled,
                                           custom_id=self.id_for(game_id, source, card)))
        self.game_id, self.source, self.card = game_id, source, card

    @staticmethod
    def id_for(game_id: int, source: str, card: Card | None = None) -> str:
        """The custom_id: ``draw:stock``, or ``draw:discard:<the card promised>``."""
        parts: list[object] = [source] if card is None or source != "discard" else [source, str(card)]
        return custom_id(game_id, "draw", *parts)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]) -> DrawButton:
        return cls(cls.game(match), match["source"], card=Card.parse(match["card"]) if match["card"] else None)

    async def run(self, interaction: discord.Interaction) -> None:
        ctx = context(interaction)
        if self.card is not None:
            _row, _table, view = await ctx.service.private_view(ctx.channel_id, ctx.who.id, self.game_id)
            top = view.discard_top
            if top is None or top != self.card:
                raise Refusal("discard_changed", card=top.pretty if top else ctx.tr("board_empty"),
                              promised=self.card.pretty)
        await play(ctx, act.Draw(act.Source(self.source)), self.game_id, edit=True)


@register
class DiscardSelect(_Item, discord.ui.DynamicItem[Select], template=template("discard")):
    def __init__(self, game_id: int, hand: Sequence[Card] = (), placeholder: str = "Discard",
                 disabled: bool = False) -> None:
        options = _card_options(hand) or [discord.SelectOption(label="—", value="none")]
        super().__init__(discord.ui.Select(custom_id=custom_id(game_id, "discard"), placeholder=placeholder,
                                           options=options, disabled=disabled, row=1))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str]) -> DiscardSelect:
        return cls(cls.game(match))

    async def run(self, interaction: discord.Interaction) -> None:
        picked = values(interaction)
        await play(context(interaction), act.Discard(Card.parse(picked[0])), self.game_id, edit=True)


@register
class MeldButton(_Item, discord.ui.DynamicItem[Button], template=template("mb")):
    def __init__(self, game_id: int, label: str = "Meld", disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.success, disabled=disabled,
                                           custom_id=custom_id(game_id, "mb")))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]) -> MeldButton:
        return cls(cls.game(match))

    async def run(self, interaction: discord.Interaction) -> None:
        ctx = context(interaction)
        _row, _table, view = await ctx.service.private_view(ctx.channel_id, ctx.who.id, self.game_id)
        await update(interaction, embed=builder_embed(view, [], ctx.tr),
                     view=builder_view(self.game_id, view, [], ctx.tr))


@register
class MeldPick(_Item, discord.ui.DynamicItem[Select], template=template("mbs:(?P<groups>[^:]*)")):
    """The builder's select: the cards of one more meld (the melds so far ride in the custom_id)."""

    def __init__(self, game_id: int, pending: list[list[Card]], rest: Sequence[Card] = (),
                 placeholder: str = "Cards") -> None:
        options = _card_options(rest) or [discord.SelectOption(label="—", value="none")]
        super().__init__(discord.ui.Select(custom_id=custom_id(game_id, "mbs", encode_groups(pending)),
                                           placeholder=placeholder, options=options, min_values=min(3, len(options)),
                                           max_values=len(options)))
        self.game_id, self.pending = game_id, pending

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]) -> MeldPick:
        return cls(cls.game(match), decode_groups(match["groups"]))

    async def run(self, interaction: discord.Interaction) -> None:
        ctx = context(interaction)
        _row, _table, view = await ctx.service.private_view(ctx.channel_id, ctx.who.id, self.game_id)
        group = [Card.parse(v) for v in values(interaction)]
        try:  # a bad group is refused at once (privately): the builder keeps the good ones
            make_meld(group, view.rules)
        except RummyError as exc:
            raise Refusal("builder_refused", cards=format_cards(group),
                          why=str(exc).split(": ", 1)[-1]) from None
        pending = [*self.pending, group]
        encoded = encode_groups(pending)
        if len(custom_id(self.game_id, "mbs", "")) + len(encoded) > 100:
            raise Refusal("too_many_cards")
        await update(interaction, embed=builder_embed(view, pending, ctx.tr),
                     view=builder_view(self.game_id, view, pending, ctx.tr))


@register
class MeldConfirm(_Item, discord.ui.DynamicItem[Button], template=template("mk:(?P<groups>[^:]+)")):
    def __init__(self, game_id: int, groups: list[list[Card]], label: str = "Lay down") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.success,
                                           custom_id=custom_id(game_id, "mk", encode_groups(groups))))
        self.game_id, self.groups = game_id, groups

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]) -> MeldConfirm:
        return cls(cls.game(match), decode_groups(match["groups"]))

    async def run(self, interaction: discord.Interaction) -> None:
        action = act.Meld(tuple(tuple(g) for g in self.groups))
        await play(context(interaction), action, self.game_id, edit=True)


@register
class LayOffButton(_Item, discord.ui.DynamicItem[Button], template=template("lo")):
    def __init__(self, game_id: int, label: str = "Lay off", disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.success, disabled=disabled,
                                           custom_id=custom_id(game_id, "lo")))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]) -> LayOffButton:
        return cls(cls.game(match))

    async def run(self, interaction: discord.Interaction) -> None:
        ctx = context(interaction)
        _row, table, view = await ctx.service.private_view(ctx.channel_id, ctx.who.id, self.game_id)
        options = [discord.SelectOption(label=render.clip(m.label, 100), value=str(m.index))
                   for m in layoff_targets(table, view)]
        if not options:
            raise Refusal("no_meld_number")
        select = LayOffMeld(self.game_id, options, ctx.tr("ph_layoff_meld"))
        embed = discord.Embed(title=ctx.tr("layoff_title"), description=ctx.tr("layoff_help"), colour=render.COLOUR)
        await update(interaction, embed=embed, view=persistent(select, RefreshButton(self.game_id, ctx.tr("btn_back"))))


def layoff_targets(table: Table, view: PlayerView) -> list[Any]:
    """The melds the lay-off select offers: all of them when they fit in one select; with more,
    only those one of the hand's cards can extend now (checked by the engine)."""
    melds = list(view.melds)
    if len(melds) <= MAX_OPTIONS or table.game is None or view.seat is None:
        return melds[:MAX_OPTIONS]
    game, seat = table.game, view.seat

    def extendable(index: int) -> bool:
        for card in view.hand:
            try:
                game.check(seat, act.LayOff((card,), index))
            except RummyError:
                continue
            return True
        return False

    return [m for m in melds if extendable(m.index)][:MAX_OPTIONS] or melds[:MAX_OPTIONS]


@register
class LayOffMeld(_Item, discord.ui.DynamicItem[Select], template=template("lom")):
    def __init__(self, game_id: int, options: list[discord.SelectOption] | None = None,
                 placeholder: str = "Meld") -> None:
        super().__init__(discord.ui.Select(custom_id=custom_id(game_id, "lom"), placeholder=placeholder,
                                           options=options or [discord.SelectOption(label="—", value="0")]))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]) -> LayOffMeld:
        return cls(cls.game(match))

    async def run(self, interaction: discord.Interaction) -> None:
        ctx = context(interaction)
        _row, _table, view = await ctx.service.private_view(ctx.channel_id, ctx.who.id, self.game_id)
        target = int(values(interaction)[0])
        meld = next((m for m in view.melds if m.index == target), None)
        if meld is None or not view.hand:
            raise Refusal("no_meld_number")
        select = LayOffCards(self.game_id, target, view.hand, ctx.tr("ph_layoff_cards", n=target + 1))
        embed = discord.Embed(title=ctx.tr("layoff_title"), description=ctx.tr("layoff_cards_help", meld=meld.label),
                              colour=render.COLOUR)
        await update(interaction, embed=embed, view=persistent(select, RefreshButton(self.game_id, ctx.tr("btn_back"))))


@register
class LayOffCards(_Item, discord.ui.DynamicItem[Select], template=template("loc:(?P<meld>[0-9]+)")):
    def __init__(self, game_id: int, target: int, hand: Sequence[Card] = (), placeholder: str = "Cards") -> None:
        options = _card_options(hand) or [discord.SelectOption(label="—", value="none")]
        super().__init__(discord.ui.Select(custom_id=custom_id(game_id, "loc", target), placeholder=placeholder,
                                           options=options, max_values=len(options)))
        self.game_id, self.target = game_id, target

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]) -> LayOffCards:
        return cls(cls.game(match), int(match["meld"]))

    async def run(self, interaction: discord.Interaction) -> None:
        cards = tuple(Card.parse(v) for v in values(interaction))
        await play(context(interaction), act.LayOff(cards, self.target), self.game_id, edit=True)


def board_view(game_id: int, tr: Translator) -> discord.ui.View:
    """The public game message's only component: the persistent "My hand" button."""
    return _board_view(game_id, tr("btn_hand"))


@functools.lru_cache(maxsize=1024)
def _board_view(game_id: int, label: str) -> discord.ui.View:
    """One view per game and label, sent again and again: it is finished (see :func:`persistent`),
    so discord.py only reads its components, and building it (view, dynamic item, button, emoji)
    cost more than anything else in the public reply to a move."""
    return persistent(HandButton(game_id, label))
