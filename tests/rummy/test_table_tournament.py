"""A tournament's table (``Table.tournament`` set): its computer players play on when no person is
left, to the game's end, which then counts for the event but gives nobody a rating; an ordinary
table is abandoned as before. The field round-trips, and older documents load without it."""

from __future__ import annotations

import json
import random

from rummy.ai import choose_action
from rummy.game import Player
from rummy.table import TABLE_SCHEMA, Table, TableStatus
from tests.rummy.table_support import BOB, HOST, lobby

TOURNAMENT = 7
SHORT = {"game_length": 1, "hand_size": 3}  # one short deal


def seated(*people: int, bots: int = 0, tournament: int | None = TOURNAMENT) -> Table:
    """A table seated as the tournament service seats one (hosted by an organiser not seated), started."""
    players = [Player(str(p), f"P{p}") for p in people]
    players += [Player(f"bot:{n}", f"Bot {n}", "easy") for n in range(1, bots + 1)]
    table = Table(1, 2, HOST, "basic", overrides=dict(SHORT), players=players, seed=3, tournament=tournament)
    table.start(HOST)
    return table


def play_bots(table: Table, moves: int = 2_000) -> None:
    """Let the computer players move until the game ends (people never move here)."""
    rng = random.Random(1)
    for _ in range(moves):
        seat = table.turn
        if table.status is not TableStatus.PLAYING or seat is None:
            return
        assert table.players[seat].is_bot
        table.act(seat, choose_action(table.view(seat), "easy", rng))
    raise AssertionError("the computer players did not end the game")


def test_computer_players_alone_play_a_tournament_table_to_its_end() -> None:
    table = seated(bots=3)
    assert table.status is TableStatus.PLAYING and not table.humans_left
    play_bots(table)
    assert table.status is TableStatus.OVER
    assert table.game is not None and table.game.outcome is not None
    assert table.recent[-1].kind == "game_over"
    assert not table.rated  # nobody gets a rating from it, computer players included


def test_the_same_table_outside_a_tournament_is_abandoned_at_once() -> None:
    table = seated(bots=3, tournament=None)
    assert table.status is TableStatus.ABANDONED and table.recent[-1].kind == "abandoned"


def test_the_last_person_leaving_a_tournament_table_lets_the_others_play_on() -> None:
    table = seated(BOB, bots=2)
    events = table.leave(BOB)
    assert [e.kind for e in events] == ["dropped"]
    assert table.status is TableStatus.PLAYING
    play_bots(table)
    assert table.status is TableStatus.OVER and not table.rated


def test_a_person_who_played_to_the_end_is_rated() -> None:
    table = seated(BOB, bots=1)
    rng = random.Random(2)
    for _ in range(2_000):
        seat = table.turn
        if seat is None:
            break
        table.act(seat, choose_action(table.view(seat), "easy", rng))
    assert table.status is TableStatus.OVER and table.rated


def test_one_computer_player_left_alone_is_abandoned_even_in_a_tournament() -> None:
    """Bob leaves a table of two: the computer player left has nobody to play (no walkover for it)."""
    table = seated(BOB, bots=1)
    events = table.leave(BOB)
    assert table.status is TableStatus.ABANDONED
    assert events[-1].kind == "abandoned" and "walkover" not in [e.kind for e in events]


def test_the_tournament_round_trips_and_a_copy_keeps_it() -> None:
    table = seated(BOB, bots=2)
    again = Table.from_json(json.loads(json.dumps(table.to_json())))
    assert again.tournament == TOURNAMENT and again.to_json() == table.to_json()
    assert table.copy().tournament == TOURNAMENT
    assert table.to_json()["table_schema"] == TABLE_SCHEMA


def test_a_schema_3_document_loads_as_an_ordinary_table() -> None:
    doc = lobby().to_json()
    doc["table_schema"] = 3
    del doc["tournament"]
    table = Table.from_json(json.loads(json.dumps(doc)))
    assert table.tournament is None and table.to_json()["tournament"] is None


def test_a_rematch_of_a_tournament_table_is_an_ordinary_table() -> None:
    table = seated(HOST, BOB)
    table.cancel(HOST)
    rematch, _ = Table.rematch(table, HOST, "Alice", {HOST, BOB})
    assert rematch.tournament is None
