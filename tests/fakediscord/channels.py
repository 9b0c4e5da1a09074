"""Channel, message, thread and DM routes of the fake REST API."""

from __future__ import annotations

import asyncio
from typing import Any

from aiohttp import web

from .limits import left_empty, message_problems
from .models import DM, PRIVATE_THREAD, PUBLIC_THREAD, FakeChannel, RecordedMessage
from .payloads import channel_payload, message_payload, user_payload
from .rest import (
    Api,
    ApiError,
    invalid_form,
    json_reply,
    no_content,
    read_body,
    route,
    snowflake,
)


def channel_or_404(api: Api, channel_id: str) -> FakeChannel:
    """A channel the bot can see, or Discord's 404 Unknown Channel."""
    channel = api.state.channels.get(snowflake(channel_id))
    if channel is None or not api.state.can_see_channel(api.state.bot.id, channel):
        raise ApiError(404, 10003, "Unknown Channel")
    return channel


def message_or_404(api: Api, channel: FakeChannel, message_id: str) -> RecordedMessage:
    """A non-ephemeral, undeleted message of ``channel``, or 404 Unknown Message."""
    message = api.state.messages.get(snowflake(message_id))
    if message is None or message.deleted or message.channel_id != channel.id or message.ephemeral_to:
        raise ApiError(404, 10008, "Unknown Message")
    return message


def _thread_event(api: Api, event: str, thread: FakeChannel, **extra: Any) -> None:
    api.state.emit(event, channel_payload(api.state, thread) | extra)


# -- messages -----------------------------------------------------------------------------------


@route("POST", "/channels/{channel_id}/messages")
async def create_message(api: Api, request: web.Request, channel_id: str) -> web.StreamResponse:
    """``channel.send()``: a public message by the bot."""
    channel = channel_or_404(api, channel_id)
    if channel.archived or channel.locked:
        raise ApiError(400, 50083, "Thread is archived")
    body = await read_body(api, request, attach_in=channel)
    problems = message_problems(body, creating=True)
    if problems:
        raise invalid_form(problems)
    message = api.state.create_message(channel, api.state.bot, body)
    return json_reply(message_payload(api.state, message))


@route("GET", "/channels/{channel_id}/messages")
async def history(api: Api, request: web.Request, channel_id: str) -> web.StreamResponse:
    """Channel history, newest first (``limit``, ``before``, ``after``)."""
    channel = channel_or_404(api, channel_id)
    messages = [
        m
        for m in api.state.messages.values()
        if m.channel_id == channel.id and not m.deleted and m.ephemeral_to is None
    ]
    if "before" in request.query:
        messages = [m for m in messages if m.id < int(request.query["before"])]
    if "after" in request.query:
        messages = [m for m in messages if m.id > int(request.query["after"])]
    messages.sort(key=lambda m: m.id, reverse=True)
    limit = int(request.query.get("limit", "50"))
    return json_reply([message_payload(api.state, m) for m in messages[:limit]])


@route("GET", "/channels/{channel_id}/messages/{message_id}")
async def get_message(api: Api, request: web.Request, channel_id: str, message_id: str) -> web.StreamResponse:
    """``fetch_message``."""
    channel = channel_or_404(api, channel_id)
    return json_reply(message_payload(api.state, message_or_404(api, channel, message_id)))


@route("PATCH", "/channels/{channel_id}/messages/{message_id}")
async def edit_message(api: Api, request: web.Request, channel_id: str, message_id: str) -> web.StreamResponse:
    """``message.edit()`` on one of the bot's own messages (applied ``state.edit_delay`` s after its body came)."""
    channel = channel_or_404(api, channel_id)
    message = message_or_404(api, channel, message_id)
    if message.author is not api.state.bot:
        raise ApiError(403, 50005, "Cannot edit a message authored by another user")
    if message.id in api.state.too_old:
        raise ApiError(400, 30046, "Maximum number of edits to messages older than 1 hour reached. Try again later")
    body = await read_body(api, request, attach_in=channel)
    if api.state.edit_delay:  # a slow Discord: the edit is on its way meanwhile
        api.state.changed()
        await asyncio.sleep(api.state.edit_delay)
    problems = message_problems(body, creating=False)
    if problems:
        raise invalid_form(problems)
    if left_empty(message, body):
        raise ApiError(400, 50006, "Cannot send an empty message")
    return json_reply(message_payload(api.state, api.state.edit_message(message, body)))


@route("DELETE", "/channels/{channel_id}/messages/{message_id}")
async def delete_message(api: Api, request: web.Request, channel_id: str, message_id: str) -> web.StreamResponse:
    """``message.delete()``."""
    channel = channel_or_404(api, channel_id)
    api.state.delete_message(message_or_404(api, channel, message_id))
    return no_content()


@route("PUT", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/{user}")
@route("DELETE", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/{user}")
async def react(
    api: Api, request: web.Request, channel_id: str, message_id: str, emoji: str, user: str
) -> web.StreamResponse:
    """Reactions are accepted and not stored."""
    message_or_404(api, channel_or_404(api, channel_id), message_id)
    return no_content()


@route("POST", "/channels/{channel_id}/typing")
async def typing(api: Api, request: web.Request, channel_id: str) -> web.StreamResponse:
    """The typing indicator."""
    channel_or_404(api, channel_id)
    return no_content()


# -- channels and threads -------------------------------------------------------------------------


@route("GET", "/channels/{channel_id}")
async def get_channel(api: Api, request: web.Request, channel_id: str) -> web.StreamResponse:
    """``fetch_channel``."""
    return json_reply(channel_payload(api.state, channel_or_404(api, channel_id)))


@route("PATCH", "/channels/{channel_id}")
async def edit_channel(api: Api, request: web.Request, channel_id: str) -> web.StreamResponse:
    """Rename, archive or lock a channel or thread."""
    channel = channel_or_404(api, channel_id)
    body = await read_body(api, request)
    channel.name = body.get("name", channel.name)
    channel.archived = bool(body.get("archived", channel.archived))
    channel.locked = bool(body.get("locked", channel.locked))
    api.state.changed()
    _thread_event(api, "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE", channel)
    return json_reply(channel_payload(api.state, channel))


@route("DELETE", "/channels/{channel_id}")
async def delete_channel(api: Api, request: web.Request, channel_id: str) -> web.StreamResponse:
    """Delete a channel or thread."""
    channel = channel_or_404(api, channel_id)
    data = channel_payload(api.state, channel)
    api.state.channels.pop(channel.id)
    guild = api.state.guilds.get(channel.guild_id or 0)
    if guild is not None:
        guild.channel_ids.remove(channel.id)
    api.state.changed()
    api.state.emit("THREAD_DELETE" if channel.is_thread else "CHANNEL_DELETE", data)
    return json_reply(data)


async def _start_thread(
    api: Api, parent: FakeChannel, body: dict[str, Any], kind: int, on: RecordedMessage | None = None
) -> FakeChannel:
    """A thread in ``parent``; opened ``on`` a message it takes that message's id, as on Discord,
    and a message holds one thread at most (160004)."""
    if parent.is_thread or parent.type == DM:
        raise ApiError(400, 50024, "Cannot execute action on this channel type")
    if on is not None and on.id in api.state.channels:
        raise ApiError(400, 160004, "A thread has already been created for this message")
    name = str(body.get("name") or "")
    if not 1 <= len(name) <= 100:
        raise invalid_form(["name: 1 to 100 characters"])
    guild = api.state.guilds[parent.guild_id or 0]
    thread = api.state.add_channel(
        guild, name, type=kind, parent=parent, member_ids={api.state.bot.id}, channel_id=on.id if on else None
    )
    _thread_event(api, "THREAD_CREATE", thread, newly_created=True)
    return thread


@route("POST", "/channels/{channel_id}/threads")
async def start_thread(api: Api, request: web.Request, channel_id: str) -> web.StreamResponse:
    """A thread without a starter message (private unless ``type`` says 11)."""
    body = await read_body(api, request)
    kind = int(body.get("type") or PRIVATE_THREAD)
    thread = await _start_thread(api, channel_or_404(api, channel_id), body, kind)
    return json_reply(channel_payload(api.state, thread), 201)


@route("POST", "/channels/{channel_id}/messages/{message_id}/threads")
async def start_thread_from_message(
    api: Api, request: web.Request, channel_id: str, message_id: str
) -> web.StreamResponse:
    """A public thread on a message."""
    channel = channel_or_404(api, channel_id)
    message = message_or_404(api, channel, message_id)
    thread = await _start_thread(api, channel, await read_body(api, request), PUBLIC_THREAD, on=message)
    return json_reply(channel_payload(api.state, thread), 201)


def _thread_member(api: Api, channel_id: str, user_id: str) -> tuple[FakeChannel, int]:
    thread = channel_or_404(api, channel_id)
    if not thread.is_thread:
        raise ApiError(400, 50024, "Cannot execute action on this channel type")
    uid = api.state.bot.id if user_id == "@me" else snowflake(user_id)
    if uid not in api.state.users:
        raise ApiError(404, 10013, "Unknown User")
    return thread, uid


@route("PUT", "/channels/{channel_id}/thread-members/{user_id}")
async def add_thread_member(api: Api, request: web.Request, channel_id: str, user_id: str) -> web.StreamResponse:
    """Add a user to a thread."""
    thread, uid = _thread_member(api, channel_id, user_id)
    thread.member_ids.add(uid)
    api.state.changed()
    return no_content()


@route("DELETE", "/channels/{channel_id}/thread-members/{user_id}")
async def remove_thread_member(api: Api, request: web.Request, channel_id: str, user_id: str) -> web.StreamResponse:
    """Remove a user from a thread."""
    thread, uid = _thread_member(api, channel_id, user_id)
    thread.member_ids.discard(uid)
    api.state.changed()
    return no_content()


@route("GET", "/channels/{channel_id}/thread-members")
async def thread_members(api: Api, request: web.Request, channel_id: str) -> web.StreamResponse:
    """The members of a thread."""
    thread = channel_or_404(api, channel_id)
    return json_reply(
        [
            {"id": str(thread.id), "user_id": str(uid), "join_timestamp": thread.created_at, "flags": 0}
            for uid in sorted(thread.member_ids)
        ]
    )


@route("POST", "/users/@me/channels")
async def open_dm(api: Api, request: web.Request) -> web.StreamResponse:
    """``user.create_dm()``."""
    body = await read_body(api, request)
    user = api.state.users.get(snowflake(str(body.get("recipient_id"))))
    if user is None:
        raise ApiError(404, 10013, "Unknown User")
    channel = api.state.dm_channel(user)
    return json_reply(channel_payload(api.state, channel) | {"recipients": [user_payload(user)]})
