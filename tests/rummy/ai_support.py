"""Positions for the computer-player tests: a real game whose deal is set to chosen cards."""

from __future__ import annotations

import functools
import random
from typing import Any

from hypothesis import strategies as st

from rummy import actions as act
from rummy.ai import TableMemory, expert, hard
from rummy.cards import parse_cards
from rummy.deal import Phase, TableMeld
from rummy.game import Game, Player
from rummy.melds import make_meld
from rummy.rules import PRESETS, AceRule, JokerLimit, LayOffRule, Rules, StockRefill, find_preset
from rummy.view import PlayerView, view_for

FILLER = "2C 3D 4S 5H 6C 7D 8S 9H 10C JD QS KH"
SEARCH = expert.Budget(samples=3, close=50.0, check_every=1)  # small, and every decision with two candidates searched


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


def played_to(rules: Rules, players: int, seed: int, actions: int) -> tuple[Game, list[TableMemory]]:
    """A seeded deal played ``actions`` actions by ``hard`` in every seat, with each seat's memory."""
    game, events = Game.new(rules, [Player(f"bot:{i}", f"B{i}", "hard") for i in range(players)], seed=seed)
    memories = [TableMemory() for _ in range(players)]
    for memory in memories:
        memory.observe_all(events)
    rng = random.Random(seed)
    for _ in range(actions):
        deal = game.deal
        if game.outcome is not None or deal is None or game.history:
            break
        seat = deal.turn
        events = game.apply(seat, hard.choose(view_for(game, seat), rng, memories[seat]))
        for memory in memories:
            memory.observe_all(events)
    return game, memories


@functools.cache
def searched_view() -> tuple[PlayerView, TableMemory]:
    """A two-player basic deal at a discard where hard's best candidates are close (found once: copy the
    memory before deciding, a decision notes the view in it)."""
    for seed in range(40):
        game, memories = played_to(find_preset("basic"), 2, seed=seed, actions=9)
        deal = game.deal
        if deal is None or game.history or deal.phase is not Phase.PLAY:
            continue
        view = view_for(game, deal.turn)
        memory = memories[deal.turn]
        if expert.decide(view, 1, TableMemory.from_json(memory.to_json()), SEARCH).searched:
            return view, memory
    raise AssertionError("no searched decision in 40 seeded deals")


def house_rules(draw: st.DrawFn, turn_cap: int = 60, openings: tuple[int, ...] = (20, 40, 51, 70)) -> Rules:
    """A preset with house rules drawn (hypothesis), one deal long, at most ``turn_cap`` turns."""
    base = find_preset(draw(st.sampled_from(list(PRESETS))))
    knobs: dict[str, object] = {
        "one_meld_per_turn": draw(st.booleans()),
        "final_discard_required": draw(st.booleans()),
        "ace": draw(st.sampled_from(list(AceRule))),
        "stock_refill": draw(st.sampled_from(list(StockRefill))),
        "turn_cap": turn_cap,
        "game_end": "deals",
        "game_length": 1,
    }
    if base.jokers:
        knobs["joker_limit"] = draw(st.sampled_from(list(JokerLimit)))
        knobs["joker_swap"] = draw(st.booleans())
    if base.opening:
        knobs["lay_off"] = draw(st.sampled_from(list(LayOffRule)))
        knobs["opening"] = draw(st.sampled_from(openings))
    return base.with_overrides(**knobs)
