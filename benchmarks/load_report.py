"""The load benchmark's report: the guard (ours against the floor), the details, and ours against versus.

Used by ``benchmarks/bench_load.py``, whose docstring says what is measured and what the guard is.
"""

from __future__ import annotations

import re
import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from benchmarks.load_discord import Phase
from benchmarks.load_service import ServiceRun

STEADY_MARGIN = 0.020  # seconds: the steady guard is ours p99 <= the hand floor's p99 + this
BURST_FACTOR = 1.5  # the burst guard is the median over the rounds of ours p99 / the hand floor's p99 <= this
SERVICE_RATE = 1000  # the in-process guard: committed actions per second, at least
GROWTH_FACTOR = 1.25  # from the fewest games to the most: ours steady p99 and CPU per action grow at most this
SERVICE_KEPT = 0.8  # ... and the service alone keeps at least this share of its actions per second
FLOORS = ("pong", "hand")  # the floors, by their FLOOR (benchmarks/floor_bot.py), which is their kind
ERROR_HEAD = re.compile(r"^\S+ \S+ +ERROR +")  # "2026-01-01 12:00:00 ERROR    "


@dataclass(frozen=True)
class Beside:
    """What ran beside the people's actions during one measured phase of a real bot: the CPU of its
    other processes (the expert's worker, the pictures) over the phase; and while its expert tables
    ran (from their members' moves just before the phase to the end of the experts' round after
    it: ``running`` seconds), the experts' actions told in their channels and their members' moves."""

    seconds: float  # the phase
    running: float  # the expert tables running around it (the phase, a little before, the round after)
    expert_actions: int = 0
    member_moves: int = 0
    children_cpu: float | None = None


@dataclass
class Measured:
    """What one contender's run measured."""

    kind: str  # "pong" or "hand" (the floors), "ours" or "versus"
    where: str  # the checkout and its commit
    idle: dict[str, int] = field(default_factory=dict)  # VmRSS/VmHWM in KiB once set up, before any load
    memory: dict[str, int] = field(default_factory=dict)  # the same at the end
    steady: Phase = field(default_factory=lambda: Phase("steady", [], 0.0))
    calls: float = 0.0  # channel REST calls per second during steady
    bursts: list[Phase] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)  # the action of each burst (the games move in step)
    errors: list[str] = field(default_factory=list)
    unknown: list[tuple[str, str]] = field(default_factory=list)
    fallbacks: int = 0  # expert decisions the worker did not answer in time (hard's move played), from the log
    expert_tables: int = 0  # tables of three experts playing beside the games (benchmarks/load_experts.py)
    beside: dict[str, list[Beside]] = field(default_factory=dict)  # "steady", "burst" -> one per phase (real bots)

    @property
    def burst(self) -> Phase:
        """Every burst as one."""
        return Phase.pooled("burst", self.bursts)

    @property
    def clean(self) -> bool:
        """No action refused or unanswered, no error logged."""
        phases = [self.steady, *self.bursts]
        return not any(p.refused or p.failed for p in phases) and not self.errors


@dataclass
class Run:
    """Every contender's measures at one number of games, and the service alone's."""

    games: int
    pong: Measured
    hand: Measured
    ours: Measured
    versus: Measured | None
    service: list[ServiceRun]


def cpu_per_action(m: Measured, size: int) -> float | None:
    """Main-thread CPU seconds per action of the median burst (None where not known)."""
    known = [b.bot_cpu for b in m.bursts if b.bot_cpu is not None]
    return statistics.median(known) / size if known else None


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f}"


def mib(kib: int) -> str:
    return f"{kib / 1024:.1f}"


def _ratios(mine: Sequence[float | None], theirs: Sequence[float | None]) -> list[float | None]:
    return [None if m is None or t is None or t == 0 else m / t for m, t in zip(mine, theirs, strict=True)]


def _median(values: Sequence[float | None]) -> float | None:
    known = [v for v in values if v is not None]
    return statistics.median(known) if known else None


def times(ratio: float | None) -> str:
    return "-" if ratio is None else f"{ratio:.2f}"


def _fmt(value: float | None, form: Callable[[float], str]) -> str:
    return "-" if value is None else form(value)


def p99_ratios(a: Measured, b: Measured) -> list[float | None]:
    """Each round's burst p99 of ``a`` over ``b``'s (the bursts of a round are back to back)."""
    return _ratios([p.quantile(0.99) for p in a.bursts], [p.quantile(0.99) for p in b.bursts])


def cpu_ratios(a: Measured, b: Measured) -> list[float | None]:
    """Each round's main-thread CPU of ``a``'s burst over ``b``'s (None where it is not known)."""
    return _ratios([p.bot_cpu for p in a.bursts], [p.bot_cpu for p in b.bursts])


def table(rows: Sequence[tuple[str, ...]]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip() for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return lines


def guard(run: Run, rate: float, size: int) -> list[str]:
    """The guard table, ours against the hand floor (the pong floor beside, for reference), and its
    last line: ``GUARD OK``, or ``GUARD BROKEN`` with what broke."""
    ours, hand, pong = run.ours, run.hand, run.pong
    rows = [("scenario", "ours p50/p99 ms", "hand floor p50/p99 ms", "pong floor p50/p99 ms", "guard", "holds")]
    broken = []
    o, f = ours.steady, hand.steady
    ok = o.quantile(0.99) <= f.quantile(0.99) + STEADY_MARGIN and not o.refused and not o.failed
    label = f"steady {rate:g}/s over {run.games} games"
    limit = f"p99 <= {ms(f.quantile(0.99) + STEADY_MARGIN)}"
    rows.append((label, _pair(o), _pair(f), _pair(pong.steady), limit, _ok(ok)))
    broken += [] if ok else [label]
    ratio, to_pong = _median(p99_ratios(ours, hand)), _median(p99_ratios(ours, pong))
    o = ours.burst
    ok = ratio is not None and ratio <= BURST_FACTOR and not o.refused and not o.failed
    label = f"{len(ours.bursts)} bursts of {size} at once"
    limit = f"median p99 ratio {times(ratio)} <= {BURST_FACTOR} (to pong: {times(to_pong)})"
    rows.append((label, _pair(o), _pair(hand.burst), _pair(pong.burst), limit, _ok(ok)))
    broken += [] if ok else [label]
    for service in run.service:
        ok = service.rate >= SERVICE_RATE and service.logged == service.actions + service.warm_up
        label = f"in-process, synchronous={service.synchronous}"
        rows.append((label, f"{service.rate:,.0f} actions/s", "-", "-", f">= {SERVICE_RATE:,} actions/s", _ok(ok)))
        broken += [] if ok else [label]
    lines = table(rows)
    lines.append("GUARD OK" if not broken else "GUARD BROKEN: " + "; ".join(broken))
    return lines


def growth(few: Run, many: Run) -> list[str]:
    """From ``few`` games to ``many`` at the same rate: ours steady p99 and main-thread CPU per
    action (the floors' beside, for reference) and the service alone's actions per second, each
    with its ratio and limit; the last line ``GROWTH OK`` or ``GROWTH BROKEN: ...``."""
    size = len(few.ours.bursts[0].latencies) if few.ours.bursts else 1
    rows = [("growth, same rate", f"{few.games} games", f"{many.games} games", "ratio", "limit", "holds")]
    broken = []

    def row(label: str, a: float | None, b: float | None, form: Callable[[float], str], limit: str) -> None:
        ratio = None if a is None or b is None or a == 0 else b / a
        holds = "-"
        if limit.startswith("<="):
            holds = _ok(ratio is not None and ratio <= float(limit[2:]))
        elif limit.startswith(">="):
            holds = _ok(ratio is not None and ratio >= float(limit[2:]))
        if holds == "BROKEN":
            broken.append(label)
        rows.append((label, _fmt(a, form), _fmt(b, form), times(ratio), limit or "-", holds))

    for m_few, m_many in ((few.ours, many.ours), (few.hand, many.hand), (few.pong, many.pong)):
        limit = f"<= {GROWTH_FACTOR}" if m_few.kind == "ours" else ""
        row(f"{m_few.kind}: steady p99", m_few.steady.quantile(0.99), m_many.steady.quantile(0.99), _ms, limit)
        row(f"{m_few.kind}: CPU per action", cpu_per_action(m_few, size), cpu_per_action(m_many, size), _us, limit)
    for s_few, s_many in zip(few.service, many.service, strict=True):
        label = f"service alone, {s_few.synchronous}"
        row(label, s_few.rate, s_many.rate, lambda v: f"{v:,.0f}/s", f">= {SERVICE_KEPT}")
    a, b = few.ours.memory.get("VmRSS", 0), many.ours.memory.get("VmRSS", 0)
    rows.append(("ours: RSS after the run", f"{mib(a)} MiB", f"{mib(b)} MiB", times(b / a if a else None), "-", "-"))
    lines = table(rows)
    lines.append("GROWTH OK" if not broken else "GROWTH BROKEN: " + "; ".join(broken))
    return lines


def _ms(seconds: float) -> str:
    return f"{ms(seconds)} ms"


def _us(seconds: float) -> str:
    return f"{seconds * 1e6:,.0f} µs"


def _pair(phase: Phase) -> str:
    return f"{ms(phase.quantile(0.5))} / {ms(phase.quantile(0.99))}"


def _ok(ok: bool) -> str:
    return "yes" if ok else "BROKEN"


def details(m: Measured, size: int) -> list[str]:
    """One contender's counts, memory, and its bursts one by one."""
    steady, burst = m.steady, m.burst
    lines = [
        f"{m.kind} ({m.where}): steady {steady.rate:.1f} actions/s answered ({len(steady.latencies)} actions), "
        f"burst {burst.rate:.1f}/s; refused {steady.refused + burst.refused}, failed "
        f"{steady.failed + burst.failed}; RSS {mib(m.idle['VmRSS'])} MiB idle, {mib(m.memory['VmRSS'])} MiB "
        f"after, peak {mib(m.memory['VmHWM'])} MiB; channel REST calls {m.calls:.1f}/s during steady; "
        f"error log lines {len(m.errors)}; unknown routes {len(m.unknown)}",
        f"  {m.kind}, last message of each action (follow-ups included, later edits not) p50/p99 ms: steady "
        f"{ms(steady.last_quantile(0.5))} / {ms(steady.last_quantile(0.99))}, burst "
        f"{ms(burst.last_quantile(0.5))} / {ms(burst.last_quantile(0.99))}",
        f"  {m.kind}, p99 of each burst in turn (ms): " + ", ".join(ms(b.quantile(0.99)) for b in m.bursts),
    ]
    if m.kinds:
        lines.append(f"  {m.kind}, action of each burst: " + ", ".join(f"/{k}" for k in m.kinds))
    cpu = [b.bot_cpu for b in m.bursts]
    known = [c for c in cpu if c is not None]
    if known:
        median = statistics.median(known)
        lines.append(
            f"  {m.kind}, main-thread CPU of each burst (ms): "
            + ", ".join(_fmt(c, ms) for c in cpu)
            + f"; median {ms(median)}, {median / size * 1e6:.0f} µs per action"
        )
    if m.bursts:
        harness = statistics.median(b.harness_cpu for b in m.bursts)
        lines.append(
            f"  {m.kind}, CPU of this process (the fake Discord and the driver) per burst, median: {ms(harness)} ms"
        )
    lines += beside(m)
    common = Counter(ERROR_HEAD.sub("", line)[:120] for line in m.errors if "ERROR" in line).most_common(3)
    lines += [f"  {m.kind}, {n} x: {text}" for text, n in common]
    return lines


def beside(m: Measured) -> list[str]:
    """What ran beside a real bot's measured phases: its expert tables' actions (their moves, told in
    the channels) and their members' moves, and its other processes' CPU (the expert's worker, the
    pictures), during the steady phase and each burst. None of it is in the latencies above."""
    steady, bursts = m.beside.get("steady", []), m.beside.get("burst", [])
    if not steady and not bursts:
        return []
    lines = []
    if m.expert_tables:
        lines.append(
            f"  {m.kind}, {m.expert_tables} expert tables (a member and 3 experts each), expert actions told while "
            f"they ran around the steady phase: {_told(steady)}; around each burst: "
            + ", ".join(str(b.expert_actions) for b in bursts)
            + f" ({_told(bursts)}; the bursts themselves {sum(b.seconds for b in bursts):.1f}s); expert decisions "
            f"not answered in time by the worker (hard's move played) over the whole run: {m.fallbacks}"
        )
    cpu = [b.children_cpu for b in bursts]
    known = [c for c in cpu if c is not None]
    if known:
        steady_cpu = _fmt(_sum_known([b.children_cpu for b in steady]), ms)
        lines.append(
            f"  {m.kind}, CPU of its other processes (the expert's worker, the pictures) during steady: "
            f"{steady_cpu} ms; each burst (ms): "
            + ", ".join(_fmt(c, ms) for c in cpu)
            + f"; median {ms(statistics.median(known))}"
        )
    return lines


def _told(phases: Sequence[Beside]) -> str:
    actions, seconds = sum(b.expert_actions for b in phases), sum(b.running for b in phases)
    members = sum(b.member_moves for b in phases)
    return f"{actions} in {seconds:.1f}s, {actions / seconds if seconds else 0:.1f}/s, members' moves {members}"


def _sum_known(values: Sequence[float | None]) -> float | None:
    return None if not values or None in values else sum(v for v in values if v is not None)


def versus_section(ours: Measured, versus: Measured) -> list[str]:
    """Ours against the other checkout's bot, for information (no guard): per round the burst p99
    and main-thread CPU ratios, their medians, the steady latencies and the memory of both."""
    p99, cpu = p99_ratios(ours, versus), cpu_ratios(ours, versus)
    rows = [
        ("round", "action", "ours p99 ms", "versus p99 ms", "p99 ratio", "ours CPU ms", "versus CPU ms", "CPU ratio")
    ]
    for i, (o, v) in enumerate(zip(ours.bursts, versus.bursts, strict=True)):
        action = ours.kinds[i] if i < len(ours.kinds) else "?"
        if i < len(versus.kinds) and versus.kinds[i] != action:
            action += f" (versus /{versus.kinds[i]})"
        rows.append(
            (
                str(i + 1),
                f"/{action}",
                ms(o.quantile(0.99)),
                ms(v.quantile(0.99)),
                times(p99[i]),
                _fmt(o.bot_cpu, ms),
                _fmt(v.bot_cpu, ms),
                times(cpu[i]),
            )
        )
    rows.append(("median", "", "", "", times(_median(p99)), "", "", times(_median(cpu))))
    lines = [f"ours vs versus ({versus.where}), for information, no guard:", *table(rows)]
    for m in (ours, versus):
        lines.append(
            f"  {m.kind}: steady p50/p99 {_pair(m.steady)} ms; burst p50/p99 {_pair(m.burst)} ms (pooled); RSS "
            f"{mib(m.idle['VmRSS'])} MiB idle, {mib(m.memory['VmRSS'])} MiB after, peak {mib(m.memory['VmHWM'])} MiB"
        )
    if not versus.clean:
        lines.append("  versus refused, missed or logged errors: its figures are not comparable (see its details)")
    return lines


def report(run: Run, rate: float, size: int) -> str:
    head = f"== {run.games} games"
    tables = [(m.kind, m.expert_tables) for m in (run.ours, run.versus) if m is not None]
    if any(n for _kind, n in tables):
        head += ", expert tables beside " + " and ".join(f"{kind} {n}" for kind, n in tables)
        head += " (their replies are in no figure: see the details)"
    lines = [head, *guard(run, rate, size)]
    ours, versus = run.ours, run.versus
    if versus is not None:
        lines += ["", *versus_section(ours, versus)]
    lines.append("")
    contenders = (ours, run.hand, run.pong) if versus is None else (ours, versus, run.hand, run.pong)
    for m in contenders:
        lines += details(m, size)
    for floor in (run.hand, run.pong):
        ratios = ", ".join(times(r) for r in p99_ratios(ours, floor))
        lines.append(f"  burst p99 ratio of each round (ours / {floor.kind} floor): {ratios}")
    for service in run.service:
        lines.append(
            f"in-process {service.synchronous} (a process of its own): {service.actions} actions in "
            f"{service.seconds:.2f}s over {service.games} games after {service.warm_up} to warm up, "
            f"{service.logged} found committed in the log"
        )
    return "\n".join(lines)
