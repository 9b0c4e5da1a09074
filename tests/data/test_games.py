"""Storing tables, their state and their action log."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from data import (
    UNCHANGED,
    ActionWrite,
    ChannelBusy,
    Database,
    GameClosed,
    GameNotFound,
    GameRow,
    GameStatus,
    StaleState,
    Store,
    open_store,
)

from .conftest import CHANNEL, GUILD, HOST, refused_by_the_database, state

DEADLINE = datetime(2030, 1, 2, 3, 4, 5, tzinfo=UTC)


@pytest.mark.asyncio
async def test_create_and_get(db: Store) -> None:
    """A new game is a lobby at version 0, found by id and by channel."""
    game = await db.games.create_game(GUILD, CHANNEL, HOST, "classic", state())
    assert (game.status, game.version, game.message_id, game.turn_deadline) == (
        GameStatus.LOBBY,
        0,
        None,
        None,
    )
    assert game.status == "lobby"
    assert await db.games.get(game.id) == game
    assert await db.games.get_active(CHANNEL) == game
    assert await db.games.list_active() == [game]
    assert await db.games.get(game.id + 1) is None
    assert await db.games.get_active(CHANNEL + 1) is None


@pytest.mark.asyncio
async def test_ids_come_from_the_database(db: Store) -> None:
    """Each game gets its own id, increasing, from the database (SQLite's rowid, PostgreSQL's identity)."""
    ids = [(await db.games.create_game(GUILD, c, HOST, "classic", state())).id for c in range(5)]
    assert ids == sorted(set(ids))


@pytest.mark.asyncio
async def test_save_action_bumps_version_and_logs(db: Store, game: GameRow) -> None:
    """A saved action moves the state on and appends one log row with seq = new version."""
    saved = await db.games.save_action(
        ActionWrite(
            game.id, 0, state(1), "playing", HOST, "start", {"seats": [HOST]}, message_id=555, turn_deadline=DEADLINE
        )
    )
    assert (saved.version, saved.status, saved.state_json) == (1, GameStatus.PLAYING, state(1))
    assert (saved.message_id, saved.turn_deadline) == (555, DEADLINE)
    assert saved == await db.games.get(game.id)  # what a save returns is what is stored
    saved = await db.games.save_action(ActionWrite(game.id, 1, state(2), "playing", None, "timeout", {}))
    assert (saved.message_id, saved.turn_deadline) == (555, DEADLINE)  # UNCHANGED by default
    assert saved == await db.games.get(game.id)
    log = await db.games.actions(game.id)
    assert [(a.seq, a.actor_id, a.kind, a.payload) for a in log] == [
        (1, HOST, "start", {"seats": [HOST]}),
        (2, None, "timeout", {}),
    ]


@pytest.mark.sqlite_only
@pytest.mark.asyncio
async def test_a_payload_is_logged_compact_with_sorted_keys(db: Database, game: GameRow) -> None:
    """The log keeps a payload as compact JSON with sorted keys, text as it is, and integers of any size."""
    payload = {"z": "Élodie ♥", "a": [1, 2], "seed": 2**70}
    await db.games.save_action(ActionWrite(game.id, 0, state(1), "playing", HOST, "start", payload))
    row = await db.fetchone("SELECT payload_json FROM game_actions WHERE game_id = ?", (game.id,))
    assert row is not None and row[0] == '{"a":[1,2],"seed":1180591620717411303424,"z":"Élodie ♥"}'
    assert (await db.games.actions(game.id))[0].payload == payload


@pytest.mark.asyncio
async def test_none_clears_message_and_deadline(db: Store, game: GameRow) -> None:
    """Passing None (not UNCHANGED) clears the optional columns."""
    await db.games.save_action(
        ActionWrite(game.id, 0, state(1), "playing", HOST, "start", {}, message_id=1, turn_deadline=DEADLINE)
    )
    saved = await db.games.save_action(
        ActionWrite(game.id, 1, state(2), "playing", HOST, "x", {}, message_id=None, turn_deadline=None)
    )
    assert (saved.message_id, saved.turn_deadline) == (None, None)
    assert repr(UNCHANGED) == "UNCHANGED"


@pytest.mark.asyncio
async def test_everything_survives_reopen(store_place: str | Path) -> None:
    """Close the database and open the same one: games and actions are all there."""
    db = await open_store(store_place)
    game = await db.games.create_game(GUILD, CHANNEL, HOST, "classic", state())
    saved = await db.games.save_action(
        ActionWrite(game.id, 0, state(1), "playing", HOST, "start", {"a": 1}, turn_deadline=DEADLINE)
    )
    await db.close()
    db = await open_store(store_place)
    try:
        assert await db.games.get(game.id) == saved
        assert await db.games.list_active() == [saved]
        assert [a.kind for a in await db.games.actions(game.id)] == ["start"]
    finally:
        await db.close()


@pytest.mark.asyncio
async def test_stale_version_raises_and_changes_nothing(db: Store, game: GameRow) -> None:
    """Saving on top of an old version fails and leaves state and log untouched."""
    current = await db.games.save_action(ActionWrite(game.id, 0, state(1), "playing", HOST, "start", {}))
    with pytest.raises(StaleState) as caught:
        await db.games.save_action(ActionWrite(game.id, 0, state(99), "playing", HOST, "late", {}))
    assert (caught.value.expected_version, caught.value.actual_version) == (0, 1)
    assert await db.games.get(game.id) == current
    assert [a.kind for a in await db.games.actions(game.id)] == ["start"]


@pytest.mark.sqlite_only
@pytest.mark.asyncio
async def test_state_and_log_share_one_transaction(db: Database, game: GameRow) -> None:
    """If writing the log row fails, the state update is rolled back with it."""
    # Plant a log row where the next action's row must go, so its INSERT fails after the UPDATE.
    await db.write(
        lambda conn: conn.execute(
            "INSERT INTO game_actions (game_id, seq, actor_id, kind, payload_json, created_at)"
            " VALUES (?, 1, NULL, 'planted', '{}', 0)",
            (game.id,),
        )
    )
    with pytest.raises(sqlite3.IntegrityError):
        await db.games.save_action(ActionWrite(game.id, 0, state(1), "playing", HOST, "start", {}))
    assert await db.games.get(game.id) == game
    assert [a.kind for a in await db.games.actions(game.id)] == ["planted"]


@pytest.mark.asyncio
async def test_invalid_state_json_is_refused(db: Store, game: GameRow, store_kind: str) -> None:
    """The state must at least be JSON; a broken document never reaches the disk."""
    with pytest.raises(refused_by_the_database(store_kind)):
        await db.games.save_action(ActionWrite(game.id, 0, "{not json", "playing", HOST, "start", {}))
    assert await db.games.get(game.id) == game


@pytest.mark.asyncio
async def test_one_active_game_per_channel(db: Store, game: GameRow) -> None:
    """A second game in a busy channel is refused; other channels are free."""
    with pytest.raises(ChannelBusy) as caught:
        await db.games.create_game(GUILD, CHANNEL, HOST + 1, "classic", state())
    assert caught.value.game_id == game.id
    other = await db.games.create_game(GUILD, CHANNEL + 1, HOST, "classic", state())
    assert {g.id for g in await db.games.list_active()} == {game.id, other.id}


@pytest.mark.parametrize("status", ["finished", "cancelled", "abandoned"])
@pytest.mark.asyncio
async def test_ended_game_frees_its_channel(db: Store, game: GameRow, status: str) -> None:
    """Once a game has ended, the channel can host a new one; the old one stays readable."""
    ended = await db.games.finish_game(ActionWrite(game.id, 0, state(1), status, HOST, "end", {}))
    assert ended.status == status and not ended.is_active and ended.turn_deadline is None
    assert await db.games.get_active(CHANNEL) is None
    assert await db.games.list_active() == []
    new = await db.games.create_game(GUILD, CHANNEL, HOST, "classic", state())
    assert await db.games.get_active(CHANNEL) == new
    assert await db.games.get(game.id) == ended


@pytest.mark.asyncio
async def test_ended_game_is_frozen(db: Store, game: GameRow) -> None:
    """No action can be saved on an ended game, even with the right version."""
    ended = await db.games.finish_game(ActionWrite(game.id, 0, state(1), "cancelled", HOST, "cancel", {}))
    with pytest.raises(GameClosed, match="cancelled"):
        await db.games.save_action(ActionWrite(game.id, ended.version, state(2), "playing", HOST, "x", {}))
    with pytest.raises(GameClosed):
        await db.games.finish_game(ActionWrite(game.id, ended.version, state(2), "finished", HOST, "x", {}))


@pytest.mark.parametrize(
    ("method", "status"),
    [("save_action", "finished"), ("save_action", "nonsense"), ("finish_game", "playing")],
)
@pytest.mark.asyncio
async def test_wrong_status_for_the_call(db: Store, game: GameRow, method: str, status: str) -> None:
    """save_action keeps a game active; finish_game ends it; unknown statuses are refused."""
    with pytest.raises(ValueError):
        await getattr(db.games, method)(ActionWrite(game.id, 0, state(1), status, HOST, "x", {}))
    assert await db.games.get(game.id) == game


@pytest.mark.asyncio
async def test_unknown_game(db: Store) -> None:
    """Saving or setting a message on a missing game raises GameNotFound."""
    with pytest.raises(GameNotFound):
        await db.games.save_action(ActionWrite(404, 0, state(), "playing", HOST, "x", {}))
    with pytest.raises(GameNotFound):
        await db.games.set_message(404, 1)


@pytest.mark.asyncio
async def test_set_message_keeps_version(db: Store, game: GameRow) -> None:
    """Recording the public message is not an action: the version does not move."""
    updated = await db.games.set_message(game.id, 777)
    assert (updated.message_id, updated.version) == (777, 0)
    assert await db.games.actions(game.id) == []
    await db.games.save_action(ActionWrite(game.id, 0, state(1), "playing", HOST, "start", {}))


@pytest.mark.asyncio
async def test_naive_deadline_is_refused(db: Store, game: GameRow) -> None:
    """Deadlines must be aware datetimes; a naive one is a bug, caught before writing."""
    with pytest.raises(ValueError, match="naive"):
        await db.games.save_action(
            ActionWrite(game.id, 0, state(1), "playing", HOST, "x", {}, turn_deadline=datetime(2030, 1, 1))
        )
    assert await db.games.get(game.id) == game


@pytest.mark.asyncio
async def test_clock_sets_times(store_place: str | Path) -> None:
    """created_at, updated_at and the log's times come from the store's clock."""
    now = datetime(2025, 5, 5, 12, 0, tzinfo=UTC)
    db = await open_store(store_place, clock=lambda: now)
    try:
        game = await db.games.create_game(GUILD, CHANNEL, HOST, "classic", state())
        assert game.created_at == game.updated_at == now
        await db.games.save_action(ActionWrite(game.id, 0, state(1), "playing", HOST, "x", {}))
        assert [a.created_at for a in await db.games.actions(game.id)] == [now]
    finally:
        await db.close()


@pytest.mark.parametrize("preset", ["", "*"])
@pytest.mark.asyncio
async def test_reserved_preset_names_are_refused(db: Store, preset: str) -> None:
    """'*' names the all-presets leaderboard track, so no game may use it."""
    with pytest.raises(ValueError, match="preset"):
        await db.games.create_game(GUILD, CHANNEL, HOST, preset, state())


@pytest.mark.asyncio
async def test_latest_is_the_newest_game_of_the_channel_any_status(db: Store) -> None:
    """latest() returns the channel's newest game, ended or not, and None for an empty channel."""
    first = await db.games.create_game(GUILD, CHANNEL, HOST, "classic", state())
    ended = await db.games.finish_game(ActionWrite(first.id, 0, state(1), "cancelled", HOST, "cancel", {}))
    assert await db.games.latest(CHANNEL) == ended
    second = await db.games.create_game(GUILD, CHANNEL, HOST, "classic", state())
    assert await db.games.latest(CHANNEL) == second
    assert await db.games.latest(CHANNEL + 1) is None


@pytest.mark.asyncio
async def test_finish_sets_no_deadline(db: Store, game: GameRow) -> None:
    """A finish clears the turn deadline: a write that would set one is refused before writing."""
    with pytest.raises(ValueError, match="deadline"):
        await db.games.finish_game(
            ActionWrite(game.id, 0, state(1), "cancelled", HOST, "x", {}, turn_deadline=DEADLINE)
        )
    assert await db.games.get(game.id) == game
