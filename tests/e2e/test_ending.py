"""The end of a game through the real process and the fake Discord: the final message (standings,
rating changes, the hands laid face up, Rematch), ``/table`` after the game, the game's record read
by buttons and opened from ``/history``'s select, a rematch, a spectator's My hand, and a walkover."""

from __future__ import annotations

from data.ratings import Rating
from rummy.record_check import replay_record
from rummy.record_text import parse_record
from tests.e2e.conftest import World
from tests.e2e.secrecy import assert_no_leak
from tests.e2e.session import TableSession
from tests.fakediscord import BotProcess, RecordedMessage

SHORT = {"bot_pause": "0", "turn_timer": "0", "game_end": "deals", "game_length": "1"}


def _rating_line(name: str, row: dict[str, object]) -> str:
    before = max(0.0, Rating(float(row["mu_before"]), float(row["sigma_before"])).ordinal)  # type: ignore[arg-type]
    after = max(0.0, Rating(float(row["mu_after"]), float(row["sigma_after"])).ordinal)  # type: ignore[arg-type]
    change = round(after - before, 1)
    if change > 0:
        return f"{name}: +{change:.1f}, now {after:.1f}"
    if change < 0:
        return f"{name}: −{-change:.1f}, now {after:.1f}"
    return f"{name}: unchanged, {after:.1f}"


async def test_a_game_to_its_final_message_then_table_and_rematch(world: World, rami: BotProcess) -> None:
    """Alice and Bob play basic to the end by buttons: one public message then gives the standings,
    both rating changes and the hands left; Erin's /table shows the same end; Bob's Rematch opens the
    same table, Bob hosting, Alice seated, the house rules kept."""
    d, channel = world.driver, world.channel
    session = TableSession(d, world.db, channel, [world.alice, world.bob], style="buttons", seed=5)
    await session.open("basic", SHORT)
    await session.start()
    await session.play_to_end()
    await session.check_final_scores()
    game_id = session.game_id
    rematch_id = f"rami:{game_id}:rematch"

    def final() -> RecordedMessage | None:
        return next(
            (m for m in d.public_messages(channel) if any(b.get("custom_id") == rematch_id for b in m.buttons)), None
        )

    await d.state.wait_until(lambda: final() is not None, 20.0, "the final message with its Rematch button")
    message = final()
    assert message is not None
    text = message.text
    assert "game over" in text and "Final standings" in text and "Rating on this server" in text
    names = {world.alice.id: "alice", world.bob.id: "bob"}
    for row in world.db.results(game_id):
        assert _rating_line(names[int(row["user_id"])], row) in text, (row, text)
    table = world.db.game(game_id).table
    [over] = [e for e in table.recent if e.kind == "deal_over"]
    for seat, cards in over.detail["hands"].items():
        if cards:
            assert f"{table.players[int(seat)].name} with {' '.join(cards)} (" in text, text
    assert len([m for m in d.public_messages(channel) if any(b.get("custom_id") == rematch_id for b in m.buttons)]) == 1
    assert_no_leak(d, world.db, game_id, session.snapshots)  # the hands shown once the deal was over

    looked = await d.slash(world.erin, channel, "table")
    assert looked.ephemeral and "game over" in looked.text and "Final standings" in looked.text
    assert any(b.get("custom_id") == rematch_id for b in looked.message.buttons)

    # Erin, who did not play, reads the game's record: its deal, the standings, the text file
    record = await d.click(world.erin, message, f"rami:{game_id}:record")
    assert record.ephemeral and f"Game {game_id}: deal 1 of 1" in record.text and "Totals:" in record.text
    standings = await d.click(world.erin, record.message, "Next")
    assert f"Game {game_id}: final standings" in standings.text
    download = await d.click(world.erin, standings.message, "Download")
    [attached] = download.message.attachments
    text = d.state.files[int(attached["id"])].decode()
    assert attached["filename"] == f"rami-game-{game_id}.txt"
    assert list(replay_record(parse_record(text)).totals) == world.db.game(game_id).table.game.scores
    back = await d.click(world.erin, standings.message, "Previous")
    assert back.message.id == record.message.id and f"Game {game_id}: deal 1 of 1" in back.text
    # Alice opens the same record from her /history, by its select: a private reply of its own
    history = await d.slash(world.alice, channel, "history")
    opened = await d.select(world.alice, history.message, f"rami:{game_id}:histrec", str(game_id))
    assert opened.message.ephemeral_to == world.alice.id and opened.message.id != history.message.id
    assert f"Game {game_id}: deal 1 of 1" in opened.text and "Totals:" in opened.text

    again = await d.click(world.bob, message, rematch_id)
    assert not again.ephemeral and "bob opens a rematch. Seated: bob, alice." in again.text, again.text
    lobby = world.db.active(channel.id)
    assert lobby is not None and lobby.status == "lobby" and lobby.id != game_id
    assert lobby.table.host_id == world.bob.id and [p.name for p in lobby.table.players] == ["bob", "alice"]
    assert lobby.table.overrides == world.db.game(game_id).table.overrides and lobby.table.overrides
    assert any(str(b.get("custom_id")) == f"rami:{lobby.id}:start" for b in again.message.buttons)
    refused = await d.click(world.alice, message, rematch_id)
    assert refused.ephemeral and "A table is already open in this channel" in refused.text


async def test_a_spectators_hand_then_a_walkover(world: World, rami: BotProcess) -> None:
    """Erin, not seated, presses My hand: the table privately, no hand, how to join. Then Bob leaves
    and the channel reads that Alice wins by walkover, not that nobody is left."""
    d, channel = world.driver, world.channel
    session = TableSession(d, world.db, channel, [world.alice, world.bob], seed=2)
    await session.open("basic", SHORT)
    await session.start()
    board = session.board
    assert board is not None
    watched = await d.click(world.erin, board, f"rami:{session.game_id}:hand")
    assert watched.ephemeral and "You are watching" in watched.text and "Your hand" not in watched.text
    assert "Wait for the next game, or for the Rematch" in watched.text and "Discard pile" in watched.text
    assert not [b for b in watched.message.buttons if ":draw" in str(b.get("custom_id"))]

    left = await d.slash(world.bob, channel, "lobby leave")
    assert not left.ephemeral and "Everyone else left: alice wins by walkover." in left.text, left.text
    assert "No person is left" not in left.text and "The game is over" not in left.text
    assert world.db.game(session.game_id).status == "abandoned" and world.db.results(session.game_id) == []
    await session.board_shows("won by walkover")
