"""Advice for one player from their own view: melds they can make, the opening, a discard.

Used by the private hand ("melds you can make now") and by ``/hint``. It reads only the
player's :class:`~rummy.view.PlayerView`. The solver is exact and CPU-bound, so callers run
:func:`advise` through :func:`advise_async`, in a worker thread.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from rummy.cards import Card
from rummy.deal import Phase
from rummy.melds import Meld
from rummy.solver import Solution, best_discard, best_melds
from rummy.view import PlayerView


@dataclass(frozen=True)
class Advice:
    best: Solution  # least deadwood left in hand
    opening: Solution | None  # most meld points, while the player still has to open
    discard: Card | None  # during the player's own turn, after the draw
    needed: int  # the opening threshold (0: none)

    @property
    def can_open(self) -> bool:
        return self.opening is not None and self.opening.melded_points >= self.needed


def meld_command(melds: tuple[Meld, ...]) -> str:
    """The ``/meld`` text that lays these melds down (jokers pinned to what they stand for)."""
    return "/meld " + " | ".join(" ".join(m.labels(pretty=False)) for m in melds)


def advise(view: PlayerView) -> Advice:
    """Advice for ``view.seat`` (CPU-bound: run it in a thread from async code)."""
    hand = list(view.hand)
    rules = view.rules
    best = best_melds(hand, rules, "deadwood")
    opening = None
    if rules.opening and not view.has_opened:
        opening = best_melds(hand, rules, "opening")
    discard = None
    if view.my_turn and view.phase is Phase.PLAY and hand:
        try:
            discard, _kept = best_discard(hand, rules, forbidden=view.taken)
        except ValueError:
            discard = None
    return Advice(best, opening, discard, rules.opening)


async def advise_async(view: PlayerView) -> Advice:
    return await asyncio.to_thread(advise, view)
