"""Storage seen from the bot: commit before reply, resume after a restart, one winner per race."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from cogs.ui import render
from data import Database
from service.games import GameService
from service.model import Who
from tests.cogs.conftest import ALICE, BOB, CHANNEL, Clock, Harness
from tests.cogs.test_play import seats


async def test_restart_resumes_the_game_exactly(h: Harness, db_path: Path, clock: Clock) -> None:
    """A new bot on the same file shows the same hand, and old buttons keep working."""
    await h.open_table(ALICE, BOB)
    me, other = await seats(h)
    await h.slash(me, "draw")
    before = await h.view(me)
    await h.close()
    await h.db.close()
    db = await Database.open(db_path, clock=clock)
    fresh = Harness(db)
    try:
        r = await fresh.click(me, "rami:1:refresh")
        assert " ".join(c.pretty for c in before.hand) in r.text.replace("**", "")
        assert f"You drew {before.drawn.pretty}" in r.text
        r = await fresh.click(me, "rami:1:discard", [before.drawn.token])
        assert f"discarded {before.drawn.pretty}" in r.told  # in a new message: the old one is not known
        table = await fresh.table()
        assert table.players[table.turn].name == other.name
    finally:
        await fresh.close()
        await db.close()


@pytest.mark.logs_errors
async def test_crash_between_commit_and_reply_loses_nothing(h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """If the bot dies after the commit and before the reply, the action is kept; /hand shows it."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)

    def crash(*args: object, **kwargs: object) -> str:
        raise RuntimeError("killed before the reply")

    monkeypatch.setattr(render, "hand_embed", crash)
    r = await h.slash(me, "draw")
    assert r.first.ephemeral and r.text.startswith("Sorry")
    monkeypatch.undo()
    assert [a.kind for a in await h.db.games.actions(1)][-1] == "draw"
    r = await h.slash(me, "hand")
    drawn = (await h.view(me)).drawn
    assert f"You drew {drawn.pretty}" in r.text


async def test_two_processes_never_apply_twice(h: Harness) -> None:
    """Two services on one database (their own locks) race: the version check keeps one draw."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    second = GameService(h.db)
    from rummy import actions as act

    who = Who(me.id, me.name)
    outcomes = await asyncio.gather(
        h.service.play(CHANNEL, who, act.Draw()), second.play(CHANNEL, who, act.Draw()), return_exceptions=True
    )
    assert sum(not isinstance(o, BaseException) for o in outcomes) == 1
    assert len([a for a in await h.db.games.actions(1) if a.kind == "draw"]) == 1


async def test_every_accepted_action_is_logged_with_the_state(h: Harness) -> None:
    """The action log and the state move together: one row per accepted action, none for refusals."""
    await h.open_table(ALICE, BOB)
    me, other = await seats(h)
    await h.slash(other, "draw")
    await h.slash(me, "draw")
    row = await h.db.games.get(1)
    log = await h.db.games.actions(1)
    assert [a.kind for a in log] == ["join", "start", "draw"]
    assert log[-1].seq == row.version and log[-1].actor_id == me.id
