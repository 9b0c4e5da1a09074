"""Pictures of games, drawn once and kept: a player's hand, the table, and the game's story; and a
tournament's standings.

The renderer (:mod:`service.pictures`) is pure and deterministic: the same cards give the same
bytes. So a picture is kept with a *stamp* of what it shows (a hand's cards and the card just
drawn; the melds, the discard pile's top and the piles' sizes; the running totals) and used again
whenever the stamp is the same: at most once per game version and seat, and not at all when a
version changed nothing the picture shows (a hand while the others play). One entry per (kind,
game, seat) keeps the newest picture only, and at most ``size`` entries of at most ``room`` bytes
in all are kept, the least recently used going first. The room is what bounds it: 1,000 two-player
games show 3,000 pictures (each player's hand, the table), some 30 MB, and a gallery that kept
fewer drew them again at each look and edited them in after the reply.

Drawing is CPU-bound (milliseconds per picture, most of it in Python and PNG encoding): it runs
in a worker *process* at a lower priority (``nice`` +10), from plain values taken on the event
loop. A thread would share the interpreter's lock with the event loop: under load (a hundred
actions a second), drawing then took the time of the first replies and Discord's three seconds
ran out. In a process of its own, a busy machine makes the pictures late, never the replies.
At most ``workers`` pictures are drawn at once; one asked for while a newer picture of the same
hand or table is wanted is not drawn: its callers get the newer one (so a backlog never grows
past one picture per hand and table). Two callers asking for the same picture at once share one
drawing. The gallery holds no Discord type and reads no database; ``enabled=False`` (the bot's
``RAMI_PICTURES=off``) makes every picture ``None`` without drawing anything, and starts no
process.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial

from rummy.cards import Card
from rummy.rules import GameEnd
from rummy.view import view_for
from service.model import GameSnapshot, PlayerSnapshot
from service.pictures import Labels, StandingRow, hand_png, running_totals, scores_png, standings_png, table_png
from service.workers import WORKER_NICE as WORKER_NICE
from service.workers import worker_pool

DEFAULT_SIZE = 8192  # pictures kept at most (each of some 4 to 40 KB) ...
DEFAULT_ROOM = 64 * 1024 * 1024  # ... and bytes of them in all
TABLE_SEAT = -1  # the seat of the pictures everyone sees (the table, the story)

Key = tuple[str, int, int]  # kind, game id, seat


class GalleryClosed(Exception):
    """The gallery was closed before a picture's turn to be drawn came (:meth:`Gallery.picture` gives None)."""


@dataclass(frozen=True)
class Job:
    """One picture to have: where it is kept, what it shows, and how to draw it."""

    key: Key
    stamp: Hashable  # equal stamps, equal pictures
    draw: Callable[[], bytes]  # plain, picklable values only: it runs in the drawing process


def _card_stamp(card: Card) -> tuple[object, ...]:
    return (card.key, card.stands_for)


def hand_job(player: PlayerSnapshot) -> Job:
    """A player's hand, sorted and grouped by suit, the card just drawn raised."""
    view = player.view
    cards, drawn = tuple(view.hand), view.drawn
    stamp = (tuple(_card_stamp(c) for c in cards), None if drawn is None else drawn.key)
    return Job(("hand", player.game.game_id, player.seat), stamp, partial(hand_png, cards, drawn=drawn))


def table_job(game: GameSnapshot) -> Job | None:
    """The table in play: the melds numbered as ``/layoff`` numbers them, the discard pile, the
    stock; None when no deal is in play."""
    table = game.table
    if table.game is None or table.game.deal is None:
        return None
    view = view_for(table.game, None)
    melds, top = tuple(view.melds), view.discard_top
    stamp = (
        tuple((m.index, m.meld) for m in melds),
        None if top is None else _card_stamp(top),
        view.stock_size,
        view.discard_size,
    )
    draw = partial(table_png, melds, top, view.stock_size, discard_size=view.discard_size)
    return Job(("table", game.game_id, TABLE_SEAT), stamp, draw)


def story_job(game: GameSnapshot, names: Sequence[str], deal: str, points: str) -> Job | None:
    """Each player's running total deal by deal (``names`` by seat, axes labelled ``deal`` and
    ``points``: the reader's words), with the target or elimination score as a line; None before a
    deal ended."""
    table = game.table
    if table.game is None or not table.game.history:
        return None
    shown = tuple(names)
    totals = running_totals([r.outcome.points for r in table.game.history], len(table.players))
    rules = table.rules
    limit = None if rules.game_end is GameEnd.DEALS else rules.game_length
    stamp = (shown, tuple(tuple(row) for row in totals), limit, deal, points)
    draw = partial(scores_png, shown, totals, limit=limit, x_label=deal, y_label=points)
    return Job(("story", game.game_id, TABLE_SEAT), stamp, draw)


def standings_job(tournament_id: int, round: int, rows: Sequence[StandingRow], labels: Labels, podium: bool) -> Job:
    """A tournament's standings after ``round`` (the podium highlighted at the end): one picture
    per tournament, the newest round's kept."""
    shown, stamp = tuple(rows), (round, tuple(rows), labels, podium)
    return Job(("standings", tournament_id, TABLE_SEAT), stamp, partial(standings_png, shown, labels, podium=podium))


class Gallery:
    """The pictures kept, at most ``size`` of ``room`` bytes; ``enabled=False`` draws none (see the module doc)."""

    def __init__(
        self, *, enabled: bool = True, size: int = DEFAULT_SIZE, room: int = DEFAULT_ROOM, workers: int = 1
    ) -> None:
        if size < 1:
            raise ValueError("the gallery keeps at least one picture")
        if workers < 1:
            raise ValueError("the gallery draws with at least one worker")
        self.enabled = enabled
        self.size = size
        self.room = room
        self.workers = workers
        self._kept: OrderedDict[Key, tuple[Hashable, bytes]] = OrderedDict()
        self._bytes = 0  # of the pictures kept
        self._drawing: dict[tuple[Key, Hashable], asyncio.Task[bytes]] = {}
        self._wanted: dict[Key, Hashable] = {}  # the newest stamp asked for, while it is being drawn
        self._slots = asyncio.Semaphore(workers)
        self._pool: ProcessPoolExecutor | None = None  # started at the first drawing
        self._closed = False
        self.drawn = 0  # pictures drawn (the others came from what was kept)
        self.hits = 0
        self.superseded = 0  # pictures not drawn: a newer one of the same hand or table was wanted

    def __len__(self) -> int:
        return len(self._kept)

    def ready(self, job: Job | None) -> bytes | None:
        """The picture of ``job`` if it is already drawn (no waiting, no drawing)."""
        if not self.enabled or job is None:
            return None
        kept = self._kept.get(job.key)
        if kept is None or kept[0] != job.stamp:
            return None
        self._kept.move_to_end(job.key)
        return kept[1]

    async def picture(self, job: Job | None) -> bytes | None:
        """The picture of ``job``: kept, being drawn for another caller, or drawn now in a worker
        thread and kept. None when the gallery is disabled or closed, or there is nothing to draw. A
        caller cancelled while it waits leaves the drawing to finish for the others (and to be kept)."""
        if not self.enabled or self._closed or job is None:
            return None
        found = self.ready(job)
        if found is not None:
            self.hits += 1
            return found
        task = self._drawing.get((job.key, job.stamp))
        if task is None:
            task = asyncio.get_running_loop().create_task(self._draw(job), name=f"rami-picture-{job.key[0]}")
            task.add_done_callback(_retrieved)
            self._drawing[(job.key, job.stamp)] = task
        else:
            self.hits += 1
        try:
            return await asyncio.shield(task)
        except GalleryClosed:  # closed while this one waited for its turn
            return None

    async def hand(self, player: PlayerSnapshot) -> bytes | None:
        """``player``'s hand (see :func:`hand_job`)."""
        return await self.picture(hand_job(player))

    async def table(self, game: GameSnapshot) -> bytes | None:
        """The table in play (see :func:`table_job`)."""
        return await self.picture(table_job(game))

    async def story(self, game: GameSnapshot, names: Sequence[str], deal: str, points: str) -> bytes | None:
        """The running totals so far (see :func:`story_job`)."""
        return await self.picture(story_job(game, names, deal, points))

    def close(self, *, wait: bool = False) -> None:
        """Stop drawing for good: the drawing process ends (drawings not begun are dropped) and every
        picture asked for later is None (no process starts again as the bot exits). With ``wait``,
        return once the process has ended (a drawing under way finishes first: it blocks, so call it
        from a thread)."""
        self._closed = True
        if self._pool is not None:
            pool, self._pool = self._pool, None
            pool.shutdown(wait=wait, cancel_futures=True)

    async def _draw(self, job: Job) -> bytes:
        self._wanted[job.key] = job.stamp
        try:
            async with self._slots:
                if self._wanted[job.key] == job.stamp:
                    data = await asyncio.get_running_loop().run_in_executor(self._executor(), job.draw)
                    self.drawn += 1
                    if self._wanted.get(job.key) == job.stamp:  # not if a newer one came first
                        self._keep(job, data)
                    return data
        finally:
            del self._drawing[(job.key, job.stamp)]
            if self._wanted.get(job.key) == job.stamp:
                del self._wanted[job.key]
        # A newer picture of the same key was asked for while this one waited for its turn.
        self.superseded += 1
        newer = self._drawing.get((job.key, self._wanted.get(job.key)))
        if newer is not None:
            return await asyncio.shield(newer)
        kept = self._kept.get(job.key)
        return kept[1] if kept is not None else await self._draw_again(job)

    async def _draw_again(self, job: Job) -> bytes:
        """Draw ``job`` after all (the newer picture it gave way to could not be drawn)."""
        task = asyncio.get_running_loop().create_task(self._draw(job), name=f"rami-picture-{job.key[0]}")
        task.add_done_callback(_retrieved)
        self._drawing[(job.key, job.stamp)] = task
        return await asyncio.shield(task)

    def _executor(self) -> ProcessPoolExecutor:
        if self._closed:
            raise GalleryClosed
        if self._pool is None:
            self._pool = worker_pool(self.workers, ["service.pictures"])  # the renderer imported already
        return self._pool

    def _keep(self, job: Job, data: bytes) -> None:
        old = self._kept.pop(job.key, None)
        self._bytes += len(data) - (0 if old is None else len(old[1]))
        self._kept[job.key] = (job.stamp, data)
        while len(self._kept) > 1 and (len(self._kept) > self.size or self._bytes > self.room):
            self._bytes -= len(self._kept.popitem(last=False)[1][1])


def _retrieved(task: asyncio.Task[bytes]) -> None:
    """Mark a drawing's error as seen: each caller still waiting gets it raised."""
    if not task.cancelled():
        task.exception()
