"""JSON payloads in the shapes discord.py 2.4-2.7.1 reads (users, members, channels, guilds, messages)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .models import (
    APPLICATION_COMMAND,
    DM,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeRole,
    FakeUser,
    RecordedMessage,
    iso,
)

if TYPE_CHECKING:
    from .state import State

Payload = dict[str, Any]


def user_payload(user: FakeUser) -> Payload:
    """A user object."""
    return {
        "id": str(user.id),
        "username": user.name,
        "global_name": user.global_name,
        "discriminator": "0",
        "avatar": None,
        "bot": user.bot,
        "public_flags": 0,
        "locale": user.locale,
    }


def role_payload(role: FakeRole) -> Payload:
    """A role object."""
    return {
        "id": str(role.id),
        "name": role.name,
        "permissions": str(role.permissions),
        "position": role.position,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "managed": False,
        "mentionable": False,
        "flags": 0,
    }


def member_payload(member: FakeMember, *, with_user: bool = True) -> Payload:
    """A guild member object; interactions also carry the computed ``permissions``."""
    data: Payload = {
        "roles": [str(r) for r in member.role_ids],
        "nick": member.nick,
        "avatar": None,
        "joined_at": member.joined_at,
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "pending": False,
        "flags": 0,
        "permissions": str(member.permissions),
        "communication_disabled_until": None,
    }
    if with_user:
        data["user"] = user_payload(member.user)
    return data


def channel_payload(state: State, channel: FakeChannel) -> Payload:
    """A channel object: text channel, thread or DM channel."""
    if channel.type == DM:
        recipient = state.users[channel.recipient_id or 0]
        return {
            "id": str(channel.id),
            "type": DM,
            "last_message_id": None,
            "recipients": [user_payload(recipient)],
        }
    data: Payload = {
        "id": str(channel.id),
        "type": channel.type,
        "guild_id": str(channel.guild_id),
        "name": channel.name,
        "position": channel.position,
        "permission_overwrites": list(channel.overwrites),
        "nsfw": False,
        "topic": None,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "parent_id": str(channel.parent_id) if channel.parent_id else None,
        "flags": 0,
    }
    if channel.is_thread:
        data.update(
            owner_id=str(channel.owner_id or state.bot.id),
            message_count=sum(1 for m in state.messages.values() if m.channel_id == channel.id),
            member_count=min(len(channel.member_ids), 50),
            total_message_sent=0,
            thread_metadata={
                "archived": channel.archived,
                "auto_archive_duration": 1440,
                "archive_timestamp": channel.created_at,
                "locked": channel.locked,
                "invitable": True,
                "create_timestamp": channel.created_at,
            },
        )
    return data


def guild_create_payload(state: State, guild: FakeGuild) -> Payload:
    """The GUILD_CREATE payload: roles (with @everyone), channels, threads and every member."""
    channels = [state.channels[cid] for cid in guild.channel_ids]
    return {
        "id": str(guild.id),
        "name": guild.name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "description": None,
        "owner_id": str(guild.owner_id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "nsfw_level": 0,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "premium_progress_bar_enabled": False,
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "preferred_locale": guild.preferred_locale,
        "features": [],
        "emojis": [],
        "stickers": [],
        "roles": [role_payload(r) for r in guild.roles],
        "channels": [channel_payload(state, c) for c in channels if not c.is_thread],
        "threads": [channel_payload(state, c) for c in channels if c.is_thread],
        "members": [member_payload(m) for m in guild.members.values()],
        "member_count": len(guild.members),
        "large": False,
        "unavailable": False,
        "joined_at": iso(),
        "voice_states": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
        "max_members": 500000,
        "application_id": None,
        "vanity_url_code": None,
    }


def application_payload(state: State) -> Payload:
    """The application object for ``GET /oauth2/applications/@me``."""
    return {
        "id": str(state.application_id),
        "name": state.bot.name,
        "icon": None,
        "description": "",
        "summary": "",
        "type": None,
        "bot_public": True,
        "bot_require_code_grant": False,
        "verify_key": "0" * 64,
        "owner": user_payload(state.owner),
        "team": None,
        "flags": state.application_flags,
        "bot": user_payload(state.bot),
        "interactions_endpoint_url": None,
        "redirect_uris": [],
        "tags": [],
        "approximate_guild_count": len(state.guilds),
    }


def message_payload(state: State, message: RecordedMessage) -> Payload:
    """A message object. Messages created by an interaction carry ``interaction_metadata``."""
    data: Payload = {
        "id": str(message.id),
        "channel_id": str(message.channel_id),
        "author": user_payload(message.author),
        "content": message.content,
        "timestamp": message.timestamp,
        "edited_timestamp": message.edited_timestamp,
        "tts": False,
        "mention_everyone": False,
        "mentions": [user_payload(u) for u in state.mentioned_users(message.content)],
        "mention_roles": [],
        "attachments": list(message.attachments),
        "embeds": list(message.embeds),
        "pinned": False,
        "type": message.type,
        "flags": message.flags,
        "components": list(message.components),
    }
    if message.guild_id is not None:
        data["guild_id"] = str(message.guild_id)
    if message.webhook_id is not None:
        data["webhook_id"] = str(message.webhook_id)
        data["application_id"] = str(state.application_id)
    interaction = state.interactions.get(message.interaction_id or 0)
    if interaction is not None:
        user = user_payload(interaction.user)
        data["interaction_metadata"] = {
            "id": str(interaction.id),
            "type": interaction.type,
            "user": user,
            "authorizing_integration_owners": {"0": str(interaction.guild_id or 0)},
        }
        if interaction.type == APPLICATION_COMMAND:
            data["interaction_metadata"]["name"] = interaction.name
        elif interaction.source_message_id is not None:
            data["interaction_metadata"]["interacted_message_id"] = str(interaction.source_message_id)
        data["interaction"] = {
            "id": str(interaction.id),
            "type": interaction.type,
            "name": interaction.name,
            "user": user,
        }
    return data
