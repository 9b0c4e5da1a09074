"""``/history`` through ``python bot.py``: pages turned by their buttons, in English and in French.

The games are stored before the bot starts (finished games with their results, as the service
writes them at the end of a game): the history reads nothing else, and playing seven whole games
here would cost a minute for nothing more.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest_asyncio

from cogs.ui.history import PAGE_SIZE
from data import ActionWrite, PlayerResult, open_store
from tests.e2e.conftest import World
from tests.fakediscord import BotProcess, FakeUser

GAMES = PAGE_SIZE + 2


@dataclass(frozen=True)
class Seeded:
    chloe: FakeUser  # a French-speaking player
    ids: list[int]  # the games, oldest first


def _results(winner: FakeUser, loser: FakeUser, n: int) -> list[PlayerResult]:
    return [
        PlayerResult(winner.id, winner.name, False, None, 0, 1, True, 2, 0, -n, 3),
        PlayerResult(loser.id, loser.name, False, None, 1, 2, False, 1, 0, 40 + n, 3),
        PlayerResult(-1, "Bot (easy)", True, "easy", 2, 3, False, 0, 0, 90, 3),
    ]


@pytest_asyncio.fixture
async def seeded(world: World) -> Seeded:
    """Seven finished games of Alice and Chloé (and a computer player), stored before the bot starts."""
    chloe = world.driver.user("chloé", locale="fr")
    world.driver.member(world.guild, chloe)
    store = await open_store(world.db_path)
    ids = []
    try:
        for n in range(GAMES):
            winner, loser = (world.alice, chloe) if n % 2 else (chloe, world.alice)
            game = await store.games.create_game(world.guild.id, 10_000 + n, world.alice.id, "rami51", '{"s": 1}')
            await store.games.save_action(ActionWrite(game.id, 0, '{"s": 1}', "playing", None, "start", {}))
            done = ActionWrite(game.id, 1, '{"s": 1}', "finished", None, "end", {})
            await store.games.finish_game(done, _results(winner, loser, n))
            ids.append(game.id)
    finally:
        await store.close()
    return Seeded(chloe, ids)


def _numbers(text: str, word: str) -> list[int]:
    """The game numbers a page shows, in its order (``game #12``, ``partie n° 12``)."""
    return [int(line.rsplit(word, 1)[1]) for line in text.splitlines() if word in line]


async def test_history_pages_by_buttons_in_english_and_french(world: World, seeded: Seeded, rami: BotProcess) -> None:
    """Alice (English) and Chloé (French) page their history privately with Next and Previous:
    each click redraws the same private message with the next page, and the last page leads back."""
    d = world.driver
    newest_first = seeded.ids[::-1]
    for user, next_label, back_label, word in (
        (world.alice, "Next", "Previous", "game #"),
        (seeded.chloe, "Suivant", "Précédent", "partie n° "),
    ):
        first = await d.slash(user, world.channel, "history")
        page = first.message
        assert page.ephemeral and _numbers(page.text, word) == newest_first[:PAGE_SIZE]
        older = await d.click(user, page, next_label)
        assert older.callback_type == 7 and older.message.id == page.id
        assert _numbers(older.message.text, word) == newest_first[PAGE_SIZE:]
        back = await d.click(user, older.message, back_label)
        assert _numbers(back.message.text, word) == newest_first[:PAGE_SIZE]
    french = (await d.slash(seeded.chloe, world.channel, "history", member=world.alice)).message.text
    assert "Historique des parties" in french and "contre chloé, Robot (facile)" in french
