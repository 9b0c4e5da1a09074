"""Names reach messages escaped (issue 19, point 3).

A member's display name can hold ``<@id>``, ``<@&role>``, ``@everyone``, ``@here`` or markdown. It is
shown as typed, never as a mention, in every line, embed and reply.
"""

from __future__ import annotations

import pytest

from cogs.ui import render
from tests.cogs.conftest import BOB, MALLORY, Harness, User
from tests.cogs.script import play_game

# Bob's id, the server's @everyone role (its id is the server's), a long user id, and markdown.
HOSTILE = User(606, "<@202> <@&9001> <@!123456789012345678> @everyone @here **x** _y_")
SHOWN = render.display(HOSTILE.name)


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Alice", "Alice"),
        ("Bot (easy)", "Bot (easy)"),
        ("**x** _y_ `z`", r"\*\*x\*\* \_y\_ \`z\`"),
        ("@everyone", "@\u200beveryone"),
        ("@here", "@\u200bhere"),
        ("<@123456789012345678>", "<\u200b@\u200b123456789012345678>"),
        ("<@&123456789012345678>", "<\u200b@\u200b&123456789012345678>"),
        ("<@202>", "<\u200b@202>"),  # an id too short for discord.py's escape still reads as typed
        ("<#9002>", "<\u200b#9002>"),
    ],
)
def test_display_escapes_markdown_and_mentions(name: str, shown: str) -> None:
    """display() shows a name as typed: markdown escaped, no mention or channel link left."""
    assert render.display(name) == shown


async def test_a_hostile_name_is_escaped_everywhere(h: Harness) -> None:
    """A whole game, its lobby, board, score sheet, leaderboard and /stats show the name escaped."""
    await h.slash(HOSTILE, "lobby create")
    await h.slash(BOB, "lobby join")
    await h.slash(HOSTILE, "lobby set", rule="game_length", value="1")
    assert SHOWN in h.board_message().text  # the seat list
    await h.slash(HOSTILE, "lobby start")
    await play_game(h, [HOSTILE, BOB])
    await h.slash(MALLORY, "scores")
    board = await h.slash(MALLORY, "leaderboard")
    stats = await h.slash(MALLORY, "stats", member=h.interaction(HOSTILE).user)
    for sent in h.outbox:
        assert HOSTILE.name not in sent.text and "@everyone" not in sent.text, sent.text
    public_lines = [s.text for s in h.outbox if s.content and not s.ephemeral]
    assert any(f"{SHOWN} drew" in line or f"{SHOWN} took" in line for line in public_lines)
    assert SHOWN in board.text and SHOWN in stats.text


async def test_kick_and_cancel_lines_escape_both_names(h: Harness) -> None:
    """/lobby kick and /lobby cancel name the host and the member escaped."""
    await h.slash(HOSTILE, "lobby create")
    await h.slash(BOB, "lobby join")
    kicked = await h.slash(HOSTILE, "lobby kick", member=h.interaction(BOB).user)
    assert kicked.public and SHOWN in kicked.public[0].text
    cancelled = await h.slash(HOSTILE, "lobby cancel")
    assert cancelled.public and SHOWN in cancelled.public[0].text


async def test_a_refusal_naming_a_hostile_player_escapes_the_name(h: Harness) -> None:
    """Out of turn, "It's X's turn." shows X escaped, in English as in French."""
    await h.slash(HOSTILE, "lobby create")
    await h.slash(BOB, "lobby join")
    await h.slash(HOSTILE, "lobby start")
    table = await h.table()
    if table.players[table.turn].id != str(HOSTILE.id):
        await h.slash(BOB, "draw")
        await h.slash(BOB, "discard", card=str((await h.view(BOB)).drawn))
    r = await h.slash(BOB, "draw")
    assert r.first.ephemeral and r.text == f"It's {SHOWN}'s turn."
    french = await h.slash(User(BOB.id, BOB.name, "fr"), "draw")
    assert french.text == f"C'est au tour de {SHOWN}."
