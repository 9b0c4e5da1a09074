"""A measuring probe for a bot process, loaded by ``sitecustomize`` only when ``RAMI_PROBE`` is set.

``RAMI_PROBE=/path/out.json`` (used by ``benchmarks/bench_memory.py``; nothing in the bot imports
this) times every garbage collection through ``gc.callbacks`` and writes snapshots to that file,
as one JSON object ``{"pid": ..., "snapshots": [...]}`` rewritten whole (write, then rename) at
each snapshot, so a reader never sees half a file:

* ``SIGUSR1``: a light snapshot: the collections since the previous snapshot and in all (per
  generation: count, longest and total ms), the objects the collector tracks
  (``len(gc.get_objects())``, what a full collection scans), the frozen ones
  (``gc.get_freeze_count()``) and ``VmRSS``/``VmHWM``. Changes nothing in the process.
* ``SIGUSR2``: the same, with what a full collection scans: the tracked objects by type and the
  pending tasks by name (``census``), and by owner (``owners``: :func:`_owners`, e.g. the table
  cache, the open hands, the timers); then the open hands: every ``cogs.ui.open_hands.OpenHands`` registry
  (found through ``gc.get_objects()``: its class is looked up by name, so any version of the bot
  works), its live and older entries, and the bytes they hold (:func:`deep_size`). The registry is
  made at set-up, which ``bot.py`` freezes (``gc.freeze()``) and ``gc.get_objects()`` does not
  list, so this snapshot unfreezes to find it and freezes everything again after: take it last.
* ``RAMI_PROBE_PROFILE=/path/out.prof`` as well: each ``SIGUSR1`` also starts :mod:`cProfile` on the
  main thread (the event loop) after its snapshot, or, when it runs, stops it before the snapshot
  and dumps its statistics to that file (``pstats``): call counts are exact, whatever the load.
* At exit (``atexit``, which a graceful stop runs: SIGINT, or a SIGTERM the bot handles) and on a
  SIGTERM the bot leaves at its default (which would end the process without ``atexit``; the
  probe's handler writes, then restores the default and sends the signal again): a light snapshot.

The collector is off while a snapshot is taken, so the probe's own work is not timed as the bot's.

**What the walk counts.** :func:`deep_size` follows ``gc.get_referents`` from an entry and adds
``sys.getsizeof`` of every object reached once, and stops (without counting them) at what the
whole bot shares rather than what the entry holds: modules and their dicts, classes, functions,
methods, code and descriptors, enum members, everything frozen at set-up (tracked by the collector
but not in its generations: the client, the service, the catalogs, the command tree, the
registries), and instances of the bot-wide discord.py and library classes in :data:`SHARED` (the
client, its connection state, HTTP client and session, guilds, channels, threads, users: a
``User`` is shared by every interaction of one person), the event loop and contextvars contexts.
Counted: the entry itself and what only it reaches, e.g. an interaction's member, message,
embeds, components, raw payload, token. Not counted: interpreter internals ``getsizeof`` does not
see (an object's inline attribute values in 3.11 before its ``__dict__`` is made, about 8 bytes a
value; allocator overhead). A walk stops after :data:`WALK_LIMIT` objects per entry walked
(``truncated`` says it): an entry reaches about 10 (a handle) to 150 (an interaction) objects.
"""

from __future__ import annotations

import asyncio
import atexit
import collections
import contextvars
import cProfile
import enum
import gc
import json
import os
import re
import signal
import sys
import time
import types
from collections import Counter
from typing import Any

WALK_LIMIT = 5_000  # objects a walk may count per entry before it gives up (a stop missing from SHARED)
SAMPLE = 400  # entries of each kind walked alone (the registry's total walks every entry)

SHARED = frozenset(
    {
        "discord.client.Client",
        "discord.state.ConnectionState",
        "discord.http.HTTPClient",
        "discord.gateway.DiscordWebSocket",
        "discord.guild.Guild",
        "discord.abc.GuildChannel",
        "discord.threads.Thread",
        "discord.user.BaseUser",  # User and ClientUser: the connection state's cache, one per person
        "discord.app_commands.tree.CommandTree",
        "discord.app_commands.commands.Command",
        "discord.app_commands.commands.Group",
        "discord.ui.view.ViewStore",
        "aiohttp.client.ClientSession",
        "aiohttp.connector.BaseConnector",
        "asyncio.events.AbstractEventLoop",
        "cogs.ui.open_hands.OpenHands",
        "service.games.GameService",
    }
)
SHARED_TYPES: tuple[type, ...] = (
    types.ModuleType,
    type,
    types.FunctionType,
    types.BuiltinFunctionType,
    types.MethodType,
    types.CodeType,
    types.WrapperDescriptorType,
    types.MethodDescriptorType,
    types.MethodWrapperType,
    types.GetSetDescriptorType,
    types.MemberDescriptorType,
    types.ClassMethodDescriptorType,
    property,
    classmethod,
    staticmethod,
    enum.Enum,
    contextvars.Context,
)

_path = ""
_gc_start = 0.0
_total: dict[int, list[float]] = {}  # generation -> [count, longest s, total s]
_since: dict[int, list[float]] = {}
_snapshots: list[dict[str, Any]] = []
_busy = False
_profile_path = ""
_profiler: cProfile.Profile | None = None
_setup: set[int] | None = None  # ids of every tracked object at the first snapshot (after set-up)


def _tracked_ids() -> set[int]:
    """The ids of every object the collector tracks, frozen ones included (a bot that freezes the
    survivors of its full passes, ``service.collector``, freezes what it made after set-up too)."""
    frozen = gc.get_freeze_count()
    gc.unfreeze()
    try:
        return {id(o) for o in gc.get_objects()}
    finally:
        if frozen:
            gc.freeze()


def _on_gc(phase: str, info: dict[str, int]) -> None:
    global _gc_start
    if phase == "start":
        _gc_start = time.perf_counter()
        return
    took = time.perf_counter() - _gc_start
    for table in (_total, _since):
        row = table.setdefault(info["generation"], [0, 0.0, 0.0])
        row[0] += 1
        row[1] = max(row[1], took)
        row[2] += took


def _collections(table: dict[int, list[float]]) -> dict[str, dict[str, float]]:
    return {
        str(gen): {"count": int(row[0]), "longest_ms": round(row[1] * 1e3, 2), "total_ms": round(row[2] * 1e3, 1)}
        for gen, row in sorted(table.items())
    }


def _memory_kib() -> dict[str, int]:
    out = {}
    try:
        with open("/proc/self/status") as status:
            for line in status:
                key, _, value = line.partition(":")
                if key in ("VmRSS", "VmHWM"):
                    out[key] = int(value.split()[0])
    except OSError:
        pass
    return out


class _Stops:
    """Decides, once per type (and per object for the frozen test), where a walk stops."""

    def __init__(self, frozen: set[int] | None) -> None:
        self.frozen = frozen  # ids of the objects frozen at set-up (None: not known)
        self.module_dicts = {id(vars(m)) for m in list(sys.modules.values()) if m is not None}
        self.by_type: dict[type, bool] = {}

    def shared(self, obj: object) -> bool:
        if obj is None or obj is True or obj is False or (type(obj) is int and -5 <= obj <= 256):
            return True  # the interpreter's own singletons
        kind = type(obj)
        known = self.by_type.get(kind)
        if known is None:
            names = {f"{c.__module__}.{c.__qualname__}" for c in kind.__mro__}
            known = issubclass(kind, SHARED_TYPES) or not names.isdisjoint(SHARED)
            self.by_type[kind] = known
        if known:
            return True
        if id(obj) in self.module_dicts:
            return True
        return self.frozen is not None and id(obj) in self.frozen


def deep_size(roots: list[object], stops: _Stops, by_type: Counter[str] | None = None) -> tuple[int, int, bool]:
    """Bytes (``sys.getsizeof``) of everything reached from ``roots`` through ``gc.get_referents``,
    each object once, stopping at what the bot shares (see the module doc); also the number of
    objects counted and whether the walk hit :data:`WALK_LIMIT` per root."""
    seen: set[int] = set()
    stack = list(roots)
    size = count = 0
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if stops.shared(obj):
            continue
        count += 1
        if count > WALK_LIMIT * len(roots):
            return size, count, True
        try:
            bytes_ = sys.getsizeof(obj)
        except TypeError:
            bytes_ = 0
        size += bytes_
        if by_type is not None:
            kind = type(obj)
            by_type[f"{kind.__module__}.{kind.__qualname__}"] += bytes_
        stack.extend(gc.get_referents(obj))
    return size, count, False


def _registry_entries(registry: object) -> tuple[list[object], list[object]]:
    """The live and older entries of an ``OpenHands`` (``_live``: game -> user -> entry,
    ``_older``: game -> user -> [entries]), whichever version of the class it is."""
    live_map: dict[Any, dict[Any, object]] = getattr(registry, "_live", {})
    older_map: dict[Any, dict[Any, list[object]]] = getattr(registry, "_older", {})
    live = [entry for hands in live_map.values() for entry in hands.values()]
    older = [entry for users in older_map.values() for entries in users.values() for entry in entries]
    return live, older


def _kind_sizes(entries: list[object], stops: _Stops) -> dict[str, Any]:
    """Each of the first :data:`SAMPLE` entries walked alone: their mean and largest deep size."""
    sizes, counts, truncated = [], [], 0
    for entry in entries[:SAMPLE]:
        size, count, cut = deep_size([entry], stops)
        sizes.append(size)
        counts.append(count)
        truncated += cut
    if not sizes:
        return {"entries": len(entries)}
    return {
        "entries": len(entries),
        "walked": len(sizes),
        "mean_bytes": round(sum(sizes) / len(sizes)),
        "max_bytes": max(sizes),
        "mean_objects": round(sum(counts) / len(counts), 1),
        "truncated": truncated,
    }


def _open_hands(unfrozen: set[int]) -> list[dict[str, Any]]:
    """Every open-hands registry and what its entries hold (unfreezes to find it, freezes after);
    ``unfrozen``: the ids of the objects not frozen at set-up."""
    frozen_before = gc.get_freeze_count()
    gc.unfreeze()
    try:
        everything = gc.get_objects()
        frozen = {id(o) for o in everything if id(o) not in unfrozen} if frozen_before else None
        del unfrozen
        registries = [
            o for o in everything if type(o).__name__ == "OpenHands" and type(o).__module__ == "cogs.ui.open_hands"
        ]
        del everything
        stops = _Stops(frozen)
        out = []
        for registry in registries:
            live, older = _registry_entries(registry)
            by_type: Counter[str] = Counter()
            total, objects, truncated = deep_size([*live, *older], stops, by_type)
            out.append(
                {
                    "live": _kind_sizes(live, stops),
                    "older": _kind_sizes(older, stops),
                    "all_bytes": total,  # every entry, objects shared between entries counted once
                    "all_objects": objects,
                    "all_truncated": truncated,
                    "by_type": dict(by_type.most_common(25)),
                }
            )
        return out
    finally:
        gc.freeze()  # all of it: frozen again, as the set-up's part was before


def _census() -> dict[str, int]:
    """The objects the collector tracks (frozen ones apart), counted by type (the 40 most numerous),
    and the pending asyncio tasks by name, digits left out (``task rami-board-N``: whose work waits)."""
    counts: Counter[str] = Counter()
    tasks: Counter[str] = Counter()
    for obj in gc.get_objects():
        kind = type(obj)
        counts[f"{kind.__module__}.{kind.__qualname__}"] += 1
        if isinstance(obj, asyncio.Task) and not obj.done():
            tasks["task " + re.sub(r"\d+", "N", obj.get_name())] += 1
    return {**dict(counts.most_common(40)), **dict(tasks.most_common(15))}


# Where the objects a full collection scans are held: each owner's tracked objects made after set-up.
OWNERS = (
    "service.cache.TableCache",
    "service.hints.AdviceCache",
    "service.gallery.Gallery",
    "cogs.ui.open_hands.OpenHands",
    "cogs.ui.turnline.TurnLines",
    "cogs.ui.board.Board",
    "cogs.ui.poster.Poster",
    "cogs.ui.ending.Ending",
    "cogs.ui.writer.GameWriter",
    "cogs.ui.replies.FirstReplies",
    "cogs.timers.Timers",
    "discord.http.HTTPClient",
    "discord.webhook.async_.AsyncWebhookAdapter",
    "discord.state.AutoShardedConnectionState",
    "discord.state.ConnectionState",
    "asyncio.unix_events._UnixSelectorEventLoop",
)
CONTAINERS = (dict, list, tuple, set, frozenset, collections.deque)


def _owners(unfrozen: set[int]) -> dict[str, int]:
    """For each object of a class in :data:`OWNERS` (in that order), the tracked objects made after
    set-up (``unfrozen``: their ids) that it reaches first (through ``gc.get_referents``), not
    through another owner, a module, a class or function, or an object frozen at set-up other than
    a plain container (a cache's dict made at set-up holds the entries made since). Unfreezes to
    find the owners, and freezes everything after, as :func:`_open_hands` does."""
    gc.unfreeze()
    try:
        everything = gc.get_objects()
        named = {f"{type(o).__module__}.{type(o).__qualname__}": o for o in everything if type(o).__name__ in _NAMES}
        del everything
        roots = [(name, named[name]) for name in OWNERS if name in named]
        stops = {id(root) for _name, root in roots}
        seen: set[int] = set()
        out = {}
        for name, root in roots:
            count, stack = 0, list(gc.get_referents(root))
            while stack:
                obj = stack.pop()
                key = id(obj)
                if key in seen or key in stops or isinstance(obj, SHARED_TYPES) or not gc.is_tracked(obj):
                    continue
                seen.add(key)
                if key in unfrozen:
                    count += 1
                elif not isinstance(obj, CONTAINERS) and type(obj).__name__ not in _PLAIN:
                    continue  # a bot-wide object made at set-up (the client, the service...)
                stack.extend(gc.get_referents(obj))
            out[name] = count
        return out
    finally:
        gc.freeze()


_NAMES = {name.rsplit(".", 1)[1] for name in OWNERS}
_PLAIN = {"OrderedDict", "WeakValueDictionary", "KeyedRef", "defaultdict"}


def _toggle_profile() -> None:
    """Start profiling the main thread, or stop it and dump the statistics (``RAMI_PROBE_PROFILE``)."""
    global _profiler
    if _profiler is None:
        _profiler = cProfile.Profile()
        _profiler.enable()
        return
    _profiler.disable()
    _profiler.dump_stats(_profile_path)
    _profiler = None


def snapshot(label: str, *, hands: bool = False) -> None:
    """Take a snapshot and rewrite the probe's file with every snapshot so far."""
    global _busy, _setup
    if _busy:
        return
    _busy = True
    enabled = gc.isenabled()
    gc.disable()
    try:
        taken: dict[str, Any] = {
            "label": label,
            "time": time.time(),
            "memory_kib": _memory_kib(),
            "collections_since_last": _collections(_since),
            "collections": _collections(_total),
            "tracked": len(gc.get_objects()),
            "frozen": gc.get_freeze_count(),
        }
        _since.clear()
        if hands:
            taken["census"] = _census()
            # made after set-up: not tracked at the first snapshot (or, without one, not frozen)
            unfrozen = {id(o) for o in gc.get_objects()} if _setup is None else _tracked_ids() - _setup
            taken["owners"] = _owners(unfrozen)
            taken["open_hands"] = _open_hands(unfrozen)
        if _setup is None:
            _setup = _tracked_ids()
        _snapshots.append(taken)
        tmp = f"{_path}.tmp"
        with open(tmp, "w") as out:
            json.dump({"pid": os.getpid(), "snapshots": _snapshots}, out, indent=1)
        os.replace(tmp, _path)
    finally:
        _busy = False
        if enabled:
            gc.enable()


def _on_signal(signum: int, _frame: object) -> None:
    if signum == signal.SIGTERM:
        snapshot("sigterm")
        signal.signal(signal.SIGTERM, signal.SIG_DFL)  # the default it replaced: end the process
        os.kill(os.getpid(), signal.SIGTERM)
        return
    profiling = _profiler is not None
    if _profile_path and signum == signal.SIGUSR1 and profiling:
        _toggle_profile()  # stopped before the snapshot, which is not the bot's work
    snapshot(f"signal {signal.Signals(signum).name}", hands=signum == signal.SIGUSR2)
    if _profile_path and signum == signal.SIGUSR1 and not profiling:
        _toggle_profile()


def install(path: str) -> None:
    """Start timing collections and listen for the snapshot signals (see the module doc), in the
    process that set ``RAMI_PROBE`` for itself only: the processes it starts (the pictures' worker)
    inherit the variable and this folder on their path, and must not write over its file."""
    global _path, _profile_path
    me = str(os.getpid())
    if os.environ.setdefault("RAMI_PROBE_PID", me) != me:
        return
    _path = path
    _profile_path = os.environ.get("RAMI_PROBE_PROFILE", "")
    gc.callbacks.append(_on_gc)
    signal.signal(signal.SIGUSR1, _on_signal)
    signal.signal(signal.SIGUSR2, _on_signal)
    if signal.getsignal(signal.SIGTERM) == signal.SIG_DFL:
        signal.signal(signal.SIGTERM, _on_signal)
    atexit.register(snapshot, "exit")
