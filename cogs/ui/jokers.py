"""Where a joker may stand in a meld being built: the places the meld builder offers.

``🃏 8♥ 9♥ 10♥`` is a run with the joker as 7♥ or as J♥; ``8♥ 🃏 10♥`` has one place, 9♥, and a
joker in a set stands for the rank. :func:`placements` lists every way the cards make one run with
their unpinned jokers pinned, each judged by the rules (:func:`rummy.melds.make_meld`), so a table
that puts a joker in the lower place (``joker_place lower``) offers the lower one only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rummy.cards import Card, Face, Rank
from rummy.errors import RummyError
from rummy.melds import HIGH_ACE, MeldKind, make_meld, position_rank
from rummy.rules import AceRule, Rules


def _places(rank: Rank, rules: Rules) -> list[int]:
    """The run positions a natural card of ``rank`` may take (an ace: low, or high too)."""
    if rank is Rank.ACE:
        return [1, HIGH_ACE] if rules.ace is AceRule.LOW_OR_HIGH else [1]
    return [int(rank)]


def placements(cards: Sequence[Card], rules: Rules) -> list[list[Card]]:
    """Every way ``cards`` (one meld the rules accept) stand as a run with each unpinned joker
    pinned, lowest first; empty when there is nothing to place (no unpinned joker, or a set)."""
    jokers = [c for c in cards if c.is_joker and c.stands_for is None]
    if not jokers:
        return []
    meld = make_meld(cards, rules)
    if meld.kind is not MeldKind.RUN or meld.suit is None:
        return []
    suit = meld.suit
    fixed = [c for c in cards if not (c.is_joker and c.stands_for is None)]
    ranks: list[Rank] = []
    for card in fixed:
        face = card.stands_for if card.is_joker else card.face
        if face is None:
            return []
        ranks.append(face.rank)
    top = HIGH_ACE if rules.ace is AceRule.LOW_OR_HIGH else 13
    length = len(cards)
    found: list[list[Card]] = []
    seen: set[tuple[str, ...]] = set()
    for start in range(1, top - length + 2):
        window = range(start, start + length)
        taken: set[int] = set()
        for rank in ranks:
            inside = [p for p in _places(rank, rules) if p in window and p not in taken]
            if not inside:
                break
            taken.add(inside[0])
        else:
            free = [p for p in window if p not in taken]
            if len(free) != len(jokers):
                continue
            pinned = [replace(j, stands_for=Face(position_rank(p), suit)) for j, p in zip(jokers, free, strict=True)]
            candidate = [*fixed, *pinned]
            try:
                made = make_meld(candidate, rules)
            except RummyError:
                continue
            labels = tuple(made.labels(pretty=False))
            if labels not in seen:
                seen.add(labels)
                found.append(candidate)
    return found
