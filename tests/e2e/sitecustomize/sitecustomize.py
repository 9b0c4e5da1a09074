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


class _Patching:
    """A loader that runs a module as its own loader would, then patches it (before its importer
    sees it)."""

    def __init__(self, loader: Any, patch: Any) -> None:
        self.loader = loader
        self.patch = patch

    def create_module(self, spec: Any) -> Any:
        return self.loader.create_module(spec)

    def exec_module(self, module: Any) -> None:
        self.loader.exec_module(module)
        self.patch(module)


class _AfterImport:
    """A finder on ``sys.meta_path`` that patches the named modules as they are first imported."""

    def __init__(self, patches: dict[str, Any]) -> None:
        self.patches = patches

    def find_spec(self, name: str, path: Any, target: Any = None) -> Any:
        patch = self.patches.get(name)
        if patch is None:
            return None
        from importlib.machinery import PathFinder

        spec = PathFinder.find_spec(name, path)
        if spec is not None and spec.loader is not None:
            spec.loader = _Patching(spec.loader, patch)
        return spec


def _move_the_clock(path: str) -> None:
    """Patch the bot's clock to run ``float(open(path).read())`` seconds ahead (see the module doc)."""
    import sys
    from datetime import timedelta

    seen: list[Any] = [None, 0.0]  # the file's mtime, the offset it held

    def offset() -> float:
        try:
            stamp = os.stat(path).st_mtime_ns
            if stamp != seen[0]:
                with open(path) as file:
                    seen[:] = [stamp, float(file.read().strip() or 0)]
        except (OSError, ValueError):
            pass  # being rewritten: the offset read last
        return float(seen[1])

    def clock(module: Any) -> None:
        real = module.utcnow

        def utcnow() -> Any:
            return real() + timedelta(seconds=offset())

        module.utcnow = utcnow

    def poll(module: Any) -> None:
        module.POLL = 0.2

    sys.meta_path.insert(0, _AfterImport({"data._clock": clock, "cogs.seasons": poll, "cogs.tournament": poll}))


_CLOCK = os.environ.get("RAMI_TEST_CLOCK")
if _CLOCK:
    _move_the_clock(_CLOCK)

_PROBE = os.environ.get("RAMI_PROBE")
if _PROBE:
    import rami_probe  # this folder is on PYTHONPATH

    rami_probe.install(_PROBE)

_URL = os.environ.get("FAKE_DISCORD_URL")
if _URL:
    _point_discord_at(_URL)
