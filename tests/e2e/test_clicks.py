"""Two clicks per turn, through the real process and the fake Discord: the private hand, opened once
with "My hand", is kept current by the bot's edits through its interaction's webhook, so a plain turn
is Draw then the card, a turn with a suggested meld one click more; a joker swap is a button, and the
meld builder places a joker where the player says, with the running total before the opening. At the
end no hand message is left with a live button, and no message or edit is ever empty (the fake
refuses those with 50006, and every refusal fails the test at teardown)."""

from __future__ import annotations

from data import Database
from rummy.solver import best_discard
from rummy.view import PlayerView, view_for
from tests.cogs.rig import rig
from tests.e2e.conftest import World
from tests.e2e.gamedb import ACTIVE, Snapshot
from tests.e2e.moves import component_id
from tests.e2e.session import TableSession
from tests.fakediscord import BotProcess, FakeUser, RecordedMessage

QUICK = {"bot_pause": "0", "turn_timer": "0", "game_end": "deals", "game_length": "1"}


async def rigged(world: World, rami: BotProcess, session: TableSession, user: FakeUser, cards: str) -> None:
    """Give ``user`` these cards in the stored deal (the bot stopped meanwhile, as a restart)."""
    await rami.stop()
    db = await Database.open(world.db_path)
    try:
        await rig(db, world.channel.id, {session.read().table.seat_for(user.id): cards})
    finally:
        await db.close()
    await rami.start()


def view_of(snap: Snapshot, user: FakeUser) -> PlayerView:
    table = snap.table
    assert table.game is not None
    return view_for(table.game, table.seat_for(user.id))


def shows(hand: RecordedMessage, view: PlayerView, game_id: int) -> bool:
    """Whether the open hand shows ``view``: its cards, and the Take button for the pile's top."""
    take = f"rami:{game_id}:draw:discard:{view.discard_top}" if view.discard_top else None
    ids = [c.get("custom_id") for c in hand.live_components]
    return " ".join(c.pretty for c in view.hand) in hand.text and (take is None or take in ids)


def live(hand: RecordedMessage, prefix: str) -> list[str]:
    return [str(c["custom_id"]) for c in hand.live_components if str(c["custom_id"]).startswith(prefix)]


async def open_hands(session: TableSession, people: list[FakeUser]) -> dict[int, RecordedMessage]:
    """Each person presses My hand once and keeps the private message open."""
    board = session.board
    assert board is not None
    hands = {}
    for user in people:
        opened = await session.driver.click(user, board, component_id(board, f"rami:{session.game_id}:hand"))
        assert opened.ephemeral and opened.message.ephemeral_to == user.id, opened.text
        hands[user.id] = opened.message
    return hands


async def test_a_game_played_from_open_hands(world: World, rami: BotProcess) -> None:
    """A whole basic game, each person's hand opened once: 2 clicks a plain turn, 3 with the
    suggested meld; at the end every hand is closed (no live button) with its last line."""
    d, channel = world.driver, world.channel
    people = [world.alice, world.bob]
    session = TableSession(d, world.db, channel, people, seed=7)
    await session.open("basic", {**QUICK, "refill_limit": "0"})
    snap = await session.start()
    first = session.user_at(snap.table.turn, snap)  # type: ignore[arg-type]
    assert first is not None
    await rigged(world, rami, session, first, "4H 5H 6H")  # a meld to suggest on the first turn
    hands = await open_hands(session, people)
    g = session.game_id
    turns: list[tuple[int, bool]] = []  # (clicks, with the suggestion)
    for _ in range(200):
        snap = session.read()
        if snap.status not in ACTIVE:
            break
        user = session.user_at(snap.table.turn, snap)  # type: ignore[arg-type]
        assert user is not None
        hand = hands[user.id]
        view = view_of(snap, user)
        await d.state.wait_until(
            lambda hand=hand, view=view: shows(hand, view, g), session.wait, f"{user.name}'s open hand to be current"
        )
        clicks = 1
        drew = await d.click(user, hand, component_id(hand, f"rami:{g}:draw:stock"))
        assert drew.message is hand, "the click redraws the open hand in place"
        suggestion = live(hand, f"rami:{g}:sg")
        if suggestion:
            await d.click(user, hand, suggestion[0])
            clicks += 1
        after = session.read()
        if after.status in ACTIVE and after.table.turn == snap.table.turn:
            now = view_of(after, user)
            card, _kept = best_discard(list(now.hand), now.rules, forbidden=now.taken)
            await d.select(user, hand, component_id(hand, f"rami:{g}:discard"), [card.token])
            clicks += 1
        turns.append((clicks, bool(suggestion)))
        assert session.read().version > snap.version
    assert session.read().status == "finished"
    assert turns[0][1], "the rigged meld was suggested on the first turn"
    assert all(clicks == (3 if suggested else 2) for clicks, suggested in turns[:-1]), turns
    assert turns[-1][0] <= 3 and sum(not s for _c, s in turns) >= 3, turns
    await d.state.wait_until(
        lambda: all(not m.live_components for m in hands.values()), session.wait, "every open hand to be closed"
    )
    for user in people:
        for message in d.ephemeral_for(user, channel):
            assert message.live_components == [], (user.name, message.text)
    assert all("The game is over" in m.content for m in hands.values()), [m.content for m in hands.values()]


async def test_a_joker_swap_is_a_button(world: World, rami: BotProcess) -> None:
    """Under ref40, once opened, the hand names the swap it allows: one click takes the joker."""
    d, channel = world.driver, world.channel
    session = TableSession(d, world.db, channel, [world.alice, world.bob], seed=2)
    await session.open("ref40", QUICK)
    snap = await session.start()
    me = session.user_at(snap.table.turn, snap)  # type: ignore[arg-type]
    assert me is not None
    await rigged(world, rami, session, me, "KH KS KD QC QD QH 5C 6C JK 7C 2D 9S")
    hand = (await open_hands(session, [me]))[me.id]
    g = session.game_id
    await d.click(me, hand, component_id(hand, f"rami:{g}:draw:stock"))
    melded = await d.slash(me, channel, "meld", cards="KH KS KD | QC QD QH | 5C JK 7C")
    assert world.db.actions(g)[-1].kind == "meld", melded.text
    hand = melded.messages[0]  # a typed move answers with the hand, privately: the newest one, kept current
    assert hand.ephemeral and hand.embeds
    button = hand.find_component(f"rami:{g}:sw:2:6C")
    assert button["label"] == "Swap 6♣ into meld 3"
    swapped = await d.click(me, hand, button["custom_id"])
    assert world.db.actions(g)[-1].kind == "swap", swapped.text
    await d.state.wait_until(  # the channel reads it in the turn's message
        lambda: any("put 6♣ in meld 3 and took its joker" in m.text for m in d.public_messages(channel)),
        session.wait,
        "the swap in the turn's message",
    )
    assert any(c.is_joker for c in view_of(session.read(), me).hand)


async def test_the_builder_places_the_joker_and_counts_to_the_opening(world: World, rami: BotProcess) -> None:
    """Under rami51: 8♥ 9♥ 10♥ 🃏 asks 7♥ or J♥; 37 / 51 keeps Lay down disabled, 67 / 51 lays
    down, the joker as J♥."""
    d, channel = world.driver, world.channel
    session = TableSession(d, world.db, channel, [world.alice, world.bob], seed=2)
    await session.open("rami51", QUICK)
    snap = await session.start()
    me = session.user_at(snap.table.turn, snap)  # type: ignore[arg-type]
    assert me is not None
    await rigged(world, rami, session, me, "8H 9H 10H JK QC QD QS 2S 4D 7C 9D 3C 5S KD")  # the starter: 14
    hand = (await open_hands(session, [me]))[me.id]
    g = session.game_id
    await d.click(me, hand, component_id(hand, f"rami:{g}:mb"))
    assert "0 / 51 points" in hand.text
    cards = view_of(session.read(), me).hand

    def tokens(text: str) -> list[str]:
        return [next(c.token for c in cards if str(c) == t) for t in text.split()]

    await d.select(me, hand, component_id(hand, f"rami:{g}:mbs"), tokens("8H 9H 10H JK"))
    place = hand.find_component(component_id(hand, f"rami:{g}:mbj"))
    assert [o["label"] for o in place["options"]] == ["🃏=7♥ 8♥ 9♥ 10♥", "8♥ 9♥ 10♥ 🃏=J♥"]
    await d.select(me, hand, place["custom_id"], [place["options"][1]["value"]])
    assert "37 / 51 points" in hand.text
    assert hand.find_component(component_id(hand, f"rami:{g}:mk")).get("disabled")
    await d.select(me, hand, component_id(hand, f"rami:{g}:mbs"), tokens("QC QD QS"))
    assert "67 / 51 points" in hand.text
    laid = await d.click(me, hand, component_id(hand, f"rami:{g}:mk"))
    assert world.db.actions(g)[-1].kind == "meld", laid.text
    melds = view_of(session.read(), me).melds
    assert ["8H", "9H", "10H", "JK=JH"] in [m.meld.labels(pretty=False) for m in melds]
