"""Interactions: the INTERACTION_CREATE payload, the callback route and the follow-up webhooks.

Callback types: 4 message, 5 deferred message ("thinking"), 6 deferred update, 7 update message,
8 autocomplete result, 9 modal. ``app_permissions`` are the bot's in the channel (its role and the
channel's overwrites), and a file uploaded where the bot lacks Attach Files is refused, ephemeral
or not (403 Missing Permissions). After a type 5, the first follow-up replaces the "thinking" message
(and keeps its ephemerality), as Discord does. For a component interaction, ``@original`` is the
message that carries the component unless the callback created a new one.
"""

from __future__ import annotations

import time
from typing import Any

from aiohttp import web

from .limits import choices_problems, left_empty, message_problems
from .models import (
    ALL_PERMISSIONS,
    APPLICATION_COMMAND,
    EPHEMERAL,
    LOADING,
    RecordedInteraction,
    RecordedMessage,
)
from .payloads import channel_payload, member_payload, message_payload, user_payload
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
from .state import State

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024


def interaction_payload(state: State, interaction: RecordedInteraction) -> dict[str, Any]:
    """The ``d`` of INTERACTION_CREATE, with every key discord.py 2.4-2.7.1 reads."""
    channel = state.channels[interaction.channel_id]
    data: dict[str, Any] = {
        "id": str(interaction.id),
        "application_id": str(state.application_id),
        "type": interaction.type,
        "token": interaction.token,
        "version": 1,
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        "channel": channel_payload(state, channel) | {"permissions": str(ALL_PERMISSIONS)},
        "channel_id": str(channel.id),
        "locale": interaction.user.locale,
        "app_permissions": str(state.permissions_in(state.bot.id, channel)),
        "entitlements": [],
        "authorizing_integration_owners": {"0": str(interaction.guild_id or 0)},
        "context": 0 if interaction.guild_id else 1,
        "data": interaction.data,
    }
    if interaction.guild_id is not None:
        guild = state.guilds[interaction.guild_id]
        member = guild.members.get(interaction.user.id)
        if member is None:
            raise LookupError(f"{interaction.user.name} is not a member of guild {guild.name}")
        data["guild_id"] = str(guild.id)
        data["guild_locale"] = guild.preferred_locale
        data["guild"] = {"id": str(guild.id), "locale": guild.preferred_locale, "features": []}
        data["member"] = member_payload(member)
    else:
        data["user"] = user_payload(interaction.user)
    if interaction.source_message_id is not None:
        data["message"] = message_payload(state, state.messages[interaction.source_message_id])
    return data


def _interaction_for_callback(api: Api, interaction_id: str, token: str) -> RecordedInteraction:
    interaction = api.state.interactions.get(snowflake(interaction_id))
    if interaction is None or interaction.token != token:
        raise ApiError(404, 10062, "Unknown interaction")
    if interaction.expired:
        raise ApiError(404, 10062, "Unknown interaction")
    if interaction.callback_type is not None:
        raise ApiError(400, 40060, "Interaction has already been acknowledged.")
    deadline = api.interaction_deadline
    if deadline is not None and time.perf_counter() - interaction.dispatched_at > deadline:
        raise ApiError(404, 10062, "Unknown interaction")
    return interaction


@route("POST", "/interactions/{interaction_id}/{token}/callback")
async def callback(api: Api, request: web.Request, interaction_id: str, token: str) -> web.StreamResponse:
    """The first reply to an interaction; answers with the ``with_response=1`` body."""
    interaction = _interaction_for_callback(api, interaction_id, token)
    body = await read_body(api, request, attach_in=api.state.channels[interaction.channel_id])
    kind = int(body.get("type", 0))
    data: dict[str, Any] = body.get("data") or {}
    state = api.state
    if kind in (4, 7):
        problems = message_problems(data, creating=kind == 4)
    elif kind == 8:
        problems = choices_problems(data.get("choices") or [])
    elif kind == 9:
        problems = [] if data.get("custom_id") and data.get("title") else ["a modal needs custom_id and title"]
    elif kind in (5, 6):
        problems = []
    else:
        problems = [f"unsupported callback type {kind}"]
    if kind in (6, 7) and interaction.source_message_id is None:
        problems.append("only component and modal interactions can update a message")
    if kind == 8 and interaction.type != 4:
        problems.append("autocomplete results answer autocomplete interactions only")
    if problems:
        raise invalid_form(problems)

    interaction.first_reply_at = time.perf_counter()
    interaction.callback_type = kind
    interaction.callback_data = data
    channel = state.channels[interaction.channel_id]
    ephemeral_to = interaction.user.id if int(data.get("flags") or 0) & EPHEMERAL else None
    message_type = 20 if interaction.type == APPLICATION_COMMAND else 0
    message: RecordedMessage | None = None
    if kind == 4:
        message = state.create_message(
            channel, state.bot, data, ephemeral_to=ephemeral_to, interaction=interaction, message_type=message_type
        )
    elif kind == 5:
        flags = LOADING | (EPHEMERAL if ephemeral_to else 0)
        message = state.create_message(
            channel,
            state.bot,
            {"flags": flags},
            ephemeral_to=ephemeral_to,
            interaction=interaction,
            message_type=message_type,
        )
    elif kind == 7:
        source = state.messages[interaction.source_message_id or 0]
        if left_empty(source, data):
            raise ApiError(400, 50006, "Cannot send an empty message")
        message = state.edit_message(source, data)
    elif kind == 8:
        interaction.choices = list(data.get("choices") or [])
    elif kind == 9:
        interaction.modal = data
    interaction.original_message_id = message.id if message else interaction.source_message_id
    interaction.touch("callback", message.id if message else None)
    state.changed()

    reply: dict[str, Any] = {
        "interaction": {
            "id": str(interaction.id),
            "type": interaction.type,
            "activity_instance_id": None,
            "response_message_id": str(message.id) if message else None,
            "response_message_loading": kind == 5,
            "response_message_ephemeral": bool(message and message.ephemeral),
        }
    }
    if message is not None:
        reply["resource"] = {"type": kind, "message": message_payload(state, message)}
    return json_reply(reply)


def _interaction_for_webhook(api: Api, app_id: str, token: str) -> RecordedInteraction:
    interaction = api.state.by_token.get(token)
    if snowflake(app_id) != api.state.application_id or interaction is None:
        raise ApiError(404, 10015, "Unknown Webhook")
    if interaction.callback_type is None:
        raise ApiError(404, 10015, "Unknown Webhook")
    if interaction.expired:
        raise ApiError(401, 50027, "Invalid Webhook Token")
    return interaction


def _webhook_message(api: Api, interaction: RecordedInteraction, message_id: str) -> RecordedMessage:
    target = interaction.original_message_id if message_id == "@original" else snowflake(message_id)
    message = api.state.messages.get(target or 0)
    if message is None or message.deleted:
        raise ApiError(404, 10008, "Unknown Message")
    if message.interaction_id != interaction.id and message.id != interaction.original_message_id:
        raise ApiError(404, 10008, "Unknown Message")
    return message


@route("POST", "/webhooks/{app_id}/{token}")
async def followup(api: Api, request: web.Request, app_id: str, token: str) -> web.StreamResponse:
    """``interaction.followup.send()``; the first one after a type 5 fills the "thinking" message."""
    interaction = _interaction_for_webhook(api, app_id, token)
    body = await read_body(api, request, attach_in=api.state.channels[interaction.channel_id])
    problems = message_problems(body, creating=True)
    if problems:
        raise invalid_form(problems)
    state = api.state
    original = state.messages.get(interaction.original_message_id or 0)
    if interaction.callback_type == 5 and original is not None and original.loading:
        message = state.edit_message(original, {k: v for k, v in body.items() if k != "flags"})
        message.flags &= ~LOADING
    else:
        channel = state.channels[int(request.query.get("thread_id") or interaction.channel_id)]
        ephemeral_to = interaction.user.id if int(body.get("flags") or 0) & EPHEMERAL else None
        message_type = 20 if interaction.type == APPLICATION_COMMAND else 0
        message = state.create_message(
            channel, state.bot, body, ephemeral_to=ephemeral_to, interaction=interaction, message_type=message_type
        )
    interaction.touch("followup", message.id)
    state.changed()
    if request.query.get("wait") in ("0", "false", "False"):
        return no_content()
    return json_reply(message_payload(state, message))


@route("GET", "/webhooks/{app_id}/{token}/messages/{message_id}")
async def get_webhook_message(
    api: Api, request: web.Request, app_id: str, token: str, message_id: str
) -> web.StreamResponse:
    """``interaction.original_response()`` and fetching a follow-up."""
    interaction = _interaction_for_webhook(api, app_id, token)
    message = _webhook_message(api, interaction, message_id)
    interaction.touch("get", None)
    return json_reply(message_payload(api.state, message))


@route("PATCH", "/webhooks/{app_id}/{token}/messages/{message_id}")
async def edit_webhook_message(
    api: Api, request: web.Request, app_id: str, token: str, message_id: str
) -> web.StreamResponse:
    """``edit_original_response()`` / ``followup.edit_message()``; an edit also ends "thinking"."""
    interaction = _interaction_for_webhook(api, app_id, token)
    message = _webhook_message(api, interaction, message_id)
    body = await read_body(api, request, attach_in=api.state.channels[interaction.channel_id])
    problems = message_problems(body, creating=False)
    if problems:
        raise invalid_form(problems)
    if left_empty(message, body):
        raise ApiError(400, 50006, "Cannot send an empty message")
    api.state.edit_message(message, body)
    message.flags &= ~LOADING
    interaction.touch("edit", message.id)
    api.state.changed()
    return json_reply(message_payload(api.state, message))


@route("DELETE", "/webhooks/{app_id}/{token}/messages/{message_id}")
async def delete_webhook_message(
    api: Api, request: web.Request, app_id: str, token: str, message_id: str
) -> web.StreamResponse:
    """``delete_original_response()`` / ``followup.delete_message()``."""
    interaction = _interaction_for_webhook(api, app_id, token)
    message = _webhook_message(api, interaction, message_id)
    api.state.delete_message(message)
    interaction.touch("delete", message.id)
    return no_content()
