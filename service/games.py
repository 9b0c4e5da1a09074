"""The game service: the one way a table changes (see :mod:`service.core` for how a change is
locked, committed and told). :class:`GameService` is what the cogs, the board and the timers hold:
reading a game, the lobby, a player's moves, ending a deal that goes nowhere, and (from
:class:`~service.clock.ClockSteps`) the timers' steps.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Collection
from datetime import timedelta

from data import ChannelBusy, GameRow, GameStatus
from rummy import actions as act
from rummy.deal import Event
from rummy.record import GameRecord, RecordError, record_of
from rummy.serialize import event_from_json
from rummy.table import Table, TableStatus
from service.cache import dump_table
from service.clock import ClockSteps
from service.commit import EVENTS
from service.core import Applied
from service.hints import Advice
from service.model import (
    BotSeat,
    ChangeKind,
    Final,
    GameSnapshot,
    Outcome,
    PlayerSnapshot,
    RatingChange,
    Refusal,
    Rematched,
    Setting,
    Who,
)

log = logging.getLogger(__name__)

SCORES_KEPT = timedelta(hours=24)  # /scores still shows an ended game's sheet this long
TABLE_KEPT = timedelta(hours=24)  # /table still shows an ended game's final state this long


class GameService(ClockSteps):
    """The only door to a game."""

    # -- reading -----------------------------------------------------------------------------
    async def current(self, channel_id: int, game_id: int | None = None) -> GameSnapshot:
        """The channel's active game (and, given ``game_id``, only if it is that game); refused if none."""
        return self._snapshot(await self._active_row(channel_id, game_id))

    async def active(self, channel_id: int) -> GameSnapshot | None:
        """The channel's active game, if it has one."""
        row = await self._db.games.get_active(channel_id)
        return None if row is None else self._snapshot(row)

    async def game(self, game_id: int) -> GameSnapshot | None:
        """Any game by id, active or not (buttons and the board carry the game id)."""
        row = await self._db.games.get(game_id)
        return None if row is None else self._snapshot(row)

    async def active_channels(self, guilds: Callable[[int], bool] | None = None) -> list[int]:
        """The channels that hold an active game (lobby or in play), without loading the games; given
        ``guilds``, only those of the servers it accepts (a process's own shards)."""
        rows = await self._db.games.list_active()
        return [row.channel_id for row in rows if guilds is None or guilds(row.guild_id)]

    async def active_games(self, guild_id: int) -> list[int]:
        """The ids of a server's active games (lobby or in play)."""
        return [row.id for row in await self._db.games.list_active() if row.guild_id == guild_id]

    async def private_view(self, channel_id: int, user_id: int, game_id: int | None = None) -> PlayerSnapshot:
        """The asking player's own view (their hand); refused to anyone not seated."""
        game = await self.current(channel_id, game_id)
        seat = game.table.seat_for(user_id)
        if game.table.game is None:
            raise Refusal("not_started")
        return PlayerSnapshot(game, game.table.view(seat))

    async def advice(self, player: PlayerSnapshot) -> Advice | None:
        """``player``'s advice at their snapshot's version (worked out once per version and seat,
        see :class:`~service.hints.AdviceCache`), or None at a table with hints off."""
        game = player.game
        if not game.table.options.hints:
            return None
        return await self.hints.advice(game.game_id, game.version, player.view, game.table.game)

    async def score_sheet(self, channel_id: int) -> GameSnapshot:
        """The game whose score sheet ``/scores`` shows: the active one, or the channel's last
        game for :data:`SCORES_KEPT` after it ended."""
        try:
            return await self.current(channel_id)
        except Refusal:
            row = await self._db.games.latest(channel_id)
            if row is None or row.status.is_active or row.updated_at + SCORES_KEPT < self.now():
                raise
        game = self._snapshot(row)
        if game.table.game is None:
            raise Refusal("no_table")
        return game

    async def final(self, game_id: int) -> Final | None:
        """A game that ended, as it was left, with its rating changes if it counted; None while it is
        active, or for no such game."""
        row = await self._db.games.get(game_id)
        if row is None or row.status.is_active:
            return None
        return await self._final(row)

    async def last_game(self, channel_id: int) -> Final:
        """What ``/table`` shows when the channel has no table open: its last game, for
        :data:`TABLE_KEPT` after it ended, if it was played (refused otherwise, as ``no_table``)."""
        row = await self._db.games.latest(channel_id)
        if row is None or row.status.is_active or row.updated_at + TABLE_KEPT < self.now():
            raise Refusal("no_table")
        final = await self._final(row)
        if final.table.game is None:
            raise Refusal("no_table")
        return final

    async def _final(self, row: GameRow) -> Final:
        game = self._snapshot(row)
        tournament = await self.in_tournament(row.id)
        if game.status is not TableStatus.OVER:
            return Final(game, tournament=tournament)
        results = await self._db.games.results(row.id)
        changes = tuple(RatingChange(r.result.seat, r.rating_change, r.rating_after.ordinal) for r in results)
        return Final(game, changes, tournament)

    async def in_tournament(self, game_id: int) -> bool:
        """Whether ``game_id`` is the game of a tournament's table (:mod:`service.tournament_tables`
        links each table to its game in the store)."""
        return await self._db.tournaments.table_of_game(game_id) is not None

    async def record(self, guild_id: int, game_id: int) -> GameRecord:
        """The record of a finished game of the server ``guild_id`` (:mod:`rummy.record`): deal by
        deal, the moves as the table saw them, the hands laid face up at each deal's end with their
        points, the totals. Any member of the server may read it: it holds only what the table
        showed everyone (never a card drawn and not shown, never the stock). Refused
        (``record_unknown``) for no such game or another server's, (``record_not_finished``) for a
        game in play, cancelled or abandoned, and (``record_missing``) for one whose log does not
        tell it (played before the log kept the table's events)."""
        row = await self._db.games.get(game_id)
        if row is None or row.guild_id != guild_id:
            raise Refusal("record_unknown")
        if row.status is not GameStatus.FINISHED:
            raise Refusal("record_not_finished")
        log_rows = await self._db.games.actions(game_id)
        start = next((a for a in log_rows if a.kind == ChangeKind.START.value), None)
        if start is None or EVENTS not in start.payload:
            raise Refusal("record_missing")
        events = [event_from_json(e) for a in log_rows for e in a.payload.get(EVENTS, ())]
        try:
            return record_of(self.tables.shared(row), events, game_id)
        except (RecordError, KeyError, TypeError, ValueError):
            log.exception("the log of game %s does not make a record", game_id)
            raise Refusal("record_missing") from None

    async def set_message(self, game_id: int, message_id: int | None) -> None:
        """Remember the game's public message (not an action: the version is unchanged)."""
        await self._db.games.set_message(game_id, message_id)

    # -- the lobby ---------------------------------------------------------------------------
    async def create(self, guild_id: int, channel_id: int, who: Who, preset: str | None) -> Outcome[None]:
        """A new lobby hosted by ``who``, from the server's defaults (:mod:`service.defaults`): the
        ``preset`` named, else the server's default preset; the server's house rules of that
        preset; the server's table options. The host changes any of them before the start."""
        defaults = await self.defaults.get(guild_id)
        async with self.lock(channel_id):
            table = defaults.open_table(guild_id, channel_id, who.id, who.name, preset, seed=self.seed())
            row = await self._db.games.create_game(guild_id, channel_id, who.id, table.preset, dump_table(table))
        return self._tell(Outcome(ChangeKind.CREATE, self._snapshot(row, table), None, seat=0))

    async def open_table(self, table: Table) -> Outcome[None]:
        """A lobby for a table built with its seats (a tournament's: :mod:`service.tournaments`),
        committed like :meth:`create`; its host starts it with :meth:`start`. The host need not be
        seated. Raises :class:`~data.ChannelBusy` if its channel has a table open."""
        if table.status is not TableStatus.LOBBY:
            raise ValueError("only a lobby is opened")
        async with self.lock(table.channel_id):
            row = await self._db.games.create_game(
                table.guild_id, table.channel_id, table.host_id, table.preset, dump_table(table)
            )
        return self._tell(Outcome(ChangeKind.CREATE, self._snapshot(row, table), None))

    async def rematch(
        self, channel_id: int, who: Who, game_id: int, here: Callable[[list[int]], Awaitable[Collection[int]]]
    ) -> Outcome[Rematched]:
        """A new lobby in the channel of ``game_id``, which ended, hosted by ``who``: the same preset,
        house rules and table options, its people seated again if still in the channel (``here``
        tells which of them are: the caller asks Discord; ``who`` always is) and its computer
        players added at their levels (:meth:`Table.rematch`). Committed like :meth:`create`;
        refused for another channel's game (``game_closed``), for a tournament's table
        (``rematch_tournament``: the tournament pairs its next round) and while the channel has a
        table open (``rematch_busy``)."""
        old = await self._db.games.get(game_id)
        if old is None or old.channel_id != channel_id:
            raise Refusal("game_closed")
        if await self.in_tournament(game_id):  # the tournament pairs the next round
            raise Refusal("rematch_tournament")
        previous = self.tables.shared(old)
        present = {*await here([int(p.id) for p in previous.players if not p.is_bot]), who.id}
        async with self.lock(channel_id):
            if await self._db.games.get_active(channel_id) is not None:
                raise Refusal("rematch_busy")
            table, left_out = Table.rematch(previous, who.id, who.name, present, seed=self.seed())
            try:
                row = await self._db.games.create_game(
                    old.guild_id, channel_id, who.id, table.preset, dump_table(table)
                )
            except ChannelBusy:  # another process opened one meanwhile
                raise Refusal("rematch_busy") from None
        detail = Rematched(game_id, tuple(p.name for p in left_out))
        return self._tell(Outcome(ChangeKind.CREATE, self._snapshot(row, table), detail, seat=0))

    async def join(self, channel_id: int, who: Who, game_id: int | None = None) -> Outcome[None]:
        def change(t: Table) -> Applied[None]:
            t.join(who.id, who.name)
            return Applied([], None)

        return await self._change(channel_id, game_id, ChangeKind.JOIN, who.id, change, {"name": who.name})

    async def leave(self, channel_id: int, who: Who, game_id: int | None = None) -> Outcome[None]:
        return await self._change(
            channel_id, game_id, ChangeKind.LEAVE, who.id, lambda t: Applied(t.leave(who.id), None), {}
        )

    async def kick(self, channel_id: int, who: Who, target: int) -> Outcome[None]:
        def change(t: Table) -> Applied[None]:
            return Applied(t.kick(who.id, target, who.moderator), None)

        return await self._change(channel_id, None, ChangeKind.KICK, who.id, change, {"target": target})

    async def take_over(self, channel_id: int, who: Who, target: int, level: str) -> Outcome[None]:
        """A computer player at ``level`` plays ``target``'s seat of the game in play from now on
        (host or moderator: a tournament's organiser replacing a missing person)."""

        def change(t: Table) -> Applied[None]:
            return Applied(t.take_over(who.id, target, level, who.moderator), None)

        payload = {"target": target, "level": level}
        return await self._change(channel_id, None, ChangeKind.TAKE_OVER, who.id, change, payload)

    async def start(self, channel_id: int, who: Who, game_id: int | None = None) -> Outcome[None]:
        return await self._change(
            channel_id, game_id, ChangeKind.START, who.id, lambda t: Applied(t.start(who.id), None), {}
        )

    async def cancel(self, channel_id: int, who: Who) -> Outcome[None]:
        def change(t: Table) -> Applied[None]:
            t.cancel(who.id, who.moderator)
            return Applied([], None)

        return await self._change(channel_id, None, ChangeKind.CANCEL, who.id, change, {})

    async def add_bot(self, channel_id: int, who: Who, level: str) -> Outcome[BotSeat]:
        def change(t: Table) -> Applied[BotSeat]:
            return Applied([], BotSeat(t.add_bot(who.id, level).name))

        return await self._change(channel_id, None, ChangeKind.ADD_BOT, who.id, change, {"level": level})

    async def remove_bot(self, channel_id: int, who: Who) -> Outcome[BotSeat]:
        def change(t: Table) -> Applied[BotSeat]:
            return Applied([], BotSeat(t.remove_bot(who.id).name))

        return await self._change(channel_id, None, ChangeKind.REMOVE_BOT, who.id, change, {})

    async def configure(self, channel_id: int, who: Who, name: str, value: str) -> Outcome[Setting]:
        def change(t: Table) -> Applied[Setting]:
            return Applied([], Setting(name.strip().lower(), t.set(who.id, name, value)))

        payload = {"name": name, "value": value}
        return await self._change(channel_id, None, ChangeKind.CONFIGURE, who.id, change, payload)

    # -- play --------------------------------------------------------------------------------
    async def play(self, channel_id: int, who: Who, action: act.Action, game_id: int | None = None) -> Outcome[None]:
        """A seated player's action; refused out of turn, or when the rules say no."""

        def change(t: Table) -> Applied[None]:
            seat = t.seat_for(who.id)
            return Applied(t.act(seat, action), None, seat)

        payload = act.action_to_json(action)
        return await self._change(channel_id, game_id, ChangeKind.PLAY, who.id, change, payload, payload["type"])

    # -- a deal that goes nowhere (rummy.stall) ---------------------------------------------------
    async def propose_end(self, channel_id: int, who: Who, game_id: int | None = None) -> Outcome[None]:
        """A person dealt in proposes to end the deal, which goes nowhere (and agrees to it); with
        only computer players besides, the deal ends at once."""
        return await self._end_vote(channel_id, who, game_id, ChangeKind.END_PROPOSE, Table.propose_end)

    async def agree_end(self, channel_id: int, who: Who, game_id: int | None = None) -> Outcome[None]:
        """A person dealt in agrees to the standing proposal; the last agreement ends the deal."""
        return await self._end_vote(channel_id, who, game_id, ChangeKind.END_AGREE, Table.agree_end)

    async def decline_end(self, channel_id: int, who: Who, game_id: int | None = None) -> Outcome[None]:
        """A person dealt in declines the standing proposal: it is withdrawn, and play goes on."""
        return await self._end_vote(channel_id, who, game_id, ChangeKind.END_DECLINE, Table.decline_end)

    async def _end_vote(
        self,
        channel_id: int,
        who: Who,
        game_id: int | None,
        kind: ChangeKind,
        vote: Callable[[Table, int], list[Event]],
    ) -> Outcome[None]:
        def change(t: Table) -> Applied[None]:
            seat = t.seat_for(who.id)
            return Applied(vote(t, seat), None, seat)

        return await self._change(channel_id, game_id, kind, who.id, change, {})
