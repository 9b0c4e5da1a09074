"""An expert at the table, through ``python bot.py``: it plays to the end, and a crash while it thinks loses nothing."""

from __future__ import annotations

import signal

from tests.e2e.conftest import World
from tests.e2e.secrecy import assert_no_leak
from tests.e2e.session import TableSession
from tests.e2e.test_games import SHORT
from tests.fakediscord import BotProcess


async def test_an_expert_plays_to_the_end_across_a_restart(world: World, rami: BotProcess) -> None:
    """A person against an expert: killed mid-deal, restarted, the game ends recorded."""
    session = TableSession(world.driver, world.db, world.channel, [world.alice], style="slash", seed=11)
    await session.open("basic", {**SHORT, "refill_limit": "1"}, ("expert",))
    await session.start()
    for _ in range(2):
        assert await session.step() is not None, "the game ended before the crash"
    before = session.read()
    expert_seat = next(s for s, p in enumerate(before.table.players) if p.bot_level == "expert")
    assert before.table.players[expert_seat].name == "Bot (expert)"
    moved = [a for a in world.db.actions(session.game_id) if a.kind == "bot" and a.payload["seat"] == expert_seat]
    assert moved, "the expert has played before the crash"

    await rami.kill(signal.SIGKILL)  # the computer players may be thinking: nothing confirmed is lost
    crashed = session.read()
    assert crashed.version >= before.version
    await rami.start()
    assert session.read().key == crashed.key, "the restart changed the saved game"

    await session.play_to_end()
    final = await session.check_final_scores()
    assert final.table.players[expert_seat].bot_level == "expert"
    assert_no_leak(world.driver, world.db, session.game_id, session.snapshots)
