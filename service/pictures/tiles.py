"""Single cards as small RGBA pictures, drawn once per face and size and then pasted.

A card is drawn :data:`~service.pictures.style.SUPERSAMPLE` times larger and scaled down, which
smooths the shapes' edges. The corner index (rank above suit) sits in the card's left strip, the
part still visible when cards overlap; a smaller index, upside down, sits in the opposite corner
as on a real card. A joker shows a star instead of a rank and suit, on its own paper colour, and,
on the table, the card it stands for under the star.
"""

from __future__ import annotations

import functools

from PIL import Image, ImageDraw

from rummy.cards import Face
from service.pictures import shapes
from service.pictures.style import (
    BACK,
    BACK_LINE,
    BADGE,
    BADGE_TEXT,
    CARD,
    CARD_EDGE,
    FELT_LINE,
    JOKER_CARD,
    JOKER_INK,
    MARK,
    RGB,
    SUIT_INK,
    SUPERSAMPLE,
    CardSize,
)
from service.pictures.text import font

MARK_WIDTH = 4  # the outline of the card just drawn, in pixels


def _canvas(width: int, height: int, edge: RGB = CARD_EDGE) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    # Transparent pixels carry the edge colour, so scaling down blends no black into the border.
    img = Image.new("RGBA", (width * SUPERSAMPLE, height * SUPERSAMPLE), (*edge, 0))
    return img, ImageDraw.Draw(img)


def _shrink(img: Image.Image) -> Image.Image:
    return img.reduce(SUPERSAMPLE)


def _paper(draw: ImageDraw.ImageDraw, size: CardSize, fill: RGB) -> None:
    s = SUPERSAMPLE
    draw.rounded_rectangle(
        (0, 0, size.width * s - 1, size.height * s - 1), radius=size.radius * s, fill=fill, outline=CARD_EDGE, width=s
    )


def _text(draw: ImageDraw.ImageDraw, text: str, cx: float, top: float, px: int, ink: RGB) -> float:
    """Draw ``text`` centred on ``cx`` with its ink's top at ``top``; returns the ink's bottom."""
    face = font(px)
    left, upper, right, lower = face.getbbox(text)
    stroke = max(1, px // 16)  # a little weight: ranks read as on printed cards
    draw.text((cx - (left + right) / 2, top - upper), text, font=face, fill=ink, stroke_width=stroke, stroke_fill=ink)
    return top + (lower - upper)


def _rank_px(label: str, px: int, room: float) -> int:
    """The rank's font size, smaller where "10" would not fit the strip."""
    while px > 8 and font(px).getlength(label) > room:
        px -= 1
    return px


def _index(draw: ImageDraw.ImageDraw, face: Face, cx: float, top: float, rank_px: int, suit_px: float) -> None:
    """Rank above suit, centred on ``cx`` (supersampled pixels)."""
    ink = SUIT_INK[face.suit]
    bottom = _text(draw, face.rank.label, cx, top, rank_px, ink)
    gap = suit_px * 0.18
    shapes.suit(draw, face.suit, cx - suit_px / 2, bottom + gap, suit_px, ink)


def _corner(size: CardSize, face: Face) -> Image.Image:
    """The small index of the opposite corner, already upside down."""
    s = SUPERSAMPLE
    room = size.width - size.strip
    img = Image.new("RGBA", (room * s, int(size.corner_px * 2.3) * s), (*CARD, 0))
    draw = ImageDraw.Draw(img)
    px = _rank_px(face.rank.label, size.corner_px, room - 4) * s
    _index(draw, face, room * s / 2, 2 * s, px, size.corner_px * 0.8 * s)
    return img.rotate(180)


@functools.lru_cache(maxsize=512)
def card(face: Face | None, size: CardSize, stands_for: Face | None = None) -> Image.Image:
    """One card's picture (``face`` None: a joker; ``stands_for``: what that joker plays as)."""
    s = SUPERSAMPLE
    img, draw = _canvas(size.width, size.height)
    cx = size.strip * s / 2 + size.index_margin * s / 2
    top = size.index_margin * s * 2
    if face is None:
        _paper(draw, size, JOKER_CARD)
        star = size.strip * 0.72 * s
        shapes.star(draw, cx - star / 2, top * 0.6, star, JOKER_INK)
        below = top * 0.6 + star * 1.02
        if stands_for is None:
            _text(draw, "JK", cx, below, int(size.rank_px * 0.66) * s, JOKER_INK)
        else:
            _index(draw, stands_for, cx, below, int(size.rank_px * 0.78) * s, size.suit_px * 0.72 * s)
        star = (size.width - size.strip) * 0.8 * s
        shapes.star(draw, size.width * s - star * 1.1, size.height * s - star * 1.15, star, JOKER_INK)
        return _shrink(img)
    _paper(draw, size, CARD)
    room = size.strip - 2 * size.index_margin
    _index(draw, face, cx, top, _rank_px(face.rank.label, size.rank_px, room) * s, size.suit_px * s)
    corner = _corner(size, face)
    img.alpha_composite(corner, (size.strip * s, size.height * s - corner.height - size.index_margin * s * 2))
    return _shrink(img)


@functools.lru_cache(maxsize=8)
def back(size: CardSize) -> Image.Image:
    """A card face down (the stock)."""
    s = SUPERSAMPLE
    img, draw = _canvas(size.width, size.height)
    _paper(draw, size, CARD)
    inner = Image.new("RGBA", img.size, (*BACK, 255))
    lines = ImageDraw.Draw(inner)
    step = 9 * s
    for x in range(-img.height, img.width, step):  # a diagonal lattice
        lines.line((x, 0, x + img.height, img.height), fill=BACK_LINE, width=2 * s)
        lines.line((x + img.height, 0, x, img.height), fill=BACK_LINE, width=2 * s)
    inset = 5 * s
    mask = Image.new("L", img.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (inset, inset, img.width - inset, img.height - inset), radius=max(1, size.radius - 3) * s, fill=255
    )
    img.paste(inner, (0, 0), mask)
    return _shrink(img)


@functools.lru_cache(maxsize=8)
def blank(size: CardSize) -> Image.Image:
    """A card's paper with nothing on it: the edges of the cards under a pile's top."""
    img, draw = _canvas(size.width, size.height)
    _paper(draw, size, CARD)
    return _shrink(img)


@functools.lru_cache(maxsize=8)
def halo(size: CardSize) -> Image.Image:
    """The outline put behind the card just drawn: :data:`MARK_WIDTH` pixels all round."""
    m = MARK_WIDTH
    s = SUPERSAMPLE
    img, draw = _canvas(size.width + 2 * m, size.height + 2 * m, MARK)
    draw.rounded_rectangle(
        (0, 0, (size.width + 2 * m) * s - 1, (size.height + 2 * m) * s - 1), radius=(size.radius + m) * s, fill=MARK
    )
    return _shrink(img)


@functools.lru_cache(maxsize=8)
def slot(size: CardSize) -> Image.Image:
    """Where a pile would be: an empty outline (the discard pile before the first discard)."""
    s = SUPERSAMPLE
    img, draw = _canvas(size.width, size.height, FELT_LINE)
    draw.rounded_rectangle(
        (s, s, size.width * s - s, size.height * s - s), radius=size.radius * s, outline=FELT_LINE, width=3 * s
    )
    return _shrink(img)


@functools.lru_cache(maxsize=256)
def badge(text: str, px: int, fill: RGB = BADGE, ink: RGB = BADGE_TEXT) -> Image.Image:
    """A number on a disc (a meld's number, the stock's count): a circle, or a pill when long."""
    s = SUPERSAMPLE
    face = font(px * s)
    left, upper, right, lower = face.getbbox(text)
    height = int(px * 1.45)
    width = max(height, int((right - left) / s + px * 0.9))
    img, draw = _canvas(width, height, fill)
    draw.rounded_rectangle(
        (0, 0, width * s - 1, height * s - 1), radius=height * s / 2, fill=fill, outline=BADGE_TEXT, width=s * 2
    )
    _text(draw, text, width * s / 2, (height * s - (lower - upper)) / 2, px * s, ink)
    return _shrink(img)
