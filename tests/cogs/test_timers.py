"""Computer players, turn timers, lobby expiry and idle games: nothing stalls, nothing bursts."""

from __future__ import annotations

import asyncio
import json
import logging

import pytest

from data import ActionWrite
from rummy import actions as act
from service import bots
from service.games import GameService
from tests.cogs.conftest import ALICE, BOB, CHANNEL, CHLOE, GUILD, Clock, Harness
from tests.cogs.script import play_game
from tests.cogs.test_play import seats


def channel_messages(h: Harness) -> list[str]:
    return [s.text for s in h.outbox if s.where == "channel" and s.embed is None]


async def bot_table(h: Harness, *levels: str, start: bool = True, **settings: str) -> None:
    """Alice hosts computer players (bot_pause 0 unless set) and maybe starts."""
    await h.slash(ALICE, "lobby create")
    for level in levels or ("normal",):
        await h.slash(ALICE, "lobby addbot", level=level)
    for name, value in {"bot_pause": "0", **settings}.items():
        await h.slash(ALICE, "lobby set", rule=name, value=value)
    if start:
        await h.slash(ALICE, "lobby start")


async def alice_plays_a_turn(h: Harness) -> None:
    await h.slash(ALICE, "draw")
    await h.slash(ALICE, "discard", card=str((await h.view(ALICE)).drawn))


async def until_the_bot_is_to_move(h: Harness) -> None:
    """If Alice starts, she plays her first turn, so that the computer player is to move."""
    if (await h.table()).turn == 0:
        await alice_plays_a_turn(h)


async def test_game_against_computer_players(h: Harness) -> None:
    """Computer players of every level play whole turns between a person's turns, to the end."""
    await bot_table(h, "easy", "normal", "hard", game_length="2")
    await play_game(h, [ALICE])
    results = await h.db.games.results(1)
    bots = [r.result for r in results if r.result.is_bot]
    assert sorted(b.user_id for b in bots) == [-301, -201, -101]
    assert {b.display_name for b in bots} == {"Bot (easy)", "Bot (normal)", "Bot (hard)"}
    people = await h.db.leaderboard.leaderboard(GUILD)
    assert [s.user_id for s in people] == [ALICE.id]


async def test_an_expert_plays_to_the_end_in_its_worker_process(h: Harness) -> None:
    """/lobby addbot expert: an expert plays its turns between a person's (thinking in the worker
    process), the game ends, and it is kept apart from the people's leaderboard like every level."""
    await bot_table(h, "expert", game_length="1")
    await play_game(h, [ALICE])
    assert h.service.thinker.fallbacks == 0  # every move searched in time, none replaced by hard's
    results = await h.db.games.results(1)
    assert [(r.result.user_id, r.result.display_name) for r in results if r.result.is_bot] == [(-401, "Bot (expert)")]
    people = await h.db.leaderboard.leaderboard(GUILD)
    assert [s.user_id for s in people] == [ALICE.id]


async def test_computer_moves_are_told_in_one_message_per_round(h: Harness) -> None:
    """The computer players' moves reach the channel as one message, ending with the person's turn."""
    await bot_table(h, "easy", "normal")
    if (await h.table()).players[0].id != str(ALICE.id) or (await h.table()).game.deal.turns:
        assert channel_messages(h), "the computer players' opening moves were not told"
    before = len(channel_messages(h))
    await alice_plays_a_turn(h)
    told = channel_messages(h)[before:]
    if (await h.table()).status.active:
        assert len(told) == 1
        assert "Bot (easy)" in told[0] and "Bot (normal)" in told[0]
        assert told[0].endswith(f"<@{ALICE.id}>, it's your turn.")


async def test_computer_player_waits_its_pause(h: Harness, clock: Clock) -> None:
    """With a pause, a computer player moves only once the pause has passed."""
    await bot_table(h, bot_pause="3")
    await until_the_bot_is_to_move(h)
    assert (await h.table()).turn == 1
    version = (await h.db.games.get(1)).version
    clock.advance(3)
    h.timers.poke(CHANNEL)
    await h.settle()
    assert (await h.db.games.get(1)).version > version


async def test_turn_timeout_plays_a_safe_turn(h: Harness, clock: Clock) -> None:
    """When the timer runs out, the bot plays a safe turn for the absent player and says so."""
    await h.open_table(ALICE, BOB, turn_timer="60")
    me, other = await seats(h)
    clock.advance(61)
    h.timers.poke(CHANNEL)
    await h.settle()
    table = await h.table()
    assert table.players[table.turn].name == other.name
    assert table.timeouts == {table.seat_of(me.id): 1}
    assert any(f"Time's up for {me.name}" in t and "(1/3)" in t for t in channel_messages(h))
    kinds = [a.kind for a in await h.db.games.actions(1)]
    assert kinds[-1] == "timeout"


async def test_deadline_waits_for_the_timer(h: Harness, clock: Clock) -> None:
    """Before the deadline nothing happens."""
    await h.open_table(ALICE, BOB, turn_timer="60")
    version = (await h.db.games.get(1)).version
    clock.advance(59)
    h.timers.poke(CHANNEL)
    await h.settle()
    assert (await h.db.games.get(1)).version == version


async def test_three_timeouts_in_a_row_drop_the_player(h: Harness, clock: Clock) -> None:
    """After three timeouts in a row the player is dropped and the table is told."""
    await h.open_table(ALICE, BOB, CHLOE, turn_timer="60")
    absent, _ = await seats(h)
    seat = (await h.table()).seat_of(absent.id)
    for _ in range(30):
        table = await h.table()
        if seat in table.game.dropped:
            break
        if table.turn != seat:
            user = {str(u.id): u for u in (ALICE, BOB, CHLOE)}[table.players[table.turn].id]
            await h.slash(user, "draw")
            await h.slash(user, "discard", card=str((await h.view(user)).drawn))
            continue
        clock.advance(61)
        h.timers.poke(CHANNEL)
        await h.settle()
    table = await h.table()
    assert seat in table.game.dropped and table.status.active
    assert any(f"{absent.name} missed 3 turns in a row" in t for t in channel_messages(h))


async def test_own_move_resets_the_timeout_count(h: Harness, clock: Clock) -> None:
    """A player who plays again starts counting from zero."""
    await h.open_table(ALICE, BOB, turn_timer="60")
    me, other = await seats(h)
    clock.advance(61)
    h.timers.poke(CHANNEL)
    await h.settle()
    await h.slash(other, "draw")
    await h.slash(other, "discard", card=str((await h.view(other)).drawn))
    await h.slash(me, "draw")
    assert (await h.table()).timeouts == {}


async def test_last_person_timing_out_abandons_the_game(h: Harness, clock: Clock) -> None:
    """With only computer players left the game is abandoned and does not count."""
    await bot_table(h, turn_timer="30")
    for _ in range(3):
        clock.advance(31)
        h.timers.poke(CHANNEL)
        await h.settle()
    row = await h.db.games.get(1)
    assert row.status == "abandoned"
    assert await h.db.games.results(1) == []
    assert await h.db.leaderboard.leaderboard(GUILD, include_bots=True) == []
    assert any("abandoned" in t for t in channel_messages(h))


async def test_lobby_expires(h: Harness, clock: Clock) -> None:
    """A lobby nobody starts is cancelled after 30 minutes, and the channel is told."""
    await h.slash(ALICE, "lobby create")
    clock.advance(29 * 60)
    h.timers.poke(CHANNEL)
    await h.settle()
    assert await h.db.games.get_active(CHANNEL) is not None
    clock.advance(2 * 60)
    h.timers.poke(CHANNEL)
    await h.settle()
    assert (await h.db.games.get(1)).status == "cancelled"
    assert any("Nobody started this table" in t for t in channel_messages(h))
    assert h.board_message().view is None


async def test_idle_game_without_timer_is_abandoned(h: Harness, clock: Clock) -> None:
    """With the timer off, a game nobody plays for a day is abandoned, so it never stalls."""
    await h.open_table(ALICE, BOB, turn_timer="0")
    clock.advance(25 * 3600)
    h.timers.poke(CHANNEL)
    await h.settle()
    assert (await h.db.games.get(1)).status == "abandoned"


async def test_timers_are_rebuilt_at_start_up(h: Harness, clock: Clock) -> None:
    """A new bot on the same database resumes the deadlines it finds (here: one already past)."""
    await h.open_table(ALICE, BOB, turn_timer="60")
    await h.close()
    clock.advance(61)
    fresh = Harness(h.db)
    try:
        assert await fresh.timers.resume() == 1
        await fresh.settle()
        assert (await fresh.table()).timeouts
    finally:
        await fresh.close()


@pytest.mark.logs_errors
async def test_a_failing_step_is_logged_and_retried(h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """An unexpected error in a game's task is logged; the task carries on when poked."""
    h.timers.error_backoff = 0
    await bot_table(h, start=False)
    real = GameService.bot_move
    calls = {"n": 0}

    async def flaky(self: GameService, channel_id: int, version: int) -> object:
        calls["n"] += 1
        if calls["n"] == 1:
            raise RuntimeError("flaky")
        return await real(self, channel_id, version)

    monkeypatch.setattr(GameService, "bot_move", flaky)
    await h.slash(ALICE, "lobby start")
    await until_the_bot_is_to_move(h)
    assert (await h.table()).turn == 0 and calls["n"] >= 2


async def test_a_refused_computer_move_is_replaced_by_the_safe_play(
    h: Harness, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """If a computer player chooses a move the rules refuse, it plays safe and the game goes on."""
    monkeypatch.setattr(
        bots,
        "choose_action",
        lambda view, level, rng, memory: act.Discard(view.hand[0]) if view.phase.value == "draw" else act.Draw(),
    )
    await bot_table(h)
    await until_the_bot_is_to_move(h)
    assert (await h.table()).turn == 0
    assert any("chose a refused" in r.getMessage() for r in caplog.records)


async def test_close_cancels_every_task(h: Harness) -> None:
    """Closing the timers cancels the tasks of every game; pokes afterwards start nothing."""
    await h.open_table(ALICE, BOB, turn_timer="60")
    assert h.timers._runners
    await h.timers.close()
    assert not h.timers._runners
    h.timers.poke(CHANNEL)
    assert not h.timers._runners


@pytest.mark.logs_errors
async def test_an_unreadable_row_is_closed_once(h: Harness, caplog: pytest.LogCaptureFixture) -> None:
    """A row the code cannot load is logged once, marked abandoned and told; the channel is free."""
    await h.open_table(ALICE, BOB)
    row = await h.db.games.get_active(CHANNEL)
    doc = json.loads(row.state_json) | {"table_schema": 99}
    await h.db.games.save_action(ActionWrite(row.id, row.version, json.dumps(doc), "playing", None, "test", {}))
    h.timers.poke(CHANNEL)
    await h.timers.settle()
    assert (await h.db.games.get(row.id)).status == "abandoned"
    assert len([r for r in caplog.records if r.levelno >= logging.ERROR]) == 1
    assert any("could not be read" in (s.text or "") for s in h.outbox if s.where == "channel")
    assert not (await h.slash(ALICE, "lobby create")).first.ephemeral


async def test_a_waiting_game_holds_one_task(h: Harness) -> None:
    """A game waiting for its next step (here its lobby's expiry, half an hour away) costs one task,
    its own: the wait is a timeout around the wake-up, not a second task per game, which would be
    held (and scanned by every full garbage collection) for as long as the game waits."""
    before = asyncio.all_tasks()
    await h.slash(ALICE, "lobby create")
    await h.settle()
    added = asyncio.all_tasks() - before
    assert [task.get_name() for task in added] == [f"rami-game-{CHANNEL}"]
    h.timers.poke(CHANNEL)  # woken (the game changed): it plans again, and waits the same way
    await h.settle()
    assert [task.get_name() for task in asyncio.all_tasks() - before] == [f"rami-game-{CHANNEL}"]
