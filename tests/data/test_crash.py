"""Durability: what was committed survives the process being killed before it replies, or at any instant."""

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

pytestmark = pytest.mark.sqlite_only  # SQLite's own machinery (its file, its connection, its commit)

REPO = Path(__file__).resolve().parents[2]

CHILD = textwrap.dedent(
    """
    import asyncio, os, signal, sys
    from data import ActionWrite, Database

    async def main(path):
        db = await Database.open(path)
        game = await db.games.get_active({channel})
        await db.games.save_action(
            ActionWrite(game.id, game.version, {new_state!r}, "playing", {host}, "discard", {{"card": "7H"}})
        )
        print("committed", flush=True)
        os.kill(os.getpid(), signal.SIGKILL)  # dies before close() and before any "reply"

    asyncio.run(main(sys.argv[1]))
    """
)


STREAM = textwrap.dedent(
    """
    import asyncio, sys
    from data import ActionWrite, Database

    async def main(path, games):
        db = await Database.open(path)
        rows = [await db.games.get_active({channel} + i) for i in range(games)]

        async def play(row):
            while True:
                state = '{{"v": %d}}' % (row.version + 1)
                row = await db.games.save_action(
                    ActionWrite(row.id, row.version, state, "playing", {host}, "step", {{"v": row.version + 1}})
                )
                print(row.id, row.version, flush=True)  # confirmed: the reply would go now

        await asyncio.gather(*(play(row) for row in rows))

    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
    """
)


def child_env() -> dict[str, str]:
    path = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
    return {**os.environ, "PYTHONPATH": path}


@pytest.mark.asyncio
async def test_no_confirmed_action_is_lost_when_killed_at_any_instant(db_path: Path) -> None:
    """Several games save actions at once, each confirmed (printed) once its call returns; the process
    is SIGKILLed in the middle of that stream, wherever it is. Every confirmed action is stored, and
    each game's state and log agree: all of an action or none of it."""
    games = 4
    db = await Database.open(db_path)
    created = [await db.games.create_game(GUILD, CHANNEL + i, HOST, "classic", state()) for i in range(games)]
    await db.close()

    code = STREAM.format(channel=CHANNEL, host=HOST)
    confirmed = {g.id: 0 for g in created}
    with subprocess.Popen(
        [sys.executable, "-c", code, str(db_path), str(games)],
        cwd=REPO,
        env=child_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as child:
        assert child.stdout is not None
        for _ in range(200):  # then kill it, in the middle of whatever it is doing
            line = child.stdout.readline()
            assert line, child.stderr.read() if child.stderr else ""
            game_id, version = map(int, line.split())
            confirmed[game_id] = max(confirmed[game_id], version)
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=60)
        for line in child.stdout:  # confirmed before the signal landed
            game_id, version = map(int, line.split())
            confirmed[game_id] = max(confirmed[game_id], version)
    assert child.returncode == -signal.SIGKILL

    db = await Database.open(db_path)
    try:
        for g in created:
            stored = await db.games.get(g.id)
            assert stored is not None
            assert stored.version >= confirmed[g.id]
            log = await db.games.actions(g.id)
            assert [a.seq for a in log] == list(range(1, stored.version + 1))
            assert [a.payload for a in log] == [{"v": v} for v in range(1, stored.version + 1)]
            assert stored.state_json == (f'{{"v": {stored.version}}}' if stored.version else state())
    finally:
        await db.close()


@pytest.mark.asyncio
async def test_action_survives_kill_after_commit(db_path: Path) -> None:
    """A process SIGKILLed right after save_action returns loses nothing."""
    db = await Database.open(db_path)
    game = await db.games.create_game(GUILD, CHANNEL, HOST, "classic", state())
    await db.close()

    code = CHILD.format(channel=CHANNEL, host=HOST, new_state=state(7))
    child = subprocess.run(
        [sys.executable, "-c", code, str(db_path)],
        cwd=REPO,
        env=child_env(),
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
