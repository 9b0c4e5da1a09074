"""Melds: sets (brelans, carrés) and runs (suites), with jokers, lay-offs and the joker swap.

A run is stored with its suit and the *position* of its lowest card: positions 1..13 are ace-low
to king, and position 14 is a high ace (Q-K-A). A joker's position is fixed when the meld is made
and never moves afterwards. A set is stored with its rank; a joker in a set stands for the rank,
and for a suit only when exactly one suit is missing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from rummy.cards import Card, Face, Rank, Suit, format_cards
from rummy.errors import CannotLayOff, CannotSwap, InvalidMeld
from rummy.rules import AceRule, JokerLimit, JokerPlace, Rules

HIGH_ACE = 14


class MeldKind(Enum):
    SET = "set"
    RUN = "run"


def position_rank(position: int) -> Rank:
    return Rank.ACE if position == HIGH_ACE else Rank(position)


def position_points(position: int) -> int:
    """Meld points of a run position: ace low 1, 2-10 face value, J Q K 10, ace high 11."""
    if position == HIGH_ACE:
        return 11
    return min(position, 10)


def set_points(rank: Rank, rules: Rules) -> int:
    """Meld points of one card of a set: 2-10 face value, J Q K 10, the ace as the rules say."""
    return rules.ace_in_set_points if rank is Rank.ACE else min(int(rank), 10)


@dataclass(frozen=True)
class Meld:
    """A meld on the table (or proposed). ``cards`` of a run are in position order."""

    kind: MeldKind
    cards: tuple[Card, ...]
    suit: Suit | None = None  # runs
    start: int = 0  # runs: position of cards[0]
    rank: Rank | None = None  # sets

    # -- what each card stands for ---------------------------------------------------------
    def stands_for(self, index: int) -> Face | None:
        """The face card ``index`` plays as; ``None`` for a set joker whose suit is open."""
        card = self.cards[index]
        if not card.is_joker:
            return card.face
        if self.kind is MeldKind.RUN:
            assert self.suit is not None
            return Face(position_rank(self.start + index), self.suit)
        assert self.rank is not None
        missing = self.missing_suits()
        if len(missing) == 1 and sum(c.is_joker for c in self.cards) == 1:
            return Face(self.rank, missing[0])
        return None

    def missing_suits(self) -> list[Suit]:
        held = {c.suit for c in self.cards if not c.is_joker}
        return [s for s in Suit if s not in held]

    @property
    def end(self) -> int:
        """Runs: the position of the last card."""
        return self.start + len(self.cards) - 1

    @property
    def jokers(self) -> int:
        return sum(c.is_joker for c in self.cards)

    @property
    def naturals(self) -> int:
        return len(self.cards) - self.jokers

    def points(self, rules: Rules) -> int:
        """Value toward the opening threshold (jokers count as the card they stand for)."""
        if self.kind is MeldKind.RUN:
            return sum(position_points(self.start + i) for i in range(len(self.cards)))
        assert self.rank is not None
        return set_points(self.rank, rules) * len(self.cards)

    # -- text ------------------------------------------------------------------------------
    def labels(self, pretty: bool = True) -> list[str]:
        """Each card as shown on the table, with jokers as ``🃏=6♠`` where known."""
        out = []
        for i, card in enumerate(self.cards):
            if card.is_joker:
                face = self.stands_for(i)
                if face is None:
                    out.append("🃏" if pretty else "JK")
                else:
                    out.append(f"🃏={face.pretty}" if pretty else f"JK={face}")
            else:
                out.append(card.pretty if pretty else str(card))
        return out

    def __str__(self) -> str:
        return " ".join(self.labels())

    @property
    def name(self) -> str:
        """'brelan'-style description a player recognises, e.g. 'run of ♥' or 'set of 7s'."""
        if self.kind is MeldKind.RUN:
            assert self.suit is not None
            return f"run of {self.suit.symbol}"
        assert self.rank is not None
        return f"set of {self.rank.label}s"


# -- building a meld ----------------------------------------------------------------------


def _check_jokers(naturals: int, jokers: int, rules: Rules, shown: str) -> None:
    if jokers == 0:
        return
    if rules.jokers == 0:
        raise InvalidMeld(f"{shown}: this game is played without jokers.", key="no_jokers", params={"cards": shown})
    if rules.joker_limit is JokerLimit.ONE and jokers > 1:
        raise InvalidMeld(
            f"{shown} is not a meld: only one joker is allowed per meld.",
            key="one_joker_per_meld",
            params={"cards": shown},
        )
    if jokers > naturals:
        raise InvalidMeld(
            f"{shown} is not a meld: a meld cannot hold more jokers than natural cards.",
            key="too_many_jokers",
            params={"cards": shown},
        )


def make_meld(cards: Sequence[Card], rules: Rules) -> Meld:
    """Judge ``cards`` as one meld; raise :class:`InvalidMeld` with a reason a player reads."""
    shown = format_cards(cards)
    if len(cards) < 3:
        raise InvalidMeld(
            f"{shown} is not a meld: a meld needs at least 3 cards.", key="meld_too_short", params={"cards": shown}
        )
    naturals = [c for c in cards if not c.is_joker]
    jokers = [c for c in cards if c.is_joker]
    _check_jokers(len(naturals), len(jokers), rules, shown)
    if not naturals:
        raise InvalidMeld(
            f"{shown} is not a meld: it needs natural cards.", key="needs_naturals", params={"cards": shown}
        )
    ranks = {c.rank for c in naturals}
    if len(ranks) == 1 and (
        len(naturals) > 1 or all(j.stands_for is None or j.stands_for.rank == naturals[0].rank for j in jokers)
    ):
        return _make_set(naturals, jokers, shown)
    return _make_run(naturals, jokers, rules, shown)


def _make_set(naturals: list[Card], jokers: list[Card], shown: str) -> Meld:
    rank = naturals[0].rank
    assert rank is not None
    suits = [c.suit for c in naturals]
    if len(set(suits)) != len(suits):
        raise InvalidMeld(f"{shown} is not a set: the suits must all differ.", key="set_suits", params={"cards": shown})
    if len(naturals) + len(jokers) > 4:
        raise InvalidMeld(
            f"{shown} is not a set: a set has 3 or 4 cards, one of each suit.", key="set_size", params={"cards": shown}
        )
    for j in jokers:
        if j.stands_for is not None:
            if j.stands_for.rank != rank:
                raise InvalidMeld(
                    f"{shown} is not a set: the joker must stand for a {rank.label}.",
                    key="set_joker_rank",
                    params={"cards": shown, "rank": rank.label},
                )
            if j.stands_for.suit in suits:
                raise InvalidMeld(
                    f"{shown} is not a set: the suits must all differ ({j.stands_for.pretty} is already there).",
                    key="set_suit_taken",
                    params={"cards": shown, "card": j.stands_for.pretty},
                )
    ordered = tuple(naturals + [j.unpinned() for j in jokers])
    return Meld(MeldKind.SET, ordered, rank=rank)


def _positions(rank: Rank | None, rules: Rules) -> list[int]:
    assert rank is not None
    if rank is Rank.ACE:
        return [1, HIGH_ACE] if rules.ace is AceRule.LOW_OR_HIGH else [1]
    return [int(rank)]


def run_windows(items: Sequence[tuple[Card, list[int]]], length: int, top: int) -> list[int]:
    """Every start position for a run of ``length`` that holds each placed card at one of its
    possible positions, no two on the same position. Lowest start first."""
    starts = []
    for start in range(1, top - length + 2):
        end = start + length - 1
        used: set[int] = set()
        for _card, options in items:
            inside = [p for p in options if start <= p <= end]
            if not inside:
                break
            used.add(inside[0])
        else:
            if len(used) == len(items):
                starts.append(start)
    return starts


def _make_run(
    naturals: list[Card],
    jokers: list[Card],
    rules: Rules,
    shown: str,
    fixed: dict[int, Card] | None = None,
) -> Meld:
    """Build a run. ``fixed`` maps positions to cards already on the table, which never move;
    ``naturals`` and ``jokers`` are the cards that still need a place. Under
    :attr:`JokerPlace.LOWER` a pin may only name the place the joker takes anyway (the lower one)."""
    meld = _place_run(naturals, jokers, rules, shown, fixed or {})
    if rules.joker_place is JokerPlace.LOWER and any(j.stands_for is not None for j in jokers):
        low = _place_run(naturals, [j.unpinned() for j in jokers], rules, shown, fixed or {})
        pinned, lower = _joker_positions(meld), _joker_positions(low)
        if pinned != lower:
            want = ", ".join(f.pretty for p in sorted(lower - pinned) if (f := low.stands_for(p - low.start)))
            asked = ", ".join(f.pretty for p in sorted(pinned - lower) if (f := meld.stands_for(p - meld.start)))
            raise InvalidMeld(
                f"{shown} is not a run here: at this table a joker that fits at either end of a run "
                f"stands for the lower card, {want}, not {asked}.",
                key="joker_lower_place",
                params={"cards": shown, "lower": want, "pinned": asked},
            )
    return meld


def _joker_positions(meld: Meld) -> frozenset[int]:
    return frozenset(meld.start + i for i, c in enumerate(meld.cards) if c.is_joker)


def _place_run(naturals: list[Card], jokers: list[Card], rules: Rules, shown: str, fixed: dict[int, Card]) -> Meld:
    """:func:`_make_run` with every pin taken as the player gave it."""
    every_natural = naturals + [c for c in fixed.values() if not c.is_joker]
    suits = {c.suit for c in every_natural}
    if len(suits) > 1:
        if len({c.rank for c in every_natural}) == 1:
            raise InvalidMeld(
                f"{shown} is not a set: the suits must all differ.", key="set_suits", params={"cards": shown}
            )
        raise InvalidMeld(
            f"{shown} is not a run: the cards of a run share one suit (and a set shares one rank).",
            key="not_run_or_set",
            params={"cards": shown},
        )
    suit = every_natural[0].suit
    assert suit is not None
    for j in jokers:
        if j.stands_for is not None and j.stands_for.suit != suit:
            raise InvalidMeld(
                f"{shown} is not a run: the joker must stand for a {suit.symbol} card.",
                key="run_joker_suit",
                params={"cards": shown, "suit": suit.symbol},
            )
    ranks_seen = [c.rank for c in every_natural]
    if len(set(ranks_seen)) != len(ranks_seen):
        raise InvalidMeld(f"{shown} is not a run: a rank appears twice.", key="run_rank_twice", params={"cards": shown})
    length = len(naturals) + len(jokers) + len(fixed)
    if length > 13:
        raise InvalidMeld(
            f"{shown} is not a run: a run holds at most 13 cards (A to K, or 2 to A).",
            key="run_too_long",
            params={"cards": shown},
        )
    top = HIGH_ACE if rules.ace is AceRule.LOW_OR_HIGH else 13
    items: list[tuple[Card, list[int]]] = [(c, _positions(c.rank, rules)) for c in naturals]
    items += [(j, _positions(j.stands_for.rank, rules)) for j in jokers if j.stands_for is not None]
    items += [(c, [p]) for p, c in fixed.items()]
    starts = run_windows(items, length, top)
    if not starts:
        ranks = {c.rank for c in every_natural}
        if {Rank.ACE, Rank.KING, Rank.TWO} <= ranks:
            raise InvalidMeld(
                f"{shown} is not a run: a run cannot go round the corner (K-A-2).",
                key="run_corner",
                params={"cards": shown},
            )
        if rules.ace is AceRule.LOW and Rank.ACE in ranks and ranks & {Rank.KING, Rank.QUEEN}:
            raise InvalidMeld(
                f"{shown} is not a run: the ace is low here (A-2-3, never Q-K-A).",
                key="ace_low",
                params={"cards": shown},
            )
        raise InvalidMeld(
            f"{shown} is not a run: the cards are not in sequence.", key="not_in_sequence", params={"cards": shown}
        )
    start = starts[0]
    end = start + length - 1
    slots: dict[int, Card] = {}
    for card, options in items:
        slots[next(p for p in options if start <= p <= end)] = card.unpinned()
    free = [p for p in range(start, end + 1) if p not in slots]
    for j, p in zip([j for j in jokers if j.stands_for is None], free, strict=True):
        slots[p] = j
    ordered = tuple(slots[p] for p in range(start, end + 1))
    return Meld(MeldKind.RUN, ordered, suit=suit, start=start)


# -- lay-offs and swaps -------------------------------------------------------------------


def lay_off(meld: Meld, cards: Sequence[Card], rules: Rules) -> Meld:
    """``meld`` extended by ``cards``; raise :class:`CannotLayOff` saying why not."""
    shown = format_cards(cards)
    if not cards:
        raise CannotLayOff("Name at least one card to lay off.", key="lay_off_no_card")
    naturals = [c for c in meld.cards if not c.is_joker] + [c for c in cards if not c.is_joker]
    jokers = meld.jokers + sum(c.is_joker for c in cards)
    try:
        _check_jokers(len(naturals), jokers, rules, shown)
    except InvalidMeld as exc:
        raise _cannot_lay_off(shown, meld, exc) from None
    try:
        if meld.kind is MeldKind.SET:
            new_naturals = [c for c in cards if not c.is_joker]
            if any(c.rank != meld.rank for c in new_naturals):
                rank = meld.rank.label if meld.rank else ""
                raise InvalidMeld(f"only a {rank} fits a set of {rank}s.", key="set_rank_only", params={"rank": rank})
            made = _make_set(
                [c for c in meld.cards if not c.is_joker] + new_naturals,
                [c for c in meld.cards if c.is_joker] + [c for c in cards if c.is_joker],
                shown,
            )
            # Keep the table order: old cards first.
            return Meld(MeldKind.SET, tuple(meld.cards) + tuple(c.unpinned() for c in cards), rank=made.rank)
        fixed = {meld.start + i: c for i, c in enumerate(meld.cards)}
        new_naturals = [c for c in cards if not c.is_joker]
        try:
            return _make_run(new_naturals, [c for c in cards if c.is_joker], rules, shown, fixed=fixed)
        except InvalidMeld:
            jokers_at = {p for p, c in fixed.items() if c.is_joker}
            for c in new_naturals:
                if c.suit == meld.suit and jokers_at & set(_positions(c.rank, rules)):
                    swap = " (take it with a joker swap instead)" if rules.joker_swap else ""
                    raise InvalidMeld(
                        f"{shown}: a joker already holds the place of {c.pretty}{swap}.",
                        key="joker_holds_place_swap" if swap else "joker_holds_place",
                        params={"cards": shown, "card": c.pretty},
                    ) from None
            raise
    except InvalidMeld as exc:
        raise _cannot_lay_off(shown, meld, exc) from None


def _tail(exc: Exception) -> str:
    text = str(exc)
    return text.split(": ", 1)[1] if ": " in text else text


def _cannot_lay_off(shown: str, meld: Meld, exc: InvalidMeld) -> CannotLayOff:
    """Why ``shown`` cannot go on ``meld``: the meld's own reason, without the cards it names first.
    ``why`` carries that reason (a :class:`RummyError`, with its key) for translations."""
    return CannotLayOff(
        f"{shown} cannot go on {meld}: {_tail(exc)}",
        key="cannot_lay_off",
        params={"cards": shown, "meld": str(meld), "why": exc},
    )


def swap_joker(meld: Meld, card: Card, rules: Rules) -> tuple[Meld, Card]:
    """Put ``card`` in place of the joker it stands for; return the new meld and the joker."""
    if not rules.joker_swap:
        raise CannotSwap("Joker swap is not played at this table.", key="no_joker_swap")
    if card.is_joker:
        raise CannotSwap("Swap a joker with the natural card it stands for, not with a joker.", key="swap_with_joker")
    jokers = [i for i, c in enumerate(meld.cards) if c.is_joker]
    if not jokers:
        raise CannotSwap(f"{meld} holds no joker.", key="no_joker_in_meld", params={"meld": str(meld)})
    if meld.kind is MeldKind.SET and meld.naturals < 3:
        raise CannotSwap(
            f"In a set the joker can only be taken when it sits with 3 natural cards ({meld}).",
            key="swap_set_naturals",
            params={"meld": str(meld)},
        )
    for i in jokers:
        face = meld.stands_for(i)
        if face is not None and card.face == face:
            new_cards = list(meld.cards)
            joker = new_cards[i]
            new_cards[i] = card
            return Meld(meld.kind, tuple(new_cards), meld.suit, meld.start, meld.rank), joker
    wanted = [meld.stands_for(i) for i in jokers]
    names = ", ".join(f.pretty for f in wanted if f is not None) or "a card it cannot be told"
    raise CannotSwap(
        f"The joker in {meld} stands for {names}, not {card.pretty}.",
        key="swap_wrong_card",
        params={"meld": str(meld), "wanted": names, "card": card.pretty},
    )


def find_meld_cards(hand: Iterable[Card], wanted: Sequence[Card]) -> list[Card]:
    """Match typed cards to physical cards in ``hand`` (keeping joker pins)."""
    pool = list(hand)
    out = []
    for w in wanted:
        for i, c in enumerate(pool):
            if c == w:
                out.append(Card(c.rank, c.suit, c.copy, w.stands_for) if w.stands_for else c)
                del pool[i]
                break
        else:
            raise KeyError(w)
    return out
