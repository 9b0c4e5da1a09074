"""A deal that goes nowhere (RULES.md, a decision): when it does, proposing to end it, agreeing and
declining, and how the deal ends (rummy.stall through rummy.table)."""

from __future__ import annotations

import json

import pytest

from rummy import actions as act
from rummy.cards import Card
from rummy.errors import CannotEndDeal
from rummy.scoring import DealEnd
from rummy.table import Table, TableStatus
from tests.rummy.engine_support import current, kinds
from tests.rummy.stall_support import churn, quiet_deal, rebuilt
from tests.rummy.table_support import BOB, CARL, HOST, lobby, started


def stalled(table: Table) -> Table:
    """``table`` with its deal set up to go nowhere, played until it does (two rebuilds)."""
    assert table.game is not None
    quiet_deal(table.game)
    churn(table, rebuilt(table, 2))
    return table


def three() -> Table:
    table = lobby()
    table.join(BOB, "Bob")
    table.join(CARL, "Carl")
    table.start(HOST)
    return table


def refusal(call: object, *args: object) -> CannotEndDeal:
    assert callable(call)
    with pytest.raises(CannotEndDeal) as caught:
        call(*args)
    return caught.value


def test_two_rebuilds_with_no_meld_make_the_deal_go_nowhere() -> None:
    """Each player holds an ace nothing takes: after one rebuild the deal still goes somewhere (a
    proposal is refused, saying how far it is), after the second it goes nowhere, said once."""
    table = started()
    quiet_deal(table.game)
    events = churn(table, rebuilt(table, 1))
    deal = current(table.game)
    assert deal.quiet_refills == 1 and not deal.goes_nowhere and "deal_stalled" not in kinds(events)
    error = refusal(table.propose_end, 0)
    assert (error.key, error.params) == ("deal_not_stalled", {"need": 2, "rebuilds": 1})
    events = churn(table, rebuilt(table, 2))
    assert deal.goes_nowhere and kinds(events).count("deal_stalled") == 1
    assert kinds(events)[-4:] == ["stock_rebuilt", "deal_stalled", "drew", "discarded"]
    events = churn(table, rebuilt(table, 3))
    assert deal.goes_nowhere and "deal_stalled" not in kinds(events)


def test_both_agree_the_deal_ends_nobody_scores_and_the_next_deal_starts() -> None:
    """The seeded 2-player basic deal that goes nowhere: Alice proposes, Bob agrees; the deal ends
    with nobody scoring (as a dead deal), and deal 2 is dealt."""
    table = stalled(started())
    game = table.game
    deal = current(game)
    proposed = table.propose_end(0)
    assert kinds(proposed) == ["end_proposed"] and proposed[0].detail == {"waiting": [1]}
    assert not deal.over and table.end_vote is not None
    events = table.agree_end(1)
    assert kinds(events) == ["end_agreed", "deal_over", "deal_started"]
    assert events[1].detail == {
        "reason": "agreed",
        "winners": [],
        "points": {"0": 0, "1": 0},
        "rummy": False,
        "hands": {"0": ["A♣"], "1": ["A♦"]},  # laid face up now that the deal is over
        "values": {"0": 1, "1": 1},
    }
    assert deal.outcome is not None and deal.outcome.reason is DealEnd.AGREED and deal.outcome.scoreless
    assert game.scores == [0, 0] and game.scoreless_deals_in_a_row == 1
    assert current(game).number == 2 and not current(game).goes_nowhere
    assert table.end_vote is None and table.status is TableStatus.PLAYING


def test_a_lay_off_after_a_rebuild_starts_the_count_again() -> None:
    """A lay-off between the first and the second rebuild: the deal needs two more rebuilds."""
    table = started()
    quiet_deal(table.game, hands={0: "AC 10H"})
    churn(table, rebuilt(table, 1))
    churn(table, lambda: table.turn == 0)
    table.act(0, act.Draw())
    table.act(0, act.LayOff((Card.parse("10H"),), 0))
    deal = current(table.game)
    assert deal.quiet_refills == 0
    table.act(0, act.Discard(deal.drawn))
    churn(table, rebuilt(table, 2))
    assert deal.quiet_refills == 1 and not deal.goes_nowhere
    churn(table, rebuilt(table, 3))
    assert deal.goes_nowhere


def test_a_meld_makes_a_standing_proposal_lapse() -> None:
    """Alice proposes; before Bob answers, he melds: the deal goes somewhere again, the proposal
    lapses, and agreeing is refused until the deal goes nowhere again."""
    table = started()
    quiet_deal(table.game, hands={1: "AD 2D 3D"})
    churn(table, rebuilt(table, 2))
    churn(table, lambda: table.turn == 1)
    table.propose_end(0)
    table.act(1, act.Draw())
    events = table.act(1, act.Meld(((Card.parse("AD"), Card.parse("2D"), Card.parse("3D")),)))
    assert kinds(events) == ["melded", "end_lapsed"]
    assert table.end_vote is None and not table.view(0).goes_nowhere
    assert refusal(table.agree_end, 1).key == "end_not_proposed"
    assert refusal(table.propose_end, 0).key == "deal_not_stalled"


def test_with_a_computer_player_only_the_person_decides() -> None:
    """Computer players always agree: the one person's proposal ends the deal at once."""
    table = lobby()
    table.add_bot(HOST, "easy")
    table.start(HOST)
    stalled(table)
    assert table.view(0).end_waiting == () and table.view(0).can_propose_end
    error = refusal(table.propose_end, 1)
    assert (error.key, error.params) == ("end_computer", {"name": "Bot (easy)"})
    events = table.propose_end(0)
    assert kinds(events) == ["end_proposed", "deal_over", "deal_started"]
    assert table.game.history[-1].outcome.reason is DealEnd.AGREED


def test_three_people_agree_one_by_one_and_a_decline_withdraws() -> None:
    """Alice proposes and Bob agrees: Carl is still to agree. Carl declines: the proposal is gone,
    play goes on, and Carl may propose in turn."""
    table = stalled(three())
    table.propose_end(0)
    assert kinds(table.agree_end(1)) == ["end_agreed"]
    view = table.view(2)
    assert view.end_proposer == 0 and view.end_agreed == {0, 1} and view.end_waiting == (2,)
    assert view.can_agree_end and view.can_decline_end and not view.can_propose_end
    assert kinds(table.decline_end(2)) == ["end_declined"] and table.end_vote is None
    assert not current(table.game).over and table.view(2).can_propose_end
    table.propose_end(2)
    table.agree_end(0)
    assert kinds(table.agree_end(1))[:2] == ["end_agreed", "deal_over"]


def test_refusals_name_the_reason_and_change_nothing() -> None:
    """Already proposed, already agreed, nothing to agree to, not dealt in, no deal in play: each
    refused with its key, the table document unchanged."""
    table = stalled(three())
    assert refusal(table.agree_end, 1).key == "end_not_proposed"
    assert refusal(table.decline_end, 1).key == "end_not_proposed"
    table.propose_end(0)
    before = json.dumps(table.to_json(), sort_keys=True)
    error = refusal(table.propose_end, 1)
    assert (error.key, error.params) == ("end_already_proposed", {"name": "Alice"})
    assert refusal(table.agree_end, 0).key == "end_already_agreed"
    assert refusal(table.agree_end, 7).key == "end_not_dealt"
    assert json.dumps(table.to_json(), sort_keys=True) == before
    assert refusal(lobby().propose_end, 0).key == "end_not_playing"


def test_a_person_leaving_after_the_others_agreed_ends_the_deal() -> None:
    """Everyone left has agreed when Carl leaves: the deal ends then, and Carl has no say after."""
    table = stalled(three())
    table.propose_end(0)
    table.agree_end(1)
    events = table.leave(CARL)
    assert kinds(events)[:3] == ["dropped", "deal_over", "deal_started"]
    assert table.game.history[-1].outcome.reason is DealEnd.AGREED
    assert refusal(table.propose_end, 2).key == "end_not_dealt"


def test_a_pending_proposal_round_trips_and_plays_on_alike() -> None:
    """The table document holds the proposal and its agreements; loaded, it ends the same way."""
    table = stalled(three())
    table.propose_end(1)
    table.agree_end(0)
    doc = table.to_json()
    assert doc["end_vote"] == {"deal": 1, "proposer": 1, "agreed": [0, 1]}
    loaded = Table.from_json(json.loads(json.dumps(doc)))
    assert loaded.to_json() == doc and loaded.view(2).end_waiting == (2,)
    assert kinds(loaded.agree_end(2)) == kinds(table.agree_end(2))
    assert loaded.to_json() == table.to_json()


def test_the_safety_cap_still_ends_a_deal_nobody_ends() -> None:
    """Nobody proposes, or a proposal waits for an answer: at 300 turns the deal ends as always
    (the turn cap's dead deal), and the waiting proposal goes with it."""
    table = stalled(three())
    table.propose_end(0)
    deal = current(table.game)
    events = churn(table, lambda: deal.over)
    assert deal.turns == 300 and deal.outcome is not None and deal.outcome.reason is DealEnd.TURN_CAP
    assert "end_lapsed" not in kinds(events) and table.end_vote is None


def test_a_copy_keeps_the_deal_and_the_proposal_and_plays_on_alone() -> None:
    """Table.copy (what the service changes): the same count and proposal; ending the deal on the
    copy leaves the original's proposal standing."""
    table = stalled(started())
    table.propose_end(0)
    copy = table.copy()
    assert copy.to_json() == table.to_json() and current(copy.game).goes_nowhere
    copy.agree_end(1)
    assert table.end_vote is not None and not current(table.game).over and current(table.game).number == 1
