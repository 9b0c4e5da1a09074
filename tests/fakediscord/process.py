"""Run a real bot script (``bot.py``, the echo bot, the floor bot) as a subprocess against the fake.

The child gets ``DISCORD_TOKEN``, ``FAKE_DISCORD_URL`` and a ``PYTHONPATH`` with the sitecustomize
folder first, so discord.py talks to the fake without a change to the bot's code.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import signal
import sys
from collections.abc import Mapping
from pathlib import Path
from types import TracebackType
from typing import Self

from .server import FakeDiscord

log = logging.getLogger(__name__)

REPO_ROOT = Path(__file__).resolve().parents[2]
SITECUSTOMIZE_DIR = REPO_ROOT / "tests" / "e2e" / "sitecustomize"
ANSI_ESCAPE = re.compile(r"\x1b\[[0-9;]*m")
ERROR_LINE = re.compile(r"Traceback \(most recent call last\)|\bERROR\b|\bCRITICAL\b")


class BotProcessError(RuntimeError):
    """The bot process died, or did not connect in time; the message carries its log."""


class BotProcess:
    """A bot script running as ``python SCRIPT`` in ``cwd`` (the repo root by default).

    ``lines`` holds every line of its stdout and stderr, interleaved as read, across restarts.
    """

    def __init__(
        self,
        fake: FakeDiscord,
        script: str | os.PathLike[str],
        *,
        cwd: Path = REPO_ROOT,
        env: Mapping[str, str] | None = None,
        python: str = sys.executable,
        sitecustomize_dir: Path = SITECUSTOMIZE_DIR,
    ) -> None:
        self.fake = fake
        self.script = Path(script)
        self.cwd = cwd
        self.extra_env = dict(env or {})
        self.python = python
        self.sitecustomize_dir = sitecustomize_dir
        self.lines: list[str] = []
        self.starts = 0
        self._proc: asyncio.subprocess.Process | None = None
        self._readers: list[asyncio.Task[None]] = []

    # -- lifecycle ---------------------------------------------------------------------------------

    def environment(self) -> dict[str, str]:
        """The child's environment: ours, the fake's address and token, sitecustomize, extras."""
        env = dict(os.environ)
        env.update(self.fake.env())
        env["PYTHONUNBUFFERED"] = "1"
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(self.sitecustomize_dir), env.get("PYTHONPATH")) if p)
        env.update(self.extra_env)
        return env

    async def start(self, *, wait_sync: bool = True, timeout: float = 30.0) -> None:
        """Start the script and wait until it identified (and, with ``wait_sync``, synced commands)."""
        if self.running:
            raise BotProcessError("the bot is already running")
        state = self.fake.state
        identifies, syncs = state.identify_count, state.sync_count
        self._proc = await asyncio.create_subprocess_exec(
            self.python,
            str(self.script),
            cwd=self.cwd,
            env=self.environment(),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            limit=1 << 20,
        )
        self.starts += 1
        self.lines.append(f"--- start #{self.starts}: pid {self._proc.pid} ---")
        self._readers = [asyncio.create_task(self._read(stream)) for stream in (self._proc.stdout, self._proc.stderr)]

        def ready() -> bool:
            if not self.running:
                return True
            return state.identify_count > identifies and (not wait_sync or state.sync_count > syncs) and self.connected

        try:
            await state.wait_until(ready, timeout, f"{self.script.name} to connect")
        except TimeoutError as exc:
            await self.kill()
            raise BotProcessError(f"{exc}\n{self.log_text()}") from None
        if not self.running:
            await self._drain()
            raise BotProcessError(f"{self.script.name} exited with {self.returncode}\n{self.log_text()}")
        log.info("%s connected (pid %s)", self.script.name, self.pid)

    async def kill(self, sig: int = signal.SIGKILL) -> int | None:
        """Send ``sig`` and wait for the process to end; returns its exit code."""
        if self._proc is None:
            return None
        if self._proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self._proc.send_signal(sig)
        code = await self._proc.wait()
        await self._drain()
        self.lines.append(f"--- exited with {code} ---")
        await self.fake.state.wait_until(lambda: not self.connected, 5.0, "the gateway to notice the exit")
        return code

    async def stop(self, timeout: float = 5.0) -> int | None:
        """End the bot gracefully (SIGINT, as Ctrl-C), then SIGKILL after ``timeout`` seconds.

        A second SIGINT follows after a second: on Python 3.11, ``asyncio.wait_for`` can swallow the
        first one's cancellation when it lands just as discord.py finishes connecting.
        """
        if self._proc is None or self._proc.returncode is not None:
            return self.returncode
        for wait in (1.0, max(timeout - 1.0, 0.1)):
            with contextlib.suppress(ProcessLookupError):
                self._proc.send_signal(signal.SIGINT)
            try:
                await asyncio.wait_for(asyncio.shield(self._proc.wait()), wait)
                break
            except TimeoutError:
                continue
        else:
            log.warning("%s ignored SIGINT; killing it", self.script.name)
        return await self.kill()

    async def restart(self, *, sig: int = signal.SIGKILL, wait_sync: bool = True, timeout: float = 30.0) -> None:
        """Kill with ``sig`` (SIGKILL by default, like a crash) and start again."""
        await self.kill(sig)
        await self.start(wait_sync=wait_sync, timeout=timeout)

    async def __aenter__(self) -> Self:
        await self.start()
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.stop()

    # -- looking at it -------------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        """Whether the process is alive."""
        return self._proc is not None and self._proc.returncode is None

    @property
    def connected(self) -> bool:
        """Whether a gateway session of this process is connected (of any process, for a client
        whose User-Agent does not say its pid: then the fake's latest session)."""
        gateway = self.fake.gateway
        if self.pid is None or not any(s.pid is not None for s in gateway.sessions.values()):
            return self.fake.connected
        return any(s.connected for s in gateway.sessions_of(self.pid))

    @property
    def pid(self) -> int | None:
        """The current process id."""
        return self._proc.pid if self._proc else None

    @property
    def returncode(self) -> int | None:
        """The exit code once it ended."""
        return self._proc.returncode if self._proc else None

    def log_text(self) -> str:
        """Everything the bot printed, one line each."""
        return "\n".join(self.lines)

    def error_lines(self) -> list[str]:
        """Lines with a traceback header, ``ERROR`` or ``CRITICAL``."""
        return [line for line in self.lines if ERROR_LINE.search(line)]

    def assert_clean(self) -> None:
        """Fail when the bot logged an error or a traceback."""
        errors = self.error_lines()
        if errors:
            raise AssertionError(f"the bot logged {len(errors)} error line(s):\n{self.log_text()}")

    async def _read(self, stream: asyncio.StreamReader | None) -> None:
        if stream is None:
            return
        while True:
            raw = await stream.readline()
            if not raw:
                return
            line = ANSI_ESCAPE.sub("", raw.decode(errors="replace").rstrip("\r\n"))
            self.lines.append(line)
            log.debug("bot: %s", line)

    async def _drain(self) -> None:
        if self._readers:
            await asyncio.gather(*self._readers, return_exceptions=True)
            self._readers = []
