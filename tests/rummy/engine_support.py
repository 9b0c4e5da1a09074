"""Positions for the engine tests: a real game whose deal holds exactly the cards a test names.

Identical cards named twice in one position get different deck copies (``7H``, then ``7H#1``), so
every physical card is distinct, as in a real pack.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rummy import actions as act
from rummy.cards import Card, make_pack, parse_cards
from rummy.deal import Deal, Event, Phase, TableMeld
from rummy.game import Game, Player
from rummy.melds import make_meld
from rummy.rules import Rules, find_preset


class Copies:
    """Hands out physical cards, a new deck copy each time a face (or a joker) comes again."""

    def __init__(self) -> None:
        self.seen: Counter[tuple[int, int]] = Counter()

    def cards(self, text: str) -> list[Card]:
        out = []
        for c in parse_cards(text):
            face = c.key[:2]
            out.append(Card(c.rank, c.suit, self.seen[face], c.stands_for))
            self.seen[face] += 1
        return out


def rules_of(preset: str, **overrides: Any) -> Rules:
    rules = find_preset(preset)
    return rules.with_overrides(**overrides) if overrides else rules


def players(n: int) -> list[Player]:
    return [Player(f"p{i}", f"P{i}") for i in range(n)]


def position(
    preset: str,
    hands: list[str],
    discard: str = "KD",
    stock: str = "2C 3D 4S 5H 6C 7D 8S 9H 10C JD QS KH",
    turn: int = 0,
    phase: Phase = Phase.DRAW,
    melds: list[tuple[int, str]] | None = None,
    opened: dict[int, int] | None = None,
    turns: int = 5,
    played: set[int] | None = None,
    **overrides: Any,
) -> Game:
    """A game of ``preset`` whose deal holds these cards: ``hands[seat]``, the discard pile and the
    stock (both top last), the melds on the table as (owner, cards), the seats that opened
    (seat -> the turn they opened on) and the seats that melded or laid off on earlier turns."""
    rules = rules_of(preset, **overrides)
    game, _events = Game.new(rules, players(len(hands)), seed=1, dealer=len(hands) - 1)
    copies = Copies()
    deal = game.deal
    assert deal is not None
    deal.hands = {seat: copies.cards(text) for seat, text in enumerate(hands)}
    deal.melds = [TableMeld(make_meld(copies.cards(cards), rules), owner) for owner, cards in (melds or [])]
    deal.discard = copies.cards(discard)
    deal.stock = copies.cards(stock)
    deal.turn = turn
    deal.phase = phase
    deal.turns = turns
    deal.opened = dict(opened or {})
    deal.played = set(played or ())
    return game


def current(game: Game) -> Deal:
    assert game.deal is not None
    return game.deal


def play(game: Game, *moves: str, seat: int | None = None) -> list[Event]:
    """Play ``moves`` (as ``str(action)`` writes them) for the seat to move, or for ``seat``."""
    events: list[Event] = []
    for move in moves:
        who = current(game).turn if seat is None else seat
        events += game.apply(who, act.parse_action(move))
    return events


def hand_text(game: Game, seat: int) -> list[str]:
    return sorted(str(c) for c in current(game).hands[seat])


def physical_cards(game: Game) -> Counter[tuple[int, int, int]]:
    """Every physical card in the deal, by key: stock, discard pile, hands and melds."""
    deal = current(game)
    keys = [c.key for c in deal.stock] + [c.key for c in deal.discard]
    keys += [c.key for hand in deal.hands.values() for c in hand]
    keys += [c.key for t in deal.melds for c in t.meld.cards]
    return Counter(keys)


def pack_keys(rules: Rules, seats: int) -> Counter[tuple[int, int, int]]:
    """The keys of the whole pack a deal among ``seats`` players is dealt from."""
    return Counter(c.key for c in make_pack(rules.decks_for(seats), rules.jokers_for(seats)))


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def win_deal(game: Game, winner: int, losers: dict[int, str] | None = None, rummy: bool = False) -> list[Event]:
    """Set the current deal so ``winner`` goes out at once (a 57-point run, then a discard), the
    other seats holding ``losers`` (default ``KD``); return the events of going out."""
    deal = current(game)
    copies = Copies()
    deal.hands = {s: copies.cards((losers or {}).get(s, "KD")) for s in deal.seats}
    deal.hands[winner] = copies.cards("8H 9H 10H JH QH KH 2S")
    deal.stock = copies.cards("3S 4S 5S")
    deal.discard = copies.cards("6S")
    deal.melds = []
    deal.turn, deal.phase = winner, Phase.PLAY
    deal.played = set() if rummy else {winner}
    deal.opened = {}
    deal.taken = deal.drawn = deal.joker_to_play = None
    return play(game, "meld 8H 9H 10H JH QH KH", "discard 2S")


def dead_deal(game: Game, hands: dict[int, str] | None = None) -> list[Event]:
    """End the current deal at the turn cap, seats holding ``hands`` (default ``KD``)."""
    deal = current(game)
    copies = Copies()
    deal.hands = {s: copies.cards((hands or {}).get(s, "KD")) for s in deal.seats}
    deal.stock = copies.cards("3S 4S 5S")
    deal.discard = copies.cards("6S")
    deal.melds = []
    deal.phase, deal.turns = Phase.DRAW, game.rules.turn_cap - 1
    deal.taken = deal.drawn = deal.joker_to_play = None
    return play(game, "draw stock", "discard 5S")
