"""The ``easy`` level: always draws from the stock, sometimes lays down an obvious meld, discards a high card."""

from __future__ import annotations

import random

from rummy import actions as act
from rummy.ai.arrange import best_plan
from rummy.ai.common import lay_off_action, meld_action, meld_plan
from rummy.ai.legal import draw_sources, legal_discards
from rummy.deal import Phase
from rummy.scoring import card_value
from rummy.view import PlayerView

MELD_CHANCE = 0.6
LAY_OFF_CHANCE = 0.5


def choose(view: PlayerView, rng: random.Random) -> act.Action:
    if view.phase is Phase.DRAW:
        return act.Draw(draw_sources(view)[0])
    if rng.random() < MELD_CHANCE:
        found = meld_action(view, meld_plan(view, view.hand))
        if found is not None:
            return found
    if rng.random() < LAY_OFF_CHANCE:
        found_lay_off = lay_off_action(view, view.hand)
        if found_lay_off is not None:
            return found_lay_off
    legal = legal_discards(view)
    loose = {c.key for c in best_plan(view.hand, view.rules).leftover}
    pool = [c for c in legal if c.key in loose] or legal
    high = sorted(pool, key=lambda c: -card_value(c, view.rules))[:3]
    return act.Discard(rng.choice(high))
