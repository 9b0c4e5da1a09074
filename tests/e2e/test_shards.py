"""Two bot processes, one database: each plays the games of its own shard, and a crash loses nothing.

Two real ``python bot.py`` processes run shard 0 and shard 1 of two (``RAMI_SHARD_COUNT=2``,
``RAMI_SHARDS=0`` and ``1``) against one store and a fake Discord that shards like Discord does.
A game is played in a server of each shard, at the same time; the fake says which process made
every REST call (its pid), so the test checks that each game's replies, boards and computer moves
all came from the process of its shard. Shard 1's process is killed with SIGKILL just after it
confirmed a move, and started again: the move is saved, the other process never touched that game,
both games finish, and each server's leaderboard holds its own players' one game.

The store is the ``shared_store`` fixture, both ways: a SQLite file in WAL mode (two processes on
one machine share it), and a PostgreSQL database on the suite's own server.
"""

from __future__ import annotations

import signal
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import pytest_asyncio

from rummy import actions as act
from rummy.ai import choose_action
from rummy.deal import Phase
from rummy.view import view_for
from service.catalog import text
from tests.e2e.conftest import BOT_SCRIPT, stop_cleanly, until_ready
from tests.e2e.gamedb import GameDb, Snapshot
from tests.e2e.session import TableSession
from tests.e2e.test_games import SHORT
from tests.fakediscord import BotProcess, Driver, FakeChannel, FakeDiscord, FakeGuild, FakeUser

SKIPPED_SYNC = "commands are synced by the process that runs shard 0"


@dataclass(frozen=True)
class SharedStore:
    """What the bot processes share: ``env`` points a bot at the store, ``db`` reads it for the test."""

    env: dict[str, str]
    db: GameDb


@pytest.fixture(params=["sqlite", "postgres"])
def shared_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[SharedStore]:
    """One store for several bot processes: a SQLite file in WAL mode, or a PostgreSQL database
    (new and empty: the first process migrates it) on the suite's own server."""
    if request.param == "sqlite":
        path = tmp_path / "rami.sqlite3"
        yield SharedStore({"RAMI_DB_PATH": str(path)}, GameDb(path))
        return
    from tests.e2e.pgdb import PgGameDb  # asyncpg: only with PostgreSQL

    url = request.getfixturevalue("new_postgres_database")(migrated=False)
    reader = PgGameDb(url)
    try:
        yield SharedStore({"RAMI_DATABASE_URL": url, "RAMI_DB_PATH": str(tmp_path / "unused.sqlite3")}, reader)
    finally:
        reader.close()


@dataclass
class Place:
    """A server of one shard, its game channel and the two people who play there."""

    shard: int
    guild: FakeGuild
    channel: FakeChannel
    people: tuple[FakeUser, FakeUser]


@dataclass
class Deployment:
    """The fake Discord, a server on each of its two shards, and a bot process for each shard."""

    fake: FakeDiscord
    driver: Driver
    store: SharedStore
    places: tuple[Place, Place]
    processes: tuple[BotProcess, BotProcess]
    pids: tuple[set[int], set[int]]  # every pid each shard's process has had

    def started(self, shard: int) -> None:
        pid = self.processes[shard].pid
        assert pid is not None
        self.pids[shard].add(pid)


@pytest_asyncio.fixture
async def deployment(shared_store: SharedStore) -> AsyncIterator[Deployment]:
    """Both processes connected; shard 0's synced the commands (globally: no dev server)."""
    async with FakeDiscord(shard_count=2) as fake:
        d = Driver(fake, timeout=15.0, settle=0.02)
        users = [d.user(name) for name in ("alice", "bob", "carol", "dave")]
        places = []
        for shard, people in ((0, users[:2]), (1, users[2:])):
            guild = d.guild(f"Shard {shard} club", shard=shard)
            for user in people:
                d.member(guild, user)
            places.append(Place(shard, guild, d.text_channel(guild, "rami"), (people[0], people[1])))
        env = {**shared_store.env, "RAMI_SHARD_COUNT": "2", "RAMI_LOG_LEVEL": "INFO"}
        first = BotProcess(fake, BOT_SCRIPT, env={**env, "RAMI_SHARDS": "0"})
        second = BotProcess(fake, BOT_SCRIPT, env={**env, "RAMI_SHARDS": "1"})
        world = Deployment(fake, d, shared_store, (places[0], places[1]), (first, second), (set(), set()))
        await first.start()  # migrates the new database and syncs the commands
        world.started(0)
        await second.start(wait_sync=False)  # shard 1's process never syncs
        world.started(1)
        try:
            yield world
        finally:
            for process in (second, first):
                if process.running:
                    await stop_cleanly(process)
        assert not fake.unknown_routes, fake.unknown_routes
        assert not fake.errors, f"the fake refused some of the bots' requests: {fake.errors}"


async def drawing_turn(session: TableSession) -> Snapshot:
    """Play on until a person is to draw."""
    snap = await session.persons_turn()
    while snap.table.game.deal.phase is not Phase.DRAW:  # type: ignore[union-attr]
        assert await session.step() is not None, "the game ended too early"
        snap = await session.persons_turn()
    return snap


async def draw_then_crash(session: TableSession, process: BotProcess) -> Snapshot:
    """The person to move draws by typing; the process is killed the moment it confirms the draw."""
    snap = await drawing_turn(session)
    table = snap.table
    assert table.game is not None and table.turn is not None
    mover = session.user_at(table.turn, snap)
    assert mover is not None
    draw = choose_action(view_for(table.game, table.turn), "normal", session.rng)
    assert isinstance(draw, act.Draw)
    pending = await session.driver.slash(mover, session.channel, "draw", source=draw.source.value, _wait=False)
    await session.driver.state.wait_until(
        lambda: pending.interaction.first_reply_at is not None, 15, "the draw's confirmation"
    )
    await process.kill(signal.SIGKILL)
    confirmed = session.read()
    assert confirmed.version == snap.version + 1, "a confirmed move must be durable"
    log = session.db.actions(session.game_id)
    assert (log[-1].seq, log[-1].actor_id, log[-1].kind) == (confirmed.version, mover.id, "draw")
    return confirmed


def callers_by_guild(world: Deployment) -> dict[int, set[int | None]]:
    """The pids that made REST calls acting in each server (channel messages, replies, follow-ups)."""
    state = world.fake.state
    found: dict[int, set[int | None]] = {}
    for pid, _method, path in state.calls:
        guild = state.guild_of_call(path)
        if guild is not None:
            found.setdefault(guild, set()).add(pid)
    return found


async def test_two_processes_play_their_own_shards_and_survive_a_crash(deployment: Deployment) -> None:
    """Each game is played by its shard's process only; a SIGKILL loses no confirmed move, and both
    games finish with the right results and leaderboards."""
    world, d = deployment, deployment.driver
    first, second = world.processes
    assert world.fake.state.sync_count == 1, "the commands must be synced once, by shard 0's process"
    assert any(SKIPPED_SYNC in line for line in second.lines), second.log_text()
    assert {(s.pid, tuple(s.shard or ())) for s in world.fake.gateway.sessions.values()} == {
        (first.pid, (0, 2)),
        (second.pid, (1, 2)),
    }
    sessions = [
        TableSession(d, world.store.db, place.channel, place.people, style=style, seed=11 + place.shard)
        for place, style in zip(world.places, ("mixed", "slash"), strict=True)
    ]
    for shard, session in enumerate(sessions):  # a computer player at each table: moved by the timers
        d.process = world.processes[shard]  # a timeout shows this process's log
        await session.open("rami51", SHORT, ("easy",))
        await session.start()
    for _ in range(3):  # both tables in play at once
        for shard, session in enumerate(sessions):
            d.process = world.processes[shard]
            assert await session.step() is not None, "a game ended too early"

    confirmed = await draw_then_crash(sessions[1], second)
    d.process = first
    for _ in range(2):  # shard 0's table plays on while shard 1's process is down
        assert await sessions[0].step() is not None
    assert sessions[1].read().key == confirmed.key, "someone moved shard 1's game while its process was down"

    await second.start(wait_sync=False)
    world.started(1)
    assert world.fake.state.sync_count == 1
    await until_ready(second)
    since = max(i for i, line in enumerate(second.lines) if line.startswith("--- start #"))
    restarted = second.lines[since:]
    assert any("resumed 1 active table(s)" in line for line in restarted), "it must resume its own table only"
    assert any("in 1 server(s), shards 1 of 2" in line for line in restarted), second.log_text()
    assert sessions[1].read().key == confirmed.key, "the restart changed the saved game"

    for shard, session in enumerate(sessions):
        d.process = world.processes[shard]
        await session.play_to_end()
        await session.check_final_scores()

    callers = callers_by_guild(world)
    for place, pids in zip(world.places, world.pids, strict=True):
        assert callers[place.guild.id] == pids, f"shard {place.shard}'s server got calls from {callers}"
    assert len(world.pids[1]) == 2 and not world.pids[0] & world.pids[1]

    finished = [g for g in world.store.db.games() if g.status == "finished"]
    assert sorted(g.id for g in finished) == sorted(s.game_id for s in sessions)
    for place in world.places:
        board = await d.slash(place.people[0], place.channel, "leaderboard")
        lines = [line for line in board.text.splitlines() if " of 5 games" in line]
        for user in place.people:  # each person once, with this one game (provisional: fewer than 5)
            mine = [line for line in lines if f" {user.name}: " in line]
            assert len(mine) == 1 and ": 1 of 5 games" in mine[0], board.text
        others = [u.name for p in world.places if p is not place for u in p.people]
        assert not any(f" {name}: " in board.text for name in others), board.text
        assert text("en", "lb_bots") in board.text, board.text  # the computer player, apart
    for process in world.processes:
        process.assert_clean()
