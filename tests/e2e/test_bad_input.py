"""Bad input everywhere gets a private reason, and the saved game does not move by a single byte."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from rummy.cards import Card
from rummy.deal import Phase
from service.catalog import EN
from tests.e2e.conftest import World
from tests.e2e.moves import component_id
from tests.e2e.session import TableSession
from tests.e2e.test_games import SHORT
from tests.fakediscord import BotProcess, InteractionResult
from tests.fakediscord.models import APPLICATION_COMMAND, MESSAGE_COMPONENT, walk_components

Act = Callable[[], Awaitable[InteractionResult]]


async def refused(world: World, act: Act, *expected: str) -> InteractionResult:
    """Run ``act``: the answer is private, says why (each of ``expected``), and the database is unchanged."""
    before = world.db.everything() if world.db_path.exists() else None
    result = await act()
    assert result.messages, f"no answer to {result.interaction.name!r}"
    assert all(m.ephemeral for m in result.messages), f"a refusal went public: {result.text}"
    assert result.text.strip() and EN["oops"] not in result.text, result.text
    for part in expected:
        assert part in result.text, (part, result.text)
    if before is not None:
        assert world.db.everything() == before, f"{result.interaction.name!r} changed the database"
    return result


async def started(world: World, preset: str = "basic") -> TableSession:
    """alice (host) and bob at a started table in the game channel; nothing moves without them."""
    session = TableSession(world.driver, world.db, world.channel, [world.alice, world.bob], seed=11)
    await session.open(preset, SHORT)
    await session.start()
    return session


async def test_malformed_cards(world: World, rami: BotProcess) -> None:
    """Cards that are not cards, melds that are not melds, meld numbers that do not exist."""
    session = await started(world)
    snap = await session.persons_turn()
    mover = session.user_at(snap.table.turn or 0, snap)
    assert mover is not None
    assert await session.step() is not None  # the mover draws: now every play command is in phase
    d, ch = world.driver, world.channel
    await refused(world, lambda: d.slash(mover, ch, "discard", card="ZZ"), "'ZZ' is not a card")
    await refused(world, lambda: d.slash(mover, ch, "discard", card="7X"), "'7X' is not a card")
    await refused(world, lambda: d.slash(mover, ch, "discard", card="JK=JK"), "is not a card")
    await refused(world, lambda: d.slash(mover, ch, "meld", cards="7H 8H banana"), "'banana' is not a card")
    await refused(world, lambda: d.slash(mover, ch, "meld", cards="|"))
    await refused(world, lambda: d.slash(mover, ch, "layoff", cards="7H", meld=0), EN["no_meld_number"])
    await refused(world, lambda: d.slash(mover, ch, "layoff", cards="7H", meld=99))
    await refused(world, lambda: d.slash(mover, ch, "swap", meld=1, card="11H"), "'11H' is not a card")


async def test_cards_not_in_hand(world: World, rami: BotProcess) -> None:
    """Discarding, melding or laying off cards the player does not hold."""
    session = await started(world)
    snap = await session.persons_turn()
    seat = snap.table.turn
    assert seat is not None
    mover = session.user_at(seat, snap)
    assert mover is not None
    assert await session.step() is not None
    game = session.read().table.game
    assert game is not None and game.deal is not None and game.deal.phase is Phase.PLAY
    mine = game.deal.hands[seat]
    missing = [c for s, hand in game.deal.hands.items() if s != seat for c in hand if c not in mine]
    d, ch = world.driver, world.channel
    await refused(world, lambda: d.slash(mover, ch, "discard", card=str(missing[0])), "in your hand")
    trio = " ".join(str(c) for c in missing[:3])
    await refused(world, lambda: d.slash(mover, ch, "meld", cards=trio))
    await refused(world, lambda: d.slash(mover, ch, "discard", card="JK"), "in your hand")


async def test_out_of_turn(world: World, rami: BotProcess) -> None:
    """The player who waits can neither type a move nor use the discard select left from their own turn."""
    session = await started(world)
    first = await session.persons_turn()
    waited = session.user_at(first.table.turn or 0, first)
    assert waited is not None
    snap = first
    while snap.table.user_id(snap.table.turn or 0) == waited.id:  # their whole turn, typed
        assert await session.step() is not None
        snap = await session.persons_turn()
    mover = session.user_at(snap.table.turn or 0, snap)
    assert mover is not None and mover is not waited
    turn_text = f"It's {mover.name}'s turn"
    d, ch = world.driver, world.channel
    game = snap.table.game
    assert game is not None and game.deal is not None
    own = game.deal.hands[session.people.index(waited)]
    await refused(world, lambda: d.slash(waited, ch, "draw", source="stock"), turn_text)
    await refused(world, lambda: d.slash(waited, ch, "discard", card=str(own[0])), turn_text)
    await refused(world, lambda: d.slash(waited, ch, "meld", cards=" ".join(str(c) for c in own[:3])), turn_text)
    # A hand sent during their turn showed an enabled discard select. The bot has redrawn it since
    # (a hand kept open stays current), but a client that has not seen the edit yet still sends it.
    prefix = f"rami:{session.game_id}:discard"
    stale = [
        (m, s)
        for m in d.ephemeral_for(waited)
        for shown in [*m.revisions, m.snapshot()]
        for s in walk_components(shown["components"])
        if s.get("type") == 3 and str(s.get("custom_id")).startswith(prefix) and not s.get("disabled")
    ]
    assert stale, "no hand with an enabled discard select was sent during their turn"
    message, select = stale[0]
    value = next(o["value"] for o in select["options"] if Card.parse(o["value"]) in own)
    data = {"custom_id": select["custom_id"], "component_type": 3, "values": [value]}
    await refused(world, lambda: d.dispatch(MESSAGE_COMPONENT, waited, ch, data, source=message), turn_text)


async def test_non_player(world: World, rami: BotProcess) -> None:
    """A member who is not seated can look at the table but not play, join a started game or see a
    hand: asking for one shows them the table instead, privately, and how to join the next game."""
    session = await started(world)
    assert session.board is not None
    d, ch, erin = world.driver, world.channel, world.erin
    not_playing = "You are not playing at this table."
    watching = "You are not playing in this game. Wait for the next game"
    await refused(world, lambda: d.slash(erin, ch, "draw", source="stock"), not_playing)
    await refused(world, lambda: d.slash(erin, ch, "discard", card="7H"), not_playing)
    looked = await refused(world, lambda: d.slash(erin, ch, "hand"), watching, "Discard pile")
    assert "Your hand" not in looked.text
    await refused(world, lambda: d.slash(erin, ch, "hint"), not_playing)
    hand_button = component_id(session.board, f"rami:{session.game_id}:hand")
    looked = await refused(world, lambda: d.click(erin, session.board, hand_button), watching, "Discard pile")
    assert "Your hand" not in looked.text
    await refused(world, lambda: d.slash(erin, ch, "lobby join"), "already started")
    await refused(world, lambda: d.slash(erin, ch, "lobby start"), "Only the host")
    await refused(world, lambda: d.slash(erin, ch, "lobby cancel"), "Only the host")
    await refused(world, lambda: d.slash(erin, ch, "lobby kick", member=world.bob), "Only the host")
    looked = await refused(world, lambda: d.slash(erin, ch, "table"))
    assert "Discard pile" in looked.text  # looking is allowed, privately
    assert await d.autocomplete(erin, ch, "discard", "card", "") == []  # no hand, no suggestions


async def test_channel_without_a_table(world: World, rami: BotProcess) -> None:
    """Every game command in a channel with no table says so, privately."""
    await started(world)
    d, quiet, alice = world.driver, world.quiet, world.alice
    for command, options in [
        ("draw", {}),
        ("discard", {"card": "7H"}),
        ("meld", {"cards": "7H 8H 9H"}),
        ("layoff", {"cards": "7H", "meld": 1}),
        ("swap", {"meld": 1, "card": "7H"}),
        ("hand", {}),
        ("table", {}),
        ("scores", {}),
        ("hint", {}),
        ("lobby join", {}),
        ("lobby start", {}),
        ("lobby leave", {}),
        ("lobby cancel", {}),
        ("lobby addbot", {}),
        ("lobby set", {"rule": "hints", "value": "no"}),
    ]:
        await refused(world, lambda c=command, o=options: d.slash(alice, quiet, c, **o), EN["no_table"])  # type: ignore[misc]


async def test_direct_messages(world: World, rami: BotProcess) -> None:
    """Guild-only commands sent from a DM (a stale client may offer them) get the servers-only reason.

    Buttons cannot reach the bot from a DM: the bot never posts in DMs, and Discord only delivers clicks
    on components of a real message.
    """
    await started(world)
    d, alice = world.driver, world.alice
    dm = d.dm_channel(alice)
    for name in ("draw", "hand", "table", "lobby"):
        command = d.state.find_command(name, world.guild.id)
        assert command is not None
        data = {"id": command["id"], "name": name, "type": 1, "options": []}
        if name == "lobby":
            data["options"] = [{"name": "create", "type": 1, "options": []}]
        await refused(
            world,
            lambda data=data: d.dispatch(APPLICATION_COMMAND, alice, dm, data),  # type: ignore[misc]
            EN["guild_only"],
        )


async def test_lobby_mistakes(world: World, rami: BotProcess) -> None:
    """Unknown rules, bad values, a second table, an early start, a double join: refused privately."""
    d, ch, alice, bob = world.driver, world.channel, world.alice, world.bob
    created = await d.slash(alice, ch, "lobby create", preset="rami51")
    assert not created.ephemeral
    await refused(world, lambda: d.slash(alice, ch, "lobby set", rule="nonsense", value="1"), "nonsense")
    await refused(world, lambda: d.slash(alice, ch, "lobby set", rule="game_length", value="abc"), "game_length")
    await refused(world, lambda: d.slash(alice, ch, "lobby set", rule="game_length", value="99999"), "at most")
    await refused(world, lambda: d.slash(alice, ch, "lobby set", rule="bot_pause", value="-1"), "bot_pause")
    await refused(world, lambda: d.slash(alice, ch, "lobby set", rule="hints", value="maybe"), "yes or no")
    await refused(world, lambda: d.slash(bob, ch, "lobby set", rule="hints", value="no"), "Only the host")
    await refused(world, lambda: d.slash(bob, ch, "lobby addbot"), "Only the host")
    await refused(world, lambda: d.slash(alice, ch, "lobby start"), "at least 2 players")
    await refused(world, lambda: d.slash(alice, ch, "lobby create"), EN["busy"])
    await refused(world, lambda: d.slash(alice, ch, "lobby join"), "already seated")
    await refused(world, lambda: d.slash(alice, ch, "lobby leave"), "host")
    await refused(world, lambda: d.slash(alice, ch, "lobby kick", member=world.erin), "not playing")
    await refused(world, lambda: d.slash(alice, ch, "lobby removebot"), "no computer player")
    await refused(world, lambda: d.slash(alice, ch, "draw"), EN["not_started"])
    await refused(world, lambda: d.slash(alice, ch, "hand"), EN["not_started"])
