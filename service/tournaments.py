"""The tournament service: the only door to a tournament (issue 31). No Discord types in here.

:class:`Tournaments` is what the cogs and the timers hold. Every change is a pure transition of
:mod:`rummy.tournament` committed before the method returns (see
:mod:`service.tournament_tables` for the lock, the version check and the tables' games), and
returns the :class:`~service.tournament_model.TournamentSnapshot` after it. Refusals are raised
before anything changes: the rules' :class:`~rummy.tournament.TournamentError` family (its ``key``
is a ``rules-tournament-*`` message) and the service's :class:`~service.model.Refusal`
(``tournament_not_allowed``, ``tournament_unknown``, ``tournament_busy``).

Who may organise is the caller's to say (``may_organise``: Manage Server, or the role the server
names): creating needs it; every other control is the organiser's or, with ``may_organise``, any
organiser's of the server. Signing up and withdrawing are each person's own.

A start time is typed by the organiser and read in the bot's time zone
(:meth:`Tournaments.start_time`, :mod:`service.tournament_time`); the clock calls
:meth:`Tournaments.start_due` once it comes.

The timers call :meth:`Tournaments.time_limit` when :meth:`~TournamentSnapshot.round_deadline`
comes; :meth:`Tournaments.resume_all` at start-up finishes what a restart left (tables to open,
games that ended while the bot was down, a deadline passed).
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Mapping
from datetime import timedelta
from zoneinfo import ZoneInfo

from data import Store
from rummy import tournament as T
from service.games import GameService
from service.model import Refusal, Who
from service.tournament_model import TableChannels, TournamentChange, TournamentKind, TournamentSnapshot
from service.tournament_tables import TournamentCore
from service.tournament_time import DEFAULT_ZONE, parse_start, zone

__all__ = ["Tournaments"]

log = logging.getLogger(__name__)

RESHOWN_FINISHED = timedelta(days=1)  # how recent a finish start-up shows again (see resume_all)
RATED_SEEDS = 200  # the server's best rated players read to seed a tournament (the others: the draw)


class Tournaments(TournamentCore):
    """The only door to a tournament: creating, entrants, rounds, the organiser's controls."""

    def __init__(
        self,
        db: Store,
        games: GameService,
        channels: TableChannels,
        *,
        seed: Callable[[], int] = lambda: secrets.randbits(62),
        auto_advance: bool = True,
        tz: ZoneInfo | None = None,
    ) -> None:
        super().__init__(db, games, channels, auto_advance=auto_advance)
        self.seed = seed
        self.tz = tz if tz is not None else zone(DEFAULT_ZONE)  # the wall clock of typed start times

    def start_time(self, text: str) -> float:
        """The start ``text`` names (``20:30``, ``21h``, ``04/12 20:30``...) in the bot's zone, in
        UNIX seconds; refused (``tournament_start_*``) when unreadable, past or too far ahead."""
        return parse_start(text, self._db.now(), self.tz)

    # -- reading -------------------------------------------------------------------------------
    async def open_tournaments(self, guilds: Callable[[int], bool] | None = None) -> list[TournamentSnapshot]:
        """The tournaments not over, of the servers ``guilds`` accepts (a process's own shards)."""
        rows = await self._db.tournaments.list_open()
        return [await self._snapshot(row) for row in rows if guilds is None or guilds(row.guild_id)]

    async def shown(self, guild_id: int) -> None:
        """What the server's tournaments' messages show changed outside them (its organisers'
        role): each of them not over is told to its listeners again, unchanged (``SHOWN``)."""
        for snap in await self.open_tournaments(lambda guild: guild == guild_id):
            self._tell(TournamentChange(TournamentKind.SHOWN, snap))

    async def set_message(self, tournament_id: int, message_id: int | None) -> None:
        """Remember the tournament's public message (not a change: the version is unchanged)."""
        await self._db.tournaments.set_message(tournament_id, message_id)

    async def claim_standings(self, tournament_id: int, round: int) -> bool:
        """Claim the message of ``round``'s standings: True once (for one caller, even across
        processes and restarts), False for a round already claimed or older than one claimed."""
        return await self._db.tournaments.claim_standings(tournament_id, round)

    async def release_standings(self, tournament_id: int, round: int) -> None:
        """Give back the claim of ``round`` (its message could not be posted: the next try posts it)."""
        await self._db.tournaments.release_standings(tournament_id, round)

    # -- creating and entrants -----------------------------------------------------------------
    async def create(
        self, guild_id: int, channel_id: int, who: Who, settings: T.Settings, *, may_organise: bool
    ) -> TournamentSnapshot:
        """A tournament open for sign-ups in ``channel_id``, organised by ``who``; its seed is drawn
        with :mod:`secrets`. Refused (``tournament_not_allowed``) without ``may_organise``."""
        if not may_organise:
            raise Refusal("tournament_not_allowed")
        t = T.new(settings, who.id, self.seed())
        row = await self._db.tournaments.create(guild_id, channel_id, who.id, t.stage.value, T.dumps(t))
        snap = await self._snapshot(row, t)
        self._tell(TournamentChange(TournamentKind.CREATE, snap))
        return snap

    async def sign_up(self, tournament_id: int, who: Who) -> TournamentSnapshot:
        return await self._change(tournament_id, TournamentKind.SIGN_UP, lambda t: T.sign_up(t, who.id, who.name))

    async def add_computer(
        self, tournament_id: int, who: Who, level: str = T.FILL_LEVEL, *, may_organise: bool = False
    ) -> TournamentSnapshot:
        """The organiser enters a computer player (named after its number and level)."""

        def transition(t: T.Tournament) -> T.Tournament:
            name = f"Bot {t.computers_added + 1} ({level})"
            return T.add_computer(t, who.id, level, name, moderator=may_organise)

        return await self._change(tournament_id, TournamentKind.ADD_COMPUTER, transition)

    async def withdraw(self, tournament_id: int, who: Who) -> TournamentSnapshot:
        """``who`` leaves the event; a game of theirs in play is left too (a forfeit)."""
        snap = await self._change(tournament_id, TournamentKind.WITHDRAW, lambda t: T.withdraw(t, who.id))
        await self._leave_game(snap, who.id, organiser=False)
        return snap

    async def remove(
        self, tournament_id: int, who: Who, player: int, *, may_organise: bool = False
    ) -> TournamentSnapshot:
        """The organiser takes ``player`` out; a game of theirs in play drops them (a forfeit)."""
        snap = await self._change(
            tournament_id, TournamentKind.REMOVE, lambda t: T.remove(t, who.id, player, moderator=may_organise)
        )
        await self._leave_game(snap, player, organiser=True)
        return snap

    async def replace(
        self, tournament_id: int, who: Who, player: int, level: str = T.FILL_LEVEL, *, may_organise: bool = False
    ) -> TournamentSnapshot:
        """A computer player at ``level`` plays ``player``'s place from now on: at the next tables,
        and at once in their game in play, from their seat with their hand (the person no longer
        acts there; for the leaderboards they left the game then: see docs/tournaments.md)."""
        snap = await self._change(
            tournament_id, TournamentKind.REPLACE, lambda t: T.replace(t, who.id, player, level, moderator=may_organise)
        )
        await self._take_over(snap, player, level)
        return snap

    # -- rounds --------------------------------------------------------------------------------
    async def start(self, tournament_id: int, who: Who, *, may_organise: bool = False) -> TournamentSnapshot:
        """Close the sign-ups, seed by the server's ratings of the preset, pair round 1 and open its
        tables (one game each), all committed before this returns."""
        row = await self._row(tournament_id)
        preset = T.loads(row.state_json).settings.preset
        ratings = await self._ratings(row.guild_id, preset)
        now = self.now()
        return await self._change(
            tournament_id,
            TournamentKind.START,
            lambda t: T.start(t, who.id, moderator=may_organise, ratings=ratings, now=now),
        )

    async def start_due(self, tournament_id: int) -> TournamentSnapshot:
        """The start time came (the clock calls this): the tournament starts as its organiser would
        start it, or with too few entrants it waits for the organiser (its message says so).
        Nothing changes before the time, or once started or waiting."""
        snap = await self.get(tournament_id)
        t = snap.tournament
        now = self.now()
        if T.start_due(t, now) is None:
            return snap
        enough = len(t.playing) >= T.MIN_ENTRANTS
        ratings = await self._ratings(snap.guild_id, t.settings.preset) if enough else {}
        kind = TournamentKind.START if enough else TournamentKind.WAIT
        return await self._change(tournament_id, kind, lambda t: T.start_due(t, now, ratings))

    async def next_round(self, tournament_id: int, who: Who, *, may_organise: bool = False) -> TournamentSnapshot:
        """Pair the next round by hand (the service pairs it itself when a round ends, unless the
        tournament is paused); refused to anyone but the organiser."""

        def transition(t: T.Tournament) -> T.Tournament:
            _organiser(t, who, may_organise)
            return T.next_round(t, now=self.now())

        return await self._change(tournament_id, TournamentKind.ROUND, transition)

    async def pause(self, tournament_id: int, who: Who, *, may_organise: bool = False) -> TournamentSnapshot:
        """Hold back the next round (the round in play goes on)."""
        return await self._change(
            tournament_id, TournamentKind.PAUSE, lambda t: T.pause(t, who.id, moderator=may_organise)
        )

    async def resume(self, tournament_id: int, who: Who, *, may_organise: bool = False) -> TournamentSnapshot:
        """Let the next round come: between rounds, it is paired at once."""
        return await self._change(
            tournament_id, TournamentKind.RESUME, lambda t: T.resume(t, who.id, moderator=may_organise)
        )

    async def cancel(self, tournament_id: int, who: Who, *, may_organise: bool = False) -> TournamentSnapshot:
        """End the tournament without standings; its games in play are cancelled (never counted)."""
        snap = await self._change(
            tournament_id, TournamentKind.CANCEL, lambda t: T.cancel(t, who.id, moderator=may_organise)
        )
        for link in snap.tables:
            if link.game_id is not None:
                game = await self.games.game(link.game_id)
                if game is not None and game.active:
                    await self._close_game(snap.tournament, link)
        return snap

    # -- the clock and the restart -------------------------------------------------------------
    async def time_limit(self, tournament_id: int) -> TournamentSnapshot:
        """The round's time is up (the timers call this at :meth:`~TournamentSnapshot.round_deadline`):
        every table still playing ends with its current totals, and its game is closed. Before the
        deadline, or with no round in play, nothing changes."""
        snap = await self.get(tournament_id)
        deadline = snap.round_deadline()
        rnd = snap.tournament.current
        if deadline is None or rnd is None or self.now() < deadline:
            return snap
        for table in rnd.tables:
            if table.result is None:
                done = await self.check_table(tournament_id, rnd.number, table.number, at_time_limit=True)
                snap = done if done is not None else snap
        return await self.get(tournament_id)

    async def resume_all(self, guilds: Callable[[int], bool] | None = None) -> list[TournamentSnapshot]:
        """At start-up: for each tournament not over (of the servers ``guilds`` accepts), open the
        tables a crash left unopened, record the games that ended meanwhile, and apply a time limit
        that passed; and write the places of a finished tournament that has none. Idempotent."""
        resumed = []
        for snap in await self.open_tournaments(guilds):
            snap = await self.open_tables(snap.tournament_id)
            for link in snap.tables:
                if link.game_id is not None:
                    await self.check_game(link.game_id)
            resumed.append(await self.time_limit(snap.tournament_id))
        for tournament_id in await self._db.tournaments.finished_unrecorded():  # a crash after the finish
            row = await self._row(tournament_id)
            if guilds is None or guilds(row.guild_id):
                await self.record_places(await self._snapshot(row), row)
        # A crash after the finish and before its final standings were posted: shown again (the
        # writer posts each round's standings once, so a tournament whose end went out is only redrawn).
        since = self._db.now() - RESHOWN_FINISHED
        for tournament_id in await self._db.tournaments.recently_finished(since):
            row = await self._row(tournament_id)
            if guilds is None or guilds(row.guild_id):
                self._tell(TournamentChange(TournamentKind.SHOWN, await self._snapshot(row)))
        return resumed

    async def _ratings(self, guild_id: int, preset: str) -> Mapping[int, float]:
        board = await self._db.leaderboard.leaderboard(guild_id, preset, limit=RATED_SEEDS)
        return {s.user_id: s.rating for s in board}


def _organiser(t: T.Tournament, who: Who, may_organise: bool) -> None:
    if who.id != t.organiser and not may_organise:
        raise T.NotOrganiser("Only the organiser can do that.", key="tournament_only_organiser")
