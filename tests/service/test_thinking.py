"""The experts' thinking off the event loop: the worker's answer, and hard's move when time runs out."""

from __future__ import annotations

import random

from rummy.ai import TableMemory, expert, hard
from service.thinking import Thinker
from tests.rummy.ai_support import SEARCH, searched_view


def memory_copy(memory: TableMemory) -> TableMemory:
    return TableMemory.from_json(memory.to_json())


async def test_the_worker_answers_the_experts_move_and_hard_when_out_of_time() -> None:
    """In the worker process: the expert's searched move; with no time left, hard's move, never none."""
    view, memory = searched_view()
    searched = expert.decide(view, 7, memory_copy(memory), SEARCH)
    hards = hard.choose(view, random.Random(7), memory_copy(memory))
    assert searched.searched
    thinker = Thinker(workers=1, seconds=30.0, budget=SEARCH)
    try:
        assert await thinker.decide(view, memory_copy(memory), 7) == searched.action
        thinker.seconds = 0.0  # the worker gives up before its first sampled world
        assert await thinker.decide(view, memory_copy(memory), 7) == hards
        assert thinker.fallbacks == 0
    finally:
        await thinker.close()


async def test_a_worker_that_does_not_answer_in_time_is_not_waited_for() -> None:
    """Past the budget and its grace, hard's move is played in the expert's place, and counted."""
    view, memory = searched_view()
    thinker = Thinker(workers=1, seconds=0.0, grace=0.0, budget=SEARCH)
    try:
        await thinker.decide(view, memory_copy(memory), 3)  # the worker starts (given time for that)
        action = await thinker.decide(view, memory_copy(memory), 3)
    finally:
        await thinker.close()
    assert action == hard.choose(view, random.Random(3), memory_copy(memory))
    assert thinker.fallbacks >= 1


async def test_without_a_worker_process_the_expert_thinks_in_a_thread() -> None:
    """``workers=0``: the same move as the worker would give, from a thread."""
    view, memory = searched_view()
    thinker = Thinker(workers=0, budget=SEARCH)
    assert await thinker.decide(view, memory_copy(memory), 7) == expert.choose(view, 7, memory_copy(memory), SEARCH)
