"""Text in the pictures: the shipped font draws French names with their accents, a character it
lacks never shows as a box, invisible characters are dropped, long text is clipped with "…"."""

from __future__ import annotations

import hashlib
import re
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw, ImageFont

from service.pictures import Labels, StandingRow, scores_png, standings_png
from service.pictures.fontfile import CHARACTERS, FONT_BYTES, FONT_PATH, FontFileError, characters
from service.pictures.text import ELLIPSIS, MAX_NAME_CHARS, fit, font, plain, width
from tests.service.test_pictures import HOSTILE

MISSING = "日"  # a character the font has no glyph for: FreeType draws its box (glyph 0)
INVISIBLE = {"Cc", "Cf", "Cs", "Zl", "Zp", "Mn", "Me"}


def ink(text: str, px: int = 32) -> bytes:
    """The pixels ``text`` draws (raw, not through plain) at ``px``."""
    img = Image.new("L", (px * (len(text) + 2), px * 2))
    ImageDraw.Draw(img).text((px // 2, px // 4), text, font=font(px), fill=255)
    return img.tobytes()


BLANK = bytes(len(ink("x")))


@pytest.mark.parametrize(
    "word",
    ["Départage", "Amélie", "Zoé", "Françoise", "Hélène Lefèvre", "Noël", "Cœur", "Œuvre", "à l’Étoile", "ÇA"],
)
def test_french_words_keep_their_accents(word: str) -> None:
    """French words and names come out of plain() as they were typed."""
    assert plain(word) == word


@pytest.mark.parametrize(
    ("typed", "shown"),
    [
        ("Zoe\u0301", "Zoé"),  # a letter then its accent: joined into one character
        ("Łukasz Żółć", "Łukasz Żółć"),
        ("Дмитрий", "Дмитрий"),
        ("Σωκράτης", "Σωκράτης"),
        ("Nguyễn", "Nguyễn"),
        ("𝕬𝖑𝖎𝖈𝖊", "Alice"),  # a compatibility form the font lacks: its plain letters
        ("ﬁne ｗide", "fine wide"),
        ("李 Wang", "? Wang"),  # letters the font lacks: one "?" for the run
        ("日本語の名前", "?"),
        ("Léa 🌸", "Léa"),  # a symbol the font lacks is dropped
        ("🃏" * 80, ""),
        ("Z̷̢͉̈́a̸̛l̴g̶o̵", "Zalgo"),  # combining marks left over are dropped
    ],
)
def test_plain_draws_what_the_font_has(typed: str, shown: str) -> None:
    """Accented letters of Latin, Greek and Cyrillic stay; the rest is drawn as near as the font can."""
    assert plain(typed) == shown


@pytest.mark.parametrize(
    ("typed", "shown"),
    [
        ("\u202eevil\u202c", "evil"),  # bidirectional overrides
        ("Zo\u200bé", "Zoé"),  # zero-width space
        ("a\u200db", "ab"),  # zero-width joiner
        ("\ufeffBOM", "BOM"),
        ("line\nbreak\r\n\t", "linebreak"),
        ("\x00\x01\x1b[31mred", "[31mred"),
        ("para\u2029graph", "paragraph"),
        ("\ud800 lone surrogate", "lone surrogate"),
        ("a\u00a0b\u202fc   d", "a b c d"),  # every kind of space is one space
    ],
)
def test_control_and_format_characters_are_dropped(typed: str, shown: str) -> None:
    assert plain(typed) == shown


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(codec=None, categories=None), max_size=300))
def test_plain_keeps_only_what_the_font_draws(text: str) -> None:
    """Whatever a name holds, plain() keeps only characters with a glyph, none invisible, and at
    most MAX_NAME_CHARS of them, with no space at either end."""
    shown = plain(text)
    assert all(ord(ch) in CHARACTERS for ch in shown), shown
    assert not any(unicodedata.category(ch) in INVISIBLE for ch in shown)
    assert len(shown) <= MAX_NAME_CHARS
    assert shown == shown.strip()


def test_zoe_is_drawn_with_its_accent() -> None:
    """The "é" of "Zoé" is drawn as itself: its pixels differ from an "e", from nothing, and from
    the box the font draws for a character it lacks."""
    box = ink(MISSING)
    assert box != BLANK  # the font does draw a box for a missing character: this test can fail
    assert ink("é") not in {ink("e"), BLANK, box}
    assert ink(plain("Zoé")) != ink("Zoe")


def test_a_character_the_font_lacks_never_becomes_a_box() -> None:
    """What plain() makes of text the font cannot draw ("?", or nothing) draws no box."""
    box = ink(MISSING)
    for name in [MISSING, *HOSTILE]:
        shown = plain(name)
        for ch in shown:
            assert ink(ch) != box, (name, ch)


def test_the_character_map_agrees_with_what_freetype_draws() -> None:
    """Every character the font's map lists draws something other than the box, and characters
    outside it draw the box: the map read from the file is the font's real coverage."""
    box = ink(MISSING, 16)
    assert 1400 < len(CHARACTERS) < 2000
    for code in sorted(CHARACTERS):
        assert ink(chr(code), 16) != box, hex(code)
    for ch in "日א🃏ﬁ\u0300\u2603ㄱ\ue000":
        assert ord(ch) not in CHARACTERS
        assert ink(ch, 16) == box, hex(ord(ch))


def test_fit_clips_with_an_ellipsis() -> None:
    """A long name is clipped with "…" to its room; one that fits is left whole."""
    face = font(24)
    name = plain("Marguerite-Joséphine de la Tour d’Auvergne")
    clipped = fit(name, face, 150)
    assert clipped.endswith(ELLIPSIS) and width(clipped, face) <= 150
    assert name.startswith(clipped[: -len(ELLIPSIS)])
    assert fit("Zoé", face, 150) == "Zoé"
    assert fit(name, face, 5) == ""


def test_the_font_is_laid_out_the_same_everywhere() -> None:
    """The font comes from the shipped file's bytes and is laid out with Pillow's basic layout,
    whatever optional layout library the machine has."""
    assert font(20).layout_engine == ImageFont.Layout.BASIC
    assert FONT_PATH.read_bytes() == FONT_BYTES
    assert font(20).getname() == ("DejaVu Sans", "Book")


def test_the_font_ships_with_its_licence_and_recipe() -> None:
    """Beside the font: its licence, and the recipe that made it, whose checksum is the file's."""
    fonts = FONT_PATH.parent
    assert "Bitstream Vera Fonts Copyright" in (fonts / "LICENSE").read_text(encoding="utf-8")
    assert "Arev Fonts Copyright" in (fonts / "LICENSE").read_text(encoding="utf-8")
    recipe = (fonts / "README.md").read_text(encoding="utf-8")
    assert "pyftsubset" in recipe
    assert hashlib.sha256(FONT_BYTES).hexdigest() in re.findall(r"[0-9a-f]{64}", recipe)


def test_a_file_that_is_no_font_is_refused() -> None:
    """Bytes without a character map are refused with a readable error, not read as no character."""
    with pytest.raises(FontFileError, match="cmap"):
        characters(bytes(12))


def _rows(names: list[str]) -> list[StandingRow]:
    return [StandingRow(i + 1, n, "10", "7,5", 10.0) for i, n in enumerate(names)]


def test_pictures_draw_accented_names() -> None:
    """ "Zoé" and "Zoe" are two names in the standings and in the score chart's legend."""
    labels = Labels("Classement", "Rang", "Joueur", "Points", "Départage")
    assert standings_png(_rows(["Zoé", "Amélie"]), labels) != standings_png(_rows(["Zoe", "Amelie"]), labels)
    assert scores_png(["Zoé", "Amélie"], [[1, 2]]) != scores_png(["Zoe", "Amelie"], [[1, 2]])
