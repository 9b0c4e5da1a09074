"""Colours and sizes shared by the pictures: one place to tune how they look.

The suits use a four-colour deck with colours from Okabe and Ito's palette for colour-blind
readers (♠ black, ♥ vermilion, ♦ blue, ♣ bluish green), and every suit also has its own shape, so
no card is told apart by colour alone. Red and black, the pair players look for, stay far apart in
lightness as well as in hue.
"""

from __future__ import annotations

from dataclasses import dataclass

from rummy.cards import Suit

RGB = tuple[int, int, int]

SUPERSAMPLE = 4  # shapes and text are drawn this many times larger, then scaled down (smooth edges)

FELT: RGB = (24, 92, 60)  # the table's background: dark enough for white cards, near the bot's green
FELT_LINE: RGB = (58, 128, 92)  # dashed outlines on the felt (an empty discard pile)
CARD: RGB = (255, 255, 255)
CARD_EDGE: RGB = (96, 96, 96)
JOKER_CARD: RGB = (255, 241, 196)  # a warm paper: jokers stand out before their star is read
JOKER_INK: RGB = (118, 42, 131)  # a purple no suit uses
BACK: RGB = (33, 64, 140)  # the stock's card back
BACK_LINE: RGB = (74, 110, 190)
MARK: RGB = (255, 196, 0)  # the card just drawn: outlined in amber, and raised (position, not colour only)
BADGE: RGB = (16, 40, 28)  # the meld numbers' and the stock count's discs
BADGE_TEXT: RGB = (255, 255, 255)

SUIT_INK: dict[Suit, RGB] = {
    Suit.SPADES: (20, 20, 20),
    Suit.HEARTS: (213, 48, 0),  # vermilion, darkened a little for text on white
    Suit.DIAMONDS: (0, 100, 178),  # blue
    Suit.CLUBS: (0, 128, 92),  # bluish green
}


@dataclass(frozen=True)
class CardSize:
    """One size of card. ``strip`` is the part left visible when cards overlap: the corner index
    (rank above suit) fits in it, so an overlapped card still reads whole."""

    width: int
    height: int
    strip: int
    radius: int
    rank_px: int  # font size of the rank
    suit_px: int  # size of the suit shape under it
    corner_px: int  # size of the small upside-down index in the opposite corner

    @property
    def index_margin(self) -> int:
        return max(2, self.strip // 12)


HAND_CARD = CardSize(width=84, height=118, strip=55, radius=8, rank_px=42, suit_px=32, corner_px=20)
TABLE_CARD = CardSize(width=62, height=88, strip=38, radius=6, rank_px=30, suit_px=22, corner_px=14)
