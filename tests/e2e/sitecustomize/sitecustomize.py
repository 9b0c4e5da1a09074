"""Point discord.py at the fake Discord when ``FAKE_DISCORD_URL`` is set (e.g. ``http://127.0.0.1:PORT``).

Put this folder first on ``PYTHONPATH`` of a bot process: Python imports ``sitecustomize`` at start-up,
before the bot's own code. Without the variable this module does nothing and imports nothing.

It sets ``discord.http.Route.BASE`` (read by every REST call, interaction callbacks and webhooks
included) and ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` (the URL a plain ``Client`` always
dials; only ``AutoShardedClient`` asks ``/gateway/bot``, and the fake answers that too). It also adds
``pid/N`` (this process's id) to the User-Agent of every request (REST, interaction replies and the
gateway's websocket), so the fake can tell apart two bot processes that share one token (several shards).
"""

from __future__ import annotations

import os
from typing import Any


def _point_discord_at(url: str) -> None:
    """Patch discord.py's REST base and gateway URL to the fake at ``url``."""
    import logging

    import aiohttp.client_reqrep
    import discord.gateway
    import discord.http
    import yarl

    base = yarl.URL(url.rstrip("/"))
    discord.http.Route.BASE = str(base / "api" / "v10")
    ws_scheme = "wss" if base.scheme == "https" else "ws"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = base.with_scheme(ws_scheme).with_path("/")
    tag = f"pid/{os.getpid()}"
    original_init = discord.http.HTTPClient.__init__

    def tagged_init(self: discord.http.HTTPClient, *args: Any, **kwargs: Any) -> None:
        original_init(self, *args, **kwargs)
        self.user_agent = f"{self.user_agent} {tag}"  # REST calls and the gateway's websocket

    discord.http.HTTPClient.__init__ = tagged_init  # type: ignore[method-assign]
    # Interaction callbacks and follow-ups (discord.webhook) send no User-Agent: aiohttp's default.
    aiohttp.client_reqrep.SERVER_SOFTWARE = f"{aiohttp.client_reqrep.SERVER_SOFTWARE} {tag}"
    logging.getLogger(__name__).debug("discord.py pointed at %s", base)


_PROBE = os.environ.get("RAMI_PROBE")
if _PROBE:
    import rami_probe  # this folder is on PYTHONPATH

    rami_probe.install(_PROBE)

_URL = os.environ.get("FAKE_DISCORD_URL")
if _URL:
    _point_discord_at(_URL)
