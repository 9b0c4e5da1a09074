"""The secrecy check itself: it reads cards as the bot writes them, and it catches a planted leak.

Every whole game in ``test_games.py`` and ``test_restart.py`` ends with :func:`assert_no_leak`; these tests
show that check is not vacuous.
"""

from __future__ import annotations

import pytest

from rummy.cards import Card
from tests.e2e.conftest import World
from tests.e2e.secrecy import assert_no_leak, catalog_examples, face, faces_in, timeline, without_examples
from tests.e2e.session import TableSession
from tests.e2e.test_games import SHORT
from tests.fakediscord import BotProcess


@pytest.mark.parametrize(
    ("text", "faces"),
    [
        ("7♥ 10H QD", {"7H", "10H", "QD"}),
        ("K♠️ and TS", {"KS", "10S"}),
        ("🃏=6♠ · JK=6S", {"JK"}),
        ("a 🃏 alone", {"JK"}),
        ("rami:3:mbs:7H#1.8H|9H", {"7H", "8H", "9H"}),
        ("pause 1.5s · timer 120s · 3 deals · Bot (hard) · <@1234567> · 10 cards · AS.", {"AS"}),
        ("ALIAS QDX 7HH", set()),
    ],
)
def test_faces_in(text: str, faces: set[str]) -> None:
    """Card tokens are read in every notation the bot writes, and nothing else is."""
    assert faces_in(text) == faces


def test_catalogue_examples_are_not_cards() -> None:
    """Example cards in the bot's fixed sentences are skipped; a real card beside them is still read."""
    catalog = {"en": {"tip": "To place a joker, type e.g. `/meld 7H 8H JK=9H`. {name} holds {n} cards."}}
    examples = catalog_examples(catalog)
    assert examples == ["To place a joker, type e.g. `/meld 7H 8H JK=9H`. "]
    shown = "To place a joker, type e.g. `/meld 7H 8H JK=9H`. Q♦ holds 3 cards."
    assert faces_in(without_examples(shown, examples)) == {"QD"}


def test_face_of_log_tokens() -> None:
    """Action-log tokens lose their deck copy and joker pin."""
    assert [face(t) for t in ("7H", "7H#1", "JK#2=6S", "JK")] == ["7H", "7H", "JK", "JK"]
    assert face(Card.parse("JK=6S")) == "JK"


async def test_planted_leaks_are_caught(world: World, rami: BotProcess) -> None:
    """A hidden card of bob's in a channel message, or in a private message to alice, fails the check."""
    d = world.driver
    session = TableSession(d, world.db, world.channel, [world.alice, world.bob], seed=5)
    await session.open("basic", SHORT)
    await session.start()
    for _ in range(3):
        assert await session.step() is not None
    assert_no_leak(d, world.db, session.game_id, session.snapshots)  # the real messages are clean

    snap = session.read()
    line = timeline(world.db, session.game_id, session.snapshots)
    bob_seat = snap.table.seat_of(world.bob.id)
    assert bob_seat is not None
    hand = snap.table.game.deal.hands[bob_seat]  # type: ignore[union-attr]
    secret = next(c for c in hand if face(c) not in line.public[-1])

    d.state.create_message(
        world.channel, d.bot, {"content": f"you hold {secret.pretty}", "flags": 64}, ephemeral_to=world.bob.id
    )
    assert_no_leak(d, world.db, session.game_id, session.snapshots)  # bob may see his own card

    to_alice = d.state.create_message(
        world.channel, d.bot, {"content": f"psst: {secret}", "flags": 64}, ephemeral_to=world.alice.id
    )
    with pytest.raises(AssertionError, match="seen by alice"):
        assert_no_leak(d, world.db, session.game_id, session.snapshots)
    del d.state.messages[to_alice.id]

    board = session.board
    assert board is not None
    d.state.edit_message(board, {"content": f"bob holds {secret.pretty}"})
    with pytest.raises(AssertionError, match="seen by everyone"):
        assert_no_leak(d, world.db, session.game_id, session.snapshots)
    d.state.edit_message(board, {"content": ""})
    with pytest.raises(AssertionError, match="seen by everyone"):  # the edit history is scanned too
        assert_no_leak(d, world.db, session.game_id, session.snapshots)
