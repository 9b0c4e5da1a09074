"""The table model: lobby rules, game actions through the table, and its JSON document."""

from __future__ import annotations

import json

import pytest

from rummy import actions as act
from rummy.errors import NotYourTurn, RummyError, WrongPhase
from rummy.rules import KNOBS, PRESETS
from rummy.serialize import dumps
from rummy.table import RECENT_EVENTS, LobbyError, NotHost, NotSeated, Table, TableStatus
from rummy.table_options import OPTIONS, TableOptions, setting_choices, setting_names

HOST, BOB, CARL = 11, 22, 33


def lobby(preset: str = "basic", seed: int | None = 7) -> Table:
    return Table.new(1, 2, HOST, "Alice", preset, seed=seed)


def started(preset: str = "basic", seed: int = 7) -> Table:
    table = lobby(preset, seed)
    table.join(BOB, "Bob")
    table.start(HOST)
    return table


def test_new_table_seats_the_host() -> None:
    """A new table is a lobby with the host in seat 0."""
    table = lobby()
    assert table.status is TableStatus.LOBBY
    assert table.seat_of(HOST) == 0 and table.players[0].name == "Alice"


def test_tables_with_the_same_rules_share_one_rules_object() -> None:
    """Rules are immutable: every table of a preset and its house rules holds the same object,
    in the lobby, in the game, and once loaded back."""
    one, two = started("rami51", seed=1), started("rami51", seed=2)
    assert one.game is not None and two.game is not None
    assert one.game.rules is two.game.rules is lobby("rami51").rules
    assert Table.from_json(json.loads(json.dumps(one.to_json()))).rules is one.game.rules
    house, other = lobby("rami51"), lobby("rami51")
    house.set(HOST, "opening", "40")
    other.set(HOST, "opening", "40")
    assert house.rules.opening == 40 and house.rules is not one.game.rules
    assert house.rules is other.rules


def test_unknown_preset_is_refused() -> None:
    """An unknown preset names the known ones."""
    with pytest.raises(ValueError, match="rami51"):
        Table.new(1, 2, HOST, "Alice", "poker")


def test_join_twice_is_refused() -> None:
    """A player cannot take two seats."""
    table = lobby()
    table.join(BOB, "Bob")
    with pytest.raises(LobbyError, match="already seated"):
        table.join(BOB, "Bob")


def test_full_table_is_refused() -> None:
    """A seventh player finds the table full."""
    table = lobby()
    for uid in range(100, 105):
        table.join(uid, f"P{uid}")
    with pytest.raises(LobbyError, match="full"):
        table.join(BOB, "Bob")


def test_max_players_knob_limits_seats() -> None:
    """Lowering max_players shrinks the table, but not below the players already seated."""
    table = lobby()
    table.set(HOST, "max_players", "2")
    table.join(BOB, "Bob")
    with pytest.raises(LobbyError, match="full"):
        table.join(CARL, "Carl")
    table.set(HOST, "max_players", "3")
    table.join(CARL, "Carl")
    with pytest.raises(LobbyError, match="already seated"):
        table.set(HOST, "max_players", "2")


def test_leave_frees_the_seat() -> None:
    """A player who leaves the lobby gives the seat back."""
    table = lobby()
    table.join(BOB, "Bob")
    table.leave(BOB)
    assert table.seat_of(BOB) is None and len(table.players) == 1


def test_host_cannot_leave_the_lobby() -> None:
    """The host must start or cancel rather than leave."""
    with pytest.raises(LobbyError, match="host"):
        lobby().leave(HOST)


def test_leave_when_not_seated_is_refused() -> None:
    """Someone who is not seated cannot leave."""
    with pytest.raises(NotSeated):
        lobby().leave(BOB)


@pytest.mark.parametrize("move", [
    lambda t: t.start(BOB),
    lambda t: t.add_bot(BOB),
    lambda t: t.remove_bot(BOB),
    lambda t: t.set(BOB, "opening", "10"),
    lambda t: t.cancel(BOB),
    lambda t: t.kick(BOB, HOST),
])
def test_only_the_host_runs_the_lobby(move) -> None:
    """Start, bots, rules, cancel and kick belong to the host."""
    table = lobby()
    table.join(BOB, "Bob")
    with pytest.raises(NotHost, match="Only the host"):
        move(table)


def test_moderator_may_cancel_and_kick() -> None:
    """A moderator (Manage Messages) may kick and cancel without being the host."""
    table = lobby()
    table.join(BOB, "Bob")
    table.join(CARL, "Carl")
    table.kick(BOB, CARL, moderator=True)
    assert table.seat_of(CARL) is None
    table.cancel(BOB, moderator=True)
    assert table.status is TableStatus.CANCELLED


def test_start_needs_two_players() -> None:
    """A table of one cannot start."""
    with pytest.raises(LobbyError, match="at least 2"):
        lobby().start(HOST)


def test_start_deals_the_game() -> None:
    """Starting deals every seat and opens the first turn."""
    table = started()
    assert table.status is TableStatus.PLAYING and table.game is not None
    assert table.turn in (0, 1)
    assert table.recent and table.recent[-1].kind == "deal_started"


def test_lobby_moves_are_refused_once_playing() -> None:
    """Joining, adding bots or changing rules is over once the game started."""
    table = started()
    for move in (lambda: table.join(CARL, "Carl"), lambda: table.add_bot(HOST),
                 lambda: table.set(HOST, "hints", "no"), lambda: table.start(HOST)):
        with pytest.raises(LobbyError, match="already started"):
            move()


def test_bots_get_names_levels_and_stable_ids() -> None:
    """Computer players are named by level and get negative ids stable per level and rank."""
    table = lobby()
    a = table.add_bot(HOST, "hard")
    b = table.add_bot(HOST, "hard")
    c = table.add_bot(HOST, "easy")
    assert (a.name, b.name, c.name) == ("Bot (hard)", "Bot 2 (hard)", "Bot (easy)")
    ids = [table.leaderboard_id(s) for s in (1, 2, 3)]
    assert ids == [-301, -302, -101]
    assert table.leaderboard_id(0) == HOST


def test_unknown_bot_level_is_refused() -> None:
    """Only easy, normal and hard exist."""
    with pytest.raises(LobbyError, match="easy"):
        lobby().add_bot(HOST, "genius")


def test_remove_bot_takes_the_last_one() -> None:
    """removebot removes the computer player added last, and says so when there is none."""
    table = lobby()
    table.add_bot(HOST, "easy")
    table.add_bot(HOST, "hard")
    assert table.remove_bot(HOST).bot_level == "hard"
    assert table.remove_bot(HOST).bot_level == "easy"
    with pytest.raises(LobbyError, match="no computer player"):
        table.remove_bot(HOST)


def test_set_a_knob_changes_the_rules() -> None:
    """A house rule is stored as an override and changes the table's rules."""
    table = lobby("rami51")
    assert table.set(HOST, "opening", "40") == "40"
    assert table.overrides == {"opening": 40} and table.rules.opening == 40


def test_setting_a_knob_back_to_the_preset_drops_the_override() -> None:
    """Setting the preset's own value leaves no override behind."""
    table = lobby("rami51")
    table.set(HOST, "opening", "40")
    table.set(HOST, "opening", "51")
    assert table.overrides == {}


def test_impossible_house_rule_is_refused() -> None:
    """A combination the rules refuse is not stored."""
    table = lobby("basic")
    with pytest.raises(ValueError, match="Joker swap needs jokers"):
        table.set(HOST, "joker_swap", "yes")
    assert table.overrides == {}


@pytest.mark.parametrize(("name", "value", "expected"), [
    ("turn_timer", "30", TableOptions(turn_timer=30)),
    ("bot_pause", "0", TableOptions(bot_pause=0.0)),
    ("hints", "no", TableOptions(hints=False)),
])
def test_table_options(name: str, value: str, expected: TableOptions) -> None:
    """turn_timer, bot_pause and hints are table options."""
    table = lobby()
    table.set(HOST, name, value)
    assert table.options == expected


@pytest.mark.parametrize(("name", "value"), [("turn_timer", "-1"), ("turn_timer", "1.5"), ("turn_timer", "5"),
                                             ("turn_timer", "29"), ("turn_timer", "3601"),
                                             ("bot_pause", "11"), ("bot_pause", "nan"),
                                             ("hints", "maybe"), ("colour", "red")])
def test_bad_option_values_are_refused(name: str, value: str) -> None:
    """Out-of-range or unknown settings are refused with a reason."""
    with pytest.raises(RummyError):
        lobby().set(HOST, name, value)


def test_setting_names_cover_knobs_and_options() -> None:
    """/lobby set offers every knob and every table option, with value suggestions."""
    assert set(setting_names()) == set(KNOBS) | set(OPTIONS)
    assert setting_choices("hints") == ["yes", "no"]
    assert setting_choices("ace") == ["low", "low_or_high"]


def test_playing_out_of_turn_names_the_player() -> None:
    """Out of turn, the refusal says whose turn it is."""
    table = started()
    other = 1 - table.turn
    with pytest.raises(NotYourTurn, match=f"It's {table.players[table.turn].name}'s turn"):
        table.act(other, act.Draw())


def test_engine_refusals_leave_the_table_unchanged() -> None:
    """A refused action changes nothing (discarding before drawing)."""
    table = started()
    before = json.dumps(table.to_json(), sort_keys=True)
    seat = table.turn
    with pytest.raises(WrongPhase):
        table.act(seat, act.Discard(table.game.deal.hands[seat][0]))
    assert json.dumps(table.to_json(), sort_keys=True) == before


def test_timeouts_count_until_a_real_move() -> None:
    """Timeouts count in a row; a move of the player's own resets the count, an automatic one does not."""
    table = started()
    seat = table.turn
    assert table.note_timeout(seat) == 1
    table.act(seat, act.Draw(), auto=True)
    assert table.timeouts[seat] == 1
    table.act(seat, act.Discard(table.game.deal.drawn))
    assert seat not in table.timeouts


def test_last_person_leaving_abandons_a_game_with_bots() -> None:
    """A game where only computer players are left is abandoned."""
    table = lobby()
    table.add_bot(HOST, "easy")
    table.add_bot(HOST, "easy")
    table.start(HOST)
    table.leave(HOST)
    assert table.status is TableStatus.ABANDONED


def test_leaving_a_two_player_game_is_a_walkover_that_never_counts() -> None:
    """When one of two people leaves, the game ends but is abandoned: a walkover is no win."""
    table = started()
    table.leave(BOB)
    assert table.game.outcome is not None
    assert table.status is TableStatus.ABANDONED


def test_turn_timer_accepts_off_and_thirty_seconds() -> None:
    """turn_timer 0 turns it off and 30 is the shortest timer."""
    table = lobby()
    table.set(HOST, "turn_timer", "0")
    assert table.options.turn_timer == 0
    table.set(HOST, "turn_timer", "30")
    assert table.options.turn_timer == 30


def test_turn_timer_refusal_names_the_range() -> None:
    """A too-short timer is refused with the allowed values."""
    with pytest.raises(RummyError, match=r"0 \(off\) or 30 to 3600"):
        lobby().set(HOST, "turn_timer", "6")


def three_playing() -> Table:
    table = lobby()
    table.join(BOB, "Bob")
    table.join(CARL, "Carl")
    table.start(HOST)
    return table


def test_host_leaving_the_game_passes_host_on() -> None:
    """The host who leaves mid-game hands host to the next person still playing."""
    table = three_playing()
    events = table.leave(HOST)
    assert table.host_id == BOB
    assert [e.seat for e in events if e.kind == "new_host"] == [1]


def test_host_who_left_cannot_cancel_or_kick() -> None:
    """A host who left the game has no host powers any more."""
    table = three_playing()
    table.leave(HOST)
    with pytest.raises(NotHost):
        table.cancel(HOST)
    with pytest.raises(NotHost):
        table.kick(HOST, CARL)
    assert table.status is TableStatus.PLAYING


def test_host_passes_over_computer_players() -> None:
    """Host goes to a person, never to a computer player."""
    table = lobby()
    table.add_bot(HOST, "easy")
    table.join(CARL, "Carl")
    table.start(HOST)
    table.leave(HOST)
    assert table.host_id == CARL


def test_kick_during_play_drops_the_seat() -> None:
    """Kicking a seated player mid-game drops them."""
    table = lobby()
    table.join(BOB, "Bob")
    table.join(CARL, "Carl")
    table.start(HOST)
    table.kick(HOST, CARL)
    assert 2 in table.game.dropped and table.status is TableStatus.PLAYING


def test_expire_cancels_a_lobby_and_abandons_a_game() -> None:
    """An expired lobby is cancelled; an idle game is abandoned."""
    a, b = lobby(), started()
    a.expire()
    b.expire()
    assert (a.status, b.status) == (TableStatus.CANCELLED, TableStatus.ABANDONED)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_json_round_trip(preset: str) -> None:
    """A started table survives to_json/from_json exactly, game included."""
    table = lobby(preset)
    table.join(BOB, "Bob")
    table.add_bot(HOST, "hard")
    table.set(HOST, "turn_timer", "60")
    table.start(HOST)
    table.note_timeout(0)
    table.memories[2] = {"deal": 1}
    again = Table.from_json(json.loads(json.dumps(table.to_json())))
    assert again.to_json() == table.to_json()
    assert dumps(again.game) == dumps(table.game)


def test_unknown_schema_is_refused() -> None:
    """A document from another schema version is not read."""
    doc = lobby().to_json() | {"table_schema": 99}
    with pytest.raises(ValueError, match="schema"):
        Table.from_json(doc)


def test_recent_events_keep_only_the_current_deal() -> None:
    """The public log starts at how the last deal ended: no card of an earlier deal lingers."""
    table = started()
    game = table.game
    seat = table.turn
    table.act(seat, act.Draw())
    table.act(seat, act.Discard(game.deal.drawn))
    assert any(e.kind == "discarded" for e in table.recent)
    table.leave(BOB)
    kinds = [e.kind for e in table.recent]
    assert "discarded" not in kinds and kinds[0] == "deal_over"


def test_recent_events_keep_only_the_last_few() -> None:
    """The public log keeps the last RECENT_EVENTS events, newest last."""
    table = started()
    game = table.game
    for _ in range(5):
        seat = table.turn
        table.act(seat, act.Draw())
        card = game.deal.drawn
        table.act(seat, act.Discard(card))
    assert len(table.recent) == RECENT_EVENTS
    assert table.recent[-1].kind == "discarded" and table.recent[-1].card == card.pretty


def test_time_out_plays_a_safe_turn_then_drops_at_the_third() -> None:
    """A timeout finishes the turn safely; the third in a row drops the player."""
    table = three_playing()
    first = table.turn
    events, count, dropped = table.time_out(first)
    assert (count, dropped) == (1, False) and first not in table.game.dropped
    assert [e.kind for e in events if e.seat == first] == ["drew", "discarded"] and table.turn != first
    while table.turn != first or table.timeouts[first] < 2:
        table.time_out(table.turn)
    _events, count, dropped = table.time_out(first)
    assert (count, dropped) == (3, True) and first in table.game.dropped


def test_refusals_carry_a_key_and_params_for_translations() -> None:
    """Common refusals name themselves by key, with params; str() stays the English sentence."""
    table = started()
    other = 1 - table.turn
    with pytest.raises(NotYourTurn) as out_of_turn:
        table.act(other, act.Draw(act.Source.STOCK))
    assert out_of_turn.value.key == "turn_of" and out_of_turn.value.params == {"name": table.players[table.turn].name}
    assert str(out_of_turn.value) == f"It's {table.players[table.turn].name}'s turn."
    with pytest.raises(WrongPhase) as no_draw:
        table.act(table.turn, act.Discard(table.game.deal.hands[table.turn][0]))
    assert no_draw.value.key == "must_draw" and str(no_draw.value).startswith("You must draw first")
    with pytest.raises(LobbyError) as closed:
        table.join(CARL, "Carl")
    assert closed.value.key == "already_started"


def test_an_error_without_key_keeps_working() -> None:
    """A RummyError raised the old way has no key and empty params."""
    error = RummyError("Something.")
    assert (str(error), error.key, error.params) == ("Something.", None, {})
