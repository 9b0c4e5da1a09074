"""Component interactions as a user makes them: which component, and the ``data`` Discord sends.

Everything here checks what a real client would refuse (a hidden message, a missing or disabled
component, a value that is not offered) and raises :class:`ComponentError`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .models import FakeChannel, FakeRole, FakeUser, RecordedMessage, walk_components
from .payloads import channel_payload, member_payload, role_payload, user_payload
from .state import State

SELECT_TYPES = (3, 5, 6, 7, 8)


class ComponentError(AssertionError):
    """A click or select a real user could not make (hidden message, disabled or missing component)."""


def usable_component(state: State, user: FakeUser, message: RecordedMessage, key: str) -> dict[str, Any]:
    """The enabled component ``key`` (custom_id, label or placeholder) on a message ``user`` can see."""
    channel = state.channels[message.channel_id]
    if not message.visible_to(user.id) or not state.can_see_channel(user.id, channel):
        raise ComponentError(f"{user.name} cannot see message {message.id}")
    try:
        component = message.find_component(key)
    except LookupError as exc:
        raise ComponentError(str(exc)) from None
    if component.get("disabled"):
        raise ComponentError(f"{key!r} is disabled")
    return component


def button_data(component: dict[str, Any]) -> dict[str, Any]:
    """The ``data`` of a button click."""
    if component.get("type") != 2 or component.get("style") in (5, 6):
        raise ComponentError(f"{component.get('custom_id')!r} is not a clickable button")
    return {"custom_id": component["custom_id"], "component_type": 2, "id": component.get("id")}


def select_data(
    state: State, guild_id: int | None, component: dict[str, Any], values: str | Sequence[Any]
) -> dict[str, Any]:
    """The ``data`` of a select: string values (or option labels), or users/roles/channels."""
    kind = component.get("type")
    key = component.get("custom_id")
    if kind not in SELECT_TYPES:
        raise ComponentError(f"{key!r} is not a select")
    chosen = [values] if isinstance(values, (str, FakeUser, FakeRole, FakeChannel)) else list(values)
    low, high = component.get("min_values", 1), component.get("max_values", 1)
    if not low <= len(chosen) <= high:
        raise ComponentError(f"{key!r} takes {low} to {high} values, got {len(chosen)}")
    data: dict[str, Any] = {"custom_id": key, "component_type": kind, "id": component.get("id")}
    if kind == 3:
        options = component.get("options", [])
        offered = {o["value"] for o in options}
        by_label = {o["label"]: o["value"] for o in options}
        wire = [v if v in offered else by_label.get(v) for v in chosen]
        if None in wire:
            raise ComponentError(f"{chosen} not all in {sorted(offered)}")
        data["values"] = wire
        return data
    resolved: dict[str, dict[str, Any]] = {}
    for value in chosen:
        if isinstance(value, FakeUser):
            resolved.setdefault("users", {})[str(value.id)] = user_payload(value)
            member = state.member(guild_id, value)
            if member is not None:
                resolved.setdefault("members", {})[str(value.id)] = member_payload(member, with_user=False)
        elif isinstance(value, FakeRole):
            resolved.setdefault("roles", {})[str(value.id)] = role_payload(value)
        elif isinstance(value, FakeChannel):
            resolved.setdefault("channels", {})[str(value.id)] = channel_payload(state, value) | {"permissions": "0"}
    data["values"] = [str(getattr(v, "id", v)) for v in chosen]
    data["resolved"] = resolved
    return data


def modal_submit_data(modal: dict[str, Any], values: dict[str, str]) -> dict[str, Any]:
    """The ``data`` of a modal submit; text inputs are filled by ``custom_id`` or label."""
    rows = []
    for top in modal.get("components", []):
        inputs = [c for c in walk_components([top]) if c.get("type") == 4]
        label = top.get("label") if top.get("type") == 18 else None
        for field in inputs:
            value = values.get(field["custom_id"], values.get(label or field.get("label") or ""))
            if value is None and field.get("required", True):
                raise ComponentError(f"modal field {field['custom_id']!r} is required")
            submitted = {"type": 4, "custom_id": field["custom_id"], "value": value or "", "id": field.get("id")}
            rows.append(
                {"type": 18, "component": submitted} if label is not None else {"type": 1, "components": [submitted]}
            )
    return {"custom_id": modal["custom_id"], "components": rows}
