"""A player's own hand as a picture: sorted, grouped by suit, the card just drawn raised.

Cards of one suit overlap so that each shows its corner index; a gap separates the suits, and
the jokers come last. Twins from two decks are two cards, each with its own outline and index.
The card just drawn is lifted above the others and outlined, so it is found by its position as
well as by its colour. A hand too wide for :data:`MAX_WIDTH` wraps onto another row.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from PIL import Image

from rummy.cards import Card, sort_hand
from service.pictures import tiles
from service.pictures.encode import png
from service.pictures.style import FELT, HAND_CARD, CardSize

MAX_WIDTH = 1000  # Discord shows an image this wide well on a phone and on a desktop
MARGIN = 12
GROUP_GAP = 10  # between suits
RAISE = 18  # how much higher the card just drawn sits
ROW_GAP = RAISE + 8  # a raised card on a lower row stays clear of the row above


@dataclass(frozen=True)
class Placed:
    card: Card
    x: int
    row: int
    marked: bool


def marked_index(cards: Sequence[Card], drawn: Card | None) -> int | None:
    """Which of ``cards`` is the one just drawn: the same physical card when it is there (one of
    two twins), else the first card equal to it."""
    if drawn is None:
        return None
    for i, card in enumerate(cards):
        if card.key == drawn.key:
            return i
    for i, card in enumerate(cards):
        if card == drawn:
            return i
    return None


def layout(cards: Sequence[Card], marked: int | None, size: CardSize, max_width: int) -> list[Placed]:
    """Where each card goes, in drawing order (left to right, row by row)."""
    placed: list[Placed] = []
    x, row = MARGIN, 0
    for i, card in enumerate(cards):
        if placed:
            prev = placed[-1]
            same_suit = prev.card.suit == card.suit
            x = prev.x + (size.strip if same_suit else size.width + GROUP_GAP)
            if x + size.width + MARGIN > max_width:
                x, row = MARGIN, row + 1
        placed.append(Placed(card, x, row, i == marked))
    return placed


def hand_image(
    cards: Iterable[Card], *, drawn: Card | None = None, size: CardSize = HAND_CARD, max_width: int = MAX_WIDTH
) -> Image.Image:
    """The picture :func:`hand_png` encodes."""
    ordered = sort_hand(cards)
    placed = layout(ordered, marked_index(ordered, drawn), size, max_width)
    rows = placed[-1].row + 1 if placed else 1
    width = max((p.x for p in placed), default=MARGIN) + size.width + MARGIN
    height = MARGIN + RAISE + rows * size.height + (rows - 1) * ROW_GAP + MARGIN
    img = Image.new("RGBA", (width, height), (*FELT, 255))
    if not placed:
        img.alpha_composite(tiles.slot(size), (MARGIN, MARGIN + RAISE))
    for p in placed:
        y = MARGIN + RAISE + p.row * (size.height + ROW_GAP) - (RAISE if p.marked else 0)
        if p.marked:
            img.alpha_composite(tiles.halo(size), (p.x - tiles.MARK_WIDTH, y - tiles.MARK_WIDTH))
        img.alpha_composite(tiles.card(p.card.face, size, p.card.stands_for), (p.x, y))
    return img


def hand_png(
    cards: Iterable[Card], *, drawn: Card | None = None, size: CardSize = HAND_CARD, max_width: int = MAX_WIDTH
) -> bytes:
    """A hand as PNG bytes, sorted and grouped by suit; ``drawn`` (the card just drawn) is raised
    and outlined. At most ``max_width`` pixels wide: a 14-card hand fits in one row."""
    return png(hand_image(cards, drawn=drawn, size=size, max_width=max_width))
