"""The pure rating math."""

from __future__ import annotations

import pytest

from data.ratings import DEFAULT_MU, DEFAULT_SIGMA, Rating, rate


def test_newcomer_rating_starts_at_zero() -> None:
    """A newcomer's displayed rating is mu - 3 sigma = 0."""
    assert Rating() == Rating(DEFAULT_MU, DEFAULT_SIGMA)
    assert Rating().ordinal == pytest.approx(0.0)


def test_winner_goes_up_loser_goes_down() -> None:
    """Between equals, the winner gains mu and the loser loses it."""
    winner, loser = rate([Rating(), Rating()], [1, 2])
    assert winner.mu > DEFAULT_MU > loser.mu
    assert winner.ordinal > loser.ordinal


def test_ties_between_equals_stay_equal() -> None:
    """Players sharing a rank from equal ratings end equal."""
    first, second, third = rate([Rating(), Rating(), Rating()], [1, 2, 2])
    assert second == third
    assert first.mu > second.mu


def test_every_game_narrows_uncertainty() -> None:
    """Sigma shrinks as games are played."""
    (after, _) = rate([Rating(), Rating()], [1, 2])
    assert after.sigma < DEFAULT_SIGMA


def test_upset_is_worth_more() -> None:
    """Beating a strong player gains more than beating a weak one."""
    strong, weak = Rating(35.0, 4.0), Rating(15.0, 4.0)
    (beat_strong, _) = rate([Rating(), strong], [1, 2])
    (beat_weak, _) = rate([Rating(), weak], [1, 2])
    assert beat_strong.mu > beat_weak.mu


def test_single_player_is_unchanged() -> None:
    """Nothing is learned from a game with one player."""
    assert rate([Rating(30.0, 5.0)], [1]) == [Rating(30.0, 5.0)]


@pytest.mark.parametrize(("ratings", "ranks"), [([Rating()], [1, 2]), ([Rating(), Rating()], [0, 1])])
def test_bad_input(ratings: list[Rating], ranks: list[int]) -> None:
    """Mismatched lengths and ranks below 1 are refused."""
    with pytest.raises(ValueError):
        rate(ratings, ranks)
