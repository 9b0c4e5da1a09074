"""Shards: which shards a process runs, the games it resumes, and the one process that syncs."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from unittest.mock import AsyncMock

import pytest
import pytest_asyncio

import bot as rami_bot
from bot import COMMANDS_HASH_KEY, ConfigError, RamiBot, Settings
from cogs.ui.shards import Shards, parse_shards, shard_of
from data import MetaStore
from tests.cogs.conftest import ALICE, Clock, Harness

# Server ids as Discord makes them: the shard is read from the bits above the low 22.
SHARD0_GUILD = (1_000_000 << 22) | 12_345
SHARD1_GUILD = (1_000_001 << 22) | 12_345


@pytest.mark.parametrize(
    ("count", "ids", "expected"),
    [
        ("", "", Shards()),
        ("4", "", Shards(4)),
        (" 4 ", "0-3", Shards(4, (0, 1, 2, 3))),
        ("4", "0,2", Shards(4, (0, 2))),
        ("8", "1, 4-5 ,7", Shards(8, (1, 4, 5, 7))),
        ("2", "1", Shards(2, (1,))),
    ],
)
def test_shard_settings_are_read(count: str, ids: str, expected: Shards) -> None:
    """RAMI_SHARD_COUNT and RAMI_SHARDS take a count and ids as ranges and lists."""
    assert parse_shards(count, ids) == expected


@pytest.mark.parametrize(
    ("count", "ids", "message"),
    [
        ("many", "", "RAMI_SHARD_COUNT must be a number of shards (1 or more), not 'many'."),
        ("0", "", "RAMI_SHARD_COUNT must be a number of shards (1 or more), not '0'."),
        ("", "0-3", "RAMI_SHARDS needs RAMI_SHARD_COUNT: how many shards the bot has in all."),
        ("4", "0-4", "RAMI_SHARDS must be shard ids from 0 to 3 (RAMI_SHARD_COUNT=4), not '0-4'."),
        ("4", "3-1", "RAMI_SHARDS must be shard ids like 0-3 or 0,2, not '3-1'."),
        ("4", "one", "RAMI_SHARDS must be shard ids like 0-3 or 0,2, not 'one'."),
        ("4", "0,,1", "RAMI_SHARDS must be shard ids like 0-3 or 0,2, not '0,,1'."),
        ("4", "-1", "RAMI_SHARDS must be shard ids like 0-3 or 0,2, not '-1'."),
        ("4", "0-2,2", "RAMI_SHARDS names a shard twice: '0-2,2'."),
    ],
)
def test_wrong_shard_settings_are_one_clear_line(count: str, ids: str, message: str) -> None:
    """A wrong shard setting is refused at start with one line naming the variable."""
    env = {"DISCORD_TOKEN": "t", "RAMI_SHARD_COUNT": count, "RAMI_SHARDS": ids}
    with pytest.raises(ConfigError) as refused:
        Settings.from_env(env)
    assert str(refused.value) == message


def test_a_server_belongs_to_one_shard() -> None:
    """Discord's rule: (guild_id >> 22) % shard_count; a process owns the servers of its shards."""
    assert (shard_of(SHARD0_GUILD, 2), shard_of(SHARD1_GUILD, 2)) == (0, 1)
    assert shard_of(SHARD1_GUILD, 1) == 0
    second = Shards(2, (1,))
    assert not second.owns(SHARD0_GUILD) and second.owns(SHARD1_GUILD) and not second.all
    for everything in (Shards(), Shards(2), Shards(2, (1, 0))):
        assert everything.all and everything.owns(SHARD0_GUILD) and everything.owns(SHARD1_GUILD)


def test_shards_read_plainly_in_the_log() -> None:
    """The ready line names the shards run here."""
    assert [str(s) for s in (Shards(), Shards(4), Shards(4, (0, 2)))] == ["automatic", "all of 4", "0,2 of 4"]


def test_only_the_process_with_shard_0_syncs() -> None:
    """Shard 0's process syncs (and one process running every shard); the others do not."""
    assert Shards().syncs and Shards(4).syncs and Shards(4, (0, 1)).syncs
    assert not Shards(4, (1, 2, 3)).syncs


def test_the_bot_runs_the_shards_it_is_given() -> None:
    """RamiBot hands its shard count and ids to discord.py's AutoShardedBot; unset, discord.py chooses."""
    manual = RamiBot(Settings.from_env({"DISCORD_TOKEN": "t", "RAMI_SHARD_COUNT": "4", "RAMI_SHARDS": "1-2"}))
    assert (manual.shard_count, manual.shard_ids, manual.own_shards) == (4, [1, 2], Shards(4, (1, 2)))
    automatic = RamiBot(Settings("t"))
    assert (automatic.shard_count, automatic.shard_ids) == (None, None)


async def test_resume_starts_only_the_games_of_its_own_shards(h: Harness, clock: Clock) -> None:
    """A process for shard 1 resumes and expires only shard 1's lobby; shard 0's is not its to touch."""
    await h.slash(ALICE, "lobby create", guild=SHARD0_GUILD, channel=501)
    await h.slash(ALICE, "lobby create", guild=SHARD1_GUILD, channel=502)
    await h.close()
    clock.advance(31 * 60)  # both lobbies are past their expiry
    second = Harness(h.db)
    second.timers.guilds = Shards(2, (1,)).owns  # as bot.py wires a process with RAMI_SHARDS=1
    try:
        assert await second.timers.resume() == 1
        await second.settle()
        assert await h.db.games.get_active(502) is None, "its own expired lobby stayed open"
        assert await h.db.games.get_active(501) is not None, "it expired another shard's lobby"
        told = [s.text for s in second.outbox if s.where == "channel"]
        assert len(told) == 1 and "Nobody started this table" in told[0], told  # one channel told, once
    finally:
        await second.close()
    first = Harness(h.db)
    first.timers.guilds = Shards(2, (0,)).owns
    try:
        assert await first.timers.resume() == 1
        await first.settle()
        assert await h.db.games.get_active(501) is None
    finally:
        await first.close()


@pytest.fixture
def tmp_db(tmp_path: Path) -> Path:
    return tmp_path / "r.db"


async def offline(settings: Settings) -> RamiBot:
    """A RamiBot with its services and cogs, never logged in; its tree's sync is recorded."""
    client = RamiBot(settings)
    await client.open_services()
    await client.load_cogs()
    client.tree.sync = AsyncMock(return_value=[])  # type: ignore[method-assign]
    return client


async def shut(client: RamiBot) -> None:
    for extension in rami_bot.EXTENSIONS:
        await client.unload_extension(extension)
    await client.remove_cog("Timers")
    assert client.db is not None
    await client.db.close()


@pytest_asyncio.fixture
async def two_processes(tmp_db: Path) -> AsyncIterator[tuple[RamiBot, RamiBot]]:
    """The processes of shard 1 and shard 0 of two, on one database."""
    second = await offline(Settings("t", tmp_db, shards=Shards(2, (1,))))
    first = await offline(Settings("t", tmp_db, shards=Shards(2, (0,))))
    try:
        yield second, first
    finally:
        await shut(first)
        await shut(second)


async def test_commands_are_synced_once_by_shard_0s_process(two_processes: tuple[RamiBot, RamiBot]) -> None:
    """Of two processes, shard 1's never syncs nor touches the command hash; shard 0's syncs once."""
    second, first = two_processes
    assert first.db is not None
    meta = MetaStore(first.db)
    await second.sync_commands()
    assert second.tree.sync.await_count == 0 and await meta.get(COMMANDS_HASH_KEY) is None
    await first.sync_commands()
    await second.sync_commands()
    await first.sync_commands()  # a restart with the same commands: the hash says no
    assert first.tree.sync.await_count == 1 and second.tree.sync.await_count == 0
    assert await meta.get(COMMANDS_HASH_KEY) is not None


async def test_the_dev_server_is_synced_by_shard_0s_process_only(two_processes: tuple[RamiBot, RamiBot]) -> None:
    """With RAMI_DEV_GUILD too, only the process that runs shard 0 syncs."""
    second, first = two_processes
    for process in (second, first):
        process.settings = Settings("t", process.settings.db_path, dev_guild=42, shards=process.own_shards)
        await process.sync_commands()
    assert second.tree.sync.await_count == 0
    assert [c.kwargs["guild"].id for c in first.tree.sync.await_args_list] == [42]
