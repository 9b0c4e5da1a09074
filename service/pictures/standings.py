"""A tournament's standings as a picture: place, name, points and tie-break, one row each, with a
bar for the points, and at the end the podium highlighted (issue 31).

Made to be read on a phone: a picture about as tall as it is wide (at most :data:`SHOWN` rows,
then a line saying how many more the text lists), large type, and the figures right-aligned in
their columns. The podium is told apart by more than colour: its rows are banded, and each place
has its own badge (gold, silver, bronze) with its number. Every text comes from the caller,
already in the reader's language and its number format ("7,5" in French); names are users' data
and go through :mod:`service.pictures.text` (drawable, clipped to their column).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from service.pictures.encode import png
from service.pictures.style import RGB
from service.pictures.text import fit, font, plain

SS = 2  # supersampling: smooth badges and text
WIDTH = 720
MARGIN = 20
TITLE_PX = 30
HEAD_PX = 18  # "Place" fits over the place badges
ROW_PX = 24
ROW = 44  # a row's height
SHOWN = 16  # rows drawn at most (the embed's text lists the rest)
PAPER: RGB = (255, 255, 255)
INK: RGB = (30, 30, 30)
FAINT: RGB = (110, 110, 110)
RULE: RGB = (220, 220, 220)
BAR: RGB = (0, 114, 178)  # Okabe and Ito's blue, as the score chart's first line
BADGE: RGB = (90, 90, 90)
MEDALS: tuple[RGB, ...] = ((214, 160, 0), (150, 150, 150), (176, 104, 40))  # gold, silver, bronze
BAND: tuple[RGB, ...] = ((255, 244, 204), (238, 238, 238), (246, 228, 210))


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One row as shown: its place, the name as typed, and the figures already formatted."""

    place: int
    name: str
    points: str
    tiebreak: str
    value: float  # the points as a number: the bar's length


@dataclass(frozen=True, slots=True)
class Labels:
    """The picture's words, in the reader's language: the title, the four column heads, and the
    line under the rows when some are not drawn (``more``, e.g. "… and 12 more"; empty: none)."""

    title: str
    place: str
    name: str
    points: str
    tiebreak: str
    more: str = ""


def _text(draw: ImageDraw.ImageDraw, x: float, y: float, text: str, px: int, ink: RGB, anchor: str) -> None:
    draw.text((x * SS, y * SS), text, font=font(px * SS), fill=ink, anchor=anchor)


def _fit(text: str, px: int, room: float) -> str:
    return fit(plain(text), font(px * SS), room * SS)


def _width(text: str, px: int) -> float:
    return font(px * SS).getlength(text) / SS


def standings_image(rows: Sequence[StandingRow], labels: Labels, *, podium: bool = False) -> Image.Image:
    """The picture :func:`standings_png` encodes."""
    if not rows:
        raise ValueError("A standings picture needs at least one row.")
    shown = list(rows[:SHOWN])
    more = bool(labels.more) and len(rows) > len(shown)
    top = MARGIN + TITLE_PX + 16
    first = top + HEAD_PX + 14  # the first row's top
    height = first + ROW * len(shown) + (ROW if more else 0) + MARGIN
    img = Image.new("RGB", (WIDTH * SS, height * SS), PAPER)
    draw = ImageDraw.Draw(img)
    right = WIDTH - MARGIN
    tie_room = max(_width(labels.tiebreak, HEAD_PX), *(_width(r.tiebreak, ROW_PX) for r in shown)) + 8
    tie_x = right
    points_x = tie_x - tie_room - 16
    points_room = max(_width(labels.points, HEAD_PX), *(_width(r.points, ROW_PX) for r in shown)) + 8
    name_x = MARGIN + 56
    name_room = points_x - points_room - 16 - name_x
    _text(draw, MARGIN, MARGIN, _fit(labels.title, TITLE_PX, WIDTH - 2 * MARGIN), TITLE_PX, INK, "lt")
    heads = top + HEAD_PX / 2
    _text(draw, MARGIN + 20, heads, _fit(labels.place, HEAD_PX, 52), HEAD_PX, FAINT, "mm")
    _text(draw, name_x, heads, _fit(labels.name, HEAD_PX, name_room), HEAD_PX, FAINT, "lm")
    _text(draw, points_x, heads, _fit(labels.points, HEAD_PX, points_room), HEAD_PX, FAINT, "rm")
    _text(draw, tie_x, heads, _fit(labels.tiebreak, HEAD_PX, tie_room), HEAD_PX, FAINT, "rm")
    rule_y = (first - 6) * SS
    draw.line((MARGIN * SS, rule_y, right * SS, rule_y), fill=RULE, width=SS)
    most = max((r.value for r in rows), default=0.0)
    for n, row in enumerate(shown):
        y0 = first + n * ROW
        mid = y0 + ROW / 2
        medal = row.place - 1 if podium and 1 <= row.place <= len(MEDALS) else None
        if medal is not None:  # the podium: a band across the row
            draw.rounded_rectangle(
                (MARGIN * SS, (y0 + 2) * SS, right * SS, (y0 + ROW - 2) * SS), radius=8 * SS, fill=BAND[medal]
            )
        elif n:
            draw.line((MARGIN * SS, y0 * SS, right * SS, y0 * SS), fill=RULE, width=SS)
        if most > 0 and row.value > 0:  # the points as a bar under the name
            length = name_room * min(1.0, row.value / most)
            bar = (name_x * SS, (y0 + ROW - 9) * SS, (name_x + length) * SS, (y0 + ROW - 5) * SS)
            draw.rectangle(bar, fill=BAR if medal is None else MEDALS[medal])
        r = 16
        ink = MEDALS[medal] if medal is not None else BADGE
        cx = MARGIN + 20
        draw.ellipse(((cx - r) * SS, (mid - r) * SS, (cx + r) * SS, (mid + r) * SS), fill=ink)
        badge_px = ROW_PX if row.place < 10 else ROW_PX - 6 if row.place < 100 else ROW_PX - 10
        _text(draw, cx, mid, str(row.place), badge_px, PAPER, "mm")
        _text(draw, name_x, mid - 3, _fit(row.name, ROW_PX, name_room) or "?", ROW_PX, INK, "lm")
        _text(draw, points_x, mid - 3, _fit(row.points, ROW_PX, points_room), ROW_PX, INK, "rm")
        _text(draw, tie_x, mid - 3, _fit(row.tiebreak, ROW_PX, tie_room), ROW_PX, FAINT, "rm")
    if more:
        y = first + len(shown) * ROW + ROW / 2
        _text(draw, name_x, y, _fit(labels.more, HEAD_PX, right - name_x), HEAD_PX, FAINT, "lm")
    return img.reduce(SS)


def standings_png(rows: Sequence[StandingRow], labels: Labels, *, podium: bool = False) -> bytes:
    """The standings as PNG bytes: the first :data:`SHOWN` rows in order (then ``labels.more``),
    the podium highlighted with ``podium`` (the final standings). Raises ``ValueError`` for no row.
    The same rows and labels always give the same bytes."""
    return png(standings_image(rows, labels, podium=podium))
