"""Each person's place recorded when a tournament finishes (both stores): once, computer entrants
left out, a restart or a second check changing nothing; and no Rematch at a tournament's table."""

from __future__ import annotations

import pytest

from data import Store, TournamentRecord
from rummy import tournament as T
from service.leaderboards import Leaderboards
from service.model import Refusal, Who
from service.tournament_model import TournamentChange, TournamentKind
from service.tournaments import RESHOWN_FINISHED
from tests.cogs.conftest import CHANNEL, GUILD
from tests.service.test_tournaments import ORGANISER, PEOPLE, Channels, entrants, play, services, settings


async def test_places_are_recorded_once_when_the_tournament_finishes(db: Store) -> None:
    """Three people and a computer entrant, one round at tables of 2: each person's place, the
    tournament's name and how many were ranked, once; a second check of the final round's games
    and a restart's resume_all write nothing more."""
    games, tours = services(db, Channels())
    snap = await tours.create(GUILD, CHANNEL, ORGANISER, settings(rounds=1, size=2), may_organise=True)
    tid = snap.tournament_id
    for who in list(PEOPLE.values())[:3]:
        await tours.sign_up(tid, who)
    await tours.add_computer(tid, ORGANISER, "easy")
    started = await tours.start(tid, ORGANISER)
    assert await db.tournaments.places(GUILD, 101) == TournamentRecord()  # nothing before the end
    await play(games, tours, tid)
    done = await tours.get(tid)
    assert done.stage is T.Stage.FINISHED
    standings = done.standings()
    boards = Leaderboards(db)
    for s in standings:
        record = await boards.tournaments(GUILD, s.player)
        if s.player < 0:  # the computer entrant
            assert record.played == 0
            continue
        assert (record.played, record.best, record.wins) == (1, s.place, int(s.place == 1))
        (mine,) = record.recent
        assert (mine.name, mine.place, mine.entrants, mine.tournament_id) == ("Friday night", s.place, 4, tid)
    for link in started.tables:
        assert link.game_id is not None
        assert await tours.check_game(link.game_id) is None
    await tours.resume_all()
    assert await db.tournaments.record_places([]) == 0
    assert await db.tournaments.finished_unrecorded() == []
    assert sum([(await boards.tournaments(GUILD, s.player)).played for s in standings]) == 3


async def test_start_up_writes_the_places_a_crash_left_unwritten(db: Store) -> None:
    """A finished tournament without its places (the process died after the finish was saved)
    gets them at the next start-up, and only once."""
    games, tours = services(db, Channels())
    tid = await entrants(tours, 2, rounds=1, size=2)
    await tours.start(tid, ORGANISER)
    await play(games, tours, tid)
    rows = await db.tournaments.places(GUILD, 101)
    assert rows.played == 1
    # The crash: the places never written (a test alone deletes them; the bot has no such statement).
    if hasattr(db, "execute"):
        await db.execute("DELETE FROM tournament_places")  # PostgreSQL
    else:
        await db.write(lambda conn: conn.execute("DELETE FROM tournament_places"))  # SQLite
    assert await db.tournaments.finished_unrecorded() == [tid]
    _, again = services(db, Channels())
    await again.resume_all()
    assert (await db.tournaments.places(GUILD, 101)).played == 1
    assert await db.tournaments.finished_unrecorded() == []


async def test_start_up_shows_again_a_recent_finish_and_no_older_one(db: Store) -> None:
    """A tournament that finished within the day is shown again at start-up (``SHOWN``: its
    writer posts the final standings a crash kept from going out, once); one finished earlier, or
    of another process's server, is left alone."""
    games, tours = services(db, Channels())
    tid = await entrants(tours, 2, rounds=1, size=2)
    await tours.start(tid, ORGANISER)
    await play(games, tours, tid)
    _, again = services(db, Channels())
    heard: list[TournamentChange] = []
    again.subscribe(heard.append)
    await again.resume_all(lambda guild: guild != GUILD)
    assert heard == []
    await again.resume_all()
    assert [(c.kind, c.snapshot.tournament_id, c.snapshot.stage) for c in heard] == [
        (TournamentKind.SHOWN, tid, T.Stage.FINISHED)
    ]
    assert await db.tournaments.recently_finished(db.now() + RESHOWN_FINISHED) == []


async def test_a_tournament_tables_game_has_no_rematch(db: Store) -> None:
    """The game of a tournament's table refuses a Rematch with the reason (the tournament pairs
    its next round), and its final says it was a tournament's; an ordinary game's does not."""
    games, tours = services(db, Channels())
    tid = await entrants(tours, 2, rounds=2, size=2)
    snap = await tours.start(tid, ORGANISER)
    await tours.pause(tid, ORGANISER)
    await play(games, tours, tid)
    (link,) = snap.tables
    assert link.game_id is not None
    final = await games.final(link.game_id)
    assert final is not None and final.tournament

    async def everyone(people: list[int]) -> set[int]:
        return set(people)

    with pytest.raises(Refusal) as refused:
        await games.rematch(link.channel_id, PEOPLE[101], link.game_id, everyone)
    assert refused.value.key == "rematch_tournament"
    assert await games.active(link.channel_id) is None  # nothing opened
    ordinary = await games.create(GUILD, CHANNEL + 1, Who(7, "Ana"), "basic")
    await games.cancel(CHANNEL + 1, Who(7, "Ana"))
    other = await games.final(ordinary.game.game_id)
    assert other is not None and not other.tournament
