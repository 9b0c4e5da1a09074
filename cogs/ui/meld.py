"""The hand's two pickers: the meld builder, and laying off.

"Meld" on the private hand opens the builder: the player picks the cards of one meld at a time,
each meld is checked at once (a bad one is refused privately, the good ones stay), and the melds
picked so far ride in the components' ``custom_id``, so a restart loses nothing; "Lay down" plays
them all in one action. "Lay off" offers the table's melds, then the cards to add to the one
picked. Both redraw the private hand's message, "Back" returns to the hand, and the last click
plays through :func:`cogs.ui.hand.play`, as the slash commands do. Every custom_id and value is
checked for its form (a malformed one is refused as out of date, see :mod:`cogs.ui.components`),
then again by the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from cogs.ui import render, sentences
from cogs.ui.components import Malformed, custom_id, persistent, stale, template, values
from cogs.ui.context import context, update
from cogs.ui.hand import (
    MAX_OPTIONS,
    Button,
    HandItem,
    RefreshButton,
    Select,
    card_options,
    keep_picker,
    picked_cards,
    play,
    remaining,
)
from cogs.ui.jokers import placements
from rummy import actions as act
from rummy.cards import Card, format_cards, take_out
from rummy.errors import RummyError
from rummy.melds import make_meld
from rummy.rules import Rules
from rummy.table import Table
from rummy.view import PlayerView
from service.catalog import Translator
from service.model import Refusal

# -- encoding melds in a custom_id --------------------------------------------------------------


def encode_groups(groups: Sequence[Sequence[Card]]) -> str:
    return "|".join(".".join(str(c) for c in g) for g in groups)


def decode_groups(text: str) -> list[list[Card]]:
    """The melds :func:`encode_groups` wrote; a text it cannot have written raises :class:`Malformed`
    (an empty meld) or :class:`~rummy.errors.BadCard`."""
    if not text:
        return []
    groups = [[Card.parse(token) for token in group.split(".")] for group in text.split("|")]
    if not all(groups):
        raise Malformed(text)
    return groups


def opening_total(view: PlayerView, pending: Sequence[Sequence[Card]]) -> int | None:
    """The points of the melds built so far, while the player still has to reach the opening
    threshold (None once they opened, or at a table without one)."""
    if not view.rules.opening or view.has_opened:
        return None
    total = 0
    for group in pending:
        try:
            total += make_meld(group, view.rules).points(view.rules)
        except RummyError:
            continue  # not a meld (the builder refuses those): it counts nothing
    return total


def builder_view(game_id: int, view: PlayerView, pending: list[list[Card]], tr: Translator) -> discord.ui.View:
    """The builder's components: the cards of one more meld, "Lay down" (disabled below the
    opening threshold, before the opening), and "Back"."""
    rest = remaining(view.hand, [c for g in pending for c in g])
    pick = MeldPick(game_id, pending, rest, tr("ph_meld_cards")) if len(rest) >= 3 else None
    total = opening_total(view, pending)
    short = total is not None and total < view.rules.opening
    confirm = MeldConfirm(game_id, pending, tr("btn_lay_down", n=len(pending)), disabled=short) if pending else None
    return persistent(pick, confirm, RefreshButton(game_id, tr("btn_back")))


def builder_embed(view: PlayerView, pending: list[list[Card]], tr: Translator) -> discord.Embed:
    lines = [tr("builder_help")]
    if pending:
        lines += ["", f"**{tr('builder_pending')}**"] + [render.group_line(g, view, tr) for g in pending]
    total = opening_total(view, pending)
    if total is not None:  # before the opening: how far the melds built so far go
        key = "builder_total_short" if total < view.rules.opening else "builder_total_enough"
        lines += ["", tr(key, points=total, needed=view.rules.opening)]
    rest = remaining(view.hand, [c for g in pending for c in g])
    lines += ["", " ".join(c.pretty for c in rest)]
    return discord.Embed(
        title=tr("builder_title"), description=sentences.clip("\n".join(lines), 4000), colour=render.COLOUR
    )


def place_embed(view: PlayerView, pending: list[list[Card]], group: Sequence[Card], tr: Translator) -> discord.Embed:
    """The builder asking where the joker of ``group`` stands."""
    embed = builder_embed(view, pending, tr)
    embed.description = sentences.clip(
        f"{tr('builder_joker_place', cards=format_cards(group))}\n\n{embed.description}", 4000
    )
    return embed


# -- the components -----------------------------------------------------------------------------


class MeldButton(HandItem, discord.ui.DynamicItem[Button], template=template("mb")):
    def __init__(self, game_id: int, label: str = "Meld", disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.success, disabled=disabled, custom_id=custom_id(game_id, "mb")
            )
        )
        self.game_id = game_id

    async def run(self, interaction: discord.Interaction) -> None:
        ctx = context(interaction)
        player = await ctx.service.private_view(ctx.channel_id, ctx.who.id, self.game_id)
        view = player.view
        keep_picker(ctx, player.game)
        await update(
            interaction, embed=builder_embed(view, [], ctx.tr), view=builder_view(self.game_id, view, [], ctx.tr)
        )


class MeldPick(HandItem, discord.ui.DynamicItem[Select], template=template("mbs")):
    """The builder's select: the cards of one more meld (the melds so far ride in the custom_id)."""

    def __init__(
        self,
        game_id: int,
        pending: list[list[Card]] | None = None,
        rest: Sequence[Card] = (),
        placeholder: str = "Cards",
    ) -> None:
        pending = pending or []
        options = card_options(rest) or [discord.SelectOption(label="—", value="none")]
        super().__init__(
            discord.ui.Select(
                custom_id=custom_id(game_id, "mbs", encode_groups(pending)),
                placeholder=placeholder,
                options=options,
                min_values=min(3, len(options)),
                max_values=len(options),
            )
        )
        self.game_id, self.pending = game_id, pending

    @classmethod
    def parse(cls, game_id: int, data: str | None) -> MeldPick:
        if data is None:
            raise Malformed("no melds")
        return cls(game_id, decode_groups(data))

    async def run(self, interaction: discord.Interaction) -> None:
        ctx = context(interaction)
        group = picked_cards(interaction)
        player = await ctx.service.private_view(ctx.channel_id, ctx.who.id, self.game_id)
        view = player.view
        if take_out(view.hand, [c for g in [*self.pending, group] for c in g])[1]:
            raise stale()  # cards the hand does not hold (any more): the builder is out of date
        try:  # a bad group is refused at once (privately): the builder keeps the good ones
            make_meld(group, view.rules)
            places = placements(group, view.rules)
        except RummyError as exc:
            raise Refusal("builder_refused", cards=format_cards(group), why=render.rules_reason(exc, ctx.tr)) from None
        keep_picker(ctx, player.game)
        if len(places) > 1:  # the joker has a choice of place: the player says which
            select = JokerPlace(self.game_id, self.pending, places, view.rules, ctx.tr("ph_joker_place"))
            await update(
                interaction,
                embed=place_embed(view, self.pending, group, ctx.tr),
                view=persistent(select, RefreshButton(self.game_id, ctx.tr("btn_back"))),
            )
            return
        await _add_group(interaction, self.game_id, view, self.pending, places[0] if places else group)


async def _add_group(
    interaction: discord.Interaction, game_id: int, view: PlayerView, pending: list[list[Card]], group: list[Card]
) -> None:
    """Add one checked meld to the builder's and redraw it."""
    ctx = context(interaction)
    pending = [*pending, group]
    encoded = encode_groups(pending)
    if len(custom_id(game_id, "mbs", "")) + len(encoded) > 100:
        raise Refusal("too_many_cards")
    await update(
        interaction, embed=builder_embed(view, pending, ctx.tr), view=builder_view(game_id, view, pending, ctx.tr)
    )


class JokerPlace(HandItem, discord.ui.DynamicItem[Select], template=template("mbj")):
    """Where the joker of the meld just picked stands, when it has a choice: each option is the
    meld with its joker pinned (the melds built before ride in the custom_id)."""

    def __init__(
        self,
        game_id: int,
        pending: list[list[Card]] | None = None,
        places: Sequence[Sequence[Card]] = (),
        rules: Rules | None = None,
        placeholder: str = "Joker",
    ) -> None:
        pending = pending or []
        options = [
            discord.SelectOption(
                label=sentences.clip(str(make_meld(p, rules)) if rules else format_cards(p), 100),
                value=encode_groups([p]),
            )
            for p in places[:MAX_OPTIONS]
        ] or [discord.SelectOption(label="—", value="none")]
        super().__init__(
            discord.ui.Select(
                custom_id=custom_id(game_id, "mbj", encode_groups(pending)), placeholder=placeholder, options=options
            )
        )
        self.game_id, self.pending = game_id, pending

    @classmethod
    def parse(cls, game_id: int, data: str | None) -> JokerPlace:
        if data is None:
            raise Malformed("no melds")
        return cls(game_id, decode_groups(data))

    async def run(self, interaction: discord.Interaction) -> None:
        ctx = context(interaction)
        [picked] = values(interaction)
        try:
            groups = decode_groups(picked)
        except (ValueError, RummyError):
            raise stale() from None
        if len(groups) != 1:
            raise stale()
        [group] = groups
        player = await ctx.service.private_view(ctx.channel_id, ctx.who.id, self.game_id)
        view = player.view
        if take_out(view.hand, [c for g in [*self.pending, group] for c in g])[1]:
            raise stale()
        try:
            make_meld(group, view.rules)
        except RummyError as exc:
            raise Refusal("builder_refused", cards=format_cards(group), why=render.rules_reason(exc, ctx.tr)) from None
        keep_picker(ctx, player.game)
        await _add_group(interaction, self.game_id, view, self.pending, group)


class MeldConfirm(HandItem, discord.ui.DynamicItem[Button], template=template("mk")):
    def __init__(
        self, game_id: int, groups: Sequence[Sequence[Card]] = (), label: str = "Lay down", disabled: bool = False
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.success,
                custom_id=custom_id(game_id, "mk", encode_groups(groups)),
                disabled=disabled,
            )
        )
        self.game_id, self.groups = game_id, groups

    @classmethod
    def parse(cls, game_id: int, data: str | None) -> MeldConfirm:
        groups = decode_groups(data or "")
        if not groups:
            raise Malformed("no melds")
        return cls(game_id, groups)

    async def run(self, interaction: discord.Interaction) -> None:
        action = act.Meld(tuple(tuple(g) for g in self.groups))
        await play(context(interaction), action, self.game_id, edit=True)


class LayOffButton(HandItem, discord.ui.DynamicItem[Button], template=template("lo")):
    def __init__(self, game_id: int, label: str = "Lay off", disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.success, disabled=disabled, custom_id=custom_id(game_id, "lo")
            )
        )
        self.game_id = game_id

    async def run(self, interaction: discord.Interaction) -> None:
        ctx = context(interaction)
        player = await ctx.service.private_view(ctx.channel_id, ctx.who.id, self.game_id)
        options = [
            discord.SelectOption(label=sentences.clip(m.label, 100), value=str(m.index))
            for m in layoff_targets(player.game.table, player.view)
        ]
        if not options:
            raise Refusal("no_meld_number")
        select = LayOffMeld(self.game_id, options, ctx.tr("ph_layoff_meld"))
        keep_picker(ctx, player.game)
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


class LayOffMeld(HandItem, discord.ui.DynamicItem[Select], template=template("lom")):
    def __init__(
        self, game_id: int, options: list[discord.SelectOption] | None = None, placeholder: str = "Meld"
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=custom_id(game_id, "lom"),
                placeholder=placeholder,
                options=options or [discord.SelectOption(label="—", value="0")],
            )
        )
        self.game_id = game_id

    async def run(self, interaction: discord.Interaction) -> None:
        ctx = context(interaction)
        player = await ctx.service.private_view(ctx.channel_id, ctx.who.id, self.game_id)
        view = player.view
        [picked] = values(interaction)
        if not (picked.isascii() and picked.isdigit() and len(picked) <= 3):
            raise stale()
        target = int(picked)
        meld = next((m for m in view.melds if m.index == target), None)
        if meld is None or not view.hand:
            raise Refusal("no_meld_number")
        select = LayOffCards(self.game_id, target, view.hand, ctx.tr("ph_layoff_cards", n=target + 1))
        keep_picker(ctx, player.game)
        embed = discord.Embed(
            title=ctx.tr("layoff_title"), description=ctx.tr("layoff_cards_help", meld=meld.label), colour=render.COLOUR
        )
        await update(interaction, embed=embed, view=persistent(select, RefreshButton(self.game_id, ctx.tr("btn_back"))))


class LayOffCards(HandItem, discord.ui.DynamicItem[Select], template=template("loc")):
    def __init__(self, game_id: int, target: int = 0, hand: Sequence[Card] = (), placeholder: str = "Cards") -> None:
        options = card_options(hand) or [discord.SelectOption(label="—", value="none")]
        super().__init__(
            discord.ui.Select(
                custom_id=custom_id(game_id, "loc", target),
                placeholder=placeholder,
                options=options,
                max_values=len(options),
            )
        )
        self.game_id, self.target = game_id, target

    @classmethod
    def parse(cls, game_id: int, data: str | None) -> LayOffCards:
        if data is None or not (data.isascii() and data.isdigit() and len(data) <= 3):
            raise Malformed(data)
        return cls(game_id, int(data))

    async def run(self, interaction: discord.Interaction) -> None:
        cards = tuple(picked_cards(interaction))
        await play(context(interaction), act.LayOff(cards, self.target), self.game_id, edit=True)
