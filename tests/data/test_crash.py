"""Durability: what was committed survives the process being killed before it replies."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from data import Database

from .conftest import CHANNEL, GUILD, HOST, state

REPO = Path(__file__).resolve().parents[2]

CHILD = textwrap.dedent(
    """
    import asyncio, os, signal, sys
    from data import Database

    async def main(path):
        db = await Database.open(path)
        game = await db.games.get_active({channel})
        await db.games.save_action(
            game.id, game.version, {new_state!r}, "playing", {host}, "discard", {{"card": "7H"}}
        )
        print("committed", flush=True)
        os.kill(os.getpid(), signal.SIGKILL)  # dies before close() and before any "reply"

    asyncio.run(main(sys.argv[1]))
    """
)


@pytest.mark.asyncio
async def test_action_survives_kill_after_commit(db_path: Path) -> None:
    """A process SIGKILLed right after save_action returns loses nothing."""
    db = await Database.open(db_path)
    game = await db.games.create_game(GUILD, CHANNEL, HOST, "classic", state())
    await db.close()

    code = CHILD.format(channel=CHANNEL, host=HOST, new_state=state(7))
    path = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "PYTHONPATH": path}
    child = subprocess.run(
        [sys.executable, "-c", code, str(db_path)],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert child.stdout.strip() == "committed", child.stderr
    assert child.returncode == -signal.SIGKILL

    db = await Database.open(db_path)
    try:
        saved = await db.games.get(game.id)
        assert saved is not None
        assert (saved.version, saved.state_json) == (1, state(7))
        assert [(a.seq, a.kind, a.payload) for a in await db.games.actions(game.id)] == [(1, "discard", {"card": "7H"})]
    finally:
        await db.close()
