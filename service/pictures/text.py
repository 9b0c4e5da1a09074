"""Text in the pictures: Pillow's own bundled font only, and names made safe to draw.

``ImageFont.load_default(size=...)`` builds its font from bytes inside Pillow, so nothing is read
from disk and the pictures look the same on every machine. That font covers ASCII: letters with
accents lose them (``Zoé`` is drawn ``Zoe``) and other characters show as boxes, which is the
worst a name can do. Control and formatting characters (bidirectional overrides, zero-width
joiners, line breaks) are dropped, and a long name is clipped to the room it has.
"""

from __future__ import annotations

import functools
import unicodedata

from PIL import ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

MAX_NAME_CHARS = 64  # more than fits anywhere; measuring a longer text would only cost time
_DROPPED = {"Cc", "Cf", "Cs", "Zl", "Zp", "Mn", "Me"}  # controls, format, lone surrogates, breaks, marks
ELLIPSIS = "..."  # the font has no "…"


@functools.lru_cache(maxsize=64)
def font(size: int) -> Font:
    """The bundled font at ``size`` pixels (made once per size)."""
    return ImageFont.load_default(size=size)


def plain(text: str) -> str:
    """``text`` as the bundled font can draw it: accents stripped, invisible characters dropped,
    every kind of space made a space, and at most :data:`MAX_NAME_CHARS` characters kept."""
    out: list[str] = []
    for ch in unicodedata.normalize("NFKD", text[: MAX_NAME_CHARS * 4]):
        category = unicodedata.category(ch)
        if category in _DROPPED:
            continue
        out.append(" " if category == "Zs" else ch)
        if len(out) >= MAX_NAME_CHARS:
            break
    return " ".join("".join(out).split())


def width(text: str, face: Font) -> float:
    return face.getlength(text)


def fit(text: str, face: Font, room: float) -> str:
    """``text`` (already :func:`plain`) clipped with "..." to fit ``room`` pixels."""
    if width(text, face) <= room:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if width(text[:mid].rstrip() + ELLIPSIS, face) <= room:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS if lo else ""
