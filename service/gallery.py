"""Pictures of games, drawn once and kept: a player's hand, the table, and the game's story.

The renderer (:mod:`service.pictures`) is pure and deterministic: the same cards give the same
bytes. So a picture is kept with a *stamp* of what it shows (a hand's cards and the card just
drawn; the melds, the discard pile's top and the piles' sizes; the running totals) and used again
whenever the stamp is the same: at most once per game version and seat, and not at all when a
version changed nothing the picture shows (a hand while the others play). One entry per (kind,
game, seat) keeps the newest picture only, and at most ``size`` entries are kept, the least
recently used going first.

Drawing is CPU-bound (milliseconds): it runs in a worker thread (:func:`asyncio.to_thread`), from
plain values taken on the event loop, and two callers asking for the same picture at once share
one drawing. The gallery holds no Discord type and reads no database; ``enabled=False`` (the
bot's ``RAMI_PICTURES=off``) makes every picture ``None`` without drawing anything.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import partial

from rummy.cards import Card
from rummy.rules import GameEnd
from rummy.view import view_for
from service.model import GameSnapshot, PlayerSnapshot
from service.pictures import hand_png, running_totals, scores_png, table_png

DEFAULT_SIZE = 1024  # pictures kept at most (each of some 10 to 40 KB)
TABLE_SEAT = -1  # the seat of the pictures everyone sees (the table, the story)

Key = tuple[str, int, int]  # kind, game id, seat


@dataclass(frozen=True)
class Job:
    """One picture to have: where it is kept, what it shows, and how to draw it."""

    key: Key
    stamp: Hashable  # equal stamps, equal pictures
    draw: Callable[[], bytes]  # plain values only: it runs in a worker thread


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


class Gallery:
    """The pictures kept, at most ``size``; ``enabled=False`` draws none (see the module doc)."""

    def __init__(self, *, enabled: bool = True, size: int = DEFAULT_SIZE) -> None:
        if size < 1:
            raise ValueError("the gallery keeps at least one picture")
        self.enabled = enabled
        self.size = size
        self._kept: OrderedDict[Key, tuple[Hashable, bytes]] = OrderedDict()
        self._drawing: dict[tuple[Key, Hashable], asyncio.Task[bytes]] = {}
        self.drawn = 0  # pictures drawn (the others came from what was kept)
        self.hits = 0

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
        thread and kept. None when the gallery is disabled or there is nothing to draw. A caller
        cancelled while it waits leaves the drawing to finish for the others (and to be kept)."""
        if not self.enabled or job is None:
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
        return await asyncio.shield(task)

    async def hand(self, player: PlayerSnapshot) -> bytes | None:
        """``player``'s hand (see :func:`hand_job`)."""
        return await self.picture(hand_job(player))

    async def table(self, game: GameSnapshot) -> bytes | None:
        """The table in play (see :func:`table_job`)."""
        return await self.picture(table_job(game))

    async def story(self, game: GameSnapshot, names: Sequence[str], deal: str, points: str) -> bytes | None:
        """The running totals so far (see :func:`story_job`)."""
        return await self.picture(story_job(game, names, deal, points))

    async def _draw(self, job: Job) -> bytes:
        try:
            data = await asyncio.to_thread(job.draw)
        finally:
            del self._drawing[(job.key, job.stamp)]
        self.drawn += 1
        self._keep(job, data)
        return data

    def _keep(self, job: Job, data: bytes) -> None:
        self._kept[job.key] = (job.stamp, data)
        self._kept.move_to_end(job.key)
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)


def _retrieved(task: asyncio.Task[bytes]) -> None:
    """Mark a drawing's error as seen: each caller still waiting gets it raised."""
    if not task.cancelled():
        task.exception()
