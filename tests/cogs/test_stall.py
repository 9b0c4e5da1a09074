"""A deal that goes nowhere, through the buttons: the offer on the board and the turn message, the
proposal, the agreements, a decline, computer players who always agree, and refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

from data import ActionWrite
from rummy.scoring import DealEnd
from rummy.table import Table
from service.catalog import translator
from tests.cogs.conftest import ALICE, BOB, CHANNEL, CHLOE, MALLORY, Harness, Result, User
from tests.cogs.test_forged import assert_stale
from tests.e2e.gamedb import GameDb
from tests.rummy.engine_support import current
from tests.rummy.stall_support import stalled_state

PROPOSE, AGREE, DECLINE = "rami:1:endp", "rami:1:enda", "rami:1:endd"
STALLED = translator("en")("ev_deal_stalled")


async def stored_stall(h: Harness, rebuilds: int = 2) -> Table:
    """The started table's deal set up so that each player holds an ace nothing takes, played
    (draw, discard) until its stock was rebuilt ``rebuilds`` times; stored as the game's state."""
    row = await h.db.games.get_active(CHANNEL)
    assert row is not None
    table, state = stalled_state(row.state_json, rebuilds)
    await h.db.games.save_action(ActionWrite(row.id, row.version, state, "playing", None, "rig", {}))
    return table


def public(r: Result) -> str:
    """What the channel read: public replies, and the turn lines sent or edited meanwhile."""
    return "\n".join(s.text for s in [*r.public, *r.channel])


def end_ids(ids: list[str]) -> list[str]:
    return [i for i in ids if i.split(":")[-1].startswith("end")]


async def test_both_agree_and_the_deal_ends_with_nobody_scoring(h: Harness, db_path: Path) -> None:
    """Alice proposes by the board's button; the channel reads who is still to agree, with Agree and
    Keep playing; Bob agrees: the deal ends, nobody scores, deal 2 is dealt and the buttons go."""
    await h.open_table(ALICE, BOB)
    await stored_stall(h)
    proposed = await h.click(ALICE, PROPOSE, on_ephemeral=False)
    assert len(proposed.public) == 1 and not proposed.private
    assert "Alice proposes to end this deal. Still to agree: Bob." in public(proposed)
    assert end_ids(proposed.public[0].custom_ids) == [AGREE, DECLINE]
    board = h.board_message()
    assert "Alice proposed to end it. Still to agree: Bob." in board.text
    assert end_ids(board.custom_ids) == [AGREE, DECLINE]

    agreed = await h.click(BOB, AGREE, on_ephemeral=False)
    text = public(agreed)
    assert "Bob agrees to end this deal." in text
    assert "The deal is over: the players agreed to end it." in text
    assert "Deal 2:" in text and "it's your turn" in text
    table = await h.table()
    assert table.game.scores == [0, 0] and current(table.game).number == 2
    assert table.game.history[-1].outcome.reason is DealEnd.AGREED and table.end_vote is None
    assert end_ids(agreed.public[0].custom_ids) == [] and end_ids(h.board_message().custom_ids) == []
    kinds = [a.kind for a in GameDb(db_path).actions(1)]
    assert kinds[-2:] == ["end_propose", "end_agree"]


async def test_a_decline_withdraws_the_proposal_and_the_offer_stays(h: Harness) -> None:
    """Bob keeps playing: the proposal is withdrawn, the deal goes on (still going nowhere: the End
    button is offered again), and an agreement now is refused privately."""
    await h.open_table(ALICE, BOB)
    await stored_stall(h)
    await h.click(ALICE, PROPOSE, on_ephemeral=False)
    declined = await h.click(BOB, DECLINE, on_ephemeral=False)
    assert "Bob wants to keep playing: the proposal to end this deal is withdrawn." in public(declined)
    assert end_ids(declined.public[0].custom_ids) == [PROPOSE]
    table = await h.table()
    assert table.end_vote is None and current(table.game).number == 1 and not current(table.game).over
    late = await h.click(BOB, AGREE, on_ephemeral=False)
    assert late.first.ephemeral and late.text == "Nobody has proposed to end this deal."
    twice = await h.click(ALICE, PROPOSE, on_ephemeral=False)
    assert not twice.private
    again = await h.click(BOB, PROPOSE, on_ephemeral=False)
    assert again.first.ephemeral and again.text == "Alice has already proposed to end this deal: agree or decline."
    mine = await h.click(ALICE, AGREE, on_ephemeral=False)
    assert mine.first.ephemeral and mine.text == "You have already agreed to end this deal."


async def test_with_a_computer_player_the_persons_proposal_ends_the_deal(h: Harness) -> None:
    """Computer players always agree: Alice's proposal alone ends the deal, and play goes on."""
    await h.slash(ALICE, "lobby create", preset="basic")
    await h.slash(ALICE, "lobby addbot", level="easy")
    await h.slash(ALICE, "lobby start")
    await stored_stall(h)
    r = await h.click(ALICE, PROPOSE, on_ephemeral=False)
    text = public(r)
    assert "Alice ends this deal (the computer players always agree)." in text
    assert "the players agreed to end it" in text and "Deal 2:" in text
    table = await h.table()
    assert table.game.history[-1].outcome.reason is DealEnd.AGREED and table.game.scores == [0, 0]


async def test_the_offer_comes_only_once_the_deal_goes_nowhere(h: Harness) -> None:
    """After one quiet rebuild there is no End button and a forged click is refused with the count;
    the turn message of the second rebuild says the deal goes nowhere and offers the button, and the
    board shows it too."""
    await h.open_table(ALICE, BOB)
    await stored_stall(h, rebuilds=1)
    early = await h.click(BOB, PROPOSE, on_ephemeral=False)
    assert early.first.ephemeral and "(1 so far)" in early.text
    seen: list[Result] = []
    for _ in range(40):
        table = await h.table()
        if current(table.game).goes_nowhere:
            break
        assert end_ids(h.board_message().custom_ids) == []
        user = ALICE if table.players[table.turn].id == str(ALICE.id) else BOB
        seen.append(await h.slash(user, "draw"))
        drawn = (await h.view(user)).drawn
        seen.append(await h.slash(user, "discard", card=str(drawn)))
    else:
        raise AssertionError("the deal never went nowhere")
    told = [r for r in seen if STALLED in public(r)]
    assert len({s.message_id for r in told for s in r.channel if STALLED in s.text}) == 1  # one turn's message
    assert STALLED not in "\n".join(s.text for r in told for s in r.public)
    assert PROPOSE in [i for s in [*told[0].public, *told[0].channel] for i in s.custom_ids]
    assert end_ids(h.board_message().custom_ids) == [PROPOSE]
    assert "any player may press **End this deal**" in h.board_message().text


@pytest.mark.parametrize("custom_id", ["rami:1:endp:x", "rami:x:enda", "rami:1:endd:", "rami::endp"])
async def test_forged_end_ids_are_refused_and_change_nothing(h: Harness, db_path: Path, custom_id: str) -> None:
    await h.open_table(ALICE, BOB)
    await stored_stall(h)
    before = GameDb(db_path).everything()
    assert_stale(await h.click(ALICE, custom_id, on_ephemeral=False))
    assert GameDb(db_path).everything() == before


@pytest.mark.parametrize(
    ("user", "text"),
    [(MALLORY, translator("en")("rules.not_seated")), (CHLOE, translator("fr")("rules.end_not_dealt"))],
)
async def test_someone_not_in_the_deal_is_refused_privately(h: Harness, user: User, text: str) -> None:
    """Mallory is not seated; Chloé is seated but was not dealt in (she left): both are told
    privately, in their language, and nothing changes."""
    await h.open_table(ALICE, BOB, CHLOE)
    await stored_stall(h)
    if user is CHLOE:
        await h.slash(CHLOE, "lobby leave")
    r = await h.click(user, PROPOSE, on_ephemeral=False)
    assert r.first.ephemeral and r.text == text
    assert (await h.table()).end_vote is None
