"""The expert level: its model of the hidden cards, legal moves everywhere, and repeatable decisions."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy import actions as act
from rummy.ai import TableMemory, choose_action, expert, hard
from rummy.ai.arrange import best_plan
from rummy.ai.model import RAMP, HandModel
from rummy.cards import Card, make_pack
from rummy.game import Game, Player
from rummy.rules import PRESETS, Rules, find_preset
from rummy.view import view_for
from tests.rummy.ai_support import SEARCH, house_rules, played_to, searched_view

# Every decision with two candidates searched (laying melds now too), on two worlds: legality needs no strength.
TWO_WORLDS = expert.Budget(samples=2, close=50.0, check_every=1, lay_now=True)


def faces(cards: list[Card]) -> Counter[tuple[int, int]]:
    return Counter((c.key[0], c.key[1]) for c in cards)


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("players", [2, 4])
def test_the_model_never_hands_out_a_card_the_seat_can_see(preset: str, players: int) -> None:
    """Sampled worlds keep every card the seat sees where it sees it, and place each hidden card once."""
    game, memories = played_to(find_preset(preset), players, seed=players * 7 + len(preset), actions=25)
    deal = game.deal
    assert deal is not None and not game.history
    seat = deal.turn
    view = view_for(game, seat)
    memories[seat].sync(view)
    model = HandModel.of(view, memories[seat])
    assert model is not None
    seen = [*view.hand, *(c for mv in view.melds for c in mv.meld.cards)]
    pile = memories[seat].pile[-view.discard_size :] if view.discard_size else []
    pack = make_pack(find_preset(preset).decks_for(players), find_preset(preset).jokers_for(players))
    for i in range(5):
        world = model.sample(random.Random(i))
        others = [c for s, hand in world.hands.items() if s != seat for c in hand]
        hidden = others + world.stock + world.discard[: len(world.discard) - len(pile)]
        assert sorted(world.hands[seat], key=lambda c: c.key) == sorted(view.hand, key=lambda c: c.key)
        assert faces(hidden) + faces(seen) + faces(pile) == faces(pack)  # nothing seen is handed out again
        assert world.discard[-len(pile) :] == pile if pile else not world.discard
        assert {s: len(h) for s, h in world.hands.items()} == view.hand_sizes
        assert len(world.stock) == view.stock_size
        for other in world.hands:
            if other != seat:
                assert not faces(memories[seat].holding(other)) - faces(world.hands[other])  # known pickups stay


@st.composite
def house_tables(draw: st.DrawFn) -> tuple[Rules, int, int]:
    rules = house_rules(draw, turn_cap=24, openings=(20, 40, 51))
    return rules, draw(st.sampled_from([2, 3, 5])), draw(st.integers(0, 10**6))


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(house_tables())
def test_every_decision_is_legal(table: tuple[Rules, int, int]) -> None:
    """Experts against hard, under any house rules, two or three decks: every move a whole deal long is accepted."""
    rules, players, seed = table
    levels = ["expert", "hard"] * players
    game, events = Game.new(rules, [Player(f"bot:{i}", f"B{i}", levels[i]) for i in range(players)], seed=seed)
    memories = [TableMemory() for _ in range(players)]
    for memory in memories:
        memory.observe_all(events)
    rng = random.Random(seed)
    while game.outcome is None and not game.history:
        deal = game.deal
        assert deal is not None
        seat = deal.turn
        view = view_for(game, seat)
        budget = TWO_WORLDS if seat % 2 == 0 else expert.Budget(samples=0)
        action = expert.choose(view, rng.getrandbits(64), memories[seat], budget)
        events = game.apply(seat, action)  # raises if the engine refuses it
        for memory in memories:
            memory.observe_all(events)
    assert game.history or game.outcome is not None


def test_the_same_seed_and_budget_give_the_same_decision() -> None:
    """Replaying a decision with its seed and budget gives the same move and the same values."""
    view, memory = searched_view()
    first = expert.decide(view, 99, TableMemory.from_json(memory.to_json()), SEARCH)
    again = expert.decide(view, 99, TableMemory.from_json(memory.to_json()), SEARCH)
    assert first.searched and first.samples == SEARCH.samples
    assert first == again


def test_giving_up_plays_hards_move() -> None:
    """A decision whose time runs out before the first sampled world plays hard's move, never none."""
    view, memory = searched_view()
    decision = expert.decide(view, 5, TableMemory.from_json(memory.to_json()), SEARCH, give_up=lambda: True)
    assert not decision.searched
    assert decision.action == hard.choose(view, random.Random(5), TableMemory.from_json(memory.to_json()))


def test_choose_action_plays_the_expert() -> None:
    """The expert is a level like the others: a seeded rng gives a move the engine accepts."""
    view, memory = searched_view()
    action = choose_action(view, "expert", random.Random(3), TableMemory.from_json(memory.to_json()))
    assert isinstance(action, act.Discard | act.Meld | act.LayOff | act.Swap)


def _loose(model: HandModel, seat: int, rules: Rules, seeds: range) -> float:
    from_worlds = [model.sample(random.Random(i)).hands[seat] for i in seeds]
    return sum(len(best_plan(hand, rules).leftover) for hand in from_worlds) / len(from_worlds)


def test_a_kept_hand_is_sampled_closer_to_going_out_than_a_dealt_one() -> None:
    """Some turns into a deal, the opponent's sampled hands hold fewer loose cards than uniform draws of
    the same hidden cards (the opponent kept what fits)."""
    rules = find_preset("basic")
    game, memories = played_to(rules, 2, seed=11, actions=40)
    deal = game.deal
    assert deal is not None and not game.history and deal.turns >= 2 * RAMP
    seat = deal.turn
    view = view_for(game, seat)
    memories[seat].sync(view)
    model = HandModel.of(view, memories[seat])
    assert model is not None
    other = 1 - seat
    assert model.ramp[other] == 1.0
    kept = _loose(model, other, rules, range(40))
    uniform = HandModel(
        model.seat, model.pool, model.known, model.sizes, model.pile, model.missing_pile, model.weights, model.own
    )
    assert kept < _loose(uniform, other, rules, range(40)) - 0.5


def test_a_deal_with_an_opening_to_make_samples_hands_uniformly() -> None:
    """Where a player must open first, the measured uniform draws were as close to the hands held: no ramp."""
    game, memories = played_to(find_preset("rami51"), 2, seed=3, actions=60)
    deal = game.deal
    assert deal is not None and not game.history
    view = view_for(game, deal.turn)
    model = HandModel.of(view, memories[deal.turn])
    assert model is not None and set(model.ramp.values()) == {0.0}


def test_the_switching_rule_is_stricter_once_melds_are_on_the_table() -> None:
    """Another move than hard's needs a larger, clearer gain once a meld is on the table; and a gain of 2.5
    points in every world (no spread) switches on an empty table, not on a table with melds."""
    rules = find_preset("rummy100")  # hard lays its melds down as it goes
    empty = view_for(played_to(rules, 2, seed=5, actions=2)[0], 0)
    assert not empty.melds
    game, _memories = played_to(rules, 2, seed=5, actions=30)
    deal = game.deal
    assert deal is not None and not game.history
    tabled = view_for(game, deal.turn)
    assert tabled.melds
    budget = expert.DEFAULT_BUDGET
    assert expert.switch_rule(empty, budget) == (budget.margin, budget.z)
    assert expert.switch_rule(tabled, budget) == (budget.table_margin, budget.table_z)
    rows = [[0.5, 0.525 + 0.001 * (i % 2)] for i in range(8)]
    assert expert.better(rows, *expert.switch_rule(empty, budget)) == 1
    assert expert.better(rows, *expert.switch_rule(tabled, budget)) == 0


def test_a_game_with_an_opening_to_make_keeps_the_strict_rule_and_few_worlds() -> None:
    """Where an opening is required (costly rollouts, nothing gained by more worlds), the search plays at
    most ``opening_samples`` worlds and switches only by the stricter rule, even on an empty table."""
    rules = find_preset("rami51")
    game, memories = played_to(rules, 2, seed=3, actions=2)
    view = view_for(game, game.deal.turn if game.deal is not None else 0)
    assert not view.melds and rules.opening
    budget = expert.DEFAULT_BUDGET
    assert budget.samples > budget.opening_samples
    assert expert.switch_rule(view, budget) == (budget.table_margin, budget.table_z)
    wide = expert.Budget(samples=budget.samples, close=50.0, check_every=budget.samples)
    for actions in range(2, 60):
        game, memories = played_to(rules, 2, seed=3, actions=actions)
        deal = game.deal
        assert deal is not None and not game.history
        view = view_for(game, deal.turn)
        decision = expert.decide(view, 1, memories[deal.turn], wide)
        if decision.searched:
            assert decision.samples == wide.opening_samples
            return
    raise AssertionError("no decision searched")
