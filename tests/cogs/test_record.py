"""The record of a game, privately: the Record button on the final message, paging deal by deal,
Download, French and English, and Discord's limits."""

from __future__ import annotations

import dataclasses

import discord

from cogs.ui import limits
from cogs.ui.record import open_record, pages, record_message
from rummy.record import Move, MoveKind, record_of
from rummy.record_check import replay_record
from rummy.record_text import parse_record
from service.catalog import translator
from tests.cogs.conftest import ALICE, BOB, CHLOE, GUILD, MALLORY, OTHER_GUILD, Harness, Sent
from tests.cogs.script import play_game
from tests.rummy.record_support import played


async def _finished(h: Harness, *users: object, deals: str = "1") -> None:
    await h.open_table(*users, game_length=deals)  # type: ignore[arg-type]
    await play_game(h, users, seed=3)  # type: ignore[arg-type]


def final(h: Harness) -> Sent:
    [message] = [s for s in h.outbox if s.where == "channel" and any(c.endswith(":rematch") for c in s.custom_ids)]
    return message


async def test_the_final_message_opens_the_record_privately_for_any_member(h: Harness) -> None:
    """Record beside Rematch; Mallory (who did not play) presses it: the first deal, privately, its
    moves turn by turn, the hands at its end with their points, the totals; Previous disabled."""
    await _finished(h, ALICE, BOB)
    button = final(h).component(r"rami:1:record")
    assert button.label == "Record" and final(h).component(r"rami:1:rematch")
    r = await h.click(MALLORY, "rami:1:record", on_ephemeral=False)
    page = r.first
    assert page.ephemeral and page.where == "reply" and page.embed is not None
    assert page.embed.title == "Game 1: deal 1 of 1"
    text = page.text
    assert "Deal 1:" in text and ("**Alice**: drew from the stock" in text or "**Bob**: drew from the stock" in text)
    assert "The deal is over" in text and "Totals:" in text and "scores" in text
    assert page.component(r"rami:1:record:0:prev").disabled
    assert not page.component(r"rami:1:record:1:next").disabled and page.component(r"rami:1:recfile")
    assert page.embed.footer.text is not None and "page 1 of 2" in page.embed.footer.text


async def test_previous_and_next_page_through_the_deals_to_the_standings(h: Harness) -> None:
    """Next redraws the private message with the next page (after the last deal, the standings);
    Previous goes back."""
    await _finished(h, ALICE, BOB)
    last = await h.click(ALICE, "rami:1:record:1:next")
    assert last.first.where == "edit" and last.first.embed.title == "Game 1: final standings"  # type: ignore[union-attr]
    assert "1. " in last.first.text and last.first.component(r"rami:1:record:1:next").disabled
    assert not last.first.component(r"rami:1:record:0:prev").disabled
    back = await h.click(ALICE, "rami:1:record:0:prev")
    assert back.first.where == "edit" and back.first.embed.title == "Game 1: deal 1 of 1"  # type: ignore[union-attr]
    far = await h.click(ALICE, "rami:1:record:999:next")  # past the end: the last page
    assert far.first.embed.title == "Game 1: final standings"  # type: ignore[union-attr]
    for forged in ("rami:1:record:x", "rami:1:record:12345", "rami:1:record:1:up", "rami:1:recfile:7"):
        r = await h.click(BOB, forged)  # a page that does not read, a step that is not one
        assert r.first.ephemeral and "out of date" in r.text, forged


async def test_download_attaches_the_whole_record_which_replays(h: Harness) -> None:
    """Download: a private reply with the record as a text file, which parses and replays to the
    game's stored totals."""
    await _finished(h, ALICE, BOB)
    r = await h.click(BOB, "rami:1:recfile")
    assert r.first.ephemeral and "record of game 1" in r.first.text
    [(name, data)] = r.first.pictures.items()
    assert name == "rami-game-1.txt"
    record = parse_record(data.decode())
    table = (await h.service.game(1)).table  # type: ignore[union-attr]
    assert list(replay_record(record).totals) == table.game.scores
    assert [s.name for s in record.seats] == [p.name for p in table.players]


async def test_the_record_in_french(h: Harness) -> None:
    """A French server: the button reads « Feuille de partie »; Chloé's record is in French."""
    await h.service.settings.set_language(GUILD, "fr")
    await _finished(h, CHLOE, BOB)
    assert final(h).component(r"rami:1:record").label == "Feuille de partie"
    r = await h.click(CHLOE, "rami:1:record", on_ephemeral=False)
    text = r.first.text
    assert r.first.embed.title == "Partie 1\u00a0: donne 1 sur 1"  # type: ignore[union-attr]
    assert "a pioché" in text and "Totaux" in text and "drew" not in text
    assert r.first.component(r"rami:1:recfile").label == "Télécharger"


async def test_a_game_in_play_or_won_by_walkover_has_no_record(h: Harness) -> None:
    """Pressed during the game: refused with the reason; a walkover's final message has no Record."""
    await h.open_table(ALICE, BOB)
    r = await h.click(ALICE, "rami:1:record", on_ephemeral=False)
    assert r.first.ephemeral and "Only a game played to its end has a record." in r.text
    await h.slash(BOB, "lobby leave")
    assert not any(c.endswith(":record") for c in final(h).custom_ids)


def test_a_long_deal_goes_over_several_pages_within_discords_limits() -> None:
    """A deal of a thousand moves with long names: every page fits an embed, no line is lost."""
    game = played("basic", 5, game_length="1")
    record = record_of(game.table, game.events, game_id=1)
    long_name = dataclasses.replace(record.seats[0], name="N" * 200)
    deal = record.deals[0]
    seat = deal.starter
    moves = tuple(
        Move(MoveKind.DRAW if i % 2 else MoveKind.DISCARD, seat, () if i % 2 else ("7H",)) for i in range(1000)
    )
    long = dataclasses.replace(
        record, seats=(long_name, *record.seats[1:]), deals=(dataclasses.replace(deal, moves=moves),)
    )
    for lang in ("en", "fr"):
        tr = translator(lang)
        book = pages(long, tr)
        assert len(book) > 3
        assert sum(page.text.count("7♥") for page in book) == 500  # every discard, on some page
        for number in range(len(book)):
            embed, view = record_message(long, number, tr)
            assert limits.fit_embed(embed) is embed, f"page {number} does not fit"
            assert limits.fit_view(view) is view
            assert isinstance(embed, discord.Embed) and len(embed) <= limits.EMBED_TOTAL


async def test_open_record_from_another_flow(h: Harness) -> None:
    """open_record (what /history's select calls): the record privately; an unknown game, or one of
    another server, answered privately with the reason."""
    await _finished(h, ALICE, BOB)
    i = h.interaction(MALLORY, kind=discord.InteractionType.component, on_ephemeral=True)
    await open_record(i, 1)
    [page] = i.result.sent
    assert page.ephemeral and page.where == "reply" and page.embed.title == "Game 1: deal 1 of 1"
    for game, guild in ((99, GUILD), (1, OTHER_GUILD)):
        other = h.interaction(MALLORY, guild=guild)
        await open_record(other, game)
        assert other.result.sent[0].ephemeral and "This server has no such game." in other.result.text


def test_every_kind_of_move_reads_in_both_languages() -> None:
    """Rebuilt stocks, a player leaving, the votes to end a deal, swaps and jokers: each has its line."""
    game = played("basic", 5, game_length="1")
    record = record_of(game.table, game.events, game_id=1)
    seat = record.deals[0].starter
    extra = (
        Move(MoveKind.REBUILT, count=20, shuffled=True),
        Move(MoveKind.REBUILT, count=20),
        Move(MoveKind.STALLED),
        Move(MoveKind.PROPOSE, seat),
        Move(MoveKind.AGREE, seat),
        Move(MoveKind.DECLINE, seat),
        Move(MoveKind.LAPSED),
        Move(MoveKind.SWAP, seat, ("6S",), (("4S", "5S", "6S", "JK=7S"),), 0),
        Move(MoveKind.LAYOFF, seat, ("JK",), (("4S", "5S", "6S", "JK=7S"),), 1),
        Move(MoveKind.LEFT, seat),
    )
    deal = dataclasses.replace(record.deals[0], moves=extra)
    odd = dataclasses.replace(record, deals=(deal,))
    english = pages(odd, translator("en"))[0].text
    french = pages(odd, translator("fr"))[0].text
    assert "new stock" in english and "left the game" in english and "🃏=7♠" in english
    assert "wants to keep playing" in english and "put 6♠ in meld 1" in english
    assert "talon" in french and "a quitté la partie" in french and "veut continuer" in french
    assert not any(word in french for word in ("stock", "meld ", "drew", "left the"))
