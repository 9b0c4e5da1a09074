"""Expert tables beside the people's games in the load benchmark (``bench_load.py --expert-tables N``).

Issue 29: a table of three ``expert`` computer players must not slow the first replies to people at
other tables. An expert's decision runs in the bot's worker process (``service/thinking.py``) and
costs tens to a few hundred ms of CPU, so ``N`` extra channels of the real bots (ours and versus;
the floors have no such tables) each hold a game of ``basic`` between one extra member and three
experts (``bot_pause`` 0, turn timer off, a game of 5,000 deals so that it never ends in a run),
set up like the people's, through the lobby commands only.

While a real bot's phase is measured (steady, or a burst), its expert tables are *running*: the
member plays their own turn (``/draw`` from the stock, then ``/discard`` of a card its autocomplete
lists) as soon as the bot tells them it is their turn, and the three experts then think and move one
after the other. So the experts are thinking for the whole of the phase, and the member's own
interactions are those of a person at an expert table. Before the phase the members play the turn
they were waiting for (the experts are thinking when it starts); after it, no member moves again
and the tables are let finish their experts' round, so nothing of theirs runs while another bot is
measured. Their interactions are never part of the people's figures (:func:`run_phase` measures
only the actions it sends).

The benchmark never reads the bot's database: the member learns that it is their turn from the
channel, as a person does: the turn line (``cogs/ui/turnline.py``) is one new public message per
person's turn that pings that person, and it tells the computer players' round before it. The
experts' actions are counted from those messages: the lines of a turn message before its ``it's
your turn`` line that begin with an expert's name (see :func:`expert_lines`).
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from dataclasses import dataclass, field

from benchmarks.load_discord import LoadWorld
from benchmarks.load_games import accepted, hand_faces
from tests.fakediscord import FakeChannel, FakeUser

EXPERTS = 3  # computer players per expert table
# The table's settings: no pause before a computer move, no turn timer, and a game that outlasts any run.
SETTINGS = {"turn_timer": "0", "bot_pause": "0", "game_end": "deals", "game_length": "5000"}
EXPERT_LINE = re.compile(r"^Bot( \d+)? \(expert\) ")  # how the bot names its experts (en-US)
FALLBACK = "an expert decision took longer than"  # the bot's warning when hard's move is played instead
POLL = 0.05  # seconds between two looks at what the bot wrote
ROUND_LIMIT = 30.0  # seconds the experts may take to end their round once the phase is over


@dataclass
class ExpertTable:
    """One channel of one member and three experts, and what the benchmark saw of it."""

    channel: FakeChannel
    user: FakeUser
    turn: asyncio.Event = field(default_factory=asyncio.Event)  # the bot told the member it is their turn
    moving: bool = False  # the member is playing their turn
    lost: bool = False  # a move of the member's was refused: learn by trying before the next phase
    member_moves: list[float] = field(default_factory=list)  # perf_counter of each accepted draw and discard
    rounds: list[tuple[float, int]] = field(default_factory=list)  # (perf_counter, expert moves told)


def expert_lines(content: str) -> int:
    """The experts' actions told in a turn message (a draw, a meld, a lay-off, a discard: one line
    each, and each one of their decisions): its lines before the one that pings the member (the
    computer players' round since the member's last move) that begin with a computer player's name,
    ``Bot (expert)``, ``Bot 2 (expert)``... (the deal's other news, a new deal or a score, begin
    otherwise)."""
    before = content.split("<@", 1)[0]
    return sum(1 for line in before.splitlines() if EXPERT_LINE.match(line))


class ExpertTables:
    """The expert tables of one real bot's world: set up, kept thinking during its phases, and counted."""

    def __init__(self, world: LoadWorld) -> None:
        self.world = world
        self.tables = [ExpertTable(ch, user) for ch, user in world.experts]
        self._by_channel = {t.channel.id: t for t in self.tables}
        self._seen = 0  # writes of the fake already looked at
        self._running = False
        self._players: dict[int, asyncio.Task[None]] = {}  # channel id -> the member's task
        self._watcher: asyncio.Task[None] | None = None

    # -- the watcher: who is told it is their turn --------------------------------------------------

    def _look(self) -> None:
        writes = self.world.fake.state.writes
        messages = self.world.fake.state.messages
        for write in writes[self._seen :]:
            table = self._by_channel.get(write.channel_id)
            if table is None or write.kind != "create" or not write.public:
                continue
            message = messages.get(write.message_id)
            if message is None or message.notified is None or table.user.id not in message.notified.users:
                continue
            table.rounds.append((time.perf_counter(), expert_lines(message.content)))
            table.turn.set()
        self._seen = len(writes)

    async def _watch(self) -> None:
        while True:
            self._look()
            await asyncio.sleep(POLL)

    # -- set up -----------------------------------------------------------------------------------------

    async def set_up(self) -> None:
        """A started game in every expert channel, its member waiting for their turn."""
        self._watcher = asyncio.get_running_loop().create_task(self._watch())
        d = self.world.driver
        for t in self.tables:  # one after the other: few tables, and the bot is idle
            steps = [("lobby create", {"preset": "basic"})]
            steps += [("lobby set", {"rule": rule, "value": value}) for rule, value in SETTINGS.items()]
            steps += [("lobby addbot", {"level": "expert"})] * EXPERTS
            steps += [("lobby start", {})]
            for command, options in steps:
                result = await d.slash(t.user, t.channel, command, options)
                assert result.messages, f"/{command} in {t.channel.name} got no answer"
        await self._until_waiting()

    async def _until_waiting(self) -> None:
        """Until every member was told it is their turn (the experts' round is over); a table not
        told in time is learnt by trying before the next phase."""
        try:
            async with asyncio.timeout(ROUND_LIMIT):
                await asyncio.gather(*(t.turn.wait() for t in self.tables if not t.lost))
        except TimeoutError:
            for t in self.tables:
                t.lost = t.lost or not t.turn.is_set()

    # -- running during a phase ------------------------------------------------------------------------

    async def _move(self, t: ExpertTable) -> bool:
        """The member's turn: draw from the stock, discard a card they hold. Whether it was played."""
        d = self.world.driver
        result = await d.slash(t.user, t.channel, "draw", {"source": "stock"})
        if accepted(result):
            t.member_moves.append(time.perf_counter())
        faces = await hand_faces(self.world, t.user, t.channel)
        if not faces:
            return False
        result = await d.slash(t.user, t.channel, "discard", {"card": faces[-1]})
        if not accepted(result):
            return False
        t.member_moves.append(time.perf_counter())
        return True

    async def _play(self, t: ExpertTable) -> None:
        while self._running:
            await t.turn.wait()
            if not self._running:
                return
            t.turn.clear()
            t.moving = True
            try:
                t.lost = not await self._move(t)
            finally:
                t.moving = False
            if t.lost:  # not their turn after all (a message missed): tried again before the next phase
                return

    async def start(self) -> None:
        """Before a phase: every member plays the turn they wait for, so the experts are thinking
        when it begins, and goes on playing each turn they are given until :meth:`stop`."""
        self._running = True
        ready = [t for t in self.tables if t.turn.is_set() or t.lost]
        for t in ready:
            t.turn.clear()

        async def first(t: ExpertTable) -> None:
            t.lost = not await self._move(t)

        await asyncio.gather(*(first(t) for t in ready))
        loop = asyncio.get_running_loop()
        self._players = {t.channel.id: loop.create_task(self._play(t)) for t in self.tables if not t.lost}

    async def stop(self) -> None:
        """After a phase: no member moves again (one in the middle of their turn ends it); then
        wait until the experts ended their round, so that nothing of theirs runs while another bot
        is measured."""
        self._running = False
        for t in self.tables:
            task = self._players.get(t.channel.id)
            if task is not None and not t.moving:
                task.cancel()
        await asyncio.gather(*self._players.values(), return_exceptions=True)
        self._players = {}
        await self._until_waiting()

    async def close(self) -> None:
        if self._watcher is not None:
            self._watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watcher

    # -- counts -------------------------------------------------------------------------------------------

    def count(self, since: float, until: float) -> tuple[int, int]:
        """Expert moves told, and the members' moves, between ``since`` and ``until`` (perf_counter)."""
        self._look()
        experts = sum(n for t in self.tables for at, n in t.rounds if since <= at <= until)
        members = sum(1 for t in self.tables for at in t.member_moves if since <= at <= until)
        return experts, members
