"""A player's history through the service: pages of whole games played out, and their figures,
on both stores."""

from __future__ import annotations

from typing import Any

from service.games import GameService
from service.leaderboards import Leaderboards
from service.model import Who
from tests.cogs.conftest import CHANNEL, GUILD, Clock
from tests.service.test_after_game import GUEST, HOST, _play_out

THIRD = Who(3, "Third")


async def _game(service: GameService, *, deals: int = 1, seed: int = 4) -> int:
    """A two-person game of basic rummy of ``deals`` deals, played to its end; its id."""
    await service.create(GUILD, CHANNEL, HOST, "basic")
    await service.join(CHANNEL, GUEST)
    await service.configure(CHANNEL, HOST, "game_length", str(deals))
    await service.configure(CHANNEL, HOST, "hints", "off")
    await service.start(CHANNEL, HOST)
    return await _play_out(service, seed=seed)


async def test_pages_go_down_and_back_up(db: Any, clock: Clock) -> None:
    """Pages of finished games, newest first: Next goes older, Previous newer, and going newer past
    the top (or from a key that is not one of the player's games) gives the first page."""
    service = GameService(db, seed=lambda: 5)
    ids = []
    for seed in (1, 2, 3):
        ids.append(await _game(service, seed=seed))
        clock.advance(600)
    board = Leaderboards(db)
    first = await board.history(GUILD, HOST.id, 2)
    assert (first.game_ids, first.newer, first.older) == ((ids[2], ids[1]), False, True)
    second = await board.history(GUILD, HOST.id, 2, older_than=first.game_ids[-1])
    assert (second.game_ids, second.newer, second.older) == ((ids[0],), True, False)
    back = await board.history(GUILD, HOST.id, 2, newer_than=second.game_ids[0])
    assert back == first
    assert await board.history(GUILD, HOST.id, 2, older_than=10**9) == first
    assert [g.others[0].user_id for g in first.games] == [GUEST.id, GUEST.id]


async def test_a_member_who_never_played(db: Any) -> None:
    """A member with no finished game gets an empty page, with nothing above or below, and no figures."""
    service = GameService(db, seed=lambda: 5)
    await _game(service)
    board = Leaderboards(db)
    page = await board.history(GUILD, THIRD.id, 5)
    assert (page.games, page.newer, page.older) == ((), False, False)
    assert await board.figures(GUILD, THIRD.id) == {}


async def test_figures_of_played_games(db: Any, clock: Clock) -> None:
    """Each seat's deals are the game's; the figures add up the stored points over those deals, and
    the longest streak is the longest run of wins in finish order."""
    service = GameService(db, seed=lambda: 5)
    ids = []
    for seed, deals in ((1, 2), (2, 1), (3, 2)):
        ids.append(await _game(service, deals=deals, seed=seed))
        clock.advance(60)
    won, points, deals_played = [], 0, 0
    for game_id in ids:
        final = await service.final(game_id)
        assert final is not None and final.table.game is not None
        mine = {r.result.user_id: r.result for r in await db.games.results(game_id)}[HOST.id]
        assert mine.deals == len(final.table.game.history)
        won.append(mine.won)
        points += mine.final_score
        deals_played += mine.deals
    streak = run = 0
    for w in won:
        run = run + 1 if w else 0
        streak = max(streak, run)
    figures = await Leaderboards(db).figures(GUILD, HOST.id)
    assert figures["basic"] == figures["*"]
    assert (figures["basic"].games, figures["basic"].points, figures["basic"].deals) == (3, points, deals_played)
    assert figures["basic"].longest_streak == streak
    assert deals_played == 5
