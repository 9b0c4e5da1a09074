"""Melding, opening, laying off, going out and rummy within a deal (rummy.deal, rummy.plays)."""

from __future__ import annotations

import pytest

from rummy import actions as act
from rummy.deal import Phase
from rummy.errors import CannotLayOff, IllegalAction, InvalidMeld, OpeningTooLow
from rummy.game import Game
from rummy.serialize import dumps
from tests.rummy.engine_support import current, kinds, play, position


def refused(game: Game, move: str, error: type[Exception] = IllegalAction) -> str:
    """The seat to move tries ``move``; it must be refused with the state unchanged."""
    before = dumps(game)
    with pytest.raises(error) as info:
        play(game, move)
    assert dumps(game) == before
    return str(info.value)


# -- opening -----------------------------------------------------------------------------------


def test_an_opening_is_judged_on_the_total_of_the_melds_laid_at_once() -> None:
    """rami51: 10♠ 10♦ 10♣ (30) and 6♥ 7♥ 8♥ (21) together reach 51."""
    game = position("rami51", ["10S 10D 10C 6H 7H 8H 2C", "4D"], phase=Phase.PLAY)
    play(game, "meld 10S 10D 10C | 6H 7H 8H")
    assert 0 in current(game).opened and len(current(game).melds) == 2


def test_ref51_counts_an_end_joker_low_toward_the_opening() -> None:
    """ref51: K♥ K♠ K♦ (30) with joker 7♠ 8♠ (21, the joker as 6♠) opens at 51; pinned as 9♠ it is refused."""
    hand = "KH KS KD JK 7S 8S 2C"
    game = position("ref51", [hand, "4D"], phase=Phase.PLAY)
    message = refused(game, "meld KH KS KD | JK=9S 7S 8S", InvalidMeld)
    assert "stands for the lower card, 6♠, not 9♠" in message
    play(game, "meld KH KS KD | JK 7S 8S")
    assert 0 in current(game).opened
    assert [m.meld.labels(pretty=False) for m in current(game).melds][1] == ["JK=6S", "7S", "8S"]


def test_an_opening_below_the_threshold_is_refused_with_the_points() -> None:
    """One meld of 30 points does not open at 51; the message gives both figures."""
    game = position("rami51", ["10S 10D 10C 6H 7H 8H 2C", "4D"], phase=Phase.PLAY)
    message = refused(game, "meld 10S 10D 10C", OpeningTooLow)
    assert "51" in message and "30" in message


def test_after_opening_any_meld_is_allowed() -> None:
    """Once opened, a 6-point meld is fine."""
    game = position("rami51", ["AH 2H 3H 9C", "4D"], phase=Phase.PLAY, opened={0: 1})
    play(game, "meld AH 2H 3H")
    assert len(current(game).melds) == 1


def test_a_threshold_of_forty_under_ref40() -> None:
    """ref40 opens with 40 points, ref51 does not."""
    hand = ["KH KS KD 4C 5C 6C 2D", "4D"]
    play(position("ref40", hand, phase=Phase.PLAY), "meld KH KS KD | 4C 5C 6C")
    refused(position("ref51", hand, phase=Phase.PLAY), "meld KH KS KD | 4C 5C 6C", OpeningTooLow)


def test_a_bad_meld_among_several_refuses_them_all() -> None:
    """Melds laid together are accepted or refused together."""
    game = position("basic", ["2C 3C 4C 5D 6H 7H 9S", "4D"], phase=Phase.PLAY)
    refused(game, "meld 2C 3C 4C | 5D 6H 7H", InvalidMeld)
    assert current(game).melds == []


# -- one meld per turn -------------------------------------------------------------------------


def test_one_new_meld_per_turn_in_rummy100() -> None:
    """rummy100: a second meld in the same turn is refused, lay-offs are not."""
    game = position("rummy100", ["2C 3C 4C 8S 8H 8D 5C 9D", "4D"], phase=Phase.PLAY)
    play(game, "meld 2C 3C 4C")
    assert "one new meld per turn" in refused(game, "meld 8S 8H 8D", InvalidMeld)
    play(game, "layoff 5C on 1")


def test_two_melds_in_one_action_count_as_two_in_rummy100() -> None:
    """rummy100 refuses two melds laid at once."""
    game = position("rummy100", ["2C 3C 4C 8S 8H 8D 9D", "4D"], phase=Phase.PLAY)
    refused(game, "meld 2C 3C 4C | 8S 8H 8D", InvalidMeld)


# -- lay-offs ----------------------------------------------------------------------------------


def test_basic_lays_off_on_anyones_meld_without_melding_first() -> None:
    """basic: lay-offs need no meld of one's own."""
    game = position("basic", ["5C 9D", "4D"], phase=Phase.PLAY, melds=[(1, "2C 3C 4C")])
    events = play(game, "layoff 5C on 1")
    assert kinds(events) == ["laid_off"] and len(current(game).melds[0].meld.cards) == 4


def test_reference_rules_lay_off_only_after_opening() -> None:
    """ref51: before the first lay-down, adding to a meld is refused with the reason."""
    game = position("ref51", ["5C 9D", "4D"], phase=Phase.PLAY, melds=[(1, "2C 3C 4C")])
    assert "after your first lay-down" in refused(game, "layoff 5C on 1", CannotLayOff)


def test_reference_rules_lay_off_on_the_opening_turn() -> None:
    """ref51: a player who opens may lay off at once."""
    game = position("ref51", ["KH KS KD QC QD QH 5C 9D", "4D"], phase=Phase.PLAY, melds=[(1, "2C 3C 4C")])
    play(game, "meld KH KS KD | QC QD QH", "layoff 5C on 1")


def test_rami51_lays_off_only_from_the_turn_after_opening() -> None:
    """rami51: "on later turns": not on the opening turn, then yes."""
    game = position(
        "rami51", ["KH KS KD QC QD QH 5C 9D", "4D 6D"], phase=Phase.PLAY, melds=[(1, "2C 3C 4C")], stock="8S 7S 6S"
    )
    play(game, "meld KH KS KD | QC QD QH")
    assert "next turn" in refused(game, "layoff 5C on 1", CannotLayOff)
    play(game, "discard 9D", "draw stock", "discard 6S", "draw stock", "layoff 5C on 1")


def test_lay_off_on_a_meld_that_does_not_exist() -> None:
    """Meld numbers are checked and the message gives the range."""
    game = position("basic", ["5C 9D", "4D"], phase=Phase.PLAY, melds=[(1, "2C 3C 4C")])
    assert "no meld 3" in refused(game, "layoff 5C on 3")


# -- going out ---------------------------------------------------------------------------------


def test_basic_goes_out_by_melding_the_last_cards() -> None:
    """basic: no final discard is needed; the deal ends at once."""
    game = position("basic", ["2C 3C", "4D 9H"], stock="4C")
    deal = current(game)
    events = play(game, "draw stock", "meld 2C 3C 4C")
    assert deal.over and game.history[-1].outcome.winners == (0,)
    assert "deal_over" in kinds(events)


def test_going_out_by_laying_off_the_last_card() -> None:
    """An empty hand after a lay-off ends the deal."""
    game = position("basic", ["5C", "4D 9H"], stock="6C", melds=[(1, "2C 3C 4C")])
    play(game, "draw stock", "layoff 5C 6C on 1")
    assert game.history[-1].outcome.winners == (0,)


def test_rami100_cannot_meld_the_whole_hand() -> None:
    """rami100: going out needs a final discard, so the last card cannot be melded."""
    game = position("rami100", ["2C 3C", "4D 9H"], stock="4C")
    play(game, "draw stock")
    assert "final discard" in refused(game, "meld 2C 3C 4C")


def test_rami100_goes_out_with_a_final_discard() -> None:
    """rami100: meld all but one card, then discard it."""
    game = position("rami100", ["2C 3C 9S", "4D 9H"], stock="4C")
    play(game, "draw stock", "meld 2C 3C 4C", "discard 9S")
    assert game.history[-1].outcome.winners == (0,)


def test_keeping_only_the_card_taken_from_the_pile_is_refused() -> None:
    """Melding everything but the card just taken would leave no legal discard."""
    game = position("rami100", ["2C 3C 4C", "4D 9H"], discard="KD")
    play(game, "draw discard")
    assert "took from the discard pile" in refused(game, "meld 2C 3C 4C")


def test_keeping_only_the_taken_card_is_allowed_when_it_can_be_laid_off() -> None:
    """basic: the K♦ taken can still go on the kings, so melding the rest is fine."""
    game = position("basic", ["2C 3C 4C", "4D 9H"], discard="KD", melds=[(1, "KC KH KS")])
    play(game, "draw discard", "meld 2C 3C 4C", "layoff KD on 1")
    assert game.history[-1].outcome.winners == (0,)


def test_the_taken_card_may_be_kept_when_lay_offs_wait_for_a_later_turn_if_melded() -> None:
    """rami51: opening down to the taken card is refused, since it cannot be laid off that turn."""
    game = position("rami51", ["KH KS KD QC QD QH", "4D 9H"], discard="JC", melds=[(1, "9C 10C JC")])
    play(game, "draw discard")
    assert "took from the discard pile" in refused(game, "meld KH KS KD | QC QD QH")


# -- rummy -------------------------------------------------------------------------------------


def test_rummy_when_the_whole_hand_goes_down_in_one_turn() -> None:
    """Melding everything in one turn with nothing played before doubles."""
    game = position("basic", ["2C 3C 9S", "KD"], stock="4C")
    play(game, "draw stock", "meld 2C 3C 4C", "discard 9S")
    assert game.history[-1].outcome.rummy and game.scores == [20, 0]


def test_no_rummy_after_a_meld_on_an_earlier_turn() -> None:
    """A meld on an earlier turn of the deal means no rummy."""
    game = position("basic", ["2C 3C 4C 5S 6S 9D", "KD 8H"], stock="7S 2H 8S")
    play(
        game, "draw stock", "meld 2C 3C 4C", "discard 9D", "draw stock", "discard 2H", "draw stock", "meld 5S 6S 7S 8S"
    )
    outcome = game.history[-1].outcome
    assert outcome.winners == (0,) and not outcome.rummy and game.scores == [18, 0]


def test_no_rummy_after_a_lay_off_on_an_earlier_turn() -> None:
    """A lay-off on an earlier turn also spoils the rummy."""
    game = position("basic", ["5C 8S 9S 10S 2D", "KD 8H"], stock="JS 2H 3H", melds=[(1, "2C 3C 4C")])
    play(
        game,
        "draw stock",
        "layoff 5C on 1",
        "discard 3H",
        "draw stock",
        "discard 2H",
        "draw stock",
        "meld 8S 9S 10S JS",
        "discard 2D",
    )
    assert not game.history[-1].outcome.rummy


def test_a_lay_off_in_the_going_out_turn_keeps_the_rummy() -> None:
    """Playing in the same turn as going out is still rummy."""
    game = position("basic", ["5C 8S 9S 10S", "KD"], stock="JS", melds=[(1, "2C 3C 4C")])
    play(game, "draw stock", "layoff 5C on 1", "meld 8S 9S 10S JS")
    assert game.history[-1].outcome.rummy


def test_rummy100_has_no_rummy_bonus() -> None:
    """rummy100 records no rummy and does not double."""
    game = position("rummy100", ["2C 3C", "KD"], stock="4C")
    play(game, "draw stock", "meld 2C 3C 4C")
    assert not game.history[-1].outcome.rummy and game.scores == [10, 0]


def test_rami51_starter_may_meld_on_the_first_turn_but_not_lay_off() -> None:
    """(decision) The rami51 starter may meld on the turn without a draw, then must discard."""
    game = position(
        "rami51", ["KH KS KD QC QD QH 5C 9D 2S", "4D"], discard="", phase=Phase.PLAY, turns=0, melds=[(1, "2C 3C 4C")]
    )
    play(game, "meld KH KS KD | QC QD QH")
    refused(game, "layoff 5C on 1", CannotLayOff)
    play(game, "discard 9D")
    assert current(game).turn == 1 and [str(c) for c in current(game).discard] == ["9D"]


def test_an_action_after_going_out_is_refused() -> None:
    """Once a player is out the game has moved to the next deal (or ended)."""
    game = position("basic", ["2C 3C", "4D 9H"], stock="4C")
    play(game, "draw stock", "meld 2C 3C 4C")
    assert current(game).number == 2 and current(game).phase is not Phase.OVER
    with pytest.raises(IllegalAction):
        game.apply(0, act.parse_action("discard 2C"))
