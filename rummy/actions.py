"""Actions a player takes, as small values that print, parse and round-trip through JSON."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from rummy.cards import Card, parse_cards
from rummy.errors import RummyError


class Source(Enum):
    STOCK = "stock"
    DISCARD = "discard"


@dataclass(frozen=True)
class Draw:
    source: Source = Source.STOCK

    def __str__(self) -> str:
        return f"draw {self.source.value}"


@dataclass(frozen=True)
class Meld:
    """Lay down one or more new melds at once (an opening is judged on their total)."""

    melds: tuple[tuple[Card, ...], ...]

    @classmethod
    def parse(cls, text: str) -> Meld:
        """``"7H 8H 9H | QC QD QS"``: melds separated by ``|``."""
        groups = [g for g in text.split("|") if g.strip()]
        if not groups:
            raise RummyError("Name the cards to meld, e.g. 7H 8H 9H | QC QD QS.", key="meld_syntax")
        return cls(tuple(tuple(parse_cards(g)) for g in groups))

    def __str__(self) -> str:
        return "meld " + " | ".join(" ".join(str(c) for c in m) for m in self.melds)


@dataclass(frozen=True)
class LayOff:
    cards: tuple[Card, ...]
    target: int  # index of the meld on the table

    def __str__(self) -> str:
        return f"layoff {' '.join(str(c) for c in self.cards)} on {self.target + 1}"


@dataclass(frozen=True)
class Swap:
    target: int
    card: Card

    def __str__(self) -> str:
        return f"swap {self.card} into {self.target + 1}"


@dataclass(frozen=True)
class Discard:
    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


Action = Draw | Meld | LayOff | Swap | Discard


def _tok(card: Card) -> str:
    text = card.token
    return f"{text}={card.stands_for}" if card.stands_for else text


def action_to_json(action: Action) -> dict[str, Any]:
    if isinstance(action, Draw):
        return {"type": "draw", "source": action.source.value}
    if isinstance(action, Meld):
        return {"type": "meld", "melds": [[_tok(c) for c in m] for m in action.melds]}
    if isinstance(action, LayOff):
        return {"type": "layoff", "cards": [_tok(c) for c in action.cards], "target": action.target}
    if isinstance(action, Swap):
        return {"type": "swap", "target": action.target, "card": _tok(action.card)}
    return {"type": "discard", "card": _tok(action.card)}


def _card(text: str) -> Card:
    if "=" in text and "#" in text.split("=")[0]:
        left, right = text.split("=", 1)
        base = Card.parse(left)
        return Card.parse(f"JK={right}#{base.copy}")
    return Card.parse(text)


def action_from_json(data: dict[str, Any]) -> Action:
    kind = data["type"]
    if kind == "draw":
        return Draw(Source(data["source"]))
    if kind == "meld":
        return Meld(tuple(tuple(_card(t) for t in m) for m in data["melds"]))
    if kind == "layoff":
        return LayOff(tuple(_card(t) for t in data["cards"]), int(data["target"]))
    if kind == "swap":
        return Swap(int(data["target"]), _card(data["card"]))
    if kind == "discard":
        return Discard(_card(data["card"]))
    raise ValueError(f"unknown action type {kind!r}")


def parse_action(text: str) -> Action:
    """Read an action as ``str(action)`` writes it: ``draw stock``, ``draw discard``,
    ``meld 7H 8H 9H | QC QD QS``, ``layoff 5H on 2``, ``swap 6S into 1``, ``discard 9S``.

    Meld numbers are 1-based, as players see them. Raises :class:`RummyError` saying what is wrong.
    """
    verb, _, rest = text.strip().partition(" ")
    verb, rest = verb.lower(), rest.strip()
    if verb == "draw":
        try:
            return Draw(Source(rest.lower() or "stock"))
        except ValueError:
            raise RummyError(
                f"Draw from the stock or the discard pile, not {rest!r}.",
                key="draw_from",
                params={"source": repr(rest)},
            ) from None
    if verb == "meld":
        return Meld.parse(rest)
    if verb in {"layoff", "swap"}:
        word = " on " if verb == "layoff" else " into "
        cards_text, sep, target_text = rest.rpartition(word)
        if not sep or not target_text.strip().isdigit() or int(target_text) < 1:
            raise RummyError(
                f"Write {verb} CARDS{word}N, where N is the meld's number on the table.",
                key="move_syntax",
                params={"verb": verb, "word": word.strip()},
            )
        target = int(target_text) - 1
        cards = parse_cards(cards_text)
        if verb == "layoff":
            return LayOff(tuple(cards), target)
        if len(cards) != 1:
            raise RummyError("A swap puts exactly one card in place of a joker.", key="swap_one_card")
        return Swap(target, cards[0])
    if verb == "discard":
        cards = parse_cards(rest)
        if len(cards) != 1:
            raise RummyError("Discard exactly one card.", key="discard_one_card")
        return Discard(cards[0])
    raise RummyError(
        f"{verb!r} is not an action: draw, meld, layoff, swap or discard.",
        key="not_an_action",
        params={"verb": repr(verb)},
    )
