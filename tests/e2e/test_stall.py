"""A deal that goes nowhere, through the real process: the board offers "End this deal", one person
proposes, the other agrees, and the next deal is dealt with nobody scoring."""

from __future__ import annotations

from data import ActionWrite, Database
from rummy.scoring import DealEnd
from tests.e2e.conftest import World
from tests.e2e.moves import component_id
from tests.e2e.session import TableSession
from tests.fakediscord import BotProcess
from tests.rummy.stall_support import stalled_state


async def stall_stored(world: World, game_id: int) -> None:
    """Rewrite the stored deal (the bot stopped) so that it has gone nowhere: two quiet rebuilds."""
    db = await Database.open(world.db_path)
    try:
        row = await db.games.get(game_id)
        assert row is not None
        _table, state = stalled_state(row.state_json)
        await db.games.save_action(ActionWrite(row.id, row.version, state, "playing", None, "rig", {}))
    finally:
        await db.close()


async def test_a_stalled_deal_is_ended_by_agreement(world: World, rami: BotProcess) -> None:
    d, channel = world.driver, world.channel
    session = TableSession(d, world.db, channel, [world.alice, world.bob], seed=3)
    await session.open("basic", {"bot_pause": "0", "turn_timer": "0"})
    await session.start()
    await rami.stop()
    await stall_stored(world, session.game_id)
    await rami.start()

    snap = session.read()
    assert snap.table.turn is not None
    mover = session.user_at(snap.table.turn, snap)
    assert mover is not None
    drew = await d.slash(mover, channel, "draw")
    assert drew.ephemeral and "You drew" in drew.text, drew.text  # the channel reads it in the turn's message
    endp = f"rami:{session.game_id}:endp"
    board = await session.board_shows(endp)
    assert "End this deal" in board.text

    proposed = await d.click(world.alice, board, component_id(board, endp))
    assert not proposed.ephemeral, proposed.text
    assert "alice proposes to end this deal. Still to agree: bob." in proposed.text
    message = proposed.message
    outsider = await d.click(world.erin, message, component_id(message, f"rami:{session.game_id}:enda"))
    assert outsider.ephemeral and "You are not playing at this table." in outsider.text
    agreed = await d.click(world.bob, message, component_id(message, f"rami:{session.game_id}:enda"))
    assert not agreed.ephemeral and "the players agreed to end it" in agreed.text, agreed.text
    assert "Deal 2:" in agreed.text

    final = session.read()
    game = final.table.game
    assert game is not None and game.scores == [0, 0] and game.deal is not None and game.deal.number == 2
    assert game.history[-1].outcome.reason is DealEnd.AGREED
    kinds = [a.kind for a in world.db.actions(session.game_id)]
    assert kinds[-2:] == ["end_propose", "end_agree"]
