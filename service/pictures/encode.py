"""From a drawn picture to PNG bytes: few colours, best compression, same bytes every time."""

from __future__ import annotations

import io

from PIL import Image
from PIL import ImagePalette as _ImagePalette  # noqa: F401  (see below)

# Pillow imports its palette module (on the first quantize) and its file-format plugins (on the
# first save) when first used. Importing them here, with the package, means that drawing a
# picture later reads no file at all, not even one of Python's modules.
Image.preinit()

COLOURS = 64  # a dozen inks and their smoothed edges; more colours only cost bytes


def png(img: Image.Image, colours: int = COLOURS) -> bytes:
    """``img`` as a palette PNG, the same bytes for the same picture: the fast octree and no
    dithering are deterministic, and a PNG holds no time stamp unless asked.

    The encoding, not the drawing, is most of a picture's cost (see ``benchmarks/bench_pictures.py``):
    the octree is several times faster than median cut for files as small, and zlib's default
    level several times faster than its highest (``optimize``) for a tenth more bytes."""
    palette = img.convert("RGB").quantize(colors=colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = io.BytesIO()
    palette.save(out, format="PNG")
    return out.getvalue()
