"""The suits and the joker's star as vector shapes, not glyphs: each sized and placed exactly.

Each shape fills a square box given by its top-left corner and side, in the drawing's own pixels.
The four are told apart by outline alone: a diamond's four points, a heart's point down, a spade's
point up on a stem, a club's three lobes on a stem; the joker's five-pointed star is none of them.
"""

from __future__ import annotations

import math

from PIL import ImageDraw

from rummy.cards import Suit
from service.pictures.style import RGB

Point = tuple[float, float]


def _at(x: float, y: float, size: float, points: list[Point]) -> list[Point]:
    return [(x + px * size, y + py * size) for px, py in points]


def _disc(draw: ImageDraw.ImageDraw, x: float, y: float, size: float, cx: float, cy: float, r: float, ink: RGB) -> None:
    draw.ellipse(
        (x + (cx - r) * size, y + (cy - r) * size, x + (cx + r) * size, y + (cy + r) * size),
        fill=ink,
    )


def _stem(draw: ImageDraw.ImageDraw, x: float, y: float, size: float, ink: RGB) -> None:
    draw.polygon(_at(x, y, size, [(0.5, 0.55), (0.3, 1.0), (0.7, 1.0)]), fill=ink)


def diamond(draw: ImageDraw.ImageDraw, x: float, y: float, size: float, ink: RGB) -> None:
    draw.polygon(_at(x, y, size, [(0.5, 0.0), (0.9, 0.5), (0.5, 1.0), (0.1, 0.5)]), fill=ink)


def heart(draw: ImageDraw.ImageDraw, x: float, y: float, size: float, ink: RGB) -> None:
    r = 0.255
    _disc(draw, x, y, size, 0.27, 0.3, r, ink)
    _disc(draw, x, y, size, 0.73, 0.3, r, ink)
    # The point: tangent to both lobes' outer sides.
    draw.polygon(_at(x, y, size, [(0.03, 0.38), (0.5, 0.97), (0.97, 0.38), (0.5, 0.3)]), fill=ink)


def spade(draw: ImageDraw.ImageDraw, x: float, y: float, size: float, ink: RGB) -> None:
    r = 0.24
    _disc(draw, x, y, size, 0.27, 0.6, r, ink)
    _disc(draw, x, y, size, 0.73, 0.6, r, ink)
    draw.polygon(_at(x, y, size, [(0.5, 0.0), (0.04, 0.56), (0.5, 0.7), (0.96, 0.56)]), fill=ink)
    _stem(draw, x, y, size, ink)


def club(draw: ImageDraw.ImageDraw, x: float, y: float, size: float, ink: RGB) -> None:
    r = 0.23
    _disc(draw, x, y, size, 0.5, 0.23, r, ink)
    _disc(draw, x, y, size, 0.23, 0.6, r, ink)
    _disc(draw, x, y, size, 0.77, 0.6, r, ink)
    _disc(draw, x, y, size, 0.5, 0.52, 0.1, ink)
    draw.polygon(_at(x, y, size, [(0.5, 0.45), (0.34, 1.0), (0.66, 1.0)]), fill=ink)


def star(draw: ImageDraw.ImageDraw, x: float, y: float, size: float, ink: RGB) -> None:
    points: list[Point] = []
    for i in range(10):
        radius = 0.5 if i % 2 == 0 else 0.2
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((0.5 + radius * math.cos(angle), 0.54 + radius * math.sin(angle)))
    draw.polygon(_at(x, y, size, points), fill=ink)


_SUIT_SHAPE = {Suit.SPADES: spade, Suit.HEARTS: heart, Suit.DIAMONDS: diamond, Suit.CLUBS: club}


def suit(draw: ImageDraw.ImageDraw, which: Suit, x: float, y: float, size: float, ink: RGB) -> None:
    """Draw ``which`` suit's shape in the square at (x, y) of side ``size``."""
    _SUIT_SHAPE[which](draw, x, y, size, ink)
