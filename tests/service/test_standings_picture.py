"""A tournament's standings as a picture (issue 31): a real PNG of a size a phone reads, the same
bytes for the same standings, any name drawn and clipped, at most SHOWN rows, the podium set apart."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from service.pictures import Labels, StandingRow, standings_png
from service.pictures.standings import MEDALS, ROW, SHOWN, WIDTH
from tests.service.test_pictures import HOSTILE

LABELS = Labels("Friday night: final standings", "Place", "Player", "Points", "Tie-break", "… and 4 more")


def rows(n: int, names: list[str] | None = None) -> list[StandingRow]:
    names = names or [f"Player {i}" for i in range(n)]
    return [StandingRow(i + 1, names[i % len(names)], str(240 - 10 * i), "7.5", 240.0 - 10 * i) for i in range(n)]


def opened(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    assert img.format == "PNG"
    img.load()
    return img


def test_a_standings_picture_is_a_png_as_wide_as_a_phone_reads_it() -> None:
    """Eight players: a PNG of the fixed width, a row's height each, a few tens of kilobytes."""
    data = standings_png(rows(8), LABELS)
    img = opened(data)
    assert img.width == WIDTH and ROW * 8 < img.height < ROW * 8 + 200
    assert len(data) < 60_000


def test_the_same_standings_give_the_same_bytes() -> None:
    """Drawn twice, the same bytes; another tie-break, another picture."""
    first = standings_png(rows(6), LABELS, podium=True)
    assert standings_png(rows(6), LABELS, podium=True) == first
    other = rows(6)
    other[3] = StandingRow(4, other[3].name, other[3].points, "7,5", other[3].value)
    assert standings_png(other, LABELS, podium=True) != first


def test_at_most_shown_rows_are_drawn_then_a_line_says_how_many_more() -> None:
    """64 players draw as many rows as 16 and one line more: the picture stays phone-sized."""
    sixteen = opened(standings_png(rows(SHOWN), LABELS))
    sixty_four = opened(standings_png(rows(64), LABELS))
    assert sixty_four.height == sixteen.height + ROW
    assert sixty_four.height < 2 * WIDTH


def _has(img: Image.Image, colour: tuple[int, int, int]) -> bool:
    found = img.convert("RGB").getcolors(maxcolors=1 << 16) or []
    return any(px == colour for _count, px in found)


def test_the_podium_is_highlighted_at_the_end_only() -> None:
    """The final standings show the gold, silver and bronze badges; a round's standings do not."""
    final = opened(standings_png(rows(5), LABELS, podium=True))
    round_ = opened(standings_png(rows(5), LABELS))
    assert all(_has(final, medal) for medal in MEDALS)
    assert not any(_has(round_, medal) for medal in MEDALS)


def test_hostile_and_long_names_render_without_widening_the_picture() -> None:
    """Controls, overrides, surrogates, scripts the font lacks, a 1,000-character name: drawn,
    clipped to their column, the picture the size a plain name gives."""
    names = [*HOSTILE, "x" * 1000]
    got = opened(standings_png(rows(len(names), names), LABELS))
    assert got.size == opened(standings_png(rows(len(names)), LABELS)).size


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.text(alphabet=st.characters(codec=None, categories=None), max_size=60), min_size=1, max_size=20),
    st.text(max_size=300),
)
def test_any_names_and_title_render(names: list[str], title: str) -> None:
    """Random Unicode names and titles never break the picture, whose width never changes."""
    labels = Labels(title, "Rang", "Joueur", "Points", "Départage", "… et 4 autres")
    img = opened(standings_png(rows(len(names), names), labels, podium=True))
    assert img.width == WIDTH


def test_no_row_is_an_error() -> None:
    with pytest.raises(ValueError, match="at least one row"):
        standings_png([], LABELS)
