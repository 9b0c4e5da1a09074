"""A server's defaults for new tables, behind the service's door, on both stores: a new lobby
starts from them, a preset the host names takes the server's house rules of that preset, the host
changes anything before the start, a rematch keeps its game's settings, and a stored default this
version no longer accepts is ignored with a warning."""

from __future__ import annotations

import logging
from collections.abc import Collection

import pytest

from data import Store
from rummy.errors import RummyError
from service.games import GameService
from service.model import Who
from tests.cogs.conftest import CHANNEL, GUILD, OTHER_GUILD

HOST, GUEST = Who(1, "Host"), Who(2, "Guest")


async def server(db: Store) -> GameService:
    """A service on ``db`` whose server GUILD opens rami51 with an ace worth 11 in hand, and for
    basic plays 5 deals, with a 60 s turn timer and no hints."""
    service = GameService(db, seed=lambda: 3)
    defaults = service.defaults
    await defaults.set_preset(GUILD, "rami51")
    await defaults.set_rule(GUILD, "ace_value", "11", None)
    await defaults.set_rule(GUILD, "game_length", "5", "basic")
    await defaults.set_option(GUILD, "turn_timer", "60")
    await defaults.set_option(GUILD, "hints", "no")
    return service


async def test_a_new_lobby_starts_from_the_servers_defaults(db: Store) -> None:
    service = await server(db)
    table = (await service.create(GUILD, CHANNEL, HOST, None)).table
    assert table.preset == "rami51" and table.overrides == {"ace_value": 11} and table.rules.ace_value == 11
    assert table.options.turn_timer == 60 and not table.options.hints
    stored = await service.current(CHANNEL)  # committed with the table, not applied on read
    assert stored.table.overrides == {"ace_value": 11} and stored.table.options == table.options


async def test_a_preset_named_at_create_takes_the_servers_house_rules_of_that_preset(db: Store) -> None:
    service = await server(db)
    basic = (await service.create(GUILD, CHANNEL, HOST, "basic")).table
    assert basic.preset == "basic" and basic.overrides == {"game_length": 5}  # not rami51's ace
    assert basic.options.turn_timer == 60  # the table options whatever the preset
    await service.cancel(CHANNEL, HOST)
    ref = (await service.create(GUILD, CHANNEL, HOST, "ref51")).table
    assert ref.preset == "ref51" and ref.overrides == {} and not ref.options.hints


async def test_the_host_changes_anything_before_the_start(db: Store) -> None:
    service = await server(db)
    await service.create(GUILD, CHANNEL, HOST, None)
    await service.configure(CHANNEL, HOST, "ace_value", "1")  # back to the preset's own
    await service.configure(CHANNEL, HOST, "opening", "40")
    await service.configure(CHANNEL, HOST, "hints", "yes")
    await service.join(CHANNEL, GUEST)
    table = (await service.start(CHANNEL, HOST)).table
    assert table.overrides == {"opening": 40} and table.rules.ace_value == 1 and table.rules.opening == 40
    assert table.options.hints and table.options.turn_timer == 60


async def test_another_server_and_a_reset_are_the_bots_own(db: Store) -> None:
    service = await server(db)
    other = (await service.create(OTHER_GUILD, CHANNEL + 1, HOST, None)).table
    assert (other.preset, other.overrides, other.options.turn_timer) == ("basic", {}, 120)
    assert (await service.defaults.reset(GUILD)).empty
    assert await db.defaults.document(GUILD) is None
    table = (await service.create(GUILD, CHANNEL, HOST, None)).table
    assert (table.preset, table.overrides, table.options.hints) == ("basic", {}, True)


async def test_a_rematch_keeps_its_games_settings(db: Store) -> None:
    """Defaults changed after a game: its rematch plays the game's settings, not the new defaults."""
    service = await server(db)
    old = await service.create(GUILD, CHANNEL, HOST, None)
    await service.configure(CHANNEL, HOST, "opening", "40")
    await service.cancel(CHANNEL, HOST)
    await service.defaults.set_rule(GUILD, "ace_value", "1", None)
    await service.defaults.set_option(GUILD, "turn_timer", "300")

    async def here(people: list[int]) -> Collection[int]:
        return people

    table = (await service.rematch(CHANNEL, HOST, old.game.game_id, here)).table
    assert table.preset == "rami51" and table.overrides == {"ace_value": 11, "opening": 40}
    assert table.options.turn_timer == 60


async def test_a_refused_change_stores_nothing(db: Store) -> None:
    service = await server(db)
    before = await db.defaults.document(GUILD)
    for change in (
        service.defaults.set_rule(GUILD, "lay_off", "after_opening", "basic"),
        service.defaults.set_option(GUILD, "turn_timer", "5"),
        service.defaults.set_preset(GUILD, "gin"),
    ):
        with pytest.raises(RummyError):
            await change
    assert await db.defaults.document(GUILD) == before


async def test_a_stored_default_no_longer_accepted_is_ignored_with_a_warning(
    db: Store, caplog: pytest.LogCaptureFixture
) -> None:
    """A document from a later (or broken) version: what still reads applies, the rest is left out
    with a warning, and a table opens all the same."""
    document = (
        '{"schema": 1, "preset": "rami51", "house_rules": {"rami51": {"ace_value": 11, "retired": true}},'
        ' "options": {"turn_timer": 2}}'
    )
    await db.defaults.set_document(GUILD, document)
    await db.defaults.set_document(OTHER_GUILD, '{"schema": 99, "preset": "rami51"}')
    service = GameService(db)
    with caplog.at_level(logging.WARNING, logger="service.defaults"):
        table = (await service.create(GUILD, CHANNEL, HOST, None)).table
        other = (await service.create(OTHER_GUILD, CHANNEL + 1, HOST, None)).table
    assert table.preset == "rami51" and table.overrides == {"ace_value": 11} and table.options.turn_timer == 120
    assert other.preset == "basic"
    warned = [r.getMessage() for r in caplog.records if r.name == "service.defaults"]
    assert len(warned) == 3 and all(
        r.levelno == logging.WARNING for r in caplog.records if r.name == "service.defaults"
    )
    assert any("retired" in w for w in warned) and any("turn_timer" in w for w in warned)
