"""The knobs of the rules: the kinds of their values (the enums of RULES.md's matrix), and
:data:`KNOBS`, how each house rule is read from text (``/lobby set``, ``--house``) and shown.

:mod:`rummy.rules` builds :class:`~rummy.rules.Rules` from them and gives every name here too.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from rummy.errors import BadRules


class AceRule(Enum):
    LOW = "low"  # A-2-3 only
    LOW_OR_HIGH = "low_or_high"  # A-2-3 or Q-K-A, never K-A-2


class JokerLimit(Enum):
    NO_MORE_THAN_NATURALS = "no_more_than_naturals"
    ONE = "one"


class JokerPlace(Enum):
    """Where a run's joker stands when it fits at either end (``JK 7♠ 8♠``: 6♠ or 9♠)."""

    PLAYER_CHOICE = "player_choice"  # the player may pin it (JK=9S); unpinned, the lower place
    LOWER = "lower"  # always the lower place: a pin to the higher one is refused


class LayOffRule(Enum):
    ANY_TIME = "any_time"
    AFTER_OPENING = "after_opening"  # the opening turn included
    AFTER_OPENING_LATER_TURNS = "after_opening_later_turns"


class FirstDiscard(Enum):
    UPCARD = "upcard"  # the next card is turned face up
    STARTER_EXTRA_CARD = "starter_extra_card"  # starter gets one more card and discards first


class StockRefill(Enum):
    TURN_WHOLE_PILE = "turn_whole_pile"  # unshuffled, the whole pile (basic)
    TURN_KEEP_TOP = "turn_keep_top"  # unshuffled, the top discard stays (rummy100)
    SHUFFLE_KEEP_TOP = "shuffle_keep_top"  # shuffled, the top discard stays (French rules)


class DeadDeal(Enum):
    NOBODY_SCORES = "nobody_scores"
    LOWEST_HAND_WINS = "lowest_hand_wins"


class Scoring(Enum):
    WINNER_COLLECTS = "winner_collects"
    PENALTY = "penalty"


class GameEnd(Enum):
    DEALS = "deals"  # a fixed number of deals
    TARGET = "target"  # first to reach a score (winner collects)
    ELIMINATION = "elimination"  # a player reaching the limit is out (penalty)


# -- knobs: name -> how to read and show a value ------------------------------------------


@dataclass(frozen=True)
class Knob:
    name: str
    kind: type
    help: str
    minimum: int | None = None
    maximum: int | None = None
    optional: bool = False  # int knobs that accept "none"

    @property
    def choices(self) -> list[str]:
        if self.kind is bool:
            return ["yes", "no"]
        if issubclass(self.kind, Enum):
            return [m.value for m in self.kind]
        if self.minimum is not None and self.maximum is not None and self.maximum - self.minimum <= 24:
            vals = [str(i) for i in range(self.minimum, self.maximum + 1)]
            return (["none"] if self.optional else []) + vals
        return ["none"] if self.optional else []

    def coerce(self, raw: Any) -> Any:
        if self.kind is bool:
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in {"yes", "y", "true", "on", "1", "oui"}:
                return True
            if text in {"no", "n", "false", "off", "0", "non"}:
                return False
            raise BadRules(
                f"{self.name} takes yes or no, not {raw!r}.",
                key="takes_yes_no",
                params={"rule": self.name, "value": repr(raw)},
            )
        if issubclass(self.kind, Enum):
            if isinstance(raw, self.kind):
                return raw
            for member in self.kind:
                if str(raw).strip().lower() in {member.value, member.name.lower()}:
                    return member
            raise BadRules(
                f"{self.name} takes one of {', '.join(self.choices)}, not {raw!r}.",
                key="takes_one_of",
                params={"rule": self.name, "choices": ", ".join(self.choices), "value": repr(raw)},
            )
        # int
        if raw is None or (self.optional and str(raw).strip().lower() in {"none", "no", "off"}):
            if self.optional:
                return None
            raise BadRules(f"{self.name} needs a number.", key="needs_number", params={"rule": self.name})
        try:
            value = int(str(raw).strip())
        except ValueError:
            raise BadRules(
                f"{self.name} needs a whole number, not {raw!r}.",
                key="needs_whole_number",
                params={"rule": self.name, "value": repr(raw)},
            ) from None
        if self.minimum is not None and value < self.minimum:
            raise BadRules(
                f"{self.name} must be at least {self.minimum}.",
                key="at_least",
                params={"rule": self.name, "min": self.minimum},
            )
        if self.maximum is not None and value > self.maximum:
            raise BadRules(
                f"{self.name} must be at most {self.maximum}.",
                key="at_most",
                params={"rule": self.name, "max": self.maximum},
            )
        return value

    def dump(self, value: Any) -> Any:
        if isinstance(value, Enum):
            return value.value
        return value

    def show(self, value: Any) -> str:
        if value is None:
            return "none"
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, Enum):
            return str(value.value)
        return str(value)


def _k(name: str, kind: type, help: str, lo: int | None = None, hi: int | None = None, optional: bool = False) -> Knob:
    return Knob(name, kind, help, lo, hi, optional)


KNOBS: dict[str, Knob] = {
    k.name: k
    for k in [
        _k("decks", int, "Number of 52-card decks", 1, 3),
        _k("decks_for_5_6", int, "Decks with 5-6 players (none: same as decks)", 1, 3, True),
        _k("jokers", int, "Jokers in the pack (per deck if jokers_per_deck)", 0, 6),
        _k("jokers_per_deck", bool, "Count jokers per deck in play"),
        _k("hand_size", int, "Cards dealt to each player (0: 10/7/6 by player count)", 0, 15),
        _k("first_discard", FirstDiscard, "Turn up a first discard, or give the starter an extra card"),
        _k("winner_deals_two_players", bool, "With 2 players the winner deals next"),
        _k("ace", AceRule, "Ace low only (A-2-3), or low or high (Q-K-A)"),
        _k("joker_limit", JokerLimit, "Jokers allowed in one meld"),
        _k("joker_swap", bool, "Take a melded joker by putting in the card it stands for"),
        _k(
            "joker_place", JokerPlace, "A joker that fits at either end of a run: the player picks, or always the lower"
        ),
        _k("opening", int, "Points needed for a player's first lay-down (0: none)", 0, 120),
        _k("one_meld_per_turn", bool, "Only one new meld per turn (lay-offs unlimited)"),
        _k("lay_off", LayOffRule, "When a player may add cards to melds on the table"),
        _k("final_discard_required", bool, "Going out needs a final discard"),
        _k("rummy_doubles", bool, "Rummy / rami sec (going out in one turn) doubles the points"),
        _k("stock_refill", StockRefill, "How the discard pile becomes a new stock"),
        _k(
            "draw_discard_when_stock_empty",
            bool,
            "With the stock empty, the next player may take the top discard instead",
        ),
        _k("refill_limit", int, "How many times the stock may be rebuilt per deal (none: no limit)", 0, 10, True),
        _k("dead_deal", DeadDeal, "When the stock cannot be rebuilt or the turn cap is hit"),
        _k("turn_cap", int, "Turns after which the deal ends", 20, 1000),
        _k("scoring", Scoring, "Winner collects the others' hands, or penalty points"),
        _k("ace_value", int, "Value of an ace left in hand", 1, 11),
        _k("joker_value", int, "Value of a joker left in hand", 0, 50),
        _k("game_end", GameEnd, "Game ends after N deals, at a target score, or by elimination"),
        _k("game_length", int, "Deals, target score or elimination limit (see game_end)", 1, 5000),
        _k("max_players", int, "Seats at the table", 2, 6),
        _k(
            "void_deal_limit",
            int,
            "Deals in a row in which nobody scores after which a target or elimination game ends (best total wins)",
            1,
            50,
        ),
    ]
}
