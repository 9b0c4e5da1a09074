"""Leaving a game in play: walkovers never count, and a host who left loses host powers."""

from __future__ import annotations

from tests.cogs.conftest import ALICE, BOB, GUILD, MALLORY, Harness


async def test_walkover_records_no_result_and_no_rating(h: Harness) -> None:
    """The second player leaving straight after the start leaves no result and an empty board."""
    await h.open_table(ALICE, BOB)
    await h.slash(BOB, "lobby leave")
    row = await h.db.games.get(1)
    assert row is not None and row.status.value == "abandoned"
    assert await h.db.games.results(1) == []
    assert await h.db.leaderboard.leaderboard(GUILD, None) == []
    assert "No finished games" in (await h.slash(MALLORY, "leaderboard")).text


async def test_host_who_left_cannot_cancel(h: Harness) -> None:
    """A host who left mid-game is refused /lobby cancel; the next player hosts now."""
    await h.open_table(ALICE, BOB, MALLORY)
    left = await h.slash(ALICE, "lobby leave")
    assert "Bob is the host now" in "\n".join(s.text for s in left.public)
    r = await h.slash(ALICE, "lobby cancel")
    assert r.first.ephemeral and "Only the host" in r.text
    assert (await h.table()).status.value == "playing"
    assert (await h.slash(BOB, "lobby cancel")).first.ephemeral is False
