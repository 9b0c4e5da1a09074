"""The organiser's controls of issue 31 on both stores: a start time the service keeps (the
tournament starts at it, or waits for its organiser), a replaced person's seat of the game in play
taken over at once by a computer player (and what the leaderboards make of it), and the server's
organisers' role kept by the settings."""

from __future__ import annotations

import dataclasses

from data import Store
from rummy import tournament as T
from service.model import ChangeKind, Outcome, Who
from service.settings import ServerSettings
from service.tournament_model import TournamentKind
from tests.cogs.conftest import CHANNEL, GUILD, Clock
from tests.service.test_tournaments import ORGANISER, PEOPLE, Channels, entrants, play, services, settings

P1, P2 = PEOPLE[101], PEOPLE[102]


async def test_the_start_time_starts_it_or_it_waits_for_the_organiser(db: Store, clock: Clock) -> None:
    """Before its time nothing is due; at it, one entrant is too few: it waits (its listeners told),
    sign-ups stay open, the organiser starts it by hand. Another with two entrants starts by itself,
    its tables open, read from the store by a service made afresh (a restart)."""
    channels = Channels()
    _, tours = services(db, channels)
    at = clock.now.timestamp() + 3600
    timed = dataclasses.replace(settings(rounds=1, size=2), starts_at=at)
    lonely = (await tours.create(GUILD, CHANNEL, ORGANISER, timed, may_organise=True)).tournament_id
    await tours.sign_up(lonely, P1)
    kinds: list[TournamentKind] = []
    tours.subscribe(lambda change: kinds.append(change.kind))
    before = await tours.get(lonely)
    assert (await tours.start_due(lonely)).version == before.version
    clock.advance(3600)
    waiting = await tours.start_due(lonely)
    assert waiting.stage is T.Stage.SIGN_UP and waiting.tournament.waiting and kinds == [TournamentKind.WAIT]
    assert (await tours.start_due(lonely)).version == waiting.version  # told once
    await tours.sign_up(lonely, P2)
    assert (await tours.start(lonely, ORGANISER)).stage is T.Stage.PLAYING

    later = dataclasses.replace(timed, starts_at=clock.now.timestamp() + 60)
    full = (await tours.create(GUILD, CHANNEL + 1, ORGANISER, later, may_organise=True)).tournament_id
    for who in (P1, P2):
        await tours.sign_up(full, who)
    clock.advance(60)
    _, fresh = services(db, channels)
    started = await fresh.start_due(full)
    assert started.stage is T.Stage.PLAYING and started.tournament.rounds[0].started_at == clock.now.timestamp()
    assert len(started.tables) == 1 and started.tables[0].game_id is not None


async def test_a_replaced_person_s_seat_in_play_is_a_computer_player_s_at_once(db: Store) -> None:
    """Replaced mid-game, P2's seat is played by a computer player at the fill level from where it
    was, hand and score kept (its turn line told); P2 no longer acts there. The game goes on to its
    end, the table's result counts the computer player's play for P2's place in the tournament,
    and the leaderboards take P2 as having left the game: ranked last, rated as such."""
    games, tours = services(db, Channels())
    tid = await entrants(tours, 2, rounds=1, size=2)
    snap = await tours.start(tid, ORGANISER)
    (link,) = snap.tables
    assert link.game_id is not None
    before = await games.game(link.game_id)
    assert before is not None and before.table.game is not None and before.table.game.deal is not None
    seat = before.table.seat_for(P2.id)
    hand = list(before.table.game.deal.hands[seat])
    heard: list[Outcome[object]] = []
    games.subscribe(heard.append)
    await tours.replace(tid, ORGANISER, P2.id)
    taken = await games.game(link.game_id)
    assert taken is not None and taken.table.game is not None and taken.table.game.deal is not None
    assert taken.table.taken_over(seat) and taken.table.players[seat].bot_level == T.FILL_LEVEL
    assert list(taken.table.game.deal.hands[seat]) == hand and taken.active
    assert [o.kind for o in heard][:1] == [ChangeKind.TAKE_OVER]
    assert [e.kind for e in heard[0].events][:1] == ["taken_over"]
    await play(games, tours, tid)
    final = await tours.get(tid)
    assert final.stage is T.Stage.FINISHED
    result = final.tournament.rounds[0].tables[0].result
    ended = await games.game(link.game_id)
    assert result is not None and ended is not None and ended.table.game is not None
    assert result == T.table_result(ended.table.game, link.seats)  # the computer player's play counts
    rows = {r.result.user_id: r.result for r in await db.games.results(link.game_id)}
    assert set(rows) == {P1.id, P2.id}  # no row for the computer player: it played P2's seat
    assert rows[P2.id].rank == 2 and not rows[P2.id].won and not rows[P2.id].is_bot
    assert rows[P1.id].rank == 1 and rows[P1.id].won


async def test_a_replacement_between_games_changes_no_game(db: Store) -> None:
    """Replaced before any table opens, a person's seats are a computer player's from the first
    table on, as before: nothing is taken over."""
    games, tours = services(db, Channels())
    tid = await entrants(tours, 3, rounds=1, size=4)
    heard: list[ChangeKind] = []
    games.subscribe(lambda out: heard.append(out.kind))
    replaced = await tours.replace(tid, ORGANISER, P2.id, may_organise=True)
    assert replaced.tournament.entrant(P2.id) == T.Entrant(
        P2.id, P2.name, status=T.EntrantStatus.REPLACED, level=T.FILL_LEVEL
    )
    assert heard == []


async def test_the_organisers_role_is_kept_and_read_back(db: Store) -> None:
    """The role an admin names is cached and stored; a new process's settings read it back."""
    kept = ServerSettings(db)
    await kept.load()
    assert kept.organiser_role(GUILD) is None and kept.organiser_role(None) is None
    await kept.set_organiser_role(GUILD, 777)
    again = ServerSettings(db)
    await again.load()
    assert again.organiser_role(GUILD) == 777
    await again.set_organiser_role(GUILD, None)
    assert again.organiser_role(GUILD) is None


async def test_a_computer_entrant_added_by_the_organiser(db: Store) -> None:
    """add_computer at a level: an entrant of that level, refused to another member (the reason)."""
    _, tours = services(db, Channels())
    tid = await entrants(tours, 1, rounds=1, size=2)
    snap = await tours.add_computer(tid, ORGANISER, "hard")
    (bot,) = [e for e in snap.tournament.entrants if e.computer]
    assert bot.level == "hard" and bot.id < 0
    try:
        await tours.add_computer(tid, Who(999, "Eve"), "easy")
    except T.NotOrganiser as refused:
        assert refused.key == "tournament_only_organiser"
    else:
        raise AssertionError("another member added a computer player")
