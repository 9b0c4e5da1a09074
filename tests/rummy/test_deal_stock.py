"""When the stock runs out, and the safety cap: every preset's policy (rummy.deal)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from rummy import actions as act
from rummy.deal import Event
from rummy.errors import IllegalAction
from rummy.game import Game
from rummy.scoring import DealEnd
from tests.rummy.engine_support import current, kinds, play, position


def last_stock_card_drawn(preset: str, **kwargs: Any) -> tuple[Game, list[Event]]:
    """Seat 0 draws the last stock card and discards 9S over 2H 3H 4H: seat 1 faces an empty stock."""
    game = position(preset, ["9S 8C", "KD QD"], discard="2H 3H 4H", stock="5C", **kwargs)
    events = play(game, "draw stock", "discard 9S")
    return game, events


# -- the next player may take the top discard (basic, rummy100) ---------------------------------


@pytest.mark.parametrize("preset", ["basic", "rummy100"])
def test_with_the_stock_empty_the_next_player_may_take_the_top_discard(preset: str) -> None:
    """basic / rummy100: the deal goes on; taking the 9♠ leaves the stock empty."""
    game, _ = last_stock_card_drawn(preset)
    deal = current(game)
    assert not deal.over and deal.stock == []
    play(game, "draw discard")
    assert str(deal.hands[1][-1]) == "9S" and deal.stock == [] and deal.refills == 0


def test_basic_turns_the_whole_pile_over_unshuffled() -> None:
    """basic: drawing from the empty stock turns the whole pile over; the oldest discard is drawn."""
    game, _ = last_stock_card_drawn("basic")
    deal = current(game)
    events = play(game, "draw stock")
    assert kinds(events) == ["stock_rebuilt", "drew"]
    assert str(deal.hands[1][-1]) == "2H"
    assert [str(c) for c in deal.stock] == ["9S", "4H", "3H"] and deal.discard == []


def test_rummy100_turns_the_pile_over_but_the_top_card_stays() -> None:
    """rummy100: the pile except its top card becomes the stock, unshuffled; the 9♠ stays face up."""
    game, _ = last_stock_card_drawn("rummy100")
    deal = current(game)
    play(game, "draw stock")
    assert str(deal.hands[1][-1]) == "2H"
    assert [str(c) for c in deal.stock] == ["4H", "3H"] and [str(c) for c in deal.discard] == ["9S"]


def test_rummy100_with_a_single_discard_cannot_rebuild_and_the_deal_is_dead() -> None:
    """With nothing under the top discard there is nothing to rebuild from: the deal ends, nobody scores."""
    game = position("rummy100", ["9S 8C", "KD QD"], discard="", stock="5C")
    deal = current(game)
    play(game, "draw stock", "discard 9S")
    assert deal.over and deal.outcome is not None
    assert deal.outcome.reason is DealEnd.STOCK_EXHAUSTED and deal.outcome.winners == ()


# -- rebuilt at once, shuffled, with a limit (rami100, rami51, ref) -----------------------------


@pytest.mark.parametrize("preset", ["rami100", "rami51", "ref51"])
def test_french_rules_shuffle_the_pile_except_its_top_into_a_new_stock(preset: str) -> None:
    """The pile under its top card is shuffled into the stock before the next player draws."""
    game, events = last_stock_card_drawn(preset, opened={0: 1})
    deal = current(game)
    assert "stock_rebuilt" in kinds(events)
    assert [str(c) for c in deal.discard] == ["9S"]
    assert Counter(str(c) for c in deal.stock) == Counter(["2H", "3H", "4H"])
    assert deal.refills == 1 and not deal.over


def test_rami100_second_exhaustion_ends_the_deal_with_nobody_scoring() -> None:
    """rami100: one reshuffle; the second time the deal ends and nobody scores."""
    game = position("rami100", ["9S 8C", "KD QD"], discard="2H 3H 4H", stock="5C")
    current(game).refills = 1
    events = play(game, "draw stock", "discard 9S")
    outcome = game.history[-1].outcome
    assert outcome.reason is DealEnd.STOCK_EXHAUSTED and outcome.winners == ()
    assert set(outcome.points.values()) == {0} and game.scores == [0, 0]
    assert "stock_rebuilt" not in kinds(events)


def test_rami51_rebuilds_the_stock_as_often_as_needed() -> None:
    """(decision) rami51 has no refill limit."""
    game = position("rami51", ["9S 8C", "KD QD"], discard="2H 3H 4H", stock="5C", opened={0: 1})
    current(game).refills = 7
    play(game, "draw stock", "discard 9S")
    assert current(game).refills == 8 and not current(game).over


def test_reference_rules_third_exhaustion_ends_the_deal_and_the_lowest_hand_wins() -> None:
    """ref51: at most 2 reshuffles; the third time the lowest hand wins and the others score theirs."""
    game = position("ref51", ["9S 8C", "KD QD"], discard="2H 3H 4H", stock="5C")
    current(game).refills = 2
    play(game, "draw stock", "discard 9S")
    outcome = game.history[-1].outcome
    assert outcome.reason is DealEnd.STOCK_EXHAUSTED and outcome.winners == (0,)
    assert outcome.points == {0: 0, 1: 20}


def test_a_stock_with_too_few_discards_to_rebuild_ends_the_deal() -> None:
    """rami51 with only the top discard: nothing to shuffle, the deal is dead."""
    game = position("rami51", ["9S 8C", "KD QD"], discard="", stock="5C", opened={0: 1})
    play(game, "draw stock", "discard 9S")
    assert game.history[-1].outcome.reason is DealEnd.STOCK_EXHAUSTED


def test_drawing_from_an_empty_stock_that_cannot_be_rebuilt_is_refused() -> None:
    """A state where the stock is empty and no refill is left only allows the top discard."""
    game = position("basic", ["9S 8C", "KD QD"], discard="2H", stock="", refill_limit=0)
    with pytest.raises(IllegalAction, match="cannot be rebuilt"):
        game.apply(0, act.Draw(act.Source.STOCK))
    assert not current(game).can_draw_stock()


# -- the safety cap --------------------------------------------------------------------------


def test_basic_turn_cap_ends_the_deal_with_nobody_scoring() -> None:
    """(decision) basic: after 300 turns the deal ends and nobody scores."""
    game = position("basic", ["9S 8C", "KD QD"], turns=299)
    play(game, "draw stock", "discard 9S")
    outcome = game.history[-1].outcome
    assert outcome.reason is DealEnd.TURN_CAP and outcome.winners == () and game.scores == [0, 0]


def test_reference_turn_cap_lowest_hand_wins_and_ties_share() -> None:
    """ref51: after 300 turns the lowest hand wins; equal lowest hands both win."""
    game = position("ref51", ["2C 3D", "5H", "KD"], turns=299, stock="9S")
    play(game, "draw stock", "discard 9S")
    outcome = game.history[-1].outcome
    assert outcome.reason is DealEnd.TURN_CAP and outcome.winners == (0, 1)
    assert outcome.points == {0: 0, 1: 0, 2: 10}


def test_the_turn_cap_counts_finished_turns() -> None:
    """One turn short of the cap the deal goes on."""
    game = position("basic", ["9S 8C", "KD QD"], turns=298, stock="2C 9H")
    play(game, "draw stock", "discard 9S")
    assert not current(game).over and current(game).turns == 299
