"""Names reach messages escaped, and a message pings exactly the person it means to (issue 19, point 3).

A member's display name can hold ``<@id>``, ``<@&role>``, ``@everyone``, ``@here`` or markdown. It is
shown as typed, never as a mention, in every line, embed and reply; and each public message allows
the mention of the one person whose turn it is (``allowed_mentions``), ephemeral ones nobody.
"""

from __future__ import annotations

import re

import pytest

from bot import RamiBot, Settings
from cogs.ui import sentences
from cogs.ui.context import NO_MENTIONS
from tests.cogs.conftest import BOB, CHANNEL, MALLORY, Clock, Harness, Sent, User
from tests.cogs.script import play_game

# Bob's id, the server's @everyone role (its id is the server's), a long user id, and markdown.
HOSTILE = User(606, "<@202> <@&9001> <@!123456789012345678> @everyone @here **x** _y_")
SHOWN = sentences.display(HOSTILE.name)
MARKUP = re.compile(r"<@[!&]?(\d+)>")


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
    assert sentences.display(name) == shown


def allowed(sent: Sent) -> dict[str, object]:
    """What Discord receives as ``allowed_mentions`` (none given: the bot's default, NO_MENTIONS)."""
    return (sent.allowed_mentions or NO_MENTIONS).to_dict()  # type: ignore[return-value]


def assert_pings_only_whom_it_means(sent: Sent) -> None:
    """No raw name, no @everyone/@here; each mention markup is of a user the message allows; never
    "every user mentioned", never roles or everyone; ephemeral messages allow nobody."""
    text = sent.text
    assert HOSTILE.name not in text and "@everyone" not in text and "@here" not in text, text
    rules = allowed(sent)
    assert rules["parse"] == [], rules
    users = rules.get("users", [])
    if sent.where == "line":  # an edit of a turn's message: it keeps its mention, and pings nobody
        assert users == [], (text, rules)
    assert sent.where == "line" or set(map(int, MARKUP.findall(text))) <= set(users), (text, rules)
    if sent.ephemeral:
        assert users == [], (text, rules)
    assert len(users) <= 1


def test_the_bot_pings_nobody_by_default() -> None:
    """The bot's default allowed mentions are none: only a message naming a user may ping them."""
    default = RamiBot(Settings("t")).allowed_mentions
    assert default is not None and default.to_dict() == NO_MENTIONS.to_dict() == {"parse": []}


async def hostile_table(h: Harness, *, bot: bool = True, **settings: str) -> None:
    """HOSTILE hosts Bob (and a computer player) and starts; no pause for the computer player."""
    await h.slash(HOSTILE, "lobby create")
    await h.slash(BOB, "lobby join")
    if bot:
        await h.slash(HOSTILE, "lobby addbot", level="easy")
    for name, value in {"bot_pause": "0", **settings}.items():
        await h.slash(HOSTILE, "lobby set", rule=name, value=value)
    lobby = h.board_message()
    assert SHOWN in lobby.text and HOSTILE.name not in lobby.text  # the seat list
    await h.slash(HOSTILE, "lobby start")


async def test_a_hostile_name_through_a_whole_game(h: Harness) -> None:
    """A whole game, its board, score sheet, leaderboard and /stats: the name is escaped
    everywhere, and every message pings only the person whose turn it is."""
    await hostile_table(h, game_length="1")
    await play_game(h, [HOSTILE, BOB])
    await h.slash(MALLORY, "scores")
    board = await h.slash(MALLORY, "leaderboard")
    stats = await h.slash(MALLORY, "stats", member=h.interaction(HOSTILE).user)
    for sent in h.outbox:
        assert_pings_only_whom_it_means(sent)
    public_lines = [s.text for s in h.outbox if s.content and not s.ephemeral]
    assert any(f"{SHOWN} drew" in line or f"{SHOWN} took" in line for line in public_lines)
    assert SHOWN in board.text and SHOWN in stats.text
    pinged = {u for s in h.outbox for u in allowed(s).get("users", [])}
    assert pinged == {HOSTILE.id, BOB.id}  # each person was told of their turn, nobody else ever


async def turn_passing_discard(h: Harness) -> tuple[User, User, Sent]:
    """Whoever of HOSTILE and Bob plays now draws and discards: (mover, next, the public discard)."""
    table = await h.table()
    assert not table.players[table.turn].is_bot  # a computer player moves at once (no pause)
    me, other = (HOSTILE, BOB) if table.players[table.turn].id == str(HOSTILE.id) else (BOB, HOSTILE)
    await h.slash(me, "draw")
    r = await h.slash(me, "discard", card=str((await h.view(me)).drawn))
    return me, other, next(s for s in r.channel if s.where == "channel")  # the next turn's new message


async def test_the_turn_message_allows_exactly_the_next_player(h: Harness) -> None:
    """The discard that passes the turn to a person allows the mention of that person only."""
    await hostile_table(h, bot=False)
    _me, other, public = await turn_passing_discard(h)
    assert f"<@{other.id}>, it's your turn." in public.text
    assert allowed(public) == {"parse": [], "users": [other.id]} and not public.silent


async def test_a_line_naming_nobody_to_ping_allows_nobody(h: Harness) -> None:
    """A draw keeps the turn: its line names the drawer (escaped), added to the turn's message by
    an edit that pings nobody."""
    await hostile_table(h, bot=False)
    table = await h.table()
    me = HOSTILE if table.players[table.turn].id == str(HOSTILE.id) else BOB
    [public] = (await h.slash(me, "draw")).channel
    assert public.where == "line" and allowed(public) == {"parse": []}
    assert_pings_only_whom_it_means(public)


async def test_the_computer_players_message_allows_the_next_person(h: Harness) -> None:
    """The batched message of a computer player's moves allows only the person it hands the turn to."""
    await hostile_table(h)
    for _ in range(3):
        await turn_passing_discard(h)
    told = [s for s in h.outbox if s.where == "channel" and s.content and "Bot (easy)" in s.content]
    assert told
    for sent in told:
        assert_pings_only_whom_it_means(sent)
        users = allowed(sent).get("users", [])
        assert users == [int(u) for u in MARKUP.findall(sent.text)] and len(users) == 1


async def test_a_timeout_names_the_absent_player_escaped(h: Harness, clock: Clock) -> None:
    """Time's up for a hostile name: escaped, and only the next player is allowed a ping."""
    await hostile_table(h, bot=False, turn_timer="60")
    table = await h.table()
    if table.players[table.turn].id != str(HOSTILE.id):
        await h.slash(BOB, "draw")
        await h.slash(BOB, "discard", card=str((await h.view(BOB)).drawn))
    clock.advance(61)
    h.timers.poke(CHANNEL)
    await h.settle()
    told = [s for s in h.outbox if s.where == "channel" and s.content and "Time's up" in s.content]
    assert len(told) == 1 and f"Time's up for {SHOWN}" in told[0].text
    assert allowed(told[0]) == {"parse": [], "users": [BOB.id]}
    assert_pings_only_whom_it_means(told[0])


async def test_kick_and_cancel_lines_escape_both_names(h: Harness) -> None:
    """/lobby kick and /lobby cancel name the host and the member escaped, and ping nobody."""
    await h.slash(HOSTILE, "lobby create")
    await h.slash(BOB, "lobby join")
    kicked = await h.slash(HOSTILE, "lobby kick", member=h.interaction(BOB).user)
    assert kicked.public and SHOWN in kicked.public[0].text
    cancelled = await h.slash(HOSTILE, "lobby cancel")
    assert cancelled.public and SHOWN in cancelled.public[0].text
    for sent in kicked.sent + cancelled.sent:
        assert_pings_only_whom_it_means(sent)
        assert allowed(sent) == {"parse": []}


async def test_a_refusal_naming_a_hostile_player_escapes_the_name(h: Harness) -> None:
    """Out of turn, "It's X's turn." shows X escaped, in English as in French."""
    await hostile_table(h, bot=False)
    table = await h.table()
    if table.players[table.turn].id != str(HOSTILE.id):
        await h.slash(BOB, "draw")
        await h.slash(BOB, "discard", card=str((await h.view(BOB)).drawn))
    r = await h.slash(BOB, "draw")
    assert r.first.ephemeral and r.text == f"It's {SHOWN}'s turn."
    assert_pings_only_whom_it_means(r.first)
    french = await h.slash(User(BOB.id, BOB.name, "fr"), "draw")
    assert french.text == f"C'est à {SHOWN} de jouer."
