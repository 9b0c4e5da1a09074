"""Fuzzing every command and component with what a hostile or careless client can send: long, unicode,
mention and markdown text, forged custom_ids and select values.

Each answer is private and says why (never the apology for a bug), the stored game does not move,
nothing is logged as a warning or with a traceback, every payload is within Discord's limits, and no
reply shows back more than a short piece of what was typed.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import pytest_asyncio
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cogs.ui.limits import QUOTE
from data import Database
from service.catalog import EN, text
from tests.cogs.conftest import ALICE, BOB, Harness, Result, Sent
from tests.cogs.rig import rig
from tests.cogs.test_play import seats
from tests.e2e.gamedb import GameDb
from tests.fakediscord.limits import choices_problems, message_problems

# Each holds a character no card, rule name or value is written with: text around it stays invalid.
POISON = [
    "@everyone",
    "@here",
    "<@123456789012345678>",
    "<@&123456789012345678>",
    "**bold**",
    "`code`",
    "```block```",
    "||spoiler||",
    "~~strike~~",
    "> quote",
    "# Title",
    "[link](https://example.com)",
    "<:emoji:123456789012345678>",
    "\\",
]
FILLER = ["x", "é", "🃏", " ", "\n", "*", "@everyone ", "7H "]

poisoned = st.builds(
    lambda head, poison, tail, filler, n: head + poison + tail + filler * n,
    st.text(max_size=20),
    st.sampled_from(POISON),
    st.text(max_size=20),
    st.sampled_from(FILLER),
    st.one_of(st.just(0), st.integers(0, 60), st.integers(1500, 6000)),
)
FUZZ = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest_asyncio.fixture
async def game(db: Database) -> AsyncIterator[Harness]:
    """ALICE and BOB in a game: the one to move has drawn, and a meld is on the table."""
    h = Harness(db)
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    await rig(h.db, 9002, {(await h.table()).seat_of(me.id): "4H 5H 6H 7H"})
    await h.slash(me, "draw")
    await h.slash(me, "meld", cards="4H 5H 6H")
    try:
        yield h
    finally:
        await h.close()


@pytest_asyncio.fixture
async def lobby(db: Database) -> AsyncIterator[Harness]:
    """A table ALICE hosts and BOB joined, not started."""
    h = Harness(db)
    await h.open_table(ALICE, BOB, start=False)
    try:
        yield h
    finally:
        await h.close()


def payload_problems(sent: Sent) -> list[str]:
    body = {
        "content": sent.content,
        "embeds": [sent.embed.to_dict()] if sent.embed is not None else [],
        "components": sent.view.to_components() if sent.view is not None else [],
    }
    return message_problems(body, creating=sent.where != "edit")


def echoed(typed: str, text: str) -> str | None:
    """A piece of ``typed`` longer than a quote that ``text`` shows back, if any."""
    flat = " ".join(typed.split())
    for start in range(max(0, len(flat) - QUOTE)):
        piece = flat[start : start + QUOTE + 1]
        if piece in text:
            return piece
    return None


def assert_refused(r: Result, typed: str, caplog: pytest.LogCaptureFixture) -> None:
    assert r.sent, "nobody was answered"
    assert all(s.ephemeral for s in r.sent), [s.text for s in r.sent]
    assert all(s.where != "edit" for s in r.sent), "a refusal redrew a message"
    assert r.text.strip() and EN["oops"] not in r.text, r.text
    for sent in r.sent:
        assert payload_problems(sent) == [], sent
    assert echoed(typed, r.text) is None, r.text
    records = [rec for rec in caplog.get_records("call") if rec.exc_info or rec.levelno >= logging.WARNING]
    assert not records, [rec.getMessage() for rec in records]


async def refused(h: Harness, db_path: Path, caplog: pytest.LogCaptureFixture, typed: str, act: Any) -> Result:
    """Run ``act``: it is refused (see :func:`assert_refused`) and the stored games do not change."""
    before = GameDb(db_path).everything()
    caplog.clear()
    r: Result = await act()
    assert_refused(r, typed, caplog)
    assert GameDb(db_path).everything() == before
    return r


async def mover(h: Harness) -> Any:
    return (await seats(h))[0]


@FUZZ
@given(text=poisoned)
async def test_card_options(game: Harness, db_path: Path, caplog: pytest.LogCaptureFixture, text: str) -> None:
    """/discard, /swap, /meld and /layoff with text that is no card."""
    me = await mover(game)
    for path, options in [
        ("discard", {"card": text}),
        ("swap", {"meld": 1, "card": text}),
        ("meld", {"cards": text}),
        ("layoff", {"cards": text, "meld": 1}),
    ]:
        await refused(game, db_path, caplog, text, lambda p=path, o=options: game.slash(me, p, **o))


@FUZZ
@given(text=poisoned)
async def test_lobby_set(lobby: Harness, db_path: Path, caplog: pytest.LogCaptureFixture, text: str) -> None:
    """/lobby set with a rule name or a value that is none, by the host and by a guest."""
    tries = [{"rule": text, "value": "yes"}, {"rule": "hints", "value": text}, {"rule": text, "value": text}]
    for user in (ALICE, BOB):
        for options in tries:
            await refused(lobby, db_path, caplog, text, lambda u=user, o=options: lobby.slash(u, "lobby set", **o))


@FUZZ
@given(text=poisoned)
async def test_rami_defaults(lobby: Harness, db_path: Path, caplog: pytest.LogCaptureFixture, text: str) -> None:
    """/rami defaults by an admin with a preset, a rule or option name, or a value that is none:
    refused privately, and the server's defaults stay unset."""
    tries = [
        ("preset", {"preset": text}),
        ("rule", {"rule": text, "value": "yes"}),
        ("rule", {"rule": "ace", "value": text}),
        ("option", {"option": text, "value": "yes"}),
        ("option", {"option": "hints", "value": text}),
    ]
    for path, options in tries:
        command = f"rami defaults {path}"
        await refused(
            lobby, db_path, caplog, text, lambda c=command, o=options: lobby.slash(ALICE, c, manager=True, **o)
        )
    assert await lobby.db.defaults.document(9001) is None


@FUZZ
@given(text=poisoned)
async def test_choice_options(lobby: Harness, db_path: Path, caplog: pytest.LogCaptureFixture, text: str) -> None:
    """Options with choices, sent with a value that is none of them."""
    for path, options in [
        ("draw", {"source": text}),
        ("lobby create", {"preset": text}),
        ("lobby addbot", {"level": text}),
        ("rules", {"preset": text}),
        ("leaderboard", {"preset": text}),
        ("leaderboard", {"season": text}),
    ]:
        await refused(lobby, db_path, caplog, text, lambda p=path, o=options: lobby.slash(ALICE, p, **o))


KINDS = ["hand", "refresh", "draw", "discard", "mb", "mbs", "mk", "lo", "lom", "loc", "join", "leave", "start"]
SELECTS = ["rami:1:discard", "rami:1:lom", "rami:1:loc:0", "rami:1:mbs:"]


@FUZZ
@given(kind=st.sampled_from(KINDS), data=poisoned, public=st.booleans())
async def test_forged_custom_ids(
    game: Harness, db_path: Path, caplog: pytest.LogCaptureFixture, kind: str, data: str, public: bool
) -> None:
    """Any custom_id of a known kind whose game or data does not read: out of date, privately. (A
    game with a ``:`` in it would make the id of another kind: ``rami:1:mk:x:hand``.)"""
    me = await mover(game)
    for custom_id in (f"rami:1:{kind}:{data}", f"rami:{data.replace(':', '')}:{kind}"):
        r = await refused(game, db_path, caplog, data, lambda c=custom_id: game.click(me, c, on_ephemeral=not public))
        assert r.text == text("en", "stale_component")


@FUZZ
@given(
    custom_id=st.sampled_from(SELECTS),
    values=st.one_of(
        st.just([]),
        st.lists(st.sampled_from(["7H", "JK", "0", "4H"]), min_size=26, max_size=40),
        st.lists(poisoned, min_size=1, max_size=3).flatmap(
            lambda bad: st.lists(st.sampled_from(["7H", "JK", "0"]), max_size=2).map(lambda good: good + bad)
        ),
    ),
    public=st.booleans(),
)
async def test_forged_select_values(
    game: Harness, db_path: Path, caplog: pytest.LogCaptureFixture, custom_id: str, values: list[str], public: bool
) -> None:
    """A real select sent values it never offered (none, too many, or text that is no value)."""
    me = await mover(game)
    typed = " ".join(values)
    r = await refused(game, db_path, caplog, typed, lambda: game.click(me, custom_id, values, on_ephemeral=not public))
    assert r.text == text("en", "stale_component")


@FUZZ
@given(text=st.one_of(poisoned, st.text(max_size=200)))
async def test_autocomplete(game: Harness, text: str) -> None:
    """Every autocomplete answers within Discord's limits, whatever is being typed."""
    me = await mover(game)
    for user in (me, BOB, ALICE):
        i = game.interaction(user, namespace=SimpleNamespace(rule=text))
        answers = [
            await game.play.hand_card(i, text),
            await game.play.meld_cards(i, text),
            await game.play.layoff_cards(i, text),
            await game.play.table_meld(i, text),
            await game.lobby.rule_names(i, text),
            await game.lobby.rule_values(i, text),
            await game.leaderboard.season_names(i, text),
        ]
        for choices in answers:
            assert choices_problems([{"name": c.name, "value": c.value} for c in choices]) == []
