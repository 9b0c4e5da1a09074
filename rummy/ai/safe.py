"""The action played for an absent person whose turn timer ran out: the least that ends their turn.

Draw from the stock (the discard pile only when the stock cannot be drawn), then discard: the card
just drawn when that is allowed, so the hand stays as its owner left it, else the costliest card that
is not part of a meld in the hand. Never a meld for them; the one exception is a joker they took by a
swap, which the rules oblige them to play again. Deterministic: the same view gives the same action.
"""

from __future__ import annotations

from rummy import actions as act
from rummy.ai.arrange import best_plan
from rummy.ai.legal import discard_ok, draw_sources, legal_discards, play_joker
from rummy.cards import Card
from rummy.deal import Phase
from rummy.errors import IllegalAction
from rummy.scoring import card_value
from rummy.view import PlayerView


def safe_action(view: PlayerView) -> act.Action:
    """The timed-out turn's next action for ``view.seat`` (see the module docstring)."""
    if not view.my_turn:
        raise IllegalAction("It is not this seat's turn.", key="seat_not_to_move")
    if view.phase is Phase.DRAW:
        sources = draw_sources(view)
        return act.Draw(sources[0] if sources else act.Source.STOCK)
    joker = play_joker(view)
    if joker is not None:
        return joker
    drawn = view.drawn
    if drawn is not None and (view.taken is None or drawn.key != view.taken.key) and discard_ok(view, drawn):
        return act.Discard(drawn)
    return act.Discard(costliest_loose_card(view))


def costliest_loose_card(view: PlayerView) -> Card:
    """The legal discard worth most in hand, preferring cards outside the hand's best melds."""
    legal = legal_discards(view)
    if not legal:
        # Nothing can be discarded (the engine would have offered a joker play): any card, for the message.
        return view.hand[0]
    loose = best_plan(view.hand, view.rules).leftover
    loose_keys = {c.key for c in loose}
    return max(legal, key=lambda c: (c.key in loose_keys, card_value(c, view.rules), c.sort_key()))
