"""What a computer player notes about the table from public events only.

Everyone at a real table sees every discard, who took the top discard, and which discard each player
let go by drawing from the stock. :class:`TableMemory` keeps exactly that for the current deal, so the
``hard`` level can avoid feeding the next player and can count the cards that are gone. It never sees
a hidden card: it is fed :class:`rummy.deal.Event` values, which hold face-up cards only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from rummy.cards import Card
from rummy.deal import Event
from rummy.errors import BadCard
from rummy.view import PlayerView


def _parse(text: str | None) -> Card | None:
    if not text:
        return None
    try:
        return Card.parse(text.split("=", 1)[0])
    except BadCard:
        return None


@dataclass
class TableMemory:
    """Public facts about the current deal, per seat. Reset at every ``deal_started``."""

    pile: list[Card] = field(default_factory=list)  # the discard pile as seen, top last
    gone: list[Card] = field(default_factory=list)  # every card seen discarded this deal
    took: dict[int, list[Card]] = field(default_factory=dict)  # cards a seat took from the pile
    passed: dict[int, list[Card]] = field(default_factory=dict)  # top discards a seat let go
    threw: dict[int, list[Card]] = field(default_factory=dict)  # cards a seat discarded this deal
    deal: int = 0

    def observe(self, event: Event) -> None:
        """Note one public event (events for other deals reset the memory)."""
        kind = event.kind
        if kind == "deal_started":
            self.pile, self.gone, self.took, self.passed, self.threw = [], [], {}, {}, {}
            self.deal = int(event.detail.get("number", self.deal + 1))
        elif kind == "discarded":
            card = _parse(event.card)
            if card is not None:
                self.pile.append(card)
                self.gone.append(card)
                if event.seat is not None:
                    self.threw.setdefault(event.seat, []).append(card)
                self._played(event.seat, [card])
        elif kind == "drew" and event.seat is not None:
            if event.source == "discard":
                card = _parse(event.card)
                if self.pile:
                    self.pile.pop()
                if card is not None:
                    self.took.setdefault(event.seat, []).append(card)
            elif self.pile:
                self.passed.setdefault(event.seat, []).append(self.pile[-1])
        elif kind in ("melded", "laid_off"):
            played = (
                [c for group in event.melds for c in _cards(group)]
                if kind == "melded"
                else [c for c in (_parse(t) for t in event.cards) if c is not None]
            )
            self._played(event.seat, played)
        elif kind == "stock_rebuilt":
            # The French rules keep the top discard; :meth:`sync` empties the pile when it went too.
            self.pile = self.pile[-1:]

    def sync(self, view: PlayerView) -> None:
        """Line the remembered pile up with the face-up top card (the first upcard is no event)."""
        top = view.discard_top
        if top is None:
            self.pile = []
        elif not self.pile or self.pile[-1] != top:
            self.pile.append(top)
            self.gone.append(top)

    def _played(self, seat: int | None, cards: Iterable[Card]) -> None:
        """Cards a seat took from the pile leave its hand when it melds or discards them."""
        if seat is None:
            return
        held = self.took.get(seat, [])
        for card in cards:
            if card in held:
                held.remove(card)

    def observe_all(self, events: Iterable[Event]) -> None:
        for event in events:
            self.observe(event)

    def holding(self, seat: int) -> list[Card]:
        """Cards ``seat`` took from the discard pile and has not played since: known to be in its hand."""
        return list(self.took.get(seat, []))

    def declined(self, seat: int) -> list[Card]:
        return list(self.passed.get(seat, []))

    def discarded(self, seat: int) -> list[Card]:
        """Cards ``seat`` discarded this deal (public: everyone saw them go)."""
        return list(self.threw.get(seat, []))

    def copy(self) -> TableMemory:
        """A copy that may be fed events without changing this one (the expert's rollouts)."""
        return TableMemory(
            list(self.pile),
            list(self.gone),
            {s: list(c) for s, c in self.took.items()},
            {s: list(c) for s, c in self.passed.items()},
            {s: list(c) for s, c in self.threw.items()},
            self.deal,
        )

    # -- storage ---------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "deal": self.deal,
            "pile": [c.token for c in self.pile],
            "gone": [c.token for c in self.gone],
            "took": {str(s): [c.token for c in cs] for s, cs in self.took.items()},
            "passed": {str(s): [c.token for c in cs] for s, cs in self.passed.items()},
            "threw": {str(s): [c.token for c in cs] for s, cs in self.threw.items()},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableMemory:
        def cards(tokens: list[str]) -> list[Card]:
            return [Card.parse(t) for t in tokens]

        return cls(
            pile=cards(data.get("pile", [])),
            gone=cards(data.get("gone", [])),
            took={int(s): cards(cs) for s, cs in data.get("took", {}).items()},
            passed={int(s): cards(cs) for s, cs in data.get("passed", {}).items()},
            threw={int(s): cards(cs) for s, cs in data.get("threw", {}).items()},
            deal=int(data.get("deal", 0)),
        )


def _cards(labels: Iterable[str]) -> list[Card]:
    return [c for c in (_parse(t) for t in labels) if c is not None]
