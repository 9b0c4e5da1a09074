"""/history paged by its buttons, and /stats' figures, in English and French, within Discord's limits."""

from __future__ import annotations

import itertools
import re
from datetime import UTC, datetime

import discord

from cogs.leaderboard import stats_embed
from cogs.ui.history import HEAD_ROOM, PAGE_SIZE
from cogs.ui.limits import EMBED_TOTAL, FIELD_NAME, FIELD_VALUE, fit_embed
from data import ActionWrite, GameFigures, PlayerResult, PlayerStats, Standing
from service.catalog import Translator, translator
from service.leaderboards import Leaderboards
from tests.cogs.conftest import ALICE, BOB, CHLOE, GUILD, MALLORY, Clock, Harness, User
from tests.cogs.script import play_game

_channels = itertools.count(70_000)


def seat(user: User | int, name: str, place: int, *, score: int = 0, deals: int = 2, bot: bool = False) -> PlayerResult:
    user_id = user if isinstance(user, int) else user.id
    return PlayerResult(user_id, name, bot, "easy" if bot else None, place - 1, place, place == 1, 0, 0, score, deals)


async def finished(h: Harness, clock: Clock, results: list[PlayerResult], preset: str = "basic") -> int:
    """A game of another channel stored as finished with ``results`` (no play: the history reads
    the results only); the clock moves a minute on."""
    clock.advance(60)
    games = h.db.games
    game = await games.create_game(GUILD, next(_channels), ALICE.id, preset, '{"schema": 1}')
    await games.save_action(ActionWrite(game.id, 0, '{"schema": 1}', "playing", ALICE.id, "start", {}))
    await games.finish_game(ActionWrite(game.id, 1, '{"schema": 1}', "finished", None, "end", {}), results)
    return game.id


def buttons(sent: object) -> dict[str, dict[str, object]]:
    """The page's buttons by the way they go (``newer``, ``older``)."""
    found = {}
    for c in sent.components:  # type: ignore[attr-defined]
        way = c["custom_id"].rsplit(":", 1)[1]
        found[way] = c
    return found


async def test_a_newcomer_reads_a_sentence_not_an_empty_page(h: Harness) -> None:
    """Without a finished game: a private sentence, no buttons; for oneself, or about someone else."""
    mine = await h.slash(ALICE, "history")
    assert mine.first.ephemeral and "You have not finished a game on this server yet" in mine.text
    assert mine.first.components == []
    theirs = await h.slash(CHLOE, "history", member=h.interaction(MALLORY).user)
    assert theirs.first.ephemeral and f"<@{MALLORY.id}> n'a encore terminé aucune partie" in theirs.text


async def test_pages_by_buttons_in_english(h: Harness, clock: Clock) -> None:
    """Newest first, PAGE_SIZE a page; Next shows the older ones, Previous comes back, each an edit
    of the private page; dates are Discord timestamps, and the buttons say where they lead."""
    ids = [
        await finished(
            h, clock, [seat(ALICE, "Alice", 1 if n % 2 else 2, score=n), seat(BOB, "Bob", 2 if n % 2 else 1)]
        )
        for n in range(PAGE_SIZE + 2)
    ]
    first = (await h.slash(ALICE, "history")).first
    assert first.ephemeral and f"<@{ALICE.id}>" in first.embed.description
    assert [f.name.rsplit("#", 1)[1] for f in first.embed.fields] == [str(i) for i in ids[::-1][:PAGE_SIZE]]
    newest = first.embed.fields[0]
    stamp = int(clock.now.timestamp())
    assert newest.name == f"place 2 of 2 · basic · game #{ids[-1]}"
    assert newest.value.startswith(f"<t:{stamp}:d> · 6 points in 2 deals · rating −") and "against Bob" in newest.value
    assert first.embed.fields[1].name.startswith("🏆 place 1 of 2")
    way = buttons(first)
    assert way["newer"]["disabled"] and not way["older"]["disabled"] and way["older"]["label"] == "Next"
    older = (await h.click(ALICE, str(way["older"]["custom_id"]))).first
    assert older.where == "edit" and older.ephemeral
    assert [f.name.rsplit("#", 1)[1] for f in older.embed.fields] == [str(i) for i in ids[1::-1]]
    way = buttons(older)
    assert not way["newer"]["disabled"] and way["older"]["disabled"] and way["newer"]["label"] == "Previous"
    back = (await h.click(ALICE, str(way["newer"]["custom_id"]))).first
    assert [f.name for f in back.embed.fields] == [f.name for f in first.embed.fields]


async def test_a_page_in_french(h: Harness, clock: Clock) -> None:
    """A French reader reads French, computer players' names included."""
    await finished(h, clock, [seat(-1, "Bot (easy)", 1, bot=True), seat(CHLOE, "Chloé", 2, score=31, deals=1)])
    page = (await h.slash(CHLOE, "history")).first
    field = page.embed.fields[0]
    assert page.embed.title == "Historique des parties"
    assert field.name.startswith("place 2 sur 2 · basic · partie n°")
    assert "31 points en 1 donne · cote −" in field.value and "contre Robot" in field.value


async def test_a_button_that_does_not_read_changes_nothing(h: Harness, clock: Clock) -> None:
    """Forged ids are refused as out of date; a key that is not one of the member's games gives
    their first page, never an error."""
    game = await finished(h, clock, [seat(ALICE, "Alice", 1), seat(BOB, "Bob", 2)])
    for forged in ("rami:x:hist:101:older", f"rami:{game}:hist:101:sideways", f"rami:{game}:hist:{'9' * 25}:older"):
        r = await h.click(ALICE, forged)
        assert r.first.ephemeral and r.first.where == "reply" and r.first.embed is None
    other = (await h.click(ALICE, f"rami:{game}:hist:{BOB.id}:older")).first
    assert other.embed.fields[0].name.endswith(f"#{game}") and "against Alice" in other.embed.fields[0].value


async def test_the_longest_names_and_fullest_tables_fit(h: Harness, clock: Clock) -> None:
    """Six seats of 32-character names that escape to twice as long: a page fits Discord's limits
    as it is built (nothing for the last clip to cut)."""
    for _ in range(PAGE_SIZE + 1):
        names = ["*_" * 16, "`|" * 16, "<@1" + "_" * 29, "@everyone" + "~" * 23, "#" * 32]
        others = [seat(1000 + i, name, i + 2, score=-123_456) for i, name in enumerate(names)]
        await finished(h, clock, [seat(ALICE, "Alice", 1, score=999_999, deals=9999), *others], preset="rami51")
    embed = (await h.slash(ALICE, "history")).first.embed
    assert len(embed.fields) == PAGE_SIZE and len(embed) <= EMBED_TOTAL and fit_embed(embed) is embed
    assert len(embed.title or "") + len(embed.description or "") <= HEAD_ROOM
    assert all(len(f.name) <= FIELD_NAME and len(f.value) <= FIELD_VALUE for f in embed.fields)
    assert "@everyone" not in embed.fields[0].value and "<@1" not in embed.fields[0].value


async def test_stats_show_the_figures_of_each_preset(h: Harness) -> None:
    """/stats: per preset and overall, games, wins, points per deal, rummies and the longest winning
    streak, in the server's language; a newcomer reads a sentence."""
    await h.open_table(ALICE, BOB, game_length="2")
    await play_game(h, [ALICE, BOB])
    results = {r.result.user_id: r.result for r in await h.db.games.results(1)}
    alice = results[ALICE.id]
    r = await h.slash(MALLORY, "stats", member=h.interaction(ALICE).user)
    embed = r.first.embed
    assert not r.first.ephemeral and embed.title == "Alice's record"
    assert [f.name for f in embed.fields] == ["all presets", "basic"]
    value = embed.fields[1].value
    assert "games: 1 · wins: " in value and f"rummies: {alice.rummies}" in value
    assert f"points per deal on average: {alice.final_score / 2:.1f}" in value
    assert f"longest winning streak: {int(alice.won)}" in value and "season" not in value
    assert "has not finished a game here yet" in (await h.slash(MALLORY, "stats")).text


def test_stats_show_a_best_season_place_only_when_given() -> None:
    """The best place of a season shows where the mapping has one, in French as in English."""
    fr = translator("fr")
    assert "meilleure place sur une saison" not in _rendered(fr, None)
    text = _rendered(fr, {"basic": 2})
    assert "meilleure place sur une saison\u00a0: 2" in text and text.count("saison") == 1
    assert "points par donne en moyenne\u00a0: 4,5" in text and "plus longue série de victoires\u00a0: 3" in text


def _rendered(tr: Translator, best: dict[str, int] | None) -> str:
    when = datetime(2026, 1, 1, tzinfo=UTC)
    s = Standing(GUILD, "basic", ALICE.id, "Alice", False, 4, 3, 5, 1, 30.0, 5.0, when)
    record = PlayerStats(GUILD, ALICE.id, "Alice", False, s, {"basic": s})
    figures = {"basic": GameFigures(4, 36, 8, 3), "*": GameFigures(4, 36, 8, 3)}
    embed: discord.Embed = stats_embed(tr, "Alice", record, figures, best)
    return "\n".join(f"{f.name}\n{f.value}" for f in embed.fields)


async def test_the_service_page_is_what_the_view_names(h: Harness, clock: Clock) -> None:
    """The page's game ids (what a record select would offer) are the games the embed shows."""
    ids = [await finished(h, clock, [seat(ALICE, "Alice", 1), seat(BOB, "Bob", 2)]) for _ in range(2)]
    page = await Leaderboards(h.db).history(GUILD, ALICE.id, PAGE_SIZE)
    shown = (await h.slash(ALICE, "history")).first.embed
    assert page.game_ids == tuple(ids[::-1]) == tuple(int(re.sub(r".*#", "", f.name)) for f in shown.fields)


async def test_the_pages_select_opens_a_games_record(h: Harness, clock: Clock) -> None:
    """A page offers its games in a select (labelled as their fields); picking one played to the end
    opens its record privately, in the reader's language; a forged value is refused as out of date."""
    await h.open_table(ALICE, BOB, game_length="1")
    await play_game(h, (ALICE, BOB), seed=3)
    for user, placeholder, title in (
        (ALICE, "Read one of these games again, deal by deal", "Game 1: deal 1 of 1"),
        (CHLOE, "Revoir une de ces parties, donne par donne", "Partie 1"),
    ):
        page = (await h.slash(user, "history", member=h.interaction(BOB).user)).first
        [select] = [c for c in page.components if c["custom_id"] == "rami:1:histrec"]
        assert select["placeholder"] == placeholder
        assert [o["value"] for o in select["options"]] == ["1"]
        assert select["options"][0]["label"] == page.embed.fields[0].name
        record = (await h.click(user, "rami:1:histrec", ["1"])).first
        assert record.ephemeral and record.where == "reply" and record.embed.title.startswith(title)
    for forged in (["x1"], ["9" * 30], ["1", "1"]):
        r = await h.click(ALICE, "rami:1:histrec", forged)
        assert r.first.ephemeral and r.first.embed is None and "out of date" in r.first.text
