"""Rami, the rummy bot: ``python bot.py``.

Settings come from the environment, or from a ``.env`` file beside this script:

``DISCORD_TOKEN``      the bot token (required)
``RAMI_DB_PATH``       the SQLite file (default ``data/rami.sqlite3``; created on first run)
``RAMI_DATABASE_URL``  ``postgresql://...``: use that PostgreSQL database instead of the SQLite file
``RAMI_DEV_GUILD``     a server id: commands are synced there at every start (instantly)
``RAMI_LOG_LEVEL``     DEBUG, INFO (default), WARNING or ERROR
``RAMI_PICTURES``      ``on`` (default) or ``off``: cards as pictures beside the text, or text only for
                       everyone (each person can also choose text only with ``/settings pictures``)
``RAMI_PACE``          ``discord`` (default): new messages in a channel 1 s apart, at most 4 in 5 s, each edited at
                       most once a second, within Discord's limits; ``off``: no pacing, only against a Discord
                       without rate limits (the tests' fake)
``RAMI_SHARD_COUNT``   how many shards the bot has in all (default: as many as Discord recommends)
``RAMI_SHARDS``        the shard ids this process runs, e.g. ``0-3`` or ``0,2`` (needs ``RAMI_SHARD_COUNT``;
                       default: all of them)

Without a dev server, commands are synced globally only when the command set changed (its
hash is kept in the database). With several processes, only the one that runs shard 0 syncs (to the
dev server too); each process resumes and plays only the games of its own shards' servers. The bot
asks for no privileged intent.

Ctrl-C or SIGTERM stops it gracefully, with exit code 0 (:func:`serve`); a second signal without waiting.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import os
import signal
import sys
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import discord
from discord.ext import commands
from dotenv import load_dotenv

from cogs.errors import CommandText, RamiTree
from cogs.seasons import SeasonPosts, SeasonsCog
from cogs.timers import Timers, TimersCog
from cogs.tournament import TournamentClock
from cogs.ui.client import RamiClient
from cogs.ui.context import NO_MENTIONS
from cogs.ui.items import ALL_ITEMS
from cogs.ui.open_hands import DiscordPrivate
from cogs.ui.poster import DISCORD_PACE, NO_PACE, DiscordChannels
from cogs.ui.replies import FirstReplies
from cogs.ui.shards import Shards, parse_shards
from cogs.ui.tournament_writer import TableThreads, TournamentWriter
from cogs.ui.writer import GameWriter
from data import Store, open_store
from service.collector import Collector
from service.gallery import Gallery
from service.games import GameService
from service.leaderboards import Leaderboards
from service.preferences import Preferences
from service.tournament_time import DEFAULT_ZONE, zone
from service.tournaments import Tournaments

log = logging.getLogger("rami")

HERE = Path(__file__).resolve().parent
DEFAULT_DB = HERE / "data" / "rami.sqlite3"
EXTENSIONS = (
    "cogs.lobby",
    "cogs.play",
    "cogs.info",
    "cogs.leaderboard",
    "cogs.history",
    "cogs.settings",
    "cogs.personal",
    "cogs.tournament",
)
COMMANDS_HASH_KEY = "commands_hash"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)  # Ctrl-C, and what `docker compose stop` sends
STOP_GRACE = 5.0  # seconds a stop waits for the messages and edits still to go out
SWITCH = {"on": True, "yes": True, "true": True, "1": True, "off": False, "no": False, "false": False, "0": False}


# Discord cannot be reached: no network or DNS, a firewall, or Discord down (5xx after discord.py's retries).
UNREACHABLE = (aiohttp.ClientConnectionError, discord.GatewayNotFound, discord.DiscordServerError)
# discord.client warns at every start that voice needs PyNaCl and davey: Rami has no voice.
VOICE_WARNINGS = frozenset(
    f"{library} is not installed, voice will NOT be supported" for library in ("PyNaCl", "davey")
)


def no_voice_warning(record: logging.LogRecord) -> bool:
    """A logging filter that drops discord.py's two voice warnings, and nothing else."""
    return record.getMessage() not in VOICE_WARNINGS


def one_line(error: BaseException) -> str:
    """An error's text on one line (its type when it has none)."""
    return " ".join(str(error).split()) or type(error).__name__


class ConfigError(Exception):
    """A setting is missing or wrong; ``str()`` is one line for the person running the bot."""


@dataclass(frozen=True)
class Settings:
    token: str
    db_path: Path = DEFAULT_DB
    dev_guild: int | None = None
    log_level: str = "INFO"
    pictures: bool = True
    shards: Shards = field(default_factory=Shards)
    paced: bool = True  # RAMI_PACE: the channel's messages within Discord's rate limits
    timezone: str = DEFAULT_ZONE  # RAMI_TIMEZONE: the wall clock of a tournament's typed start time

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> Settings:
        token = env.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise ConfigError("DISCORD_TOKEN is not set: put your bot token in .env (see .env.example).")
        dev = env.get("RAMI_DEV_GUILD", "").strip()
        if dev and not dev.isdigit():
            raise ConfigError(f"RAMI_DEV_GUILD must be a server id (a number), not {dev!r}.")
        level = env.get("RAMI_LOG_LEVEL", "INFO").strip().upper() or "INFO"
        if level not in LOG_LEVELS:
            raise ConfigError(f"RAMI_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {level!r}.")
        pictures = env.get("RAMI_PICTURES", "on").strip().lower() or "on"
        if pictures not in SWITCH:
            raise ConfigError(f"RAMI_PICTURES must be on or off, not {pictures!r}.")
        try:
            shards = parse_shards(env.get("RAMI_SHARD_COUNT", ""), env.get("RAMI_SHARDS", ""))
        except ValueError as exc:
            raise ConfigError(str(exc)) from None
        pace = env.get("RAMI_PACE", "discord").strip().lower() or "discord"
        if pace not in ("discord", "off"):
            raise ConfigError(f"RAMI_PACE must be discord or off, not {pace!r}.")
        path = env.get("RAMI_DB_PATH", "").strip()
        tz = env.get("RAMI_TIMEZONE", "").strip() or DEFAULT_ZONE
        try:
            zone(tz)
        except ValueError as exc:
            raise ConfigError(f"RAMI_TIMEZONE: {exc}.") from None
        paced = pace == "discord"
        return cls(token, db_path(path), int(dev) if dev else None, level, SWITCH[pictures], shards, paced, tz)


def db_path(value: str) -> Path:
    """The SQLite file: ``RAMI_DB_PATH`` if set, a relative one being taken from bot.py's folder
    (like the default), so the database does not move with the working directory."""
    if not value:
        return DEFAULT_DB
    path = Path(value).expanduser()
    return path if path.is_absolute() else HERE / path


async def command_hash(tree: discord.app_commands.CommandTree) -> str:
    """A digest of the global command tree as Discord receives it (translations included)."""
    commands_ = tree.get_commands()
    translator = tree.translator
    if translator is not None:
        payload = [await command.get_translated_payload(tree, translator) for command in commands_]
    else:
        payload = [command.to_dict(tree) for command in commands_]
    return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()


class RamiBot(RamiClient):
    """Opens the database, loads the cogs, registers the buttons, resumes the games, syncs.

    The services the cogs reach through the bot (:class:`~cogs.ui.client.RamiClient`) are opened in
    :meth:`setup_hook`, before any cog loads, and wired there: every change the service commits
    goes to the timers, which plan, and to the writer, which writes every message it changes."""

    timers: Timers  # computer players, turn timers and expiry (the Timers cog)
    writer: GameWriter  # every message a game shows, past each interaction's first response
    tournament_writer: TournamentWriter  # each tournament's public message
    table_threads: TableThreads  # where a tournament's tables are played
    # What a stop does before it closes the connection, in order (set up with the services).
    settle: tuple[Callable[[], Awaitable[None]], ...] = ()
    set_up = False  # setup_hook finished: a signal closes the bot (before that, it gives the start up)
    _signalled = False
    _hurried = False  # a second signal: what is still to go out is given up
    _closing: asyncio.Task[None] | None = None
    _draining: asyncio.Task[None] | None = None

    def __init__(self, settings: Settings) -> None:
        manual: dict[str, Any] = {} if settings.shards.ids is None else {"shard_ids": list(settings.shards.ids)}
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True),
            tree_cls=RamiTree,
            allowed_mentions=NO_MENTIONS,
            help_command=None,
            shard_count=settings.shards.count,
            **manual,  # the shards this process runs; without them, all
        )
        self.settings = settings
        self.own_shards = settings.shards
        self.db: Store | None = None
        self.collector = Collector()  # installed once start-up is loaded (setup_hook)

    async def setup_hook(self) -> None:
        await self.open_services()
        await self.load_cogs()
        self.add_dynamic_items(*ALL_ITEMS)
        await self.tree.set_translator(CommandText())
        await self.sync_commands()
        # Everything loaded so far (modules, catalogs, the command tree) lives as long as the process,
        # and so does most of what survives a full collection later: out of the next full passes,
        # which would otherwise scan it all every few seconds, longer the more games (measured:
        # benchmarks/README.md). Everything is scanned again once that grew by half, or after ten minutes
        # (service.collector).
        self.collector.install()
        self.set_up = True

    async def open_services(self) -> None:
        """Open the database and the services, and subscribe the timers and the writer to changes."""
        self.db = db = await open_store(os.environ.get("RAMI_DATABASE_URL", "").strip() or self.settings.db_path)
        self.service = GameService(db)
        await self.service.settings.load()  # each server's chosen language, kept in memory
        self.leaderboards = Leaderboards(db)
        self.preferences = Preferences(db)
        self.gallery = Gallery(enabled=self.settings.pictures)
        if not self.settings.pictures:
            log.info("pictures are off (RAMI_PICTURES): every message is text only")
        # Follow-ups, redraws and planning wait behind first responses still owed (cogs.ui.replies).
        self.replies = replies = FirstReplies()
        self.writer = GameWriter(
            self.service,
            DiscordChannels(self),
            DiscordPrivate(self),
            gallery=self.gallery,
            preferences=self.preferences,
            locale_for=self.locale_of,
            turn=replies.turn,
            pace=DISCORD_PACE if self.settings.paced else NO_PACE,
            closing=self.is_closed,
        )
        guilds = None if self.own_shards.all else self.own_shards.owns  # other shards' games are not ours
        self.timers = Timers(self.service, self.writer, turn=replies.turn, guilds=guilds)
        self.service.subscribe(self.timers.changed)  # a change replans its game's timers
        self.service.subscribe(self.writer.changed)  # and goes to every message it changes
        # Tournaments (issue 31): a round's tables are games in threads of the tournament's channel.
        self.table_threads = tables = TableThreads(self.writer.poster, self.writer.tr_for)
        self.tournament_threads = tables.threads  # an interaction there is about the thread's own game
        self.tournaments = Tournaments(db, self.service, tables, tz=zone(self.settings.timezone))
        self.tournament_writer = TournamentWriter(
            self.tournaments,
            self.writer.poster,
            self.writer.tr_for,
            self.service.settings.organiser_role,
            gallery=self.gallery,
        )
        self.tournaments.subscribe(self.tournament_writer.changed)
        # The threads of the tables in play are known before the first interaction: after a restart
        # the clock notes them only once the bot is ready, and a move typed there meanwhile would
        # miss its game (taken for the parent channel's).
        tables.note(await self.tournaments.open_tournaments(guilds))
        # A stop first stops the timers (no computer player moves), lets the results being recorded
        # be recorded, then lets every message and edit still to go out go: the boards, turn lines,
        # final messages, open hands and tournaments' messages.
        self.settle = (self.timers.close, self.tournaments.drain, self.writer.drain, self.tournament_writer.drain)

    async def load_cogs(self) -> None:
        """The command extensions, then the Timers cog, which resumes every active game's timers, and
        the Seasons cog, which posts the final board of each season that ended, and the tournaments'
        clock (their resumption, the rounds' time limits, tables still to open)."""
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        await self.add_cog(TimersCog(self.timers))
        owns = None if self.own_shards.all else self.own_shards.owns  # a server's shard posts its seasons
        posts = SeasonPosts(self.leaderboards.seasons, self.writer.poster, self.writer.tr_for, owns=owns)
        await self.add_cog(SeasonsCog(posts))  # its loop starts once the bot is ready
        # Its loop resumes this process's tournaments once ready, then watches their rounds' clocks.
        await self.add_cog(TournamentClock(self.tournaments, owns=owns, threads=self.table_threads))

    def locale_of(self, guild_id: int) -> object:
        guild = self.get_guild(guild_id)
        return guild.preferred_locale if guild is not None else "en-US"

    async def sync_commands(self) -> None:
        """Sync the command tree: to the dev server at every start, else globally when it changed.

        Only the process that runs shard 0 syncs (all processes load the same commands), so that
        several processes sync once, and only that one reads and writes the command hash."""
        assert self.db is not None
        if not self.own_shards.syncs:
            log.info("commands are synced by the process that runs shard 0 (shards here: %s)", self.own_shards)
            return
        if self.settings.dev_guild is not None:
            guild = discord.Object(self.settings.dev_guild)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d command(s) to the dev server %s", len(synced), self.settings.dev_guild)
            return
        meta = self.db.meta
        digest = await command_hash(self.tree)
        if await meta.get(COMMANDS_HASH_KEY) == digest:
            log.info("commands unchanged since the last global sync")
            return
        synced = await self.tree.sync()
        await meta.set(COMMANDS_HASH_KEY, digest)
        log.info("synced %d global command(s)", len(synced))

    async def on_ready(self) -> None:
        shards = Shards(self.shard_count, self.own_shards.ids)  # the count is known once connected
        log.info("ready as %s in %d server(s), shards %s", self.user, len(self.guilds), shards)

    def stop(self, sig: signal.Signals, start: asyncio.Task[None]) -> None:
        """SIGINT or SIGTERM: close gracefully (:meth:`close`); during the set-up, give ``start`` up.
        A second signal stops waiting for the messages still to go out."""
        if self._signalled:
            if not self._hurried:  # the drain may not have begun yet: it is then skipped
                self._hurried = True
                log.warning("%s again: stopping without the messages still to go out", sig.name)
                if self._draining is not None:
                    self._draining.cancel()
            return
        self._signalled = True
        log.info("%s: stopping", sig.name)
        if self.set_up:
            self._close_once()
        else:
            start.cancel()

    async def close(self) -> None:
        """Close once, however many ask (a signal, then ``async with``): new actions stop coming (the
        timers stop, the gateway closes), the messages and edits still to go out get up to
        :data:`STOP_GRACE` seconds, then the cogs unload and the connection, the picture worker
        and the database close."""
        await asyncio.shield(self._close_once())

    def _close_once(self) -> asyncio.Task[None]:
        if self._closing is None:
            self._closing = asyncio.get_running_loop().create_task(self._close(), name="rami-close")
        return self._closing

    async def _close(self) -> None:
        for shard in self.shards.values():
            await shard.disconnect()  # no new interaction: the connection closes with 1000
        if not self._hurried:
            self._draining = asyncio.get_running_loop().create_task(self._drain(), name="rami-drain")
            _done, late = await asyncio.wait({self._draining}, timeout=STOP_GRACE)
            if late:
                log.warning("stopping with messages still to go out (after %g s)", STOP_GRACE)
                self._draining.cancel()
        await super().close()  # unloads the cogs: the timers and the writer stop before the database closes
        tournament_writer: TournamentWriter | None = getattr(self, "tournament_writer", None)
        if tournament_writer is not None:
            await tournament_writer.close()
        gallery: Gallery | None = getattr(self, "gallery", None)  # set in setup_hook
        if gallery is not None:
            await asyncio.to_thread(gallery.close, wait=True)  # its drawing process ends before the bot does
        service: GameService | None = getattr(self, "service", None)
        if service is not None:
            await service.thinker.close()  # the experts' thinking process
        if self.db is not None:
            await self.db.close()
        self.collector.uninstall()  # the interpreter's own collector again

    async def _drain(self) -> None:
        for step in self.settle:
            await step()


async def serve(bot: RamiBot, token: str) -> None:
    """Run ``bot`` until it closes: SIGINT and SIGTERM close it gracefully (:meth:`RamiBot.stop`)."""
    loop = asyncio.get_running_loop()
    try:
        async with bot:
            start = loop.create_task(bot.start(token), name="rami-start")
            for sig in STOP_SIGNALS:
                loop.add_signal_handler(sig, bot.stop, sig, start)
            await asyncio.wait({start})
            if not start.cancelled():
                start.result()  # the token refused, Discord out of reach...
        await bot.close()  # a signal's close, to its end
    finally:
        # The bot is closed: what is left is asyncio's own teardown, which a signal must not break.
        # The loop's handlers go while its wake-up socket is still open (asyncio's close shuts the
        # socket before it removes them, and a signal in between printed "Exception ignored ...
        # signal wakeup fd"), and the signals are ignored until main() gives them back: a
        # KeyboardInterrupt inside the teardown left a pending task behind.
        for sig in STOP_SIGNALS:
            loop.remove_signal_handler(sig)
            signal.signal(sig, signal.SIG_IGN)


def main() -> int:
    load_dotenv(HERE / ".env")
    try:
        settings = Settings.from_env(os.environ)
    except ConfigError as exc:
        print(f"rami: {exc}", file=sys.stderr)
        return 1
    discord.utils.setup_logging(level=getattr(logging, settings.log_level))
    logging.getLogger("discord.client").addFilter(no_voice_warning)
    try:
        asyncio.run(serve(RamiBot(settings), settings.token))
        for sig in STOP_SIGNALS:  # one more Ctrl-C as Python exits: at once, no traceback
            signal.signal(sig, signal.SIG_DFL)
    except KeyboardInterrupt:  # Ctrl-C before the bot listens for it
        return 0
    except discord.LoginFailure:
        print(
            "rami: Discord rejected the token in DISCORD_TOKEN: copy it again from the Developer Portal.",
            file=sys.stderr,
        )
        return 1
    except UNREACHABLE as exc:
        print(
            f"rami: cannot reach Discord ({one_line(exc)}): check the network connection, then start again.",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
