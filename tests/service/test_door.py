"""The service's reading side and what its changes return: snapshots, typed details, the leaderboards."""

from __future__ import annotations

from typing import Any

import pytest

from data import ActionWrite, Database, PlayerResult
from rummy import actions as act
from rummy.table import NotSeated, TableStatus
from service.games import GameService
from service.leaderboards import Leaderboards
from service.model import BotSeat, ChangeKind, Outcome, Refusal, Setting, Who
from tests.cogs.conftest import CHANNEL, GUILD, OTHER_CHANNEL

HOST, GUEST, STRANGER = Who(1, "Host"), Who(2, "Guest"), Who(3, "Stranger")


async def test_a_snapshot_is_the_committed_version(db: Database) -> None:
    """What a change returns and what the next read returns describe the same stored version."""
    service = GameService(db)
    created = await service.create(GUILD, CHANNEL, HOST, "basic")
    joined = await service.join(CHANNEL, GUEST)
    stored = await db.games.get_active(CHANNEL)
    assert stored is not None and joined.game.version == stored.version > created.game.version
    read = await service.current(CHANNEL)
    assert (read.game_id, read.guild_id, read.channel_id, read.version) == (stored.id, GUILD, CHANNEL, stored.version)
    assert read.status is TableStatus.LOBBY and read.active and read.expires_at is not None
    assert [p.name for p in read.table.players] == ["Host", "Guest"]


async def test_changes_carry_their_kind_and_detail(db: Database) -> None:
    """Seating a computer player names it; a setting comes back as shown; a move names its seat."""
    service = GameService(db)
    await service.create(GUILD, CHANNEL, HOST, "basic")
    seated = await service.add_bot(CHANNEL, HOST, "easy")
    assert seated.kind is ChangeKind.ADD_BOT and isinstance(seated.detail, BotSeat)
    assert seated.detail.name == seated.table.players[1].name
    removed = await service.remove_bot(CHANNEL, HOST)
    assert removed.kind is ChangeKind.REMOVE_BOT and removed.detail == seated.detail
    setting = await service.configure(CHANNEL, HOST, " Turn_Timer ", "0")
    assert setting.kind is ChangeKind.CONFIGURE and setting.detail == Setting("turn_timer", "0s")
    await service.join(CHANNEL, GUEST)
    started = await service.start(CHANNEL, HOST)
    assert started.new_turn and started.detail is None and started.table.turn is not None
    mover = HOST if started.table.turn == 0 else GUEST
    drew = await service.play(CHANNEL, mover, act.Draw())
    assert drew.kind is ChangeKind.PLAY and drew.seat == started.table.turn and not drew.new_turn
    assert [a.kind for a in await db.games.actions(drew.game.game_id)][-1] == "draw"  # logged as its action


async def test_a_players_view_is_theirs_and_refused_to_others(db: Database) -> None:
    """Only a seated player gets a private view, and only once the game started."""
    service = GameService(db)
    await service.create(GUILD, CHANNEL, HOST, "basic")
    await service.join(CHANNEL, GUEST)
    with pytest.raises(Refusal, match="not_started"):
        await service.private_view(CHANNEL, GUEST.id)
    await service.start(CHANNEL, HOST)
    player = await service.private_view(CHANNEL, GUEST.id)
    assert player.seat == 1 and player.view.seat == 1 and len(player.view.hand) == 10
    with pytest.raises(NotSeated):
        await service.private_view(CHANNEL, STRANGER.id)


async def test_advice_only_at_a_table_with_hints_on(db: Database) -> None:
    """A player's advice is shared at one version, and there is none with hints off."""
    service = GameService(db)
    await service.create(GUILD, CHANNEL, HOST, "basic")
    await service.join(CHANNEL, GUEST)
    await service.start(CHANNEL, HOST)
    player = await service.private_view(CHANNEL, HOST.id)
    advice = await service.advice(player)
    assert advice is not None and await service.advice(player) is advice
    await service.create(GUILD, OTHER_CHANNEL, HOST, "basic")
    await service.configure(OTHER_CHANNEL, HOST, "hints", "no")
    await service.join(OTHER_CHANNEL, GUEST)
    await service.start(OTHER_CHANNEL, HOST)
    assert await service.advice(await service.private_view(OTHER_CHANNEL, HOST.id)) is None


async def test_reading_a_game_that_is_not_there(db: Database) -> None:
    """No game: ``current`` refuses, ``active`` and ``game`` say None, no channel is active."""
    service = GameService(db)
    with pytest.raises(Refusal, match="no_table"):
        await service.current(CHANNEL)
    assert await service.active(CHANNEL) is None and await service.game(1) is None
    assert await service.active_channels() == []
    created = await service.create(GUILD, CHANNEL, HOST, "basic")
    await service.cancel(CHANNEL, HOST)
    closed = await service.game(created.game.game_id)
    assert closed is not None and closed.status is TableStatus.CANCELLED and not closed.active
    with pytest.raises(Refusal, match="game_closed"):
        await service.current(CHANNEL, created.game.game_id)


def result(user_id: int, name: str, seat: int, rank: int, *, bot: bool = False) -> PlayerResult:
    return PlayerResult(user_id, name, bot, "easy" if bot else None, seat, rank, rank == 1, 0, 0, 10 * rank)


async def test_people_and_computer_players_are_ranked_apart(db: Database) -> None:
    """A server's ranking lists its people and its computer players separately; a record is per player."""
    service, boards = GameService(db), Leaderboards(db)
    created = await service.create(GUILD, CHANNEL, HOST, "basic")
    row = await db.games.get(created.game.game_id)
    assert row is not None
    results = [result(HOST.id, "Host", 0, 1), result(-5, "Robot (easy)", 1, 2, bot=True)]
    await db.games.finish_game(ActionWrite(row.id, row.version, row.state_json, "finished", None, "test", {}), results)
    ranking = await boards.ranking(GUILD)
    assert [s.display_name for s in ranking.provisional] == ["Host"]  # one game: provisional
    assert [s.display_name for s in ranking.provisional_bots] == ["Robot (easy)"]
    assert ranking.people == ranking.bots == ()
    assert (await boards.ranking(GUILD + 1)).people == ()
    record = await boards.record(GUILD, HOST.id)
    assert record is not None and record.overall.wins == 1
    assert await boards.record(GUILD, GUEST.id) is None


@pytest.mark.logs_errors
async def test_listeners_hear_every_change_in_order_and_a_failing_one_stops_nothing(
    db: Database, caplog: pytest.LogCaptureFixture
) -> None:
    """Each committed change reaches the listeners in the order they subscribed; one that raises is
    logged, and neither the others nor the caller lose the change."""
    service = GameService(db)
    heard: list[tuple[str, ChangeKind, int]] = []

    def broken(out: Outcome[Any]) -> None:
        heard.append(("broken", out.kind, out.game.version))
        raise RuntimeError("boom")

    service.subscribe(broken)
    service.subscribe(lambda out: heard.append(("second", out.kind, out.game.version)))
    created = await service.create(GUILD, CHANNEL, HOST, "basic")
    joined = await service.join(CHANNEL, GUEST)
    with pytest.raises(Refusal):
        await service.join(OTHER_CHANNEL, GUEST)  # refused: nothing committed, nobody told
    v0, v1 = created.game.version, joined.game.version
    assert heard == [
        ("broken", ChangeKind.CREATE, v0),
        ("second", ChangeKind.CREATE, v0),
        ("broken", ChangeKind.JOIN, v1),
        ("second", ChangeKind.JOIN, v1),
    ]
    assert "a listener failed" in caplog.text and (await service.current(CHANNEL)).version == v1
