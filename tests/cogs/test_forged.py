"""Forged components: any custom_id and any select values a client sends get a private "out of date"
answer, change nothing and log no traceback; a hand's component on a public message never edits it."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from cogs.ui.items import ALL_ITEMS
from service.catalog import text
from tests.cogs.conftest import ALICE, BOB, CHLOE, Harness, Result
from tests.cogs.rig import rig
from tests.cogs.test_play import seats
from tests.e2e.gamedb import GameDb

STALE = text("en", "stale_component")


def assert_stale(r: Result, text: str = STALE) -> None:
    assert r.sent, "nobody was answered"
    assert all(s.ephemeral for s in r.sent) and all(s.where != "edit" for s in r.sent), r.sent
    assert r.text == text


def no_tracebacks(caplog: pytest.LogCaptureFixture) -> None:
    records = caplog.get_records("call")
    assert not [r for r in records if r.exc_info or r.levelno >= logging.WARNING], [r.getMessage() for r in records]


async def playing(h: Harness) -> None:
    """ALICE and BOB at a started table; the player to move has drawn and holds a meld."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    seat = (await h.table()).seat_of(me.id)
    await rig(h.db, 9002, {seat: "4H 5H 6H 7H"})
    await h.slash(me, "draw")
    await h.slash(me, "meld", cards="4H 5H 6H")


FORGED: list[tuple[str, list[str]]] = [  # the list, then more of the same kind
    ("rami:1:lom", ["abc"]),
    ("rami:1:lom", []),
    ("rami:1:discard", []),
    ("rami:1:mbs:7H.Q", ["7H", "8H", "9H"]),
    ("rami:1:draw:discard:Q=K", []),
    ("rami:1:mk:|||", []),
    ("rami:1:lom", ["0", "1"]),
    ("rami:1:lom", ["-1"]),
    ("rami:1:lom", ["9" * 40]),
    ("rami:1:discard", ["7H", "8H"]),
    ("rami:1:discard", ["ZZ"]),
    ("rami:1:discard", ["x" * 101]),
    ("rami:1:loc:0", []),
    ("rami:1:loc:0", ["7H", "7H"]),
    ("rami:1:loc:abc", ["7H"]),
    ("rami:1:loc", ["7H"]),
    ("rami:1:mbs:", ["7H", "banana", "9H"]),
    ("rami:1:mbs:", ["7H"] * 30),
    ("rami:1:mbs", ["7H", "8H", "9H"]),
    ("rami:1:mbs:7H..8H", ["9H", "10H", "JH"]),
    ("rami:1:mk:", []),
    ("rami:1:mk:7H.8H|", []),
    ("rami:1:draw", []),
    ("rami:1:draw:", []),
    ("rami:1:draw:pile", []),
    ("rami:1:draw:stock:7H", []),
    ("rami:1:draw:discard:", []),
    ("rami:1:refresh:extra", []),
    ("rami:1:join:extra", []),
    ("rami:x:hand", []),
    ("rami::start", []),
    ("rami:99999999999999999999999:refresh", []),
    ("rami:1:lo:0", []),
]


@pytest.mark.parametrize(("custom_id", "values"), FORGED)
async def test_a_forged_component_is_refused_privately(
    h: Harness, db_path: Path, caplog: pytest.LogCaptureFixture, custom_id: str, values: list[str]
) -> None:
    """Malformed ids and values get the out-of-date refusal, privately; nothing is stored or logged."""
    await playing(h)
    before = GameDb(db_path).everything()
    for user, on_ephemeral in ((ALICE, True), (BOB, False)):
        caplog.clear()
        r = await h.click(user, custom_id, values, on_ephemeral=on_ephemeral)
        assert_stale(r)
        no_tracebacks(caplog)
    assert GameDb(db_path).everything() == before


async def test_the_refusal_speaks_french(h: Harness) -> None:
    """A French player reads the refusal in French."""
    await h.open_table(ALICE, CHLOE)
    assert_stale(await h.click(CHLOE, "rami:1:lom", ["abc"]), text("fr", "stale_component"))


async def test_cards_the_builder_does_not_hold_are_refused(h: Harness, db_path: Path) -> None:
    """Picked cards, or melds carried in the id, that the hand does not hold: the builder is stale."""
    await playing(h)
    me, _ = await seats(h)
    before = GameDb(db_path).everything()
    assert_stale(await h.click(me, "rami:1:mbs:", ["KS", "KD", "KC"]))
    assert_stale(await h.click(me, "rami:1:mbs:KS.KD.KC", ["7H", "8H", "9H"]))
    assert GameDb(db_path).everything() == before


@pytest.mark.parametrize(("kind", "drawn"), [("refresh", False), ("mb", False), ("draw:stock", False), ("lo", True)])
async def test_a_hand_component_on_the_board_never_turns_it_into_a_hand(h: Harness, kind: str, drawn: bool) -> None:
    """A click on a hand's component that sits on a public message is answered privately, never by
    editing that message."""
    if drawn:
        await playing(h)
    else:
        await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    r = await h.click(me, f"rami:1:{kind}", on_ephemeral=False)
    assert r.sent and all(s.where != "edit" for s in r.sent)
    hands = [s for s in r.sent if s.embed is not None]
    assert hands and all(s.ephemeral for s in hands), r.sent


def test_every_component_answers_a_malformed_id() -> None:
    """Each registered kind of component matches any id of its kind, so none is left unanswered."""
    kinds = [item.__discord_ui_compiled_template__ for item in ALL_ITEMS]
    for pattern in kinds:
        what = pattern.pattern.split("):", 1)[1].split("(?P<data>", 1)[0]
        for custom_id in (f"rami:1:{what}:@everyone", f"rami:abc:{what}", f"rami:1:{what}:|||"):
            assert [p for p in kinds if p.fullmatch(custom_id)] == [pattern], custom_id
