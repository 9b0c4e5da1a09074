"""A private hand is built once per game version, seat and language, and the hand of whoever's turn
starts is built ahead of time, in the language they last saw their hand in."""

from __future__ import annotations

import functools
from dataclasses import replace
from typing import Any

import discord
import pytest

from cogs.ui import render
from cogs.ui.hand import prepare_hand
from cogs.ui.hand_cache import HandCache, HandReply
from cogs.ui.render import hand_embed as fresh_embed  # the real one, even while counted
from rummy.view import view_for
from service.catalog import translator
from service.hints import AdviceCache, Foresight
from tests.cogs.conftest import ALICE, BOB, CHANNEL, Harness, User
from tests.cogs.test_play import seats
from tests.rummy.table_support import lobby, started
from tests.service.test_hints_cache import foresight_for, known

EN, FR = translator("en-US"), translator("fr")


def built(title: str) -> HandReply:
    return HandReply(discord.Embed(title=title), discord.ui.View())


def test_a_hand_is_served_for_its_version_seat_and_language_only() -> None:
    cache = HandCache()
    a, b = built("a"), built("b")
    cache.put(5, 3, 0, EN, a)
    assert cache.get(5, 3, 0, EN) is a
    assert cache.get(5, 4, 0, EN) is None and cache.get(5, 2, 0, EN) is None  # another version
    assert cache.get(5, 3, 1, EN) is None and cache.get(6, 3, 0, EN) is None  # another seat, another game
    assert cache.get(5, 3, 0, FR) is None  # another language
    cache.put(5, 4, 0, FR, b)
    assert cache.get(5, 4, 0, FR) is b and cache.get(5, 3, 0, EN) is None  # the newest version replaces it
    cache.put(5, 3, 0, EN, a)  # built late for an older version: ignored
    assert cache.get(5, 4, 0, FR) is b and len(cache) == 1
    assert (cache.hits, cache.misses) == (3, 6)


def test_the_least_recently_used_go_first() -> None:
    cache = HandCache(size=2)
    hand = built("a")
    cache.put(1, 0, 0, EN, hand)
    cache.put(2, 0, 0, EN, hand)
    assert cache.get(1, 0, 0, EN) is hand  # game 1 is now the most recent
    cache.put(3, 0, 0, EN, hand)
    assert len(cache) == 2 and cache.get(2, 0, 0, EN) is None and cache.get(1, 0, 0, EN) is hand
    cache.seen(1, EN)
    cache.seen(2, FR)
    cache.seen(1, FR)  # the latest language counts, and 1 is now the most recent
    cache.seen(3, EN)
    assert cache.language(1) is FR and cache.language(2) is None and cache.language(3) is EN
    with pytest.raises(ValueError):
        HandCache(size=0)


def counting_builds(monkeypatch: pytest.MonkeyPatch) -> list[int | None]:
    """Count the hands actually built (their seats)."""
    builds: list[int | None] = []
    raw = render.hand_embed

    def hand_embed(view: Any, *args: Any, **kwargs: Any) -> discord.Embed:
        builds.append(view.seat)
        return raw(view, *args, **kwargs)

    monkeypatch.setattr(render, "hand_embed", hand_embed)
    return builds


async def test_looks_at_one_version_send_the_hand_built_once(h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """The hand sent after a move, then /hand and the refresh button at that version: built once."""
    builds = counting_builds(monkeypatch)
    await h.open_table(ALICE, BOB)
    me, _ = await seats(h)
    moved = await h.slash(me, "draw")
    after_move = moved.private[-1]
    assert len(builds) == 1
    look = await h.slash(me, "hand")
    refreshed = await h.click(me, next(c for c in after_move.custom_ids if c.endswith(":refresh")))
    assert len(builds) == 1
    assert look.first.embed is after_move.embed and refreshed.first.embed is after_move.embed
    assert look.first.view is after_move.view
    french = await h.slash(replace(me, locale="fr"), "hand")  # another language: built in it
    assert len(builds) == 2 and french.first.embed is not None and french.first.embed.title is not None
    assert french.first.embed.title.startswith("Votre main")


async def test_the_hand_of_whoever_turn_starts_is_built_ahead(h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    foresight = foresight_for(h, then=functools.partial(prepare_hand, h.client.rami.hands))
    await h.open_table(ALICE, BOB)
    me, other = await seats(h)
    other_fr = User(other.id, other.name, "fr")
    await h.slash(other_fr, "hand")  # the other player looks while waiting, in French
    await h.slash(me, "draw")
    card = str((await h.view(me)).hand[0])
    await h.slash(me, "discard", card=card)
    await foresight.settle()
    builds = counting_builds(monkeypatch)
    look = await h.slash(other_fr, "hand")
    assert builds == []  # built before they asked
    row, table = await h.service.current(CHANNEL)
    assert table.game is not None and table.turn == table.seat_of(other.id)
    advice = h.client.rami.advice.get(row.id, row.version, table.turn)
    assert advice is not None  # hints are on: the hand shows the advice prepared with it
    fresh = fresh_embed(view_for(table.game, table.turn), table, FR, advice, row.turn_deadline)
    assert look.first.embed is not None and look.first.embed.to_dict() == fresh.to_dict()
    english = await h.slash(other, "hand")  # their language changed: built again, in English
    assert english.first.embed is not None and english.first.embed.title is not None
    assert english.first.embed.title.startswith("Your hand") and len(builds) == 1


async def test_nothing_is_built_for_a_player_never_seen() -> None:
    table = started()
    hands = HandCache()
    foresight = Foresight(known(table), AdviceCache(), then=functools.partial(prepare_hand, hands))
    foresight.poke(CHANNEL)
    await foresight.settle()
    assert len(hands) == 0  # no language known for them yet
    assert table.turn is not None
    user = table.user_id(table.turn)
    assert user is not None
    hands.seen(user, FR)
    foresight.poke(CHANNEL)
    await foresight.settle()
    assert len(hands) == 1 and foresight.prepared == 1


async def test_with_hints_off_the_hand_is_built_without_advice() -> None:
    table = lobby()
    table.join(BOB.id, BOB.name)
    table.set(int(table.players[0].id), "hints", "no")
    table.start(int(table.players[0].id))
    assert table.turn is not None and table.game is not None
    user = table.user_id(table.turn)
    assert user is not None
    hands = HandCache()
    hands.seen(user, EN)
    foresight = Foresight(known(table), AdviceCache(), then=functools.partial(prepare_hand, hands))
    foresight.poke(CHANNEL)
    await foresight.settle()
    found = hands.get(1, 1, table.turn, EN)
    assert found is not None and foresight.prepared == 0
    fresh = fresh_embed(view_for(table.game, table.turn), table, EN, None, None)
    assert found.embed.to_dict() == fresh.to_dict()
    assert all(field.name != EN("hand_melds") for field in found.embed.fields)
