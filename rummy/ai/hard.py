"""The ``hard`` level (first version: plays as ``normal`` while the exact solver is being written)."""

from __future__ import annotations

import random

from rummy import actions as act
from rummy.ai import normal
from rummy.ai.memory import TableMemory
from rummy.view import PlayerView


def choose(view: PlayerView, rng: random.Random, memory: TableMemory | None) -> act.Action:
    if memory is not None:
        memory.sync(view)
    return normal.choose(view)
