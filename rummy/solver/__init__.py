"""Exact meld solver: the best melds of a hand (least deadwood, or most opening points), the best
discard after a draw, and every meld a hand can make.

Pure Python, exact: a memoised search over packed face counts (see :mod:`rummy.solver.search`).
"""

from rummy.solver.api import Solution, best_discard, best_melds, candidate_melds, min_deadwood

__all__ = ["Solution", "best_discard", "best_melds", "candidate_melds", "min_deadwood"]
