"""Exact meld solver: the best melds of a hand, the best discard after a draw, every meld a hand can make.

* :func:`best_melds` -- the exact optimum under ``objective="deadwood"`` (least value left in hand;
  ties: fewer cards left, then more meld points) or ``objective="opening"`` (most meld points, to
  reach an opening threshold; ties: less deadwood, then fewer cards left). Any tie left is settled
  by a fixed search order that depends on the cards held, never on their order in the hand.
* :func:`min_deadwood` -- the same least deadwood as a number, without building melds.
* :func:`best_discard` -- tries every discard but the card just taken from the pile.
* :func:`candidate_melds` -- every meld the hand can make.
* :func:`is_quick` -- whether a hand takes the fast path below with its tables built (an async
  caller may run such a hand inline rather than in a worker thread).

Jokers are wild within the rules' limits and may stand for a card the player holds; identical
cards from several decks never share a set; the ace is low or high per the rules, never both.
Melds come from :func:`rummy.melds.make_meld` and hold the hand's own cards.

Pure Python: one-deck hands without jokers go through per-suit tables (:mod:`rummy.solver.plain`),
every other hand through a memoised DP over packed face counts (:mod:`rummy.solver.search`).
"""

from rummy.solver.api import Solution, best_discard, best_melds, candidate_melds, is_quick, min_deadwood

__all__ = ["Solution", "best_discard", "best_melds", "candidate_melds", "is_quick", "min_deadwood"]
