"""The rules object: every knob of the matrix in RULES.md, and the six presets.

The knobs' kinds and how each is read and shown are in :mod:`rummy.knobs`, and named here too.

A preset is data: a :class:`Rules` value with a name. House rules are overrides applied on top
with :meth:`Rules.with_overrides`, which refuses combinations that cannot work.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from rummy.errors import BadRules
from rummy.knobs import (
    KNOBS,
    AceRule,
    DeadDeal,
    FirstDiscard,
    GameEnd,
    JokerLimit,
    JokerPlace,
    Knob,
    LayOffRule,
    Scoring,
    StockRefill,
)

__all__ = [
    "KNOBS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PRESETS",
    "STALL_REBUILDS",
    "AceRule",
    "DeadDeal",
    "FirstDiscard",
    "GameEnd",
    "JokerLimit",
    "JokerPlace",
    "Knob",
    "LayOffRule",
    "Rules",
    "Scoring",
    "StockRefill",
    "find_preset",
]

MIN_PLAYERS = 2
MAX_PLAYERS = 6
# (decision) a deal goes nowhere once the stock has been rebuilt this many times with no meld and no
# lay-off since the first of those rebuilds: the people at the table may then agree to end it
STALL_REBUILDS = 2


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
