"""The end of a deal and of a game, as the public events tell them: the hands left are revealed when
the deal is over (never before), and a game won because the others left reads as a walkover."""

from __future__ import annotations

import random

import pytest

from rummy import actions as act
from rummy.cards import Card
from rummy.deal import Event
from rummy.game import Game
from rummy.table import LobbyError, Table, TableStatus
from tests.rummy.engine_support import play, players, position, rules_of
from tests.rummy.random_play import RandomPlayer
from tests.rummy.table_support import BOB, CARL, HOST, lobby, started


def _deal_over(events: list[Event]) -> Event:
    [over] = [e for e in events if e.kind == "deal_over"]
    return over


def test_going_out_reveals_every_hand_left_and_its_value() -> None:
    """``basic``: seat 0 (who melded before: no rummy) goes out; the two others' cards are laid face
    up, sorted as a hand is, with what they are worth (the winner collects their sum, RULES.md)."""
    game = position("basic", ["5H 6H 7H 2C", "KD QS 3C", "AH 9S"], discard="4H", stock="8C 9C", played={0})
    events = play(game, "draw discard", "meld 4H 5H 6H 7H", "discard 2C")
    over = _deal_over(events)
    assert over.detail["hands"] == {"0": [], "1": ["3♣", "K♦", "Q♠"], "2": ["A♥", "9♠"]}
    assert over.detail["values"] == {"0": 0, "1": 23, "2": 10}
    assert over.detail["points"] == {"0": 33, "1": 0, "2": 0}
    assert game.history[-1].outcome.hand_values == {0: 0, 1: 23, 2: 10}


def test_no_card_of_a_hand_is_in_a_public_event_while_the_deal_is_live() -> None:
    """Random whole games: before its ``deal_over``, no event of a deal names a card that is in a hand
    at that moment, face down (a card taken from the discard pile was face up); the ``deal_over``
    names exactly the hands left then, and the stock never."""
    for seed in range(6):
        rng = random.Random(seed)
        game, _ = Game.new(rules_of("basic"), players(3), seed=seed)
        player = RandomPlayer(rng)
        for _ in range(3000):
            if game.outcome is not None:
                break
            deal = game.deal
            assert deal is not None
            seat, action = player.choose(game)
            before = {s: list(h) for s, h in deal.hands.items()}
            events = game.apply(seat, action)
            shown = [e for e in events if e.kind != "deal_over"]
            face_down = {c.pretty for s, hand in before.items() for c in hand if s != seat}
            for event in shown:
                assert "hands" not in event.detail
                named = {event.card, *event.cards, *(c for m in event.melds for c in m)} - {None}
                assert not named & face_down, (event, named & face_down)
            for over in (e for e in events if e.kind == "deal_over"):
                record = game.history[-1]
                revealed = {int(s): cards for s, cards in over.detail["hands"].items()}
                assert set(revealed) == set(record.outcome.hand_values)
                assert {int(s): v for s, v in over.detail["values"].items()} == record.outcome.hand_values
                left = {c for cards in revealed.values() for c in cards}
                assert left <= {c.pretty for hand in before.values() for c in hand}  # hands, not the stock
        assert game.outcome is not None, seed


def test_revealed_cards_survive_the_stored_document() -> None:
    """The deal_over event, hands included, is kept in the table's recent events and reads back."""
    table = started()
    game = table.game
    assert game is not None and game.deal is not None
    deal = game.deal
    seat = deal.turn
    other = 1 - seat
    deal.hands[seat] = [Card.parse("5H"), Card.parse("6H"), Card.parse("7H")]
    deal.hands[other] = [Card.parse("KS")]
    deal.discard.append(Card.parse("8H"))
    table.act(seat, act.Draw(act.Source.DISCARD))
    table.act(seat, act.Meld.parse("5H 6H 7H 8H"))
    loaded = Table.from_json(table.to_json())
    [over] = [e for e in loaded.recent if e.kind == "deal_over"]
    assert over.detail["hands"][str(other)] == ["K♠"]
    assert over.detail["values"][str(other)] == 10


def test_the_last_of_two_people_wins_by_walkover() -> None:
    """Bob leaves a game of two: the game is closed without a result, and the events say Alice won by
    walkover (no ``game_over`` naming a winner as if the game had been played out)."""
    table = started()
    events = table.leave(BOB)
    kinds = [e.kind for e in events]
    assert table.status is TableStatus.ABANDONED
    assert "game_over" not in kinds and kinds[-1] == "walkover"
    assert events[-1].seat == table.seat_of(HOST)
    assert [e.kind for e in table.recent][-1] == "walkover"


def test_a_walkover_after_others_left_one_by_one() -> None:
    """Three people: Bob leaves (the game goes on), then Carl: Alice wins by walkover."""
    table = lobby()
    table.join(BOB, "Bob")
    table.join(CARL, "Carl")
    table.start(HOST)
    assert table.leave(BOB)[0].kind == "dropped"
    assert table.status is TableStatus.PLAYING
    events = table.leave(CARL)
    assert events[-1] == Event("walkover", table.seat_of(HOST))
    assert "game_over" not in [e.kind for e in events]


def test_the_last_person_leaving_computer_players_abandons_without_a_winner() -> None:
    """Alice alone with a computer player leaves: nobody wins, the game is abandoned (the engine's
    ``game_over`` naming the computer player is not told)."""
    table = lobby()
    table.add_bot(HOST, "easy")
    table.start(HOST)
    events = table.leave(HOST)
    kinds = [e.kind for e in events]
    assert table.status is TableStatus.ABANDONED
    assert "game_over" not in kinds and "walkover" not in kinds and kinds[-1] == "abandoned"


def test_leaving_with_computer_players_still_playing_says_abandoned_once() -> None:
    """With two computer players left, the engine plays on, but the table is abandoned: one event says so."""
    table = lobby()
    table.add_bot(HOST, "easy")
    table.add_bot(HOST, "easy")
    table.start(HOST)
    events = table.leave(HOST)
    assert [e.kind for e in events] == ["dropped", "abandoned"]


def _ended(*bots: str) -> Table:
    """A game of Alice, Bob and Carl (and computer players), house rules and options set, then cancelled."""
    table = lobby("rami51")
    table.join(BOB, "Bob")
    table.join(CARL, "Carl")
    for level in bots:
        table.add_bot(HOST, level)
    table.set(HOST, "opening", "40")
    table.set(HOST, "hints", "off")
    table.start(HOST)
    table.cancel(HOST)
    return table


def test_a_rematch_seats_the_same_players_with_the_same_rules() -> None:
    """Carl presses Rematch: he hosts; Alice and Bob (still in the channel) are seated in their order,
    the computer players at their levels; the preset, house rules and options are the old ones."""
    old = _ended("hard", "easy")
    table, left_out = Table.rematch(old, CARL, "Carl", {HOST, BOB, CARL}, seed=3)
    assert table.status is TableStatus.LOBBY and table.game is None and left_out == []
    assert table.host_id == CARL and table.channel_id == old.channel_id and table.guild_id == old.guild_id
    assert [p.name for p in table.players] == ["Carl", "Alice", "Bob", "Bot (hard)", "Bot (easy)"]
    assert [p.bot_level for p in table.players] == [None, None, None, "hard", "easy"]
    assert table.preset == "rami51" and table.overrides == old.overrides == {"opening": 40}
    assert table.options == old.options and not table.options.hints
    assert table.overrides is not old.overrides


def test_a_rematch_leaves_out_who_left_the_channel() -> None:
    """Bob is no longer in the channel: he is not seated, and the rematch says so."""
    table, left_out = Table.rematch(_ended(), HOST, "Alice", {HOST, CARL})
    assert [p.name for p in table.players] == ["Alice", "Carl"]
    assert [p.name for p in left_out] == ["Bob"]


def test_a_rematch_hosted_by_a_spectator_keeps_to_the_seats() -> None:
    """Someone who did not play presses Rematch at a full table: they host and sit; the computer
    players give way first, then the last people."""
    old = lobby("basic")
    old.set(HOST, "max_players", "3")
    old.join(BOB, "Bob")
    old.add_bot(HOST, "normal")
    old.start(HOST)
    old.cancel(HOST)
    table, left_out = Table.rematch(old, 44, "Dora", {HOST, BOB, 44})
    assert [p.name for p in table.players] == ["Dora", "Alice", "Bob"] and left_out == []
    table, left_out = Table.rematch(old, 44, "Dora", {HOST, BOB, 44, CARL})
    assert len(table.players) == table.max_players == 3


def test_no_rematch_of_a_game_in_play() -> None:
    """A game still in play is not over: no rematch of it."""
    with pytest.raises(LobbyError, match="not over"):
        Table.rematch(started(), HOST, "Alice", {HOST, BOB})
