"""The game's story: each player's running total, deal by deal, as a line chart.

Every player has a colour, a marker shape and a dash pattern of their own, so the lines are told
apart without colour too. Names come from users: :mod:`service.pictures.text` makes any of them
drawable and clips the long ones, so no name can break the picture.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping, Sequence

from PIL import Image, ImageDraw

from service.pictures import shapes
from service.pictures.encode import png
from service.pictures.style import RGB
from service.pictures.text import fit, font, plain

SS = 3  # supersampling of the whole chart: smooth lines for a picture drawn once per game
WIDTH, HEIGHT = 820, 460
MARGIN = 16
TICK_PX = 20
LEGEND_PX = 22
LEGEND_WIDTH = 290  # the legend's column, right of the plot: about 13 letters of a name
MAX_MARKERS = 30  # more deals than this: a marker every few deals, the line carries the rest
PAPER: RGB = (255, 255, 255)
AXIS: RGB = (60, 60, 60)
GRID: RGB = (224, 224, 224)
LIMIT: RGB = (150, 150, 150)

# Okabe and Ito's colours (yellow left out: too pale on white), one dash pattern and one marker
# each; past eight players the styles come round again.
COLOURS: tuple[RGB, ...] = (
    (0, 114, 178),
    (213, 94, 0),
    (0, 158, 115),
    (204, 121, 167),
    (230, 159, 0),
    (86, 180, 233),
    (0, 0, 0),
    (120, 120, 120),
)
DASHES: tuple[tuple[int, ...], ...] = (
    (),
    (14, 7),
    (3, 5),
    (14, 5, 3, 5),
    (24, 8),
    (8, 4),
    (3, 3, 10, 3),
    (20, 4, 4, 4),
)
Point = tuple[float, float]
Marker = Callable[[ImageDraw.ImageDraw, float, float, float, RGB], None]


def _circle(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, ink: RGB) -> None:
    draw.ellipse((x - r, y - r, x + r, y + r), fill=ink, outline=PAPER, width=SS)


def _polygon(points: Sequence[Point]) -> Marker:
    def marker(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, ink: RGB) -> None:
        draw.polygon([(x + px * r, y + py * r) for px, py in points], fill=ink, outline=PAPER, width=SS)

    return marker


def _star(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, ink: RGB) -> None:
    shapes.star(draw, x - r * 1.3, y - r * 1.4, r * 2.6, ink)


MARKERS: tuple[Marker, ...] = (
    _circle,
    _polygon([(-0.9, -0.9), (0.9, -0.9), (0.9, 0.9), (-0.9, 0.9)]),  # square
    _polygon([(0, -1.2), (1.1, 0.8), (-1.1, 0.8)]),  # triangle
    _polygon([(0, -1.25), (1.0, 0), (0, 1.25), (-1.0, 0)]),  # diamond
    _polygon([(0, 1.2), (1.1, -0.8), (-1.1, -0.8)]),  # triangle, point down
    _star,
    _polygon(
        [
            *((-1, -0.35), (-0.35, -0.35), (-0.35, -1), (0.35, -1), (0.35, -0.35), (1, -0.35)),
            *((1, 0.35), (0.35, 0.35), (0.35, 1), (-0.35, 1), (-0.35, 0.35), (-1, 0.35)),
        ]
    ),  # plus
    _polygon([(-1.05, 0), (-0.5, -0.9), (0.5, -0.9), (1.05, 0), (0.5, 0.9), (-0.5, 0.9)]),  # hexagon
)


def running_totals(points_by_deal: Sequence[Mapping[int, int]], players: int) -> list[list[int]]:
    """Each deal's points (seat -> points, as in a deal's outcome) summed into running totals."""
    totals = [0] * players
    out = []
    for points in points_by_deal:
        totals = [t + points.get(seat, 0) for seat, t in enumerate(totals)]
        out.append(list(totals))
    return out


def nice_ticks(low: float, high: float, most: int = 6) -> list[int]:
    """Round values from below ``low`` to above ``high``, at most about ``most`` of them."""
    if high <= low:
        high = low + 1
    raw = (high - low) / max(1, most - 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    step = max(1, int(step))
    first = math.floor(low / step) * step
    last = math.ceil(high / step) * step
    return list(range(int(first), int(last) + 1, step))


def _dashed(draw: ImageDraw.ImageDraw, points: Sequence[Point], pattern: tuple[int, ...], ink: RGB, width: int) -> None:
    """A polyline with a dash ``pattern`` (on, off, on, off... in chart pixels) kept across bends."""
    if not pattern:
        draw.line(list(points), fill=ink, width=width, joint="curve")
        return
    scaled = [p * SS for p in pattern]
    index, left, on = 0, float(scaled[0]), True  # even entries draw, odd ones skip
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        length = math.hypot(x1 - x0, y1 - y0)
        done = 0.0
        while done < length:
            step = min(left, length - done)
            if on:
                a, b = done / length, (done + step) / length
                draw.line((x0 + (x1 - x0) * a, y0 + (y1 - y0) * a, x0 + (x1 - x0) * b, y0 + (y1 - y0) * b), ink, width)
            done += step
            left -= step
            if left <= 0:
                index = (index + 1) % len(scaled)
                left, on = float(scaled[index]), index % 2 == 0


def _text(draw: ImageDraw.ImageDraw, xy: Point, text: str, px: int, ink: RGB, anchor: str) -> None:
    draw.text((xy[0] * SS, xy[1] * SS), text, font=font(px * SS), fill=ink, anchor=anchor)


def _length(text: str, px: int) -> float:
    """The width of ``text`` as :func:`_text` draws it, in chart pixels."""
    return font(px * SS).getlength(text) / SS


def _fit(text: str, px: int, room: float) -> str:
    return fit(plain(text), font(px * SS), room * SS)


def scores_image(
    names: Sequence[str],
    totals_by_deal: Sequence[Sequence[int]],
    *,
    limit: int | None = None,
    x_label: str = "",
    y_label: str = "",
) -> Image.Image:
    """The picture :func:`scores_png` encodes."""
    if not names:
        raise ValueError("A score chart needs at least one player.")
    for row in totals_by_deal:
        if len(row) != len(names):
            raise ValueError(f"Each deal needs one total per player ({len(names)}), not {len(row)}.")
    series = [[0, *(row[p] for row in totals_by_deal)] for p in range(len(names))]
    values = [v for line in series for v in line] + ([limit] if limit is not None else [])
    ticks = nice_ticks(min(values), max(values))
    deals = len(totals_by_deal)
    label_room = max(_length(str(t), TICK_PX) for t in ticks)
    left = MARGIN + label_room + 10
    top = MARGIN + (TICK_PX + 12 if y_label else 8)
    right = WIDTH - MARGIN - LEGEND_WIDTH
    bottom = HEIGHT - MARGIN - TICK_PX - 10 - (TICK_PX + 8 if x_label else 0)

    def at(deal: float, value: float) -> Point:
        x = left + (right - left) * (deal / max(1, deals))
        y = bottom - (bottom - top) * ((value - ticks[0]) / (ticks[-1] - ticks[0]))
        return (x * SS, y * SS)

    img = Image.new("RGB", (WIDTH * SS, HEIGHT * SS), PAPER)
    draw = ImageDraw.Draw(img)
    for t in ticks:  # the grid and the value axis
        y = at(0, t)[1]
        draw.line((left * SS, y, right * SS, y), fill=AXIS if t == 0 else GRID, width=SS)
        _text(draw, (left - 8, y / SS), str(t), TICK_PX, AXIS, "rm")
    stride = max(1, math.ceil(deals / 12))
    for d in range(0, deals + 1, stride):  # the deals' axis
        x = at(d, 0)[0]
        draw.line((x, bottom * SS, x, (bottom + 5) * SS), fill=AXIS, width=SS)
        _text(draw, (x / SS, bottom + 8), str(d), TICK_PX, AXIS, "mt")
    draw.line((left * SS, top * SS, left * SS, bottom * SS), fill=AXIS, width=SS)
    draw.line((left * SS, bottom * SS, right * SS, bottom * SS), fill=AXIS, width=SS)
    if y_label:
        _text(draw, (left, MARGIN), _fit(y_label, TICK_PX, right - left), TICK_PX, AXIS, "lt")
    if x_label:
        _text(
            draw,
            ((left + right) / 2, HEIGHT - MARGIN),
            _fit(x_label, TICK_PX, right - left),
            TICK_PX,
            AXIS,
            "md",
        )
    if limit is not None:
        y = at(0, limit)[1]
        _dashed(draw, [(left * SS, y), (right * SS, y)], (6, 6), LIMIT, 2 * SS)
    marker_stride = max(1, math.ceil(deals / MAX_MARKERS))
    for p, line in enumerate(series):
        style = p % len(COLOURS)
        points = [at(d, v) for d, v in enumerate(line)]
        _dashed(draw, points, DASHES[style], COLOURS[style], 3 * SS)
        for d, (x, y) in enumerate(points):
            if d % marker_stride == 0 or d == deals:
                MARKERS[style](draw, x, y, 6 * SS, COLOURS[style])
    _legend(draw, names, [line[-1] for line in series], right + 24, top)
    return img.reduce(SS)


def _legend(draw: ImageDraw.ImageDraw, names: Sequence[str], finals: Sequence[int], x: float, top: float) -> None:
    """One row per player: the line's sample with its marker, the name, the final total."""
    row = LEGEND_PX + 16
    for p, (name, final) in enumerate(zip(names, finals, strict=True)):
        style = p % len(COLOURS)
        y = top + 8 + p * row + row / 2
        _dashed(draw, [(x * SS, y * SS), ((x + 44) * SS, y * SS)], DASHES[style], COLOURS[style], 3 * SS)
        MARKERS[style](draw, (x + 22) * SS, y * SS, 6 * SS, COLOURS[style])
        total = str(final)
        room = WIDTH - MARGIN - (x + 54) - _length(total, LEGEND_PX) - 10
        shown = _fit(name, LEGEND_PX, room) or "?"
        _text(draw, (x + 54, y), shown, LEGEND_PX, AXIS, "lm")
        _text(draw, (WIDTH - MARGIN, y), total, LEGEND_PX, AXIS, "rm")


def scores_png(
    names: Sequence[str],
    totals_by_deal: Sequence[Sequence[int]],
    *,
    limit: int | None = None,
    x_label: str = "",
    y_label: str = "",
) -> bytes:
    """Each player's running total deal by deal, as PNG bytes. ``totals_by_deal[d][p]`` is player
    ``p``'s total after deal ``d + 1`` (see :func:`running_totals`); every line starts at 0 before
    the first deal. ``limit`` (a target or an elimination score) is drawn as a dashed line; the
    labels are the caller's words, already translated. Raises ``ValueError`` when a deal's row
    does not have one total per name."""
    return png(scores_image(names, totals_by_deal, limit=limit, x_label=x_label, y_label=y_label))
