"""Results of finished games, the per-guild leaderboard and its ratings."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from data import ALL_PRESETS, ActionWrite, GameRow, PlayerResult, StaleState, Store
from data import ratings as ratings_module

from .conftest import GUILD, OTHER_GUILD, state

ALICE, BOB, CAROL = 11, 22, 33
EASY_BOT = -1


def result(
    user_id: int,
    rank: int,
    *,
    seat: int | None = None,
    bot: bool = False,
    deals_won: int = 0,
    rummies: int = 0,
    score: int = 0,
) -> PlayerResult:
    return PlayerResult(
        user_id=user_id,
        display_name=f"player{user_id}",
        is_bot=bot,
        bot_level="easy" if bot else None,
        seat=seat if seat is not None else abs(user_id),
        rank=rank,
        won=rank == 1,
        deals_won=deals_won,
        rummies=rummies,
        final_score=score,
    )


_channels = iter(range(10_000, 20_000))


async def play(
    db: Store,
    results: Sequence[PlayerResult] | None,
    *,
    guild: int = GUILD,
    preset: str = "classic",
    status: str = "finished",
) -> GameRow:
    """Create a game, start it and end it with the given status and results."""
    game = await db.games.create_game(guild, next(_channels), ALICE, preset, state())
    game = await db.games.save_action(ActionWrite(game.id, 0, state(1), "playing", ALICE, "start", {}))
    return await db.games.finish_game(
        ActionWrite(game.id, game.version, state(2), status, None, "end", {"reason": status}), results
    )


@pytest.mark.asyncio
async def test_finish_writes_results_and_leaderboard(db: Store) -> None:
    """A finished game stores one result per seat and updates both leaderboard tracks."""
    game = await play(
        db,
        [result(ALICE, 1, deals_won=3, rummies=1, score=0), result(BOB, 2, deals_won=1, score=87)],
    )
    rows = await db.games.results(game.id)
    assert [(r.result.user_id, r.result.rank, r.result.final_score) for r in rows] == [
        (ALICE, 1, 0),
        (BOB, 2, 87),
    ]
    assert rows[0].rating_change > 0 > rows[1].rating_change
    for preset in ("classic", None):
        board = await db.leaderboard.leaderboard(GUILD, preset)
        assert [(s.user_id, s.games, s.wins, s.deals_won, s.rummies) for s in board] == [
            (ALICE, 1, 1, 3, 1),
            (BOB, 1, 0, 1, 0),
        ]
    assert [a.kind for a in await db.games.actions(game.id)] == ["start", "end"]


@pytest.mark.asyncio
async def test_results_and_leaderboard_share_the_transaction(db: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """If the leaderboard update fails, the game is not ended and no result is kept."""
    game = await db.games.create_game(GUILD, 1, ALICE, "classic", state())
    game = await db.games.save_action(ActionWrite(game.id, 0, state(1), "playing", ALICE, "start", {}))

    def broken(*_: object) -> None:
        raise RuntimeError("rating exploded")

    monkeypatch.setattr(ratings_module, "rate", broken)
    with pytest.raises(RuntimeError, match="rating exploded"):
        await db.games.finish_game(
            ActionWrite(game.id, game.version, state(2), "finished", None, "end", {}),
            [result(ALICE, 1), result(BOB, 2)],
        )
    assert await db.games.get(game.id) == game
    assert [a.kind for a in await db.games.actions(game.id)] == ["start"]
    assert await db.games.results(game.id) == []
    for track in ("classic", None):  # no standing at all, on either track
        assert await db.leaderboard.leaderboard(GUILD, track, include_bots=True) == []
    assert await db.leaderboard.stats(GUILD, ALICE) is None and await db.leaderboard.stats(GUILD, BOB) is None


@pytest.mark.asyncio
async def test_stale_finish_records_nothing(db: Store) -> None:
    """A finish on an old version writes neither the end nor the results."""
    game = await db.games.create_game(GUILD, 1, ALICE, "classic", state())
    await db.games.save_action(ActionWrite(game.id, 0, state(1), "playing", ALICE, "start", {}))
    with pytest.raises(StaleState):
        await db.games.finish_game(
            ActionWrite(game.id, 0, state(2), "finished", None, "end", {}), [result(ALICE, 1), result(BOB, 2)]
        )
    assert await db.leaderboard.leaderboard(GUILD) == []


@pytest.mark.parametrize("status", ["cancelled", "abandoned"])
@pytest.mark.asyncio
async def test_cancelled_and_abandoned_never_count(db: Store, status: str) -> None:
    """Games that did not finish leave the leaderboard alone, and cannot carry results."""
    await play(db, None, status=status)
    assert await db.leaderboard.leaderboard(GUILD) == []
    with pytest.raises(ValueError, match=status):
        await play(db, [result(ALICE, 1), result(BOB, 2)], status=status)
    assert await db.leaderboard.leaderboard(GUILD) == []
    assert await db.leaderboard.stats(GUILD, ALICE) is None


@pytest.mark.asyncio
async def test_leaderboards_are_per_guild(db: Store) -> None:
    """A result in one guild never appears in another."""
    await play(db, [result(ALICE, 1), result(BOB, 2)], guild=GUILD)
    assert await db.leaderboard.leaderboard(OTHER_GUILD) == []
    assert await db.leaderboard.leaderboard(OTHER_GUILD, "classic") == []
    assert await db.leaderboard.stats(OTHER_GUILD, ALICE) is None
    await play(db, [result(CAROL, 1), result(ALICE, 2)], guild=OTHER_GUILD)
    stats = await db.leaderboard.stats(GUILD, ALICE)
    assert stats is not None and (stats.overall.games, stats.overall.wins) == (1, 1)
    assert [s.user_id for s in await db.leaderboard.leaderboard(OTHER_GUILD)] == [CAROL, ALICE]


@pytest.mark.asyncio
async def test_leaderboards_are_per_preset(db: Store) -> None:
    """Each preset has its own board; the all-presets board sums them."""
    await play(db, [result(ALICE, 1), result(BOB, 2)], preset="classic")
    await play(db, [result(BOB, 1), result(ALICE, 2)], preset="gin")
    await play(db, [result(BOB, 1), result(ALICE, 2)], preset="gin")
    classic = await db.leaderboard.leaderboard(GUILD, "classic")
    gin = await db.leaderboard.leaderboard(GUILD, "gin")
    everything = await db.leaderboard.leaderboard(GUILD)
    assert [(s.user_id, s.wins, s.games) for s in classic] == [(ALICE, 1, 1), (BOB, 0, 1)]
    assert [(s.user_id, s.wins, s.games) for s in gin] == [(BOB, 2, 2), (ALICE, 0, 2)]
    assert [(s.user_id, s.wins, s.games) for s in everything] == [(BOB, 2, 3), (ALICE, 1, 3)]
    assert {s.preset for s in everything} == {ALL_PRESETS}
    assert await db.leaderboard.leaderboard(GUILD, "never-played") == []


@pytest.mark.asyncio
async def test_stats_break_down_by_preset(db: Store) -> None:
    """stats() gives the all-presets record and one line per preset played."""
    await play(db, [result(ALICE, 1, rummies=2), result(BOB, 2)], preset="classic")
    await play(db, [result(BOB, 1), result(ALICE, 2, deals_won=4)], preset="gin")
    stats = await db.leaderboard.stats(GUILD, ALICE)
    assert stats is not None
    assert (stats.display_name, stats.is_bot) == (f"player{ALICE}", False)
    assert (stats.overall.games, stats.overall.wins, stats.overall.win_rate) == (2, 1, 0.5)
    assert (stats.overall.deals_won, stats.overall.rummies) == (4, 2)
    assert sorted(stats.presets) == ["classic", "gin"]
    assert (stats.presets["gin"].losses, stats.presets["classic"].wins) == (1, 1)
    assert await db.leaderboard.stats(GUILD, 999) is None


@pytest.mark.asyncio
async def test_bots_are_rated_but_not_listed_by_default(db: Store) -> None:
    """Computer players are stored and rated, but only shown when asked for."""
    game = await play(db, [result(ALICE, 1), result(EASY_BOT, 2, seat=5, bot=True)])
    assert [s.user_id for s in await db.leaderboard.leaderboard(GUILD)] == [ALICE]
    assert [s.user_id for s in await db.leaderboard.leaderboard(GUILD, "classic")] == [ALICE]
    everyone = await db.leaderboard.leaderboard(GUILD, include_bots=True)
    assert [(s.user_id, s.is_bot) for s in everyone] == [(ALICE, False), (EASY_BOT, True)]
    (bot_row,) = [r for r in await db.games.results(game.id) if r.result.is_bot]
    assert bot_row.result.bot_level == "easy"
    assert everyone[0].rating > 0  # beating a bot is worth something


@pytest.mark.asyncio
async def test_winning_five_outrates_losing_five(db: Store) -> None:
    """A player who won five games ranks above one who lost them."""
    for _ in range(5):
        await play(db, [result(BOB, 2), result(ALICE, 1)])
    board = await db.leaderboard.leaderboard(GUILD)
    assert [s.user_id for s in board] == [ALICE, BOB]
    alice, bob = board
    assert alice.rating > bob.rating
    assert (alice.wins, alice.games, alice.win_rate, bob.win_rate) == (5, 5, 1.0, 0.0)


@pytest.mark.asyncio
async def test_limit_and_ties(db: Store) -> None:
    """limit cuts the board; tied ranks share their rating change."""
    await play(db, [result(ALICE, 1), result(BOB, 2), result(CAROL, 2)])
    board = await db.leaderboard.leaderboard(GUILD, limit=2)
    assert [s.user_id for s in board] == [ALICE, BOB]
    full = await db.leaderboard.leaderboard(GUILD)
    assert full[1].rating == full[2].rating
    with pytest.raises(ValueError):
        await db.leaderboard.leaderboard(GUILD, limit=0)


@pytest.mark.parametrize(
    "results",
    [
        [],
        [result(ALICE, 1), result(ALICE, 2, seat=9)],
        [result(ALICE, 1, seat=1), result(BOB, 2, seat=1)],
        [result(ALICE, 0), result(BOB, 1)],
    ],
    ids=["empty", "same-player", "same-seat", "rank-zero"],
)
@pytest.mark.asyncio
async def test_impossible_results_are_refused(db: Store, results: list[PlayerResult]) -> None:
    """Inconsistent results raise before anything is written; the game stays in play."""
    game = await db.games.create_game(GUILD, 1, ALICE, "classic", state())
    game = await db.games.save_action(ActionWrite(game.id, 0, state(1), "playing", ALICE, "start", {}))
    with pytest.raises(ValueError):
        await db.games.finish_game(ActionWrite(game.id, 1, state(2), "finished", None, "end", {}), results)
    assert await db.games.get(game.id) == game
