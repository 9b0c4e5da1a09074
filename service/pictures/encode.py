"""From a drawn picture to PNG bytes: few colours, best compression, same bytes every time."""

from __future__ import annotations

import io

from PIL import Image
from PIL import ImagePalette as _ImagePalette  # noqa: F401  (see below)

# Pillow imports its palette module (on the first quantize) and its file-format plugins (on the
# first save) when first used. Importing them here, with the package, means that drawing a
# picture later reads no file at all, not even one of Python's modules.
Image.preinit()

COLOURS = 96  # the pictures use a dozen inks and their smoothed edges: more would only cost bytes


def png(img: Image.Image, colours: int = COLOURS) -> bytes:
    """``img`` as a palette PNG. Median cut and no dithering are deterministic, and PNG holds no
    time stamp unless asked, so the same picture gives the same bytes."""
    palette = img.convert("RGB").quantize(colors=colours, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    out = io.BytesIO()
    palette.save(out, format="PNG", optimize=True)
    return out.getvalue()
