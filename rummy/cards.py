"""Cards and the notations players type.

A :class:`Card` is a small immutable value. With two or three decks the pack holds identical
cards: they carry a different ``copy`` number so the engine knows exactly which physical card
is where, but ``copy`` takes no part in equality, so two 7♠ compare equal for the rules.
Use :attr:`Card.key` when the physical identity matters (conservation checks, storage).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum, IntEnum

from rummy.errors import BadCard


class Suit(Enum):
    """The four suits, in bridge order (clubs lowest)."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOL[self]

    @property
    def order(self) -> int:
        return _SUIT_ORDER[self]


_SUIT_SYMBOL = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_ORDER = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}


class Rank(IntEnum):
    """Ranks with the ace low (1); whether it may also be high is a rule, not a rank."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def label(self) -> str:
        return _RANK_LABEL[self]


_RANK_LABEL = {r: str(r.value) for r in Rank} | {
    Rank.ACE: "A",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
}
_RANK_PARSE = {v: k for k, v in _RANK_LABEL.items()} | {"T": Rank.TEN, "1": Rank.ACE}
_SUIT_PARSE = (
    {s.value: s for s in Suit}
    | {s.symbol: s for s in Suit}
    | {
        "♧": Suit.CLUBS,
        "♢": Suit.DIAMONDS,
        "♡": Suit.HEARTS,
        "♤": Suit.SPADES,
    }
)
_JOKER_WORDS = {"JK", "*", "🃏", "JOKER", "JO"}
# Emoji presentation selectors that phones add after suit symbols ("7♥️"): not part of the card.
_VS16 = "\ufe0f"
_VS15 = "\ufe0e"


@dataclass(frozen=True, order=False)
class Face:
    """What a card shows (or what a joker stands for): a rank and a suit."""

    rank: Rank
    suit: Suit

    def __str__(self) -> str:
        return f"{self.rank.label}{self.suit.value}"

    @property
    def pretty(self) -> str:
        return f"{self.rank.label}{self.suit.symbol}"

    @classmethod
    def parse(cls, text: str) -> Face:
        card = Card.parse(text)
        if card.face is None:
            raise BadCard(text, "a joker cannot stand for a joker", why_key="joker_for_joker")
        return card.face


@dataclass(frozen=True)
class Card:
    """One physical card. ``rank``/``suit`` are ``None`` for a joker.

    ``copy`` tells identical cards apart (deck number, or joker number) and is ignored by
    ``==`` and ``hash``. ``stands_for`` is only set on a joker the player pinned while typing
    (``JK=6S``); it is a request, not part of the card, and is also ignored by ``==``.
    """

    rank: Rank | None
    suit: Suit | None
    copy: int = field(default=0, compare=False)
    stands_for: Face | None = field(default=None, compare=False)
    # Worked out once, in __post_init__: the solver, the computer players, storage and the UI read
    # them for every card, again and again.
    key: tuple[int, int, int] = field(init=False, repr=False, compare=False)
    """Physical identity: (rank or 0, suit order or 4, copy)."""
    token: str = field(init=False, repr=False, compare=False)
    """Storage form: the notation plus ``#copy`` when the copy is not 0."""
    pretty: str = field(init=False, repr=False, compare=False)
    """With the suit's symbol (``7♥``, ``🃏``, ``🃏=6♠``): what players read."""

    # -- construction -------------------------------------------------------------------
    @classmethod
    def joker(cls, copy: int = 0) -> Card:
        return physical(None, None, copy)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse one token: ``7H``, ``7h``, ``10S``, ``TS``, ``7♥``, ``JK``, ``*``, ``🃏``, ``JK=6S``.

        A storage suffix ``#n`` sets the copy number (``7H#1``). The same text always gives the
        same card object (cards are immutable; a card not pinned is the pack's own, see :func:`physical`).
        """
        return _parse(text)

    # -- properties ---------------------------------------------------------------------
    @property
    def is_joker(self) -> bool:
        return self.rank is None

    @property
    def face(self) -> Face | None:
        if self.rank is None or self.suit is None:
            return None
        return Face(self.rank, self.suit)

    def __post_init__(self) -> None:
        key = (
            0 if self.rank is None else int(self.rank),
            4 if self.suit is None else _SUIT_ORDER[self.suit],
            self.copy,
        )
        if self.rank is None or self.suit is None:
            base = "JK"
            pretty = f"🃏={self.stands_for.pretty}" if self.stands_for else "🃏"
        else:
            base = f"{self.rank.label}{self.suit.value}"
            pretty = f"{self.rank.label}{self.suit.symbol}"
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "token", base if self.copy == 0 else f"{base}#{self.copy}")
        object.__setattr__(self, "pretty", pretty)
        object.__setattr__(self, "_hash", key[0] * 5 + key[1])

    def __hash__(self) -> int:  # consistent with ``==``: rank and suit only
        return self._hash  # type: ignore[attr-defined,no-any-return]

    def sort_key(self) -> tuple[int, int, int]:
        """Suit, then rank, jokers last: how a hand is shown."""
        if self.rank is None or self.suit is None:
            return (9, 0, self.copy)
        return (self.suit.order, int(self.rank), self.copy)

    def unpinned(self) -> Card:
        return Card(self.rank, self.suit, self.copy) if self.stands_for else self

    # -- text ---------------------------------------------------------------------------
    def __str__(self) -> str:
        if self.rank is None or self.suit is None:
            return f"JK={self.stands_for}" if self.stands_for else "JK"
        return f"{self.rank.label}{self.suit.value}"

    def __repr__(self) -> str:
        if self.stands_for is not None:
            pinned = f"JK={self.stands_for}" + (f"#{self.copy}" if self.copy else "")
            return f"Card.parse({pinned!r})"
        return f"Card.parse({self.token!r})"


@functools.lru_cache(maxsize=1024)
def _parse(text: str) -> Card:
    """:meth:`Card.parse`, kept for the texts seen last (players type the same few cards again and again)."""
    token = text.strip().replace(_VS16, "").replace(_VS15, "")
    if not token:
        raise BadCard(text, "empty card", why_key="empty")
    copy = 0
    m = re.fullmatch(r"(.+?)#(\d+)", token)
    if m:
        token, copy = m.group(1), int(m.group(2))
    pinned: Face | None = None
    if "=" in token:
        left, right = token.split("=", 1)
        if left.strip().upper() not in _JOKER_WORDS and left.strip() not in _JOKER_WORDS:
            raise BadCard(text, "only a joker can stand for another card", why_key="only_joker_stands")
        try:
            pinned = Face.parse(right)
        except BadCard:
            raise BadCard(
                text, f"{right!r} is not a card the joker can stand for", why_key="pin", pin=repr(right)
            ) from None
        return Card(None, None, copy, pinned)
    up = token.upper()
    if up in _JOKER_WORDS or token in _JOKER_WORDS:
        return physical(None, None, copy)
    rank_text, suit_text = up[:-1], up[-1]
    # Suit symbols are not upper-cased by .upper(); take them from the original text.
    suit = _SUIT_PARSE.get(suit_text) or _SUIT_PARSE.get(token[-1])
    rank = _RANK_PARSE.get(rank_text.strip())
    if suit is None or rank is None:
        raise BadCard(text)
    return physical(rank, suit, copy)


_SPLIT = re.compile(r"[\s,;]+")


def parse_cards(cards: str | Iterable[str | Card]) -> list[Card]:
    """Parse ``"7H 8H 9H"`` (spaces or commas) or a list of tokens/cards.

    Raises :class:`BadCard` naming the first token that is not a card.
    """
    if isinstance(cards, str):
        tokens: list[str | Card] = [t for t in _SPLIT.split(cards.strip()) if t]
    else:
        tokens = []
        for item in cards:
            if isinstance(item, Card):
                tokens.append(item)
            else:
                tokens.extend(t for t in _SPLIT.split(str(item).strip()) if t)
    return [t if isinstance(t, Card) else Card.parse(t) for t in tokens]


def take_out(hand: Iterable[Card], used: Iterable[Card]) -> tuple[list[Card], list[Card]]:
    """``hand`` less one card for each card of ``used`` (matched by face, like the engine), and the
    cards of ``used`` that were not there."""
    rest = list(hand)
    missing = []
    for card in used:
        for i, c in enumerate(rest):
            if c == card:
                del rest[i]
                break
        else:
            missing.append(card)
    return rest, missing


def format_cards(cards: Sequence[Card], pretty: bool = True) -> str:
    return " ".join(c.pretty if pretty else str(c) for c in cards)


def sort_hand(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=Card.sort_key)


_SHARED_COPIES = 32  # copies kept shared by :func:`physical`: more than any pack holds (three decks, 18 jokers)
_PHYSICAL: dict[tuple[Rank | None, Suit | None, int], Card] = {}


def physical(rank: Rank | None, suit: Suit | None, copy: int = 0) -> Card:
    """The card ``(rank, suit, copy)``, unpinned: one shared object per physical card.

    Cards are immutable, so every pack and every stored document can hold the same few hundred
    objects instead of a hundred new ones per deal. Hundreds of games in memory then touch the
    same small set of cards, which stays in the processor's cache: copying, checking and storing a
    table read every card it holds."""
    if copy >= _SHARED_COPIES:
        return Card(rank, suit, copy)
    key = (rank, suit, copy)
    card = _PHYSICAL.get(key)
    if card is None:
        card = _PHYSICAL.setdefault(key, Card(rank, suit, copy))
    return card


def make_pack(decks: int, jokers: int) -> list[Card]:
    """Every physical card of the pack, in a fixed order (shuffle afterwards)."""
    pack = [physical(rank, suit, copy) for copy in range(decks) for suit in Suit for rank in Rank]
    pack.extend(physical(None, None, i) for i in range(jokers))
    return pack
