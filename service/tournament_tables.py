"""The tournament service's core: the lock, the commit and the listeners of a tournament, and its
tables' games (:class:`TournamentCore`, which :class:`service.tournaments.Tournaments` is).

A change of a tournament runs under the tournament's :class:`asyncio.Lock`: read the stored row,
apply a pure transition of :mod:`rummy.tournament` (which refuses before it changes anything),
save the new document at the version read (:meth:`data.TournamentStorage.save`; if another
process saved meanwhile, the change is judged again on the stored row). Then, outside the lock,
every listener hears of it.

A round's tables are ordinary games, opened through the :class:`~service.games.GameService`:
for each table the link is written first (its channel, from :class:`TableChannels`, and who sits
at each seat), then the game (a lobby with its seats, started by the organiser, who hosts every
table and need not sit at one), then the game's id. Each step is idempotent, so
:meth:`TournamentCore.open_tables` run again (after a restart) finishes what a crash left. A
table's result comes from its game (:meth:`TournamentCore.check_table`): the game's end when it
finished, the current totals at the round's time limit or for a game closed without an end (it
was abandoned or cancelled); a table already recorded is left alone, so a result recorded twice
changes nothing, and a restart may check every game again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from collections.abc import Callable
from typing import Any

from data import StaleState, Store, TableLink, TournamentRow
from rummy import tournament as T
from rummy.errors import RummyError
from rummy.game import Player
from rummy.table import Table, TableStatus
from service.games import GameService
from service.model import ChangeKind, Outcome, Refusal, Who
from service.tournament_model import TableChannels, TournamentChange, TournamentKind, TournamentSnapshot
from service.tournament_places import final_places

log = logging.getLogger(__name__)

TournamentListener = Callable[[TournamentChange], None]
_ATTEMPTS = 5  # saves refused as stale before giving up (another process keeps saving)


class TournamentCore:
    """Tournaments on one store, their tables' games through ``games``."""

    def __init__(self, db: Store, games: GameService, channels: TableChannels, *, auto_advance: bool = True) -> None:
        self._db = db
        self.games = games
        self.channels = channels
        self.auto_advance = auto_advance  # a complete round pairs the next (unless paused) or finishes
        self._listeners: list[TournamentListener] = []
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._pending: set[asyncio.Task[None]] = set()
        games.subscribe(self._game_changed)

    def subscribe(self, listener: TournamentListener) -> None:
        """Call ``listener`` with every committed change from now on, after the commit, outside the lock."""
        self._listeners.append(listener)

    def lock(self, tournament_id: int) -> asyncio.Lock:
        lock = self._locks.get(tournament_id)
        if lock is None:
            lock = self._locks[tournament_id] = asyncio.Lock()
        return lock

    def now(self) -> float:
        return self._db.now().timestamp()

    # -- reading -----------------------------------------------------------------------------
    async def _row(self, tournament_id: int) -> TournamentRow:
        row = await self._db.tournaments.get(tournament_id)
        if row is None:
            raise Refusal("tournament_unknown")
        return row

    async def _snapshot(self, row: TournamentRow, t: T.Tournament | None = None) -> TournamentSnapshot:
        t = T.loads(row.state_json) if t is None else t
        links = tuple(await self._db.tournaments.tables(row.id))
        return TournamentSnapshot(row.id, row.guild_id, row.channel_id, row.version, t, row.message_id, links)

    async def get(self, tournament_id: int) -> TournamentSnapshot:
        """The tournament's committed state; refused (``tournament_unknown``) for no such id."""
        return await self._snapshot(await self._row(tournament_id))

    # -- the commit ----------------------------------------------------------------------------
    async def _change(
        self,
        tournament_id: int,
        kind: TournamentKind,
        transition: Callable[[T.Tournament], T.Tournament | None],
        table: int | None = None,
    ) -> TournamentSnapshot:
        """Apply ``transition`` (``None``: nothing to change) and save it; tell the listeners.
        Once a round is paired, its tables are opened before this returns."""
        async with self.lock(tournament_id):
            snap = await self._commit(tournament_id, transition)
            if snap is None:
                return await self.get(tournament_id)
            if kind is not TournamentKind.CANCEL:
                snap = await self._open_tables_or_warn(snap)
        self._tell(TournamentChange(kind, snap, table))
        return snap

    async def _open_tables_or_warn(self, snap: TournamentSnapshot) -> TournamentSnapshot:
        """The change is committed: a table that cannot be opened now (its channel, its game) is
        logged and left to :meth:`open_tables`, which the bot calls again (and at start-up)."""
        try:
            return await self._open_tables(snap)
        except Exception:
            log.warning(
                "tournament %s: a table of its round could not be opened yet", snap.tournament_id, exc_info=True
            )
            return await self.get(snap.tournament_id)

    async def open_tables(self, tournament_id: int) -> TournamentSnapshot:
        """Open the tables of the round in play still without a game started (idempotent)."""
        async with self.lock(tournament_id):
            return await self._open_tables(await self.get(tournament_id))

    async def _commit(
        self, tournament_id: int, transition: Callable[[T.Tournament], T.Tournament | None]
    ) -> TournamentSnapshot | None:
        for _ in range(_ATTEMPTS):
            row = await self._row(tournament_id)
            new = transition(T.loads(row.state_json))
            if new is None:
                return None
            new = self._advanced(new)
            try:
                saved = await self._db.tournaments.save(row.id, row.version, T.dumps(new), new.stage.value)
            except StaleState:
                continue
            snap = await self._snapshot(saved, new)
            if new.stage is T.Stage.FINISHED:
                await self.record_places(snap, saved)
            return snap
        raise Refusal("tournament_busy")

    async def record_places(self, snap: TournamentSnapshot, row: TournamentRow) -> None:
        """Write each person's final place (:mod:`service.tournament_places`; kept once written).
        The finish is committed already: a failure is logged, and start-up writes them again."""
        try:
            await self._db.tournaments.record_places(final_places(snap, row.updated_at))
        except Exception:
            log.exception("the places of tournament %s could not be recorded yet", snap.tournament_id)

    def _advanced(self, t: T.Tournament) -> T.Tournament:
        """A round just complete goes on: the event finishes when no round is left, else the next
        round is paired unless the tournament is paused (or the service does not advance)."""
        if t.stage is not T.Stage.BETWEEN_ROUNDS:
            return t
        if T.can_finish(t):
            return T.finish(t)
        if self.auto_advance and not t.paused:
            return T.next_round(t, now=self.now())
        return t

    def _tell(self, change: TournamentChange) -> None:
        for listener in self._listeners:
            try:
                listener(change)
            except Exception:
                log.exception("a listener failed on the change of tournament %s", change.snapshot.tournament_id)

    # -- the tables' games ---------------------------------------------------------------------
    async def _open_tables(self, snap: TournamentSnapshot) -> TournamentSnapshot:
        """Open every table of the round in play that has no result and no game started (under
        the tournament's lock). Idempotent: each step looks at what is stored first."""
        t, rnd = snap.tournament, snap.tournament.current
        if t.stage is not T.Stage.PLAYING or rnd is None:
            return snap
        opened = False
        for table in rnd.tables:
            if table.result is not None:
                continue
            link = snap.link(rnd.number, table.number)
            if link is None:
                channel = await self.channels(snap, rnd.number, table.number)
                seats = (*table.players, *([None] * table.fillers))
                link = await self._db.tournaments.link(
                    TableLink(snap.tournament_id, rnd.number, table.number, channel, seats)
                )
                opened = True
            if link.game_id is None:
                game = await self.games.active(link.channel_id)  # a crash came between the game and its link
                if game is None:
                    game = (await self.games.open_table(self._table_of(snap, link))).game
                link = await self._db.tournaments.set_game(link.tournament_id, link.round, link.table, game.game_id)
                opened = True
            game = await self.games.game(link.game_id) if link.game_id is not None else None
            if game is not None and game.status is TableStatus.LOBBY:
                await self.games.start(link.channel_id, Who(t.organiser, ""), game.game_id)
        if not opened:
            return snap
        return await self._snapshot(await self._row(snap.tournament_id), t)

    def _table_of(self, snap: TournamentSnapshot, link: TableLink) -> Table:
        """The lobby of a table: the tournament's preset, house rules and table options, its seats
        in order (a person, or a computer player for a computer entrant, a replaced person or a
        filler), hosted by the organiser, marked as the tournament's (so that computer players
        alone play it to its end: its result counts for the event)."""
        t = snap.tournament
        s = t.settings
        players: list[Player] = []
        for n, entrant_id in enumerate(link.seats, start=1):
            entrant = t.entrant(entrant_id) if entrant_id is not None else None
            if entrant is None:
                players.append(Player(f"bot:{n}", f"Bot {n} ({T.FILL_LEVEL})", T.FILL_LEVEL))
            elif entrant.played_by_computer:
                players.append(Player(f"bot:{n}", entrant.name, entrant.level or T.FILL_LEVEL))
            else:
                players.append(Player(str(entrant.id), entrant.name))
        return Table(
            snap.guild_id,
            link.channel_id,
            t.organiser,
            s.preset,
            overrides=dict(s.house_rules),
            options=s.options,
            players=players,
            seed=self.games.seed(),
            bots_added=len(players),
            tournament=snap.tournament_id,  # played to its end by computer players alone too
        )

    def _game_changed(self, out: Outcome[Any]) -> None:
        """The games' listener: a game that ended may be a tournament table's; its result is
        recorded in a task of this process (see :meth:`drain`)."""
        if out.ended and out.kind is not ChangeKind.CREATE:
            task = asyncio.get_running_loop().create_task(self._ended(out.game.game_id))
            self._pending.add(task)
            task.add_done_callback(self._pending.discard)

    async def _ended(self, game_id: int) -> None:
        try:
            await self.check_game(game_id)
        except Exception:
            log.exception("the end of game %s could not be recorded for its tournament", game_id)

    async def drain(self) -> None:
        """Wait until every result being recorded is (tests, and the bot's shutdown)."""
        while self._pending:
            await asyncio.gather(*list(self._pending), return_exceptions=True)

    async def check_game(self, game_id: int) -> TournamentSnapshot | None:
        """Record the result of the tournament table played by ``game_id`` if its game ended and it
        has none (nothing for a game of no tournament, or a table already recorded)."""
        link = await self._db.tournaments.table_of_game(game_id)
        if link is None:
            return None
        return await self.check_table(link.tournament_id, link.round, link.table)

    async def check_table(
        self, tournament_id: int, round: int, table: int, *, at_time_limit: bool = False
    ) -> TournamentSnapshot | None:
        """Record a table's result from its game: its end once it finished, its current totals at
        the time limit (``at_time_limit``; the game is then closed) or once it closed without an
        end. Returns the tournament after it, or ``None`` when nothing was to record."""
        closing: list[TableLink] = []
        async with self.lock(tournament_id):
            links = await self._db.tournaments.tables(tournament_id)
            link = next((x for x in links if (x.round, x.table) == (round, table)), None)
            game = await self.games.game(link.game_id) if link is not None and link.game_id is not None else None
            if link is None or game is None or game.table.game is None:
                return None
            played, seats = game.table.game, link.seats
            ended = game.status is TableStatus.OVER
            if game.active and not at_time_limit:
                return None

            def transition(t: T.Tournament) -> T.Tournament | None:
                rnd = t.current
                if t.stage is not T.Stage.PLAYING or rnd is None or rnd.number != round:
                    return None
                found = next((x for x in rnd.tables if x.number == table), None)
                if found is None or found.result is not None:
                    return None
                return T.record_result(t, table, T.table_result(played, seats, at_time_limit=not ended))

            snap = await self._commit(tournament_id, transition)
            if snap is None:
                return None
            if game.active:
                closing.append(link)
            snap = await self._open_tables_or_warn(snap)
        for closed in closing:
            await self._close_game(snap.tournament, closed)
        kind = TournamentKind.FINISH if snap.stage is T.Stage.FINISHED else TournamentKind.RESULT
        self._tell(TournamentChange(kind, snap, table))
        return snap

    async def _close_game(self, t: T.Tournament, link: TableLink) -> None:
        """Close a table's game that the tournament no longer waits for (the time limit, a cancel)."""
        if link.game_id is None:
            return
        with contextlib.suppress(Refusal, RummyError):  # it closed meanwhile
            await self.games.cancel(link.channel_id, Who(t.organiser, "", moderator=True))

    def _game_link(self, snap: TournamentSnapshot, player: int) -> TableLink | None:
        """The link of ``player``'s table of the round in play, once its game is open."""
        rnd = snap.tournament.current
        table = rnd.table_of(player) if rnd is not None and snap.stage is T.Stage.PLAYING else None
        link = snap.link(rnd.number, table.number) if rnd is not None and table is not None else None
        return (
            link
            if link is not None and link.game_id is not None and table is not None and table.result is None
            else None
        )

    async def _take_over(self, snap: TournamentSnapshot, player: int, level: str) -> None:
        """A computer player at ``level`` takes ``player``'s seat of their game in play (a replacement)."""
        link = self._game_link(snap, player)
        if link is None or player <= 0:
            return
        with contextlib.suppress(Refusal, RummyError):  # the game is over, or they already left it
            organiser = Who(snap.tournament.organiser, "", moderator=True)
            await self.games.take_over(link.channel_id, organiser, player, level)

    async def _leave_game(self, snap: TournamentSnapshot, player: int, organiser: bool) -> None:
        """Take ``player`` from their game of the round in play (a withdrawal, a removal): the
        game counts it as a forfeit."""
        rnd = snap.tournament.current
        table = rnd.table_of(player) if rnd is not None and snap.stage is T.Stage.PLAYING else None
        link = snap.link(rnd.number, table.number) if rnd is not None and table is not None else None
        if link is None or link.game_id is None or player <= 0:
            return
        with contextlib.suppress(Refusal, RummyError):  # the game is over, or they are no longer seated
            if organiser:
                await self.games.kick(link.channel_id, Who(snap.tournament.organiser, "", moderator=True), player)
            else:
                await self.games.leave(link.channel_id, Who(player, ""), link.game_id)
