"""The rules object: every knob of the matrix in RULES.md, and the six presets.

A preset is data: a :class:`Rules` value with a name. House rules are overrides applied on top
with :meth:`Rules.with_overrides`, which refuses combinations that cannot work.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum
from typing import Any

from rummy.errors import BadRules

MIN_PLAYERS = 2
MAX_PLAYERS = 6
# (decision) a deal goes nowhere once the stock has been rebuilt this many times with no meld and no
# lay-off since the first of those rebuilds: the people at the table may then agree to end it
STALL_REBUILDS = 2


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


@dataclass(frozen=True)
class Rules:
    """Every knob. Field docs double as the house-rule help text (see :data:`KNOBS`)."""

    name: str
    title: str
    description: str
    decks: int = 1
    decks_for_5_6: int | None = None  # None: same as ``decks``
    jokers: int = 0
    jokers_per_deck: bool = False  # True: ``jokers`` is per deck in play
    hand_size: int = 0  # 0: by player count (10 for 2, 7 for 3-4, 6 for 5-6)
    first_discard: FirstDiscard = FirstDiscard.UPCARD
    winner_deals_two_players: bool = False
    ace: AceRule = AceRule.LOW
    joker_limit: JokerLimit = JokerLimit.NO_MORE_THAN_NATURALS
    joker_swap: bool = False
    joker_place: JokerPlace = JokerPlace.PLAYER_CHOICE
    opening: int = 0
    one_meld_per_turn: bool = False
    lay_off: LayOffRule = LayOffRule.ANY_TIME
    final_discard_required: bool = False
    rummy_doubles: bool = True
    stock_refill: StockRefill = StockRefill.TURN_WHOLE_PILE
    draw_discard_when_stock_empty: bool = True  # the "next player may take the top discard"
    refill_limit: int | None = None  # None: no limit
    dead_deal: DeadDeal = DeadDeal.NOBODY_SCORES
    turn_cap: int = 300
    scoring: Scoring = Scoring.WINNER_COLLECTS
    ace_value: int = 1
    joker_value: int = 25
    game_end: GameEnd = GameEnd.DEALS
    game_length: int = 3  # deals, target score or elimination limit, by ``game_end``
    max_players: int = MAX_PLAYERS
    # (decision) a target or elimination game also ends after this many deals in a row in which
    # nobody scores (the best total wins); nothing else caps the number of deals
    void_deal_limit: int = 10

    # -- derived ---------------------------------------------------------------------------
    def decks_for(self, players: int) -> int:
        if players >= 5 and self.decks_for_5_6 is not None:
            return self.decks_for_5_6
        return self.decks

    def jokers_for(self, players: int) -> int:
        return self.jokers * self.decks_for(players) if self.jokers_per_deck else self.jokers

    def pack_size(self, players: int) -> int:
        return 52 * self.decks_for(players) + self.jokers_for(players)

    def hand_size_for(self, players: int) -> int:
        if self.hand_size:
            return self.hand_size
        return 10 if players == 2 else 7 if players <= 4 else 6

    @property
    def ace_in_set_points(self) -> int:
        """Meld points of an ace in a set: 11 where there is an opening threshold (decision)."""
        return 11 if self.opening else self.ace_value

    @property
    def penalty(self) -> bool:
        return self.scoring is Scoring.PENALTY

    @property
    def end_by_agreement(self) -> bool:
        """(decision) Whether a deal that goes nowhere may end by agreement, nobody scoring.

        Only where the stock may be rebuilt more than :data:`STALL_REBUILDS` times: with a lower
        limit the stock running out ends the deal on its own at that point (``rami100``'s one
        rebuild, ``ref40``/``ref51``'s two, then their dead deal), so there is nothing to agree on.
        """
        return self.refill_limit is None or self.refill_limit > STALL_REBUILDS

    # -- house rules -----------------------------------------------------------------------
    def with_overrides(self, **overrides: Any) -> Rules:
        """A copy with house rules applied; values may be given as text (``"yes"``, ``"51"``)."""
        changes: dict[str, Any] = {}
        for name, raw in overrides.items():
            knob = KNOBS.get(name)
            if knob is None:
                raise BadRules(
                    f"There is no house rule called {name!r}.", key="no_such_rule", params={"name": repr(name)}
                )
            changes[name] = knob.coerce(raw)
        new = dataclasses.replace(self, **changes)
        new.validate()
        return new

    def overrides_from(self, base: Rules) -> dict[str, Any]:
        """The knobs where this rules object differs from ``base``, as plain values."""
        out: dict[str, Any] = {}
        for name, knob in KNOBS.items():
            mine, theirs = getattr(self, name), getattr(base, name)
            if mine != theirs:
                out[name] = knob.dump(mine)
        return out

    def validate(self, players: int | None = None) -> None:
        """Raise :class:`BadRules` with a reason when the combination cannot work."""
        if not MIN_PLAYERS <= self.max_players <= MAX_PLAYERS:
            raise BadRules(
                f"A table seats {MIN_PLAYERS} to {MAX_PLAYERS} players.",
                key="seats_range",
                params={"min": MIN_PLAYERS, "max": MAX_PLAYERS},
            )
        if self.joker_swap and self.jokers == 0:
            raise BadRules("Joker swap needs jokers in the pack.", key="swap_needs_jokers")
        if self.lay_off is not LayOffRule.ANY_TIME and self.opening == 0:
            raise BadRules("Lay-offs after opening need an opening threshold.", key="lay_off_needs_opening")
        if self.game_end is GameEnd.ELIMINATION and self.scoring is not Scoring.PENALTY:
            raise BadRules("Elimination needs penalty scoring.", key="elimination_needs_penalty")
        if self.game_end is GameEnd.TARGET and self.scoring is not Scoring.WINNER_COLLECTS:
            raise BadRules("A target score needs winner-collects scoring.", key="target_needs_winner_collects")
        if self.hand_size and self.hand_size < self.smallest_hand:
            raise BadRules(
                f"A hand of {self.hand_size} card{'s' if self.hand_size > 1 else ''} can never go out: "
                f"deal at least {self.smallest_hand}.",
                key="hand_too_small",
                params={"n": self.hand_size, "min": self.smallest_hand},
            )
        counts = [players] if players is not None else range(MIN_PLAYERS, self.max_players + 1)
        for n in counts:
            if not MIN_PLAYERS <= n <= MAX_PLAYERS:
                raise BadRules(
                    f"Rummy is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}.",
                    key="players_range",
                    params={"min": MIN_PLAYERS, "max": MAX_PLAYERS, "n": n},
                )
            if n > self.max_players:
                raise BadRules(
                    f"This table seats at most {self.max_players} players.",
                    key="seats_at_most",
                    params={"max": self.max_players},
                )
            # One more card leaves the stock either way: the upcard, or the starter's extra card.
            dealt = n * self.hand_size_for(n) + 1
            stock_left = self.pack_size(n) - dealt
            if stock_left < 2:
                raise BadRules(
                    f"With {n} players, {self.hand_size_for(n)} cards each need {dealt} cards "
                    f"and leave too few to draw: the pack holds {self.pack_size(n)}.",
                    key="pack_too_small",
                    params={"n": n, "size": self.hand_size_for(n), "dealt": dealt, "pack": self.pack_size(n)},
                )
            reach = self.max_meld_points(n)
            if self.opening > reach:
                raise BadRules(
                    f"With {n} players an opening of {self.opening} can never be reached: "
                    f"{self.hand_size_for(n)} cards make at most {reach} points.",
                    key="opening_unreachable",
                    params={"n": n, "opening": self.opening, "size": self.hand_size_for(n), "reach": reach},
                )

    @property
    def smallest_hand(self) -> int:
        """The fewest cards dealt that can still go out: a 3-card meld, plus a final discard if required."""
        return 3 if self.final_discard_required else 2

    def max_meld_points(self, players: int) -> int:
        """An upper bound of the points one turn can lay down: a hand never holds more than one card
        over its deal size, and no card is worth more than 11 in a meld."""
        cards = self.hand_size_for(players) + 1 - (1 if self.final_discard_required else 0)
        return 11 * cards


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


# -- presets ------------------------------------------------------------------------------

_BASIC = Rules(
    name="basic",
    title="Basic rummy (Bicycle)",
    description="One deck, no jokers, ace low, winner collects, rummy doubles, 3 deals.",
)

PRESETS: dict[str, Rules] = {
    r.name: r
    for r in [
        _BASIC,
        dataclasses.replace(
            _BASIC,
            name="rummy100",
            title="Basic rummy, first to 100",
            description="One deck, one meld per turn, winner collects, no rummy bonus, first to 100.",
            winner_deals_two_players=True,
            one_meld_per_turn=True,
            rummy_doubles=False,
            stock_refill=StockRefill.TURN_KEEP_TOP,
            game_end=GameEnd.TARGET,
            game_length=100,
        ),
        dataclasses.replace(
            _BASIC,
            name="rami100",
            title="Rami en 100 points",
            description="One deck, a final discard is required, one reshuffle then a dead deal, first to 100.",
            final_discard_required=True,
            stock_refill=StockRefill.SHUFFLE_KEEP_TOP,
            draw_discard_when_stock_empty=False,
            refill_limit=1,
            game_end=GameEnd.TARGET,
            game_length=100,
        ),
        Rules(
            name="rami51",
            title="Rami 51 (French rummy)",
            description="Two decks and four jokers, 13 cards (starter 14), open at 51, penalty points, out at 500.",
            decks=2,
            jokers=4,
            hand_size=13,
            first_discard=FirstDiscard.STARTER_EXTRA_CARD,
            ace=AceRule.LOW_OR_HIGH,
            opening=51,
            lay_off=LayOffRule.AFTER_OPENING_LATER_TURNS,
            stock_refill=StockRefill.SHUFFLE_KEEP_TOP,
            draw_discard_when_stock_empty=False,
            scoring=Scoring.PENALTY,
            game_end=GameEnd.ELIMINATION,
            game_length=500,
        ),
        *(
            Rules(
                name=f"ref{points}",
                title=f"Rami {points} (reference rules)",
                description=(
                    f"2-3 decks and four jokers, 13 cards, open at {points}, one joker per meld, "
                    "joker swap, 2 reshuffles, penalty points, out at 500."
                ),
                decks=2,
                decks_for_5_6=3,
                jokers=4,
                hand_size=13,
                ace=AceRule.LOW_OR_HIGH,
                joker_limit=JokerLimit.ONE,
                joker_swap=True,
                joker_place=JokerPlace.LOWER,
                opening=points,
                lay_off=LayOffRule.AFTER_OPENING,
                rummy_doubles=False,
                stock_refill=StockRefill.SHUFFLE_KEEP_TOP,
                draw_discard_when_stock_empty=False,
                refill_limit=2,
                dead_deal=DeadDeal.LOWEST_HAND_WINS,
                scoring=Scoring.PENALTY,
                ace_value=11,
                game_end=GameEnd.ELIMINATION,
                game_length=500,
            )
            for points in (40, 51)
        ),
    ]
}


def find_preset(name: str) -> Rules:
    """The preset called ``name`` (case-insensitive); ``ValueError`` names the known ones."""
    key = name.strip().lower()
    if key not in PRESETS:
        raise BadRules(
            f"Unknown preset {name!r}: choose one of {', '.join(PRESETS)}.",
            key="unknown_preset",
            params={"name": repr(name), "presets": ", ".join(PRESETS)},
        )
    return PRESETS[key]
