"""Hidden cards stay hidden: a whole game is scanned, message by message, and the logs too.

With one deck every card is unique, so a card's name in a message tells exactly which card it is.
A card is hidden while it sits in a hand or in the stock and has never been face up (in the
discard pile or a meld). No public message may name a hidden card; no private message may name
a hidden card of someone else's hand.
"""

from __future__ import annotations

import logging
import re

import pytest

from rummy.cards import Card, make_pack, parse_cards
from rummy.table import Table
from service.cache import load_table
from tests.cogs.conftest import ALICE, BOB, CHANNEL, CHLOE, Harness, Result
from tests.cogs.script import play_game

ALL_CARDS = make_pack(1, 0)


def mentions(text: str, card: Card) -> bool:
    """Whether ``text`` names ``card`` (7♥ or 7H, not inside a longer word or number)."""
    pattern = rf"(?<![0-9A-Za-z]){re.escape(card.pretty)}|(?<![0-9A-Za-z]){re.escape(str(card))}(?![0-9A-Za-z])"
    return re.search(pattern, text) is not None


def laid_face_up(table: Table) -> set[Card]:
    """The cards the last deal's end laid face up (its ``deal_over`` event: the hands left)."""
    overs = [e for e in table.recent if e.kind == "deal_over"]
    hands = overs[-1].detail.get("hands", {}) if overs else {}
    return {Card.parse(c) for cards in hands.values() for c in cards}


class Watcher:
    """Checks each new message against the cards hidden at that moment."""

    def __init__(self, h: Harness) -> None:
        self.h = h
        self.seen = 0
        self.deal = 0
        self.face_up: set[Card] = set()
        self.hidden: set[Card] = set()
        self.checked_public = 0
        self.checked_private = 0

    async def check(self) -> None:
        row = await self.h.db.games.get(1)
        table = load_table(row)
        game = table.game
        if game is None or game.deal is None:
            return
        deal = game.deal
        if deal.number != self.deal:
            # The messages of the move that ended a deal may name what that move laid face up.
            log = await self.h.db.games.actions(1)
            revealed = set(parse_cards(re.findall(r"[0-9AJQK]+[CDHS]", str(log[-1].payload)))) if log else set()
            before = self.hidden - revealed - laid_face_up(table)  # and the hands left at the deal's end
            self.deal, self.face_up = deal.number, set()
        else:
            before = None
        self.face_up |= set(deal.discard) | {c for t in deal.melds for c in t.meld.cards}
        # The end of the last deal laid its hands face up, and the table's recent events still show them
        # while the next deal is played: a card named there may be named (lenient: with one deck it is
        # dealt again, and a leak of it in the next deal would go unseen; never wrong).
        self.face_up |= laid_face_up(table)
        hidden_by_seat = {s: {c for c in hand if c not in self.face_up} for s, hand in deal.hands.items()}
        hidden_stock = {c for c in deal.stock if c not in self.face_up}
        if before is not None:
            hidden_by_seat = {s: cards & before for s, cards in hidden_by_seat.items()}
            hidden_stock &= before
        everyone = set().union(*hidden_by_seat.values()) | hidden_stock
        for sent in self.h.outbox[self.seen :]:
            if not sent.ephemeral:
                leaked = [c for c in everyone if mentions(sent.text, c)]
                assert not leaked, f"public {sent.where} names hidden {leaked}: {sent.text!r}"
                self.checked_public += 1
            else:
                seat = table.seat_of(sent.user)
                others = set().union(*(cards for s, cards in hidden_by_seat.items() if s != seat)) | hidden_stock
                leaked = [c for c in others if mentions(sent.text, c)]
                assert not leaked, f"private message to {sent.user} names others' {leaked}: {sent.text!r}"
                self.checked_private += 1
        self.seen = len(self.h.outbox)
        self.hidden = {c for hand in deal.hands.values() for c in hand if c not in self.face_up} | {
            c for c in deal.stock if c not in self.face_up
        }


async def test_no_hidden_card_ever_reaches_the_wrong_eyes(h: Harness, caplog: pytest.LogCaptureFixture) -> None:
    """A whole basic game with hands, hints and tables asked for: no leak in messages or logs."""
    await h.open_table(ALICE, BOB, CHLOE, preset="basic")
    watcher = Watcher(h)

    moves = iter(range(10**6))

    async def after(_result: Result) -> None:
        await watcher.check()
        if next(moves) % 5 == 0:
            for user in (ALICE, BOB, CHLOE):
                await h.click(user, "rami:1:hand", on_ephemeral=False)
            await h.slash(BOB, "table")
            await h.slash(CHLOE, "hint")
            await watcher.check()

    await play_game(h, [ALICE, BOB, CHLOE], seed=11, after=after)
    assert watcher.checked_public > 100 and watcher.checked_private > 50
    logged = "\n".join(r.getMessage() for r in caplog.records if r.levelno >= logging.DEBUG)
    assert not [c for c in ALL_CARDS if mentions(logged, c)], "a card was logged"


async def test_public_messages_are_never_hands(h: Harness) -> None:
    """Every message carrying a hand is ephemeral."""
    await h.open_table(ALICE, BOB)
    for user in (ALICE, BOB):
        await h.slash(user, "hand")
        await h.click(user, "rami:1:hand", on_ephemeral=False)
    hands = [s for s in h.outbox if "Your hand" in s.text]
    assert len(hands) == 4 and all(s.ephemeral for s in hands)
    row = await h.db.games.get_active(CHANNEL)
    assert row is not None
