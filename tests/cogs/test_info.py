"""/table, /scores, /rules, /hint, /leaderboard and /stats."""

from __future__ import annotations

from rummy.rules import find_preset
from service.catalog import translator
from service.catalog_rules import rules_text
from tests.cogs.conftest import ALICE, BOB, CHANNEL, CHLOE, MALLORY, OTHER_CHANNEL, OTHER_GUILD, Clock, Harness
from tests.cogs.rig import rig
from tests.cogs.script import play_game
from tests.cogs.test_play import seats


async def test_table_shows_the_public_state(h: Harness) -> None:
    """/table: whose turn, discard top, stock size, card counts; only to the asker."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    spectator = await h.view(me)
    r = await h.slash(MALLORY, "table")
    assert r.first.ephemeral
    assert f"**{me.name}**: draws" in r.text
    assert spectator.discard_top.pretty in r.text and f"{spectator.stock_size} cards" in r.text
    assert "Alice" in r.text and ": 10 cards" in r.text


async def test_table_without_a_table(h: Harness) -> None:
    """/table in an empty channel points to /lobby create."""
    r = await h.slash(ALICE, "table")
    assert r.first.ephemeral and "/lobby create" in r.text


async def test_scores_list_deal_points(h: Harness) -> None:
    """The sheet is empty at first; after a deal it shows the deal's points and the totals."""
    await h.open_table(ALICE, BOB, game_length="2")
    assert "No deal has finished yet" in (await h.slash(ALICE, "scores")).text
    await play_game(h, [ALICE, BOB], until=lambda t: t.game.deal.number == 2)
    r = await h.slash(BOB, "scores")
    table = await h.table()
    points = table.game.history[0].outcome.points
    assert r.first.ephemeral and "Deal 1" in r.text and "Total" in r.text
    assert f"Alice {points[table.seat_of(ALICE.id)]}" in r.text


async def test_rules_of_a_preset(h: Harness) -> None:
    """/rules preset: the plain-words rules of that preset."""
    r = await h.slash(ALICE, "rules", preset="rami51")
    assert r.first.ephemeral and r.first.content == rules_text(find_preset("rami51"), translator("en"))


async def test_rules_list_the_computer_levels_in_the_reader_s_language(h: Harness) -> None:
    """/rules names the levels /lobby addbot seats, weakest first, beside the rules' own message
    (the French rules of rami51 fill one): in English, and in French for a French reader."""
    r = await h.slash(ALICE, "rules", preset="rami51")
    assert r.first.embed is not None and r.first.embed.description == (
        "**Computer players** (`/lobby addbot`): easy, normal, hard, expert."
    )
    r = await h.slash(CHLOE, "rules", preset="rami51")
    assert r.first.content == rules_text(find_preset("rami51"), translator("fr"))
    assert r.first.embed is not None and r.first.embed.description == (
        "**Robots** (`/lobby addbot`)\u00a0: facile, moyen, difficile, expert."
    )


async def test_rules_of_this_table_include_house_rules(h: Harness) -> None:
    """/rules without a preset describes this channel's table, house rules included."""
    await h.slash(ALICE, "lobby create", preset="rami51")
    await h.slash(ALICE, "lobby set", rule="opening", value="40")
    r = await h.slash(BOB, "rules")
    assert "opening: 40" in r.text


async def test_hint_is_private_advice(h: Harness) -> None:
    """/hint shows the best melds and, after the draw, a discard; only to the asker."""
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    seat = (await h.table()).seat_of(me.id)
    await rig(h.db, CHANNEL, {seat: "4H 5H 6H"})
    r = await h.slash(me, "hint")
    assert r.first.ephemeral and "4♥ 5♥ 6♥" in r.text and "Draw first" in r.text
    await h.slash(me, "draw")
    r = await h.slash(me, "hint")
    assert "Suggested discard" in r.text


async def test_hint_tells_about_the_opening(h: Harness) -> None:
    """Under rami51 the hint says whether the opening can be made."""
    await h.open_table(ALICE, BOB, preset="rami51")
    me, _ = await seats(h)
    seat = (await h.table()).seat_of(me.id)
    await rig(h.db, CHANNEL, {seat: "2H 3H 4H"})
    r = await h.slash(me, "hint")
    assert "opening needs 51" in r.text or "You can open" in r.text


async def test_hints_off_refuses(h: Harness) -> None:
    """A table without hints refuses /hint."""
    await h.open_table(ALICE, BOB, hints="no")
    r = await h.slash(ALICE, "hint")
    assert r.first.ephemeral and "Hints are turned off" in r.text


async def test_hint_for_a_spectator_is_refused(h: Harness) -> None:
    """Only seated players get advice."""
    await h.open_table(ALICE, BOB)
    r = await h.slash(MALLORY, "hint")
    assert r.first.ephemeral and "not playing" in r.text


async def test_leaderboard_per_server_and_preset(h: Harness) -> None:
    """A finished game shows on its server's board and its preset's, not elsewhere."""
    await h.open_table(ALICE, BOB, game_length="1")
    await play_game(h, [ALICE, BOB])
    r = await h.slash(MALLORY, "leaderboard")
    assert not r.first.ephemeral and "Alice: 1 of 5 games" in r.text and "Bob: 1 of 5 games" in r.text
    assert "Alice" in (await h.slash(MALLORY, "leaderboard", preset="basic")).text
    assert "No finished games" in (await h.slash(MALLORY, "leaderboard", preset="rami51")).text
    other = await h.slash(MALLORY, "leaderboard", guild=OTHER_GUILD, channel=OTHER_CHANNEL)
    assert "No finished games" in other.text


async def test_leaderboard_marks_computer_players_apart(h: Harness) -> None:
    """Computer players are listed apart, marked, and not ranked with people."""
    await h.slash(ALICE, "lobby create")
    await h.slash(ALICE, "lobby addbot", level="easy")
    await h.slash(ALICE, "lobby set", rule="bot_pause", value="0")
    await h.slash(ALICE, "lobby set", rule="game_length", value="1")
    await h.slash(ALICE, "lobby start")
    await play_game(h, [ALICE])
    r = await h.slash(ALICE, "leaderboard")
    embed = r.first.embed
    provisional, robots = embed.fields  # one game each: provisional, people and computer players apart
    assert "Bot (easy)" not in embed.description + provisional.value and "Alice" in provisional.value
    assert "not ranked with people" in robots.name and "🤖" in robots.value and "Alice" not in robots.value


async def test_stats_of_a_member(h: Harness) -> None:
    """/stats shows a player's record, overall and by preset; nothing for a newcomer."""
    await h.open_table(ALICE, BOB, game_length="1")
    await play_game(h, [ALICE, BOB])
    r = await h.slash(MALLORY, "stats", member=h.interaction(ALICE).user)
    fields = {f.name: f.value for f in r.first.embed.fields}
    assert "Alice's record" in r.text and list(fields) == ["all presets", "basic"]
    assert fields["all presets"].startswith("games: 1") and fields["basic"].startswith("games: 1")
    mine = await h.slash(MALLORY, "stats")
    assert "has not finished a game here yet" in mine.text


async def test_scores_after_the_game_ends(h: Harness, clock: Clock) -> None:
    """/scores still shows the finished game's sheet, for a day after its end."""
    await h.open_table(ALICE, BOB, game_length="1")
    await play_game(h, [ALICE, BOB])
    assert (await h.db.games.get(1)).status == "finished"
    r = await h.slash(BOB, "scores")
    assert "Score sheet" in r.text and "Deal 1" in r.text
    clock.advance(25 * 3600)
    assert "/lobby create" in (await h.slash(BOB, "scores")).text


async def test_leaderboard_never_shows_a_negative_rating(h: Harness) -> None:
    """The loser's rating shows as 0 at the lowest, and the footer explains the rating."""
    await h.open_table(ALICE, BOB, game_length="1")
    await play_game(h, [ALICE, BOB])
    r = await h.slash(MALLORY, "leaderboard")
    assert "rating -" not in r.text and "rating 0.0" in r.text and "abandoned games never count" in r.text
