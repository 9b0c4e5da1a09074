"""A look's picture (cogs.ui.looks): ``/table``, ``/scores`` and a spectator's look answer with
their text and return; the picture follows from a handle, never from a held interaction, and a
late one is dropped quietly (issue 28, point 3). Shown through ``/table`` and a spectator's look;
``/scores`` takes the same path (``cogs.ui.pictures.send_look``)."""

from __future__ import annotations

import asyncio
import gc
import logging
import weakref
from collections.abc import Awaitable, Callable

import pytest

from service.gallery import Job
from tests.cogs.conftest import ALICE, BOB, MALLORY, Harness, Result
from tests.cogs.test_pictures import picture


def hold_drawings(hp: Harness, monkeypatch: pytest.MonkeyPatch) -> asyncio.Event:
    """Every picture asked for from now on waits until the event returned is set (a busy worker)."""
    release = asyncio.Event()
    draw: Callable[[Job | None], Awaitable[bytes | None]] = hp.gallery.picture

    async def held(job: Job | None) -> bytes | None:
        await release.wait()
        return await draw(job)

    monkeypatch.setattr(hp.gallery, "picture", held)
    return release


async def test_a_pending_look_holds_no_interaction(hp: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """/table returns while its picture is still being drawn, and nothing holds its interaction
    then (a weak reference to it dies); once drawn, the picture goes on that reply, through the
    handle alone."""
    await hp.open_table(ALICE, BOB)
    release = hold_drawings(hp, monkeypatch)
    cog, command = hp.command("table")
    interaction = hp.interaction(MALLORY)
    token, reply = interaction.token, interaction.result
    await command.callback(cog, interaction)
    [sent] = reply.sent
    assert sent.where == "reply" and sent.ephemeral and sent.files is None
    [message_id] = [k for k, v in hp.channels.messages.items() if v is sent]
    gone = weakref.ref(interaction)
    sent.interaction = None  # the harness lets go of it (its records, its tokens), as discord.py
    hp.by_token.pop(token)  # does once the handler returned
    del interaction, reply
    gc.collect()
    assert gone() is None, "something still holds the interaction"
    assert len(hp.writer.looks) == 1 and hp.writer.busy  # still waiting for its picture
    release.set()
    await hp.settle()
    [(handle, edit)] = hp.private.orphans
    assert (handle.token, handle.message_id, handle.followup, handle.user_id) == (token, message_id, False, MALLORY.id)
    picture(edit, "table.png")
    assert edit.embed is not None and edit.embed.description == sent.embed.description
    assert len(hp.writer.looks) == 0


async def looked(hp: Harness, how: str) -> Result:
    """A look by Mallory, who is not seated, without waiting for what follows it."""
    if how == "click":  # My hand on the board: a spectator is shown the table
        return await hp.click(MALLORY, "rami:1:hand", on_ephemeral=False, settle=False)
    return await hp.slash(MALLORY, how, settle=False)


@pytest.mark.parametrize("how", ["table", "click"])
async def test_a_look_answers_then_its_picture_comes_on_its_message(
    hp: Harness, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    """/table and a spectator's look return with their text while the picture is drawn; the
    picture then comes in an edit of that same reply."""
    await hp.open_table(ALICE, BOB)
    release = hold_drawings(hp, monkeypatch)
    r = await looked(hp, how)
    assert [(s.where, s.ephemeral) for s in r.sent] == [("reply", True)]
    release.set()
    await hp.settle()
    assert [(s.where, s.ephemeral) for s in r.sent] == [("reply", True), ("edit", True)]
    picture(r.sent[1], "table.png")
    assert not hp.private.orphans


async def test_an_expired_token_drops_the_picture_quietly(
    hp: Harness, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A picture drawn after the look's token expired (15 minutes) is not sent, and nothing is
    said of it: not to the reader, not above debug in the log."""
    await hp.open_table(ALICE, BOB)
    release = hold_drawings(hp, monkeypatch)
    r = await looked(hp, "table")
    hp.hand_clock.advance(15 * 60)
    caplog.clear()
    release.set()
    await hp.settle()
    assert [s.where for s in r.sent] == ["reply"]
    assert not [rec for rec in caplog.records if rec.levelno > logging.DEBUG and rec.name.startswith("cogs")]
    assert len(hp.writer.looks) == 0


async def test_a_newer_look_replaces_the_older_ones_picture(hp: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """Asked twice while the picture is drawn, /table puts it on the newer reply only: one
    picture waits per person and table."""
    await hp.open_table(ALICE, BOB)
    release = hold_drawings(hp, monkeypatch)
    older, newer = await looked(hp, "table"), await looked(hp, "table")
    assert len(hp.writer.looks) == 1
    release.set()
    await hp.settle()
    assert [s.where for s in older.sent] == ["reply"]
    assert [s.where for s in newer.sent] == ["reply", "edit"]
    picture(newer.sent[1], "table.png")
