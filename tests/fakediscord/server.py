"""The fake Discord server: one aiohttp app on 127.0.0.1 serving the gateway and the REST API.

::

    async with FakeDiscord() as fake:        # binds a free port
        fake.env()                           # {"FAKE_DISCORD_URL": ..., "DISCORD_TOKEN": ...}
        fake.state.messages                  # everything recorded

The websocket is ``ws://127.0.0.1:PORT/`` (what ``DEFAULT_GATEWAY`` and ``resume_gateway_url`` point
to); REST is under ``http://127.0.0.1:PORT/api/v10``.
"""

from __future__ import annotations

import logging
from types import TracebackType
from typing import Any, Self

from aiohttp import web

from . import channels, interactions  # noqa: F401  (importing them registers their routes)
from .gateway import Gateway
from .rest import API_PREFIX, Api, json_reply
from .state import State

log = logging.getLogger(__name__)


class FakeDiscord:
    """A fake Discord on loopback. ``await start()`` / ``await stop()``, or use ``async with``.

    ``interaction_deadline`` is how long the bot has for its first reply (Discord's 3 s); a later
    callback gets ``404 Unknown interaction``. ``None`` turns the check off. Each fake makes up its
    own ``token`` unless given one (see :class:`State`): a bot process gets it from :meth:`env`.
    ``shard_count`` is what ``GET /gateway/bot`` recommends and the fewest shards an IDENTIFY may
    use (see :mod:`.gateway` for how guilds go to shards).
    """

    def __init__(
        self,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        token: str | None = None,
        bot_name: str = "Rami",
        interaction_deadline: float | None = 3.0,
        shard_count: int = 1,
    ) -> None:
        self.host = host
        self.port = port
        self.state = State(bot_name=bot_name, token=token, shard_count=shard_count)
        self.gateway = Gateway(self.state, ws_url="")
        self.api = Api(self.state, self.gateway, base_url="", interaction_deadline=interaction_deadline)
        self._runner: web.AppRunner | None = None

    # -- lifecycle -------------------------------------------------------------------------------

    async def start(self) -> None:
        """Bind the port (a free one when ``port`` is 0) and serve."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/", self.gateway.handle)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self.api.handle)
        app.router.add_route("*", "/{tail:.*}", self._unknown)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        self.port = int(self._runner.addresses[0][1])
        self.gateway.ws_url = f"ws://{self.host}:{self.port}/"
        self.api.base_url = self.url
        log.info("fake Discord listening on %s", self.url)

    async def stop(self) -> None:
        """Close every websocket and stop serving."""
        if self._runner is None:
            return
        await self.gateway.close_all()
        await self._runner.cleanup()
        self._runner = None

    async def __aenter__(self) -> Self:
        await self.start()
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.stop()

    async def _unknown(self, request: web.Request) -> web.StreamResponse:
        self.state.unknown_routes.append((request.method, request.path))
        log.warning("unknown route %s %s", request.method, request.path)
        return json_reply({"message": "404: Not Found", "code": 0}, 404)

    # -- addresses ---------------------------------------------------------------------------------

    @property
    def url(self) -> str:
        """``http://127.0.0.1:PORT`` (the value of ``FAKE_DISCORD_URL``)."""
        return f"http://{self.host}:{self.port}"

    @property
    def api_url(self) -> str:
        """The REST base, what ``discord.http.Route.BASE`` must be."""
        return self.url + API_PREFIX

    @property
    def ws_url(self) -> str:
        """The gateway URL."""
        return self.gateway.ws_url

    @property
    def token(self) -> str:
        """The only bot token the fake accepts."""
        return self.state.token

    def env(self) -> dict[str, str]:
        """Environment for a bot process: where the fake is, and the token."""
        return {"FAKE_DISCORD_URL": self.url, "DISCORD_TOKEN": self.state.token}

    # -- what happened -----------------------------------------------------------------------------

    @property
    def connected(self) -> bool:
        """Whether the bot's current gateway session is connected."""
        return self.gateway.connected

    @property
    def unknown_routes(self) -> list[tuple[str, str]]:
        """``(method, path)`` of every request to a route the fake does not know."""
        return self.state.unknown_routes

    @property
    def errors(self) -> list[tuple[str, str, int, dict[str, Any]]]:
        """``(method, path, status, body)`` of every error reply the fake gave."""
        return self.state.errors

    async def wait_connected(self, timeout: float = 10.0) -> None:
        """Wait until the bot has a connected gateway session."""
        await self.state.wait_until(lambda: self.gateway.connected, timeout, "the bot to connect")

    async def request_reconnect(self) -> None:
        """Ask the bot to reconnect (op 7); it should come back with RESUME."""
        await self.gateway.request_reconnect()
