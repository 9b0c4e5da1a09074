"""The joker swap and the duty to play the joker again in the same turn (ref40 / ref51)."""

from __future__ import annotations

import pytest

from rummy.deal import Phase
from rummy.errors import CannotDiscard, CannotSwap, IllegalAction
from rummy.game import Game
from rummy.serialize import dumps, loads
from rummy.view import view_for
from tests.rummy.engine_support import current, play, position


def refused(game: Game, move: str, error: type[Exception] = IllegalAction) -> str:
    before = dumps(game)
    with pytest.raises(error) as info:
        play(game, move)
    assert dumps(game) == before
    return str(info.value)


def opened_ref51(hand: str, melds: list[tuple[int, str]], **overrides: object) -> Game:
    return position("ref51", [hand, "4D 9H"], phase=Phase.PLAY, melds=melds, opened={0: 1}, **overrides)


def test_swap_takes_the_joker_into_the_hand() -> None:
    """6♥ into 5♥ joker 7♥: the run is natural and the joker is in the hand."""
    game = opened_ref51("6H 2C 9D", [(1, "5H JK 7H")])
    events = play(game, "swap 6H into 1")
    deal = current(game)
    assert deal.melds[0].meld.labels(pretty=False) == ["5H", "6H", "7H"]
    assert sorted(str(c) for c in deal.hands[0]) == ["2C", "9D", "JK"]
    assert events[0].kind == "swapped" and events[0].card == "6♥"


def test_the_joker_must_be_played_again_when_it_can() -> None:
    """While the joker can go back on the table, discarding is refused; once played, it is not."""
    game = opened_ref51("6H 2C 9D", [(1, "5H JK 7H")])
    play(game, "swap 6H into 1")
    assert view_for(game, 0).joker_pending
    assert "play it again" in refused(game, "discard 2C", CannotDiscard)
    play(game, "layoff JK on 1", "discard 2C")
    assert current(game).turn == 1


def test_a_joker_that_cannot_be_played_may_be_kept_or_discarded() -> None:
    """9♠ completes the four 9s; the joker fits nowhere, so the player may discard, even the joker."""
    game = opened_ref51("9S 2C 7D", [(1, "9C 9D 9H JK")])
    play(game, "swap 9S into 1")
    assert not view_for(game, 0).joker_pending
    play(game, "discard JK")
    assert current(game).discard[-1].is_joker


def test_swap_needs_the_first_lay_down() -> None:
    """A player who has not opened may not take a joker."""
    game = position("ref51", ["6H 2C", "4D"], phase=Phase.PLAY, melds=[(1, "5H JK 7H")])
    assert "first lay-down" in refused(game, "swap 6H into 1", CannotSwap)


def test_a_second_swap_waits_until_the_first_joker_is_played() -> None:
    """One joker taken at a time."""
    game = opened_ref51("6H 9S 2C", [(1, "5H JK 7H"), (1, "9C 9D 9H JK")])
    play(game, "swap 6H into 1")
    assert "already took" in refused(game, "swap 9S into 2", CannotSwap)
    play(game, "layoff JK on 1", "swap 9S into 2")


def test_playing_a_joker_plays_the_one_taken_from_the_table() -> None:
    """Holding another joker, "layoff JK" plays the swapped one, which ends the duty."""
    game = opened_ref51("6H JK 2C", [(1, "5H JK 7H")])
    deal = current(game)
    own = next(c for c in deal.hands[0] if c.is_joker)
    play(game, "swap 6H into 1", "layoff JK on 1")
    assert deal.joker_to_play is None
    assert any(c is own for c in deal.hands[0])
    play(game, "discard 2C")


def test_no_duty_when_lay_offs_wait_for_a_later_turn() -> None:
    """House rule "lay off on later turns": the joker cannot be laid off on the opening turn, so the
    player who opens and swaps may still discard (the turn can always end)."""
    game = position(
        "ref51",
        ["KH KS KD QC QD QH 6H 2C", "4D"],
        phase=Phase.PLAY,
        melds=[(1, "5H JK 7H")],
        lay_off="after_opening_later_turns",
    )
    play(game, "meld KH KS KD | QC QD QH", "swap 6H into 1")
    assert not current(game).joker_playable(0)
    play(game, "discard 2C")


def test_the_duty_counts_a_new_meld_of_the_joker_with_two_cards() -> None:
    """With no meld to lay it on, the joker must be melded with 8♦ 9♦ if the player holds them."""
    game = opened_ref51("9S 8D 9D 2C", [(1, "9C 9D 9H JK")])
    play(game, "swap 9S into 1")
    refused(game, "discard 2C", CannotDiscard)
    play(game, "meld 8D 9D JK", "discard 2C")


def test_the_duty_ends_when_the_one_meld_is_used() -> None:
    """Under one meld per turn, once the meld of the turn is made the joker may be kept."""
    game = opened_ref51("9S 7D 8D 4C 4H 4S 4D 2C", [(1, "9C 9D 9H JK")], one_meld_per_turn=True)
    play(game, "meld 4C 4H 4S 4D", "swap 9S into 1")
    assert not current(game).joker_playable(0)
    play(game, "discard 2C")


def test_final_discard_required_the_last_card_swapped_is_discarded_to_go_out() -> None:
    """With a final discard required, the joker taken with the last card is discarded, going out."""
    game = opened_ref51("6H", [(1, "5H JK 7H")], final_discard_required=True)
    play(game, "swap 6H into 1")
    assert not current(game).joker_playable(0)
    play(game, "discard JK")
    assert game.history[-1].outcome.winners == (0,)


def test_swap_is_not_played_in_rami51() -> None:
    """rami51 has no joker swap."""
    game = position("rami51", ["6H 2C", "4D"], phase=Phase.PLAY, melds=[(1, "5H JK 7H")], opened={0: 1})
    assert "not played" in refused(game, "swap 6H into 1", CannotSwap)


def test_without_a_threshold_a_swap_needs_no_opening() -> None:
    """House rules on basic (2 jokers, swap): with no opening threshold anyone may swap."""
    game = position("basic", ["6H 2C", "4D"], phase=Phase.PLAY, melds=[(1, "5H JK 7H")], jokers=2, joker_swap=True)
    play(game, "swap 6H into 1")
    assert current(game).joker_to_play is not None


def test_swap_into_a_meld_that_does_not_exist() -> None:
    """The meld number is checked."""
    game = opened_ref51("6H 2C", [(1, "5H JK 7H")])
    assert "no meld 2" in refused(game, "swap 6H into 2")


def test_a_joker_taken_from_the_pile_and_swapped_back_is_only_the_swapped_joker() -> None:
    """Found by the property test: the joker taken from the discard pile is laid off, then taken
    back by a swap. Once laid off it was played, so back in the hand it is the joker to play again,
    no longer the card taken from the pile; the stored document says the same, so the game plays
    on identically after a restart."""
    game = position("ref51", ["4H 2C 9D", "4D 9H"], discard="KD JK", melds=[(1, "5H 6H 7H")], opened={0: 1})
    play(game, "draw discard", "layoff JK on 1")
    twin = loads(dumps(game))
    for side in (game, twin):
        play(side, "swap 4H into 1")
    deal = current(game)
    assert deal.taken is None and deal.drawn is None and deal.joker_to_play is not None
    assert dumps(twin) == dumps(game)
    play(game, "layoff JK on 1", "discard 2C")
    assert current(game).turn == 1
