"""The lobby's rules: who sits at a table, its house rules and options, and the start. Pure: no I/O.

A table (:class:`rummy.table.Table`) calls these for its lobby methods (``join``, ``leave``,
``kick``, ``add_bot``, ``remove_bot``, ``set``, ``start``, ``cancel``, ``expire``). Each one checks
first and then changes the table, raising a :class:`LobbyError` whose ``str()`` a player can read
("The table is full.") and leaving the table untouched.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from enum import Enum
from typing import TYPE_CHECKING, Any

from rummy.deal import Event
from rummy.errors import BadRules, RummyError
from rummy.game import Game, Player
from rummy.rules import KNOBS, MIN_PLAYERS, Rules, find_preset
from rummy.table_options import OPTIONS, TableOptions

if TYPE_CHECKING:
    from rummy.table import Table

# The levels a table offers, weakest first. ``expert`` (rummy.ai.expert) is ``hard`` plus a search of
# its close calls: heads-up in basic it wins about 60% of games against hard, elsewhere it plays at
# hard's level (benchmarks/README.md, issue 29). New levels go at the end: a level's place gives its
# computer players' ids (rummy.table.Table.user_id), which the leaderboards keep.
BOT_LEVELS = ("easy", "normal", "hard", "expert")


class LobbyError(RummyError):
    """A lobby move the table refuses; ``str()`` says why, for the player."""


class NotHost(LobbyError):
    pass


class NotSeated(LobbyError):
    pass


class TableStatus(Enum):
    LOBBY = "lobby"
    PLAYING = "playing"
    OVER = "over"
    CANCELLED = "cancelled"
    ABANDONED = "abandoned"

    @property
    def active(self) -> bool:
        return self in (TableStatus.LOBBY, TableStatus.PLAYING)


def _lobby(table: Table) -> None:
    if table.status is TableStatus.PLAYING:
        raise LobbyError("The game has already started.", key="already_started")
    if table.status is not TableStatus.LOBBY:
        raise LobbyError("This table is closed.", key="table_closed")


def _host(table: Table, user_id: int, moderator: bool = False, what: str = "do that") -> None:
    if user_id != table.host_id and not moderator:
        raise NotHost(f"Only the host can {what}.", key="only_host")


def _room(table: Table) -> None:
    if len(table.players) >= table.max_players:
        raise LobbyError(
            f"The table is full ({table.max_players} seats).", key="table_full", params={"max": table.max_players}
        )


def join(table: Table, user_id: int, name: str) -> None:
    _lobby(table)
    if table.seat_of(user_id) is not None:
        raise LobbyError("You are already seated at this table.", key="already_seated")
    _room(table)
    table.players.append(Player(str(user_id), name))


def leave(table: Table, user_id: int) -> list[Event]:
    """Leave the lobby, or leave the game in play (the seat is dropped)."""
    seat = table.seat_for(user_id)
    if table.status is TableStatus.PLAYING:
        return table.drop(seat)
    _lobby(table)
    if user_id == table.host_id:
        raise LobbyError("You are the host: start the game, or cancel the table with /lobby cancel.", key="host_leaves")
    del table.players[seat]
    return []


def kick(table: Table, by: int, user_id: int, moderator: bool = False) -> list[Event]:
    """Remove a person (host or moderator only): from the lobby, or dropped from the game."""
    _host(table, by, moderator, "kick players")
    if table.status not in (TableStatus.LOBBY, TableStatus.PLAYING):
        raise LobbyError("This table is closed.", key="table_closed")
    if user_id == table.host_id and table.status is TableStatus.LOBBY:
        raise LobbyError("The host cannot be kicked: cancel the table instead.", key="kick_host")
    seat = table.seat_of(user_id)
    if seat is None:
        raise NotSeated("That member is not playing at this table.", key="member_not_seated")
    if table.status is TableStatus.PLAYING:
        return table.drop(seat)
    del table.players[seat]
    return []


def take_over(table: Table, by: int, user_id: int, level: str, moderator: bool = False) -> list[Event]:
    """A computer player at ``level`` plays ``user_id``'s seat of the game in play from now on
    (host or moderator only: a tournament's organiser replacing a missing person), from their
    position, with their hand, melds and score. The seat keeps the person's id and name
    (:meth:`~rummy.table.Table.taken_over`); the person no longer acts there. Refused, changing
    nothing, unless that person still plays a game in play."""
    _host(table, by, moderator, "replace players")
    if table.game is None or table.status is not TableStatus.PLAYING:
        raise LobbyError("The game has not started yet.", key="not_started_yet")
    if level not in BOT_LEVELS:
        raise LobbyError(
            f"Computer players are {', '.join(BOT_LEVELS)}, not {level!r}.",
            key="bot_levels",
            params={"levels": ", ".join(BOT_LEVELS), "level": repr(level)},
        )
    seat = table.seat_of(user_id)
    if seat is None:
        raise NotSeated("That member is not playing at this table.", key="member_not_seated")
    person = table.players[seat]
    if seat not in table.active_seats:
        raise LobbyError(f"{person.name} has already left the game.", key="already_left", params={"name": person.name})
    table.players[seat] = table.game.players[seat] = Player(person.id, person.name, level)
    table.timeouts.pop(seat, None)
    table.memories.pop(seat, None)  # the computer player's memory starts from its own view
    return [Event("taken_over", seat, detail={"level": level})]


def seat_again(table: Table, old: Table, here: Collection[int]) -> list[Player]:
    """Seat in ``table``, a rematch's new lobby, the people of ``old`` who are ``here``, in their order,
    then ``old``'s computer players at their levels, while seats last; returns the people not seated."""
    left_out: list[Player] = []
    for p in old.players:
        if p.is_bot or p.id == str(table.host_id):
            continue
        if int(p.id) in here and len(table.players) < table.max_players:
            table.players.append(Player(p.id, p.name))
        else:
            left_out.append(p)
    for p in old.players:
        if p.is_bot and len(table.players) < table.max_players:
            add_bot(table, table.host_id, p.bot_level or "normal")
    return left_out


def add_bot(table: Table, by: int, level: str = "normal") -> Player:
    _host(table, by, what="add computer players")
    _lobby(table)
    if level not in BOT_LEVELS:
        raise LobbyError(
            f"Computer players are {', '.join(BOT_LEVELS)}, not {level!r}.",
            key="bot_levels",
            params={"levels": ", ".join(BOT_LEVELS), "level": repr(level)},
        )
    _room(table)
    table.bots_added += 1
    same = sum(1 for p in table.players if p.bot_level == level) + 1
    name = f"Bot ({level})" if same == 1 else f"Bot {same} ({level})"
    player = Player(f"bot:{table.bots_added}", name, level)
    table.players.append(player)
    return player


def remove_bot(table: Table, by: int) -> Player:
    """Remove the computer player added last."""
    _host(table, by, what="remove computer players")
    _lobby(table)
    for seat in range(len(table.players) - 1, -1, -1):
        if table.players[seat].is_bot:
            return table.players.pop(seat)
    raise LobbyError("There is no computer player at this table.", key="no_computer_player")


def house_rules_with(preset: str, overrides: dict[str, Any], name: str, value: Any) -> tuple[dict[str, Any], Rules]:
    """``overrides`` (stored house rules of ``preset``) with the knob ``name`` set to ``value`` (as
    text, or a value of the knob's kind), left out when it is the preset's own; and the rules they
    make, checked together. Raises :class:`BadRules` (no such knob, a value it does not take, a
    combination that cannot work) and changes nothing. The lobby and a server's defaults
    (:mod:`rummy.defaults`) both set house rules here: one vocabulary, the same refusals."""
    knob = KNOBS.get(name)
    if knob is None:
        raise BadRules(f"There is no house rule called {name!r}.", key="no_such_rule", params={"name": repr(name)})
    base = find_preset(preset)
    dumped = knob.dump(knob.coerce(value))
    changed = {k: v for k, v in overrides.items() if k != name}
    if dumped != knob.dump(getattr(base, name)):
        changed[name] = dumped
    return changed, base.with_overrides(**changed)


def options_with(options: TableOptions, name: str, value: str) -> tuple[TableOptions, str]:
    """``options`` with the table option ``name`` set to ``value`` (text), and the value as shown;
    raises :class:`~rummy.table_options.BadSetting` for a value it does not take."""
    option = OPTIONS[name]
    parsed = option.parse(str(value))
    return replace(options, **{name: parsed}), option.show(parsed)


def set_rule(table: Table, by: int, name: str, value: str) -> str:
    """Set a house rule (a knob of the rules) or a table option; returns the value as shown."""
    _host(table, by, what="change the rules")
    _lobby(table)
    key = name.strip().lower()
    if key in OPTIONS:
        table.options, shown = options_with(table.options, key, value)
        return shown
    if key not in KNOBS:
        raise LobbyError(
            f"There is no rule or option called {name!r}.", key="no_such_setting", params={"name": repr(name)}
        )
    overrides, rules = house_rules_with(table.preset, table.overrides, key, value)
    if len(table.players) > rules.max_players:
        raise LobbyError(
            f"{len(table.players)} players are already seated.", key="too_many_seated", params={"n": len(table.players)}
        )
    table.overrides = overrides
    return KNOBS[key].show(getattr(rules, key))


def start(table: Table, by: int) -> list[Event]:
    """Deal the first hand; returns the deal's events (the table notes them)."""
    _host(table, by, what="start the game")
    _lobby(table)
    if len(table.players) < MIN_PLAYERS:
        raise LobbyError(
            f"You need at least {MIN_PLAYERS} players to start: invite someone or add a computer player.",
            key="not_enough_players",
            params={"n": MIN_PLAYERS},
        )
    rules = table.rules
    try:
        rules.validate(len(table.players))
    except BadRules as exc:
        raise LobbyError(str(exc), key=exc.key, params=exc.params) from None
    table.game, events = Game.new(rules, list(table.players), table.seed)
    table.status = TableStatus.PLAYING
    table.memories = {s: {} for s, p in enumerate(table.players) if p.is_bot}
    return events


def cancel(table: Table, by: int, moderator: bool = False) -> None:
    """Cancel the lobby or the game in play (host or moderator). Never counts on a leaderboard."""
    _host(table, by, moderator, "cancel the table")
    if not table.status.active:
        raise LobbyError("This table is closed.", key="table_closed")
    table.status = TableStatus.CANCELLED


def expire(table: Table) -> None:
    """The lobby waited too long, or the game went idle: it closes without a result."""
    if table.status is TableStatus.LOBBY:
        table.status = TableStatus.CANCELLED
    elif table.status is TableStatus.PLAYING:
        table.status = TableStatus.ABANDONED
