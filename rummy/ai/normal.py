"""The ``normal`` level: greedy. Takes the discard when it goes straight into a meld, melds whenever it
can (an opening only once its total reaches the threshold), lays off what it can, and discards the
costliest card left outside its best melds."""

from __future__ import annotations

from rummy import actions as act
from rummy.ai.arrange import best_plan
from rummy.ai.common import lay_off_action, least_harm_discard, meld_action, meld_plan, without
from rummy.ai.legal import draw_sources, legal_discards
from rummy.cards import Card
from rummy.deal import Phase
from rummy.scoring import card_value
from rummy.view import PlayerView


def choose(view: PlayerView) -> act.Action:
    if view.phase is Phase.DRAW:
        return act.Draw(draw_source(view))
    found = meld_action(view, meld_plan(view, view.hand))
    if found is None and (view.rules.final_discard_required or view.taken is not None):
        # Melding everything may be refused (a card must stay to discard): meld around the discard.
        keep = discard_choice(view)
        found = meld_action(view, meld_plan(view, without(view.hand, [keep])))
    if found is not None:
        return found
    loose = best_plan(view.hand, view.rules).leftover
    lay = lay_off_action(view, loose)
    if lay is not None:
        return lay
    return act.Discard(discard_choice(view))


def draw_source(view: PlayerView) -> act.Source:
    """The discard pile when its top card goes into a meld of the hand, else the stock."""
    sources = draw_sources(view)
    top = view.discard_top
    if act.Source.DISCARD in sources and top is not None and takes(view, top):
        return act.Source.DISCARD
    return sources[0]


def takes(view: PlayerView, top: Card) -> bool:
    plan = best_plan([*view.hand, top], view.rules)
    return all(c.key != top.key for c in plan.leftover) and plan.deadwood < best_plan(view.hand, view.rules).deadwood


def discard_choice(view: PlayerView) -> Card:
    """The costliest legal card outside the best melds; if every card melds, the one whose loss costs least."""
    loose = best_plan(view.hand, view.rules).leftover
    legal = legal_discards(view)
    keys = {c.key for c in loose}
    pool = [c for c in legal if c.key in keys]
    if pool:
        return max(pool, key=lambda c: (card_value(c, view.rules), c.sort_key()))
    return least_harm_discard(view)
