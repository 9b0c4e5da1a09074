"""A member with a hostile display name plays a whole game through ``python bot.py`` (issue 19, point 3).

Their name holds another member's mention, a role's, ``@everyone``, ``@here`` and markdown. Every
message the fake Discord receives must show it escaped, and notify (by Discord's own rule: content
mentions filtered by ``allowed_mentions``) nobody but the person whose turn it is, never a role or
everyone; an ephemeral reply notifies nobody.
"""

from __future__ import annotations

from cogs.ui.sentences import display
from service.catalog import text
from tests.e2e.conftest import World
from tests.e2e.session import TableSession
from tests.fakediscord import BotProcess, RecordedMessage

SHORT = {"bot_pause": "0", "turn_timer": "0", "game_end": "deals", "game_length": "1", "refill_limit": "0"}
YOUR_TURN = text("en", "turn_you", mention="")  # ", it's your turn."


async def test_a_hostile_name_pings_nobody(world: World, rami: BotProcess) -> None:
    """A whole game with a computer player: the name is escaped in every message, and each public
    message pings at most the person it hands the turn to."""
    d = world.driver
    role = d.role(world.guild, "regulars")
    name = f"<@{world.erin.id}> <@&{role.id}> @everyone @here **x**"
    mallory = d.user("mallory")
    d.member(world.guild, mallory, roles=[role], nick=name)
    shown = display(name)
    assert shown != name and "\\*\\*x\\*\\*" in shown and "@everyone" not in shown

    session = TableSession(d, world.db, world.channel, [mallory, world.bob], style="mixed", seed=19)
    await session.open("basic", SHORT, ("easy",))
    await session.start()
    await session.play_to_end()
    await d.slash(world.alice, world.channel, "leaderboard")
    await d.slash(world.alice, world.channel, "stats", member=mallory)
    await d.slash(world.bob, world.channel, "history")  # mallory is among Bob's opponents

    messages = [m for m in d.state.messages.values() if m.author is d.bot]
    people = {mallory.id, world.bob.id}
    for message in messages:
        assert_pings_only_whom_it_means(message, name, people)
    public = [m for m in messages if not m.ephemeral]
    lines = [line for m in public for line in m.content.splitlines()]  # a turn's message: one line a move
    assert any(line.startswith(f"{shown} ") for line in lines), "no public line names mallory"
    assert any(shown in m.text and m.embeds for m in public), "no board or leaderboard names mallory"
    history = [m for m in messages if m.ephemeral and "Game history" in m.text]
    assert history and shown in history[0].text and "<t:" in history[0].text, "no private history names mallory"
    told = {user for m in public for user in m.pings.users}
    assert told == people, told  # both were told of their turn; erin, the role and everyone never


def assert_pings_only_whom_it_means(message: RecordedMessage, name: str, people: set[int]) -> None:
    """No raw name; a public message pings only a person whose turn its content says it is; an
    ephemeral one pings nobody; no message pings a role or everyone."""
    assert name not in message.text and "@everyone" not in message.text, message.text
    pings = message.pings
    assert not pings.roles and not pings.everyone, (message.content, message.allowed_mentions)
    if message.ephemeral:
        assert not pings.users, (message.content, message.allowed_mentions)
        return
    assert pings.users <= people and len(pings.users) <= 1, (message.content, message.allowed_mentions)
    for user in pings.users:
        assert f"<@{user}>{YOUR_TURN}" in message.content, message.content
    if message.content and message.allowed_mentions is not None:
        assert message.allowed_mentions.get("parse") == [], message.allowed_mentions
