"""Whole games of every preset, played through the cogs by scripted users.

Elimination and target games are shortened by a house rule (``game_length``) so that the six
games stay within the test budget; each one still runs from the first deal to the final result.
"""

from __future__ import annotations

import pytest

from tests.cogs.conftest import ALICE, BOB, CHLOE, GUILD, Harness
from tests.cogs.script import play_game

GAMES = [
    ("basic", (ALICE, BOB, CHLOE), {}),  # 3 deals, as written
    ("rummy100", (ALICE, BOB), {"game_length": "15"}),
    ("rami100", (ALICE, BOB), {"game_length": "15"}),
    ("rami51", (ALICE, BOB, CHLOE), {"game_length": "80"}),
    ("ref40", (ALICE, BOB), {"game_length": "40"}),
    ("ref51", (ALICE, BOB), {"game_length": "40"}),
]


@pytest.mark.parametrize(("preset", "users", "house"), GAMES, ids=[g[0] for g in GAMES])
async def test_whole_game(h: Harness, preset: str, users: tuple, house: dict[str, str]) -> None:
    """A seeded game of each preset runs to its end through the cogs and counts on the leaderboard."""
    await h.open_table(*users, preset=preset, **house)
    actions = await play_game(h, users, seed=3)
    row = await h.db.games.get(1)
    assert row.status == "finished" and actions > 0
    results = await h.db.games.results(1)
    assert sorted(r.result.user_id for r in results) == sorted(u.id for u in users)
    assert sum(r.result.won for r in results) >= 1
    board = await h.db.leaderboard.leaderboard(GUILD, preset)
    assert {s.user_id for s in board} == {u.id for u in users}
    assert "game over" in h.board_message().text
