"""Input the Discord client would not send, through the real bot: forged select values and over-long
options get a private reason, the game does not move, and what the bot sends stays within Discord's
limits (the fake answers 400 to anything over them, which fails the test at teardown)."""

from __future__ import annotations

from typing import Any

from service.catalog import text
from tests.e2e.conftest import World
from tests.e2e.test_bad_input import refused, started
from tests.fakediscord import BotProcess
from tests.fakediscord.models import APPLICATION_COMMAND, MESSAGE_COMPONENT


def command(world: World, name: str, *options: dict[str, Any]) -> dict[str, Any]:
    """The ``data`` of a slash command with options as given, unchecked against the schema."""
    found = world.driver.state.find_command(name.split()[0], world.guild.id)
    assert found is not None, name
    if " " in name:
        options = ({"name": name.split()[1], "type": 1, "options": list(options)},)
    return {"id": found["id"], "name": name.split()[0], "type": 1, "options": list(options)}


async def test_forged_select_values(world: World, rami: BotProcess) -> None:
    """The discard select of a real hand, sent values it never offered: out of date, privately."""
    session = await started(world)
    snap = await session.persons_turn()
    mover = session.user_at(snap.table.turn or 0, snap)
    assert mover is not None
    assert await session.step() is not None  # the mover draws: their discard select is enabled
    d = world.driver
    hand = (await d.slash(mover, world.channel, "hand")).message
    [select] = [s for s in hand.selects if str(s.get("custom_id")).endswith(":discard")]
    assert not select.get("disabled")
    for values in ([], ["abc"], [o["value"] for o in select["options"][:2]], ["@everyone" * 20]):
        data = {"custom_id": select["custom_id"], "component_type": 3, "values": values}
        await refused(
            world,
            lambda data=data: d.dispatch(MESSAGE_COMPONENT, mover, world.channel, data, source=hand),  # type: ignore[misc]
            text("en", "stale_component"),
        )


async def test_over_long_options(world: World, rami: BotProcess) -> None:
    """Options past their max_length (only a forged interaction has them) are refused unread."""
    await started(world)
    d, ch, alice = world.driver, world.channel, world.alice
    string = 3
    for name, option, limit in [("discard", "card", 20), ("swap", "card", 20), ("meld", "cards", 200)]:
        options = [{"name": option, "type": string, "value": "@everyone " * 600}]
        if name == "swap":
            options.append({"name": "meld", "type": 4, "value": 1})
        data = command(world, name, *options)
        result = await refused(
            world,
            lambda data=data: d.dispatch(APPLICATION_COMMAND, alice, ch, data),  # type: ignore[misc]
            text("en", "too_long", option=option, max=limit),
        )
        assert "@everyone" not in result.text
    data = command(
        world,
        "lobby set",
        {"name": "rule", "type": string, "value": "x" * 5000},
        {"name": "value", "type": string, "value": "yes"},
    )
    await refused(world, lambda: d.dispatch(APPLICATION_COMMAND, alice, ch, data), "at most 40 characters")


async def test_typed_text_is_quoted_short_and_defused(world: World, rami: BotProcess) -> None:
    """A bad card is named back clipped to a few words, its mentions and markdown defused."""
    session = await started(world)
    snap = await session.persons_turn()
    mover = session.user_at(snap.table.turn or 0, snap)
    assert mover is not None
    assert await session.step() is not None
    d, ch = world.driver, world.channel
    junk = "@everyone**" + "Z" * 180
    result = await refused(world, lambda: d.slash(mover, ch, "meld", cards=f"7H {junk}"), "is not a card")
    assert "@everyone" not in result.text and "Z" * 41 not in result.text and "\\*\\*" in result.text
    result = await refused(world, lambda: d.slash(mover, ch, "lobby set", rule="<@123456789012345678>", value="1"))
    assert "<@123456789012345678>" not in result.text and "no rule or option" in result.text
