"""A season ends through ``python bot.py``: the test moves the bot's clock past the season's end
(``RAMI_TEST_CLOCK``, the e2e sitecustomize's hook) and the final board is posted once in the
channel of the last game, not again after a restart; a season that ends while the bot is down is
posted at the next start, once; the past seasons stay readable."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path

from data import ActionWrite, PlayerResult, Season, SeasonMode, open_store, season_at
from tests.e2e.conftest import BOT_SCRIPT, World, assert_fake_happy, stop_cleanly, until_ready
from tests.e2e.session import TableSession
from tests.e2e.test_games import SHORT
from tests.fakediscord import BotProcess, FakeDiscord, RecordedMessage

LOOK = 1.0  # seconds: the seasons' loop looks every 0.2 s under the hook


async def _play(world: World, *, seed: int) -> None:
    """Alice and Bob play a one-deal game of basic to its end (it counts on the current season)."""
    session = TableSession(world.driver, world.db, world.channel, [world.alice, world.bob], style="slash", seed=seed)
    await session.open("basic", {**SHORT, "refill_limit": "0"})
    await session.start()
    await session.play_to_end()
    await session.check_final_scores()


async def _finished_in(world: World, season: Season) -> None:
    """A game of Alice and Bob stored as finished in the middle of ``season`` (the bot is stopped)."""
    middle = season.start + (season.end - season.start) / 2
    store = await open_store(world.db_path, clock=lambda: middle)
    try:
        game = await store.games.create_game(world.guild.id, world.channel.id, world.alice.id, "basic", '{"s": 1}')
        results = [
            PlayerResult(world.alice.id, world.alice.name, False, None, 0, 1, True, 1, 0, 12, 1),
            PlayerResult(world.bob.id, world.bob.name, False, None, 1, 2, False, 0, 0, 0, 1),
        ]
        await store.games.finish_game(ActionWrite(game.id, 0, '{"s": 1}', "finished", None, "end", {}), results)
    finally:
        await store.close()


def final_boards(fake: FakeDiscord, channel_id: int) -> list[RecordedMessage]:
    return [
        m
        for m in fake.state.messages.values()
        if m.channel_id == channel_id and not m.deleted and any("Final board" in e.get("title", "") for e in m.embeds)
    ]


async def test_the_final_board_goes_out_once_also_across_a_restart(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    d = world.driver
    clock = tmp_path / "clock"
    clock.write_text("0")
    admin = d.user("olga")
    d.member(world.guild, admin, admin=True)
    process = BotProcess(fake, BOT_SCRIPT, env=world.bot_env(RAMI_TEST_CLOCK=str(clock)))
    d.process = process
    await process.start()
    try:
        refused = await d.slash(world.alice, world.channel, "rami season", mode="monthly")
        assert refused.message.ephemeral_to == world.alice.id and "Manage Server" in refused.text
        chosen = await d.slash(admin, world.channel, "rami season", mode="monthly")
        assert "monthly" in chosen.text and "midnight UTC" in chosen.text
        await _play(world, seed=3)
        season = season_at(SeasonMode.MONTHLY, datetime.now(UTC))
        board = await d.slash(world.erin, world.channel, "leaderboard")
        assert "Leaderboard of the season" in board.text and "alice: 1 of 5 games" in board.text.lower()
        assert final_boards(fake, world.channel.id) == []

        # The season ends: the bot's clock jumps a few seconds past its end.
        clock.write_text(str((season.end - datetime.now(UTC)).total_seconds() + 5))
        await d.state.wait_until(lambda: bool(final_boards(fake, world.channel.id)), 15, "the season's final board")
        (posted,) = final_boards(fake, world.channel.id)
        assert "is over" in posted.content and "Nobody played the 5 games" in posted.content
        assert "fields" not in posted.embeds[0] and "Nobody played 5 games" in posted.embeds[0]["description"]

        # The bot stops; a game of the next season is stored meanwhile (as the service stores one),
        # and that season ends while the bot is down: its board goes out at the next start, once;
        # the first season's does not go out again.
        await stop_cleanly(process)
        await _finished_in(world, season.next())
        clock.write_text(str((season.next().end - datetime.now(UTC)).total_seconds() + 5))
        await process.start()
        await until_ready(process)
        await d.state.wait_until(lambda: len(final_boards(fake, world.channel.id)) == 2, 15, "posted at start")
        second = final_boards(fake, world.channel.id)[1]
        assert second.id != posted.id and second.embeds[0]["title"] != posted.embeds[0]["title"]

        # Nothing goes out again: the first season's board across the restart, the second's as the
        # restarted loop looks again and again.
        suggested = await d.autocomplete(world.erin, world.channel, "leaderboard", "season", "")
        later = season.next()
        assert [c["value"] for c in suggested] == [later.next().key, "all", later.key, season.key]
        past = await d.slash(world.erin, world.channel, "leaderboard", season=season.key)
        assert "alice: 1 of 5 games" in past.text.lower() and "bob: 1 of 5 games" in past.text.lower()
        await asyncio.sleep(LOOK)  # the restarted loop has looked several times: still one board a season
        assert len(final_boards(fake, world.channel.id)) == 2
    finally:
        await stop_cleanly(process)
    assert_fake_happy(fake, world)
