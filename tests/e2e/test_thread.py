"""The game in a thread (``/lobby set thread yes``, issue 22 point 1), through the real process and
the fake Discord: the bot opens a public thread on the table's message at the start, the whole game
is told there (after a restart too), buttons and commands typed in the thread play the table, which
stays stored under the parent channel; without Create Public Threads the game stays in the channel."""

from __future__ import annotations

from tests.e2e.conftest import World
from tests.e2e.moves import component_id
from tests.e2e.session import TableSession
from tests.fakediscord import BotProcess

SHORT = {"bot_pause": "0", "turn_timer": "0", "game_end": "deals", "game_length": "1", "refill_limit": "0"}
CREATE_PUBLIC_THREADS = 1 << 35


async def test_a_whole_game_in_a_thread(world: World, rami: BotProcess) -> None:
    d, channel = world.driver, world.channel
    session = TableSession(d, world.db, channel, [world.alice, world.bob], style="mixed", seed=5)
    await session.open("basic", {**SHORT, "thread": "yes"})
    lobby = session.lobby
    assert lobby is not None
    start = component_id(lobby, f"rami:{session.game_id}:start")
    started = await d.click(session.host, lobby, start)
    assert started.ephemeral and started.text == f"The game is played in <#{lobby.id}>.", started.text
    await session.board_shows(f"rami:{session.game_id}:hand")  # the table's message, redrawn as the game
    thread = d.state.channels[lobby.id]  # opened on the table's message: it has its id
    assert thread.is_thread and thread.parent_id == channel.id
    await d.state.wait_until(
        lambda: any("The game starts" in m.text for m in d.public_messages(thread)), 10, "the start in the thread"
    )
    first = next(m for m in d.public_messages(thread) if "The game starts" in m.text)
    mover = session.user_at(session.read().table.turn or 0, session.read())
    assert mover is not None and mover.id in first.pings.users
    assert world.db.game(session.game_id).channel_id == channel.id  # stored under its channel
    in_parent = len(d.public_messages(channel))

    session.channel = thread  # from now on everyone plays in the thread
    for _ in range(6):
        assert await session.step() is not None
    await rami.restart()  # the thread is found again from the table's message
    await session.play_to_end()
    await session.check_final_scores()
    assert len(d.public_messages(channel)) == in_parent  # the channel got nothing new: the board is edited
    assert any("The game is over" in m.text for m in d.public_messages(thread))


async def test_without_the_permission_the_game_stays_in_the_channel(world: World, rami: BotProcess) -> None:
    d, channel = world.driver, world.channel
    d.overwrite(channel, d.bot_role(world.guild), deny=CREATE_PUBLIC_THREADS)
    session = TableSession(d, world.db, channel, [world.alice, world.bob], seed=6)
    await session.open("basic", {**SHORT, "thread": "yes"})
    await session.start()  # public, in the channel
    assert any("I may not open a thread here" in m.text for m in d.ephemeral_for(session.host))
    assert not [c for c in d.state.channels.values() if c.is_thread]
    assert await session.step() is not None
