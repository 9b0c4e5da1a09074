"""After a game: the final state with its rating changes, ``/table``'s read of the last game, and a
rematch, on a real database file."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable

import pytest

from data import Database
from rummy.ai import choose_action
from rummy.table import TableStatus
from service.games import TABLE_KEPT, GameService
from service.model import ChangeKind, Final, Refusal, Rematched, Who
from tests.cogs.conftest import CHANNEL, GUILD, OTHER_CHANNEL, Clock

HOST, GUEST, THIRD = Who(1, "Host"), Who(2, "Guest"), Who(3, "Third")
BY_ID = {w.id: w for w in (HOST, GUEST, THIRD)}


def present(ids: set[int]) -> Callable[[list[int]], Awaitable[set[int]]]:
    """The rematch's question "who is still in the channel?", answered with ``ids``."""

    async def here(people: list[int]) -> set[int]:
        return set(people) & ids

    return here


async def _play_out(service: GameService, channel: int = CHANNEL, seed: int = 4) -> int:
    """Play the channel's game to its end (people with the normal computer player's choices, the
    computer players as the timers would make them move); its game id."""
    rng = random.Random(seed)
    game = await service.current(channel)
    for _ in range(5000):
        snap = await service.active(channel)
        if snap is None:
            return game.game_id
        table = snap.table
        seat = table.turn
        assert seat is not None and table.game is not None
        if table.players[seat].is_bot:
            await service.bot_move(channel, snap.version)
            continue
        view = table.view(seat)
        await service.play(channel, BY_ID[int(table.players[seat].id)], choose_action(view, "normal", rng))
    raise AssertionError("the game did not end")


async def _one_deal(service: GameService, *people: Who, bots: tuple[str, ...] = ()) -> None:
    await service.create(GUILD, CHANNEL, people[0], "basic")
    for who in people[1:]:
        await service.join(CHANNEL, who)
    for level in bots:
        await service.add_bot(CHANNEL, people[0], level)
    await service.configure(CHANNEL, people[0], "game_length", "1")
    await service.configure(CHANNEL, people[0], "hints", "off")
    await service.start(CHANNEL, people[0])


async def test_a_finished_game_reads_with_each_seats_rating_change(db: Database) -> None:
    """The final state of a finished game holds each seat's rating change, as stored with the results."""
    service = GameService(db, seed=lambda: 5)
    await _one_deal(service, HOST, GUEST, bots=("easy",))
    game_id = await _play_out(service)
    final = await service.final(game_id)
    assert isinstance(final, Final) and final.game.status is TableStatus.OVER
    stored = {r.result.seat: r for r in await db.games.results(game_id)}
    assert sorted(r.seat for r in final.ratings) == sorted(stored) == [0, 1, 2]
    for change in final.ratings:
        row = stored[change.seat]
        assert change.change == pytest.approx(row.rating_after.ordinal - row.rating_before.ordinal)
        assert change.rating == pytest.approx(row.rating_after.ordinal)
    winner = final.table.game.outcome.winners[0]  # type: ignore[union-attr]
    loser = next(s for s in range(3) if s not in final.table.game.outcome.winners)  # type: ignore[union-attr]
    assert final.rating_of(winner).change > final.rating_of(loser).change  # type: ignore[union-attr]


async def test_no_final_state_while_playing_and_no_rating_for_a_walkover(db: Database) -> None:
    """A game in play has no final state; a walkover has one, without rating changes."""
    service = GameService(db)
    await _one_deal(service, HOST, GUEST)
    game = await service.current(CHANNEL)
    assert await service.final(game.game_id) is None and await service.final(10**6) is None
    out = await service.leave(CHANNEL, GUEST)
    assert [e.kind for e in out.events][-1] == "walkover"
    final = await service.final(game.game_id)
    assert final is not None and final.ratings == () and final.game.status is TableStatus.ABANDONED


async def test_table_reads_the_last_game_for_a_day(db: Database, clock: Clock) -> None:
    """With no table open, the channel's last game that was played is what /table shows, for
    TABLE_KEPT; a lobby that never started, or another channel, has none."""
    service = GameService(db)
    with pytest.raises(Refusal, match="no_table"):
        await service.last_game(CHANNEL)
    await _one_deal(service, HOST, GUEST)
    with pytest.raises(Refusal, match="no_table"):
        await service.last_game(CHANNEL)  # in play: /table reads it as it is (service.current)
    game_id = await _play_out(service)
    last = await service.last_game(CHANNEL)
    assert last.game.game_id == game_id and last.game.status is TableStatus.OVER and last.ratings
    with pytest.raises(Refusal, match="no_table"):
        await service.last_game(OTHER_CHANNEL)
    clock.advance(TABLE_KEPT.total_seconds() + 1)
    with pytest.raises(Refusal, match="no_table"):
        await service.last_game(CHANNEL)
    await service.create(GUILD, OTHER_CHANNEL, HOST, "basic")
    await service.cancel(OTHER_CHANNEL, HOST)
    with pytest.raises(Refusal, match="no_table"):
        await service.last_game(OTHER_CHANNEL)


async def test_a_rematch_opens_the_same_table_hosted_by_the_presser(db: Database) -> None:
    """After the game, Guest presses Rematch: a new lobby in the channel, Guest hosting, Host seated
    again, the computer player re-added; preset, house rules and options as before; committed and
    told to listeners like a creation."""
    service = GameService(db, seed=lambda: 8)
    told: list[ChangeKind] = []
    service.subscribe(lambda out: told.append(out.kind))
    await _one_deal(service, HOST, GUEST, bots=("hard",))
    game_id = await _play_out(service)
    out = await service.rematch(CHANNEL, GUEST, game_id, present({HOST.id, GUEST.id}))
    assert out.kind is ChangeKind.CREATE and told[-1] is ChangeKind.CREATE
    assert out.detail == Rematched(game_id, ())
    new = await service.current(CHANNEL)
    assert new.game_id == out.game.game_id != game_id and new.version == out.game.version
    table = new.table
    assert table.status is TableStatus.LOBBY and table.host_id == GUEST.id
    assert [p.name for p in table.players] == ["Guest", "Host", "Bot (hard)"]
    assert table.preset == "basic" and table.overrides == {"game_length": 1} and not table.options.hints
    await service.start(CHANNEL, GUEST)  # and it plays
    assert (await service.current(CHANNEL)).status is TableStatus.PLAYING


async def test_a_rematch_is_refused_while_a_table_is_open(db: Database) -> None:
    """A second press, or a press once another table opened, is refused; nothing is created."""
    service = GameService(db)
    await _one_deal(service, HOST, GUEST)
    game_id = await _play_out(service)
    first = await service.rematch(CHANNEL, HOST, game_id, present({HOST.id, GUEST.id}))
    with pytest.raises(Refusal, match="rematch_busy"):
        await service.rematch(CHANNEL, GUEST, game_id, present({HOST.id, GUEST.id}))
    assert (await service.current(CHANNEL)).game_id == first.game.game_id
    with pytest.raises(Refusal, match="game_closed"):
        await service.rematch(OTHER_CHANNEL, GUEST, game_id, present({HOST.id}))  # not that channel's game


async def test_a_rematch_seats_only_who_is_still_in_the_channel(db: Database) -> None:
    """Third left the channel since: the rematch seats the others and names who was left out."""
    service = GameService(db)
    await _one_deal(service, HOST, GUEST, THIRD)
    game_id = await _play_out(service)
    out = await service.rematch(CHANNEL, HOST, game_id, present({HOST.id, GUEST.id}))
    assert out.detail.not_seated == ("Third",)
    assert [p.name for p in out.table.players] == ["Host", "Guest"]
