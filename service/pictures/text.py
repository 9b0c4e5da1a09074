"""Text in the pictures: DejaVu Sans, shipped with the project, and any text made safe to draw.

The font (``fonts/DejaVuSans.ttf``: Latin with its accents, Greek, Cyrillic, punctuation; see
``fonts/README.md``) is held in memory by :mod:`service.pictures.fontfile`, so drawing reads no
file and no system font is ever used. Every size is laid out with Pillow's basic layout (kerning,
no shaping), which needs no optional library: a machine with raqm and one without draw the same
pixels.

:func:`plain` makes any text drawable. Letters keep their accents ("Zoé", "Françoise", "Łukasz",
"Дмитрий"); a character the font lacks is drawn as the nearest it has (𝕬 as A, ﬁ as fi, a rare
accented letter as its bare letter), else a run of letters or figures the font cannot draw
becomes one "?" ("李 Wang" is "? Wang") and a symbol (an emoji) is dropped: never a box. Control
and format characters (bidirectional overrides, zero-width joiners), line breaks and the
combining marks left after joining letters with their accents are dropped. :func:`fit` clips a
long text with "…" to the room it has.
"""

from __future__ import annotations

import functools
import io
import unicodedata

from PIL import ImageFont

from service.pictures.fontfile import CHARACTERS, FONT_BYTES

Font = ImageFont.FreeTypeFont

MAX_NAME_CHARS = 64  # more than fits anywhere; measuring a longer text would only cost time
_DROPPED = {"Cc", "Cf", "Cs", "Zl", "Zp", "Mn", "Me"}  # controls, format, lone surrogates, breaks, marks
ELLIPSIS = "…"
UNKNOWN = "?"  # stands for a run of letters or figures the font cannot draw


@functools.lru_cache(maxsize=64)
def font(size: int) -> Font:
    """The shipped font at ``size`` pixels (made once per size)."""
    return ImageFont.truetype(io.BytesIO(FONT_BYTES), size, layout_engine=ImageFont.Layout.BASIC)


def has(text: str) -> bool:
    """Whether the font has a glyph for every character of ``text``."""
    return all(ord(ch) in CHARACTERS for ch in text)


@functools.lru_cache(maxsize=4096)
def _shown(ch: str) -> str | None:
    """What is drawn for ``ch``: itself, its nearest form the font has, "" (nothing), or None for
    a letter or a figure the font cannot draw."""
    category = unicodedata.category(ch)
    if category in _DROPPED:
        return ""
    if category == "Zs":
        return " "
    if has(ch):
        return ch
    for form in ("NFKC", "NFKD"):  # compatibility forms (𝕬, ﬁ, ｗ), then the bare letters of ǖ
        near = "".join(c for c in unicodedata.normalize(form, ch) if unicodedata.category(c) not in _DROPPED)
        if near and has(near):
            return near
    return None if category[0] in "LN" else ""


def plain(text: str) -> str:
    """``text`` as the font can draw it (see the module's docstring): letters with their accents
    kept, invisible characters dropped, every kind of space made one space, characters the font
    lacks replaced, and at most :data:`MAX_NAME_CHARS` characters kept."""
    out: list[str] = []
    kept = 0
    unknown = False  # the last character drawn is a "?" standing for characters the font lacks
    for ch in unicodedata.normalize("NFC", text[: MAX_NAME_CHARS * 4]):
        shown = _shown(ch)
        if shown is None:
            if unknown:
                continue
            shown, unknown = UNKNOWN, True
        elif shown:
            unknown = False
        out.append(shown)
        kept += len(shown)
        if kept >= MAX_NAME_CHARS:
            break
    return " ".join("".join(out).split())[:MAX_NAME_CHARS]


def width(text: str, face: Font) -> float:
    return face.getlength(text)


def fit(text: str, face: Font, room: float) -> str:
    """``text`` (already :func:`plain`) clipped with "…" to fit ``room`` pixels."""
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
