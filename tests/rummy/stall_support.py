"""Deals that go nowhere, for the tests of rummy.stall: each player holds an ace that no meld on the
table takes, and the players draw and discard until the stock has been rebuilt often enough."""

from __future__ import annotations

import json
from collections.abc import Callable

from rummy import actions as act
from rummy.deal import Event, Phase, TableMeld
from rummy.game import Game
from rummy.melds import make_meld
from rummy.table import Table
from tests.rummy.engine_support import Copies, current

ACES = ["AC", "AD", "AS", "AH"]  # none extends the run 7H 8H 9H, and one card never makes a meld
QUIET_STOCK = "2C 3D 4S 5S 6C 7D"  # nothing here fits the run 7H 8H 9H either


def quiet_deal(
    game: Game,
    hands: dict[int, str] | None = None,
    stock: str = QUIET_STOCK,
    discard: str = "KD",
    run: str | None = "7H 8H 9H",
) -> None:
    """Set the current deal to its first turn: seat ``s`` holds ``hands[s]`` (default: an ace), the run
    ``run`` (owned by the first seat) is the only meld on the table (None: no meld), and nothing was
    rebuilt yet."""
    deal = current(game)
    copies = Copies()
    deal.melds = [TableMeld(make_meld(copies.cards(run), game.rules), deal.seats[0])] if run else []
    deal.hands = {s: copies.cards((hands or {}).get(s, ACES[i])) for i, s in enumerate(deal.seats)}
    deal.stock = copies.cards(stock)
    deal.discard = copies.cards(discard)
    deal.turn, deal.phase = deal.seats[0], Phase.DRAW
    deal.turns = deal.refills = deal.quiet_refills = 0
    deal.opened = {deal.seats[0]: 0} if run else {}
    deal.played = {deal.seats[0]} if run else set()
    deal.played_now, deal.melds_now = False, 0
    deal.taken = deal.drawn = deal.joker_to_play = None


def churn(table: Table, until: Callable[[], bool], limit: int = 400) -> list[Event]:
    """Play turns at ``table`` (draw from the stock, discard the card drawn) until ``until()``."""
    events: list[Event] = []
    for _ in range(limit):
        if until():
            return events
        seat = table.turn
        assert seat is not None, "the deal ended before the condition was met"
        events += table.act(seat, act.Draw())
        drawn = current(table.game).drawn if table.game is not None else None
        assert drawn is not None
        events += table.act(seat, act.Discard(drawn))
    raise AssertionError(f"not reached in {limit} turns")


def churn_game(game: Game, until: Callable[[], bool], limit: int = 400) -> list[Event]:
    """:func:`churn` on a bare game."""
    events: list[Event] = []
    for _ in range(limit):
        if until():
            return events
        deal = current(game)
        seat = deal.turn
        if deal.phase is Phase.DRAW:
            source = act.Source.STOCK if deal.can_draw_stock() else act.Source.DISCARD
            events += game.apply(seat, act.Draw(source))
        card = deal.drawn if deal.drawn is not None and deal.taken is None else deal.hands[seat][0]
        events += game.apply(seat, act.Discard(card))
    raise AssertionError(f"not reached in {limit} turns")


def rebuilt(table: Table, times: int) -> Callable[[], bool]:
    """The condition "the current deal's stock has been rebuilt ``times`` times"."""

    def reached() -> bool:
        return table.game is not None and current(table.game).refills >= times

    return reached


def stalled_state(state_json: str, rebuilds: int = 2) -> tuple[Table, str]:
    """A stored table document whose deal is set up with an ace nothing takes in each hand and
    played (draw, discard) until its stock was rebuilt ``rebuilds`` times: the table and its JSON."""
    table = Table.from_json(json.loads(state_json))
    assert table.game is not None
    quiet_deal(table.game)
    churn(table, rebuilt(table, rebuilds))
    return table, json.dumps(table.to_json())
