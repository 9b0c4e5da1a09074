"""The fake works out whom a message notifies as Discord does, from its content and allowed mentions."""

from __future__ import annotations

import pytest

from tests.fakediscord.models import Pings, pings_of


@pytest.mark.parametrize(
    ("allowed", "pings"),
    [
        (None, Pings(frozenset({11, 12}), frozenset({33}), True)),  # no allowed_mentions: all of them ring
        ({"parse": []}, Pings()),
        ({"parse": ["users"]}, Pings(frozenset({11, 12}))),
        ({"parse": [], "users": ["12"]}, Pings(frozenset({12}))),
        ({"parse": ["everyone", "roles"]}, Pings(roles=frozenset({33}), everyone=True)),
    ],
)
def test_pings_follow_allowed_mentions(allowed: dict[str, object] | None, pings: Pings) -> None:
    """A mention in the content pings when allowed_mentions allows its kind or lists its id."""
    assert pings_of("<@11> <@!12> <@&33> @here, and @\u200beveryone escaped", allowed) == pings


def test_escaped_mentions_ping_nobody() -> None:
    """Escaped markup (a zero-width space after the @ or the <) is no mention, whatever is allowed."""
    assert pings_of("<@\u200b11> <\u200b@12> @\u200beveryone @\u200bhere", None) == Pings()
