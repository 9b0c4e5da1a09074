"""The seeded draw and the seed order: every random choice of a tournament comes from here.

The draw is ``random.Random(f"{seed}:draw")`` shuffling the entrants' ids in increasing order: the
same seed and entrants give the same draw on every machine (never the global ``random``). The seed
order, fixed at the start, is the server's ratings when given (the higher first, the unrated after
the rated), ties and the unrated in the order of the draw; without ratings it is the draw itself.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping


def draw(seed: int, players: Iterable[int]) -> tuple[int, ...]:
    """The entrants in the order of the seeded draw."""
    order = sorted(players)
    random.Random(f"{seed}:draw").shuffle(order)
    return tuple(order)


def seed_order(seed: int, players: Iterable[int], ratings: Mapping[int, float] | None = None) -> tuple[int, ...]:
    """The entrants from the first seed to the last (see the module's text)."""
    drawn = draw(seed, players)
    if not ratings:
        return drawn
    position = {p: i for i, p in enumerate(drawn)}
    return tuple(sorted(drawn, key=lambda p: (p not in ratings, -ratings.get(p, 0.0), position[p])))
