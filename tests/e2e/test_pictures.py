"""Cards you can see, through ``python bot.py`` and the fake Discord: the private hand and the board
carry a PNG the embed shows (``attachment://…``), the game's story ends the board and ``/scores``,
and where the bot may not attach files, or someone chose text only, the text stands alone."""

from __future__ import annotations

import io

from PIL import Image

from service.catalog import EN
from tests.e2e.conftest import BOT_SCRIPT, World, assert_fake_happy, stop_cleanly
from tests.e2e.moves import is_hand
from tests.e2e.session import TableSession
from tests.e2e.test_bad_input import started
from tests.e2e.test_games import SHORT
from tests.fakediscord import BotProcess, FakeDiscord, RecordedMessage
from tests.fakediscord.models import ATTACH_FILES


def png(data: bytes | None) -> Image.Image:
    """``data`` opened with Pillow: a PNG of some size."""
    assert data is not None
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.format == "PNG" and img.width > 100 and img.height > 50
    return img


async def shown(world: World, message: RecordedMessage, name: str) -> Image.Image:
    """Wait until ``message``'s embed shows its picture ``name`` (it follows the text), and open it."""
    d = world.driver
    await d.state.wait_until(lambda: d.image(message) is not None, 15, f"{name} on message {message.id}")
    assert message.embeds[0]["image"]["url"] == f"attachment://{name}"
    return png(d.image(message))


def text_only(message: RecordedMessage) -> bool:
    return not message.attachments and all(not e.get("image") for e in message.embeds)


async def test_the_hand_and_the_board_show_pictures(world: World, rami: BotProcess) -> None:
    """The board shows the table; /hand and My hand show the hand, the text beside it."""
    session = await started(world)
    d, board = world.driver, session.board
    assert board is not None
    await shown(world, board, "table.png")
    assert EN["board_melds"] in board.text
    hand = (await d.slash(world.alice, world.channel, "hand")).message
    assert hand.ephemeral and is_hand(hand)
    await shown(world, hand, "hand.png")
    assert hand.embeds[0]["description"]  # the cards as text, still there
    mine = (await d.click(world.bob, board, f"rami:{session.game_id}:hand")).message
    assert mine.ephemeral_to == world.bob.id
    await shown(world, mine, "hand.png")
    looked = (await d.slash(world.bob, world.channel, "table")).message
    await shown(world, looked, "table.png")


async def test_a_whole_game_by_clicks_ends_with_its_story(world: World, rami: BotProcess) -> None:
    """Played with the hand's buttons (each redraw lists its picture): the final board and /scores
    show each player's running total as a chart."""
    session = TableSession(world.driver, world.db, world.channel, [world.alice, world.bob], style="buttons", seed=5)
    await session.open("basic", {**SHORT, "refill_limit": "0"})
    await session.start()
    await session.play_to_end()
    await session.check_final_scores()
    board = session.board
    assert board is not None
    await shown(world, board, "scores.png")
    sheet = (await world.driver.slash(world.bob, world.channel, "scores")).message
    await shown(world, sheet, "scores.png")
    d = world.driver
    for message in (m for m in d.state.messages.values() if m.author is d.bot):
        shows = {str((e.get("image") or {}).get("url", "")).removeprefix("attachment://") for e in message.embeds}
        assert {a["filename"] for a in message.attachments} <= shows, message.text  # no picture left unshown


async def test_without_attach_files_the_table_is_text(world: World, rami: BotProcess) -> None:
    """The bot's role denied Attach Files in the channel: one line tells the host, the board and the
    hands are text only, and the bot never tries to upload there."""
    d = world.driver
    d.overwrite(world.channel, d.bot_role(world.guild), deny=ATTACH_FILES)
    session = TableSession(d, world.db, world.channel, [world.alice, world.bob], seed=3)
    await session.open("basic", SHORT)
    lines = [m for m in d.ephemeral_for(world.alice) if "Attach Files" in m.text]
    assert len(lines) == 1 and not [m for m in d.ephemeral_for(world.bob) if "Attach Files" in m.text]
    await session.start()
    await session.step()
    hand = (await d.slash(world.bob, world.channel, "hand")).message
    assert is_hand(hand) and text_only(hand)
    board = session.board
    assert board is not None and EN["board_melds"] in board.text and text_only(board)
    assert all(text_only(m) for m in d.state.messages.values() if m.author is d.bot)


async def test_text_only_is_each_persons_own_choice(world: World, rami: BotProcess) -> None:
    """alice chooses text only: her hand comes without a picture; bob's still has one."""
    await started(world)
    d = world.driver
    chose = await d.slash(world.alice, world.channel, "settings pictures", show="off")
    assert chose.ephemeral and EN["settings_pictures_off"] in chose.text
    hers = (await d.slash(world.alice, world.channel, "hand")).message
    his = (await d.slash(world.bob, world.channel, "hand")).message
    await shown(world, his, "hand.png")
    assert is_hand(hers) and text_only(hers)


async def test_pictures_off_for_the_whole_bot(fake: FakeDiscord, world: World) -> None:
    """RAMI_PICTURES=off: no message of the bot carries a picture, and the game goes on as text."""
    process = BotProcess(fake, BOT_SCRIPT, env=world.bot_env(RAMI_PICTURES="off"))
    world.driver.process = process
    await process.start()
    session = await started(world)
    await session.step()
    d = world.driver
    hand = (await d.slash(world.alice, world.channel, "hand")).message
    assert is_hand(hand)
    chose = await d.slash(world.alice, world.channel, "settings pictures", show="on")
    assert EN["settings_pictures_bot_off"] in chose.text
    assert all(text_only(m) for m in d.state.messages.values() if m.author is d.bot)
    await stop_cleanly(process)
    assert_fake_happy(fake, world)
