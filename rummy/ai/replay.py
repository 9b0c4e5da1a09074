"""Replaying an opponent's last discard on a sampled hand: would ``hard`` have thrown that card from it?

An opponent's hand has not changed since its last discard (it changes only on its own turns), so a
sampled hand ``H`` for it, with its last discard ``d``, was its hand when it chose ``d``: ``H + d``.
Where that opponent plays like ``hard`` (the benchmark's opponent; people, too, throw what their
hand needs least), ``d`` was the best-scored discard of ``H + d``; a sampled hand in which another
card scores clearly worse to keep is one the opponent is unlikely to hold.

The check scores hands as ``hard`` does from the opponent's seat (:class:`rummy.ai.hard.Turn`), with
what the table showed the expert (the live cards as that opponent would count them, less its own
hand, which the expert cannot see). It sees nothing but the expert's view and the public memory.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from rummy.ai import hard
from rummy.ai.common import without
from rummy.ai.memory import TableMemory
from rummy.cards import Card
from rummy.deal import Phase
from rummy.scoring import card_value
from rummy.view import PlayerView

Check = Callable[[list[Card]], bool]


def discard_check(view: PlayerView, memory: TableMemory | None, other: int) -> Check | None:
    """For opponent ``other``: a test of a sampled hand (its hidden and known cards) against its last
    discard, or None when there is nothing to replay (no discard yet this deal)."""
    if memory is None:
        return None
    thrown = memory.discarded(other)
    if not thrown:
        return None
    last = thrown[-1]
    seen = dataclasses.replace(
        view,
        seat=other,
        hand=(),
        turn=other,
        phase=Phase.PLAY,
        drawn=None,
        taken=None,
        joker_to_play=None,
        joker_pending=False,
    )
    turn = hard.Turn(seen, memory, hard.STYLES[view.rules.scoring])
    known = memory.holding(other)
    rules = view.rules

    def check(hand: list[Card]) -> bool:
        before = [*hand, last]
        mine = (turn.score(hand) + turn.danger(last), -card_value(last, rules))
        for card in dict.fromkeys(hand):
            if card in known or card.key[:2] == last.key[:2]:
                continue  # a card taken from the pile may not go back at once; a copy of ``last`` ties
            rank = (turn.score(without(before, [card])) + turn.danger(card), -card_value(card, rules))
            if rank < mine:
                return False
        return True

    return check
