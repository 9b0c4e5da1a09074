"""Pictures through the cogs: the hand, the board, /table and /scores, who gets them and when.

The harness here (``hp``) has pictures on (the bot's default); elsewhere in tests/cogs they are off.
"""

from __future__ import annotations

import asyncio
import dataclasses
import io
from typing import Any
from unittest.mock import MagicMock

import discord
from PIL import Image

from cogs.ui.context import update
from cogs.ui.handover import Handle, Picture
from tests.cogs.conftest import ALICE, BOB, CHANNEL, Harness, Sent
from tests.cogs.script import play_game
from tests.cogs.test_play import seats

NO_FILES = discord.Permissions(discord.Permissions.all().value & ~discord.Permissions(attach_files=True).value)


def picture(sent: Sent, name: str) -> Image.Image:
    """The PNG ``name`` that ``sent`` carries and its embed shows, opened."""
    assert sent.embed is not None and sent.embed.image.url == f"attachment://{name}", sent.embed.image.url
    data = sent.pictures[name]
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.format == "PNG" and img.width > 100
    return img


async def test_a_hand_shows_its_text_at_once_and_its_picture_next(hp: Harness) -> None:
    """/hand answers with the text; the picture, drawn meanwhile, comes in an edit of that reply,
    with the same text beside it."""
    await hp.open_table(ALICE, BOB)
    r = await hp.slash(ALICE, "hand")
    text, drawn = r.sent
    assert (text.where, drawn.where) == ("reply", "edit") and text.ephemeral and drawn.ephemeral
    assert text.files is None and text.embed is not None and text.embed.image.url is None
    picture(drawn, "hand.png")
    assert drawn.embed is not None and drawn.embed.description == text.embed.description
    files = [f for f in drawn.files or [] if f.description]
    assert [f.description for f in files] == [hp.board.tr_for(0)("pic_hand")]


async def test_a_hand_already_drawn_goes_with_the_first_reply(hp: Harness) -> None:
    """Looking again at the same hand sends its picture at once: it is not drawn again."""
    await hp.open_table(ALICE, BOB)
    await hp.slash(ALICE, "hand")
    drawn = hp.gallery.drawn
    r = await hp.slash(ALICE, "hand")
    assert [s.where for s in r.sent] == ["reply"]
    picture(r.first, "hand.png")
    assert hp.gallery.drawn == drawn


async def test_a_click_redraws_the_text_tells_the_channel_then_adds_the_picture(hp: Harness) -> None:
    """Draw from the hand: the hand's text first (its old picture dropped), then the new picture,
    on the same private message; the public line is added to the turn's message, without a file."""
    await hp.open_table(ALICE, BOB)
    me, _ = await seats(hp)
    r = await hp.click(me, "rami:1:draw:stock")
    assert [(s.where, s.ephemeral) for s in r.sent] == [("edit", True), ("edit", True)]
    assert r.sent[0].files == [] and [(s.where, s.files) for s in r.channel] == [("line", None)]
    picture(r.sent[1], "hand.png")


async def test_a_click_on_an_open_hand_gets_its_picture(hp: Harness) -> None:
    """The hand was kept open, so its writer had a redraw queued for the click's own change: the
    click's redraw (that same version) still gets its picture, and no second redraw of the text."""
    await hp.open_table(ALICE, BOB)
    me, _ = await seats(hp)
    await hp.click(me, "rami:1:hand", on_ephemeral=False)
    entry = hp.open_hands.live(1, me.id)
    assert entry is not None
    r = await hp.click(me, "rami:1:draw:stock", message_id=entry.message_id)
    assert [(s.where, s.ephemeral) for s in r.sent] == [("edit", True), ("edit", True)]
    picture(r.sent[1], "hand.png")


async def test_a_typed_move_sends_the_hand_with_its_picture(hp: Harness) -> None:
    """/draw: the private hand at once (its text), then its picture in an edit; the public line is
    added to the turn's message."""
    await hp.open_table(ALICE, BOB)
    me, _ = await seats(hp)
    r = await hp.slash(me, "draw")
    assert [(s.where, s.ephemeral) for s in r.sent] == [("reply", True), ("edit", True)]
    assert r.first.files is None and [s.where for s in r.channel] == ["line"]
    hand = picture(r.sent[1], "hand.png")
    drawn_card = (await hp.view(me)).drawn
    assert drawn_card is not None and drawn_card.pretty in (r.sent[0].embed.description or "")
    assert hand.height > 0


async def test_a_late_picture_never_covers_a_newer_redraw(hp: Harness) -> None:
    """A picture handed over to the writer goes on its hand only while that hand is the one shown:
    not after another click redrew the message, nor once a newer version of the game is shown."""
    await hp.open_table(ALICE, BOB)
    game = await hp.service.current(CHANNEL)
    first = hp.interaction(ALICE, kind=discord.InteractionType.component, on_ephemeral=True, message_id=77)
    second = hp.interaction(ALICE, kind=discord.InteractionType.component, on_ephemeral=True, message_id=77)
    old, new = Handle.of(first, 77), Handle.of(second, 77)
    embed = discord.Embed(title="a hand")
    hp.writer.shown(old, game)
    await update(first, embed=embed)
    hp.writer.shown(new, game)
    await update(second, embed=discord.Embed(title="a newer hand"))
    hp.writer.picture(old, game, embed, late_picture(b"old"))
    await hp.settle()
    assert [s.where for s in first.result.sent] == ["edit"]  # the first click's picture never came
    hp.writer.picture(new, dataclasses.replace(game, version=game.version - 1), embed, late_picture(b"older"))
    await hp.settle()
    assert [s.where for s in second.result.sent] == ["edit"]  # drawn for a version no longer shown
    hp.writer.picture(new, game, embed, late_picture(b"png"))
    await hp.settle()
    assert [s.where for s in second.result.sent] == ["edit", "edit"]
    assert second.result.sent[-1].pictures == {"hand.png": b"png"}


def late_picture(data: bytes) -> Picture:
    """A picture whose drawing is done, sent after its text."""

    async def done() -> bytes:
        return data

    return Picture("hand.png", "a hand", None, asyncio.get_running_loop().create_task(done()))


async def test_text_only_by_choice(hp: Harness) -> None:
    """After /settings pictures show:off the hand comes without any picture, and /settings says so;
    show:on brings them back."""
    await hp.open_table(ALICE, BOB)
    done = await hp.slash(ALICE, "settings pictures", show="off")
    assert done.first.ephemeral and "Text only" in done.text
    r = await hp.slash(ALICE, "hand")
    assert [s.where for s in r.sent] == ["reply"] and not r.first.pictures
    told = await hp.slash(ALICE, "settings pictures")
    assert "You see text only" in told.text
    await hp.slash(ALICE, "settings pictures", show="on")
    assert "hand.png" in (await hp.slash(ALICE, "hand")).sent[-1].pictures
    assert await hp.service.current(CHANNEL)  # Bob's choice is his own: his hand still has one
    assert "hand.png" in (await hp.slash(BOB, "hand")).sent[-1].pictures


async def test_no_attach_files_no_private_picture(hp: Harness) -> None:
    """Where the bot may not attach files, the hand is text only."""
    await hp.open_table(ALICE, BOB)
    r = await hp.slash(ALICE, "hand", app_permissions=NO_FILES)
    assert [s.where for s in r.sent] == ["reply"] and r.first.files is None


async def test_the_host_is_told_once_when_the_board_stays_text(hp: Harness) -> None:
    """/lobby create without Attach Files: the board, then one private line to the host."""
    r = await hp.slash(ALICE, "lobby create", preset="basic", app_permissions=NO_FILES)
    board, line = r.sent
    assert not board.ephemeral and line.ephemeral and "Attach Files" in line.text
    r = await hp.slash(BOB, "lobby create", preset="basic", channel=CHANNEL + 100)
    assert len(r.sent) == 1


async def test_the_board_shows_the_table_then_the_story(hp: Harness) -> None:
    """In play the board carries the table's picture; at the end, the chart of the running totals,
    and /scores has it too."""
    await hp.open_table(ALICE, BOB, game_length="1")
    board = hp.board_message()
    picture(board, "table.png")
    assert "Melds on the table" in board.text  # the text stays beside the picture
    await play_game(hp, (ALICE, BOB), seed=4)
    final = hp.board_message()
    assert "Final standings" in final.text
    chart = picture(final, "scores.png")
    drawn = hp.gallery.drawn
    r = await hp.slash(ALICE, "scores")  # the board's chart, in the same language: drawn already
    assert [s.where for s in r.sent] == ["reply"] and hp.gallery.drawn == drawn
    assert picture(r.first, "scores.png").size == chart.size


async def test_table_shows_the_picture_privately(hp: Harness) -> None:
    """/table: the board's text at once, the table's picture in the edit."""
    await hp.open_table(ALICE, BOB)
    r = await hp.slash(BOB, "table")
    assert [(s.where, s.ephemeral) for s in r.sent] == [("reply", True), ("edit", True)]
    picture(r.sent[1], "table.png")


async def test_the_board_without_attach_files_is_text(hp: Harness) -> None:
    """Where the bot may not attach files, every redraw of the board lists no attachment."""
    hp.channels.attach = False
    await hp.open_table(ALICE, BOB)
    boards = [s for s in hp.outbox if s.where == "board"]
    assert boards and all(s.files == [] and s.embed is not None and s.embed.image.url is None for s in boards)


async def test_a_refused_picture_redraws_the_board_as_text(hp: Harness, monkeypatch: Any) -> None:
    """If Discord refuses the picture all the same, the board is redrawn as text at once."""
    edit = hp.channels.edit

    async def no_files(channel_id: int, message_id: int, **kwargs: Any) -> None:
        if kwargs.get("attachments"):
            raise discord.Forbidden(MagicMock(status=403, reason="Forbidden"), "Missing Permissions")
        await edit(channel_id, message_id, **kwargs)

    monkeypatch.setattr(hp.channels, "edit", no_files)
    await hp.open_table(ALICE, BOB)
    board = hp.board_message()
    assert board.files == [] and "Melds on the table" in board.text and board.embed.image.url is None


async def test_pictures_off_for_the_bot_change_nothing_sent(h: Harness) -> None:
    """With RAMI_PICTURES=off no message carries or lists an attachment, as before pictures."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    await h.slash(me, "hand")
    await h.click(me, "rami:1:draw:stock")
    await h.slash(me, "scores")
    assert h.outbox and all(s.files is None for s in h.outbox)
    assert "switched off" in (await h.slash(ALICE, "settings pictures", show="on")).text
