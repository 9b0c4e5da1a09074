"""The whole game as one versioned JSON document, and back, exactly.

This is what the bot stores after every action. It holds hidden information (hands, the stock
order, the seed), so it is for storage only: anything shown to a person goes through a view. The
public events a table keeps (``Table.recent``) are stored with :func:`event_to_json` too.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from typing import Any, TypeVar

from rummy.cards import Card, Rank, Suit
from rummy.deal import Deal, Event, Phase, TableMeld
from rummy.game import DealRecord, Game, Player
from rummy.melds import Meld, MeldKind
from rummy.rules import Rules, find_preset
from rummy.scoring import DealEnd, DealOutcome

# 2: the house rule ``deal_cap`` is gone (see :data:`RETIRED_KNOBS`); 3: a deal stores its stock rebuilds
# since the last meld or lay-off (``quiet_refills``, see :func:`deal_from_json` for older documents)
SCHEMA_VERSION = 3
READABLE_VERSIONS = (1, 2, 3)
# House rules that documents of schema 1 may hold and the rules no longer have: loading drops them.
# ``deal_cap`` stopped a target or elimination game after a number of deals; the rules now end such
# a game only after ``void_deal_limit`` deals in a row in which nobody scores.
RETIRED_KNOBS = frozenset({"deal_cap"})
T = TypeVar("T")
D = TypeVar("D")


class SchemaError(ValueError):
    """A stored document this version cannot read."""


def _cards(cs: list[Card] | tuple[Card, ...]) -> list[str]:
    return [c.token for c in cs]  # a pinned joker is stored as a joker: the token leaves the pin out


def _load_cards(tokens: list[str]) -> list[Card]:
    """The cards of storage tokens: the pack's own objects (a token names one physical card, its
    copy included, and is never pinned). :meth:`Card.parse` keeps the texts it saw last, so
    decoding a game does not parse each token again."""
    return [Card.parse(t) for t in tokens]


def stored(obj: T, build: Callable[[T], D]) -> D:
    """``build(obj)`` for an immutable object (a frozen dataclass), worked out once and kept on the
    object: a table stores its unchanged parts (rules, players, past deals, recent events) again at
    every action. The document is shared: read it only."""
    doc: D | None = obj.__dict__.get("_stored")
    if doc is None:
        doc = build(obj)
        object.__setattr__(obj, "_stored", doc)
    return doc


def rules_to_json(rules: Rules) -> dict[str, Any]:
    """The rules as a preset and its house rules (kept on the rules object, shared: read it only)."""
    return stored(rules, _rules_doc)


def _rules_doc(rules: Rules) -> dict[str, Any]:
    return {"preset": rules.name, "overrides": rules.overrides_from(find_preset(rules.name))}


def player_to_json(p: Player) -> dict[str, Any]:
    """A seat's player (kept on the player, shared: read it only)."""
    return stored(p, _player_doc)


def _player_doc(p: Player) -> dict[str, Any]:
    return {"id": p.id, "name": p.name, "bot": p.bot_level}


def rules_from_json(data: dict[str, Any], version: int = SCHEMA_VERSION) -> Rules:
    """The rules of a document written at schema ``version`` (older house rules are upgraded)."""
    overrides = data.get("overrides", {})
    return shared_rules(data["preset"], upgrade_overrides(overrides) if version < 2 else overrides)


def upgrade_overrides(overrides: dict[str, Any]) -> dict[str, Any]:
    """House rules stored by a schema 1 document, without the knobs the rules no longer have."""
    return {name: value for name, value in overrides.items() if name not in RETIRED_KNOBS}


def shared_rules(preset: str, overrides: dict[str, Any]) -> Rules:
    """The rules of ``preset`` with the house rules ``overrides`` (stored values): one shared object
    for every table and document with the same rules (see :func:`_stored_rules`)."""
    return _stored_rules(preset, json.dumps(overrides, sort_keys=True))


@functools.lru_cache(maxsize=256)
def _stored_rules(preset: str, overrides: str) -> Rules:
    """Rules are immutable: one object per preset and house rules serves every document."""
    return find_preset(preset).with_overrides(**json.loads(overrides))


def _meld_to_json(m: Meld) -> dict[str, Any]:
    return {
        "kind": m.kind.value,
        "cards": _cards(m.cards),
        "suit": m.suit.value if m.suit else None,
        "start": m.start,
        "rank": int(m.rank) if m.rank else None,
    }


def _meld_from_json(d: dict[str, Any]) -> Meld:
    return Meld(
        MeldKind(d["kind"]),
        tuple(_load_cards(d["cards"])),
        Suit(d["suit"]) if d["suit"] else None,
        d["start"],
        Rank(d["rank"]) if d["rank"] else None,
    )


def _outcome_to_json(o: DealOutcome) -> dict[str, Any]:
    return {
        "reason": o.reason.value,
        "winners": list(o.winners),
        "points": {str(k): v for k, v in o.points.items()},
        "hand_values": {str(k): v for k, v in o.hand_values.items()},
        "rummy": o.rummy,
    }


def _outcome_from_json(d: dict[str, Any]) -> DealOutcome:
    return DealOutcome(
        DealEnd(d["reason"]),
        tuple(d["winners"]),
        {int(k): v for k, v in d["points"].items()},
        {int(k): v for k, v in d["hand_values"].items()},
        d["rummy"],
    )


def _find(hand: list[Card], token: str | None) -> Card | None:
    """The physical card in ``hand`` that a stored token names (identity matters)."""
    if token is None:
        return None
    want = Card.parse(token)
    for c in hand:
        if c.key == want.key:
            return c
    return None


# -- the public events a table keeps (``Table.recent``) -------------------------------------
def event_to_json(e: Event) -> dict[str, Any]:
    return {
        "kind": e.kind,
        "seat": e.seat,
        "source": e.source,
        "card": e.card,
        "cards": list(e.cards),
        "melds": [list(m) for m in e.melds],
        "target": e.target,
        "detail": e.detail,
    }


def stored_event(e: Event) -> dict[str, Any]:
    """:func:`event_to_json`, kept on the event (see :func:`stored`)."""
    return stored(e, event_to_json)


def event_from_json(d: dict[str, Any]) -> Event:
    return Event(
        d["kind"],
        d["seat"],
        d["source"],
        d["card"],
        tuple(d["cards"]),
        tuple(tuple(m) for m in d["melds"]),
        d["target"],
        dict(d["detail"]),
    )


def deal_to_json(d: Deal) -> dict[str, Any]:
    hand = d.hands.get(d.turn, [])
    return {
        "number": d.number,
        "seats": d.seats,
        "dealer": d.dealer,
        "hands": {str(s): _cards(h) for s, h in d.hands.items()},
        "stock": _cards(d.stock),
        "discard": _cards(d.discard),
        "turn": d.turn,
        "phase": d.phase.value,
        "melds": [{"owner": t.owner, **stored(t.meld, _meld_to_json)} for t in d.melds],
        "turns": d.turns,
        "refills": d.refills,
        "opened": {str(k): v for k, v in d.opened.items()},
        "played": sorted(d.played),
        "played_now": d.played_now,
        "melds_now": d.melds_now,
        "taken": d.taken.token if d.taken and any(c is d.taken for c in hand) else None,
        "drawn": d.drawn.token if d.drawn and any(c is d.drawn for c in hand) else None,
        "joker_to_play": (
            d.joker_to_play.token if d.joker_to_play and any(c is d.joker_to_play for c in hand) else None
        ),
        "outcome": _outcome_to_json(d.outcome) if d.outcome else None,
        "quiet_refills": d.quiet_refills,
    }


def _quiet_refills(data: dict[str, Any], version: int) -> int:
    """The stock rebuilds since the last meld or lay-off. A document older than schema 3 did not
    count them: with no meld on the table nothing was ever melded or laid off in the deal (melds
    never leave the table), so every rebuild counts; otherwise none does, and the deal goes nowhere
    only after two more rebuilds with no meld and no lay-off."""
    if version >= 3:
        return int(data["quiet_refills"])
    return int(data["refills"]) if not data["melds"] else 0


def deal_from_json(data: dict[str, Any], rules: Rules, version: int = SCHEMA_VERSION) -> Deal:
    hands = {int(s): _load_cards(h) for s, h in data["hands"].items()}
    d = Deal(
        rules,
        data["number"],
        list(data["seats"]),
        data["dealer"],
        hands,
        _load_cards(data["stock"]),
        _load_cards(data["discard"]),
        data["turn"],
        Phase(data["phase"]),
        [TableMeld(_meld_from_json(m), m["owner"]) for m in data["melds"]],
        data["turns"],
        data["refills"],
        {int(k): v for k, v in data["opened"].items()},
        set(data["played"]),
        data["played_now"],
        data["melds_now"],
    )
    hand = hands.get(d.turn, [])
    d.taken = _find(hand, data["taken"])
    d.drawn = _find(hand, data["drawn"])
    d.joker_to_play = _find(hand, data["joker_to_play"])
    d.outcome = _outcome_from_json(data["outcome"]) if data["outcome"] else None
    d.quiet_refills = _quiet_refills(data, version)
    return d


def _record_doc(r: DealRecord) -> dict[str, Any]:
    return {"number": r.number, "dealer": r.dealer, "outcome": _outcome_to_json(r.outcome)}


def game_to_json(g: Game) -> dict[str, Any]:
    """The game as a JSON-ready dict, with ``schema`` set to :data:`SCHEMA_VERSION`."""
    return {
        "schema": SCHEMA_VERSION,
        "rules": rules_to_json(g.rules),
        "players": [player_to_json(p) for p in g.players],
        "seed": g.seed,
        "scores": g.scores,
        "dealer": g.dealer,
        "deal": deal_to_json(g.deal) if g.deal else None,
        "history": [stored(r, _record_doc) for r in g.history],
        "eliminated": {str(k): v for k, v in g.eliminated.items()},
        "dropped": g.dropped,
        "over": g.outcome is not None,
    }


def game_from_json(data: dict[str, Any]) -> Game:
    version = data.get("schema")
    if version not in READABLE_VERSIONS:
        raise SchemaError(f"game document schema {version!r} is not one of {READABLE_VERSIONS}")
    rules = rules_from_json(data["rules"], version)
    g = Game(
        rules,
        [Player(p["id"], p["name"], p["bot"]) for p in data["players"]],
        data["seed"],
        list(data["scores"]),
        data["dealer"],
        deal_from_json(data["deal"], rules, version) if data["deal"] else None,
        [DealRecord(r["number"], r["dealer"], _outcome_from_json(r["outcome"])) for r in data["history"]],
        {int(k): v for k, v in data["eliminated"].items()},
        list(data["dropped"]),
    )
    if data["over"]:
        g.outcome = g._standings()
    return g


def dumps(g: Game) -> str:
    return json.dumps(game_to_json(g), separators=(",", ":"), ensure_ascii=False)


def loads(text: str) -> Game:
    return game_from_json(json.loads(text))
