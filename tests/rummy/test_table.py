"""The table model: game actions through the table, leaving a game, and its JSON document (the
lobby's rules are in test_lobby.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rummy import actions as act
from rummy.ai import safe_action
from rummy.deal import Phase
from rummy.errors import NotYourTurn, RummyError, WrongPhase
from rummy.rules import PRESETS
from rummy.serialize import dumps
from rummy.table import RECENT_EVENTS, TABLE_SCHEMA, LobbyError, NotHost, Table, TableStatus
from rummy.view import PlayerView
from tests.rummy.table_support import BOB, CARL, HOST, lobby, started, three_playing


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


def test_a_schema_1_lobby_with_the_retired_deal_cap_still_loads() -> None:
    """A lobby stored with the house rule deal_cap (now retired) loads without it and takes new rules."""
    doc = lobby("rami51").to_json() | {"table_schema": 1, "overrides": {"deal_cap": 9, "ace_value": 11}}
    table = Table.from_json(json.loads(json.dumps(doc)))
    assert table.overrides == {"ace_value": 11}
    assert table.set(HOST, "void_deal_limit", "4") == "4"
    assert table.rules.void_deal_limit == 4 and table.rules.ace_value == 11
    assert table.to_json()["table_schema"] == TABLE_SCHEMA


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
    events, count, dropped = table.time_out(first, safe_action)
    assert (count, dropped) == (1, False) and first not in table.game.dropped
    assert [e.kind for e in events if e.seat == first] == ["drew", "discarded"] and table.turn != first
    while table.turn != first or table.timeouts[first] < 2:
        table.time_out(table.turn, safe_action)
    _events, count, dropped = table.time_out(first, safe_action)
    assert (count, dropped) == (3, True) and first in table.game.dropped


def test_a_timed_out_turn_is_played_by_the_play_the_caller_gives() -> None:
    """The table asks the given safe play for each action, from the timed-out player's own view."""
    table = three_playing()
    first = table.turn
    asked: list[int | None] = []

    def draw_then_discard_first(view: PlayerView) -> act.Action:
        asked.append(view.seat)
        return act.Draw() if view.phase is Phase.DRAW else act.Discard(view.hand[0])

    events, count, dropped = table.time_out(first, draw_then_discard_first)
    assert (count, dropped) == (1, False) and asked == [first, first]
    assert [e.kind for e in events if e.seat == first] == ["drew", "discarded"] and table.turn != first


def test_the_table_does_not_import_the_computer_players() -> None:
    """Importing rummy.table (the engine's top) loads no module of rummy.ai."""
    code = "import sys, rummy.table; print(sorted(m for m in sys.modules if m.startswith('rummy.ai')))"
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


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
