"""Test set-up: give a seat chosen cards by swapping physical cards around (the pack stays whole).

Only for arranging a position before the cogs are driven: the stored document is rewritten
through the storage API, as if the shuffle had dealt these cards.
"""

from __future__ import annotations

import json

from data import ActionWrite, Database
from rummy.cards import Card, parse_cards
from rummy.table import Table


def _take(places: list[list[Card]], want: Card, keep: set[tuple[int, int, int]]) -> tuple[list[Card], int]:
    for place in places:
        for i, card in enumerate(place):
            if card.key not in keep and (card == want or (want.is_joker and card.is_joker)):
                return place, i
    raise AssertionError(f"no free {want} left in the pack")


async def rig(db: Database, channel: int, hands: dict[int, str]) -> Table:
    """Put the named cards in the given seats' hands (other cards go where those came from)."""
    row = await db.games.get_active(channel)
    assert row is not None
    table = Table.from_json(json.loads(row.state_json))
    assert table.game is not None and table.game.deal is not None
    deal = table.game.deal
    keep: set[tuple[int, int, int]] = set()
    for seat, text in hands.items():
        hand = deal.hands[seat]
        for want in parse_cards(text):
            mine = next((c for c in hand if c.key not in keep and (c == want or (want.is_joker and c.is_joker))), None)
            if mine is not None:
                keep.add(mine.key)
                continue
            # From the stock, another hand, or the discard pile (its top too: the shuffle decides).
            others = [deal.stock] + [h for s, h in deal.hands.items() if s != seat] + [deal.discard]
            place, index = _take(others, want, keep)
            spare = next(i for i, c in enumerate(hand) if c.key not in keep)
            place[index], hand[spare] = hand[spare], place[index]
            keep.add(hand[spare].key)
    await db.games.save_action(
        ActionWrite(row.id, row.version, json.dumps(table.to_json()), "playing", None, "rig", {})
    )
    return table
