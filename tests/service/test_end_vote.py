"""The service's end votes (rummy.stall): each is a committed change with its kind, its seat and its
events; the private view shows the proposal; a refusal changes nothing."""

from __future__ import annotations

import pytest

from data import ActionWrite, Database
from rummy.errors import CannotEndDeal
from service.games import GameService
from service.model import ChangeKind, Who
from tests.cogs.conftest import CHANNEL, GUILD
from tests.rummy.stall_support import stalled_state

HOST, GUEST = Who(1, "Host"), Who(2, "Guest")


async def stalled(db: Database) -> GameService:
    """A started 2-player basic game whose deal goes nowhere, stored."""
    service = GameService(db, seed=lambda: 1)
    await service.create(GUILD, CHANNEL, HOST, "basic")
    await service.join(CHANNEL, GUEST)
    await service.start(CHANNEL, HOST)
    row = await db.games.get_active(CHANNEL)
    assert row is not None
    _table, state = stalled_state(row.state_json)
    await db.games.save_action(ActionWrite(row.id, row.version, state, "playing", None, "rig", {}))
    return service


async def test_propose_then_agree_are_logged_changes_and_end_the_deal(db: Database) -> None:
    service = await stalled(db)
    proposed = await service.propose_end(CHANNEL, GUEST)
    assert proposed.kind is ChangeKind.END_PROPOSE and proposed.seat == 1
    assert [e.kind for e in proposed.events] == ["end_proposed"] and proposed.events[0].detail == {"waiting": [0]}
    view = (await service.private_view(CHANNEL, HOST.id)).view
    assert view.end_proposer == 1 and view.can_agree_end and view.end_waiting == (0,)
    agreed = await service.agree_end(CHANNEL, HOST)
    assert agreed.kind is ChangeKind.END_AGREE and agreed.new_turn
    assert [e.kind for e in agreed.events] == ["end_agreed", "deal_over", "deal_started"]
    logged = [a.kind for a in await db.games.actions(agreed.game.game_id)]
    assert logged[-2:] == ["end_propose", "end_agree"]


async def test_a_decline_withdraws_and_a_refusal_stores_nothing(db: Database) -> None:
    service = await stalled(db)
    await service.propose_end(CHANNEL, HOST)
    declined = await service.decline_end(CHANNEL, GUEST)
    assert declined.kind is ChangeKind.END_DECLINE and declined.table.end_vote is None
    version = declined.game.version
    with pytest.raises(CannotEndDeal) as caught:
        await service.agree_end(CHANNEL, GUEST)
    assert caught.value.key == "end_not_proposed"
    assert (await service.current(CHANNEL)).version == version
