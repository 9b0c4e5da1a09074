"""The record of a finished game, read through the service (on both stores): what it holds, its
replay against the stored game, and the refusals."""

from __future__ import annotations

import json

import pytest

from data import ActionWrite, Database
from rummy.record import MoveKind
from rummy.record_check import replay_record
from rummy.record_text import parse_record, write_record
from rummy.table import Table
from service.games import GameService
from service.model import Refusal
from tests.cogs.conftest import CHANNEL, GUILD, OTHER_CHANNEL, OTHER_GUILD
from tests.service.test_after_game import GUEST, HOST, _one_deal, _play_out


async def test_a_finished_games_record_replays_to_its_stored_points(db: Database) -> None:
    """A whole game with a computer player: the record has every deal, its text replays to the stored
    deals' points and totals, and every change of the game logged its public events."""
    service = GameService(db, seed=lambda: 6)
    await _one_deal(service, HOST, GUEST, bots=("normal",))
    game_id = await _play_out(service)
    record = await service.record(GUILD, game_id)
    row = await db.games.get(game_id)
    assert row is not None
    table = Table.from_json(json.loads(row.state_json))
    assert table.game is not None
    assert [d.number for d in record.deals] == [r.number for r in table.game.history]
    replayed = replay_record(parse_record(write_record(record)))
    assert list(replayed.totals) == table.game.scores
    assert [dict(d.points) for d in replayed.deals] == [r.outcome.points for r in table.game.history]
    assert [s.name for s in record.seats] == ["Host", "Guest", "Bot (normal)"]
    assert record.seats[2].bot == "normal" and record.game_id == game_id
    logged = await db.games.actions(game_id)
    moves = sum(len(d.moves) for d in record.deals)
    assert moves >= sum(1 for a in logged if a.kind in ("draw", "discard", "bot"))
    # What the record is read from: no change logged a card drawn from the stock, the computer
    # player's turns included, and the record names none either.
    stored = [e for a in logged for e in a.payload.get("events", ())]
    drawn = [e for e in stored if e["kind"] == "drew" and e["source"] == "stock"]
    assert drawn and all(e["card"] is None and not e["cards"] and not e["detail"] for e in drawn)
    assert any(e["seat"] == 2 for e in drawn)  # the computer player drew from the stock
    draws = [m for d in record.deals for m in d.moves if m.kind is MoveKind.DRAW]
    assert len(draws) == len(drawn) and all(not m.cards and not m.melds for m in draws)


async def test_the_record_is_refused_unless_finished_and_of_this_server(db: Database) -> None:
    """Unknown, another server's, in play, cancelled: each refused with its reason, nothing changed."""
    service = GameService(db)
    with pytest.raises(Refusal, match="record_unknown"):
        await service.record(GUILD, 10**6)
    await _one_deal(service, HOST, GUEST)
    playing = await service.current(CHANNEL)
    with pytest.raises(Refusal, match="record_not_finished"):
        await service.record(GUILD, playing.game_id)
    game_id = await _play_out(service)
    with pytest.raises(Refusal, match="record_unknown"):
        await service.record(OTHER_GUILD, game_id)
    assert (await service.record(GUILD, game_id)).deals
    await service.create(GUILD, OTHER_CHANNEL, HOST, "basic")
    cancelled = await service.current(OTHER_CHANNEL)
    await service.cancel(OTHER_CHANNEL, HOST)
    with pytest.raises(Refusal, match="record_not_finished"):
        await service.record(GUILD, cancelled.game_id)


async def test_a_game_logged_before_the_events_were_kept_has_no_record(db: Database) -> None:
    """A finished game whose log holds no events (played before they were logged): refused, not
    a record with holes."""
    service = GameService(db)
    game = await db.games.create_game(GUILD, CHANNEL, HOST.id, "basic", "{}")
    await db.games.save_action(ActionWrite(game.id, game.version, "{}", "playing", HOST.id, "start", {}))
    await db.games.finish_game(ActionWrite(game.id, game.version + 1, "{}", "finished", HOST.id, "discard", {}))
    with pytest.raises(Refusal, match="record_missing"):
        await service.record(GUILD, game.id)
