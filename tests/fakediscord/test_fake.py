"""The fake Discord works with a real discord.py process (the echo bot in ``echo_bot.py``)."""

from __future__ import annotations

import json
import signal
from pathlib import Path

import aiohttp
import pytest

from tests.fakediscord import BotProcess, BotProcessError, ComponentError, FakeDiscord, SchemaMismatch
from tests.fakediscord.conftest import World
from tests.fakediscord.models import ATTACH_FILES
from tests.fakediscord.process import REPO_ROOT

SEND_MESSAGES = 1 << 11

pytestmark = pytest.mark.asyncio


async def test_login_syncs_guild_commands_with_ids(fake: FakeDiscord, world: World, echo: BotProcess) -> None:
    """The bot logs in, identifies, and its synced commands get ids, application id and version."""
    (command,) = fake.state.commands[world.guild.id]
    assert command["name"] == "echo"
    assert command["application_id"] == str(fake.state.application_id)
    assert command["id"] and command["version"]
    assert {o["name"] for o in command["options"]} >= {"say", "pick", "deep"}
    assert fake.state.identify_count == 1 and fake.connected


async def test_each_fake_has_its_own_token(fake: FakeDiscord) -> None:
    """A bot left over from another fake (same port, used again) is refused: its token is not this one's."""
    async with FakeDiscord() as other:
        assert other.token != fake.token
        async with aiohttp.ClientSession() as http:
            async with http.get(fake.api_url + "/users/@me", headers={"Authorization": f"Bot {other.token}"}) as reply:
                assert reply.status == 401
            async with http.ws_connect(fake.url + "/?v=10&encoding=json") as ws:
                hello = await ws.receive_json()
                assert hello["op"] == 10
                await ws.send_json({"op": 2, "d": {"token": other.token, "intents": 1, "properties": {}}})
                closed = await ws.receive()
                assert closed.type is aiohttp.WSMsgType.CLOSE and closed.data == 4004


async def test_json_replies_have_exact_content_type(fake: FakeDiscord) -> None:
    """JSON replies say ``application/json`` with no charset, and unknown routes answer Discord's 404."""
    headers = {"Authorization": f"Bot {fake.token}"}
    async with aiohttp.ClientSession() as http:
        async with http.get(fake.api_url + "/users/@me", headers=headers) as reply:
            assert reply.headers["Content-Type"] == "application/json"
            assert (await reply.json())["bot"] is True
        async with http.get(fake.api_url + "/nowhere/at/all", headers=headers) as reply:
            assert reply.status == 404
            assert await reply.json() == {"message": "404: Not Found", "code": 0}
    assert ("GET", "/api/v10/nowhere/at/all") in fake.unknown_routes


async def test_slash_reply_is_public(world: World, echo: BotProcess) -> None:
    """A plain reply is seen by everyone in the channel, and the latency is recorded."""
    result = await world.driver.slash(world.alice, world.channel, "echo say", text="hi", times=2)
    assert result.content == "hi hi"
    assert not result.ephemeral
    assert result.message in world.driver.visible_to(world.bob)
    assert result.latency is not None and 0 < result.latency < 3


async def test_ephemeral_reply_is_seen_by_its_user_only(world: World, echo: BotProcess) -> None:
    """An ephemeral reply is visible to the caller and to no one else."""
    driver = world.driver
    result = await driver.slash(world.alice, world.channel, "echo say", text="secret", private=True)
    assert result.ephemeral
    assert driver.ephemeral_for(world.alice) == [result.message]
    assert result.message not in driver.visible_to(world.bob)
    assert driver.public_messages(world.channel) == []


async def test_member_channel_and_group_options(world: World, echo: BotProcess) -> None:
    """User and channel options carry resolved data; subcommand groups reach their command."""
    driver = world.driver
    result = await driver.slash(
        world.alice, world.channel, "echo say", text="hey", target=world.bob, where=world.channel
    )
    assert result.content == "hey to bob about #general"
    assert (await driver.slash(world.alice, world.channel, "echo deep inner", value=21)).content == "deep 42"


async def test_schema_mismatch_is_caught_before_dispatch(world: World, echo: BotProcess) -> None:
    """Unknown commands and options, missing or mistyped values and out-of-range values raise."""
    driver, alice, channel = world.driver, world.alice, world.channel
    with pytest.raises(SchemaMismatch, match="no synced command"):
        await driver.slash(alice, channel, "nope")
    with pytest.raises(SchemaMismatch, match="no option 'txt'"):
        await driver.slash(alice, channel, "echo say", txt="hi")
    with pytest.raises(SchemaMismatch, match="missing required"):
        await driver.slash(alice, channel, "echo say")
    with pytest.raises(SchemaMismatch, match="integer option"):
        await driver.slash(alice, channel, "echo say", text="x", times="2")
    with pytest.raises(SchemaMismatch, match="within"):
        await driver.slash(alice, channel, "echo say", text="x", times=9)
    with pytest.raises(SchemaMismatch, match="needs a subcommand"):
        await driver.slash(alice, channel, "echo deep")
    assert driver.interactions == []


async def test_autocomplete_returns_choices(world: World, echo: BotProcess) -> None:
    """Autocomplete sends the typed text and returns the bot's choices."""
    choices = await world.driver.autocomplete(world.alice, world.channel, "echo pick", "fruit", "ap")
    assert [c["value"] for c in choices] == ["apple", "apricot"]


async def test_button_and_select_answer_the_clicker_only(world: World, echo: BotProcess) -> None:
    """A button and a select on a public message answer ephemerally to whoever used them."""
    driver = world.driver
    posted = await driver.slash(world.alice, world.channel, "echo buttons")
    clicked = await driver.click(world.bob, posted.message, "Ping")
    assert clicked.content == "pong for bob" and clicked.ephemeral
    assert clicked.message not in driver.visible_to(world.alice)
    chosen = await driver.select(world.carol, posted, "echo:choose", ["a", "C"])
    assert chosen.content == "chose a, c"
    with pytest.raises(ComponentError):
        await driver.click(world.bob, posted, "Nope")


async def test_update_message_redraws_the_ephemeral(world: World, echo: BotProcess) -> None:
    """A type 7 answer edits the message holding the button; others cannot click an ephemeral."""
    driver = world.driver
    counter = await driver.slash(world.alice, world.channel, "echo count")
    await driver.click(world.alice, counter, "Count")
    again = await driver.click(world.alice, counter, "echo:count")
    assert again.message is counter.message and counter.content == "count 2"
    assert [r["content"] for r in counter.message.revisions] == ["count 0", "count 1"]
    with pytest.raises(ComponentError, match="cannot see"):
        await driver.click(world.bob, counter, "Count")


async def test_deferred_reply_followups_and_edits(world: World, echo: BotProcess) -> None:
    """A deferral is completed by the follow-up; follow-ups and @original edits are recorded."""
    driver = world.driver
    later = await driver.slash(world.alice, world.channel, "echo later")
    assert later.callback_type == 5
    assert [m.content for m in later.messages] == ["done later"] and not later.message.loading
    edited = await driver.slash(world.alice, world.channel, "echo edit")
    first, second = edited.messages
    assert first.content == "first (edited)" and not first.ephemeral
    assert second.content == "second" and second.ephemeral_to == world.alice.id


async def test_modal_and_locales(world: World, echo: BotProcess) -> None:
    """A modal can be filled and submitted; the user's and guild's locales reach the bot."""
    driver = world.driver
    opened = await driver.slash(world.bob, world.channel, "echo modal")
    assert opened.callback_type == 9
    submitted = await driver.submit_modal(world.bob, opened, {"Name": "Bob"})
    assert submitted.content == "hello Bob"
    assert (await driver.slash(world.bob, world.channel, "echo locale")).content == "fr fr"
    assert (await driver.slash(world.alice, world.channel, "echo locale")).content == "en-US fr"


async def test_private_thread_is_visible_to_its_members(world: World, echo: BotProcess) -> None:
    """The bot can open a private thread, add the caller and post in it."""
    driver = world.driver
    result = await driver.slash(world.alice, world.channel, "echo thread")
    assert result.content.startswith("opened <#")
    welcome = next(m for m in result.new_messages if m.content.startswith("welcome"))
    assert welcome in driver.visible_to(world.alice)
    assert welcome not in driver.visible_to(world.bob)
    inside = await driver.slash(world.alice, driver.state.channels[welcome.channel_id], "echo say", text="in")
    assert inside.content == "in" and inside.message not in driver.visible_to(world.bob)


async def test_persistent_button_survives_sigkill(world: World, echo: BotProcess) -> None:
    """After SIGKILL and a restart, a button posted by the old process still works."""
    driver = world.driver
    posted = await driver.slash(world.alice, world.channel, "echo buttons")
    code = await echo.kill(signal.SIGKILL)
    assert code == -signal.SIGKILL
    await echo.start()
    clicked = await driver.click(world.bob, posted, "echo:ping")
    assert clicked.content == "pong for bob"
    assert echo.starts == 2


async def test_resume_after_reconnect_request(fake: FakeDiscord, world: World, echo: BotProcess) -> None:
    """On op 7 the bot resumes its session and keeps answering."""
    session = fake.gateway.current
    assert session is not None
    await fake.request_reconnect()
    await fake.state.wait_until(lambda: session.resumes == 1 and session.connected, 10, "a resume")
    assert fake.gateway.current is session
    result = await world.driver.slash(world.alice, world.channel, "echo say", text="back")
    assert result.content == "back"


async def test_unknown_route_from_the_bot_is_recorded(fake: FakeDiscord, world: World, echo: BotProcess) -> None:
    """A route the fake lacks is recorded and discord.py sees Discord's 404."""
    result = await world.driver.slash(world.alice, world.channel, "echo weird")
    assert result.content == "not found: 404 0"
    assert ("GET", "/api/v10/sticker-packs") in fake.unknown_routes


async def test_floor_bot_answers_ping(fake: FakeDiscord, world: World) -> None:
    """The benchmark's floor bot syncs a global /ping and answers pong."""
    process = BotProcess(fake, REPO_ROOT / "benchmarks" / "floor_bot.py")
    world.driver.process = process
    async with process:
        result = await world.driver.slash(world.alice, world.channel, "ping")
        assert result.content == "pong"
        in_dm = await world.driver.slash(world.bob, world.driver.dm_channel(world.bob), "ping")
        assert in_dm.message in world.driver.dms_for(world.bob)
        burst = [await world.driver.slash(u, world.channel, "ping", _wait=False) for u in (world.alice, world.bob)]
        await world.driver.wait_answered(burst)
        assert all(r.content == "pong" for r in burst)
    process.assert_clean()
    assert Path(process.script).name == "floor_bot.py"


async def test_limits_are_enforced_like_discord(fake: FakeDiscord, world: World) -> None:
    """Over-long content and too many action rows get Discord's 400 Invalid Form Body."""
    headers = {"Authorization": f"Bot {fake.token}"}
    url = f"{fake.api_url}/channels/{world.channel.id}/messages"
    row = {"type": 1, "components": [{"type": 2, "style": 1, "label": "x", "custom_id": "x"}]}
    async with aiohttp.ClientSession() as http:
        async with http.post(url, json={"content": "x" * 2001}, headers=headers) as reply:
            assert reply.status == 400 and (await reply.json())["code"] == 50035
        async with http.post(url, json={"content": "ok", "components": [row] * 6}, headers=headers) as reply:
            body = await reply.json()
            assert reply.status == 400 and "used twice" in str(body) and "action rows" in str(body)
        async with http.post(url, json={"content": "ok"}, headers=headers) as reply:
            assert reply.status == 200
    assert [m.content for m in world.driver.public_messages(world.channel)] == ["ok"]


async def test_select_and_embed_limits_are_enforced(fake: FakeDiscord, world: World) -> None:
    """Select options, placeholders and embed parts over Discord's limits get the same 400."""
    headers = {"Authorization": f"Bot {fake.token}"}
    url = f"{fake.api_url}/channels/{world.channel.id}/messages"

    def select(**changes: object) -> dict[str, object]:
        base: dict[str, object] = {"type": 3, "custom_id": "s", "placeholder": "p", "min_values": 1, "max_values": 1}
        base["options"] = [{"label": "a", "value": "a"}, {"label": "b", "value": "b"}]
        return {"type": 1, "components": [{**base, **changes}]}

    too_much = [
        {"components": [select(options=[{"label": "x" * 101, "value": "a"}])]},
        {"components": [select(options=[{"label": "a", "value": "v" * 101}])]},
        {"components": [select(placeholder="p" * 151)]},
        {"components": [select(max_values=3)]},
        {"embeds": [{"title": "t", "author": {"name": "n" * 257}}]},
        {"embeds": [{"title": "t" * 257}]},
        {"embeds": [{"fields": [{"name": "n", "value": "v" * 1025}]}]},
    ]
    async with aiohttp.ClientSession() as http:
        for body in too_much:
            async with http.post(url, json={"content": "x", **body}, headers=headers) as reply:
                assert reply.status == 400 and (await reply.json())["code"] == 50035, body
        async with http.post(url, json={"content": "ok", "components": [select()]}, headers=headers) as reply:
            assert reply.status == 200
    assert [m.content for m in world.driver.public_messages(world.channel)] == ["ok"]


async def test_expired_token_is_refused(fake: FakeDiscord, world: World, echo: BotProcess) -> None:
    """After 15 minutes (simulated), an interaction's token no longer edits its reply."""
    result = await world.driver.slash(world.alice, world.channel, "echo say", text="old")
    world.driver.expire_tokens()
    url = f"{fake.api_url}/webhooks/{fake.state.application_id}/{result.interaction.token}/messages/@original"
    async with aiohttp.ClientSession() as http, http.patch(url, json={"content": "new"}) as reply:
        assert reply.status == 401 and (await reply.json())["code"] == 50027
    assert result.content == "old"


async def test_an_edit_that_leaves_a_message_empty_is_refused(
    fake: FakeDiscord, world: World, echo: BotProcess
) -> None:
    """Discord refuses an edit after which the message has no content, embed, component or file
    (50006), whatever route edits it; an edit that keeps something is fine."""
    result = await world.driver.slash(world.alice, world.channel, "echo say", text="old")
    url = f"{fake.api_url}/webhooks/{fake.state.application_id}/{result.interaction.token}/messages/@original"
    async with aiohttp.ClientSession() as http:
        async with http.patch(url, json={"content": None, "embeds": [], "components": []}) as reply:
            assert reply.status == 400 and (await reply.json())["code"] == 50006
        assert result.content == "old"
        async with http.patch(url, json={"embeds": []}) as reply:  # the content stays
            assert reply.status == 200
    assert result.content == "old"
    assert result.message.live_components == []


async def test_file_uploads_become_attachments(fake: FakeDiscord, world: World) -> None:
    """A multipart message keeps ``payload_json`` and turns ``files[n]`` into attachments."""
    form = aiohttp.FormData()
    form.add_field("payload_json", '{"content": "a file", "attachments": [{"id": 0, "filename": "hand.png"}]}')
    form.add_field("files[0]", b"\x89PNG...", filename="hand.png", content_type="image/png")
    url = f"{fake.api_url}/channels/{world.channel.id}/messages"
    async with (
        aiohttp.ClientSession() as http,
        http.post(url, data=form, headers={"Authorization": f"Bot {fake.token}"}) as reply,
    ):
        assert reply.status == 200
    (message,) = world.driver.public_messages(world.channel)
    (attachment,) = message.attachments
    assert attachment["filename"] == "hand.png"
    assert fake.state.files[int(attachment["id"])] == b"\x89PNG..."


async def test_wrong_token_fails_start_with_the_log(fake: FakeDiscord, world: World) -> None:
    """A bot with a bad token cannot log in, and ``start()`` says so with the bot's log."""
    process = BotProcess(fake, REPO_ROOT / "benchmarks" / "floor_bot.py", env={"DISCORD_TOKEN": "wrong"})
    with pytest.raises(BotProcessError, match="exited"):
        await process.start(timeout=15)
    assert any("LoginFailure" in line for line in process.lines)


async def test_an_overwrite_takes_attach_files_away(fake: FakeDiscord, world: World) -> None:
    """Denying Attach Files to the bot's role in one channel refuses its uploads there (403), and
    only there; its other permissions stay."""
    d = world.driver
    quiet = d.text_channel(world.guild, "quiet")
    d.overwrite(world.channel, d.bot_role(world.guild), deny=ATTACH_FILES)
    bot = fake.state.bot.id
    assert not fake.state.permissions_in(bot, world.channel) & ATTACH_FILES
    assert fake.state.permissions_in(bot, world.channel) & SEND_MESSAGES
    assert fake.state.permissions_in(bot, quiet) & ATTACH_FILES

    def form() -> aiohttp.FormData:
        data = aiohttp.FormData()
        data.add_field("payload_json", '{"content": "a file", "attachments": [{"id": 0, "filename": "t.png"}]}')
        data.add_field("files[0]", b"\x89PNG...", filename="t.png", content_type="image/png")
        return data

    headers = {"Authorization": f"Bot {fake.token}"}
    async with aiohttp.ClientSession() as http:
        async with http.post(f"{fake.api_url}/channels/{world.channel.id}/messages", data=form(), headers=headers) as r:
            assert r.status == 403 and (await r.json())["code"] == 50013
        async with http.post(f"{fake.api_url}/channels/{quiet.id}/messages", data=form(), headers=headers) as r:
            assert r.status == 200
        async with http.post(
            f"{fake.api_url}/channels/{world.channel.id}/messages", json={"content": "text"}, headers=headers
        ) as r:
            assert r.status == 200
    assert [m.content for m in d.public_messages(world.channel)] == ["text"]


async def test_an_edit_keeps_the_attachments_it_lists(fake: FakeDiscord, world: World) -> None:
    """An edit that lists attachments keeps those (an id is enough) and drops the others; the
    driver reads the picture an embed shows from the message's own files."""
    form = aiohttp.FormData()
    payload = {
        "embeds": [{"title": "t", "image": {"url": "attachment://b.png"}}],
        "attachments": [{"id": 0, "filename": "a.png"}, {"id": 1, "filename": "b.png"}],
    }
    form.add_field("payload_json", json.dumps(payload))
    form.add_field("files[0]", b"A", filename="a.png", content_type="image/png")
    form.add_field("files[1]", b"B", filename="b.png", content_type="image/png")
    headers = {"Authorization": f"Bot {fake.token}"}
    url = f"{fake.api_url}/channels/{world.channel.id}/messages"
    async with aiohttp.ClientSession() as http:
        async with http.post(url, data=form, headers=headers) as reply:
            assert reply.status == 200
            message_id = (await reply.json())["id"]
        (message,) = world.driver.public_messages(world.channel)
        assert world.driver.image(message) == b"B"
        keep = [a for a in message.attachments if a["filename"] == "b.png"]
        edit = {"attachments": [{"id": keep[0]["id"]}]}
        async with http.patch(f"{url}/{message_id}", json=edit, headers=headers) as reply:
            assert reply.status == 200
        assert message.attachments == keep and world.driver.image(message) == b"B"
        async with http.patch(f"{url}/{message_id}", json={"attachments": []}, headers=headers) as reply:
            assert reply.status == 200
    assert message.attachments == [] and world.driver.image(message) is None
