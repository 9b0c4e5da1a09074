"""The hand's two pickers, as they behave: the meld builder, and laying off.

"Meld" on the private hand opens the builder: the player picks the cards of one meld at a time,
each meld is checked at once (a bad one is refused privately, the good ones stay), and the melds
picked so far ride in the components' ``custom_id``, so a restart loses nothing; "Lay down" plays
them all in one action. "Lay off" offers the table's melds, then the cards to add to the one
picked. Both redraw the private hand's message (what they show: :mod:`cogs.ui.views`; the shapes
of their components: :mod:`cogs.ui.bases`), "Back" returns to the hand, and the last click plays
through :func:`cogs.ui.hand.play`, as the slash commands do. Every custom_id and value is checked
for its form (a malformed one is refused as out of date, see :mod:`cogs.ui.components`), then
again by the rules.
"""

from __future__ import annotations

import discord

from cogs.ui import render
from cogs.ui.bases import (
    JokerPlaceItem,
    LayOffCardsItem,
    LayOffItem,
    LayOffMeldItem,
    MeldConfirmItem,
    MeldItem,
    MeldPickItem,
    decode_groups,
    encode_groups,
)
from cogs.ui.components import CUSTOM_ID_LIMIT, picked_cards, stale, values
from cogs.ui.context import context, update
from cogs.ui.hand import keep_picker, play
from cogs.ui.jokers import placements
from cogs.ui.views import builder_embed, builder_view, layoff_options, place_embed, with_back
from rummy import actions as act
from rummy.cards import Card, format_cards, take_out
from rummy.errors import RummyError
from rummy.melds import make_meld
from rummy.view import PlayerView
from service.model import Refusal


class MeldButton(MeldItem):
    async def run(self, interaction: discord.Interaction) -> None:
        ctx = context(interaction)
        player = await ctx.service.private_view(ctx.channel_id, ctx.who.id, self.game_id)
        view = player.view
        keep_picker(ctx, player.game)
        await update(
            interaction, embed=builder_embed(view, [], ctx.tr), view=builder_view(self.game_id, view, [], ctx.tr)
        )


class MeldPick(MeldPickItem):
    """The cards of one more meld: checked at once, then added to the builder's (or, when its
    joker has a choice of place, the player is asked where it stands)."""

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
            select = JokerPlaceItem(self.game_id, self.pending, places, view.rules, ctx.tr("ph_joker_place"))
            await update(
                interaction,
                embed=place_embed(view, self.pending, group, ctx.tr),
                view=with_back(self.game_id, select, ctx.tr),
            )
            return
        await _add_group(interaction, self.game_id, view, self.pending, places[0] if places else group)


async def _add_group(
    interaction: discord.Interaction, game_id: int, view: PlayerView, pending: list[list[Card]], group: list[Card]
) -> None:
    """Add one checked meld to the builder's and redraw it."""
    ctx = context(interaction)
    pending = [*pending, group]
    if len(MeldPickItem.id_of(game_id, encode_groups(pending))) > CUSTOM_ID_LIMIT:
        raise Refusal("too_many_cards")
    await update(
        interaction, embed=builder_embed(view, pending, ctx.tr), view=builder_view(game_id, view, pending, ctx.tr)
    )


class JokerPlace(JokerPlaceItem):
    """Where the joker of the meld just picked stands: the meld, pinned, joins the builder's."""

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


class MeldConfirm(MeldConfirmItem):
    async def run(self, interaction: discord.Interaction) -> None:
        action = act.Meld(tuple(tuple(g) for g in self.groups))
        await play(context(interaction), action, self.game_id, edit=True)


class LayOffButton(LayOffItem):
    async def run(self, interaction: discord.Interaction) -> None:
        ctx = context(interaction)
        player = await ctx.service.private_view(ctx.channel_id, ctx.who.id, self.game_id)
        options = layoff_options(player.game.table, player.view)
        if not options:
            raise Refusal("no_meld_number")
        select = LayOffMeld(self.game_id, options, ctx.tr("ph_layoff_meld"))
        keep_picker(ctx, player.game)
        embed = discord.Embed(title=ctx.tr("layoff_title"), description=ctx.tr("layoff_help"), colour=render.COLOUR)
        await update(interaction, embed=embed, view=with_back(self.game_id, select, ctx.tr))


class LayOffMeld(LayOffMeldItem):
    """The meld picked: the cards of the hand to add to it."""

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
        await update(interaction, embed=embed, view=with_back(self.game_id, select, ctx.tr))


class LayOffCards(LayOffCardsItem):
    async def run(self, interaction: discord.Interaction) -> None:
        cards = tuple(picked_cards(interaction))
        await play(context(interaction), act.LayOff(cards, self.target), self.game_id, edit=True)
