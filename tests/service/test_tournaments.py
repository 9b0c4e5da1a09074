"""The tournament service on both stores: tournaments played to the end by computer players through
ordinary games, a restart in the middle of a round, results recorded once, the time limit, and
refusals that leave the stored tournament as it was."""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from data import Database, Store, open_store
from rummy import tournament as T
from rummy.ai import choose_action
from rummy.table import TableStatus
from rummy.table_options import TableOptions
from service.games import GameService
from service.model import Refusal, Who
from service.tournament_model import TournamentKind, TournamentSnapshot
from service.tournaments import Tournaments
from tests.cogs.conftest import CHANNEL, GUILD, Clock

ORGANISER, ANA, BEN = Who(1, "Orga"), Who(2, "Ana"), Who(3, "Ben")
FAST = {"game_length": 1, "hand_size": 3}  # one short deal a game
OPTIONS = TableOptions(hints=False, bot_pause=0)


def settings(fmt: T.Format = T.Format.SWISS, rounds: int | None = 3, size: int = 4, fill: bool = False) -> T.Settings:
    return T.Settings("Friday night", "basic", fmt, rounds, size, FAST, fill, options=OPTIONS)


class Channels:
    """The tables' channels: fresh ids, each table asked once."""

    def __init__(self) -> None:
        self.ids = itertools.count(50_000)
        self.asked: list[tuple[int, int, int]] = []

    async def __call__(self, snap: TournamentSnapshot, round: int, table: int) -> int:
        self.asked.append((snap.tournament_id, round, table))
        return next(self.ids)


def services(db: Store, channels: Channels, seed: int = 11) -> tuple[GameService, Tournaments]:
    """The game service (each game seeded by the next number: short deals) and the tournaments'."""
    deals = itertools.count(seed)
    games = GameService(db, seed=lambda: next(deals))
    return games, Tournaments(db, games, channels, seed=lambda: seed)


async def reopen(store_place: str | Path, clock: Clock) -> Any:
    if isinstance(store_place, Path):
        return await Database.open(store_place, clock=clock, synchronous="NORMAL")
    return await open_store(store_place, clock=clock)


PEOPLE = {n: Who(n, f"P{n}") for n in range(101, 121)}


async def entrants(tours: Tournaments, n: int, fmt: T.Format = T.Format.SWISS, **kw: Any) -> int:
    """A tournament of ``n`` people signed up (played by the computer players' choices)."""
    rounds = kw.pop("rounds", 3 if fmt is T.Format.SWISS else None)
    snap = await tours.create(GUILD, CHANNEL, ORGANISER, settings(fmt, rounds, **kw), may_organise=True)
    for who in list(PEOPLE.values())[:n]:
        await tours.sign_up(snap.tournament_id, who)
    return snap.tournament_id


async def play(
    games: GameService,
    tours: Tournaments,
    tid: int,
    *,
    tables: int | None = None,
    people: Mapping[int, Who] = PEOPLE,
) -> None:
    """Play the round's games to their end, move by move (``tables`` of them; all by default): a
    computer player's move as the timers make it, a person's (one of ``people``) by the computer
    players' choices (seeded); then wait for the results to be recorded."""
    rng = random.Random(tid)
    snap = await tours.get(tid)
    rnd = snap.tournament.current
    assert rnd is not None
    links = [x for x in snap.tables if x.round == rnd.number][:tables]
    for link in links:
        for _ in range(2_000):
            game = await games.active(link.channel_id)
            if game is None:
                break
            seat = game.table.turn
            assert seat is not None
            player = game.table.players[seat]
            if player.is_bot:
                await games.bot_move(link.channel_id, game.version)
            else:
                action = choose_action(game.table.view(seat), "normal", rng)
                await games.play(link.channel_id, people[int(player.id)], action)
        else:
            raise AssertionError("the game did not end")
    await tours.drain()


async def check_against_games(games: GameService, snap: TournamentSnapshot) -> None:
    """Every table's recorded result is the one its stored game gives."""
    for rnd in snap.tournament.rounds:
        for table in rnd.tables:
            link = snap.link(rnd.number, table.number)
            assert link is not None and link.game_id is not None
            game = await games.game(link.game_id)
            assert game is not None and game.table.game is not None
            assert table.result == T.table_result(game.table.game, link.seats)


async def test_a_swiss_of_nine_played_through_a_restart(
    db: Store, store_place: str | Path, clock: Clock, tmp_path: Path
) -> None:
    """9 players, 3 rounds at tables of 4 (3 entrants and a filler each): a restart in
    the middle of round 2, and a new service on the same store records the rest."""
    channels = Channels()
    games, tours = services(db, channels)
    tid = await entrants(tours, 9, size=4, fill=True)
    changes: list[TournamentKind] = []
    tours.subscribe(lambda c: changes.append(c.kind))
    snap = await tours.start(tid, ORGANISER)
    assert [t.seats for t in snap.tournament.rounds[0].tables] == [4, 4, 4]
    assert len(snap.tables) == 3 and all(x.game_id is not None for x in snap.tables)
    await play(games, tours, tid)
    mid = await tours.get(tid)
    assert len(mid.tournament.rounds) == 2 and mid.stage is T.Stage.PLAYING  # round 2 paired at once
    await play(games, tours, tid, tables=1)
    await db.close()

    db = await reopen(store_place, clock)
    try:
        games, tours = services(db, channels, seed=31)
        (resumed,) = await tours.resume_all()
        assert resumed.tournament_id == tid and len(resumed.tournament.rounds) == 2
        await play(games, tours, tid)
        await play(games, tours, tid)
        final = await tours.get(tid)
        assert final.stage is T.Stage.FINISHED and len(final.tournament.rounds) == 3
        assert len(final.tables) == 9 and len(set(channels.asked)) == len(channels.asked) == 9
        await check_against_games(games, final)
        standings = final.standings()
        assert sorted(s.player for s in standings) == sorted(e.id for e in final.tournament.entrants)
        assert sum(s.points for s in standings) > 0 and await tours.open_tournaments() == []
    finally:
        await db.close()
    assert TournamentKind.START in changes and TournamentKind.RESULT in changes


async def test_a_knockout_of_eight(db: Store) -> None:
    """8 players at tables of 4: two tables, then a final table of 4, and a champion."""
    games, tours = services(db, Channels())
    tid = await entrants(tours, 8, T.Format.KNOCKOUT, size=4)
    await tours.start(tid, ORGANISER)
    await play(games, tours, tid)
    await play(games, tours, tid)
    final = await tours.get(tid)
    assert final.stage is T.Stage.FINISHED
    assert [len(r.tables) for r in final.tournament.rounds] == [2, 1]
    assert final.tournament.rounds[1].tables[0].seats == 4
    await check_against_games(games, final)
    champion = final.standings()[0].player
    last = final.tournament.rounds[-1].tables[0].result
    assert last is not None and last.of(champion).place == 1


async def test_a_result_recorded_twice_changes_nothing(db: Store) -> None:
    """Checking a finished table's game again (a restart does) keeps the tournament's version."""
    games, tours = services(db, Channels())
    tid = await entrants(tours, 2, rounds=2, size=2)
    snap = await tours.start(tid, ORGANISER)
    await tours.pause(tid, ORGANISER)
    await play(games, tours, tid)
    done = await tours.get(tid)
    assert done.stage is T.Stage.BETWEEN_ROUNDS and done.tournament.paused  # held back by the pause
    (link,) = snap.tables
    assert link.game_id is not None
    assert await tours.check_game(link.game_id) is None
    assert (await tours.get(tid)).version == done.version
    again = await tours.resume(tid, ORGANISER)
    assert len(again.tournament.rounds) == 2 and again.stage is T.Stage.PLAYING


async def test_the_time_limit_ends_a_table_on_its_current_totals(db: Store, clock: Clock) -> None:
    """Before the deadline nothing changes; after it, a table in its first deal is a draw and its
    game is closed."""
    games, tours = services(db, Channels())
    snap = await tours.create(GUILD, CHANNEL, ORGANISER, settings(rounds=1, size=2), may_organise=True)
    tid = snap.tournament_id
    for who in (ANA, BEN):
        await tours.sign_up(tid, who)
    started = await tours.start(tid, ORGANISER)
    assert (await tours.time_limit(tid)).version == started.version
    clock.advance(90 * 60)
    ended = await tours.time_limit(tid)
    (table,) = ended.tournament.rounds[0].tables
    assert table.result is not None and table.result.timed_out
    assert [r.place for r in table.result.players] == [1, 1]
    assert ended.stage is T.Stage.FINISHED
    game = await games.game(ended.tables[0].game_id or 0)
    assert game is not None and not game.active
    await tours.drain()  # the closed game's end is heard, and changes nothing
    assert (await tours.get(tid)).version == ended.version


async def test_a_withdrawal_in_play_forfeits_the_table(db: Store) -> None:
    """A player who withdraws mid-game leaves it: the table ends at once, and they forfeit."""
    _, tours = services(db, Channels())
    snap = await tours.create(GUILD, CHANNEL, ORGANISER, settings(rounds=2, size=2), may_organise=True)
    tid = snap.tournament_id
    for who in (ANA, BEN):
        await tours.sign_up(tid, who)
    await tours.start(tid, ORGANISER)
    await tours.withdraw(tid, ANA)
    await tours.drain()
    after = await tours.get(tid)
    result = after.tournament.rounds[0].tables[0].result
    assert result is not None and result.of(ANA.id).forfeited and not result.of(BEN.id).forfeited
    assert after.stage is T.Stage.FINISHED  # one player left: no round to pair


@pytest.mark.parametrize(
    ("who", "call"),
    [
        (BEN, "start"),  # not the organiser
        (ORGANISER, "start_alone"),  # too few players
        (ANA, "sign_up"),  # already signed up
        (BEN, "pause"),  # not started
        (BEN, "cancel"),  # not the organiser
        (BEN, "next_round"),  # not the organiser
    ],
)
async def test_refusals_leave_the_stored_tournament_unchanged(db: Store, who: Who, call: str) -> None:
    games, tours = services(db, Channels())
    snap = await tours.create(GUILD, CHANNEL, ORGANISER, settings(), may_organise=True)
    tid = snap.tournament_id
    await tours.sign_up(tid, ANA)
    before = await db.tournaments.get(tid)
    actions = {
        "start": lambda: tours.start(tid, who),
        "start_alone": lambda: tours.start(tid, who),
        "sign_up": lambda: tours.sign_up(tid, who),
        "pause": lambda: tours.pause(tid, ORGANISER),
        "cancel": lambda: tours.cancel(tid, who),
        "next_round": lambda: tours.next_round(tid, who),
    }
    with pytest.raises((T.TournamentError, Refusal)):
        await actions[call]()
    assert await db.tournaments.get(tid) == before
    assert await db.tournaments.tables(tid) == [] and await games.active_channels() == []


async def test_only_an_organiser_creates(db: Store) -> None:
    _, tours = services(db, Channels())
    with pytest.raises(Refusal) as refused:
        await tours.create(GUILD, CHANNEL, ANA, settings(), may_organise=False)
    assert refused.value.key == "tournament_not_allowed" and await db.tournaments.list_open() == []
    with pytest.raises(Refusal, match="tournament_unknown"):
        await tours.sign_up(12345, ANA)


async def test_a_table_of_computer_players_alone_is_played_to_its_end(db: Store) -> None:
    """A tournament's table of computer players alone is played (its result counts for the event):
    its game finishes, the table's places are the game's, and nobody is rated (no result rows)."""
    games, tours = services(db, Channels())
    snap = await tours.create(GUILD, CHANNEL, ORGANISER, settings(rounds=1, size=2), may_organise=True)
    for _ in range(2):
        await tours.add_computer(snap.tournament_id, ORGANISER, "easy")
    started = await tours.start(snap.tournament_id, ORGANISER)
    await tours.drain()
    assert (await tours.get(snap.tournament_id)).stage is T.Stage.PLAYING  # not recorded at its start
    (link,) = started.tables
    game = await games.game(link.game_id or 0)
    assert game is not None and game.active and game.table.tournament == snap.tournament_id
    await play(games, tours, snap.tournament_id)
    done = await tours.get(snap.tournament_id)
    assert done.stage is T.Stage.FINISHED
    await check_against_games(games, done)
    result = done.tournament.rounds[0].tables[0].result
    assert result is not None and not result.timed_out
    game = await games.game(link.game_id or 0)
    assert game is not None and game.status is TableStatus.OVER
    assert await db.games.results(link.game_id or 0) == []
    assert await db.leaderboard.leaderboard(GUILD, "basic", include_bots=True) == []


async def test_the_last_person_leaving_lets_the_computer_players_finish(db: Store) -> None:
    """Ana withdraws from a table of her and two computer players: they play it to its end."""
    games, tours = services(db, Channels())
    snap = await tours.create(GUILD, CHANNEL, ORGANISER, settings(rounds=1, size=3), may_organise=True)
    tid = snap.tournament_id
    await tours.sign_up(tid, ANA)
    for _ in range(2):
        await tours.add_computer(tid, ORGANISER, "easy")
    await tours.start(tid, ORGANISER)
    await tours.withdraw(tid, ANA)
    await tours.drain()
    assert (await tours.get(tid)).stage is T.Stage.PLAYING
    await play(games, tours, tid)
    done = await tours.get(tid)
    assert done.stage is T.Stage.FINISHED
    await check_against_games(games, done)
    result = done.tournament.rounds[0].tables[0].result
    assert result is not None and result.of(ANA.id).forfeited and not result.timed_out


class Failing(Channels):
    """Channels that fail once, at the second table asked: a crash in the middle of a round's opening."""

    def __init__(self) -> None:
        super().__init__()
        self.failed = False

    async def __call__(self, snap: TournamentSnapshot, round: int, table: int) -> int:
        if table == 2 and not self.failed:
            self.failed = True
            raise RuntimeError("the thread could not be opened")
        return await super().__call__(snap, round, table)


async def test_a_round_whose_opening_failed_is_opened_by_resume_all(db: Store) -> None:
    """The start is committed though a table could not be opened: its first table keeps its game,
    and resume_all opens the rest, once."""
    channels = Failing()
    games, tours = services(db, channels)
    tid = await entrants(tours, 4, rounds=1, size=2)
    cut = await tours.start(tid, ORGANISER)  # committed: the table left is logged, to open later
    assert cut == await tours.get(tid)
    assert cut.stage is T.Stage.PLAYING and [x.table for x in cut.tables] == [1]
    (resumed,) = await tours.resume_all()
    assert [x.table for x in resumed.tables] == [1, 2] and resumed.tables[0] == cut.tables[0]
    assert all(x.game_id is not None for x in resumed.tables)
    assert len(await games.active_channels()) == 2
    assert await tours.resume_all() == [await tours.get(tid)]  # again: nothing to open
