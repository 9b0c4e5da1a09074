"""Each person's place in the tournaments they finished (both stores): written once, read back per
server, newest first; and the claim of each round's standings message, taken once."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from data import Store, TournamentPlace, TournamentRecord

from .conftest import CHANNEL, GUILD, HOST, OTHER_GUILD, state

DAY = datetime(2026, 11, 27, 21, 0, tzinfo=UTC)


async def finished(db: Store, guild: int = GUILD) -> int:
    row = await db.tournaments.create(guild, CHANNEL, HOST, "sign_up", state())
    await db.tournaments.save(row.id, 0, state(1), "finished")
    return row.id


def place(tournament: int, user: int, place: int, *, guild: int = GUILD, days: int = 0) -> TournamentPlace:
    return TournamentPlace(tournament, user, guild, f"Night {tournament}", place, 8, DAY + timedelta(days=days))


async def test_places_are_written_once_and_read_back_newest_first(db: Store) -> None:
    """A second write of a tournament's places (a restart) keeps the first and adds nothing; the
    record counts the tournaments, the wins, the podiums and the best place."""
    first, second, third = await finished(db), await finished(db), await finished(db)
    assert await db.tournaments.record_places([place(first, 11, 1), place(first, 22, 2)]) == 2
    assert await db.tournaments.record_places([place(first, 11, 5), place(first, 22, 2)]) == 0
    await db.tournaments.record_places([place(second, 11, 4, days=1)])
    await db.tournaments.record_places([place(third, 11, 2, days=2)])
    record = await db.tournaments.places(GUILD, 11, recent=2)
    assert (record.played, record.wins, record.podiums, record.best) == (3, 1, 2, 1)
    assert record.recent == (place(third, 11, 2, days=2), place(second, 11, 4, days=1))
    assert (await db.tournaments.places(GUILD, 22)).recent == (place(first, 22, 2),)


async def test_places_are_a_servers_own(db: Store) -> None:
    """A person's tournaments on another server are not counted here; nobody's record is empty."""
    here, there = await finished(db), await finished(db, OTHER_GUILD)
    await db.tournaments.record_places([place(here, 11, 3), place(there, 11, 1, guild=OTHER_GUILD)])
    record = await db.tournaments.places(GUILD, 11)
    assert (record.played, record.wins, record.best) == (1, 0, 3)
    assert await db.tournaments.places(GUILD, 99) == TournamentRecord()
    assert await db.tournaments.record_places([]) == 0


async def test_a_computer_entrant_has_no_place(db: Store) -> None:
    """The schema refuses a place for a computer entrant's id (0 or less)."""
    tid = await finished(db)
    with pytest.raises(Exception, match=r"(?i)check"):
        await db.tournaments.record_places([place(tid, -1, 1)])
    assert await db.tournaments.places(GUILD, -1) == TournamentRecord()


async def test_a_finished_tournament_without_places_is_found(db: Store) -> None:
    """A finished tournament whose places were not written yet is listed, until they are."""
    done, other = await finished(db), await finished(db)
    await db.tournaments.create(GUILD, CHANNEL, HOST, "playing", state())
    await db.tournaments.record_places([place(other, 11, 1)])
    assert await db.tournaments.finished_unrecorded() == [done]
    await db.tournaments.record_places([place(done, 11, 1)])
    assert await db.tournaments.finished_unrecorded() == []


async def test_a_rounds_standings_are_claimed_once(db: Store) -> None:
    """Each round's standings message is claimed once, never for a round older than one claimed;
    a claim given back may be taken again, and gives back nothing newer."""
    row = await db.tournaments.create(GUILD, CHANNEL, HOST, "playing", state())
    assert await db.tournaments.claim_standings(row.id, 1)
    assert not await db.tournaments.claim_standings(row.id, 1)
    assert await db.tournaments.claim_standings(row.id, 2)
    assert not await db.tournaments.claim_standings(row.id, 1)
    await db.tournaments.release_standings(row.id, 1)  # not the newest: nothing given back
    assert not await db.tournaments.claim_standings(row.id, 2)
    await db.tournaments.release_standings(row.id, 2)
    assert await db.tournaments.claim_standings(row.id, 2)
    assert not await db.tournaments.claim_standings(row.id + 100, 1)
    stored = await db.tournaments.get(row.id)
    assert stored is not None and stored.version == 0  # a claim is no change of the tournament
