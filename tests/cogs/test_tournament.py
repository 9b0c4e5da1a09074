"""``/tournament`` and a tournament's public message (issue 31): the cogs over the real service.

The harness's bot gets the tournaments as ``bot.py`` wires them: the tables open in threads of the
tournament's channel (:class:`~cogs.ui.tournament_writer.TableThreads`), the message is kept current
by :class:`~cogs.ui.tournament_writer.TournamentWriter`, both through the games' poster.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from unittest.mock import AsyncMock, MagicMock

import discord
import pytest_asyncio

import bot as rami_bot
from bot import RamiBot, Settings
from cogs.tournament import Tournament, TournamentClock
from cogs.ui.context import game_channel
from cogs.ui.tournament_render import standing_lines, tournament_embed
from cogs.ui.tournament_writer import TableThreads, TournamentWriter
from data import open_store
from rummy import tournament as T
from rummy.ai import choose_action
from rummy.view import view_for
from service.cache import load_table
from service.catalog import BOOK
from service.games import GameService
from service.model import Who
from service.tournament_model import TournamentSnapshot
from service.tournaments import Tournaments
from tests.cogs.conftest import ALICE, BOB, CHANNEL, CHLOE, GUILD, Clock, Harness, Result, Sent, User
from tests.cogs.outbox import embed_text
from tests.cogs.script import command_for

EN, FR = BOOK.translator("en"), BOOK.translator("fr")


def labels(sent: Sent) -> list[str | None]:
    """The labels of a message's buttons, in order."""
    children = sent.view.children if sent.view is not None else []
    return [getattr(getattr(c, "item", c), "label", None) for c in children]


@dataclass
class Rig:
    h: Harness
    service: Tournaments
    writer: TournamentWriter
    tables: TableThreads

    async def settle(self) -> None:
        """Until the games, the results being recorded and every message are done."""
        for _ in range(3):
            await self.h.settle()
            await self.service.drain()
            await self.writer.drain()

    async def slash(self, user: User, path: str, **options: Any) -> Result:
        result = await self.h.slash(user, path, **options)
        await self.settle()
        return result

    async def create(self, user: User = ALICE, **options: Any) -> Result:
        given: dict[str, Any] = {"name": "Friday night", "format": "swiss", "table_size": 2, "manager": True}
        return await self.slash(user, "tournament create", **{**given, **options})

    async def only(self) -> Any:
        (snap,) = await self.service.open_tournaments()
        return snap

    async def message(self) -> Sent:
        """The tournament's public message as it stands now."""
        snap = (await self.service.open_tournaments() or [None])[0]
        if snap is None:  # over: the newest one
            row = await self.h.db.tournaments.get(1)
            message_id = row.message_id
        else:
            message_id = snap.message_id
        assert message_id is not None, "no message stored"
        return self.h.channels.messages[message_id]

    async def click(self, user: User, what: str) -> Result:
        snap = await self.only()
        result = await self.h.click(user, f"rami:{snap.tournament_id}:{what}", on_ephemeral=False)
        await self.settle()
        return result


@pytest_asyncio.fixture
async def t(h: Harness) -> AsyncIterator[Rig]:
    tables = TableThreads(h.writer.poster, h.writer.tr_for)
    service = Tournaments(h.db, h.service, tables, seed=lambda: 7)
    writer = TournamentWriter(service, h.writer.poster, h.writer.tr_for, h.service.settings.organiser_role)
    service.subscribe(writer.changed)
    h.client.tournaments = service
    h.cogs.append(Tournament(h.client))
    await h.service.defaults.set_option(GUILD, "bot_pause", "0")  # the computer players move at once
    try:
        yield Rig(h, service, writer, tables)
    finally:
        await writer.close()
        await service.drain()


async def test_create_needs_manage_server_and_says_why(t: Rig) -> None:
    """Without Manage Server, /tournament create is refused privately with the reason, in the
    caller's language, and nothing is created."""
    r = await t.create(BOB, manager=False)
    assert r.first.ephemeral and r.text == EN("tournament_not_allowed")
    r = await t.create(CHLOE, manager=False)
    assert r.first.ephemeral and r.text == FR("tournament_not_allowed")
    assert await t.service.open_tournaments() == []


async def test_bad_settings_are_refused_in_the_rules_words(t: Rig) -> None:
    """A table of 9 is refused with the rules' sentence (French for a French member)."""
    r = await t.create(CHLOE, table_size=9)
    assert r.first.ephemeral and "2 à 6" in r.text
    assert await t.service.open_tournaments() == []


async def test_created_message_shows_the_event_and_follows_sign_ups(t: Rig) -> None:
    """The public message shows the event; Sign up and Withdraw by button keep its list current."""
    r = await t.create(rounds=2, preset="rami51")
    assert r.first.ephemeral and "Friday night" in r.text
    shown = await t.message()
    assert "Friday night" in shown.text and "Swiss" in shown.text and "up to 2 players" in shown.text
    assert EN("tournament_no_players") in shown.text and EN("tournament_status_sign_up") in shown.text
    assert labels(shown) == ["Sign up", "Withdraw"]
    r = await t.click(BOB, "tsign")
    assert r.first.ephemeral and r.text == EN("tournament_signed_up", name="Friday night")
    assert "Bob" in (await t.message()).text and "Players (1)" in (await t.message()).text
    again = await t.click(BOB, "tsign")
    assert again.first.ephemeral and "already signed up" in again.text
    await t.click(BOB, "twithdraw")
    assert "Players (0)" in (await t.message()).text and "withdrew" in (await t.message()).text


async def test_start_opens_each_table_in_a_thread_with_its_players_called(t: Rig) -> None:
    """The organiser's start pairs round 1: its table's game is open in a thread of the
    tournament's channel, and the table's players are mentioned there (pinged, them only)."""
    await t.create()
    await t.click(ALICE, "tsign")
    await t.click(BOB, "tsign")
    refused = await t.slash(BOB, "tournament start")
    assert refused.first.ephemeral and "Only the organiser" in refused.text
    r = await t.slash(ALICE, "tournament start", manager=True)
    assert r.first.ephemeral and r.text == EN("tournament_done_start")
    snap = await t.only()
    (link,) = snap.tables
    assert link.channel_id in t.h.channels.threads and "round 1, table 1" in t.h.channels.threads[link.channel_id]
    game = await t.h.service.active(link.channel_id)
    assert game is not None and game.game_id == link.game_id
    call = next(s for s in t.h.outbox if s.channel_id == link.channel_id and s.content and "<@" in s.content)
    assert call.allowed_mentions is not None
    assert {u.id for u in call.allowed_mentions.users} == {ALICE.id, BOB.id}  # type: ignore[union-attr]
    assert "Round 1 in play" in (await t.message()).text


async def test_a_round_played_to_its_end_shows_the_standings_and_the_podium(t: Rig) -> None:
    """Alice plays her table's game against a computer entrant to its end, in the table's thread:
    its result is recorded, and the message shows the standings (place, name, points, tie-break)
    and the podium, its buttons gone."""
    await t.create(rounds=1)
    await t.click(ALICE, "tsign")
    snap = await t.only()
    await t.service.add_computer(snap.tournament_id, Who(ALICE.id, ALICE.name), may_organise=True)
    await t.slash(ALICE, "tournament start", manager=True)
    (link,) = (await t.only()).tables
    rng = random.Random(3)
    for _ in range(2000):
        row = await t.h.db.games.get_active(link.channel_id)
        if row is None:
            break
        table = load_table(row)
        assert table.turn is not None and table.game is not None
        path, options = command_for(choose_action(view_for(table.game, table.turn), "normal", rng))
        await t.slash(ALICE, path, channel=link.channel_id, **options)
    else:
        raise AssertionError("the game did not end")
    finished = await t.h.db.tournaments.get(snap.tournament_id)
    assert finished is not None and T.loads(finished.state_json).stage is T.Stage.FINISHED
    assert finished.message_id is not None
    shown = t.h.channels.messages[finished.message_id]
    result = T.loads(finished.state_json).rounds[0].tables[0].result
    assert result is not None and not result.timed_out  # played to its end, not cut by the clock
    assert EN("tournament_field_standings", round=1) in shown.text and EN("tournament_field_podium") in shown.text
    assert "1. " in shown.text and "Alice" in shown.text and "tie-break" in shown.text
    assert EN("tournament_status_finished") in shown.text and labels(shown) == []


async def test_a_french_server_reads_its_tournament_in_french(t: Rig) -> None:
    """The message is in the server's language: « tournoi », « manche », « suisse »."""
    await t.h.service.settings.set_language(GUILD, "fr")
    await t.create(CHLOE, format="knockout", table_size=3)
    await t.click(CHLOE, "tsign")
    shown = await t.message()
    assert "élimination directe" in shown.text and "jusqu'à la table finale" in shown.text
    assert "Inscriptions ouvertes" in shown.text and "Joueurs (1)" in shown.text
    assert labels(shown) == ["S'inscrire", "Se retirer"]
    r = await t.slash(CHLOE, "tournament start", manager=True)
    assert r.first.ephemeral and "au moins" in r.text  # too few: the rules' reason, in French
    added = await t.slash(CHLOE, "tournament addbot", level="hard", manager=True)
    assert added.first.ephemeral and "Robot 1 (difficile)" in added.text, added.text
    shown = await t.message()
    assert "Robot 1 (difficile)" in shown.text and "Bot 1" not in shown.text


async def test_the_clock_applies_a_passed_time_limit(t: Rig, clock: Clock) -> None:
    """Past the round's deadline the clock's tick ends the table on its current totals."""
    await t.create(rounds=1, round_minutes=10)
    await t.click(ALICE, "tsign")
    await t.click(BOB, "tsign")
    await t.slash(ALICE, "tournament start", manager=True)
    ticking = TournamentClock(t.service)
    await ticking.tick()
    assert (await t.only()).stage is T.Stage.PLAYING  # before the deadline: nothing
    clock.advance(11 * 60)
    await ticking.tick()
    await t.settle()
    row = await t.h.db.tournaments.get(1)
    assert T.loads(row.state_json).stage is T.Stage.FINISHED
    assert EN("tournament_field_podium") in t.h.channels.messages[row.message_id].text


def test_a_tournament_thread_is_its_own_games_channel(h: Harness) -> None:
    """A click or a command in a tournament table's thread is about that thread's game, while
    another thread the bot opened (a lobby's) still stands for its parent channel."""
    h.client.user = MagicMock(spec=discord.ClientUser)
    h.client.user.id = 77
    h.client.tournament_threads = {5001}
    for thread_id, expected in ((5001, 5001), (5002, CHANNEL)):
        i = h.interaction(ALICE, channel=thread_id)
        i.channel = MagicMock(spec=discord.Thread)
        i.channel.id, i.channel.owner_id, i.channel.parent_id = thread_id, 77, CHANNEL
        assert game_channel(i) == expected


def test_standings_wait_for_the_round_to_be_complete() -> None:
    """Mid-round, the standings shown are those after the last complete round: a table of the round
    in play already recorded does not count yet (the status line counts it)."""
    settings = T.Settings("Night", "basic", T.Format.SWISS, 2, 2)
    t = T.new(settings, ALICE.id, seed=5)
    for n, name in enumerate(("Ann", "Ben", "Cat", "Dan"), start=1):
        t = T.sign_up(t, n, name)
    t = T.start(t, ALICE.id, now=0.0)

    def won(t: T.Tournament, table: T.Table) -> T.Tournament:
        first, second = table.players
        result = T.TableResult((T.PlayerResult(first, 1, 10), T.PlayerResult(second, 2, 0)))
        return T.record_result(t, table.number, result)

    for table in t.rounds[0].tables:
        t = won(t, table)
    t = T.next_round(t, now=1.0)
    after_one = T.standings(t)
    t = won(t, t.rounds[1].tables[0])
    snap = TournamentSnapshot(1, GUILD, 1, 1, t)
    text = embed_text(tournament_embed(EN, snap))
    assert EN("tournament_field_standings", round=1) in text
    assert EN("tournament_status_playing", round=2, done=1, tables=2) in text
    lines = [line for line in text.splitlines() if " pts (tie-break " in line]
    assert lines == standing_lines(EN, t, after_one)


async def test_the_organisers_controls_and_their_refusals(t: Rig) -> None:
    """Remove, pause, resume and cancel: refused to another member with the reason, done by the
    organiser, and the message follows (the removed player marked, the cancelled event's buttons gone)."""
    await t.create()
    for user in (ALICE, BOB, CHLOE):
        await t.click(user, "tsign")
    refused = await t.slash(BOB, "tournament remove", player=str(CHLOE.id))
    assert refused.first.ephemeral and "Only the organiser" in refused.text
    done = await t.slash(ALICE, "tournament remove", player=str(CHLOE.id))
    assert done.first.ephemeral and done.text == EN("tournament_done_remove", name="Chloé")
    assert "Chloé (removed)" in (await t.message()).text
    await t.slash(ALICE, "tournament start", manager=True)
    french = await t.slash(CHLOE, "tournament pause")
    assert french.first.ephemeral and "organisateur" in french.text
    assert (await t.slash(ALICE, "tournament pause")).text == EN("tournament_done_pause")
    assert "(paused)" in (await t.message()).text
    assert (await t.slash(ALICE, "tournament resume")).text == EN("tournament_done_resume")
    assert (await t.slash(ALICE, "tournament cancel")).text == EN("tournament_done_cancel")
    shown = await t.message()
    assert EN("tournament_status_cancelled") in shown.text and labels(shown) == []
    (link,) = (await t.service.get(1)).tables
    assert await t.h.service.active(link.channel_id) is None  # its game in play was cancelled
    gone = await t.slash(ALICE, "tournament start")
    assert gone.first.ephemeral and gone.text == EN("tournament_none_here")


async def test_the_bot_wires_its_tournaments(tmp_path: Path) -> None:
    """bot.py builds the tournaments over the game service with the threads as their channels,
    tells the writer of every change, adds the clock and drains both at its stop."""
    client = RamiBot(Settings("t", tmp_path / "r.db"))
    await client.open_services()
    await client.load_cogs()
    try:
        clock = client.get_cog("TournamentClock")
        assert isinstance(clock, TournamentClock) and clock.tournaments is client.tournaments
        assert clock.threads is client.table_threads and client.tournaments.channels is client.table_threads
        assert client.tournament_threads is client.table_threads.threads
        assert client.tournament_writer.changed in client.tournaments._listeners
        assert client.tournament_writer.gallery is client.gallery  # the standings' pictures
        assert client.tournaments.drain in client.settle and client.tournament_writer.drain in client.settle
        assert client.get_cog("Tournament") is not None
    finally:
        for extension in rami_bot.EXTENSIONS:
            await client.unload_extension(extension)
        await client.remove_cog("Timers")
        await client.remove_cog("TournamentClock")
        assert client.db is not None
        await client.db.close()


async def test_a_restarted_bot_knows_its_tables_threads_before_it_is_ready(tmp_path: Path) -> None:
    """The threads of the tables in play are read from the store with the services (not only by
    the clock, once the bot is ready): a move typed in one right after a restart finds its game."""
    path = tmp_path / "r.db"
    store = await open_store(path)
    try:
        games = GameService(store)
        threads = iter(range(70_000, 70_010))

        async def channels(snap: TournamentSnapshot, round: int, table: int) -> int:
            return next(threads)

        tours = Tournaments(store, games, channels)
        orga = Who(ALICE.id, ALICE.name)
        settings = T.Settings("Friday night", "basic", T.Format.SWISS, 1, 2, {"game_length": 1})
        snap = await tours.create(GUILD, CHANNEL, orga, settings, may_organise=True)
        for user in (BOB, CHLOE):
            await tours.sign_up(snap.tournament_id, Who(user.id, user.name))
        started = await tours.start(snap.tournament_id, orga)
        await tours.drain()
    finally:
        await store.close()
    client = RamiBot(Settings("t", path))
    await client.open_services()
    try:
        assert client.tournament_threads == {link.channel_id for link in started.tables} == {70_000}
    finally:
        assert client.db is not None
        await client.db.close()


async def test_a_thread_refused_leaves_no_line_and_is_tried_again(t: Rig) -> None:
    """Without the right to open threads the table stays unopened, its line deleted; once the bot is
    ready the clock's loop opens it (Discord lets it now) and knows its thread."""
    await t.create()
    await t.click(ALICE, "tsign")
    await t.click(BOB, "tsign")
    opened = t.h.channels.open_thread
    refusal = discord.Forbidden(MagicMock(status=403, reason="Forbidden"), "Missing Permissions")
    t.h.channels.open_thread = AsyncMock(side_effect=refusal)  # type: ignore[method-assign]
    await t.slash(ALICE, "tournament start", manager=True)
    snap = await t.only()
    assert snap.stage is T.Stage.PLAYING and all(link.game_id is None for link in snap.tables)
    assert len(t.h.channels.deleted) == 1
    t.h.channels.open_thread = opened  # type: ignore[method-assign]
    t.tables.threads.clear()  # as after a restart: the clock reads the threads back
    clock = TournamentClock(t.service, threads=t.tables)
    await clock.on_ready()  # its loop's first step resumes the tournaments
    for _ in range(100):
        links = (await t.only()).tables
        if links and links[0].game_id is not None:
            break
        await asyncio.sleep(0.01)
    await clock.cog_unload()
    (link,) = (await t.only()).tables
    assert link.game_id is not None and await t.h.service.active(link.channel_id) is not None
    assert link.channel_id in t.tables.threads
