"""Computer players and timed-out turns, seen from the service: decisions from views only.

A computer player decides from its :class:`~rummy.view.PlayerView` and its
:class:`~rummy.ai.TableMemory` (public events), never from the game. Memories live in the
table document (``Table.memories``, with the events not yet noted) so a restart resumes them.
Decisions run in a worker thread (the hard level searches, and the event loop must keep
answering other players meanwhile), the expert's in a worker process (:mod:`service.thinking`).
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Iterable

from rummy import actions as act
from rummy.ai import TableMemory, choose_action, safe_action
from rummy.deal import Event
from rummy.errors import IllegalAction
from rummy.serialize import event_from_json, event_to_json
from rummy.table import Table
from rummy.view import view_for
from service.thinking import Thinker

log = logging.getLogger(__name__)


def observe(table: Table, events: Iterable[Event]) -> None:
    """Queue public events for every computer player still in the game.

    A computer player's memory (``{"memory": TableMemory document, "pending": [events]}``) is
    only rebuilt when it decides, so a move costs each computer player an append, not a
    decode and encode of its whole memory.
    """
    if not table.memories:  # no computer player: nothing to encode (most tables, at every move)
        return
    new = [event_to_json(e) for e in events]
    if not new:
        return
    active = set(table.active_seats)
    for seat, doc in table.memories.items():
        if seat not in active:
            continue
        pending = doc.setdefault("pending", [])
        pending.extend(new)
        starts = [i for i, e in enumerate(pending) if e["kind"] == "deal_started"]
        if starts and starts[-1] > 0:
            del pending[: starts[-1]]  # a new deal wipes the memory: what came before is moot


def rng_for(table: Table, version: int) -> random.Random:
    """Seeded tables (tests) decide reproducibly; in play, the system's randomness."""
    if table.seed is None:
        return random.SystemRandom()
    return random.Random(f"{table.seed}:{version}")


async def decide(table: Table, seat: int, rng: random.Random, thinker: Thinker | None = None) -> act.Action:
    """The computer player's next action, from its view and memory (in a worker thread, or the
    ``thinker``'s process for an expert; without a thinker, an expert thinks in a thread)."""
    assert table.game is not None
    player = table.players[seat]
    view = view_for(table.game, seat)
    doc = table.memories.get(seat, {})
    memory = TableMemory.from_json(doc.get("memory", {}))
    memory.observe_all(event_from_json(e) for e in doc.get("pending", []))
    level = player.bot_level or "normal"
    if level == "expert":
        action = await (thinker or Thinker(workers=0)).decide(view, memory, rng.getrandbits(64))
    else:
        action = await asyncio.to_thread(choose_action, view, level, rng, memory)
    table.memories[seat] = {"memory": memory.to_json(), "pending": []}
    return action


async def move(
    table: Table, seat: int, rng: random.Random, thinker: Thinker | None = None
) -> tuple[act.Action, list[Event]]:
    """Decide and apply one computer move. A decision that fails or that the rules refuse (a bug
    of the computer player) is logged and replaced by the safe play, so a game never stalls."""
    assert table.game is not None
    try:
        action = await decide(table, seat, rng, thinker)
    except Exception:
        log.exception("computer player in seat %s failed to decide; playing safe", seat)
    else:
        try:
            return action, table.act(seat, action)
        except IllegalAction as exc:  # the table is unchanged: the rules check before applying
            log.warning(
                "computer player in seat %s chose a refused %s (%s); playing safe",
                seat,
                act.action_to_json(action)["type"],
                type(exc).__name__,
            )
    action = safe_action(view_for(table.game, seat))
    return action, table.act(seat, action)
