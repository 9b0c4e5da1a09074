"""The end of a game in public: the hands laid face up, the final message (standings, rating changes,
Rematch), ``/table`` after the game, the Rematch itself, a walkover, and a spectator's My hand."""

from __future__ import annotations

import re

from data import Database
from rummy.table import TableStatus
from tests.cogs.conftest import ALICE, BOB, CHANNEL, CHLOE, GUILD, MALLORY, Harness, Sent
from tests.cogs.script import play_game


def finals(h: Harness) -> list[Sent]:
    """The final messages the channel got (they carry the Rematch button)."""
    return [s for s in h.outbox if s.where == "channel" and any(c.endswith(":rematch") for c in s.custom_ids)]


async def _finished(h: Harness, *users: object) -> None:
    await h.open_table(*users, game_length="1")  # type: ignore[arg-type]
    await play_game(h, users, seed=3)  # type: ignore[arg-type]


async def test_a_finished_game_gets_one_final_message(h: Harness) -> None:
    """One deal of basic played out: the deal's line lays the hands left face up with their points;
    then one public message gives the standings, each person's rating change and a Rematch button."""
    await _finished(h, ALICE, BOB)
    row = await h.db.games.get(1)
    assert row is not None and row.status.value == "finished"
    [final] = finals(h)
    assert not final.ephemeral and final.silent and final.component(r"rami:1:rematch").label == "Rematch"
    text = final.text
    assert "game over" in text and "Final standings" in text and "Rating on this server" in text
    results = {r.result.display_name: r for r in await h.db.games.results(1)}
    for name, row_ in results.items():
        change = round(max(0.0, row_.rating_after.ordinal) - max(0.0, row_.rating_before.ordinal), 1)
        sign = "+" if change > 0 else "−" if change < 0 else ""
        shown = f"{name}: unchanged" if not change else f"{name}: {sign}{abs(change):.1f}"
        assert shown in text, (shown, text)
    table = (await h.service.final(1)).table  # type: ignore[union-attr]
    [over] = [e for e in table.recent if e.kind == "deal_over"]
    left = {s: cards for s, cards in over.detail["hands"].items() if cards}
    assert left, "somebody held cards at the end"
    lines = [s.text for s in h.outbox if not s.ephemeral and "The deal is over" in s.text]
    assert lines and all("Left in hand:" in line for line in lines)
    for seat, cards in left.items():
        points = over.detail["values"][seat]
        assert f"{table.players[int(seat)].name} with {' '.join(cards)} ({points} point" in final.text


async def test_table_right_after_the_game_shows_its_end(h: Harness) -> None:
    """/table after the game: the final state privately, with the Rematch button, not "no table"."""
    await _finished(h, ALICE, BOB)
    r = await h.slash(MALLORY, "table")
    assert r.first.ephemeral and "game over" in r.text and "Final standings" in r.text
    assert "There is no table" not in r.text and r.first.component(r"rami:1:rematch")


async def test_a_rematch_opens_the_same_table(h: Harness) -> None:
    """Bob presses Rematch: the channel reads who is seated, and gets the new lobby (Bob hosting,
    Alice seated, the same house rule); a second press is refused while that table is open."""
    await _finished(h, ALICE, BOB)
    r = await h.click(BOB, "rami:1:rematch", on_ephemeral=False)
    assert not r.first.ephemeral and "Bob opens a rematch. Seated: Bob, Alice." in r.first.text
    assert r.first.component(r"rami:2:join") and r.first.component(r"rami:2:start")
    table = await h.table()
    assert table.status is TableStatus.LOBBY and table.host_id == BOB.id
    assert [p.name for p in table.players] == ["Bob", "Alice"] and table.overrides == {"game_length": 1}
    row = await h.db.games.get(2)
    assert row is not None and row.message_id is not None  # the answer is the new table's board
    again = await h.click(ALICE, "rami:1:rematch", on_ephemeral=False)
    assert again.first.ephemeral and "A table is already open in this channel" in again.text
    start = await h.slash(BOB, "lobby start")
    assert not start.first.ephemeral and (await h.table()).status is TableStatus.PLAYING


async def test_a_rematch_in_french(h: Harness) -> None:
    """The button and the answer in the server's language (its admins chose French)."""
    await h.service.settings.set_language(GUILD, "fr")
    await _finished(h, CHLOE, BOB)
    [final] = finals(h)
    assert final.component(r"rami:1:rematch").label == "Revanche" and "Cote sur ce serveur" in final.text
    r = await h.click(CHLOE, "rami:1:rematch", on_ephemeral=False)
    assert "Chloé ouvre une revanche. À la table\u00a0: Chloé, Bob." in r.first.text


async def test_a_walkover_reads_as_one(h: Harness) -> None:
    """Bob leaves a game of two: the channel reads that Alice wins by walkover, never that nobody is
    left, nor that the game was played out; the final message says so, without any rating."""
    await h.open_table(ALICE, BOB)
    r = await h.slash(BOB, "lobby leave")
    [public] = r.public
    assert "Bob left the game." in public.text
    assert "Everyone else left: Alice wins by walkover." in public.text
    assert "No person is left" not in public.text and "The game is over" not in public.text
    [final] = finals(h)
    assert "won by walkover" in final.text and "Rating on this server" not in final.text
    board = h.board_message()
    assert "won by walkover" in board.text and "No person is left" not in board.text


async def test_the_last_person_leaving_computer_players_abandons_it(h: Harness) -> None:
    """Alice alone with a computer player leaves: abandoned, said once, and nobody "wins"."""
    await h.slash(ALICE, "lobby create", preset="basic")
    await h.slash(ALICE, "lobby addbot", level="easy")
    await h.slash(ALICE, "lobby start")
    r = await h.slash(ALICE, "lobby leave")
    text = "\n".join(s.text for s in r.public)
    assert text.count("No person is left at the table") == 1
    assert "wins" not in text and "walkover" not in text
    assert finals(h) == []  # no final message for a game nobody is left at


async def test_a_spectators_hand_is_the_table(h: Harness) -> None:
    """Mallory, not seated, presses My hand (and types /hand): the public table, privately, no hand,
    and how to join the next game."""
    await h.open_table(ALICE, BOB)
    for r in (await h.click(MALLORY, "rami:1:hand", on_ephemeral=False), await h.slash(MALLORY, "hand")):
        assert r.first.ephemeral and len(r.sent) == 1
        text = r.text
        assert "You are watching" in text and "Wait for the next game, or for the Rematch" in text
        assert "Your hand" not in text and "Discard pile" in text and "Alice" in text and "Bob" in text
        assert not any(re.fullmatch(r"rami:1:(draw|discard|meld).*", c) for c in r.first.custom_ids)


async def test_a_spectator_in_the_lobby_is_offered_a_seat(h: Harness) -> None:
    """Before the start, /hand by someone not seated shows the lobby with the Join button."""
    await h.open_table(ALICE, BOB, start=False)
    r = await h.slash(MALLORY, "hand")
    assert r.first.ephemeral and "press Join" in r.text and r.first.component(r"rami:1:join")
    await h.click(MALLORY, "rami:1:join", on_ephemeral=True)
    assert [p.name for p in (await h.table()).players] == ["Alice", "Bob", "Mallory"]


async def test_no_final_message_for_a_cancelled_game(h: Harness) -> None:
    """A cancelled game closes quietly: no final message, and /table then shows its last state."""
    await h.open_table(ALICE, BOB)
    await h.slash(ALICE, "lobby cancel")
    assert finals(h) == []
    r = await h.slash(BOB, "table")
    assert "cancelled" in r.text and r.first.component(r"rami:1:rematch")


async def test_channel_of_another_table_has_no_rematch_of_this_one(h: Harness) -> None:
    """A forged Rematch of a game from another channel is refused, and nothing opens."""
    await _finished(h, ALICE, BOB)
    r = await h.click(ALICE, "rami:1:rematch", on_ephemeral=False, channel=CHANNEL + 100)
    assert r.first.ephemeral and await h.service.active(CHANNEL + 100) is None


async def test_the_final_message_carries_the_chart_with_pictures_on(db: Database) -> None:
    """With pictures on, the final message shows the chart of the game (the board's story picture);
    without Attach Files in the channel it is text only."""
    for game_id, attach in ((1, True), (2, False)):
        h = Harness(db, pictures=True)
        h.channels.attach = attach
        try:
            await _finished(h, ALICE, BOB)
            [final] = finals(h)
            assert final.custom_ids == [f"rami:{game_id}:rematch", f"rami:{game_id}:record"]
            if attach:
                assert list(final.pictures) == ["scores.png"] and final.pictures["scores.png"].startswith(b"\x89PNG")
                assert final.embed is not None and final.embed.image.url == "attachment://scores.png"
            else:
                assert not final.pictures and "Final standings" in final.text
        finally:
            await h.close()
