"""The card pictures: valid PNGs of bounded size, every card shown, same input same bytes, and
nothing read or sent while drawing."""

from __future__ import annotations

import hashlib
import io
import os
import subprocess
import sys
from pathlib import Path
from random import Random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageDraw

from rummy.cards import Card, Suit, make_pack, parse_cards
from rummy.melds import Meld, make_meld
from rummy.rules import find_preset
from rummy.view import MeldView
from service.pictures import hand_png, running_totals, scores_png, shapes, table_png
from service.pictures.hand import MARGIN, MAX_WIDTH, RAISE
from service.pictures.style import FELT, HAND_CARD, MARK
from service.pictures.table import PILE_GAP, _numbered, layout, table_image
from service.pictures.tiles import MARK_WIDTH

ROOT = Path(__file__).resolve().parents[2]
RULES = find_preset("rami51")  # two decks and jokers
PACK = make_pack(2, 4)
TWO_DECK_14 = "3C 3C#1 4D 5D 6D 7H 7H#1 9H QS KS AS 10C JK JK#1"


def opened(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    assert img.format == "PNG"
    img.load()
    return img


def rgb(data: bytes) -> Image.Image:
    return opened(data).convert("RGB")


def alike(a: Image.Image, b: Image.Image, tolerance: int = 16) -> bool:
    """The same picture but for palette rounding (each image gets its own palette)."""
    extrema = ImageChops.difference(a, b).getextrema()
    return a.size == b.size and all(high <= tolerance for _low, high in extrema)  # type: ignore[misc]


def near(pixel: object, colour: tuple[int, int, int], tolerance: int = 12) -> bool:
    assert isinstance(pixel, tuple)
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour, strict=False))


def melds(n: int) -> list[Meld]:
    texts = ["7H 8H 9H", "QS QH QD", "AC 2C 3C 4C 5C", "JK 5S 6S", "10D JD QD KD", "KC KH JK"]
    return [make_meld(parse_cards(texts[i % len(texts)]), RULES) for i in range(n)]


# -- the hand ----------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [7, 10, 14])
def test_hand_size_is_bounded(n: int) -> None:
    """A hand of 7, 10 or 14 cards is one row at most 1000 px wide, its cards large enough to read."""
    img = opened(hand_png(PACK[::7][:n]))
    assert n * HAND_CARD.strip <= img.width <= MAX_WIDTH
    assert HAND_CARD.height < img.height <= HAND_CARD.height + 2 * MARGIN + RAISE
    assert img.mode == "P"  # a palette: small files


def test_two_deck_hand_of_fourteen_fits_one_row() -> None:
    """The widest 14-card hand (four suits and jokers, so five groups) still fits one row."""
    img = opened(hand_png(parse_cards(TWO_DECK_14), drawn=Card.parse("7H#1")))
    assert img.width <= MAX_WIDTH
    assert img.height == opened(hand_png(parse_cards("7H"))).height
    assert len(hand_png(parse_cards(TWO_DECK_14))) < 30_000


def test_long_hand_wraps_into_rows() -> None:
    """More cards than a row holds go on a second row instead of past the width."""
    img = opened(hand_png(PACK[:30]))
    assert img.width <= MAX_WIDTH
    assert img.height > 2 * HAND_CARD.height


def test_different_hands_give_different_images() -> None:
    """Changing one card changes the picture."""
    a = hand_png(parse_cards("2C 5D 7H 9S KS"))
    b = hand_png(parse_cards("2C 5D 7H 9S QS"))
    assert a != b
    assert ImageChops.difference(rgb(a), rgb(b)).getbbox() is not None


def _index_strip(img: Image.Image, nth: int) -> Image.Image:
    """The visible strip of the ``nth`` card of a one-suit hand, inside its outline."""
    left = MARGIN + nth * HAND_CARD.strip
    top = MARGIN + RAISE
    inset = HAND_CARD.radius
    return img.crop((left + 4, top + inset, left + HAND_CARD.strip - 2, top + HAND_CARD.height - inset))


def test_twins_are_two_cards() -> None:
    """Two 7♥ from two decks are two cards: one card step wider, each with its own index."""
    one = rgb(hand_png(parse_cards("7H")))
    two = rgb(hand_png(parse_cards("7H 7H#1")))
    assert two.width - one.width == HAND_CARD.strip
    assert alike(_index_strip(two, 0), _index_strip(two, 1))
    assert alike(_index_strip(two, 0), _index_strip(one, 0))
    blank = Image.new("RGB", _index_strip(one, 0).size, (255, 255, 255))
    assert not alike(_index_strip(one, 0), blank)  # the strip has ink


def test_hand_is_sorted_and_grouped() -> None:
    """The order cards are given in does not matter: the hand is sorted by suit, then rank."""
    cards = parse_cards(TWO_DECK_14)
    assert hand_png(cards) == hand_png(list(reversed(cards)))


def test_drawn_card_is_marked() -> None:
    """The card just drawn is raised into the band above the others, and outlined."""
    cards = parse_cards("7H 7H#1 8H")
    plain = rgb(hand_png(cards))
    marked = rgb(hand_png(cards, drawn=Card.parse("7H#1")))
    assert ImageChops.difference(plain, marked).getbbox() is not None
    strip = HAND_CARD.strip
    band, outline = MARGIN + 2, MARGIN - MARK_WIDTH // 2
    second, first = MARGIN + strip + strip // 2, MARGIN + strip // 2
    assert near(plain.getpixel((second, band)), FELT)
    assert not near(marked.getpixel((second, band)), FELT)  # the second 7♥ is up
    assert near(marked.getpixel((second, outline)), MARK, 40)  # and outlined
    assert near(marked.getpixel((first, band)), FELT)  # its twin is not


def test_drawn_twin_is_the_physical_card() -> None:
    """Of two twins, the one marked is the very card drawn (its copy number), not the first equal one."""
    cards = parse_cards("7H 7H#1 8H")
    first = hand_png(cards, drawn=Card.parse("7H"))
    second = hand_png(cards, drawn=Card.parse("7H#1"))
    assert first != second


def test_drawn_card_not_in_hand_marks_nothing() -> None:
    """A drawn card the hand does not hold (already played) marks no card."""
    cards = parse_cards("7H 8H 9H")
    assert hand_png(cards, drawn=Card.parse("KS")) == hand_png(cards)


def test_jokers_are_distinct() -> None:
    """A joker looks like no face card, and the same joker in a meld shows what it stands for."""
    joker = rgb(hand_png([Card.joker()]))
    for face in make_pack(1, 0):
        assert ImageChops.difference(joker, rgb(hand_png([face]))).getbbox() is not None
    pinned = rgb(table_png([make_meld(parse_cards("JK 5S 6S"), RULES)], None, 10))
    open_set = rgb(table_png([make_meld(parse_cards("KC KH JK"), RULES)], None, 10))
    assert ImageChops.difference(pinned, open_set).getbbox() is not None


def test_empty_hand_renders() -> None:
    """No card at all still gives a small valid picture."""
    assert opened(hand_png([])).width < 200


def _mask(suit: Suit) -> Image.Image:
    img = Image.new("RGB", (96, 96), (0, 0, 0))
    shapes.suit(ImageDraw.Draw(img), suit, 0, 0, 96, (255, 255, 255))
    return img.convert("L")


def test_suits_differ_by_shape_alone() -> None:
    """Without colour, each pair of suit shapes differs in at least a tenth of their area (the
    closest pair, ♣ and ♠, by the club's round top and notches against the spade's point)."""
    masks = {s: _mask(s) for s in Suit}
    for a in Suit:
        for b in Suit:
            if a.value < b.value:
                differ = ImageChops.difference(masks[a], masks[b]).histogram()[255]
                union = ImageChops.lighter(masks[a], masks[b]).histogram()[255]
                assert differ > 0.1 * union, (a, b)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(PACK), min_size=1, max_size=14, unique_by=lambda c: c.key), st.randoms())
def test_any_hand_renders_within_bounds(cards: list[Card], random: Random) -> None:
    """Any hand of up to 14 cards (the presets' largest, after a draw) is one row at most 1000 px
    wide, and the same picture whatever order the cards come in."""
    data = hand_png(cards, drawn=cards[0])
    img = opened(data)
    assert img.width <= MAX_WIDTH
    assert img.height <= HAND_CARD.height + 2 * MARGIN + RAISE
    shuffled = list(cards)
    random.shuffle(shuffled)
    assert hand_png(shuffled, drawn=cards[0]) == data


# -- the table ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "most_height"), [(0, 200), (1, 320), (20, 1300)])
def test_table_size_is_bounded(n: int, most_height: int) -> None:
    """Tables of 0, 1 and 20 melds fit 1000 px across; more melds wrap into more rows."""
    img = opened(table_png(melds(n), Card.parse("4H"), 42, discard_size=7))
    assert img.width <= MAX_WIDTH
    assert img.height <= most_height
    assert len(table_png(melds(n), Card.parse("4H"), 42)) < 80_000


def test_table_grows_with_melds() -> None:
    """Each added row of melds makes the picture taller, never wider than the limit."""
    heights = [opened(table_png(melds(n), None, 30)).height for n in (0, 1, 10, 20, 30)]
    assert heights == sorted(heights)
    assert heights[0] < heights[1] < heights[-1]


def test_melds_are_numbered_as_layoff_numbers_them() -> None:
    """Melds are numbered from 1 in table order and laid out in reading order."""
    table = melds(20)
    placed = layout(_numbered(table), top=100, max_width=MAX_WIDTH)
    assert [p.number for p in placed] == list(range(1, 21))
    spots = [(p.y, p.x) for p in placed]
    assert spots == sorted(spots)
    assert len({p.y for p in placed}) > 1
    views = [MeldView(i, 0, m) for i, m in enumerate(table)]
    assert table_png(views, None, 5) == table_png(table, None, 5)
    assert [p.number for p in layout(_numbered(views[3:]), 0, MAX_WIDTH)] == list(range(4, 21))


def test_table_shows_discard_and_stock() -> None:
    """The discard pile's top card and the stock's size are both in the picture."""
    base = table_png(melds(2), Card.parse("4H"), 42)
    assert table_png(melds(2), Card.parse("5H"), 42) != base
    assert table_png(melds(2), Card.parse("4H"), 41) != base
    assert table_png(melds(2), None, 42) != base
    opened(table_png([], None, 0))  # nothing to show at all still renders


@pytest.mark.parametrize("count", [9, 87, 108])
def test_discard_count_leaves_the_index_whole(count: int) -> None:
    """The discard pile's count sits right of the top card's index: a 10's index reads whole."""
    with_count = table_image([], Card.parse("10H"), 5, discard_size=count).convert("RGB")  # before the palette
    without = table_image([], Card.parse("10H"), 5).convert("RGB")
    x, y = MARGIN + HAND_CARD.width + PILE_GAP, MARGIN
    strip = (x, y, x + HAND_CARD.strip, y + HAND_CARD.height // 2)
    assert ImageChops.difference(with_count.crop(strip), without.crop(strip)).getbbox() is None
    assert ImageChops.difference(with_count, without).getbbox() is not None  # the count is drawn


# -- the score chart ---------------------------------------------------------------------------

HOSTILE = [
    "",
    " ",
    "\x00\x01\x1b[31m",
    "\u202eevil\u202c",
    "\u200b\u200d\ufeff",
    "a" * 10_000,
    "🃏" * 80,
    "line\nbreak\r\n\t",
    "\ud800 lone surrogate",
    "Zoé Ñúñez",
    "𝕬𝖑𝖎𝖈𝖊",
    "Z̷̢͉̈́a̸̛l̴g̶o̵",
    "مرحبا بالعالم",
    "日本語の名前",
    "<@123> @everyone **bold** `code`",
    "%s {0} {name}",
]


def test_hostile_names_render() -> None:
    """Names of any kind (controls, overrides, surrogates, huge, scripts the font lacks) never
    break the chart, and a long name does not widen it."""
    totals = [[10 * d + p for p in range(len(HOSTILE))] for d in range(5)]
    data = scores_png(HOSTILE, totals)
    img = opened(data)
    assert img.size == opened(scores_png(["a"] * len(HOSTILE), totals)).size


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.text(alphabet=st.characters(codec=None, categories=None), max_size=40), min_size=1, max_size=8),
    st.data(),
)
def test_any_names_and_totals_render(names: list[str], data: st.DataObject) -> None:
    """Random unicode names and any totals, negative or huge, give a chart of fixed size."""
    deals = data.draw(st.integers(0, 25))
    row = st.lists(st.integers(-(10**9), 10**9), min_size=len(names), max_size=len(names))
    totals = data.draw(st.lists(row, min_size=deals, max_size=deals))
    img = opened(scores_png(names, totals, limit=data.draw(st.none() | st.integers(-1000, 1000))))
    assert img.size == (820, 460)


def test_chart_differs_with_scores() -> None:
    """Another score gives another picture; a four-player chart stays small."""
    names = ["Alice", "Bob", "Chloé", "Dmitri"]
    totals = running_totals([{0: 10, 1: 0, 2: 25, 3: 40}, {0: 0, 1: 30, 2: 5, 3: 12}], 4)
    other = [list(r) for r in totals]
    other[1][2] += 1
    assert scores_png(names, totals) != scores_png(names, other)
    assert len(scores_png(names, totals)) < 40_000


def test_running_totals() -> None:
    """Each deal's points add up into running totals; a seat missing from a deal scores 0."""
    assert running_totals([{0: 5, 1: 0}, {1: 7}, {0: 2, 1: 1}], 2) == [[5, 0], [5, 7], [7, 8]]


def test_chart_rejects_rows_of_the_wrong_length() -> None:
    """A deal without one total per name is an error, not a wrong chart."""
    with pytest.raises(ValueError, match="one total per player"):
        scores_png(["a", "b"], [[1, 2], [3]])
    with pytest.raises(ValueError, match="at least one player"):
        scores_png([], [])


# -- purity ------------------------------------------------------------------------------------


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


SAMPLES = f"""
import hashlib, sys
from rummy.cards import parse_cards
from rummy.melds import make_meld
from rummy.rules import find_preset
from service.pictures import hand_png, scores_png, table_png

rules = find_preset("rami51")
texts = {[" ".join(m.labels(pretty=False)) for m in melds(8)]!r}
pictures = [
    hand_png(parse_cards({TWO_DECK_14!r}), drawn=parse_cards("JK#1")[0]),
    table_png([make_meld(parse_cards(t), rules) for t in texts], parse_cards("4H")[0], 42),
    scores_png(["a", "b"], [[1, 2], [3, 4]]),
]
sys.stdout.write(" ".join(hashlib.sha256(p).hexdigest() for p in pictures))
"""


def test_rendering_is_deterministic() -> None:
    """The same input gives the same bytes, in this process and in a fresh one with other hashes."""
    here = [
        hand_png(parse_cards(TWO_DECK_14), drawn=Card.parse("JK#1")),
        table_png(melds(8), Card.parse("4H"), 42),
        scores_png(["a", "b"], [[1, 2], [3, 4]]),
    ]
    assert here[0] == hand_png(parse_cards(TWO_DECK_14), drawn=Card.parse("JK#1"))
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run([sys.executable, "-c", SAMPLES], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == [_sha(p) for p in here]


AUDIT = """
import sys
import service.pictures as pictures
from rummy.cards import make_pack, parse_cards
from rummy.melds import make_meld
from rummy.rules import find_preset

rules = find_preset("rami51")
table = [make_meld(parse_cards(t), rules) for t in ("7H 8H 9H", "JK 5S 6S", "QS QH QD")]
seen = []
WATCHED = ("open", "socket.", "subprocess.", "os.system", "os.exec", "os.listdir", "os.scandir", "urllib.", "import")

def hook(event, args):
    if event.startswith(WATCHED):
        seen.append(event + " " + repr(args)[:200])

sys.addaudithook(hook)
pictures.hand_png(make_pack(2, 4)[::7][:14], drawn=make_pack(1, 0)[0])
pictures.table_png(table, parse_cards("4H")[0], 42, discard_size=9)
pictures.scores_png(["Zoé", "\\u202eevil", "🃏"], [[1, 2, 3], [40, -5, 6]], limit=50)
print("\\n".join(seen))
"""


def test_rendering_reads_no_file_and_opens_no_socket() -> None:
    """From a fresh process, once the package is imported, drawing all three pictures (every card
    drawn for the first time) opens no file, imports nothing, and opens no socket."""
    out = subprocess.run([sys.executable, "-c", AUDIT], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_package_imports_neither_discord_nor_storage() -> None:
    """service.pictures sits below Discord: importing it loads no discord, data or aiosqlite module."""
    script = (
        "import sys, service.pictures\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in {'discord', 'data', 'aiosqlite', 'cogs'}))"
    )
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
