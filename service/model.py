"""The values the game service hands out: snapshots of a game, what a change did, what a game waits for.

Every value here is frozen, and none holds a database row. A snapshot's ``table`` is the table of
that committed version, shared by every reader of it (see :mod:`service.cache`): readers never
change it. Closed sets are enums (:class:`ChangeKind`, :class:`StepKind`); what one kind of change
adds is a small dataclass in :attr:`Outcome.detail` (:class:`BotSeat`, :class:`Setting`,
:class:`TimedOut`, :class:`Expired`, :class:`Rematched`), ``None`` for the others. A game that
ended is read as a :class:`Final`: its last snapshot and, when it counted, each seat's
:class:`RatingChange`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Generic, TypeVar

from rummy.deal import Event
from rummy.table import Table, TableStatus
from rummy.view import PlayerView


class Refusal(Exception):
    """A request the service turns down before touching a table; ``key`` is a message key."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


@dataclass(frozen=True)
class Who:
    """The person asking: Discord id, display name, and whether they may moderate."""

    id: int
    name: str
    moderator: bool = False


class ChangeKind(enum.StrEnum):
    """What a committed change was. The value is the kind the action log records, except for a
    player's move (:attr:`PLAY`), logged as its action type (``draw``, ``meld``...), and for the
    creation of a table, which is not an action."""

    CREATE = "create"
    JOIN = "join"
    LEAVE = "leave"
    KICK = "kick"
    START = "start"
    CANCEL = "cancel"
    ADD_BOT = "addbot"
    REMOVE_BOT = "removebot"
    CONFIGURE = "set"
    PLAY = "play"
    BOT = "bot"  # a computer player's move
    TIMEOUT = "timeout"  # the turn timer ran out
    EXPIRE = "expire"  # a lobby nobody started, or a game nobody played, closed
    END_PROPOSE = "end_propose"  # a person proposes to end a deal that goes nowhere (rummy.stall)
    END_AGREE = "end_agree"  # a person agrees to it (the last agreement ends the deal)
    END_DECLINE = "end_decline"  # a person declines: the proposal is withdrawn
    TAKE_OVER = "take_over"  # a computer player plays a replaced person's seat of the game in play


class StepKind(enum.Enum):
    """What a game waits for next (see :class:`Step`)."""

    BOT = "bot"  # a computer player's move
    TIMEOUT = "timeout"  # the turn timer of a person
    EXPIRE = "expire"  # the lobby's, or an idle game's, expiry


@dataclass(frozen=True, slots=True)
class GameSnapshot:
    """One committed version of one game, for reading.

    ``expires_at`` is when a lobby closes unless it starts (None once it started); ``message_id``
    is the board's public message, if one was posted.
    """

    game_id: int
    guild_id: int
    channel_id: int
    version: int
    table: Table
    message_id: int | None = None
    turn_deadline: datetime | None = None
    expires_at: datetime | None = None

    @property
    def status(self) -> TableStatus:
        return self.table.status

    @property
    def active(self) -> bool:
        """A lobby or a game in play (it holds its channel)."""
        return self.table.status.active

    def view(self, seat: int | None) -> PlayerView | None:
        """What ``seat`` sees (None: a spectator), or None before the game started."""
        return self.table.view(seat) if self.table.game is not None else None


@dataclass(frozen=True, slots=True)
class PlayerSnapshot:
    """A seated player's own look at one version of a game: their view holds their hand."""

    game: GameSnapshot
    view: PlayerView

    @property
    def seat(self) -> int:
        assert self.view.seat is not None, "a player's view has a seat"
        return self.view.seat


@dataclass(frozen=True, slots=True)
class ClosedGame:
    """A game closed without being read (its stored document could not be loaded)."""

    game_id: int
    guild_id: int
    channel_id: int


@dataclass(frozen=True, slots=True)
class BotSeat:
    """The computer player seated (:attr:`ChangeKind.ADD_BOT`) or removed (:attr:`ChangeKind.REMOVE_BOT`)."""

    name: str


@dataclass(frozen=True, slots=True)
class Setting:
    """A house rule or table option changed (:attr:`ChangeKind.CONFIGURE`): its name, its value as shown."""

    name: str
    value: str


@dataclass(frozen=True, slots=True)
class TimedOut:
    """A turn timer that ran out (:attr:`ChangeKind.TIMEOUT`): the player's count of timeouts, and
    whether it dropped them."""

    count: int
    dropped: bool


@dataclass(frozen=True, slots=True)
class Expired:
    """A table closed for want of play (:attr:`ChangeKind.EXPIRE`): where it was."""

    was: TableStatus


@dataclass(frozen=True, slots=True)
class Rematched:
    """A rematch opened (an :attr:`ChangeKind.CREATE` of a table from an ended one): the game it
    follows, and the people of that game not seated again (no longer in the channel)."""

    previous: int
    not_seated: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RatingChange:
    """How a finished game moved one seat's rating on its server (the preset's track): the change,
    and the rating after it."""

    seat: int
    change: float
    rating: float


@dataclass(frozen=True, slots=True)
class Final:
    """A game that ended, as it was left: its last snapshot, the rating changes when it counted
    (none for a cancelled or abandoned game, a walkover included), and whether it was a
    tournament's table."""

    game: GameSnapshot
    ratings: tuple[RatingChange, ...] = ()
    tournament: bool = False  # a tournament's table: no Rematch (its next round is the tournament's)

    @property
    def table(self) -> Table:
        return self.game.table

    def rating_of(self, seat: int) -> RatingChange | None:
        return next((r for r in self.ratings if r.seat == seat), None)


D = TypeVar("D")  # the detail of one kind of change: one of the dataclasses above, or None


@dataclass(frozen=True, slots=True)
class Outcome(Generic[D]):
    """What a committed change did: the game after it, the public events, and the kind's detail."""

    kind: ChangeKind
    game: GameSnapshot
    detail: D
    events: tuple[Event, ...] = ()
    seat: int | None = None  # the seat that acted, if any
    new_turn: bool = False  # a (new) player is to move: worth telling the channel

    @property
    def table(self) -> Table:
        return self.game.table

    @property
    def ended(self) -> bool:
        return not self.game.active

    def view(self, seat: int | None) -> PlayerView | None:
        return self.game.view(seat)


@dataclass(frozen=True, slots=True)
class Step:
    """The next thing a game waits for, at the version it was planned from."""

    kind: StepKind
    at: datetime
    version: int
