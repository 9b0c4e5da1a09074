"""A computer player taking over a person's seat of a game in play (``Table.take_over``, issue 31's
"replace a missing player by a computer player"): it plays from their position with their hand,
the person no longer acts there, and the table says so in its public events."""

from __future__ import annotations

import json
import random

import pytest

from rummy import actions as act
from rummy.ai import choose_action
from rummy.lobby import LobbyError, NotHost, NotSeated
from rummy.table import Table, TableStatus
from tests.rummy.table_support import BOB, CARL, HOST, lobby, started, three_playing


def test_the_computer_player_keeps_the_seat_its_hand_and_its_score() -> None:
    """Bob's seat is played by a computer player at the level asked: same hand, same score, same
    name and id kept (the record of who sat there), and a public ``taken_over`` event."""
    table = three_playing()
    assert table.game is not None and table.game.deal is not None
    hand = list(table.game.deal.hands[1])
    score = table.game.scores[1]
    events = table.take_over(HOST, BOB, "hard")
    assert [(e.kind, e.seat, e.detail) for e in events] == [("taken_over", 1, {"level": "hard"})]
    bob = table.players[1]
    assert bob.is_bot and bob.bot_level == "hard" and (bob.id, bob.name) == (str(BOB), "Bob")
    assert table.game.players[1] == bob and table.taken_over(1) and not table.taken_over(0)
    assert list(table.game.deal.hands[1]) == hand and table.game.scores[1] == score
    assert table.status is TableStatus.PLAYING and table.humans_left == [0, 2]


def test_the_person_replaced_is_told_why_they_no_longer_act() -> None:
    """Bob's seat is no longer his: his moves are refused with the reason, not "not seated"."""
    table = three_playing()
    table.take_over(HOST, BOB, "normal")
    with pytest.raises(NotSeated) as refused:
        table.seat_for(BOB)
    assert refused.value.key == "seat_taken_over"
    with pytest.raises(NotSeated) as stranger:
        table.seat_for(404)
    assert stranger.value.key == "not_seated"


def test_the_computer_player_plays_the_seat_to_the_end() -> None:
    """From the takeover on, the seat's moves are a computer player's own, from its own view; the
    game ends as any game does."""
    table = started()
    table.take_over(HOST, BOB, "normal")
    rng = random.Random(4)
    for _ in range(3000):
        if table.status is not TableStatus.PLAYING:
            break
        seat = table.turn
        assert seat is not None
        table.act(seat, choose_action(table.view(seat), "normal", rng))
    assert table.status is TableStatus.OVER


def test_a_host_replaced_hands_the_host_on() -> None:
    """The host's own seat taken over: the next person still playing hosts now."""
    table = three_playing()
    events = table.take_over(HOST, HOST, "easy", moderator=True)
    assert table.host_id == BOB and [e.kind for e in events] == ["taken_over", "new_host"]


def test_the_last_person_replaced_leaves_computer_players_alone() -> None:
    """With nobody left, the table is abandoned as when its last person leaves (it never counts)."""
    table = started()  # Alice and Bob
    table.take_over(HOST, BOB, "normal")
    events = table.take_over(HOST, HOST, "normal", moderator=True)
    assert table.status is TableStatus.ABANDONED and events[-1].kind == "abandoned"


@pytest.mark.parametrize(
    ("by", "who", "level", "moderator", "key"),
    [
        (BOB, CARL, "normal", False, "only_host"),
        (HOST, 404, "normal", False, "member_not_seated"),
        (HOST, BOB, "grandmaster", False, "bot_levels"),
    ],
)
def test_refusals_change_nothing(by: int, who: int, level: str, moderator: bool, key: str) -> None:
    """Not the host, not seated, not a level: refused with the reason's key, the table unchanged."""
    table = three_playing()
    before = json.dumps(table.to_json(), sort_keys=True)
    with pytest.raises(LobbyError) as refused:
        table.take_over(by, who, level, moderator)
    assert refused.value.key == key
    assert json.dumps(table.to_json(), sort_keys=True) == before
    if key == "only_host":
        assert isinstance(refused.value, NotHost)


def test_a_lobby_or_a_person_who_left_cannot_be_taken_over() -> None:
    """Only a game in play, and only a person still playing it."""
    table = lobby()
    table.join(BOB, "Bob")
    with pytest.raises(LobbyError) as not_started:
        table.take_over(HOST, BOB, "normal")
    assert not_started.value.key == "not_started_yet"
    table = three_playing()
    table.leave(CARL)
    with pytest.raises(LobbyError) as left:
        table.take_over(HOST, CARL, "normal")
    assert left.value.key == "already_left"
    table.take_over(HOST, BOB, "normal")
    with pytest.raises(LobbyError) as again:
        table.take_over(HOST, BOB, "hard")
    assert again.value.key == "member_not_seated"


def test_the_takeover_round_trips_through_the_document() -> None:
    """The taken-over seat is stored as a computer player with the person's id; read back, it is
    still taken over and still refuses the person."""
    table = three_playing()
    table.take_over(HOST, BOB, "hard")
    back = Table.from_json(json.loads(json.dumps(table.to_json())))
    assert back.taken_over(1) and back.players[1].bot_level == "hard"
    assert back.game is not None and back.game.players[1] == back.players[1]
    with pytest.raises(NotSeated):
        back.act(back.seat_for(BOB), act.Draw())


def test_the_tables_own_computer_players_keep_their_ids() -> None:
    """A takeover does not renumber the table's computer players on the leaderboards."""
    table = lobby()
    table.join(BOB, "Bob")
    table.add_bot(HOST, "normal")
    table.start(HOST)
    before = table.leaderboard_id(2)
    table.take_over(HOST, BOB, "normal")
    assert table.leaderboard_id(2) == before and table.leaderboard_id(1) not in (before, BOB)
