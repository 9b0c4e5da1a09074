"""A fake Discord on loopback, and a driver to play users against a real bot process.

The real bot runs as ``python bot.py`` in a subprocess; a ``sitecustomize`` (``tests/e2e/sitecustomize``)
points discord.py's REST base and gateway at the fake, so the bot's code is unchanged. Every test
step goes through the same wire format Discord uses (discord.py==2.7.1 is pinned for this).

Usage guide
-----------
::

    import pytest
    from tests.fakediscord import BotProcess, Driver, FakeDiscord

    @pytest.mark.asyncio
    async def test_lobby(tmp_path):
        async with FakeDiscord() as fake:                      # free port on 127.0.0.1
            d = Driver(fake)
            guild = d.guild("Table", locale="fr")              # before start: arrives in GUILD_CREATE
            table = d.text_channel(guild, "rami")
            alice, bob = d.user("alice"), d.user("bob", locale="fr")
            d.member(guild, alice); d.member(guild, bob)       # users must be members to act there

            bot = BotProcess(fake, "bot.py", env={"RAMI_DB_PATH": str(tmp_path / "rami.db")})
            d.process = bot                                    # timeouts then show the bot's log tail
            async with bot:                                    # start: waits for IDENTIFY and a sync
                r = await d.slash(alice, table, "lobby create", preset="rami51")
                assert not r.ephemeral and "rami51" in r.text
                joined = await d.click(bob, r.message, "Join")     # custom_id or label
                hand = await d.click(bob, r.message, "rummy:1:hand")
                assert hand.ephemeral and hand.message in d.ephemeral_for(bob)
                choices = await d.autocomplete(bob, table, "discard", "card", "7")
                await bot.restart()                            # SIGKILL, start again, wait for sync
            bot.assert_clean()                                 # no Traceback / ERROR in its log

World (all return the fake's live records; create before or after the bot connects)
    ``d.user(name, *, locale="en-US") -> FakeUser``; ``d.guild(name, *, locale, owner) -> FakeGuild``;
    ``d.member(guild, user, *, roles=(), nick=None, admin=False)``; ``d.role(guild, name, *, permissions)``;
    ``d.text_channel(guild, name) -> FakeChannel``; ``d.thread(channel, name, *, private=False,
    members=())``; ``d.dm_channel(user)``; ``d.bot`` is the bot's user, ``d.bot_role(guild)`` its role
    (every permission but Administrator); ``d.overwrite(channel, role_or_member, allow=0, deny=0)``
    sets a channel's permission overwrite (``deny=ATTACH_FILES`` on the bot's role: no files there).
    Interactions carry the bot's ``app_permissions`` in their channel, and files uploaded where the
    bot lacks Attach Files are refused with 403.

Acting (each returns an :class:`InteractionResult` once the bot answered, or raises ``TimeoutError``)
    ``await d.slash(user, channel, "group sub", {"odd-name": 1}, preset="x", _timeout=5, _wait=True)``
        builds the payload from the schema the bot SYNCED: an unknown command, subcommand or option,
        a missing required option, a wrong type, a value outside ``choices``/min/max raise
        :class:`SchemaMismatch`. Values: ``str``, ``int``, ``float``, ``bool``, ``FakeUser``/
        ``FakeMember`` (user options, with resolved member data), ``FakeChannel``, ``FakeRole``;
        ``None`` means "not given". A choice may be given by its value or its name.
    ``await d.autocomplete(user, channel, "discard", "card", "7", **other_options) -> list[dict]``
    ``await d.click(user, message, custom_id_or_label)``; ``await d.select(user, message, custom_id,
        values)`` (string select values or labels; users/roles/channels for the other selects);
        ``message`` is a ``RecordedMessage``, an ``InteractionResult`` or a message id. Clicking a
        message the user cannot see, or a missing/disabled component, raises :class:`ComponentError`.
    ``await d.submit_modal(user, result_that_opened_it, {"custom_id or label": "text"})``
    ``await d.say(user, channel, "text")`` posts a user message (MESSAGE_CREATE to the bot).
    ``await d.dispatch(kind, user, channel, data, source=None)`` sends hand-made, unchecked interaction
        ``data`` (what an outdated or hostile client may send, e.g. a guild-only command from a DM).
    ``d.expire_tokens()`` makes every interaction so far 15 minutes old (its token stops working).
    Waiting: the first reply, then (after a type 5 defer) the real answer, then until nothing changed
    for ``Driver.settle`` s (at most ``settle_max``), so immediate follow-ups are included.

InteractionResult
    ``messages`` (created or edited through its token, in order), ``message`` (the first),
    ``content``, ``text`` (content + embeds + text displays), ``ephemeral``, ``callback_type``
    (4 reply, 5 defer, 6 deferred update, 7 update, 8 autocomplete, 9 modal), ``choices``, ``modal``,
    ``latency`` (s, dispatch to first reply), ``new_messages`` (anything created since dispatch, e.g.
    a ``channel.send`` announcement), ``interaction`` (the raw :class:`RecordedInteraction`).

Reading
    ``d.visible_to(user, channel=None)``, ``d.public_messages(channel)``, ``d.ephemeral_for(user)``,
    ``d.dms_for(user)``, ``d.last_message(channel=None, *, user=None)``, ``d.interactions``,
    ``d.latencies()``. A :class:`RecordedMessage` has ``content``, ``embeds``, ``components``,
    ``buttons``, ``selects``, ``text``, ``ephemeral``/``ephemeral_to``, ``deleted``, ``revisions``
    (earlier states), ``interaction_id``, ``allowed_mentions`` (as sent) and ``pings`` (whom Discord
    notified when the message was posted: users, roles, everyone; an edit notifies nobody),
    ``attachments`` (an edit that lists some keeps those and drops the others).
    ``d.image(message, embed=0)`` is the bytes of the picture an embed shows
    (``attachment://name``, one of the message's files), or None. ``fake.unknown_routes``,
    ``fake.errors`` (every 4xx the fake gave: limits such as 2,000 characters, 25 options or a late
    first reply are enforced) and ``fake.state.requests`` (every REST call, for rate counting) tell
    what the bot did wrong. ``fake.state.writes`` lists every message the bot created, edited or
    deleted (when, where, public or not, left empty or not), and
    ``fake.state.created_per_window(channel_id)`` is the most public messages it created in any
    5 seconds there (Discord's limit: 5).

Process
    ``BotProcess(fake, script, *, cwd=REPO_ROOT, env=None)``: ``await start(wait_sync=True,
    timeout=30)``, ``await kill(sig=SIGKILL)``, ``await stop()`` (SIGINT, then SIGKILL),
    ``await restart(sig=SIGKILL, wait_sync=True)``, ``lines``, ``log_text()``, ``error_lines()``,
    ``assert_clean()``. Use ``wait_sync=False`` for a bot that does not sync on every start.

Gateway
    ``await fake.request_reconnect()`` sends op 7 (the bot must RESUME); ``fake.connected``;
    ``fake.gateway.current`` is the bot's latest session (``intents``, ``shard``, ``pid``, ``resumes``,
    ``seq``).

Shards
    ``FakeDiscord(shard_count=2)``: ``GET /gateway/bot`` recommends 2 shards and an IDENTIFY without
    ``[shard_id, shard_count]`` (or with fewer shards) is closed with 4011, an invalid one with 4010.
    ``d.guild(name, shard=1)`` makes a guild on shard 1. Each session gets READY and GUILD_CREATE for
    its shard's guilds only, and every later event of a guild (interactions included; DMs: shard 0)
    goes to the newest connected session that owns it: ``fake.gateway.session_for(guild_id)``,
    ``connected_for(guild_id)``. Several processes share the one token; each bot process's
    User-Agent says its ``pid`` (sitecustomize), so ``gateway.sessions_of(pid)``,
    ``BotProcess.connected`` and ``fake.state.calls`` (``(pid, method, path)`` of every REST call;
    ``state.guild_of_call(path)`` is the guild it acts in) tell them apart.
"""

from .components import ComponentError
from .driver import Driver
from .models import (
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeRole,
    FakeUser,
    RecordedInteraction,
    RecordedMessage,
)
from .process import BotProcess, BotProcessError
from .results import InteractionResult
from .schema import SchemaMismatch
from .server import FakeDiscord

__all__ = [
    "BotProcess",
    "BotProcessError",
    "ComponentError",
    "Driver",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeMember",
    "FakeRole",
    "FakeUser",
    "InteractionResult",
    "RecordedInteraction",
    "RecordedMessage",
    "SchemaMismatch",
]
