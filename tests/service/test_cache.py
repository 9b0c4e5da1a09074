"""The decoded-table cache: used only for the stored version, private copies to change, failures keep it."""

from __future__ import annotations

import dataclasses
import json

import pytest

from data import ActionWrite, Database, StaleState
from rummy import actions as act
from rummy.errors import RummyError
from rummy.table import Table
from service.cache import TableCache, dump_table
from service.games import GameService
from service.model import Refusal, Who
from tests.cogs.conftest import CHANNEL, GUILD

HOST, GUEST = Who(1, "Host"), Who(2, "Guest")


async def started(service: GameService) -> int:
    """A started game of ``basic`` (no turn timer) in CHANNEL; returns the seat to move."""
    await service.create(GUILD, CHANNEL, HOST, "basic")
    await service.configure(CHANNEL, HOST, "turn_timer", "0")
    await service.join(CHANNEL, GUEST)
    out = await service.start(CHANNEL, HOST)
    assert out.table.turn is not None
    return out.table.turn


def mover(seat: int) -> Who:
    return HOST if seat == 0 else GUEST


async def test_reads_of_one_version_share_one_decoded_table(db: Database) -> None:
    """Two reads of the same stored version return the very same table, decoded once."""
    service = GameService(db)
    await started(service)
    first = (await service.current(CHANNEL)).table
    misses = service.tables.misses
    second = (await service.current(CHANNEL)).table
    assert second is first and service.tables.misses == misses


async def test_a_committed_change_is_what_the_next_read_returns(db: Database) -> None:
    """After a change, readers get the committed table, not the one before it."""
    service = GameService(db)
    seat = await started(service)
    out = await service.play(CHANNEL, mover(seat), act.Draw())
    game = await service.current(CHANNEL)
    assert game.table is out.table and game.version == out.game.version


async def test_a_change_works_on_a_private_copy(db: Database) -> None:
    """The table a reader holds never changes when the next action is applied."""
    service = GameService(db)
    seat = await started(service)
    held = (await service.current(CHANNEL)).table
    before = held.to_json()
    out = await service.play(CHANNEL, mover(seat), act.Draw())
    assert out.table is not held and held.to_json() == before


async def test_another_writer_invalidates_the_cache(db: Database) -> None:
    """A change committed by another service (another process) is seen: the newer version is decoded."""
    service, other = GameService(db), GameService(db)
    seat = await started(service)
    await service.current(CHANNEL)  # cached at the current version
    await other.play(CHANNEL, mover(seat), act.Draw())
    game = await service.current(CHANNEL)
    stored = await db.games.get_active(CHANNEL)
    assert stored is not None and game.version == stored.version
    assert game.table.to_json() == (await other.current(CHANNEL)).table.to_json()


async def test_a_stale_write_leaves_cache_and_database_unchanged(db: Database) -> None:
    """A write that loses the version race changes neither the stored row nor the cached table."""
    service = GameService(db)
    seat = await started(service)
    table = (await service.current(CHANNEL)).table
    row = await db.games.get_active(CHANNEL)
    assert row is not None
    before = table.to_json()
    await db.games.save_action(ActionWrite(row.id, row.version, row.state_json, row.status.value, None, "noop", {}))
    private = service.tables.private(row)
    private.act(seat, act.Draw())
    with pytest.raises(StaleState):
        await service._commit(row, private, None, HOST.id, "draw", {})
    stored = await db.games.get(row.id)
    assert stored is not None and stored.version == row.version + 1 and stored.state_json == row.state_json
    assert table.to_json() == before
    again = (await service.current(CHANNEL)).table
    assert again.to_json() == before


async def test_a_refused_action_leaves_the_shared_table_unchanged(db: Database) -> None:
    """An action the rules refuse changes nothing a reader can see, in the cache or the database."""
    service = GameService(db)
    seat = await started(service)
    game = await service.current(CHANNEL)
    before = game.table.to_json()
    with pytest.raises((RummyError, Refusal)):
        await service.play(CHANNEL, mover(1 - seat), act.Draw())  # out of turn
    again = await service.current(CHANNEL)
    assert again.table.to_json() == before and again.version == game.version


async def test_a_row_with_another_document_is_a_miss(db: Database) -> None:
    """The cached table is used only if the row's document is the one it was decoded from."""
    service = GameService(db)
    await started(service)
    table = (await service.current(CHANNEL)).table
    row = await db.games.get_active(CHANNEL)
    assert row is not None and service.tables.shared(row) is table
    edited = dataclasses.replace(row, state_json=row.state_json.replace('"Guest"', '"Other"'))
    assert service.tables.shared(edited) is not table
    assert service.tables.shared(edited).players[1].name == "Other"


async def test_the_cache_keeps_at_most_its_size(db: Database) -> None:
    """The least recently used games are dropped beyond the cache's size."""
    service = GameService(db)
    service.tables = TableCache(size=2)
    for channel in (11, 12, 13):
        await service.create(GUILD, channel, HOST, "basic")
        await service.current(channel)
    assert len(service.tables) == 2


def test_a_cache_holds_at_least_one_table() -> None:
    """A cache size below one is refused."""
    with pytest.raises(ValueError):
        TableCache(size=0)


async def test_a_change_from_the_committed_version_reads_nothing(db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    """The version this process committed last is where the next change starts: no read first."""
    service = GameService(db)
    seat = await started(service)
    reads = []
    real = db.games.get_active

    async def counting(channel_id: int) -> object:
        reads.append(channel_id)
        return await real(channel_id)

    monkeypatch.setattr(db.games, "get_active", counting)
    await service.play(CHANNEL, mover(seat), act.Draw())
    assert reads == []


async def test_a_change_after_another_process_starts_from_the_stored_row(db: Database) -> None:
    """If another process moved the game on, the change is judged and applied on the stored state."""
    service, other = GameService(db), GameService(db)
    seat = await started(service)
    drawn = await other.play(CHANNEL, mover(seat), act.Draw())  # our cache still says: draw first
    card = drawn.table.game.deal.hands[seat][0]  # type: ignore[union-attr]
    out = await service.play(CHANNEL, mover(seat), act.Discard(card))
    assert out.game.version == drawn.game.version + 1
    assert [a.kind for a in await db.games.actions(out.game.game_id)][-2:] == ["draw", "discard"]


def test_the_stored_document_is_compact_json_of_the_table() -> None:
    """The stored document is the table's JSON, compact, names as they are; a seed past 64 bits
    (which orjson refuses) is still written."""
    for seed in (7, 2**70):
        table = Table.new(GUILD, CHANNEL, HOST.id, "Élodie", "basic", seed=seed)
        text = dump_table(table)
        assert json.loads(text) == table.to_json() and "Élodie" in text and ", " not in text
        assert Table.from_json(json.loads(text)).to_json() == table.to_json()
