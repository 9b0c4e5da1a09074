"""The font shipped with the pictures: its bytes, and the characters it has a glyph for.

``fonts/DejaVuSans.ttf`` (see ``fonts/README.md``) is read once, when this module is imported,
and kept in memory: drawing a picture reads no file, and nothing comes from the system's fonts.
Which characters it draws is read from its own character map (the ``cmap`` table), so a name is
never drawn with a character the font lacks, which would show as a box.
"""

from __future__ import annotations

import struct
from collections.abc import Iterator
from pathlib import Path

FONT_PATH = Path(__file__).with_name("fonts") / "DejaVuSans.ttf"


class FontFileError(ValueError):
    """The font file is not a TrueType font this module can read."""


def _table(data: bytes, tag: bytes) -> int:
    """Where the table ``tag`` starts in a TrueType file."""
    (count,) = struct.unpack_from(">H", data, 4)
    for n in range(count):
        name, _checksum, offset, _length = struct.unpack_from(">4sIII", data, 12 + 16 * n)
        if name == tag:
            return int(offset)
    raise FontFileError(f"The font has no {tag.decode()!r} table.")


def _format4(data: bytes, at: int) -> Iterator[int]:
    """The characters of a segment map (format 4, the Basic Multilingual Plane) with a glyph."""
    (segments2,) = struct.unpack_from(">H", data, at + 6)
    segments = segments2 // 2
    ends_at = at + 14
    starts_at = ends_at + segments2 + 2
    deltas_at = starts_at + segments2
    ranges_at = deltas_at + segments2
    for i in range(segments):
        (end,) = struct.unpack_from(">H", data, ends_at + 2 * i)
        (start,) = struct.unpack_from(">H", data, starts_at + 2 * i)
        (delta,) = struct.unpack_from(">h", data, deltas_at + 2 * i)
        (range_offset,) = struct.unpack_from(">H", data, ranges_at + 2 * i)
        for code in range(start, min(end, 0xFFFE) + 1):  # 0xFFFF ends the table, it is no character
            if range_offset == 0:
                glyph = (code + delta) & 0xFFFF
            else:
                (glyph,) = struct.unpack_from(">H", data, ranges_at + 2 * i + range_offset + 2 * (code - start))
                glyph = (glyph + delta) & 0xFFFF if glyph else 0
            if glyph:
                yield code


def _format12(data: bytes, at: int) -> Iterator[int]:
    """The characters of a segmented coverage (format 12, all of Unicode) with a glyph."""
    (groups,) = struct.unpack_from(">I", data, at + 12)
    for n in range(groups):
        start, end, first_glyph = struct.unpack_from(">III", data, at + 16 + 12 * n)
        for code in range(start, end + 1):
            if first_glyph + code - start:
                yield code


def characters(data: bytes) -> frozenset[int]:
    """The code points the TrueType font ``data`` maps to a glyph (glyph 0, the box, excluded):
    from its Unicode character map, the full one (format 12) when it has one."""
    cmap = _table(data, b"cmap")
    (count,) = struct.unpack_from(">H", data, cmap + 2)
    found: dict[int, int] = {}  # format -> where its subtable starts
    for n in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * n)
        if (platform, encoding) in {(3, 1), (3, 10), (0, 3), (0, 4)}:  # Windows or Unicode, Unicode
            (kind,) = struct.unpack_from(">H", data, cmap + offset)
            found.setdefault(kind, cmap + offset)
    if 12 in found:
        return frozenset(_format12(data, found[12]))
    if 4 in found:
        return frozenset(_format4(data, found[4]))
    raise FontFileError("The font has no Unicode character map of format 4 or 12.")


FONT_BYTES = FONT_PATH.read_bytes()
CHARACTERS = characters(FONT_BYTES)
