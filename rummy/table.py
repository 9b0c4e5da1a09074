"""A table: the lobby where players gather, then the game they play. Pure: no I/O, no Discord.

A :class:`Table` is the document the bot stores for one channel (``games.state_json``): who
hosts, which preset and house rules, the seats (people and computer players), the table
options (:mod:`rummy.table_options`: turn timer, computer pause, hints), the status, the
consecutive timeouts of each seat, the public log of recent events, the computer players'
memories (opaque documents), once started the :class:`~rummy.game.Game`, a standing
proposal to end a deal that goes nowhere (:mod:`rummy.stall`), and the tournament it is a table
of, if any (its computer players play on when no person is left). It round-trips through
:meth:`Table.to_json`.

The lobby's rules (join, leave, kick, computer players, house rules, start, cancel) are in
:mod:`rummy.lobby`, which also defines :class:`TableStatus` and the :class:`LobbyError` family;
both are re-exported here. Each checks first and then changes the table, raising an error whose
``str()`` a player can read ("The table is full.") and leaving the table untouched. Game actions
go through :meth:`Table.act`, which names the player whose turn it is when someone plays out of
turn.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from rummy import actions as act
from rummy import lobby, stall
from rummy.deal import Event
from rummy.errors import IllegalAction, NotYourTurn
from rummy.game import Game, Player
from rummy.lobby import BOT_LEVELS as BOT_LEVELS
from rummy.lobby import LobbyError as LobbyError
from rummy.lobby import NotHost as NotHost
from rummy.lobby import NotSeated as NotSeated
from rummy.lobby import TableStatus as TableStatus
from rummy.rules import Rules, find_preset
from rummy.serialize import (
    event_from_json,
    game_from_json,
    game_to_json,
    player_to_json,
    shared_rules,
    stored,
    stored_event,
    upgrade_overrides,
)
from rummy.stall import EndVote
from rummy.table_options import TableOptions
from rummy.view import PlayerView, view_for

# 2: the lobby's house rules may no longer hold ``deal_cap`` (see rummy.serialize); 3: ``end_vote``;
# 4: ``tournament``
TABLE_SCHEMA = 4
MAX_TIMEOUTS = 3  # consecutive timeouts after which a player is dropped
MAX_AUTO_ACTIONS = 40  # more actions than any turn needs: a guard against a looping safe play
RECENT_EVENTS = 6  # public events kept for the game message, which shows them all (current deal only)
DEFAULT_PRESET = "basic"

# The play made for a player whose turn timer ran out: one action from that player's own view (the
# caller passes the computer players' ``rummy.ai.safe_action``; the table does not import them).
SafePlay = Callable[[PlayerView], act.Action]


def _plain_copy(value: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists, scalars), e.g. a computer player's memory."""
    if isinstance(value, dict):
        return {k: _plain_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain_copy(v) for v in value]
    return value


def _closing(events: list[Event], closed: Event) -> list[Event]:
    """The events of a change that closed the table without a result: the engine's ``game_over``
    (which names a winner as if the game had been played out) gives way to ``closed``: a
    ``walkover`` (its seat: the one person left) or ``abandoned`` (no person left)."""
    return [e for e in events if e.kind != "game_over"] + [closed]


@dataclass(slots=True)
class Table:
    """One channel's table. Seats are indices into :attr:`players` (and the game's players)."""

    guild_id: int
    channel_id: int
    host_id: int
    preset: str = DEFAULT_PRESET
    overrides: dict[str, Any] = field(default_factory=dict)
    options: TableOptions = field(default_factory=TableOptions)
    players: list[Player] = field(default_factory=list)
    status: TableStatus = TableStatus.LOBBY
    seed: int | None = None  # None: cryptographically random shuffles (play); tests seed
    game: Game | None = None
    timeouts: dict[int, int] = field(default_factory=dict)  # seat -> consecutive timeouts
    memories: dict[int, dict[str, Any]] = field(default_factory=dict)  # computer seat -> memory
    recent: list[Event] = field(default_factory=list)  # public events, newest last
    bots_added: int = 0  # computer players ever added (their ids stay unique)
    end_vote: EndVote | None = None  # a proposal to end a deal that goes nowhere (rummy.stall)
    # The tournament whose round's table this is (None: an ordinary table). Its game is played to
    # its end by computer players alone too: the table's result matters to the event.
    tournament: int | None = None

    @classmethod
    def new(
        cls,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        preset: str | None = None,
        seed: int | None = None,
    ) -> Table:
        """A lobby with its host seated. Raises :class:`BadRules` for an unknown preset."""
        rules = find_preset(preset or DEFAULT_PRESET)
        return cls(guild_id, channel_id, host_id, rules.name, seed=seed, players=[Player(str(host_id), host_name)])

    @classmethod
    def rematch(
        cls, old: Table, host_id: int, host_name: str, here: Collection[int], seed: int | None = None
    ) -> tuple[Table, list[Player]]:
        """A new lobby in ``old``'s channel once ``old`` closed: the same preset, house rules and table
        options, hosted by ``host_id``. The people of ``old`` who are ``here`` (still in the channel)
        are seated again in their order, as four friends at a table expect (anyone may leave before
        the start), then its computer players at their levels, while seats last. Returns the table
        and the people of ``old`` not seated (gone from the channel, or no seat left)."""
        if old.status.active:
            raise LobbyError("This game is not over yet.", key="rematch_not_over")
        table = cls(
            old.guild_id,
            old.channel_id,
            host_id,
            old.preset,
            overrides=_plain_copy(old.overrides),
            options=old.options,
            seed=seed,
            players=[Player(str(host_id), host_name)],
        )
        return table, lobby.seat_again(table, old, here)

    def copy(self) -> Table:
        """A table equal to this one that shares nothing a move changes, for a change that must
        not touch a table others still read. Several times faster than a round trip through
        :meth:`to_json` (which the bot used to do at every action)."""
        new = object.__new__(Table)  # every field set by name, as in Deal.copy
        new.guild_id = self.guild_id
        new.channel_id = self.channel_id
        new.host_id = self.host_id
        new.preset = self.preset
        new.overrides = _plain_copy(self.overrides)
        new.options = self.options
        new.players = list(self.players)
        new.status = self.status
        new.seed = self.seed
        new.game = self.game.copy() if self.game is not None else None
        new.timeouts = dict(self.timeouts)
        new.memories = _plain_copy(self.memories)
        new.recent = list(self.recent)
        new.bots_added = self.bots_added
        new.end_vote = self.end_vote  # immutable
        new.tournament = self.tournament
        return new

    # -- queries ---------------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        if self.game is not None:
            return self.game.rules
        return shared_rules(self.preset, self.overrides)

    @property
    def max_players(self) -> int:
        return self.rules.max_players

    def seat_of(self, user_id: int) -> int | None:
        for i, p in enumerate(self.players):
            if not p.is_bot and p.id == str(user_id):
                return i
        return None

    def seat_for(self, user_id: int) -> int:
        """The seat of a person, or :class:`NotSeated` (saying so when a computer player took it over)."""
        seat = self.seat_of(user_id)
        if seat is None:
            if any(self.taken_over(s) and p.id == str(user_id) for s, p in enumerate(self.players)):
                raise NotSeated("A computer player plays your seat now: you were replaced.", key="seat_taken_over")
            raise NotSeated("You are not playing at this table.", key="not_seated")
        return seat

    def taken_over(self, seat: int) -> bool:
        """Whether a computer player plays ``seat`` in place of the person who sat there
        (:meth:`take_over`): it keeps that person's id, where a computer seated as one has ``bot:<n>``."""
        p = self.players[seat]
        return p.is_bot and not p.id.startswith("bot:")

    def user_id(self, seat: int) -> int | None:
        """The Discord id of the person in ``seat`` (None for a computer player)."""
        p = self.players[seat]
        return None if p.is_bot else int(p.id)

    @property
    def active_seats(self) -> list[int]:
        if self.game is not None:
            return self.game.active_seats
        return list(range(len(self.players)))

    @property
    def humans_left(self) -> list[int]:
        """Seats of people still in the game (not dropped; an eliminated player lost, but played)."""
        dropped = set(self.game.dropped) if self.game is not None else set()
        return [s for s, p in enumerate(self.players) if not p.is_bot and s not in dropped]

    @property
    def turn(self) -> int | None:
        """The seat to move, when a deal is in progress."""
        deal = self.game.deal if self.game else None
        if self.status is not TableStatus.PLAYING or deal is None or deal.over:
            return None
        return deal.turn

    @property
    def turn_key(self) -> tuple[int, int, int] | None:
        """Changes whenever a new turn starts: (deal, turns completed, seat)."""
        seat = self.turn
        if seat is None or self.game is None or self.game.deal is None:
            return None
        return (self.game.deal.number, self.game.deal.turns, seat)

    def view(self, seat: int | None) -> PlayerView:
        """What ``seat`` (None: a spectator) may see, the standing proposal to end the deal included."""
        if self.game is None:
            raise LobbyError("The game has not started yet.", key="not_started_yet")
        return view_for(self.game, seat, stall.live(self))

    def leaderboard_id(self, seat: int) -> int:
        """The player's id for results: a person's Discord id; a computer player gets a stable
        negative id per level and per rank among the computer players of that level here."""
        p = self.players[seat]
        if not p.is_bot:
            return int(p.id)
        level = p.bot_level or "normal"
        # The seats a computer player took over from a person are not counted (so the ids of the
        # table's own computer players stay what they were); such a seat itself gets the 0th id.
        nth = sum(1 for s, q in enumerate(self.players[: seat + 1]) if q.bot_level == level and not self.taken_over(s))
        return -(100 * (BOT_LEVELS.index(level) + 1) + nth) if level in BOT_LEVELS else -(900 + nth)

    # -- lobby (its rules are in rummy.lobby) -------------------------------------------------
    def join(self, user_id: int, name: str) -> None:
        lobby.join(self, user_id, name)

    def leave(self, user_id: int) -> list[Event]:
        """Leave the lobby, or leave the game in play (the seat is dropped)."""
        return lobby.leave(self, user_id)

    def kick(self, by: int, user_id: int, moderator: bool = False) -> list[Event]:
        """Remove a person (host or moderator only): from the lobby, or dropped from the game."""
        return lobby.kick(self, by, user_id, moderator)

    def add_bot(self, by: int, level: str = "normal") -> Player:
        return lobby.add_bot(self, by, level)

    def remove_bot(self, by: int) -> Player:
        """Remove the computer player added last."""
        return lobby.remove_bot(self, by)

    def set(self, by: int, name: str, value: str) -> str:
        """Set a house rule (a knob of the rules) or a table option; returns the value as shown."""
        return lobby.set_rule(self, by, name, value)

    def start(self, by: int) -> list[Event]:
        return self._note(lobby.start(self, by))

    def cancel(self, by: int, moderator: bool = False) -> None:
        """Cancel the lobby or the game in play (host or moderator). Never counts on a leaderboard."""
        lobby.cancel(self, by, moderator)

    def expire(self) -> None:
        """The lobby waited too long, or the game went idle: it closes without a result."""
        lobby.expire(self)

    # -- play ------------------------------------------------------------------------------
    def act(self, seat: int, action: act.Action, *, auto: bool = False) -> list[Event]:
        """Apply a player's action. ``auto`` marks a move the bot made for a timed-out player
        (it does not reset their timeout count)."""
        if self.status is not TableStatus.PLAYING or self.game is None:
            if self.status is TableStatus.LOBBY:
                raise LobbyError("The game has not started yet.", key="not_started_yet")
            raise LobbyError("This game is over.", key="game_over")
        turn = self.turn
        if turn is not None and seat != turn and seat in self.active_seats:
            raise NotYourTurn(
                f"It's {self.players[turn].name}'s turn.", key="turn_of", params={"name": self.players[turn].name}
            )
        events = self.game.apply(seat, action)
        if not auto:
            self.timeouts.pop(seat, None)
        return self._note(events)

    def note_timeout(self, seat: int) -> int:
        """Count one more timeout in a row for ``seat``; returns the count."""
        self.timeouts[seat] = self.timeouts.get(seat, 0) + 1
        return self.timeouts[seat]

    def time_out(self, seat: int, safe_play: SafePlay) -> tuple[list[Event], int, bool]:
        """``seat``'s turn timer ran out: count it; at :data:`MAX_TIMEOUTS` in a row the player is
        dropped, otherwise their turn is finished with ``safe_play`` (see :meth:`play_safe_turn`).
        Returns (events, timeouts in a row, dropped)."""
        count = self.note_timeout(seat)
        if count >= MAX_TIMEOUTS:
            return self.drop(seat), count, True
        return self.play_safe_turn(seat, safe_play), count, False

    def play_safe_turn(self, seat: int, safe_play: SafePlay) -> list[Event]:
        """Finish ``seat``'s turn with ``safe_play`` (e.g. :func:`rummy.ai.safe_action`: draw, least
        harmful discard), asked for one action at a time from the player's own view only."""
        if self.game is None:
            raise LobbyError("The game has not started yet.", key="not_started_yet")
        key = self.turn_key
        events: list[Event] = []
        for _ in range(MAX_AUTO_ACTIONS):
            if self.turn_key != key or self.turn != seat:
                return events
            events += self.act(seat, safe_play(view_for(self.game, seat)), auto=True)
        raise IllegalAction("The safe play did not end the turn.", key="safe_play_stuck")

    def take_over(self, by: int, user_id: int, level: str, moderator: bool = False) -> list[Event]:
        """A computer player at ``level`` plays ``user_id``'s seat of the game in play from now on
        (host or moderator only; see :func:`rummy.lobby.take_over`)."""
        events = lobby.take_over(self, by, user_id, level, moderator)
        if user_id == self.host_id and events[0].seat is not None:
            events += self._pass_host(events[0].seat)
        return self._note(events)

    # -- a deal that goes nowhere (its rules are in rummy.stall) --------------------------------
    def propose_end(self, seat: int) -> list[Event]:
        """``seat`` (a person dealt in) proposes to end the deal, which goes nowhere; it ends when
        every person dealt in agrees (at once if the others are computer players)."""
        return self._note(stall.propose(self, seat))

    def agree_end(self, seat: int) -> list[Event]:
        """``seat`` agrees to end the deal; the last agreement ends it, nobody scoring."""
        return self._note(stall.agree(self, seat))

    def decline_end(self, seat: int) -> list[Event]:
        """``seat`` declines: the proposal to end the deal is withdrawn."""
        return self._note(stall.decline(self, seat))

    def drop(self, seat: int) -> list[Event]:
        if self.game is None or self.status is not TableStatus.PLAYING:
            raise LobbyError("The game has not started yet.", key="not_started_yet")
        if seat not in self.active_seats:
            raise LobbyError(
                f"{self.players[seat].name} has already left the game.",
                key="already_left",
                params={"name": self.players[seat].name},
            )
        events = self.game.drop(seat)
        if self.user_id(seat) == self.host_id:
            events += self._pass_host(seat)
        return self._note(events)

    def _pass_host(self, seat: int) -> list[Event]:
        """The host left the game: the next person still playing (after their seat) hosts now."""
        left = self.humans_left
        if not left:
            return []
        heir = min(left, key=lambda s: (s - seat) % len(self.players))
        self.host_id = int(self.players[heir].id)
        return [Event("new_host", heir)]

    @property
    def plays_alone(self) -> bool:
        """Whether computer players go on with no person left: a tournament's table does (its
        result counts for the event); an ordinary table is abandoned (:meth:`_note`)."""
        return self.tournament is not None

    @property
    def rated(self) -> bool:
        """Whether a finished game goes on the leaderboards: only if a person played it to its end
        (a tournament's table of computer players alone gives nobody a rating, computer players
        included)."""
        return self.status is TableStatus.OVER and bool(self.humans_left)

    @property
    def walkover(self) -> bool:
        """The game ended because all but one player left (or were dropped): it never counts. A
        person left alone wins by walkover (the ``walkover`` event says so in place of
        ``game_over``); a computer player left alone does not (no person is left: ``abandoned``)."""
        if self.game is None or self.game.outcome is None:
            return False
        return len(self.players) - len(set(self.game.dropped)) < 2

    def _note(self, events: list[Event]) -> list[Event]:
        """Settle a proposal to end the deal (it lapses, or ends the deal: see rummy.stall), update
        the status, and keep the recent public events (of this deal, from how the last one ended)."""
        events = events + stall.settle(self)
        if self.game is not None and self.status is TableStatus.PLAYING:
            alone = not self.humans_left
            if alone and (not self.plays_alone or self.walkover):
                # even if the engine ended it: bots alone never count, but at a tournament's table,
                # where they play on until one of them is left
                self.status = TableStatus.ABANDONED
                events = _closing(events, Event("abandoned", None))
            elif self.walkover:
                self.status = TableStatus.ABANDONED  # a walkover never counts on a leaderboard
                events = _closing(events, Event("walkover", self.humans_left[0]))
            elif self.game.outcome is not None:
                self.status = TableStatus.OVER
        recent = self.recent + events
        ends = [i for i, e in enumerate(recent) if e.kind == "deal_over"]
        if ends:
            recent = recent[ends[-1] :]
        self.recent = recent[-RECENT_EVENTS:]
        return events

    # -- storage ---------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "table_schema": TABLE_SCHEMA,
            "guild": self.guild_id,
            "channel": self.channel_id,
            "host": self.host_id,
            "preset": self.preset,
            "overrides": dict(self.overrides),
            "options": stored(self.options, TableOptions.to_json),
            "players": [player_to_json(p) for p in self.players],
            "status": self.status.value,
            "seed": self.seed,
            "timeouts": {str(k): v for k, v in self.timeouts.items()},
            "memories": {str(k): v for k, v in self.memories.items()},
            "recent": [stored_event(e) for e in self.recent],
            "bots_added": self.bots_added,
            "game": game_to_json(self.game) if self.game is not None else None,
            "end_vote": self.end_vote.to_json() if self.end_vote is not None else None,
            "tournament": self.tournament,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Table:
        version = data.get("table_schema")
        if version not in (1, 2, 3, TABLE_SCHEMA):
            raise ValueError(f"table document schema {version!r} is not 1 to {TABLE_SCHEMA}")
        overrides = dict(data["overrides"])
        vote = data["end_vote"] if version >= 3 else None
        tournament = data["tournament"] if version >= 4 else None
        return cls(
            guild_id=int(data["guild"]),
            channel_id=int(data["channel"]),
            host_id=int(data["host"]),
            preset=data["preset"],
            overrides=upgrade_overrides(overrides) if version == 1 else overrides,
            options=TableOptions.from_json(data["options"]),
            players=[Player(p["id"], p["name"], p["bot"]) for p in data["players"]],
            status=TableStatus(data["status"]),
            seed=data["seed"],
            timeouts={int(k): int(v) for k, v in data["timeouts"].items()},
            memories={int(k): v for k, v in data["memories"].items()},
            recent=[event_from_json(e) for e in data["recent"]],
            bots_added=int(data["bots_added"]),
            game=game_from_json(data["game"]) if data["game"] is not None else None,
            end_vote=EndVote.from_json(vote) if vote is not None else None,
            tournament=int(tournament) if tournament is not None else None,
        )
