"""The fake gateway: HELLO, heartbeats, IDENTIFY/READY/GUILD_CREATE, RESUME, and dispatching events.

Frames are plain JSON text (discord.py only decompresses binary frames). Each connection has one writer
task fed by a queue, so events leave in the order their sequence numbers were given.

Sharding as Discord does it: an IDENTIFY may carry ``shard: [shard_id, shard_count]``; that session
then gets the guilds with ``(guild_id >> 22) % shard_count == shard_id`` only (in READY, as
GUILD_CREATE, and every later event of theirs, interactions included), and DMs go to shard 0. A
session without ``shard`` gets everything. An event goes to the newest session that owns its guild
(a connected one first), so a restarted process takes over from the one it replaces.

Each session also knows the ``pid`` of the process behind it, read from the ``pid/N`` the test's
sitecustomize adds to discord.py's User-Agent (None for other clients), so tests can tell two bot
processes with one token apart; REST calls record it too (``state.calls``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from typing import Any

from aiohttp import WSMsgType, web

from .models import DM, client_pid
from .payloads import (
    guild_create_payload,
    member_payload,
    message_payload,
    user_payload,
)
from .state import State

log = logging.getLogger(__name__)

HEARTBEAT_INTERVAL_MS = 41_250
INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15
_BUFFERED = 1000


class Connection:
    """One websocket; payloads queued with :meth:`send` are written in order by one task."""

    def __init__(self, ws: web.WebSocketResponse, pid: int | None = None) -> None:
        self.ws = ws
        self.pid = pid  # the bot process on the other end (see client_pid)
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.session: Session | None = None
        self.writer = asyncio.create_task(self._write(), name="fakediscord-gateway-writer")

    def send(self, payload: dict[str, Any]) -> None:
        """Queue a payload for this websocket."""
        self.queue.put_nowait(payload)

    async def _write(self) -> None:
        while True:
            payload = await self.queue.get()
            if self.ws.closed:
                continue
            try:
                await self.ws.send_str(json.dumps(payload))
            except (ConnectionError, RuntimeError) as exc:
                log.debug("gateway write failed: %s", exc)


class Session:
    """A gateway session: survives its connection so that a RESUME can pick it up again."""

    def __init__(self, session_id: str, intents: int, shard: list[int] | None, pid: int | None = None) -> None:
        self.id = session_id
        self.intents = intents
        self.shard = shard  # [shard_id, shard_count], or None: every guild
        self.pid = pid  # the process that identified (see client_pid)
        self.seq = 0
        self.connection: Connection | None = None
        self.buffer: list[dict[str, Any]] = []
        self.identified_at = time.perf_counter()
        self.resumes = 0

    @property
    def connected(self) -> bool:
        """Whether a live websocket carries this session."""
        return self.connection is not None and not self.connection.ws.closed

    def owns(self, guild_id: int | None) -> bool:
        """Whether the guild's events come to this session (``None``: a DM, for shard 0)."""
        if self.shard is None:
            return True
        shard_id, count = self.shard
        if guild_id is None:
            return shard_id == 0
        return (guild_id >> 22) % count == shard_id

    def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send an op 0 event with the next sequence number (kept for a later RESUME)."""
        self.seq += 1
        payload = {"op": 0, "t": event, "s": self.seq, "d": data}
        self.buffer.append(payload)
        del self.buffer[:-_BUFFERED]
        if self.connection is not None:
            self.connection.send(payload)


class Gateway:
    """Serves the websocket and knows which session is the bot's current one."""

    def __init__(self, state: State, ws_url: str) -> None:
        self.state = state
        self.ws_url = ws_url
        self.sessions: dict[str, Session] = {}
        self.current: Session | None = None
        self.connections: set[Connection] = set()
        self.closed: list[tuple[int | None, int | None]] = []  # (pid, close code) of each websocket that ended
        state.emit = self._on_state_event

    @property
    def connected(self) -> bool:
        """Whether the bot's latest session is connected."""
        return self.current is not None and self.current.connected

    def session_for(self, guild_id: int | None) -> Session | None:
        """The session a guild's events go to: the newest connected one that owns it, else the newest
        that owns it (its buffer keeps them for a RESUME), else None."""
        owners = [s for s in reversed(self.sessions.values()) if s.owns(guild_id)]
        return next((s for s in owners if s.connected), owners[0] if owners else None)

    def connected_for(self, guild_id: int | None) -> bool:
        """Whether a connected session owns the guild (a DM: shard 0)."""
        session = self.session_for(guild_id)
        return session is not None and session.connected

    def sessions_of(self, pid: int) -> list[Session]:
        """The sessions process ``pid`` identified, oldest first."""
        return [s for s in self.sessions.values() if s.pid == pid]

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        """The websocket endpoint (``GET /`` with ``?v=10&encoding=json``)."""
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        conn = Connection(ws, client_pid(request.headers.get("User-Agent")))
        self.connections.add(conn)
        conn.send({"op": 10, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}, "s": None, "t": None})
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                payload = json.loads(msg.data)
                await self._receive(conn, payload.get("op"), payload.get("d"))
        finally:
            self.connections.discard(conn)
            self.closed.append((conn.pid, ws.close_code))
            if conn.session is not None and conn.session.connection is conn:
                conn.session.connection = None
            conn.writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await conn.writer
            self.state.changed()
        return ws

    async def _receive(self, conn: Connection, op: int | None, data: Any) -> None:
        if op == 1:
            conn.send({"op": 11, "d": None, "s": None, "t": None})
        elif op == 2:
            if data.get("token") != self.state.token:
                log.warning("IDENTIFY with a wrong token")
                await conn.ws.close(code=4004, message=b"Authentication failed.")
                return
            await self._identify(conn, data)
        elif op == 6:
            self._resume(conn, data)
        elif op == 8 and conn.session is not None:
            self._chunk(conn.session, data)
        elif op in (3, 4):
            return
        else:
            log.debug("gateway ignores op %s", op)

    async def _identify(self, conn: Connection, data: dict[str, Any]) -> None:
        shard = data.get("shard")
        if shard is not None:
            valid = isinstance(shard, list) and len(shard) == 2 and all(isinstance(n, int) for n in shard)
            if not valid or not 0 <= shard[0] < shard[1]:
                log.warning("IDENTIFY with an invalid shard %r", shard)
                await conn.ws.close(code=4010, message=b"Invalid shard.")
                return
        if self.state.shard_count > 1 and (shard is None or shard[1] < self.state.shard_count):
            log.warning("IDENTIFY with shard %r: this bot needs %d shards", shard, self.state.shard_count)
            await conn.ws.close(code=4011, message=b"Sharding required.")
            return
        session = Session(secrets.token_hex(16), int(data.get("intents") or 0), shard, conn.pid)
        session.connection = conn
        conn.session = session
        self.sessions[session.id] = session
        self.current = session
        state = self.state
        ready: dict[str, Any] = {
            "v": 10,
            "user": user_payload(state.bot) | {"verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [{"id": str(gid), "unavailable": True} for gid in state.guilds if session.owns(gid)],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.ws_url,
            "application": {"id": str(state.application_id), "flags": state.application_flags},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "user_settings": {},
            "auth": {},
        }
        if session.shard is not None:
            ready["shard"] = session.shard
        session.dispatch("READY", ready)
        owned = [guild for guild in state.guilds.values() if session.owns(guild.id)]
        for guild in owned:
            session.dispatch("GUILD_CREATE", guild_create_payload(state, guild))
        state.identify_count += 1
        log.info("bot identified: session %s, shard %s, %d guild(s)", session.id, shard, len(owned))
        state.changed()

    def _resume(self, conn: Connection, data: dict[str, Any]) -> None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or data.get("token") != self.state.token:
            conn.send({"op": 9, "d": False, "s": None, "t": None})
            return
        session.connection = conn
        conn.session = session
        session.pid = conn.pid if conn.pid is not None else session.pid
        seen = int(data.get("seq") or 0)
        for payload in session.buffer:
            if payload["s"] > seen:
                conn.send(payload)
        session.resumes += 1
        session.dispatch("RESUMED", {})
        log.info("session %s resumed after seq %d", session.id, seen)
        self.state.changed()

    def _chunk(self, session: Session, data: dict[str, Any]) -> None:
        guild = self.state.guilds.get(int(data["guild_id"]))
        members = list(guild.members.values()) if guild else []
        user_ids = {int(u) for u in data.get("user_ids") or []}
        query = str(data.get("query") or "").lower()
        if user_ids:
            members = [m for m in members if m.user.id in user_ids]
        elif query:
            members = [m for m in members if m.user.name.lower().startswith(query)]
        limit = int(data.get("limit") or 0)
        if limit:
            members = members[:limit]
        session.dispatch(
            "GUILD_MEMBERS_CHUNK",
            {
                "guild_id": str(data["guild_id"]),
                "members": [member_payload(m) for m in members],
                "chunk_index": 0,
                "chunk_count": 1,
                "not_found": [],
                "nonce": data.get("nonce"),
            },
        )

    async def request_reconnect(self) -> None:
        """Send op 7 RECONNECT on the current session: the client must come back with RESUME."""
        if self.current is None or self.current.connection is None:
            raise RuntimeError("no connected gateway session")
        self.current.connection.send({"op": 7, "d": None, "s": None, "t": None})

    async def close_all(self) -> None:
        """Close every websocket (used when the fake stops)."""
        for conn in list(self.connections):
            await conn.ws.close(code=1001)

    def dispatch(self, event: str, data: dict[str, Any]) -> Session:
        """Dispatch an event to the connected session that owns its ``guild_id`` (none: a DM, shard 0);
        raises if none is connected."""
        guild_id = data.get("guild_id")
        session = self.session_for(int(guild_id) if guild_id else None)
        if session is None or not session.connected:
            raise ConnectionError(f"no session of the bot is connected for guild {guild_id}")
        session.dispatch(event, data)
        return session

    def _on_state_event(self, event: str, info: dict[str, Any]) -> None:
        """Turn a state change into gateway events for the session of its guild, honouring its intents."""
        message = self.state.messages[info["message_id"]] if event.startswith("MESSAGE_") else None
        if message is not None:
            guild_id = message.guild_id
        elif event in ("GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE"):
            guild_id = int(info["id"])
        else:
            guild_id = int(info["guild_id"]) if info.get("guild_id") else None
        session = self.session_for(guild_id)
        if session is None:
            return
        if message is not None:
            channel = self.state.channels[message.channel_id]
            needed = INTENT_DIRECT_MESSAGES if channel.type == DM else INTENT_GUILD_MESSAGES
            if not session.intents & needed:
                return
            if event == "MESSAGE_DELETE":
                data: dict[str, Any] = {"id": str(message.id), "channel_id": str(message.channel_id)}
                if message.guild_id:
                    data["guild_id"] = str(message.guild_id)
                session.dispatch(event, data)
                return
            data = message_payload(self.state, message)
            member = self.state.member(message.guild_id, message.author)
            if member is not None:
                data["member"] = member_payload(member, with_user=False)
            mentioned = self.state.bot in self.state.mentioned_users(message.content)
            if (
                not session.intents & INTENT_MESSAGE_CONTENT
                and message.author is not self.state.bot
                and not mentioned
                and channel.type != DM
            ):
                data.update(content="", embeds=[], components=[], attachments=[])
            session.dispatch(event, data)
        else:
            needed = INTENT_GUILD_MEMBERS if event.startswith("GUILD_MEMBER") else INTENT_GUILDS
            if session.intents & needed:
                session.dispatch(event, info)
