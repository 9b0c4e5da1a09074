"""Seeded whole games at a table, played by computer players, for the record's tests.

:func:`played` plays a game through :class:`~rummy.table.Table` (as the bot does, so the events are
the ones the service stores) and keeps, beside its events, what the test needs to judge secrecy:
after each action, the cards face up at the table so far in the deal (the discard pile and the
melds at any moment since the deal began), which only the test (seeing everything) can know.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from rummy.ai import TableMemory, choose_action
from rummy.deal import Deal, Event
from rummy.table import Table
from rummy.view import view_for

PEOPLE = (11, 22)


@dataclass
class Played:
    table: Table
    events: list[Event] = field(default_factory=list)
    # after each action: (its events' count so far, the deal's number, the cards face up so far)
    seen: list[tuple[int, int, Counter[str]]] = field(default_factory=list)


def _face_up(deal: Deal | None, before: Counter[str]) -> Counter[str]:
    """``before`` and what ``deal`` shows face up now (a deal object stays as its last action left it)."""
    if deal is None:
        return before
    now = Counter(str(c.unpinned()) for c in deal.discard)
    now += Counter(str(c.unpinned()) for t in deal.melds for c in t.meld.cards)
    return before | now


def played(preset: str, seed: int, bots: int = 1, drop: int | None = None, **house: str) -> Played:
    """A whole seeded game of ``preset``: two people (played by the normal level) and ``bots``
    computer players; ``drop``: after that many actions the last seat leaves the game."""
    table = Table.new(1, 2, PEOPLE[0], "Alice", preset, seed=seed)
    table.join(PEOPLE[1], "Bob")
    for _ in range(bots):
        table.add_bot(PEOPLE[0], "normal")
    for name, value in house.items():
        table.set(PEOPLE[0], name, value)
    out = Played(table)
    out.events += table.start(PEOPLE[0])
    rng = random.Random(seed)
    memories = [TableMemory() for _ in table.players]
    for memory in memories:
        memory.observe_all(out.events)
    deal_number, up = 0, Counter[str]()
    actions = 0
    while table.status.active and actions < 20_000:
        game = table.game
        assert game is not None and game.deal is not None
        deal = game.deal
        if deal.number != deal_number:
            deal_number, up = deal.number, Counter()
        up = _face_up(deal, up)
        if drop is not None and actions == drop:
            events = table.drop(len(table.players) - 1)
        else:
            seat = table.turn
            assert seat is not None
            events = table.act(seat, choose_action(view_for(game, seat), "normal", rng, memories[seat]))
        actions += 1
        for memory in memories:
            memory.observe_all(events)
        up = _face_up(deal, up)  # the deal as this action left it, even if a new one began
        out.events += events
        out.seen.append((len(out.events), deal_number, Counter(up)))
    assert not table.status.active, "the game did not end"
    return out
