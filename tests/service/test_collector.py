"""The collector's policy: survivors of a full pass frozen, everything thawed for a scan at intervals.

These tests change the interpreter's collector, so each one uninstalls what it installed (which
thaws everything) whatever happens."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from service.collector import Collector


class Node:
    """A weakly referenceable object to make cycles of."""

    def __init__(self) -> None:
        self.other: Node | None = None


def cycle() -> tuple[Node, weakref.ref[Node]]:
    """Two nodes that refer to each other (only a collector's scan frees them), and a weak
    reference that dies with them."""
    a, b = Node(), Node()
    a.other, b.other = b, a
    return a, weakref.ref(a)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def collector(clock: Clock) -> Iterator[Collector]:
    """An installed collector, and only the test's own ``gc.collect()`` calls: with automatic
    collection on, a thread an earlier test left in this worker (a database's, an executor's) could
    run a full pass between a test's pass and its look at what is frozen."""
    enabled = gc.isenabled()
    gc.disable()
    gc.collect()
    c = Collector(rescan_every=600.0, clock=clock)
    c.install()
    try:
        yield c
    finally:
        c.uninstall()
        gc.collect()
        if enabled:
            gc.enable()


def test_install_freezes_what_is_alive_and_hooks_once(collector: Collector) -> None:
    assert gc.get_freeze_count() > 0  # start-up's objects, out of every scan
    assert gc.callbacks.count(collector._collected) == 1
    collector.install()  # twice is once
    assert gc.callbacks.count(collector._collected) == 1


def test_a_full_pass_freezes_its_survivors(collector: Collector) -> None:
    before = gc.get_freeze_count()
    kept = [[] for _ in range(5_000)]  # made after the install: tracked, not frozen yet
    gc.collect(1)  # a younger pass freezes nothing
    assert collector.frozen_passes == 0
    gc.collect()
    assert collector.frozen_passes == 1
    assert gc.get_freeze_count() >= before + len(kept)
    assert gc.get_count() == (0, 0, 0)  # nothing left to scan in any generation


def test_new_cycles_are_still_collected(collector: Collector) -> None:
    """Garbage in a cycle that never survived a full pass is found by the next one, as always."""
    node, ref = cycle()
    del node
    gc.collect()
    assert ref() is None


def test_a_cycle_frozen_alive_waits_for_the_rescan(collector: Collector, clock: Clock) -> None:
    """The trade-off, both ways: a cycle that was alive at a full pass is frozen with it; once it
    becomes garbage, full passes do not see it until the rescan, which frees it."""
    node, ref = cycle()
    gc.collect()  # survives, so frozen
    del node  # now garbage, in a cycle, in the permanent generation
    gc.collect()
    assert ref() is not None, "frozen: not scanned before the rescan"
    assert collector.rescans == 0

    clock.now += 600.0  # the rescan is due: this full pass thaws
    gc.collect()
    assert collector.rescans == 1
    assert gc.get_freeze_count() == 0  # everything given back ...
    gc.collect()  # ... and scanned once: the cycle is freed, the rest frozen again
    assert ref() is None
    assert gc.get_freeze_count() > 0
    gc.collect()
    assert collector.rescans == 1  # the next one is ten minutes away again


def test_a_rescan_once_what_is_frozen_grew_by_half(collector: Collector) -> None:
    """Without waiting for the clock: survivors worth half of what was frozen after the last whole
    scan thaw everything for the next full pass, so that frozen garbage stays bounded."""
    baseline = gc.get_freeze_count()
    kept = [[] for _ in range(baseline // 4)]  # a quarter more: no rescan yet
    gc.collect()
    assert collector.rescans == 0 and gc.get_freeze_count() > 0
    kept += [[] for _ in range(baseline // 3)]  # past half more
    gc.collect()
    assert collector.rescans == 1 and gc.get_freeze_count() == 0
    gc.collect()  # the whole scan: frozen again, and this is the new baseline
    assert gc.get_freeze_count() >= baseline + len(kept)
    gc.collect()
    assert collector.rescans == 1


def test_uninstall_gives_everything_back(clock: Clock) -> None:
    c = Collector(clock=clock)
    c.install()
    c.uninstall()
    c.uninstall()  # twice is once
    assert c._collected not in gc.callbacks
    assert gc.get_freeze_count() == 0
    node, ref = cycle()
    gc.collect()
    del node
    gc.collect()  # the default collector again: nothing frozen, the cycle freed
    assert ref() is None
