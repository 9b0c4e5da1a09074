"""The in-process path of the load benchmark: the bot's game service, the rules and SQLite, no network.

``GameService`` on a real ``Database`` file: ``games`` tables of ``basic`` are opened, joined and started
through the service, then every game runs its own task, playing draw/discard turns through
``GameService.play`` until the time is up. Each action is one transaction (``save_action``) that has
committed when ``play`` returns; the benchmark checks afterwards, with its own connection, that the
action log holds exactly the actions counted.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from data import Database
from data.db import SynchronousLevel
from rummy import actions as act
from rummy.deal import Phase
from service.games import GameService, Outcome, Who

GUILD = 1


@dataclass(frozen=True)
class ServiceRun:
    synchronous: str
    games: int
    actions: int
    seconds: float
    logged: int  # actions found in the log afterwards (setup excluded)

    @property
    def rate(self) -> float:
        return self.actions / self.seconds


def _next_action(out: Outcome) -> tuple[int, act.Action]:
    """The player to move and their next step: draw from the stock, or discard their first card."""
    table = out.table
    assert table.game is not None and table.game.deal is not None and table.turn is not None
    seat = table.turn
    deal = table.game.deal
    if deal.phase is Phase.DRAW:
        return seat, act.Draw(act.Source.STOCK)
    return seat, act.Discard(deal.hands[seat][0])


async def run_service(folder: Path, synchronous: SynchronousLevel, games: int, seconds: float) -> ServiceRun:
    """Play for ``seconds`` on ``games`` tables at once; count the committed actions."""
    path = folder / f"service-{synchronous.lower()}.sqlite3"
    db = await Database.open(path, synchronous=synchronous)
    service = GameService(db)
    people = {ch: (Who(10_000 + 2 * ch, f"p{ch}a"), Who(10_001 + 2 * ch, f"p{ch}b")) for ch in range(1, games + 1)}
    started: dict[int, Outcome] = {}
    for ch, (host, guest) in people.items():
        await service.create(GUILD, ch, host, "basic")
        await service.configure(ch, host, "turn_timer", "0")
        await service.join(ch, guest)
        started[ch] = await service.start(ch, host)
    setup_actions = 3 * games  # create is not an action: set, join, start are
    counts = dict.fromkeys(people, 0)
    deadline = time.perf_counter() + seconds

    async def play(ch: int) -> None:
        out = started[ch]
        while time.perf_counter() < deadline:
            seat, action = _next_action(out)
            who = people[ch][seat]
            out = await service.play(ch, who, action)
            counts[ch] += 1

    begin = time.perf_counter()
    await asyncio.gather(*(play(ch) for ch in people))
    elapsed = time.perf_counter() - begin
    await db.close()
    conn = sqlite3.connect(path)
    try:
        logged = conn.execute("SELECT COUNT(*) FROM game_actions").fetchone()[0] - setup_actions
    finally:
        conn.close()
    return ServiceRun(synchronous, games, sum(counts.values()), elapsed, logged)
