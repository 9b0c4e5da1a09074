"""Tournaments in the store (both stores): the document saved version by version, the links of
its tables to their games, kept once written."""

from __future__ import annotations

import pytest

from data import StaleState, Store, TableLink, TournamentNotFound, TournamentStatus

from .conftest import CHANNEL, GUILD, HOST, state


async def test_a_tournament_is_created_read_and_listed_while_open(db: Store) -> None:
    """A new tournament reads back as written, at version 0, and is open until it is over."""
    row = await db.tournaments.create(GUILD, CHANNEL, HOST, "sign_up", '{"schema": 1}')
    assert (row.guild_id, row.channel_id, row.organiser_id, row.version) == (GUILD, CHANNEL, HOST, 0)
    assert row.status is TournamentStatus.SIGN_UP and row.message_id is None
    assert await db.tournaments.get(row.id) == row
    assert await db.tournaments.list_open() == [row]
    done = await db.tournaments.save(row.id, 0, '{"schema": 1, "over": true}', TournamentStatus.FINISHED)
    assert done.version == 1 and done.state_json == '{"schema": 1, "over": true}'
    assert await db.tournaments.list_open() == []
    assert await db.tournaments.get(row.id + 100) is None


async def test_a_save_on_an_old_version_is_refused_and_changes_nothing(db: Store) -> None:
    """Two saves from one version: the second is refused (StaleState) and the first is kept."""
    row = await db.tournaments.create(GUILD, CHANNEL, HOST, "sign_up", state(0))
    await db.tournaments.save(row.id, 0, state(1), "playing")
    with pytest.raises(StaleState) as refused:
        await db.tournaments.save(row.id, 0, state(2), "playing")
    assert (refused.value.expected_version, refused.value.actual_version) == (0, 1)
    stored = await db.tournaments.get(row.id)
    assert stored is not None and stored.state_json == state(1) and stored.version == 1
    with pytest.raises(TournamentNotFound):
        await db.tournaments.save(row.id + 100, 0, state(1), "playing")
    with pytest.raises(ValueError):
        await db.tournaments.save(row.id, 1, state(3), "nowhere")


async def test_the_message_id_is_kept(db: Store) -> None:
    row = await db.tournaments.create(GUILD, CHANNEL, HOST, "sign_up", state())
    await db.tournaments.set_message(row.id, 123456789012345678)
    stored = await db.tournaments.get(row.id)
    assert stored is not None and stored.message_id == 123456789012345678 and stored.version == 0
    with pytest.raises(TournamentNotFound):
        await db.tournaments.set_message(row.id + 100, 1)


async def test_a_tables_link_is_written_once_and_finds_its_game(db: Store) -> None:
    """The first link of a table is kept (a second write returns it), its game is set after, and
    the game finds its table."""
    row = await db.tournaments.create(GUILD, CHANNEL, HOST, "playing", state())
    first = await db.tournaments.link(TableLink(row.id, 1, 2, 7001, (11, None, -1)))
    assert first == TableLink(row.id, 1, 2, 7001, (11, None, -1), None)
    again = await db.tournaments.link(TableLink(row.id, 1, 2, 7002, (99,)))
    assert again == first
    game = await db.games.create_game(GUILD, 7001, HOST, "basic", state())
    linked = await db.tournaments.set_game(row.id, 1, 2, game.id)
    assert linked.game_id == game.id
    await db.tournaments.link(TableLink(row.id, 1, 1, 7003, (22, 33)))
    await db.tournaments.link(TableLink(row.id, 2, 1, 7004, (11, 22)))
    assert [(t.round, t.table) for t in await db.tournaments.tables(row.id)] == [(1, 1), (1, 2), (2, 1)]
    assert await db.tournaments.table_of_game(game.id) == linked
    assert await db.tournaments.table_of_game(game.id + 100) is None
    with pytest.raises(LookupError):
        await db.tournaments.set_game(row.id, 3, 1, game.id)
