"""The views: which components (and, for the private hand and its pickers, which embed) each
message shows in a given state.

A view is built from item bases (:mod:`cogs.ui.bases`) and only carries them to Discord
(:func:`~cogs.ui.components.persistent`): a click is routed by its ``custom_id`` to the behaving
class of its flow. So this module knows what a message offers, never what a click does, and the
flows (:mod:`cogs.ui.hand`, :mod:`cogs.ui.meld`, :mod:`cogs.ui.stall`, :mod:`cogs.ui.lobby`...) and
the writers (the board, the open hands, the final message) all build their messages here.

* the private hand: :func:`hand_message` (its embed and :func:`hand_view`: draw, meld, lay off,
  refresh, discard, and in the play phase the one-click moves of :func:`shortcut_items`);
* the meld builder and the lay-off picker: :func:`builder_view`, :func:`builder_embed`,
  :func:`place_embed`, :func:`layoff_targets`, :func:`with_back`;
* the public messages: :func:`board_view` (My hand, and :func:`end_items` for a deal that goes
  nowhere), :func:`lobby_view`, :func:`ending_view` and :func:`final_of` (the Rematch).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from cogs.ui import render
from cogs.ui.bases import (
    AgreeEndItem,
    DeclineEndItem,
    DiscardItem,
    DrawItem,
    HandItem,
    JoinItem,
    LayOffItem,
    LeaveItem,
    MeldConfirmItem,
    MeldItem,
    MeldPickItem,
    ProposeEndItem,
    RefreshItem,
    RematchItem,
    StartItem,
    SuggestItem,
    SwapItem,
    SwapSelectItem,
    remaining,
)
from cogs.ui.bases_memory import RecordItem
from cogs.ui.components import persistent
from cogs.ui.limits import OPTIONS
from cogs.ui.sentences import clip
from rummy import actions as act
from rummy.cards import Card, format_cards
from rummy.deal import Event, Phase
from rummy.errors import RummyError
from rummy.melds import Meld, make_meld
from rummy.table import Table, TableStatus
from rummy.view import PlayerView
from service.catalog import Translator
from service.games import GameService
from service.hints import Advice, swaps
from service.model import Final, GameSnapshot, PlayerSnapshot

SWAP_BUTTONS = 4  # swap buttons beside the suggestion in one row; more make a select
NEWS = frozenset({"deal_stalled", "end_lapsed"})  # events after which the channel sees the end buttons


# -- the private hand ---------------------------------------------------------------------------


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


def hand_view(
    game_id: int, view: PlayerView, tr: Translator, advice: Advice | None = None, swaps: Sequence[act.Swap] = ()
) -> discord.ui.View:
    """The private hand's components: draw (stock, discard pile), meld, lay off, refresh, the
    discard select, and in the play phase the shortcuts: lay down the suggested melds
    (``advice``), the joker ``swaps`` possible now."""
    drawing = view.my_turn and view.phase is Phase.DRAW
    playing = view.my_turn and view.phase is Phase.PLAY
    top = view.discard_top
    # The card taken from the discard pile cannot be discarded this turn: it is not offered.
    discardable = [c for c in view.hand if view.taken is None or c.key != view.taken.key]
    return persistent(
        # Out of turn the draw buttons stay enabled: the turn may have come by the time they are
        # clicked (the rules refuse otherwise), so a stale hand needs no Refresh.
        DrawItem(
            game_id,
            "stock",
            tr("btn_draw_stock"),
            disabled=playing or (drawing and not view.can_draw_stock) or view.turn is None,
        ),
        DrawItem(
            game_id,
            "discard",
            tr("btn_draw_discard", card=top.pretty if top else "—"),
            disabled=playing or top is None or view.turn is None,
            card=top,
        ),
        MeldItem(game_id, tr("btn_meld"), disabled=not playing),
        LayOffItem(game_id, tr("btn_layoff"), disabled=not (playing and view.melds and view.can_lay_off)),
        RefreshItem(game_id, tr("btn_refresh")),
        DiscardItem(game_id, discardable, tr("ph_discard"), disabled=not playing) if discardable else None,
        *(shortcut_items(game_id, advice, swaps, tr) if playing else ()),
    )


def suggestion_text(melds: Sequence[Meld]) -> str:
    """The melds as a builder's ``custom_id`` carries them: cards by ``.``, melds by ``|``, jokers pinned."""
    return "|".join(".".join(m.labels(pretty=False)) for m in melds)


def shortcut_items(
    game_id: int, advice: Advice | None, swaps: Sequence[act.Swap], tr: Translator
) -> list[discord.ui.DynamicItem[Any]]:
    """The one-click moves for the hand's play phase (:mod:`cogs.ui.shortcuts`): the suggestion
    (when the rules accept it now), and the joker swaps, as buttons or, when more, one select."""
    items: list[discord.ui.DynamicItem[Any]] = []
    if advice is not None and advice.playable_now:
        items.append(SuggestItem(game_id, suggestion_text(advice.playable_now), tr("btn_lay_suggestion")))
    if len(swaps) <= SWAP_BUTTONS:
        items += [
            SwapItem(game_id, s.target, s.card, tr("btn_swap", card=s.card.pretty, n=s.target + 1)) for s in swaps
        ]
    else:
        options = [
            discord.SelectOption(label=tr("btn_swap", card=s.card.pretty, n=s.target + 1), value=f"{s.target}:{s.card}")
            for s in swaps[:OPTIONS]
        ]
        items.append(SwapSelectItem(game_id, options, tr("ph_swap")))
    return items


# -- the meld builder and the lay-off picker (cogs.ui.meld) -------------------------------------


def with_back(game_id: int, item: discord.ui.DynamicItem[Any] | None, tr: Translator) -> discord.ui.View:
    """A picker's components: ``item``, and "Back" to the hand."""
    return persistent(item, RefreshItem(game_id, tr("btn_back")))


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
    pick = MeldPickItem(game_id, pending, rest, tr("ph_meld_cards")) if len(rest) >= 3 else None
    total = opening_total(view, pending)
    short = total is not None and total < view.rules.opening
    confirm = MeldConfirmItem(game_id, pending, tr("btn_lay_down", n=len(pending)), disabled=short) if pending else None
    return persistent(pick, confirm, RefreshItem(game_id, tr("btn_back")))


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
    return discord.Embed(title=tr("builder_title"), description=clip("\n".join(lines), 4000), colour=render.COLOUR)


def place_embed(view: PlayerView, pending: list[list[Card]], group: Sequence[Card], tr: Translator) -> discord.Embed:
    """The builder asking where the joker of ``group`` stands."""
    embed = builder_embed(view, pending, tr)
    embed.description = clip(f"{tr('builder_joker_place', cards=format_cards(group))}\n\n{embed.description}", 4000)
    return embed


def layoff_targets(table: Table, view: PlayerView) -> list[Any]:
    """The melds the lay-off select offers: all of them when they fit in one select; with more,
    only those one of the hand's cards can extend now (checked by the engine)."""
    melds = list(view.melds)
    if len(melds) <= OPTIONS or table.game is None or view.seat is None:
        return melds[:OPTIONS]
    game, seat = table.game, view.seat

    def extendable(index: int) -> bool:
        for card in view.hand:
            try:
                game.check(seat, act.LayOff((card,), index))
            except RummyError:
                continue
            return True
        return False

    return [m for m in melds if extendable(m.index)][:OPTIONS] or melds[:OPTIONS]


def layoff_options(table: Table, view: PlayerView) -> list[discord.SelectOption]:
    """The lay-off select's options: the melds of :func:`layoff_targets`, valued by their index."""
    return [discord.SelectOption(label=clip(m.label, 100), value=str(m.index)) for m in layoff_targets(table, view)]


# -- the public messages ------------------------------------------------------------------------


def news(events: Iterable[Event]) -> bool:
    """Whether ``events`` change what the end buttons offer (a message telling them carries them)."""
    return any(e.kind in NEWS for e in events)


def end_items(game_id: int, table: Table | None, tr: Translator) -> list[discord.ui.DynamicItem[Any]]:
    """The end buttons the table offers now (:mod:`cogs.ui.stall`): none while the deal goes
    somewhere (or none is in play), "End this deal" once it goes nowhere, "Agree" and "Keep
    playing" while a proposal stands."""
    if table is None or table.status is not TableStatus.PLAYING or table.game is None:
        return []
    view = table.view(None)
    if view.end_pending:
        return [AgreeEndItem(game_id, tr("btn_end_agree")), DeclineEndItem(game_id, tr("btn_end_decline"))]
    if view.goes_nowhere:
        return [ProposeEndItem(game_id, tr("btn_end_propose"))]
    return []


def board_view(game_id: int, tr: Translator, table: Table | None = None) -> discord.ui.View:
    """The public game message's components: the persistent "My hand" button, and, given the
    ``table``, the buttons to end a deal that goes nowhere when it offers them."""
    return persistent(HandItem(game_id, tr("btn_hand")), *end_items(game_id, table, tr))


def lobby_view(game_id: int, tr: Translator) -> discord.ui.View:
    """The lobby's components: Join, Leave, Start (:mod:`cogs.ui.lobby`)."""
    return persistent(
        JoinItem(game_id, tr("btn_join")),
        LeaveItem(game_id, tr("btn_leave")),
        StartItem(game_id, tr("btn_start")),
    )


def board_message(game: GameSnapshot, tr: Translator) -> tuple[discord.Embed, discord.ui.View | None]:
    """The board of a game: its embed and its persistent components (none once closed)."""
    embed = render.board_embed(game.table, tr, deadline=game.turn_deadline, expires=game.expires_at)
    if game.status is TableStatus.LOBBY:
        return embed, lobby_view(game.game_id, tr)
    if game.status is TableStatus.PLAYING:
        return embed, board_view(game.game_id, tr, game.table)
    return embed, None


def join_view(game_id: int, tr: Translator) -> discord.ui.View:
    """What a spectator of an open lobby is offered (:mod:`cogs.ui.spectator`): Join."""
    return persistent(JoinItem(game_id, tr("btn_join")))


def ending_view(game_id: int, tr: Translator, record: bool = False, rematch: bool = True) -> discord.ui.View:
    """The final message's components: Rematch (:mod:`cogs.ui.rematch`; not at a tournament's
    table, ``rematch=False``: the tournament pairs its next round) and, for a game that was played
    out (``record``; not a walkover), its record (:mod:`cogs.ui.record`)."""
    shown = RecordItem(game_id, label=tr("btn_record")) if record else None
    again = RematchItem(game_id, tr("btn_rematch")) if rematch else None
    return persistent(again, shown)


def final_of(final: Final, tr: Translator) -> tuple[discord.Embed, discord.ui.View]:
    """The final state of a game as ``/table`` shows it after the end: the embed, the Rematch (not
    at a tournament's table) and the record."""
    played_out = final.game.status is TableStatus.OVER
    view = ending_view(final.game.game_id, tr, played_out, rematch=not final.tournament)
    return render.final_embed(final, tr), view
