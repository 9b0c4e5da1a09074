"""Playing by typing: ``/draw``, ``/meld``, ``/layoff``, ``/swap``, ``/discard`` and ``/hand``.

Card options autocomplete from the caller's own hand and ``meld`` from the melds on the table;
autocomplete is only a suggestion, and every value is parsed and checked again by the rules. Card
options have a ``max_length`` (:data:`CARD_LENGTH`, :data:`CARDS_LENGTH`), and longer text is
refused before it is read (:func:`cogs.ui.limits.typed`).
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.ui import hand as hand_ui
from cogs.ui import spectator
from cogs.ui.bases import remaining
from cogs.ui.client import RamiClient, as_rami
from cogs.ui.context import context
from cogs.ui.limits import chosen, typed
from rummy import actions as act
from rummy.cards import Card, parse_cards
from rummy.errors import RummyError
from rummy.table import NotSeated
from rummy.view import PlayerView
from service.hints import meld_command
from service.model import PlayerSnapshot, Refusal

Choices = list[app_commands.Choice[str]]
CARD_LENGTH = 20  # one card as typed ("10♥", "JK=10S"), with room to spare
CARDS_LENGTH = 200  # a whole hand in melds ("7H 8H 9H | QC QD QS", jokers pinned), with room to spare
CardText = app_commands.Range[str, 1, CARD_LENGTH]
CardsText = app_commands.Range[str, 1, CARDS_LENGTH]
SOURCES = ("stock", "discard")
SOURCE_CHOICES = [
    app_commands.Choice(name=app_commands.locale_str("stock"), value="stock"),
    app_commands.Choice(name=app_commands.locale_str("discard pile"), value="discard"),
]


async def _own_view(interaction: discord.Interaction) -> PlayerView | None:
    """The caller's view for autocomplete, or None when they have no hand here."""
    found = await _own_hand(interaction)
    return None if found is None else found.view


async def _own_hand(interaction: discord.Interaction) -> PlayerSnapshot | None:
    """The caller's game and view for autocomplete, or None when they have no hand here."""
    try:
        ctx = context(interaction)
        return await ctx.service.private_view(ctx.channel_id, ctx.who.id)
    except (Refusal, RummyError):
        return None


def _card_choices(cards: list[Card], current: str, prefix: str = "") -> Choices:
    """One choice per face (two decks' twins once, marked "×2"), matching what is being typed."""
    typed = current.strip().upper()
    counts: dict[str, int] = {}
    faces: dict[str, Card] = {}
    for card in cards:
        counts[str(card)] = counts.get(str(card), 0) + 1
        faces.setdefault(str(card), card)
    out = []
    for face, card in faces.items():
        label, token = f"{prefix}{card.pretty}", f"{prefix}{face}"
        if counts[face] > 1:
            label += f" (×{counts[face]})"
        if not typed or face.startswith(typed) or card.pretty.upper().startswith(typed):
            out.append(app_commands.Choice(name=label[:100], value=token[:100]))
    return out[:25]


def _split_last(current: str) -> tuple[str, str]:
    """``"7H 8H 9"`` -> (``"7H 8H "``, ``"9"``): the finished cards, and the one being typed."""
    head, _sep, last = current.rpartition(" ")
    return (head + " " if head else ""), last


def _meld_number(meld: int) -> int:
    if meld < 1:
        raise Refusal("no_meld_number")
    return meld - 1


class Play(commands.Cog):
    """The turn, typed."""

    def __init__(self, bot: RamiClient) -> None:
        self.bot = bot

    @app_commands.command(name="draw", description="Draw a card: from the stock, or the top of the discard pile")
    @app_commands.describe(source="Where to draw from (default: the stock)")
    @app_commands.choices(source=SOURCE_CHOICES)
    @app_commands.guild_only()
    async def draw(self, interaction: discord.Interaction, source: str = "stock") -> None:
        await hand_ui.play(context(interaction), act.Draw(act.Source(chosen(source, SOURCES, "source"))))

    @app_commands.command(name="meld", description="Lay down one or more melds (separate melds with |)")
    @app_commands.describe(cards="The cards, e.g. 7H 8H 9H | QC QD QS (JK=6S pins a joker)")
    @app_commands.guild_only()
    async def meld(self, interaction: discord.Interaction, cards: CardsText) -> None:
        await hand_ui.play(context(interaction), act.Meld.parse(typed(cards, CARDS_LENGTH, "cards")))

    @meld.autocomplete("cards")
    async def meld_cards(self, interaction: discord.Interaction, current: str) -> Choices:
        found = await _own_hand(interaction)
        if found is None:
            return []
        out: Choices = []
        advice = await self.bot.service.advice(found)  # the solver's melds are a hint; cards are not
        if advice is not None and advice.playable_now:
            text = meld_command(advice.playable_now).removeprefix("/meld ")
            if text.startswith(current.strip()):
                out.append(app_commands.Choice(name=text[:100], value=text[:100]))
        head, last = _split_last(current)
        return (out + _card_choices(remaining(found.view.hand, _typed(head)), last, head))[:25]

    @app_commands.command(name="layoff", description="Add cards from your hand to a meld on the table")
    @app_commands.describe(cards="The cards to add, e.g. 10H JH", meld="The number of the meld on the table")
    @app_commands.guild_only()
    async def layoff(self, interaction: discord.Interaction, cards: CardsText, meld: int) -> None:
        action = act.LayOff(tuple(parse_cards(typed(cards, CARDS_LENGTH, "cards"))), _meld_number(meld))
        await hand_ui.play(context(interaction), action)

    @app_commands.command(name="swap", description="Take a joker from a meld by putting in the card it stands for")
    @app_commands.describe(meld="The number of the meld holding the joker", card="The card the joker stands for")
    @app_commands.guild_only()
    async def swap(self, interaction: discord.Interaction, meld: int, card: CardText) -> None:
        await hand_ui.play(
            context(interaction), act.Swap(_meld_number(meld), Card.parse(typed(card, CARD_LENGTH, "card")))
        )

    @app_commands.command(name="discard", description="Discard a card and end your turn")
    @app_commands.describe(card="The card to discard, e.g. KS or K♠")
    @app_commands.guild_only()
    async def discard(self, interaction: discord.Interaction, card: CardText) -> None:
        await hand_ui.play(context(interaction), act.Discard(Card.parse(typed(card, CARD_LENGTH, "card"))))

    @app_commands.command(name="hand", description="See your hand (only you see it)")
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction) -> None:
        ctx = context(interaction)
        try:
            await hand_ui.show_hand(ctx)
        except NotSeated:  # a spectator: the table, privately, and how to join
            await spectator.watch(ctx)

    @layoff.autocomplete("cards")
    async def layoff_cards(self, interaction: discord.Interaction, current: str) -> Choices:
        view = await _own_view(interaction)
        if view is None:
            return []
        head, last = _split_last(current)
        return _card_choices(remaining(view.hand, _typed(head)), last, head)

    @swap.autocomplete("card")
    @discard.autocomplete("card")
    async def hand_card(self, interaction: discord.Interaction, current: str) -> Choices:
        view = await _own_view(interaction)
        return [] if view is None else _card_choices(list(view.hand), current)

    @layoff.autocomplete("meld")
    @swap.autocomplete("meld")
    async def table_meld(self, interaction: discord.Interaction, current: int | str) -> list[app_commands.Choice[int]]:
        view = await _own_view(interaction)
        if view is None:
            return []
        typed = str(current or "").strip()
        return [
            app_commands.Choice(name=m.label[:100], value=m.index + 1)
            for m in view.melds
            if not typed or str(m.index + 1).startswith(typed)
        ][:25]


def _typed(text: str) -> list[Card]:
    """The cards typed so far (melds separators ignored); none when the text is not cards yet."""
    try:
        return parse_cards(text.replace("|", " "))
    except RummyError:
        return []


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Play(as_rami(bot)))
