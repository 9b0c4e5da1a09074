"""Whole games of every preset, from ``/lobby create`` to the final standings, through Discord only.

Each game is one deal (house rules ``game_end deals`` and ``game_length 1``: a whole game, scored and
recorded, just a short one), with computer players that do not pause and no turn timer. Bounded-stock
house rules keep the slowest presets short. Moves are chosen by the rules engine from the mover's own
view, read from the bot's database, and made by typing, by clicking, or both.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tests.e2e.conftest import World
from tests.e2e.secrecy import assert_no_leak
from tests.e2e.session import TableSession
from tests.fakediscord import BotProcess

SHORT = {"bot_pause": "0", "turn_timer": "0", "game_end": "deals", "game_length": "1"}


@dataclass(frozen=True)
class Setup:
    preset: str
    people: int
    bots: tuple[str, ...]
    style: str
    rules: tuple[tuple[str, str], ...] = ()

    def __str__(self) -> str:
        return self.preset


SETUPS = [
    Setup("basic", 2, (), "slash", (("refill_limit", "0"),)),
    Setup("rummy100", 2, ("easy",), "mixed", (("refill_limit", "1"),)),
    Setup("rami100", 3, (), "buttons"),
    Setup("rami51", 2, (), "mixed"),
    Setup("ref40", 4, (), "slash"),
    Setup("ref51", 2, ("hard",), "buttons"),
]


@pytest.mark.parametrize("setup", SETUPS, ids=str)
async def test_whole_game(world: World, rami: BotProcess, setup: Setup) -> None:
    """A whole game of the preset ends with recorded results, public standings and no hidden card shown."""
    session = TableSession(
        world.driver, world.db, world.channel, world.players[: setup.people], style=setup.style, seed=len(setup.preset)
    )
    await session.open(setup.preset, {**SHORT, **dict(setup.rules)}, setup.bots)
    await session.start()
    await session.play_to_end()
    final = await session.check_final_scores()
    assert final.table.preset == setup.preset
    assert session.moves > 0
    assert_no_leak(world.driver, world.db, session.game_id, session.snapshots)
