"""The per-game writer (cogs.ui.writer): every message a move changes has one writer, every new
public message of a game keeps the channel's pace (the final message too), and an open hand holds
what editing it needs, never the interaction (issue 28, points 1 and 3)."""

from __future__ import annotations

import gc
import itertools
from typing import Any

import discord

from cogs.ui.handover import Handle
from cogs.ui.poster import Pace
from tests.cogs.conftest import ALICE, BOB, CHANNEL, Harness
from tests.cogs.script import play_game
from tests.cogs.test_turnline import Clock


async def test_every_new_message_of_a_game_keeps_the_channel_pace(h: Harness) -> None:
    """A whole game at Discord's pace, on a clock that moves when the writer waits: the turn
    messages, the boards posted again and the final message all take their slot (1 s apart, at
    most 4 in any 5 s, interactions' public answers counted)."""
    clock = Clock()
    poster = h.writer.poster
    poster.pace, poster.clock, poster.sleep = Pace(), clock, clock.sleep
    sent_at: list[tuple[float, bool]] = []  # (when, is it the final message)
    send = h.channels.send

    async def timed(channel_id: int, **kwargs: Any) -> int:
        view = kwargs.get("view")
        final = view is not None and any(str(getattr(c, "custom_id", "")).endswith(":rematch") for c in view.children)
        sent_at.append((clock.t, final))
        return await send(channel_id, **kwargs)

    h.channels.send = timed  # type: ignore[method-assign]
    await h.open_table(ALICE, BOB, game_length="1")
    await play_game(h, [ALICE, BOB], seed=5)
    await h.settle()
    times = [t for t, _final in sent_at]
    assert sum(final for _t, final in sent_at) == 1 and sent_at[-1][1]  # the final message, once, last
    assert all(b - a >= 1.0 - 1e-9 for a, b in itertools.pairwise(times))
    assert all(sum(1 for t in times if start <= t < start + 5.0) <= 4 for start in times)


def reachable(root: object, depth: int = 4) -> list[object]:
    """The objects ``root`` holds, and what they hold, ``depth`` levels down."""
    seen: dict[int, object] = {id(root): root}
    layer = [root]
    for _ in range(depth):
        nxt = []
        for obj in layer:
            for ref in gc.get_referents(obj):
                if id(ref) not in seen and not isinstance(ref, type):
                    seen[id(ref)] = ref
                    nxt.append(ref)
        layer = nxt
    return list(seen.values())


async def test_an_open_hand_holds_no_interaction(h: Harness) -> None:
    """What the writer keeps of an open hand: ids, a token, a language and a version, no
    interaction (nor its member, message or components)."""
    await h.open_table(ALICE, BOB)
    r = await h.click(ALICE, "rami:1:hand", on_ephemeral=False)
    entry = h.open_hands.live(1, ALICE.id)
    assert entry is not None and entry.handle == Handle.of(r.interaction, entry.message_id)
    assert entry.handle.token == r.interaction.token and entry.version == (await h.service.current(CHANNEL)).version
    held = reachable(entry)
    assert not any(isinstance(o, (discord.Interaction, discord.Member, discord.Message)) for o in held)
    assert {type(v) for v in vars_of(entry.handle)} <= {int, str, bool}


def vars_of(handle: Handle) -> list[object]:
    return [getattr(handle, name) for name in handle.__slots__]
