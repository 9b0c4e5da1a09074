# ruff: noqa: E402
"""The PostgreSQL store's own guarantees, on the session's real server: several processes (here,
several stores, each with its own pool) on one database, the schema's book, the stored text."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime

import pytest
import pytest_asyncio

from tests.stores import skip_module_without_postgres

skip_module_without_postgres()  # before asyncpg is imported

import asyncpg

from data import ActionWrite, ChannelBusy, GameRow, PlayerResult, SchemaError, StaleState
from data.postgres import PostgresStore, load_postgres_migrations
from data.ratings import Rating

from .conftest import CHANNEL, GUILD, HOST, state

ALICE, BOB, CHLOE = 11, 22, 33


@pytest.fixture
def url(new_postgres_database: Callable[..., str]) -> str:
    return new_postgres_database()


@pytest_asyncio.fixture
async def pair(url: str) -> AsyncIterator[tuple[PostgresStore, PostgresStore]]:
    """Two stores on one database, as two bot processes would be."""
    one, two = await PostgresStore.open(url), await PostgresStore.open(url)
    try:
        yield one, two
    finally:
        await one.close()
        await two.close()


def result(user: int, rank: int) -> PlayerResult:
    return PlayerResult(user, f"p{user}", False, None, seat=user % 10, rank=rank, won=rank == 1, deals_won=0,
                        rummies=0, final_score=10 * rank)  # fmt: skip


async def playing(store: PostgresStore, channel: int) -> GameRow:
    game = await store.games.create_game(GUILD, channel, HOST, "classic", state())
    return await store.games.save_action(ActionWrite(game.id, 0, state(1), "playing", HOST, "start", {}))


async def test_two_games_ending_together_in_one_guild_lose_no_rating(pair: tuple[PostgresStore, PostgresStore]) -> None:
    """Two processes finish a game each, at once, with the same players in one guild: the finishes
    take turns on the guild's lock, so the second reads the ratings the first wrote."""
    one, two = pair
    rounds = 6
    for n in range(rounds):
        a, b = await playing(one, 100 + 2 * n), await playing(two, 101 + 2 * n)
        ranks = [result(ALICE, 1), result(BOB, 2), result(CHLOE, 3)]
        other = [result(CHLOE, 1), result(BOB, 2), result(ALICE, 3)] if n % 2 else ranks
        await asyncio.gather(
            one.games.finish_game(ActionWrite(a.id, a.version, state(2), "finished", None, "end", {}), ranks),
            two.games.finish_game(ActionWrite(b.id, b.version, state(2), "finished", None, "end", {}), other),
        )
    rows = await one.fetch("SELECT * FROM game_results")
    assert len(rows) == 3 * 2 * rounds
    chain: dict[int, list[tuple[float, float, float, float]]] = {}
    for row in rows:
        steps = chain.setdefault(int(row["user_id"]), [])
        steps.append((row["mu_before"], row["sigma_before"], row["mu_after"], row["sigma_after"]))
    for user, steps in chain.items():
        # Each finish started from a rating some finish ended with (or the newcomer's), and no
        # rating was used twice: the steps form one chain from the newcomer's rating.
        starts = {(mu, sigma) for mu, sigma, _, _ in steps}
        ends = {(mu, sigma) for _, _, mu, sigma in steps}
        assert len(starts) == len(steps), f"player {user}: two finishes started from one rating"
        assert starts - ends == {(Rating().mu, Rating().sigma)}, f"player {user}: a rating update was lost"
        stats = await two.leaderboard.stats(GUILD, user)
        assert stats is not None and stats.overall.games == 2 * rounds
        assert (stats.overall.mu, stats.overall.sigma) in ends - starts


async def test_two_processes_saving_from_one_version_one_wins(pair: tuple[PostgresStore, PostgresStore]) -> None:
    """The version check holds across connections: of two saves from version 1, one commits, the
    other is refused and writes nothing."""
    one, two = pair
    for n in range(5):
        game = await playing(one, 200 + n)
        outcomes = await asyncio.gather(
            one.games.save_action(ActionWrite(game.id, 1, state(10), "playing", ALICE, "draw", {"by": 1})),
            two.games.save_action(ActionWrite(game.id, 1, state(20), "playing", BOB, "draw", {"by": 2})),
            return_exceptions=True,
        )
        won = [o for o in outcomes if isinstance(o, GameRow)]
        lost = [o for o in outcomes if isinstance(o, StaleState)]
        assert len(won) == 1 and len(lost) == 1 and lost[0].actual_version == 2
        stored = await two.games.get(game.id)
        assert stored == won[0]
        assert [a.kind for a in await one.games.actions(game.id)] == ["start", "draw"]


async def test_two_processes_opening_one_channel_one_wins(pair: tuple[PostgresStore, PostgresStore]) -> None:
    """The unique index refuses the second lobby of a channel, whichever process is second."""
    one, two = pair
    for n in range(5):
        outcomes = await asyncio.gather(
            one.games.create_game(GUILD, 300 + n, ALICE, "classic", state()),
            two.games.create_game(GUILD, 300 + n, BOB, "classic", state()),
            return_exceptions=True,
        )
        won = [o for o in outcomes if isinstance(o, GameRow)]
        busy = [o for o in outcomes if isinstance(o, ChannelBusy)]
        assert len(won) == 1 and len(busy) == 1 and busy[0].game_id == won[0].id
        assert await one.games.list_active() == await two.games.list_active()


async def test_the_document_and_payload_are_kept_as_written(url: str) -> None:
    """json (not jsonb) keeps the text byte for byte, which the table cache compares; a payload is
    logged compact with sorted keys, integers of any size."""
    async with await PostgresStore.open(url) as db:
        spaced = '{"schema": 1,  "turn": 0, "b": [1, 2]}'
        game = await db.games.create_game(GUILD, CHANNEL, HOST, "classic", spaced)
        assert (await db.games.get(game.id)) == game and game.state_json == spaced
        payload = {"z": "Élodie ♥", "a": [1, 2], "seed": 2**70}
        await db.games.save_action(ActionWrite(game.id, 0, spaced, "playing", HOST, "start", payload))
        row = await db.fetchrow("SELECT payload_json FROM game_actions WHERE game_id = $1", game.id)
        assert row is not None and row[0] == '{"a":[1,2],"seed":1180591620717411303424,"z":"Élodie ♥"}'


async def test_state_and_log_share_one_transaction(url: str) -> None:
    """If writing the log row fails, the state update is rolled back with it."""
    async with await PostgresStore.open(url) as db:
        game = await db.games.create_game(GUILD, CHANNEL, HOST, "classic", state())
        await db.execute(
            "INSERT INTO game_actions (game_id, seq, actor_id, kind, payload_json, created_at)"
            " VALUES ($1, 1, NULL, 'planted', '{}', 0)",
            game.id,
        )
        with pytest.raises(asyncpg.UniqueViolationError):
            await db.games.save_action(ActionWrite(game.id, 0, state(1), "playing", HOST, "start", {}))
        assert await db.games.get(game.id) == game
        assert [a.kind for a in await db.games.actions(game.id)] == ["planted"]


async def test_times_keep_their_fraction_of_a_second(url: str) -> None:
    """double precision, not real: a Unix time keeps its microseconds."""
    now = datetime(2026, 3, 4, 5, 6, 7, 123456, tzinfo=UTC)
    async with await PostgresStore.open(url, clock=lambda: now) as db:
        game = await db.games.create_game(GUILD, CHANNEL, HOST, "classic", state())
        assert (await db.games.get(game.id)) is not None and game.created_at == now
        saved = await db.games.save_action(
            ActionWrite(game.id, 0, state(1), "playing", HOST, "x", {}, turn_deadline=now)
        )
        assert saved.turn_deadline == now and (await db.games.get(game.id)) == saved


async def test_migrations_once_and_in_turn(new_postgres_database: Callable[..., str]) -> None:
    """An empty database is migrated once even by two processes opening it together; a reopen
    applies nothing; the book holds every file."""
    url = new_postgres_database(migrated=False)
    one, two = await asyncio.gather(PostgresStore.open(url), PostgresStore.open(url))
    try:
        versions = [int(r["version"]) for r in await one.fetch("SELECT version FROM schema_version ORDER BY 1")]
        assert versions == [m.version for m in load_postgres_migrations()]
    finally:
        await one.close()
        await two.close()
    async with await PostgresStore.open(url) as again:
        assert len(await again.fetch("SELECT * FROM schema_version")) == len(versions)


async def test_a_database_newer_than_the_code_is_refused(url: str) -> None:
    async with await PostgresStore.open(url) as db:
        await db.execute("INSERT INTO schema_version (version, name, applied_at) VALUES (99, 'future', 0)")
    with pytest.raises(SchemaError, match="99"):
        await PostgresStore.open(url)


async def test_a_closed_store_refuses_work(url: str) -> None:
    db = await PostgresStore.open(url)
    await db.close()
    await db.close()  # idempotent
    assert not db.is_open and "closed" in repr(db)
    with pytest.raises(RuntimeError, match="closed"):
        await db.games.get(1)
