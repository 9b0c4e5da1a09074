"""The secrecy check: no message ever shows a viewer a card they could not know when it was shown.

How "could know" is decided, honestly and without trusting the bot's output
---------------------------------------------------------------------------
At any moment a viewer may know the faces that have been face up so far (the upcard, discards, melds,
lay-offs, joker swaps: public for good, even once the discard pile is turned into a new stock; the hands
left when the deal is over, which its end lays face up) and the cards in their own hand. Everything
else (other hands, the stock) is hidden from them.

The test reads the bot's database before and after every move a person makes, and while computer
players move; computer players' moves are in the action log. From that:

* ``public(t)``: every face in the action log up to the first read *after* ``t`` (the cards of every
  meld, lay-off, swap and discard, by people and computer players alike), plus every discard pile, meld
  and public ``recent`` event seen in the reads up to then (the upcard, cards taken from the pile). The
  first read after the start must still list ``deal_started`` among the recent events, so nothing that
  happened before it is missed. Taking the read *after* ``t`` makes this a superset: lenient, never wrong.
* ``hand(V, t)``: the faces in V's hand at the reads just before and just after ``t``. Only V's own moves
  change V's hand, and the test reads around each of them; a card that left V's hand in between was
  turned face up, so it is in ``public``.

A message version set at ``t`` and seen by V (an ephemeral message) or by everyone (a channel message,
where ``hand`` is empty) must show no face outside ``public(t) | hand(V, t)``. Every version of every
message is scanned (edits included, each at its own time) with its embeds and the labels, values and ids
of its components, and so is every autocomplete answer. Faces are compared without deck copies: with two
decks, once one 7♥ is face up a 7♥ may be named anywhere, so the check is weaker for such faces, never
wrong. A joker shown as what it stands for (``🃏=6♠``) is a joker, not a 6♠. The literal parts of the
bot's own sentences (``service.catalog``) that name cards as examples ("type e.g. `/meld 7H 8H JK=9H`") are
removed before scanning: they are fixed text, not game state. To show the scan is not
vacuous, every person who was sent a hand must have been shown at least one card no one else could see.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from rummy.cards import Card
from service.catalog import CATALOG
from tests.e2e.gamedb import GameDb, Snapshot
from tests.e2e.moves import is_hand
from tests.fakediscord import Driver, RecordedMessage
from tests.fakediscord.models import walk_components

_SUITS = {"C": "C", "D": "D", "H": "H", "S": "S", "♣": "C", "♦": "D", "♥": "H", "♠": "S"}
CARD_TOKEN = re.compile(
    r"(?<![\w#=])(?P<rank>10|[2-9AJQKT])(?P<suit>[CDHS♣♦♥♠])\ufe0f?(?!\w)"
    r"|(?P<joker>🃏|(?<![\w#=])JK(?!\w))"
)
JOKER = "JK"


def face(card: Card | str) -> str:
    """A card's face as compared here: ``"7H"``, ``"10S"``, ``"JK"`` (no copy, no pin)."""
    if isinstance(card, str):  # a log token: "7H", "7H#1", "JK#2=6S"
        card = Card.parse(card.split("=", 1)[0].split("#", 1)[0])
    return JOKER if card.is_joker else str(card.unpinned())


def faces_in(text: str) -> set[str]:
    """The card faces a text shows (a pinned joker counts as a joker, not as what it stands for)."""
    found = set()
    for m in CARD_TOKEN.finditer(text):
        if m.group("joker"):
            found.add(JOKER)
        else:
            rank = "10" if m.group("rank") in ("10", "T") else m.group("rank")
            found.add(rank + _SUITS[m.group("suit")])
    return found


def catalog_examples(catalog: dict[str, dict[str, str]]) -> list[str]:
    """The literal parts of the bot's own sentences that name cards (help examples, not game state)."""
    fragments = {
        part
        for table in catalog.values()
        for template in table.values()
        for part in re.split(r"\{[^{}]*\}", template)
        if faces_in(part)
    }
    return sorted(fragments, key=len, reverse=True)


def without_examples(text: str, examples: list[str] | None = None) -> str:
    """``text`` without the catalogue's example cards (e.g. "type e.g. `/meld 7H 8H JK=9H`")."""
    for fragment in EXAMPLES if examples is None else examples:
        text = text.replace(fragment, " ")
    return text


EXAMPLES = catalog_examples(CATALOG)


def _component_text(components: list[dict[str, Any]]) -> str:
    parts = []
    for c in walk_components(components):
        for key in ("label", "placeholder", "custom_id"):
            if c.get(key):
                parts.append(str(c[key]))
        for option in c.get("options", []):
            parts += [str(option.get(k, "")) for k in ("label", "value", "description")]
    return "\n".join(parts)


def states(message: RecordedMessage) -> Iterator[tuple[float, RecordedMessage]]:
    """Each state a message had, with the time it was set (a copy of the message as it was then)."""
    times = [message.created_at] + [rev["at"] for rev in message.revisions]
    kept = [
        *message.revisions,
        {"content": message.content, "embeds": message.embeds, "components": message.components},
    ]
    for at, state in zip(times, kept, strict=True):
        yield (
            at,
            RecordedMessage(
                0,
                0,
                None,
                message.author,
                content=state["content"] or "",
                embeds=list(state["embeds"]),
                components=list(state["components"]),
            ),
        )


def versions(message: RecordedMessage) -> Iterator[tuple[float, str]]:
    """Each state a message had, with the time it was set, as scannable text."""
    for at, shadow in states(message):
        yield at, without_examples(shadow.text + "\n" + _component_text(shadow.components))


def _action_faces(payload: dict[str, Any]) -> Iterator[str]:
    kind = payload.get("type")
    if kind == "meld":
        for meld in payload["melds"]:
            yield from (face(t) for t in meld)
    elif kind == "layoff":
        yield from (face(t) for t in payload["cards"])
    elif kind in ("swap", "discard"):
        yield face(payload["card"])


def _seen_faces(snap: Snapshot) -> Iterator[str]:
    """Face-up cards visible in one read: discard pile, melds, and the cards of public events."""
    deal = snap.table.game.deal  # type: ignore[union-attr]
    assert deal is not None
    yield from (face(c) for c in deal.discard)
    yield from (face(c) for m in deal.melds for c in m.meld.cards)
    for event in snap.table.recent:
        for text in ([event.card] if event.card else []) + list(event.cards) + [c for m in event.melds for c in m]:
            yield from faces_in(text)
        if event.kind == "deal_over":  # the hands left, laid face up once the deal is over
            for cards in event.detail.get("hands", {}).values():
                yield from (face(c) for c in cards)


@dataclass
class Timeline:
    """What was public, and what each seat held, at each read of the game (oldest first)."""

    times: list[float]
    public: list[set[str]]
    hands: list[dict[int, set[str]]]

    def _around(self, at: float) -> tuple[int, int]:
        after = bisect.bisect_left(self.times, at)
        return max(after - 1, 0), min(after, len(self.times) - 1)

    def known(self, seat: int | None, at: float) -> set[str]:
        """What the viewer in ``seat`` (None: everyone) may know at ``at``: a superset, see the module doc."""
        before, after = self._around(at)
        out = set(self.public[after])
        if seat is not None:
            out |= self.hands[before].get(seat, set()) | self.hands[after].get(seat, set())
        return out


def timeline(db: GameDb, game_id: int, snapshots: Iterable[Snapshot]) -> Timeline:
    """Build the timeline of a one-deal game from the test's reads and the action log."""
    snaps = sorted(
        (s for s in snapshots if s.id == game_id and s.table.game is not None and s.table.game.deal is not None),
        key=lambda s: s.read_at,
    )
    assert snaps, "no read of the game in play"
    game = snaps[-1].table.game
    assert game is not None and len(game.history) <= 1, "the check covers one-deal games"
    assert any(e.kind == "deal_started" for e in snaps[0].table.recent), "the first read came too late"
    log = db.actions(game_id)
    assert not [a for a in log if a.kind == "timeout"], "timed-out turns log no cards: keep turn_timer 0"
    line = Timeline([], [], [])
    seen: set[str] = set()
    for snap in snaps:
        seen |= set(_seen_faces(snap))
        logged = {f for a in log if a.seq <= snap.version for f in _action_faces(a.payload)}
        deal = snap.table.game.deal  # type: ignore[union-attr]
        assert deal is not None
        line.times.append(snap.read_at)
        line.public.append(seen | logged)
        line.hands.append({seat: {face(c) for c in hand} for seat, hand in deal.hands.items()})
    return line


@dataclass(frozen=True)
class Leak:
    where: str
    viewer: str
    faces: frozenset[str]
    text: str


def find_leaks(driver: Driver, line: Timeline, seat_of: dict[int, int]) -> tuple[list[Leak], dict[int, int]]:
    """Every message version and autocomplete answer showing a face its viewer could not know.

    Also returns, per seat, how many of its own private versions showed a card hidden from everyone else.
    """
    leaks: list[Leak] = []
    private_shown: dict[int, int] = {}
    for message in driver.state.messages.values():
        viewer = message.ephemeral_to
        seat = seat_of.get(viewer) if viewer is not None else None
        for at, text in versions(message):
            shown = faces_in(text)
            bad = shown - line.known(seat, at)
            if bad:
                who = "everyone" if viewer is None else driver.state.users[viewer].name
                leaks.append(Leak(f"message {message.id}", who, frozenset(bad), text))
            if seat is not None and shown - line.known(None, at):
                private_shown[seat] = private_shown.get(seat, 0) + 1
    for ix in driver.state.interactions.values():
        if ix.choices:
            text = "\n".join(f"{c.get('name')} {c.get('value')}" for c in ix.choices)
            bad = faces_in(text) - line.known(seat_of.get(ix.user.id), ix.dispatched_at)
            if bad:
                leaks.append(Leak(f"autocomplete {ix.id}", ix.user.name, frozenset(bad), text))
    return leaks, private_shown


def assert_no_leak(driver: Driver, db: GameDb, game_id: int, snapshots: Iterable[Snapshot]) -> Timeline:
    """Fail with the offending texts when any message showed someone a card hidden from them."""
    snaps = list(snapshots)
    line = timeline(db, game_id, snaps)
    table = snaps[-1].table
    seat_of = {uid: seat for seat in range(len(table.players)) if (uid := table.user_id(seat)) is not None}
    leaks, private_shown = find_leaks(driver, line, seat_of)
    report = "\n\n".join(
        f"{leak.where} seen by {leak.viewer} shows {sorted(leak.faces)}:\n{leak.text}" for leak in leaks[:5]
    )
    assert not leaks, f"{len(leaks)} message(s) show hidden cards:\n{report}"
    # Any state counts: a hand clicked on is redrawn, and blanked by the move that ends the game.
    got_hands = {
        seat_of[m.ephemeral_to]
        for m in driver.state.messages.values()
        if m.ephemeral_to in seat_of and any(is_hand(shadow) for _at, shadow in states(m))
    }
    assert got_hands, "no person was ever sent their hand"
    missing = got_hands - set(private_shown)
    assert not missing, f"seats {missing} were sent hands showing no hidden card: the scan cannot read cards"
    return line
