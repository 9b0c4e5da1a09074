"""The ``expert`` computer level at the table, through ``python bot.py`` and the fake Discord only.

Alice plays a short game of ``basic`` (one deal) heads-up against ``/lobby addbot level:expert``,
whose decisions run in a worker process (:mod:`service.thinking`). The game ends and is recorded
with the seat shown as "Bot (expert)", and no hidden card is shown. Stopping the bot while the
expert thinks (Ctrl-C, then SIGKILL) loses nothing that was committed and leaves no worker process
behind; started again on the same database, the bot plays the game on to its end.

No expert move is waited for much longer than :class:`~service.thinking.Thinker` allows a decision:
:data:`MOVE_DEADLINE` is a deadline that only catches a table left waiting (or a move never made),
not a measure of speed. Whether a decision fell back to ``hard``'s move is not checked: on a busy
machine it may, by design.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import AsyncIterator, Callable

import pytest_asyncio

from rummy import actions as act
from rummy.ai import choose_action
from rummy.events import Phase
from rummy.view import view_for
from service.thinking import BUDGET_SECONDS, GRACE_SECONDS, START_SECONDS
from tests.e2e.conftest import BOT_SCRIPT, World, assert_fake_happy, stop_cleanly, until_ready
from tests.e2e.gamedb import ACTIVE, LoggedAction, Snapshot
from tests.e2e.secrecy import assert_no_leak
from tests.e2e.session import TableSession
from tests.e2e.test_games import SHORT
from tests.e2e.test_stop import all_gone, descendants, ended, parent_of
from tests.fakediscord import BotProcess, FakeDiscord

RULES = {**SHORT, "refill_limit": "0"}  # one deal, no pause before a computer move, no turn timer
EXPERT = "Bot (expert)"
# The longest the table may wait for one expert move: what the Thinker allows a decision (the
# first one of a bot process also starts the worker), the table's pause before a computer move, and
# a wide margin for a loaded two-core machine (a restart's connection, a fallback to hard's move).
MARGIN_SECONDS = 10.0
MOVE_DEADLINE = BUDGET_SECONDS + GRACE_SECONDS + START_SECONDS + float(RULES["bot_pause"]) + MARGIN_SECONDS
WAIT = 2 * MOVE_DEADLINE  # for a person's turn: the expert's moves of a turn come one after another


@pytest_asyncio.fixture
async def text_only(fake: FakeDiscord, world: World) -> AsyncIterator[BotProcess]:
    """``python bot.py`` as the ``rami`` fixture runs it, with pictures off: then the expert's thinking is
    the only worker process the bot starts (the pictures' has its own test in test_stop.py)."""
    process = BotProcess(fake, BOT_SCRIPT, env=world.bot_env(RAMI_PICTURES="off"))
    world.driver.process = process
    await process.start()
    yield process
    await stop_cleanly(process)
    assert_fake_happy(fake, world)


async def expert_table(world: World, style: str, seed: int) -> tuple[TableSession, int]:
    """Alice hosts ``basic`` with an expert, and starts it; returns the session and the expert's id
    in the action log and the results (a computer player's stable negative id)."""
    session = TableSession(world.driver, world.db, world.channel, [world.alice], style=style, seed=seed, wait=WAIT)
    await session.open("basic", RULES, ("expert",))
    lobby = session.read().table
    [seat] = [s for s, p in enumerate(lobby.players) if p.is_bot]
    assert lobby.players[seat].bot_level == "expert" and lobby.players[seat].name == EXPERT
    await session.board_shows(EXPERT)  # the lobby's board names the seat
    await session.start()
    return session, lobby.leaderboard_id(seat)


def expert_waits(world: World, game_id: int, expert_id: int, restarts: dict[int, float]) -> list[tuple[int, float]]:
    """(seq, seconds) for each of the expert's moves: how long after the commit before it (or after
    the bot was up again, for a restart in between) it was committed. ``restarts``: the first seq
    committed after a restart -> when the restarted bot was connected (UNIX seconds, as the log's)."""
    times = world.db.action_times(game_id)
    log = world.db.actions(game_id)
    assert [a.seq for a in log] == list(times)
    waits = []
    for row in log:
        if row.actor_id != expert_id:
            continue
        assert row.kind == "bot" and row.seq - 1 in times, row
        since = max([times[row.seq - 1], *(t for seq, t in restarts.items() if seq <= row.seq)])
        waits.append((row.seq, times[row.seq] - since))
    return waits


def check_game(
    world: World, session: TableSession, final: Snapshot, expert_id: int, restarts: dict[int, float]
) -> None:
    """The results name the expert as such; the expert moved, and never after its deadline."""
    results = world.db.results(session.game_id)
    assert [(r["user_id"], r["display_name"], r["is_bot"]) for r in results if r["is_bot"]] == [(expert_id, EXPERT, 1)]
    assert [r["user_id"] for r in results if not r["is_bot"]] == [world.alice.id]
    assert final.status == "finished"
    waits = expert_waits(world, session.game_id, expert_id, restarts)
    assert len(waits) >= 2 and session.moves >= 2, (waits, session.moves)
    late = [(seq, round(wait, 1)) for seq, wait in waits if wait > MOVE_DEADLINE]
    assert not late, f"expert moves (seq, seconds) committed over {MOVE_DEADLINE:.0f} s after the one before: {late}"
    assert_no_leak(world.driver, world.db, session.game_id, session.snapshots)


async def test_a_game_against_the_expert(world: World, rami: BotProcess) -> None:
    """Alice against an expert, typing and clicking: the expert moves between her moves, each time
    within its deadline; the game ends, recorded, with "Bot (expert)" in /scores and on the board."""
    session, expert_id = await expert_table(world, "mixed", seed=5)
    await session.play_to_end()
    final = await session.check_final_scores()  # /scores and the board's standings name "Bot (expert)"
    check_game(world, session, final, expert_id, {})


async def alice_to_discard(session: TableSession, ready: Callable[[], bool]) -> tuple[Snapshot, act.Discard]:
    """Play on until ``ready()`` holds and Alice's next move is a discard (the end of her turn: the
    expert thinks next); returns the game then and that discard, not made yet."""
    while True:
        snap = await session.persons_turn()
        assert snap.status in ACTIVE, "the game ended too soon"
        game, seat = snap.table.game, snap.table.turn
        assert game is not None and game.deal is not None and seat is not None
        if ready() and game.deal.phase is Phase.PLAY:
            action = choose_action(view_for(game, seat), "normal", session.rng)
            if isinstance(action, act.Discard):
                return snap, action
        assert await session.step() is not None, "the game ended too soon"


async def stopped_while_the_expert_thinks(
    world: World, session: TableSession, rami: BotProcess, ready: Callable[[], bool], *, graceful: bool
) -> list[LoggedAction]:
    """Once ``ready()``, Alice types a discard that ends her turn and, as soon as the bot confirms it
    (the expert thinking now), the bot is stopped: by one SIGINT (Ctrl-C), after which it must end by
    itself, cleanly, with 0; or by SIGKILL. Her move is in the log; every process the bot had
    started (the expert's worker among them) ends with it. Returns the log as committed then."""
    snap, discard = await alice_to_discard(session, ready)
    if graceful:
        await until_ready(rami)  # a signal before discord.py's ready is another matter (see until_ready)
    bot = rami.pid
    assert bot is not None
    processes = descendants(bot)
    assert any(parent_of(pid) != bot for pid in processes), f"no worker process of the expert among {processes}"
    d, alice = world.driver, world.alice
    pending = await d.slash(alice, world.channel, "discard", card=str(discard.card), _wait=False)
    await d.state.wait_until(lambda: pending.interaction.first_reply_at is not None, WAIT, "the discard's confirmation")
    os.kill(bot, signal.SIGINT if graceful else signal.SIGKILL)
    await ended(rami)
    await all_gone(processes)  # before reading the bot's output: a process left would hold its pipes open
    code = await rami.kill()
    if graceful:
        assert code == 0
        rami.assert_clean()

    confirmed = session.read()
    log = world.db.actions(session.game_id)
    assert log[-1].seq == confirmed.version > snap.version
    mine = [(a.actor_id, a.kind) for a in log if a.seq == snap.version + 1]
    assert mine == [(alice.id, "discard")], "a confirmed move must be durable"
    return log


async def test_the_bot_stopped_while_the_expert_thinks(world: World, text_only: BotProcess) -> None:
    """The bot is stopped by Ctrl-C while the expert thinks and started again, then SIGKILLed while it
    thinks again and started again: nothing committed is lost, no worker process is left behind, and
    the game goes on from where it was to its end."""
    rami = text_only
    session, expert_id = await expert_table(world, "slash", seed=11)
    restarts: dict[int, float] = {}
    logs: list[list[LoggedAction]] = []

    def expert_moves() -> int:
        return sum(a.actor_id == expert_id for a in world.db.actions(session.game_id))

    async def restart() -> None:
        await rami.start()
        restarts[logs[-1][-1].seq + 1] = time.time()
        for before in logs:
            assert world.db.actions(session.game_id)[: len(before)] == before, "a restart changed what was committed"

    logs.append(await stopped_while_the_expert_thinks(world, session, rami, lambda: expert_moves() >= 2, graceful=True))
    await restart()
    again = expert_moves() + 2  # the restarted bot's expert has thought (its worker runs) before the kill
    ready = lambda: expert_moves() >= again  # noqa: E731
    logs.append(await stopped_while_the_expert_thinks(world, session, rami, ready, graceful=False))
    await restart()

    await session.play_to_end()
    final = await session.check_final_scores()
    for before in logs:
        assert world.db.actions(session.game_id)[: len(before)] == before
    assert expert_moves() > sum(a.actor_id == expert_id for a in logs[-1]), "the expert never moved after the restarts"
    check_game(world, session, final, expert_id, restarts)
