"""Twenty identical clicks (or commands) at once from the player to move: exactly one takes effect."""

from __future__ import annotations

from rummy.deal import Phase
from service.catalog import text
from tests.e2e.conftest import World
from tests.e2e.gamedb import Snapshot
from tests.e2e.moves import is_hand
from tests.e2e.session import TableSession
from tests.e2e.test_games import SHORT
from tests.fakediscord import BotProcess, InteractionResult

CLICKS = 20
DREW_STOCK = text("en", "ev_drew_stock", name="")  # " drew from the stock."


async def _drawing_turn(session: TableSession) -> Snapshot:
    """Play on until a person is to draw."""
    snap = await session.persons_turn()
    while snap.table.game.deal.phase is not Phase.DRAW:  # type: ignore[union-attr]
        assert await session.step() is not None, "the game ended too early"
        snap = await session.persons_turn()
    return snap


def _told(session: TableSession, sentence: str) -> int:
    """How many times the channel's messages read ``sentence``."""
    return sum(m.text.count(sentence) for m in session.driver.public_messages(session.channel))


async def _exactly_one(
    session: TableSession, before: Snapshot, results: list[InteractionResult], told_before: int
) -> None:
    """One draw saved and told once in the channel (in the turn's message); the drawer's answer is
    their hand, every other attempt is answered privately, nothing else moved."""
    d = session.driver
    seat = before.table.turn
    assert seat is not None
    user = session.user_at(seat, before)
    assert user is not None
    drew = f"{user.name}{DREW_STOCK}"
    await d.wait_answered(results, timeout=30)
    await d.state.wait_until(lambda: all(r.interaction.message_ids for r in results), 30, "every answer")
    await d.state.wait_until(lambda: _told(session, drew) > told_before, 30, "the public line of the draw")
    after = session.read()
    assert after.version == before.version + 1, f"{after.version - before.version} changes saved, not 1"
    log = session.db.actions(session.game_id)
    assert [(a.seq, a.kind) for a in log if a.seq > before.version] == [(before.version + 1, "draw")]
    sizes = [len(s.table.game.deal.hands[seat]) for s in (before, after)]  # type: ignore[union-attr]
    assert sizes[1] == sizes[0] + 1
    assert _told(session, drew) == told_before + 1
    assert all(m.ephemeral for r in results for m in r.messages)  # the channel reads it in the turn's message
    winners = [r for r in results if any(is_hand(m) and "You drew" in m.text for m in r.messages)]
    assert len(winners) == 1, [r.text for r in results]
    await d.state.wait_until(  # the winner's hand, and then its picture
        lambda: all(any(m.ephemeral and d.image(m) is not None for m in r.messages) for r in winners),
        30,
        "the hand after the draw, with its picture",
    )
    for result in results:
        if result in winners:
            continue
        assert result.messages and all(m.ephemeral for m in result.messages), result.text
        assert result.text.strip() and "Sorry" not in result.text, result.text


async def test_twenty_simultaneous_draw_clicks(world: World, rami: BotProcess) -> None:
    """20 clicks on the private hand's draw button at once: one card drawn, 19 polite private refusals."""
    session = TableSession(world.driver, world.db, world.channel, [world.alice, world.bob], seed=3)
    await session.open("basic", SHORT)
    await session.start()
    before = await _drawing_turn(session)
    seat = before.table.turn
    assert seat is not None and session.board is not None and session.hands is not None
    user = session.user_at(seat, before)
    assert user is not None
    hand = await session.hands.fresh(user, session.board)
    button = session.hands.on(hand, "draw", "stock")
    told = _told(session, f"{user.name}{DREW_STOCK}")
    results = [await world.driver.click(user, hand, button, wait=False) for _ in range(CLICKS)]
    await _exactly_one(session, before, results, told)


async def test_twenty_simultaneous_draw_commands(world: World, rami: BotProcess) -> None:
    """20 /draw at once from the player to move: one card drawn, 19 polite private refusals."""
    session = TableSession(world.driver, world.db, world.channel, [world.alice, world.bob], seed=4)
    await session.open("basic", SHORT)
    await session.start()
    assert await session.step() is not None  # someone draws...
    before = await _drawing_turn(session)  # ...and plays on, so this is a later turn
    seat = before.table.turn
    assert seat is not None
    user = session.user_at(seat, before)
    assert user is not None
    told = _told(session, f"{user.name}{DREW_STOCK}")
    results = [
        await world.driver.slash(user, world.channel, "draw", source="stock", _wait=False) for _ in range(CLICKS)
    ]
    await _exactly_one(session, before, results, told)
