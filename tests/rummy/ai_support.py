"""Positions for the computer-player tests: a real game whose deal is set to chosen cards."""

from __future__ import annotations

from typing import Any

from rummy import actions as act
from rummy.cards import parse_cards
from rummy.deal import Phase, TableMeld
from rummy.game import Game, Player
from rummy.melds import make_meld
from rummy.rules import find_preset
from rummy.view import PlayerView, view_for

FILLER = "2C 3D 4S 5H 6C 7D 8S 9H 10C JD QS KH"


def position(
    preset: str,
    hands: list[str],
    discard: str = "KD",
    stock: str = FILLER,
    turn: int = 0,
    phase: Phase = Phase.DRAW,
    melds: list[tuple[int, str]] | None = None,
    opened: dict[int, int] | None = None,
    turns: int = 5,
    **overrides: Any,
) -> Game:
    """A game of ``preset`` with the deal set to these cards: ``hands[seat]``, the pile (top last), the stock
    (top last), the melds on the table as (owner, cards), and the seats that opened (seat -> turn)."""
    rules = find_preset(preset)
    if overrides:
        rules = rules.with_overrides(**overrides)
    players = [Player(f"p{i}", f"P{i}") for i in range(len(hands))]
    game, _events = Game.new(rules, players, seed=1, dealer=len(hands) - 1)
    deal = game.deal
    assert deal is not None
    deal.hands = {seat: parse_cards(text) for seat, text in enumerate(hands)}
    deal.discard = parse_cards(discard) if discard else []
    deal.stock = parse_cards(stock) if stock else []
    deal.turn = turn
    deal.phase = phase
    deal.turns = turns
    deal.melds = [TableMeld(make_meld(parse_cards(cards), rules), owner) for owner, cards in (melds or [])]
    deal.opened = dict(opened or {})
    return game


def view(game: Game, seat: int | None = None) -> PlayerView:
    deal = game.deal
    assert deal is not None
    return view_for(game, deal.turn if seat is None else seat)


def take_discard(game: Game) -> PlayerView:
    """The player to move takes the top discard; their view after it."""
    assert game.deal is not None
    game.apply(game.deal.turn, act.Draw(act.Source.DISCARD))
    return view(game)


def draw_stock(game: Game) -> PlayerView:
    assert game.deal is not None
    game.apply(game.deal.turn, act.Draw(act.Source.STOCK))
    return view(game)
