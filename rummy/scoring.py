"""What cards are worth when left in hand, and how a finished deal is scored."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum

from rummy.cards import Card, Rank
from rummy.rules import Rules, Scoring


class DealEnd(Enum):
    WENT_OUT = "went_out"
    STOCK_EXHAUSTED = "stock_exhausted"
    TURN_CAP = "turn_cap"
    ABANDONED = "abandoned"  # too few players left
    AGREED = "agreed"  # the people at the table agreed to end a deal that goes nowhere


def card_value(card: Card, rules: Rules) -> int:
    """Penalty value of a card left in hand: ace per rules, 2-10 face, J Q K 10, joker per rules."""
    if card.rank is None:
        return rules.joker_value
    if card.rank is Rank.ACE:
        return rules.ace_value
    return min(int(card.rank), 10)


def hand_value(cards: Iterable[Card], rules: Rules) -> int:
    return sum(card_value(c, rules) for c in cards)


@dataclass(frozen=True)
class DealOutcome:
    """How a deal ended and what each seat scores for it (doubling included)."""

    reason: DealEnd
    winners: tuple[int, ...]  # seats; empty when nobody scores
    points: dict[int, int]  # seat -> points scored this deal
    hand_values: dict[int, int]  # seat -> value left in hand (before doubling)
    rummy: bool = False

    @property
    def void(self) -> bool:
        return not self.winners

    @property
    def scoreless(self) -> bool:
        """Nobody scored a point in this deal (a void deal, or one whose points were all zero)."""
        return not any(self.points.values())


def score_deal(
    reason: DealEnd,
    winners: tuple[int, ...],
    hands: Mapping[int, list[Card]],
    rules: Rules,
    rummy: bool = False,
) -> DealOutcome:
    """Score a deal. ``winners`` is empty for a dead deal where nobody scores."""
    values = {seat: hand_value(cards, rules) for seat, cards in hands.items()}
    factor = 2 if rummy and rules.rummy_doubles else 1
    points = dict.fromkeys(hands, 0)
    if winners:
        losers = [s for s in hands if s not in winners]
        if rules.scoring is Scoring.WINNER_COLLECTS:
            pot = sum(values[s] for s in losers) * factor
            for w in winners:
                points[w] = pot // len(winners)
        else:
            for s in losers:
                points[s] = values[s] * factor
    return DealOutcome(reason, winners, points, values, rummy and rules.rummy_doubles)
