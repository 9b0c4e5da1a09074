"""Collections at quiet moments: only once nothing is owed, only when worth it, older generations in turn."""

from __future__ import annotations

import asyncio

from cogs.ui.priority import FirstReplies
from cogs.ui.quiet_gc import QuietCollector
from tests.cogs.test_priority import fake


class FakeGC:
    """The collector's counters and the generations it was asked to collect."""

    def __init__(self, young: int = 0, old: int = 0) -> None:
        self.count = [young, 0, old]
        self.collected: list[int] = []

    def collect(self, generation: int) -> int:
        self.collected.append(generation)
        self.count[0] = 0
        return 0

    def counts(self) -> tuple[int, int, int]:
        return self.count[0], self.count[1], self.count[2]

    @staticmethod
    def thresholds() -> tuple[int, int, int]:
        return 50_000, 20, 10


def collector(gc: FakeGC, young: int = 100, middle_every: int = 3) -> QuietCollector:
    return QuietCollector(young, middle_every, collect=gc.collect, counts=gc.counts, thresholds=gc.thresholds)


async def test_collects_the_young_generation_once_the_last_first_reply_is_sent() -> None:
    gc = FakeGC(young=500)
    replies = FirstReplies(on_clear=collector(gc).poke)
    first, second = fake(1), fake(2)
    replies.owe(first)
    replies.owe(second)
    replies.paid(first)
    await asyncio.sleep(0)
    assert gc.collected == []  # the second still owes its first reply
    replies.paid(second)
    await asyncio.sleep(0)
    assert gc.collected == [0]


async def test_a_small_young_generation_is_left_alone() -> None:
    gc = FakeGC(young=99)
    quiet = collector(gc)
    quiet.poke()
    await asyncio.sleep(0)
    assert gc.collected == []


async def test_pokes_before_the_collection_make_one_collection() -> None:
    gc = FakeGC(young=500)
    quiet = collector(gc)
    for _ in range(5):
        quiet.poke()
    await asyncio.sleep(0)
    assert gc.collected == [0]


async def test_the_middle_generation_in_turn_and_the_oldest_when_due() -> None:
    gc = FakeGC()
    quiet = collector(gc, middle_every=3)
    for _ in range(6):
        gc.count[0] = 500
        quiet.poke()
        await asyncio.sleep(0)
    assert gc.collected == [0, 0, 1, 0, 0, 1]
    gc.count[0], gc.count[2] = 500, 11  # more middle collections than the oldest's threshold
    quiet.poke()
    await asyncio.sleep(0)
    assert gc.collected[-1] == 2
