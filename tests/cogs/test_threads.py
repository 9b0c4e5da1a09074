"""The game in a thread (``/lobby set thread yes``, cogs.ui.threads): opened on the table's message
at the start, the game's lines go there; without the permission, the channel, and a line to the host."""

from __future__ import annotations

import discord

from tests.cogs.conftest import ALICE, BOB, CHANNEL, Harness
from tests.cogs.test_play import seats


async def test_the_option_reads_in_both_languages(h: Harness) -> None:
    await h.open_table(ALICE, BOB, start=False)
    r = await h.slash(ALICE, "lobby set", rule="thread", value="yes")
    assert r.first.ephemeral and r.text == "thread is now yes."
    assert (await h.table()).options.thread


async def test_the_game_is_played_in_a_thread_on_the_table_message(h: Harness) -> None:
    await h.open_table(ALICE, BOB, thread="yes", start=False)
    board = (await h.service.current(CHANNEL)).message_id
    started = await h.slash(ALICE, "lobby start")
    assert h.channels.threads == {board: "Rami: Basic rummy (Bicycle)"}
    assert [(s.where, s.ephemeral) for s in started.sent] == [("reply", True)]
    assert started.text == f"The game is played in <#{board}>."
    [first] = started.channel  # the start, in the thread, pinging the first player
    me, _ = await seats(h)
    assert first.where == "channel" and first.channel_id == board
    assert "The game starts: Basic rummy (Bicycle)." in first.text and f"<@{me.id}>, it's your turn." in first.text
    assert first.allowed_mentions.users == [discord.Object(me.id)] and "rami:1:hand" in first.custom_ids
    drew = await h.slash(me, "draw")
    assert [(s.where, s.channel_id, s.message_id) for s in drew.channel] == [("line", board, first.message_id)]
    assert (await h.service.current(CHANNEL)).message_id == board  # the board stays the thread's first message


async def test_without_the_permission_the_game_stays_in_the_channel(h: Harness) -> None:
    await h.open_table(ALICE, BOB, thread="yes", start=False)
    no_threads = discord.Permissions.all()
    no_threads.create_public_threads = False
    started = await h.slash(ALICE, "lobby start", app_permissions=no_threads)
    assert h.channels.threads == {}
    public, private = started.sent
    assert not public.ephemeral and "The game starts" in public.text and "rami:1:hand" in public.custom_ids
    assert private.ephemeral and private.text == (
        "I may not open a thread here (Create Public Threads), so the game is played in this channel."
    )
    me, _ = await seats(h)
    drew = await h.slash(me, "draw")
    assert [s.where for s in drew.channel] == ["line"] and drew.channel[0].channel_id == CHANNEL
