"""Build interaction ``data`` for a slash command from the schema the bot synced.

A test that uses a command, subcommand or option the bot did not sync, forgets a required option,
gives a value of the wrong type or outside the declared choices or bounds, gets :class:`SchemaMismatch`,
the same way Discord's client would not let a user send it.
"""

from __future__ import annotations

from typing import Any

from .models import FakeChannel, FakeMember, FakeRole, FakeUser
from .payloads import channel_payload, member_payload, role_payload, user_payload
from .state import State

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = 3, 4, 5, 6, 7, 8, 9, 10, 11
TYPE_NAMES = {
    STRING: "string",
    INTEGER: "integer",
    BOOLEAN: "boolean",
    USER: "user",
    CHANNEL: "channel",
    ROLE: "role",
    MENTIONABLE: "mentionable",
    NUMBER: "number",
    ATTACHMENT: "attachment",
}


class SchemaMismatch(AssertionError):
    """The test asked for something the synced command schema does not allow."""


def _names(options: list[dict[str, Any]]) -> list[str]:
    return [o["name"] for o in options]


def _check_bounds(path: str, opt: dict[str, Any], value: Any) -> None:
    if opt["type"] == STRING:
        low, high = opt.get("min_length", 0), opt.get("max_length", 6000)
        if not low <= len(value) <= high:
            raise SchemaMismatch(f"{path}: {value!r} must be {low} to {high} characters")
    elif opt["type"] in (INTEGER, NUMBER):
        low, high = opt.get("min_value"), opt.get("max_value")
        if (low is not None and value < low) or (high is not None and value > high):
            raise SchemaMismatch(f"{path}: {value!r} must be within [{low}, {high}]")


def _choice_value(path: str, opt: dict[str, Any], value: Any) -> Any:
    choices = opt.get("choices")
    if not choices:
        return value
    for choice in choices:
        if choice["value"] == value:
            return value
    for choice in choices:
        if choice["name"] == value:
            return choice["value"]
    raise SchemaMismatch(f"{path}: {value!r} is not one of {[c['value'] for c in choices]}")


def _convert(
    state: State, guild_id: int | None, path: str, opt: dict[str, Any], value: Any, resolved: dict[str, dict[str, Any]]
) -> Any:
    """Check one value against its option and return what goes on the wire."""
    kind = opt["type"]
    wrong = SchemaMismatch(f"{path}: {TYPE_NAMES.get(kind, kind)} option, got {type(value).__name__} {value!r}")
    if kind == STRING:
        if not isinstance(value, str):
            raise wrong
    elif kind == INTEGER:
        if isinstance(value, bool) or not isinstance(value, int):
            raise wrong
    elif kind == NUMBER:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise wrong
    elif kind == BOOLEAN:
        if not isinstance(value, bool):
            raise wrong
        return value
    elif kind in (USER, MENTIONABLE) and isinstance(value, (FakeUser, FakeMember)):
        user = value.user if isinstance(value, FakeMember) else value
        resolved.setdefault("users", {})[str(user.id)] = user_payload(user)
        member = state.member(guild_id, user)
        if member is not None:
            resolved.setdefault("members", {})[str(user.id)] = member_payload(member, with_user=False)
        return str(user.id)
    elif kind in (ROLE, MENTIONABLE) and isinstance(value, FakeRole):
        resolved.setdefault("roles", {})[str(value.id)] = role_payload(value)
        return str(value.id)
    elif kind == CHANNEL and isinstance(value, FakeChannel):
        allowed = opt.get("channel_types")
        if allowed and value.type not in allowed:
            raise SchemaMismatch(f"{path}: channel type {value.type} is not one of {allowed}")
        resolved.setdefault("channels", {})[str(value.id)] = channel_payload(state, value) | {"permissions": "0"}
        return str(value.id)
    else:
        raise wrong
    value = _choice_value(path, opt, value)
    _check_bounds(path, opt, value)
    return value


def command_data(
    state: State, guild_id: int | None, command: str, options: dict[str, Any], *, focused: str | None = None
) -> dict[str, Any]:
    """The ``data`` of an application command (or, with ``focused``, autocomplete) interaction.

    ``command`` is the full name, e.g. ``"lobby create"``. Options whose value is ``None`` are left
    out, as if the user skipped them. With ``focused``, that option's value is sent as the raw text
    typed so far and required options may be missing.
    """
    parts = command.split()
    if not parts:
        raise SchemaMismatch("empty command name")
    top = state.find_command(parts[0], guild_id)
    if top is None:
        synced = sorted({c["name"] for scope in (guild_id, None) for c in state.commands.get(scope, [])})
        raise SchemaMismatch(f"no synced command /{parts[0]}; synced: {synced}")
    if guild_id is None and (top.get("dm_permission") is False or 1 not in (top.get("contexts") or [0, 1, 2])):
        raise SchemaMismatch(f"/{parts[0]} cannot be used in DMs")
    data: dict[str, Any] = {"id": top["id"], "name": top["name"], "type": 1}
    if top.get("guild_id"):
        data["guild_id"] = top["guild_id"]
    node, schema, path = data, list(top.get("options", [])), "/" + parts[0]
    for part in parts[1:]:
        sub = next((o for o in schema if o["name"] == part and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)), None)
        if sub is None:
            subs = [o["name"] for o in schema if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
            raise SchemaMismatch(f"{path} has no subcommand {part!r}; it has {subs}")
        child: dict[str, Any] = {"name": part, "type": sub["type"], "options": []}
        node.setdefault("options", []).append(child)
        node, schema, path = child, list(sub.get("options", [])), f"{path} {part}"
    subs = [o["name"] for o in schema if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
    if subs:
        raise SchemaMismatch(f"{path} needs a subcommand: {subs}")

    known = {o["name"]: o for o in schema}
    for name in options:
        if name not in known:
            raise SchemaMismatch(f"{path} has no option {name!r}; it has {_names(schema)}")
    if focused is None:
        missing = [o["name"] for o in schema if o.get("required") and options.get(o["name"]) is None]
        if missing:
            raise SchemaMismatch(f"{path}: missing required option(s) {missing}")
    elif not known[focused].get("autocomplete"):
        raise SchemaMismatch(f"{path}: option {focused!r} has no autocomplete")

    resolved: dict[str, dict[str, Any]] = {}
    wire = []
    for opt in schema:  # schema order, like the Discord client
        name = opt["name"]
        value = options.get(name)
        if value is None:
            continue
        if name == focused:
            wire.append({"name": name, "type": opt["type"], "value": str(value), "focused": True})
        else:
            value = _convert(state, guild_id, f"{path} {name}", opt, value, resolved)
            wire.append({"name": name, "type": opt["type"], "value": value})
    node["options"] = wire
    if resolved:
        data["resolved"] = resolved
    return data
