"""Capture the hand floor's canned reply: the first reply of the real bot to a ``/draw``, as data.

Run by hand from the repository root when the private hand changes shape:
``python benchmarks/floor_capture.py`` writes ``benchmarks/floor_hand.json`` (the embed and the
components of the mover's private hand), which ``benchmarks/floor_bot.py`` sends with ``FLOOR=hand``.
It plays one game of ``basic`` through the fake Discord, as the load benchmark does.
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.floor_bot import HAND
from benchmarks.load_discord import REPO, LoadWorld
from benchmarks.load_games import set_up_games
from tests.fakediscord import FakeDiscord


async def capture() -> dict[str, object]:
    with tempfile.TemporaryDirectory(prefix="rami-capture-") as tmp:
        async with FakeDiscord() as fake:
            world = await LoadWorld.build(fake, 1)
            env = {
                "RAMI_DB_PATH": str(Path(tmp) / "capture.sqlite3"),
                "RAMI_DEV_GUILD": str(world.channels[0].guild_id),
                # The first reply never waits for a picture (a new hand's is edited in after it),
                # and the first picture starts the drawing process, which a busy machine makes slow.
                "RAMI_PICTURES": "off",
            }
            await world.start(REPO / "bot.py", env)
            try:
                (track,) = await set_up_games(world)
                while True:  # the next draw of the game
                    user, command, options = track.next_command()
                    result = await world.driver.slash(user, track.channel, command, options)
                    if command == "draw":
                        break
                first = result.messages[0]
                assert first.ephemeral and first.embeds, "the first reply to a move is the private hand"
                return {"embed": first.embeds[0], "components": first.components}
            finally:
                await world.stop()


def main() -> int:
    canned = asyncio.run(capture())
    HAND.write_text(json.dumps(canned, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {HAND}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
