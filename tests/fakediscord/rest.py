"""The fake REST API under ``/api/v10``: routing, errors, bodies, and the user/app/command/guild routes.

Channel and message routes live in :mod:`.channels`, interaction callbacks and webhooks in
:mod:`.interactions`. Every JSON reply has ``Content-Type: application/json`` exactly (discord.py reads
anything else as text). Unknown routes are recorded in ``state.unknown_routes`` and answered 404 with
Discord's error shape.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .models import ATTACH_FILES, FakeChannel, client_pid
from .payloads import (
    application_payload,
    channel_payload,
    guild_create_payload,
    member_payload,
    role_payload,
    user_payload,
)

if TYPE_CHECKING:
    from .gateway import Gateway
    from .state import State

log = logging.getLogger(__name__)

API_PREFIX = "/api/v10"


class ApiError(Exception):
    """An error reply in Discord's shape: ``{"message", "code", "errors"?}``."""

    def __init__(self, status: int, code: int, message: str, errors: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.errors = status, code, message, errors

    def body(self) -> dict[str, Any]:
        """The JSON body of the reply."""
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return body


def invalid_form(problems: list[str]) -> ApiError:
    """The 400 Discord sends for a body that breaks its limits (code 50035)."""
    errors = {"_errors": [{"code": "BASE_TYPE_INVALID", "message": p} for p in problems]}
    return ApiError(400, 50035, "Invalid Form Body", errors)


def json_reply(data: Any, status: int = 200) -> web.Response:
    """A JSON reply with ``Content-Type: application/json`` and no charset."""
    return web.Response(body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"})


def no_content() -> web.Response:
    """An empty 204 reply."""
    return web.Response(status=204)


@dataclass
class Api:
    """What route handlers reach: the state, the gateway and the fake's settings."""

    state: State
    gateway: Gateway
    base_url: str
    interaction_deadline: float | None = 3.0

    async def handle(self, request: web.Request) -> web.StreamResponse:
        """Dispatch one request under /api/v10 to its handler, or record it as unknown."""
        path = "/" + request.match_info.get("tail", "")
        method = request.method
        self.state.record_request(method, path, client_pid(request.headers.get("User-Agent")))
        try:
            for route_method, pattern, handler in ROUTES:
                match = pattern.fullmatch(path)
                if match and route_method == method:
                    if not path.startswith(("/interactions/", "/webhooks/")):
                        self._check_auth(request)
                    return await handler(self, request, **match.groupdict())
            self.state.unknown_routes.append((method, API_PREFIX + path))
            log.warning("unknown route %s %s", method, API_PREFIX + path)
            raise ApiError(404, 0, "404: Not Found")
        except ApiError as exc:
            error = exc
        except json.JSONDecodeError:
            error = ApiError(400, 50109, "The request body contains invalid JSON.")
        except Exception as exc:  # a bug of the fake: answer 400 (a 5xx would make discord.py retry)
            log.exception("fake Discord failed on %s %s", method, path)
            error = ApiError(400, 0, f"fake Discord internal error: {exc!r}")
        self.state.errors.append((method, API_PREFIX + path, error.status, error.body()))
        self.state.changed()
        if error.status != 404 or error.code != 0:
            log.info("%s %s -> %d %s", method, path, error.status, error.body())
        return json_reply(error.body(), error.status)

    def _check_auth(self, request: web.Request) -> None:
        if request.headers.get("Authorization") != f"Bot {self.state.token}":
            raise ApiError(401, 0, "401: Unauthorized")


Handler = Callable[..., Awaitable[web.StreamResponse]]
ROUTES: list[tuple[str, re.Pattern[str], Handler]] = []


def route(method: str, template: str) -> Callable[[Handler], Handler]:
    """Register a handler for ``template`` (``{name}`` matches one path segment)."""
    pattern = re.compile(re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", template))

    def register(handler: Handler) -> Handler:
        ROUTES.append((method, pattern, handler))
        return handler

    return register


async def read_body(api: Api, request: web.Request, attach_in: FakeChannel | None = None) -> dict[str, Any]:
    """The JSON body, or ``payload_json`` plus uploaded files of a multipart body.

    Uploaded files become attachment objects in ``body["attachments"]``; their bytes are kept in
    ``state.files`` by attachment id. Files uploaded for a message in ``attach_in`` are refused
    (403 Missing Permissions) unless the bot has Attach Files there.
    """
    if request.content_type.startswith("multipart/"):
        form = await request.post()
        body: dict[str, Any] = json.loads(str(form.get("payload_json") or "{}"))
        uploads = {}
        for name, value in form.items():
            match = re.fullmatch(r"files\[(\d+)\]", name)
            if match and isinstance(value, web.FileField):
                uploads[int(match.group(1))] = value
        if (
            uploads
            and attach_in is not None
            and not api.state.permissions_in(api.state.bot.id, attach_in) & ATTACH_FILES
        ):
            raise ApiError(403, 50013, "Missing Permissions")
        target = body["data"] if isinstance(body.get("data"), dict) else body
        attachments = []
        for entry in target.get("attachments", []):
            upload = uploads.get(int(entry.get("id", -1)))
            if upload is None:
                attachments.append(entry)
                continue
            data = upload.file.read()
            attachment_id = api.state.ids.next()
            api.state.files[attachment_id] = data
            url = f"{api.base_url}/attachments/{attachment_id}/{upload.filename}"
            attachments.append(
                {
                    "id": str(attachment_id),
                    "filename": upload.filename,
                    "size": len(data),
                    "url": url,
                    "proxy_url": url,
                    "content_type": upload.content_type,
                    "description": entry.get("description"),
                }
            )
        target["attachments"] = attachments
        return body
    text = await request.text()
    return json.loads(text) if text else {}


def snowflake(value: str) -> int:
    """Parse an id from a path, as a 404 when it is not a number."""
    try:
        return int(value)
    except ValueError:
        raise ApiError(404, 0, "404: Not Found") from None


# -- users, application, gateway ---------------------------------------------------------------


@route("GET", "/users/@me")
async def get_me(api: Api, request: web.Request) -> web.StreamResponse:
    """The bot user (login)."""
    return json_reply(user_payload(api.state.bot) | {"verified": True, "mfa_enabled": False, "flags": 0})


@route("GET", "/users/{user_id}")
async def get_user(api: Api, request: web.Request, user_id: str) -> web.StreamResponse:
    """Any known user."""
    user = api.state.users.get(snowflake(user_id))
    if user is None:
        raise ApiError(404, 10013, "Unknown User")
    return json_reply(user_payload(user))


@route("GET", "/oauth2/applications/@me")
@route("GET", "/applications/@me")
async def get_application(api: Api, request: web.Request) -> web.StreamResponse:
    """The application (login)."""
    return json_reply(application_payload(api.state))


@route("GET", "/gateway")
@route("GET", "/gateway/bot")
async def get_gateway(api: Api, request: web.Request) -> web.StreamResponse:
    """The gateway URL (only sharded clients ask)."""
    limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
    return json_reply({"url": api.gateway.ws_url, "shards": api.state.shard_count, "session_start_limit": limit})


# -- application commands ----------------------------------------------------------------------


def _scope(api: Api, app_id: str, guild_id: str | None) -> int | None:
    if snowflake(app_id) != api.state.application_id:
        raise ApiError(403, 50001, "Missing Access")
    if guild_id is None:
        return None
    if snowflake(guild_id) not in api.state.guilds:
        raise ApiError(403, 50001, "Missing Access")
    return int(guild_id)


@route("GET", "/applications/{app_id}/commands")
@route("GET", "/applications/{app_id}/guilds/{guild_id}/commands")
async def get_commands(api: Api, request: web.Request, app_id: str, guild_id: str | None = None) -> web.StreamResponse:
    """The synced commands of a scope."""
    return json_reply(api.state.commands.get(_scope(api, app_id, guild_id), []))


@route("PUT", "/applications/{app_id}/commands")
@route("PUT", "/applications/{app_id}/guilds/{guild_id}/commands")
async def put_commands(api: Api, request: web.Request, app_id: str, guild_id: str | None = None) -> web.StreamResponse:
    """Bulk overwrite (``tree.sync()``): store the schema, give ids, answer with the commands."""
    scope = _scope(api, app_id, guild_id)
    schema = await read_body(api, request)
    if not isinstance(schema, list):
        raise invalid_form(["a bulk overwrite takes a list of commands"])
    names = [c.get("name") for c in schema]
    if len(set(names)) != len(names):
        raise invalid_form(["APPLICATION_COMMANDS_DUPLICATE_NAME"])
    return json_reply(api.state.sync_commands(scope, schema))


@route("POST", "/applications/{app_id}/commands")
@route("POST", "/applications/{app_id}/guilds/{guild_id}/commands")
async def post_command(api: Api, request: web.Request, app_id: str, guild_id: str | None = None) -> web.StreamResponse:
    """Create or replace one command by name."""
    scope = _scope(api, app_id, guild_id)
    command = await read_body(api, request)
    others = [c for c in api.state.commands.get(scope, []) if c["name"] != command.get("name")]
    stored = api.state.sync_commands(scope, [*others, command])
    return json_reply(next(c for c in stored if c["name"] == command.get("name")), 201)


@route("DELETE", "/applications/{app_id}/commands/{command_id}")
@route("DELETE", "/applications/{app_id}/guilds/{guild_id}/commands/{command_id}")
async def delete_command(
    api: Api, request: web.Request, app_id: str, command_id: str, guild_id: str | None = None
) -> web.StreamResponse:
    """Delete one command."""
    scope = _scope(api, app_id, guild_id)
    api.state.commands[scope] = [c for c in api.state.commands.get(scope, []) if c["id"] != command_id]
    api.state.changed()
    return no_content()


# -- guilds --------------------------------------------------------------------------------------


def guild_or_404(api: Api, guild_id: str) -> Any:
    """The guild, or Discord's 404 Unknown Guild."""
    guild = api.state.guilds.get(snowflake(guild_id))
    if guild is None:
        raise ApiError(404, 10004, "Unknown Guild")
    return guild


@route("GET", "/guilds/{guild_id}")
async def get_guild(api: Api, request: web.Request, guild_id: str) -> web.StreamResponse:
    """A guild (with approximate counts)."""
    guild = guild_or_404(api, guild_id)
    data = guild_create_payload(api.state, guild)
    for key in ("channels", "threads", "members", "voice_states", "presences"):
        data.pop(key)
    data["approximate_member_count"] = len(guild.members)
    data["approximate_presence_count"] = len(guild.members)
    return json_reply(data)


@route("GET", "/guilds/{guild_id}/channels")
async def get_guild_channels(api: Api, request: web.Request, guild_id: str) -> web.StreamResponse:
    """A guild's channels (not threads)."""
    guild = guild_or_404(api, guild_id)
    channels = [api.state.channels[c] for c in guild.channel_ids]
    return json_reply([channel_payload(api.state, c) for c in channels if not c.is_thread])


@route("GET", "/guilds/{guild_id}/threads/active")
async def get_active_threads(api: Api, request: web.Request, guild_id: str) -> web.StreamResponse:
    """A guild's unarchived threads."""
    guild = guild_or_404(api, guild_id)
    threads = [api.state.channels[c] for c in guild.channel_ids]
    threads = [t for t in threads if t.is_thread and not t.archived]
    return json_reply({"threads": [channel_payload(api.state, t) for t in threads], "members": []})


@route("GET", "/guilds/{guild_id}/roles")
async def get_roles(api: Api, request: web.Request, guild_id: str) -> web.StreamResponse:
    """A guild's roles."""
    return json_reply([role_payload(r) for r in guild_or_404(api, guild_id).roles])


@route("GET", "/guilds/{guild_id}/members")
async def get_members(api: Api, request: web.Request, guild_id: str) -> web.StreamResponse:
    """A guild's members (``limit`` honoured)."""
    members = list(guild_or_404(api, guild_id).members.values())
    limit = int(request.query.get("limit", "1"))
    return json_reply([member_payload(m) for m in members[:limit]])


@route("GET", "/guilds/{guild_id}/members/{user_id}")
async def get_member(api: Api, request: web.Request, guild_id: str, user_id: str) -> web.StreamResponse:
    """One member."""
    member = guild_or_404(api, guild_id).members.get(snowflake(user_id))
    if member is None:
        raise ApiError(404, 10007, "Unknown Member")
    return json_reply(member_payload(member))
