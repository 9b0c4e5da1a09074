"""The table as a picture: the stock, the discard pile's top card, and the melds, numbered.

The numbers are the ones ``/layoff`` and the lay-off select use: 1 for the first meld laid on the
table, in table order (a :class:`~rummy.view.MeldView` carries its own). The melds flow left to
right and wrap into rows, in that order, so the numbers read like a page. A joker shows, under
its star, the card it stands for when the meld fixes it. No word is drawn: the picture reads the
same in every language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from rummy.cards import Card, Face
from rummy.melds import Meld
from rummy.view import MeldView
from service.pictures import tiles
from service.pictures.encode import png
from service.pictures.style import FELT, HAND_CARD, TABLE_CARD, CardSize

MAX_WIDTH = 1000
MARGIN = 12
PILE_GAP = 24  # between the stock and the discard pile
MELD_GAP = 20  # between two melds of a row
ROW_GAP = 14
BADGE_PX = 22  # the meld numbers' font size
BADGE_ROOM = 6  # between a meld's number and its first card
STACK = 3  # the discard pile shows this many pixels of the cards under its top


@dataclass(frozen=True)
class PlacedMeld:
    number: int
    cards: tuple[tuple[Card, Face | None], ...]  # each card and what a joker stands for
    x: int
    y: int


def _numbered(melds: Sequence[Meld | MeldView]) -> list[tuple[int, Meld]]:
    out = []
    for position, item in enumerate(melds):
        if isinstance(item, MeldView):
            out.append((item.index + 1, item.meld))
        else:
            out.append((position + 1, item))
    return out


def meld_width(number: int, cards: int, size: CardSize = TABLE_CARD) -> int:
    """A meld's room on the table: its number, then its cards overlapping."""
    return tiles.badge(str(number), BADGE_PX).width + BADGE_ROOM + (cards - 1) * size.strip + size.width


def layout(
    melds: Sequence[tuple[int, Meld]], top: int, max_width: int, size: CardSize = TABLE_CARD
) -> list[PlacedMeld]:
    """Where each meld goes: rows from ``top``, wrapped before ``max_width``."""
    placed: list[PlacedMeld] = []
    x, y = MARGIN, top
    for number, meld in melds:
        width = meld_width(number, len(meld.cards), size)
        if x > MARGIN and x + width + MARGIN > max_width:
            x, y = MARGIN, y + size.height + ROW_GAP
        cards = tuple((card, meld.stands_for(i) if card.is_joker else None) for i, card in enumerate(meld.cards))
        placed.append(PlacedMeld(number, cards, x, y))
        x += width + MELD_GAP
    return placed


def _piles(img: Image.Image, discard_top: Card | None, discard_size: int | None, stock_size: int) -> None:
    size = HAND_CARD
    x, y = MARGIN, MARGIN
    if stock_size > 0:
        img.alpha_composite(tiles.back(size), (x, y))
    else:
        img.alpha_composite(tiles.slot(size), (x, y))
    count = tiles.badge(str(stock_size), BADGE_PX + 4)
    img.alpha_composite(count, (x + (size.width - count.width) // 2, y + (size.height - count.height) // 2))
    x += size.width + PILE_GAP
    if discard_top is None:
        img.alpha_composite(tiles.slot(size), (x, y + STACK))
        return
    under = 2 if discard_size is None else min(2, discard_size - 1)
    for i in range(under, 0, -1):  # the edges of the cards under the top, lower and to the right
        img.alpha_composite(tiles.blank(size), (x + i * STACK, y + i * STACK))
    img.alpha_composite(tiles.card(discard_top.face, size, discard_top.stands_for), (x, y))
    if discard_size is not None:
        count = tiles.badge(str(discard_size), BADGE_PX - 4)
        # Top right, which holds no index: right of the index strip even when the count is long.
        left = x + max(size.strip, size.width - count.width + 4)
        img.alpha_composite(count, (left, y - 4))


def piles_width() -> int:
    return MARGIN + HAND_CARD.width * 2 + PILE_GAP + 2 * STACK + BADGE_PX + MARGIN


def table_image(
    melds: Sequence[Meld | MeldView],
    discard_top: Card | None,
    stock_size: int,
    *,
    discard_size: int | None = None,
    max_width: int = MAX_WIDTH,
) -> Image.Image:
    """The picture :func:`table_png` encodes."""
    size = TABLE_CARD
    top = MARGIN + HAND_CARD.height + STACK * 2 + ROW_GAP
    placed = layout(_numbered(melds), top, max_width, size)
    width = piles_width()
    for p in placed:
        width = max(width, p.x + meld_width(p.number, len(p.cards), size) + MARGIN)
    height = (placed[-1].y + size.height if placed else top - ROW_GAP) + MARGIN
    img = Image.new("RGBA", (width, height), (*FELT, 255))
    _piles(img, discard_top, discard_size, stock_size)
    for p in placed:
        number = tiles.badge(str(p.number), BADGE_PX)
        img.alpha_composite(number, (p.x, p.y + (size.height - number.height) // 2))
        x = p.x + number.width + BADGE_ROOM
        for card, stands_for in p.cards:
            img.alpha_composite(tiles.card(card.face, size, stands_for), (x, p.y))
            x += size.strip
    return img


def table_png(
    melds: Sequence[Meld | MeldView],
    discard_top: Card | None,
    stock_size: int,
    *,
    discard_size: int | None = None,
    max_width: int = MAX_WIDTH,
) -> bytes:
    """The table as PNG bytes: the stock with its size, the discard pile's top card (with the
    pile's size when ``discard_size`` is given), and every meld with its ``/layoff`` number."""
    return png(table_image(melds, discard_top, stock_size, discard_size=discard_size, max_width=max_width))
