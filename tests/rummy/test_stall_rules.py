"""A deal that goes nowhere: where the rules offer its end (from the knobs, not the preset names), how
the game's end counts it, what the views show, the stored documents old and new, and the cards."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy.errors import CannotEndDeal, IllegalAction
from rummy.game import Game
from rummy.rules import PRESETS
from rummy.scoring import DealEnd
from rummy.serialize import dumps, game_to_json, loads
from rummy.table import TABLE_SCHEMA, Table, TableStatus
from rummy.view import view_for
from tests.rummy.engine_support import current, kinds, pack_keys, physical_cards, players, rules_of
from tests.rummy.stall_support import churn, churn_game, quiet_deal, rebuilt
from tests.rummy.table_support import BOB, HOST, lobby, started


def table_of(preset: str, **house: str) -> Table:
    table = lobby(preset)
    for name, value in house.items():
        table.set(HOST, name, value)
    table.join(BOB, "Bob")
    table.start(HOST)
    return table


@pytest.mark.parametrize(
    ("preset", "house", "offered"),
    [
        ("basic", {}, True),
        ("rummy100", {}, True),
        ("rami51", {}, True),
        ("rami100", {}, False),  # one rebuild, then a dead deal
        ("ref40", {}, False),  # two rebuilds, then the lowest hand wins
        ("ref51", {}, False),
        ("basic", {"refill_limit": 2}, False),  # the knobs decide, not the preset's name
        ("basic", {"refill_limit": 3}, True),
        ("rami100", {"refill_limit": 3}, True),
        ("ref51", {"refill_limit": "none"}, True),
    ],
)
def test_the_end_is_offered_where_the_stock_may_be_rebuilt_more_than_twice(
    preset: str, house: dict[str, Any], offered: bool
) -> None:
    """Rules.end_by_agreement follows refill_limit: none, or more than the two rebuilds it takes."""
    assert rules_of(preset, **house).end_by_agreement is offered


@pytest.mark.parametrize("preset", ["rami100", "ref40", "ref51"])
def test_rami100_and_the_reference_rules_never_offer_it(preset: str) -> None:
    """Their deal ends on its own when the stock runs out past its limit; until then it never goes
    nowhere, and a proposal is refused with the limit that ends it."""
    table = started(preset)
    quiet_deal(table.game)
    deal = current(table.game)
    limit = deal.rules.refill_limit
    seen: list[bool] = []
    refused: list[int] = []

    def over() -> bool:
        seen.append(deal.goes_nowhere or table.view(0).can_propose_end)
        if deal.refills == limit and not deal.over:
            with pytest.raises(CannotEndDeal) as caught:
                table.propose_end(0)
            assert (caught.value.key, caught.value.params) == ("end_not_offered", {"limit": limit})
            refused.append(deal.quiet_refills)
        return deal.over

    events = churn(table, over)
    assert not any(seen) and "deal_stalled" not in kinds(events) and refused and refused[-1] == limit
    assert deal.outcome is not None and deal.outcome.reason is DealEnd.STOCK_EXHAUSTED


def test_a_refill_limit_of_three_lets_a_basic_deal_end_by_agreement() -> None:
    """A house rule that allows three rebuilds: after two with no meld the deal goes nowhere."""
    table = table_of("basic", refill_limit="3")
    quiet_deal(table.game)
    churn(table, rebuilt(table, 2))
    table.propose_end(0)
    assert kinds(table.agree_end(1))[1:3] == ["deal_over", "deal_started"]


def test_deals_ended_by_agreement_count_toward_the_void_deal_limit() -> None:
    """First to 100 with void_deal_limit 2: two deals ended by agreement in a row end the game, a tie."""
    table = table_of("rummy100", void_deal_limit="2")
    for number in (1, 2):
        quiet_deal(table.game)
        churn(table, rebuilt(table, 2))
        table.propose_end(0)
        events = table.agree_end(1)
        assert table.game.history[-1].number == number
    assert kinds(events)[-1] == "game_over" and table.status is TableStatus.OVER
    assert table.game.outcome is not None and table.game.outcome.winners == (0, 1)


def test_a_deal_ended_by_agreement_is_one_of_basics_three_deals() -> None:
    """A fixed number of deals: the agreed end counts as a deal played, scoring nothing."""
    table = started()
    for _ in range(3):
        quiet_deal(table.game)
        churn(table, rebuilt(table, 2))
        table.propose_end(1)
        events = table.agree_end(0)
    assert len(table.game.history) == 3 and kinds(events)[-1] == "game_over"
    assert table.game.scores == [0, 0] and table.status is TableStatus.OVER


def test_the_game_refuses_to_end_a_deal_that_goes_somewhere() -> None:
    """Game.end_by_agreement is the rules' last word: a deal that goes somewhere does not end."""
    table = started()
    quiet_deal(table.game)
    with pytest.raises(IllegalAction):
        table.game.end_by_agreement()
    assert not current(table.game).over


def test_the_views_show_the_deal_and_the_proposal_to_everyone() -> None:
    """Public facts: whether the deal goes nowhere, who proposed, who agreed (computer players
    always), who is still to agree; a spectator sees them and cannot take part."""
    table = lobby()
    table.join(BOB, "Bob")
    table.add_bot(HOST, "easy")
    table.start(HOST)
    quiet_deal(table.game)
    assert not table.view(0).goes_nowhere and table.view(0).quiet_refills == 0
    churn(table, rebuilt(table, 2))
    spectator, bot = table.view(None), table.view(2)
    assert spectator.goes_nowhere and spectator.quiet_refills == 2
    assert not spectator.can_propose_end and not bot.can_propose_end and table.view(1).can_propose_end
    table.propose_end(1)
    spectator = table.view(None)
    assert spectator.end_pending and spectator.end_proposer == 1
    assert spectator.end_agreed == {1, 2} and spectator.end_waiting == (0,)
    assert not spectator.can_agree_end and not spectator.can_decline_end
    assert table.view(0).can_agree_end and not table.view(1).can_agree_end and table.view(1).can_decline_end
    plain = view_for(table.game, 0)  # without the table, no proposal: only what the game knows
    assert plain.goes_nowhere and not plain.end_pending


def test_a_current_game_document_keeps_the_count() -> None:
    """Schema 3 stores the rebuilds since the last meld or lay-off: a game that goes nowhere loads so."""
    table = started()
    quiet_deal(table.game)
    churn(table, rebuilt(table, 2))
    text = dumps(table.game)
    loaded = loads(text)
    assert current(loaded).quiet_refills == 2 and current(loaded).goes_nowhere and dumps(loaded) == text


@pytest.mark.parametrize(("run", "quiet"), [(None, 2), ("7H 8H 9H", 0)])
def test_an_older_game_document_derives_the_count(run: str | None, quiet: int) -> None:
    """A schema 2 deal had no count: with no meld on the table every rebuild was quiet; with one,
    none is counted (the deal goes nowhere after two more)."""
    table = started()
    quiet_deal(table.game, run=run)
    churn(table, rebuilt(table, 2))
    data = game_to_json(table.game)
    data["schema"] = 2
    del data["deal"]["quiet_refills"]
    loaded = loads(json.dumps(data))
    assert current(loaded).refills == 2 and current(loaded).quiet_refills == quiet
    assert current(loaded).goes_nowhere is (quiet == 2)


def test_an_older_table_document_loads_with_no_proposal() -> None:
    """A schema 2 table document had no end_vote: it loads with none and is written at the current schema."""
    doc = started().to_json()
    doc["table_schema"] = 2
    del doc["end_vote"]
    doc["game"]["schema"] = 2
    del doc["game"]["deal"]["quiet_refills"]
    table = Table.from_json(json.loads(json.dumps(doc)))
    assert table.end_vote is None and table.to_json()["table_schema"] == TABLE_SCHEMA


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(["basic", "rummy100", "rami51"]),
    n=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_cards_are_conserved_through_a_stalled_deal_end(preset: str, n: int, seed: int) -> None:
    """A real seeded deal whose players only draw and discard goes nowhere after two rebuilds; ended
    by agreement, it still holds exactly the pack, as does the next deal."""
    rules = PRESETS[preset]
    game, _ = Game.new(rules, players(n), seed=seed)
    deal = current(game)
    pack = pack_keys(rules, n)
    churn_game(game, lambda: deal.goes_nowhere or deal.over)
    assert deal.goes_nowhere and deal.refills == 2 and physical_cards(game) == pack
    events = game.end_by_agreement()
    assert kinds(events) == ["deal_over", "deal_started"]
    assert deal.outcome is not None and deal.outcome.reason is DealEnd.AGREED and deal.outcome.scoreless
    held = [c.key for c in deal.stock + deal.discard] + [c.key for h in deal.hands.values() for c in h]
    held += [c.key for t in deal.melds for c in t.meld.cards]
    assert sorted(held) == sorted(pack.elements())
    assert current(game) is not deal and physical_cards(game) == pack
