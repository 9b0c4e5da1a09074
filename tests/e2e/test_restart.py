"""A crash in the middle of a deal loses nothing, and the buttons sent before it keep working."""

from __future__ import annotations

import signal

from rummy import actions as act
from rummy.ai import choose_action
from rummy.deal import Phase
from rummy.view import view_for
from service.catalog import text
from tests.e2e.conftest import World
from tests.e2e.moves import component_id, is_hand
from tests.e2e.secrecy import assert_no_leak
from tests.e2e.session import TableSession
from tests.e2e.test_games import SHORT
from tests.fakediscord import BotProcess


async def test_sigkill_mid_deal_then_finish(world: World, rami: BotProcess) -> None:
    """SIGKILL right after a move was confirmed: that move is saved, old buttons work, the game finishes."""
    d = world.driver
    people = [world.alice, world.bob]
    session = TableSession(d, world.db, world.channel, people, style="mixed", seed=7)
    await session.open("rami100", SHORT)
    await session.start()
    for _ in range(4):
        assert await session.step() is not None
    snap = await session.persons_turn()
    while snap.table.game.deal.phase is not Phase.DRAW:  # type: ignore[union-attr]
        assert await session.step() is not None, "the game ended before the crash"
        snap = await session.persons_turn()
    assert session.hands is not None and session.board is not None
    old_hands = dict(session.hands.latest)
    assert old_hands, "someone saw their hand before the crash"

    # The next move: a draw, typed; the bot is killed the moment it confirms it.
    table = snap.table
    assert table.game is not None and table.turn is not None and table.game.deal is not None
    seat = table.turn
    mover = session.user_at(seat, snap)
    assert mover is not None and table.game.deal.phase is Phase.DRAW
    draw = choose_action(view_for(table.game, seat), "normal", session.rng)
    assert isinstance(draw, act.Draw)
    pending = await d.slash(mover, world.channel, "draw", source=draw.source.value, _wait=False)
    await d.state.wait_until(lambda: pending.interaction.first_reply_at is not None, 15, "the draw's confirmation")
    await rami.kill(signal.SIGKILL)

    confirmed = session.read()
    assert confirmed.version == snap.version + 1, "a confirmed move must be durable"
    log = world.db.actions(session.game_id)
    assert (log[-1].seq, log[-1].actor_id, log[-1].kind) == (confirmed.version, mover.id, "draw")

    await rami.start()
    resumed = session.read()
    assert resumed.key == confirmed.key, "the restart changed the saved game"
    assert world.db.actions(session.game_id) == log

    # The public "My hand" button on the board posted before the crash still answers, privately.
    shown = await d.click(mover, session.board, component_id(session.board, f"rami:{session.game_id}:hand"))
    assert shown.ephemeral and is_hand(shown.message), shown.text
    hand_now = confirmed.table.game.deal.hands[seat]  # type: ignore[union-attr]
    assert text("en", "hand_title", n=len(hand_now)) in shown.text
    assert all(card.pretty in shown.message.embeds[0]["description"] for card in hand_now), shown.text
    # An ephemeral hand sent before the crash: its Refresh button still works too.
    other_id, old = next((uid, m) for uid, m in old_hands.items() if uid != mover.id)
    other = next(u for u in people if u.id == other_id)
    refreshed = await d.click(other, old, component_id(old, f"rami:{session.game_id}:refresh"))
    assert refreshed.callback_type == 7 and is_hand(refreshed.message), refreshed.text
    assert world.db.game(session.game_id).key == confirmed.key, "looking at a hand changed the game"

    await session.play_to_end()
    await session.check_final_scores()
    assert_no_leak(d, world.db, session.game_id, session.snapshots)
