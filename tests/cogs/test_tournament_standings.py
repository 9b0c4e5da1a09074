"""A tournament's standings on Discord (issue 31): each complete round's standings posted once in
the tournament's channel (with their picture when pictures are on), the final ones with the
podium, figures in the server's number format, no Rematch at a tournament's table, and each
person's places in /stats."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any
from unittest.mock import MagicMock

import discord
import pytest_asyncio

from cogs.tournament import Tournament
from cogs.ui.tournament_standings import STANDINGS, latest_round, standings_embed, standings_rows
from cogs.ui.tournament_writer import TableThreads, TournamentWriter
from data import Database
from rummy import tournament as T
from service.catalog import BOOK
from service.model import Who
from service.tournament_model import TournamentSnapshot
from service.tournaments import Tournaments
from tests.cogs.conftest import ALICE, BOB, CHANNEL, CHLOE, GUILD, Harness, Sent, User
from tests.cogs.outbox import embed_text
from tests.cogs.test_tournament import Rig
from tests.service.test_tournaments import play

EN, FR = BOOK.translator("en"), BOOK.translator("fr")
PEOPLE = {u.id: Who(u.id, u.name) for u in (ALICE, BOB, CHLOE)}


async def rig(h: Harness) -> Rig:
    tables = TableThreads(h.writer.poster, h.writer.tr_for)
    service = Tournaments(h.db, h.service, tables, seed=lambda: 7)
    writer = TournamentWriter(service, h.writer.poster, h.writer.tr_for, gallery=h.gallery)
    service.subscribe(writer.changed)
    h.client.tournaments = service
    h.cogs.append(Tournament(h.client))
    await h.service.defaults.set_option(GUILD, "bot_pause", "0")
    await h.service.defaults.set_preset(GUILD, "basic")
    for name, value in (("game_length", "1"), ("hand_size", "3")):  # one short deal a game
        await h.service.defaults.set_rule(GUILD, name, value, None)
    return Rig(h, service, writer, tables)


@pytest_asyncio.fixture
async def tp(db: Database) -> AsyncIterator[Rig]:
    """A tournament rig with pictures on (the bot's default)."""
    h = Harness(db, pictures=True)
    r = await rig(h)
    try:
        yield r
    finally:
        await r.writer.close()
        await r.service.drain()
        await h.close()


@pytest_asyncio.fixture
async def tt(h: Harness) -> AsyncIterator[Rig]:
    """A tournament rig with pictures off."""
    r = await rig(h)
    try:
        yield r
    finally:
        await r.writer.close()
        await r.service.drain()


async def play_round(t: Rig) -> None:
    """Play every game of the round in play to its end through the service (the people's moves
    by the computer players' choices, seeded), then let the results and messages settle."""
    snap = await t.only()
    await play(t.h.service, t.service, snap.tournament_id, people=PEOPLE)
    await t.settle()


def standings_posts(t: Rig) -> list[Sent]:
    """The round standings' messages posted in the tournament's channel."""
    return [
        s
        for s in t.h.outbox
        if s.where == "channel"
        and s.channel_id == CHANNEL
        and s.embed is not None
        and "standings" in (s.embed.title or "")
    ]


async def two_rounds(t: Rig, *users: User) -> int:
    await t.create(rounds=2)
    for user in users:
        await t.click(user, "tsign")
    await t.slash(ALICE, "tournament start", manager=True)
    return (await t.h.db.tournaments.list_open())[0].id


async def test_each_round_posts_its_standings_once_with_their_picture(tp: Rig) -> None:
    """After round 1, one message with the standings and their picture; after round 2, one with
    the final standings and the podium; a redraw afterwards posts nothing more (no second podium)."""
    tid = await two_rounds(tp, ALICE, BOB)
    assert standings_posts(tp) == []
    await play_round(tp)
    (first,) = standings_posts(tp)
    assert first.embed is not None and first.embed.title == EN("tournament_round_title", name="Friday night", round=1)
    assert list(first.pictures) == [STANDINGS] and first.pictures[STANDINGS].startswith(b"\x89PNG")
    assert first.embed.image.url == f"attachment://{STANDINGS}" and first.silent
    assert "Alice" in first.text and "Bob" in first.text and "tie-break" in first.text
    await play_round(tp)
    first_again, final = standings_posts(tp)
    assert first_again is first
    assert final.embed is not None and final.embed.title == EN("tournament_final_title", name="Friday night")
    assert "🥇" in final.text and "🥈" in final.text and list(final.pictures) == [STANDINGS]
    assert final.pictures[STANDINGS] != first.pictures[STANDINGS]  # the podium highlighted
    tp.writer.refresh(tid)
    await tp.settle()
    await tp.writer.write(await tp.service.get(tid))  # a second look at the final round
    assert len(standings_posts(tp)) == 2


async def test_without_pictures_the_standings_are_text_only(tt: Rig) -> None:
    """Pictures off: the round's standings message carries no file, and still every line."""
    await two_rounds(tt, ALICE, BOB)
    await play_round(tt)
    (first,) = standings_posts(tt)
    assert not first.pictures and first.embed is not None and first.embed.image.url is None
    assert "1. " in first.text and "2. " in first.text


async def test_without_attach_files_the_standings_are_text_only(tp: Rig) -> None:
    """No Attach Files in the tournament's channel: the same message, text only."""
    tp.h.channels.attach = False
    await two_rounds(tp, ALICE, BOB)
    await play_round(tp)
    (first,) = standings_posts(tp)
    assert not first.pictures


def table_of_four() -> TournamentSnapshot:
    """Four players at one table of four, one round played: Bea second, her opponents' mean a
    fraction ((120 + 40 + 0) / 3 = 53.33...)."""
    settings = T.Settings("Nuit", "basic", T.Format.SWISS, 1, 4)
    t = T.new(settings, ALICE.id, seed=5)
    for n, name in enumerate(("Ann", "Bea", "Cat", "Dan"), start=1):
        t = T.sign_up(t, n, name)
    t = T.start(t, ALICE.id, now=0.0)
    (table,) = t.rounds[0].tables
    result = T.TableResult(tuple(T.PlayerResult(p, place, 10 * place) for place, p in enumerate(table.players, 1)))
    t = T.finish(T.record_result(t, table.number, result))
    return TournamentSnapshot(1, GUILD, CHANNEL, 1, t)


def test_tie_breaks_read_in_the_servers_number_format() -> None:
    """The same standings read "53,33" in French and "53.33" in English, in the text and in the
    picture's rows alike; whole figures stay whole."""
    snap = table_of_four()
    shown = latest_round(snap)
    assert shown is not None and shown.final
    french, english = embed_text(standings_embed(FR, snap, shown)), embed_text(standings_embed(EN, snap, shown))
    assert "départage 53,33" in french and "53.33" not in french
    assert "tie-break 53.33" in english and "53,33" not in english
    assert [r.tiebreak for r in standings_rows(FR, snap.tournament, shown.standings)] == ["40", "53,33", "66,67", "80"]
    assert [r.tiebreak for r in standings_rows(EN, snap.tournament, shown.standings)] == ["40", "53.33", "66.67", "80"]
    assert [r.points for r in standings_rows(FR, snap.tournament, shown.standings)] == ["120", "80", "40", "0"]


async def test_a_tournament_tables_final_message_has_no_rematch_and_an_old_one_is_refused(tt: Rig) -> None:
    """The game over message in a table's thread offers its record but no Rematch; a click on a
    Rematch of that game (an old message, a forged id) is refused with the reason, nothing opened."""
    await two_rounds(tt, ALICE, BOB)
    snap = await tt.only()
    (link,) = snap.tables
    await play_round(tt)
    finals = [s for s in tt.h.outbox if s.channel_id == link.channel_id and s.view is not None and s.custom_ids]
    assert finals and all(not any(c.endswith(":rematch") for c in s.custom_ids) for s in finals)
    assert any(c == f"rami:{link.game_id}:record" for s in finals for c in s.custom_ids)
    r = await tt.h.click(BOB, f"rami:{link.game_id}:rematch", on_ephemeral=False, channel=link.channel_id)
    assert r.first.ephemeral and r.text == EN("rematch_tournament")
    assert await tt.h.service.active(link.channel_id) is None
    looked = await tt.h.slash(ALICE, "table", channel=link.channel_id)  # the last game, as /table shows it
    assert looked.first.custom_ids == [f"rami:{link.game_id}:record"]


async def test_stats_show_a_persons_tournaments_in_the_servers_language(tt: Rig) -> None:
    """Once the tournament is over, /stats lists it for each person who played it: the counts,
    the best place, the tournament's line; in French on a French server."""
    await two_rounds(tt, ALICE, BOB)
    await play_round(tt)
    await play_round(tt)
    row = await tt.h.db.tournaments.get(1)
    assert row is not None and T.loads(row.state_json).stage is T.Stage.FINISHED
    standings = T.standings(T.loads(row.state_json))
    place = {s.player: s.place for s in standings}
    r = await tt.h.slash(ALICE, "stats")
    assert EN("stats_tournaments") in r.text and "1 played" in r.text
    assert EN("tournament_ordinal", place=place[ALICE.id]) + " of 2 · “Friday night”" in r.text
    await tt.h.service.settings.set_language(GUILD, "fr")
    r = await tt.h.slash(BOB, "stats")
    assert "Tournois" in r.text and "1 joué" in r.text
    assert FR("tournament_ordinal", place=place[BOB.id]) + " sur 2 · «\u00a0Friday night\u00a0»" in r.text
    r = await tt.h.slash(CHLOE, "stats")  # never played one
    assert "Tournois" not in r.text


async def test_a_standings_message_discord_refuses_is_posted_at_the_next_redraw(tt: Rig) -> None:
    """Discord refuses the round's message once: its claim is given back (a warning, no error),
    and the next redraw of the tournament posts it, once."""
    tid = await two_rounds(tt, ALICE, BOB)
    send = tt.h.channels.send
    refused: list[int] = []

    async def refusing(channel_id: int, **kwargs: Any) -> int:
        embed = kwargs.get("embed")
        if not refused and embed is not None and "standings" in (embed.title or ""):
            refused.append(channel_id)
            raise discord.HTTPException(MagicMock(status=500, reason="Server Error"), "try again")
        return await send(channel_id, **kwargs)

    tt.h.channels.send = refusing  # type: ignore[method-assign]
    await play_round(tt)
    assert refused == [CHANNEL] and standings_posts(tt) == []
    tt.writer.refresh(tid)
    await tt.settle()
    tt.writer.refresh(tid)
    await tt.settle()
    assert len(standings_posts(tt)) == 1
