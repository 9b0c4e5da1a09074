"""The private hand's components are sent as JSON (cogs.ui.components.Prebuilt): exactly what discord.py
would build from the dynamic items that handle their clicks."""

from __future__ import annotations

import random
from typing import Any

import discord

from cogs.ui.components import persistent
from cogs.ui.hand import DiscardSelect, DrawButton, RefreshButton, hand_view
from cogs.ui.meld import LayOffButton, MeldButton
from rummy import actions as act
from rummy.deal import Phase
from rummy.errors import RummyError
from rummy.table import Table
from rummy.view import PlayerView, view_for
from service.catalog import Translator, translator


def reference(game_id: int, view: PlayerView, tr: Translator) -> list[dict[str, Any]]:
    """The hand's components built from the items, as the bot did before (discord.py's own JSON)."""
    drawing = view.my_turn and view.phase is Phase.DRAW
    playing = view.my_turn and view.phase is Phase.PLAY
    top = view.discard_top.pretty if view.discard_top else "—"
    items: list[discord.ui.DynamicItem[Any]] = [
        DrawButton(
            game_id,
            "stock",
            tr("btn_draw_stock"),
            disabled=playing or (drawing and not view.can_draw_stock) or view.turn is None,
        ),
        DrawButton(
            game_id,
            "discard",
            tr("btn_draw_discard", card=top),
            disabled=playing or view.discard_top is None or view.turn is None,
            card=view.discard_top,
        ),
        MeldButton(game_id, tr("btn_meld"), disabled=not playing),
        LayOffButton(game_id, tr("btn_layoff"), disabled=not (playing and view.melds and view.can_lay_off)),
        RefreshButton(game_id, tr("btn_refresh")),
    ]
    discardable = [c for c in view.hand if view.taken is None or c.key != view.taken.key]
    if discardable:
        items.append(DiscardSelect(game_id, discardable, tr("ph_discard"), disabled=not playing))
    return persistent(*items).to_components()


async def test_the_hand_is_sent_as_discord_py_would_build_it() -> None:
    """Along random games of several presets, for both seats and two languages, at every step."""
    rng = random.Random(5)
    checked = 0
    for preset in ("basic", "rami51", "rami100"):
        table = Table.new(1, 2, 3, "Alice", preset, seed=rng.randrange(1000))
        table.join(4, "Bob")
        table.start(3)
        for _ in range(60):
            assert table.game is not None
            for seat in (0, 1):
                for tr in (translator("en-US"), translator("fr")):
                    view = view_for(table.game, seat)
                    assert hand_view(17, view, tr).to_components() == reference(17, view, tr)
                    checked += 1
            if table.turn is None:
                break
            seat = table.turn
            deal = table.game.deal
            assert deal is not None
            moves: list[act.Action] = (
                [act.Draw(act.Source.DISCARD), act.Draw(act.Source.STOCK)]
                if deal.phase is Phase.DRAW
                else [act.Discard(c) for c in rng.sample(deal.hands[seat], len(deal.hands[seat]))]
            )
            for move in moves:
                try:
                    table.act(seat, move)
                    break
                except RummyError:
                    continue
    assert checked > 300


async def test_a_prebuilt_view_is_finished_and_never_kept() -> None:
    view = hand_view(3, view_for(_started().game, 0), translator("en-US"))  # type: ignore[arg-type]
    assert view.is_finished() and not view.is_dispatchable() and view.timeout is None


def _started() -> Table:
    table = Table.new(1, 2, 3, "Alice", "basic", seed=1)
    table.join(4, "Bob")
    table.start(3)
    return table
