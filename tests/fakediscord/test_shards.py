"""The fake gateway shards like Discord: each session gets the guilds of its shard only."""

from __future__ import annotations

import json
import signal
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import pytest
import pytest_asyncio

from tests.fakediscord import BotProcess, Driver, FakeChannel, FakeDiscord, FakeGuild, FakeUser
from tests.fakediscord.conftest import ECHO_BOT

GUILDS_AND_MESSAGES = 1 | 1 << 9


@dataclass
class Sharded:
    """A fake that wants two shards, with one guild (and channel) on each, and two members."""

    fake: FakeDiscord
    driver: Driver
    guilds: tuple[FakeGuild, FakeGuild]
    channels: tuple[FakeChannel, FakeChannel]
    alice: FakeUser
    bob: FakeUser


@pytest_asyncio.fixture
async def sharded() -> AsyncIterator[Sharded]:
    async with FakeDiscord(shard_count=2) as fake:
        d = Driver(fake, timeout=10.0)
        guilds = (d.guild("Zero", shard=0), d.guild("One", shard=1))
        channels = (d.text_channel(guilds[0], "zero"), d.text_channel(guilds[1], "one"))
        alice, bob = d.user("alice"), d.user("bob")
        for guild in guilds:
            d.member(guild, alice)
            d.member(guild, bob)
        yield Sharded(fake, d, guilds, channels, alice, bob)


class RawClient:
    """A bare websocket client of the fake's gateway, reading the events it is sent."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws

    async def event(self, timeout: float = 5.0) -> dict[str, Any]:
        """The next dispatched event (op 0)."""
        while True:
            payload = await self.ws.receive_json(timeout=timeout)
            if payload["op"] == 0:
                return dict(payload)


async def identify(http: aiohttp.ClientSession, fake: FakeDiscord, shard: list[int] | None) -> RawClient:
    ws = await http.ws_connect(fake.url + "/?v=10&encoding=json")
    assert (await ws.receive_json())["op"] == 10
    data: dict[str, Any] = {"token": fake.token, "intents": GUILDS_AND_MESSAGES, "properties": {}}
    if shard is not None:
        data["shard"] = shard
    await ws.send_json({"op": 2, "d": data})
    return RawClient(ws)


async def test_guild_ids_can_be_made_for_a_shard(sharded: Sharded) -> None:
    """``d.guild(..., shard=n)`` makes an id Discord would give to shard n; ids still grow."""
    zero, one = sharded.guilds
    assert ((zero.id >> 22) % 2, (one.id >> 22) % 2) == (0, 1)
    assert zero.id < one.id < sharded.fake.state.ids.next()
    with pytest.raises(ValueError, match="shard 2"):
        sharded.driver.guild("Nowhere", shard=2)


async def test_gateway_bot_recommends_the_shard_count(sharded: Sharded) -> None:
    """GET /gateway/bot answers the fake's shard count and its own websocket."""
    fake = sharded.fake
    async with (
        aiohttp.ClientSession() as http,
        http.get(fake.api_url + "/gateway/bot", headers={"Authorization": f"Bot {fake.token}"}) as reply,
    ):
        body = json.loads(await reply.text())
    assert (body["shards"], body["url"]) == (2, fake.ws_url)


async def test_each_shard_gets_ready_with_its_own_guilds(sharded: Sharded) -> None:
    """READY per shard lists its guilds only, GUILD_CREATE follows for those, and messages of a
    guild reach its shard only."""
    fake, (zero, one), (in_zero, in_one) = sharded.fake, sharded.guilds, sharded.channels
    async with aiohttp.ClientSession() as http:
        first, second = await identify(http, fake, [0, 2]), await identify(http, fake, [1, 2])
        for client, guild in ((first, zero), (second, one)):
            ready = await client.event()
            assert ready["t"] == "READY" and ready["d"]["guilds"] == [{"id": str(guild.id), "unavailable": True}]
            created = await client.event()
            assert (created["t"], created["d"]["id"]) == ("GUILD_CREATE", str(guild.id))
        assert [s.shard for s in fake.gateway.sessions.values()] == [[0, 2], [1, 2]]
        await sharded.driver.say(sharded.alice, in_zero, "to zero")
        await sharded.driver.say(sharded.bob, in_one, "to one")
        for client, channel, author in ((first, in_zero, sharded.alice), (second, in_one, sharded.bob)):
            got = await client.event()
            assert (got["t"], got["d"]["channel_id"], got["d"]["author"]["id"]) == (
                "MESSAGE_CREATE",
                str(channel.id),
                str(author.id),
            )
        late = sharded.driver.guild("Late", shard=1)  # a guild joined later arrives at its shard only
        got = await second.event()
        assert (got["t"], got["d"]["id"]) == ("GUILD_CREATE", str(late.id))
        routed = fake.gateway.dispatch("INTERACTION_CREATE", {"guild_id": str(zero.id)})
        assert routed.shard == [0, 2] and fake.gateway.session_for(None) is routed  # DMs go to shard 0
        assert (await first.event())["t"] == "INTERACTION_CREATE"
        await first.ws.close()
        await second.ws.close()


@pytest.mark.parametrize(
    ("shard", "code"),
    [([2, 2], 4010), ([0, 0], 4010), (["0", 2], 4010), (None, 4011), ([0, 1], 4011)],
    ids=["id-too-big", "no-count", "not-numbers", "no-shard", "too-few"],
)
async def test_a_wrong_shard_is_refused_like_discord(sharded: Sharded, shard: list[Any] | None, code: int) -> None:
    """An invalid shard closes with 4010; fewer shards than the fake wants closes with 4011."""
    async with aiohttp.ClientSession() as http:
        client = await identify(http, sharded.fake, shard)
        closed = await client.ws.receive(timeout=5)
        assert closed.type is aiohttp.WSMsgType.CLOSE and closed.data == code
    assert not sharded.fake.gateway.sessions


def echo_process(world: Sharded, shard: int) -> BotProcess:
    guild_ids = ",".join(str(g.id) for g in world.guilds)
    env = {"ECHO_GUILD_ID": guild_ids, "ECHO_SHARD_COUNT": "2", "ECHO_SHARDS": str(shard)}
    return BotProcess(world.fake, ECHO_BOT, env=env)


async def test_two_processes_answer_the_guilds_of_their_shards(sharded: Sharded) -> None:
    """Two real bot processes with one token, shard 0 and shard 1: each guild's interactions reach
    the process of its shard, the fake tells them apart by pid, and a killed one is replaced."""
    d, fake = sharded.driver, sharded.fake
    first, second = echo_process(sharded, 0), echo_process(sharded, 1)
    await first.start()
    await second.start()
    try:
        assert {(s.pid, tuple(s.shard or ())) for s in fake.gateway.sessions.values()} == {
            (first.pid, (0, 2)),
            (second.pid, (1, 2)),
        }
        for channel, shard, process in zip(sharded.channels, (0, 1), (first, second), strict=True):
            answer = await d.slash(sharded.alice, channel, "echo shard")
            assert answer.content == f"shard {shard} pid {process.pid}"
            path = f"/interactions/{answer.interaction.id}/{answer.interaction.token}/callback"
            assert [pid for pid, _method, called in fake.state.calls if called == path] == [process.pid]
            assert fake.state.guild_of_call(path) == channel.guild_id
        old = second.pid
        await second.kill(signal.SIGKILL)
        assert first.connected and not second.connected
        assert fake.gateway.connected_for(sharded.guilds[0].id) and not fake.gateway.connected_for(sharded.guilds[1].id)
        still = await d.slash(sharded.bob, sharded.channels[0], "echo shard")
        assert still.content == f"shard 0 pid {first.pid}"
        await second.start()
        back = await d.slash(sharded.bob, sharded.channels[1], "echo shard")
        assert back.content == f"shard 1 pid {second.pid}" and second.pid != old
    finally:
        await second.stop()
        await first.stop()
    first.assert_clean()
    second.assert_clean()
