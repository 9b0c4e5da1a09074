"""The public sentences: what a channel reads about a game's events, whose turn it is, and how
a name is written into any message. Built only from public :class:`~rummy.deal.Event` values
(face-up cards only) and the table's public facts: never from a hand.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from typing import Any

from discord.utils import escape_markdown, escape_mentions

from cogs.ui import words
from rummy.deal import Event
from rummy.table import Table
from service.catalog import EN, Translator
from service.model import Outcome

FIELD_LIMIT = 1024


_MARKUP_OPENING = re.compile(r"<(?=[@#])")  # "<@", "<#": a mention or channel link, whatever the id


@functools.lru_cache(maxsize=4096)
def display(name: str) -> str:
    """A name (a member's display name, a computer player's) as it goes into any message: markdown
    and mentions escaped, so that ``**x**`` reads as typed and ``<@id>``, ``<@&role>``, ``@everyone``
    or ``@here`` in a name never reads as a mention, let alone pings. Names are stored as given and
    escaped here, where they become text, once per name (players' names are in every public line)."""
    escaped = escape_mentions(escape_markdown(name))
    return _MARKUP_OPENING.sub("<\u200b", escaped)


def clip(text: str, limit: int = FIELD_LIMIT) -> str:
    """``text``, cut to ``limit`` characters with an ellipsis when longer (the one clip: the
    limits of what goes out, :mod:`cogs.ui.limits`, use it too)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def name_of(table: Table, seat: int | None, tr: Translator) -> str:
    """A seat's name as it goes into a message; a computer player's in the reader's language."""
    if seat is None or not 0 <= seat < len(table.players):
        return "?"
    return display(words.player_name(table, seat, tr))


def names(table: Table, seats: Iterable[int], tr: Translator) -> str:
    return ", ".join(name_of(table, s, tr) for s in seats)


def _points(table: Table, points: dict[str, int], tr: Translator) -> str:
    return ", ".join(f"{name_of(table, int(s), tr)} {p}" for s, p in points.items())


# -- events ---------------------------------------------------------------------------------


def event_line(event: Event, table: Table, tr: Translator) -> str | None:
    """One public sentence for one event (None for events nobody needs to read)."""
    name = name_of(table, event.seat, tr)
    kind, d = event.kind, event.detail
    if kind == "drew":
        if event.source == "discard":
            return tr("ev_drew_discard", name=name, card=event.card)
        return tr("ev_drew_stock", name=name)
    if kind == "melded":
        return tr("ev_melded", name=name, melds=" · ".join(" ".join(m) for m in event.melds))
    if kind == "laid_off":
        return tr("ev_laid_off", name=name, cards=" ".join(event.cards), n=(event.target or 0) + 1)
    if kind == "swapped":
        return tr("ev_swapped", name=name, card=event.card, n=(event.target or 0) + 1)
    if kind == "discarded":
        return tr("ev_discarded", name=name, card=event.card)
    if kind == "stock_rebuilt":
        key = "ev_stock_rebuilt_shuffled" if d.get("shuffled") else "ev_stock_rebuilt"
        return tr(key, n=d.get("cards", 0))
    if kind == "deal_started":
        return tr("ev_deal_started", n=d.get("number", 1), dealer=name, starter=name_of(table, d.get("starter"), tr))
    if kind == "deal_over":
        return _deal_over(event, table, tr)
    if kind.startswith("end_") or kind == "deal_stalled":
        return _end_line(event, table, tr)
    if kind == "dropped":
        return tr("ev_dropped", name=name)
    if kind == "new_host":
        return tr("ev_new_host", name=name)
    if kind == "taken_over":
        level = str(d.get("level", "normal"))
        return tr("ev_taken_over", name=name, level=tr(f"level_{level}"))
    if kind == "eliminated":
        return tr("ev_eliminated", name=name, score=d.get("score", 0))
    if kind == "walkover":
        return tr("ev_walkover", name=name)
    if kind == "abandoned":
        return tr("abandoned")
    if kind == "game_over":
        winners = d.get("winners", [])
        return tr(
            "ev_game_over",
            winners=names(table, winners, tr),
            verb=tr("won_one") if len(winners) == 1 else tr("won_many"),
        )
    return None


def _end_line(event: Event, table: Table, tr: Translator) -> str | None:
    """The proposal to end a deal that goes nowhere (rummy.stall): offered, made, agreed, withdrawn, lapsed."""
    name, kind = name_of(table, event.seat, tr), event.kind
    waiting = names(table, event.detail.get("waiting", []), tr)
    if kind == "deal_stalled":
        return tr("ev_deal_stalled")
    if kind == "end_declined":
        return tr("ev_end_declined", name=name)
    if kind == "end_lapsed":
        return tr("ev_end_lapsed")
    if kind == "end_proposed":
        return tr("ev_end_proposed", name=name, waiting=waiting) if waiting else tr("ev_end_proposed_alone", name=name)
    if kind == "end_agreed":
        return tr("ev_end_agreed", name=name, waiting=waiting) if waiting else tr("ev_end_agreed_last", name=name)
    return None


def _deal_over(event: Event, table: Table, tr: Translator) -> str:
    d = event.detail
    reason = d.get("reason", "went_out")
    if reason == "went_out":
        why = tr(
            "why_went_out_rummy" if d.get("rummy") else "why_went_out", names=names(table, d.get("winners", []), tr)
        )
    else:
        why = tr(f"why_{reason}") if f"why_{reason}" in EN else reason
    line = tr("ev_deal_over", why=why)
    left = revealed(table, d, tr)
    if left:
        line += "\n" + tr("ev_hands", hands=left)
    if d.get("points"):
        line += " " + tr("ev_points", points=_points(table, d["points"], tr))
        if table.game is not None:
            totals = {str(s): table.game.scores[s] for s in range(len(table.players))}
            line += " " + tr("ev_totals", points=_points(table, totals, tr))
    return line


def revealed(table: Table, detail: dict[str, Any], tr: Translator) -> str:
    """The hands a ``deal_over`` laid face up, each with its value: "Bob 3♣ K♦ (13), Carl A♥ (1)"
    (public: the deal is over; an empty hand, the one that went out, is not listed)."""
    values = detail.get("values", {})
    shown = [
        tr("hand_left", name=name_of(table, int(s), tr), cards=" ".join(cards), points=values.get(s, 0))
        for s, cards in detail.get("hands", {}).items()
        if cards
    ]
    return ", ".join(shown)


def event_lines(events: Iterable[Event], table: Table, tr: Translator) -> list[str]:
    return [line for line in (event_line(e, table, tr) for e in events) if line]


def turn_user(table: Table) -> int | None:
    """The person whose turn it is, whom :func:`turn_line` mentions (None: a computer player's
    turn, or nobody's)."""
    return None if table.turn is None else table.user_id(table.turn)


def turn_line(table: Table, tr: Translator, mention: bool = True) -> str | None:
    """Whose turn it is now; a person is mentioned so that Discord notifies them (the message
    must allow that mention: ``allowed_mentions`` naming :func:`turn_user`)."""
    seat = table.turn
    if seat is None:
        return None
    uid = turn_user(table)
    if mention and uid is not None:
        return tr("turn_you", mention=f"<@{uid}>")
    return tr("turn_next", name=name_of(table, seat, tr))


def pinged(table: Table, turn: bool = True) -> int | None:
    """The one person ``public_text(..., turn=turn)`` mentions, to be named in the message's
    ``allowed_mentions``: whoever plays now, when the text says so."""
    return turn_user(table) if turn else None


def public_text(events: Iterable[Event], table: Table, tr: Translator, *, turn: bool = True) -> str:
    """What the channel reads about some events; ``turn``: and who plays now (mentioned, see
    :func:`pinged`)."""
    lines = event_lines(events, table, tr)  # a closed table's events say so (walkover, abandoned)
    next_turn = turn_line(table, tr) if turn else None
    if next_turn:
        lines.append(next_turn)
    return clip("\n".join(lines), 2000)


# -- the line above a private hand redrawn ----------------------------------------------------


def deal_ended(out: Outcome[Any]) -> bool:
    return any(e.kind == "deal_over" for e in out.events)


def went_out(out: Outcome[Any], seat: int | None) -> bool:
    """Whether ``seat`` ended the deal of ``out`` by going out."""
    return (
        seat is not None
        and seat == out.seat
        and any(
            e.kind == "deal_over" and e.detail.get("reason") == "went_out" and seat in e.detail.get("winners", ())
            for e in out.events
        )
    )


def hand_note(out: Outcome[Any], seat: int | None, tr: Translator) -> str | None:
    """The line above a hand redrawn after ``out``: the deal ended (and ``seat`` went out), or the
    game ended (then it is the whole message: never empty, no buttons); None otherwise."""
    out_first = [tr("open_hand_went_out")] if went_out(out, seat) else []
    if out.ended:
        return " ".join([*out_first, tr("open_hand_game_over")])
    if seat is None:
        return tr("open_hand_left")
    if deal_ended(out):
        return " ".join([*out_first, tr("open_hand_deal_over")])
    return None
