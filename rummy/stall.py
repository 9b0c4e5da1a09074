"""A deal that goes nowhere (RULES.md, a decision): the proposal to end it, and the agreements. Pure.

Where the rules allow it (:attr:`~rummy.rules.Rules.end_by_agreement`: the stock may be rebuilt
more than :data:`~rummy.rules.STALL_REBUILDS` times), a deal goes nowhere once the stock has been
rebuilt that many times with no meld and no lay-off since the first of those rebuilds
(:attr:`~rummy.deal.Deal.goes_nowhere`). Any person dealt in may then propose to end it
(:func:`propose`: the proposer agrees by proposing); the deal ends, nobody scoring, when every
person dealt in agrees (:func:`agree`). Computer players always agree: they are never asked.
The next deal then starts as after any deal in which nobody scores, or the game ends.

What RULES.md leaves open, decided here:

- "Every person at the table" means the people dealt in the deal in play: a player who left, or
  who was eliminated, has no say in it. When a person leaves and everyone left has agreed, the
  deal ends.
- A person who declines (:func:`decline`) withdraws the proposal, whoever made it and even after
  agreeing, until the last agreement ends the deal; anyone may propose again while the deal still
  goes nowhere.
- Play goes on while a proposal stands. A meld or a lay-off (or a joker swap) by anyone makes the
  deal go somewhere again: the proposal lapses (event ``end_lapsed``), and the deal goes nowhere
  again only after two more rebuilds with no meld and no lay-off.

The standing proposal is an :class:`EndVote` in the table document (``Table.end_vote``). Each
function checks first and then changes the table, raising :class:`~rummy.errors.CannotEndDeal`
with a ``key`` and ``params`` (and leaving the table untouched) when it refuses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rummy.deal import Deal, Event
from rummy.errors import CannotEndDeal
from rummy.lobby import TableStatus
from rummy.rules import STALL_REBUILDS

if TYPE_CHECKING:
    from rummy.table import Table


@dataclass(frozen=True)
class EndVote:
    """A standing proposal to end deal number ``deal``: who proposed it, and the people who agreed."""

    deal: int
    proposer: int  # a seat
    agreed: frozenset[int]  # seats of the people who agreed, the proposer included

    def to_json(self) -> dict[str, Any]:
        return {"deal": self.deal, "proposer": self.proposer, "agreed": sorted(self.agreed)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> EndVote:
        return cls(int(data["deal"]), int(data["proposer"]), frozenset(int(s) for s in data["agreed"]))


def check_deal(deal: Deal) -> None:
    """Raise :class:`CannotEndDeal` unless ``deal`` may be ended by agreement now."""
    if deal.over:
        raise CannotEndDeal("There is no deal in play.", key="end_not_playing")
    limit = deal.rules.refill_limit
    if not deal.rules.end_by_agreement and limit is not None:
        raise CannotEndDeal(
            f"At this table a deal is not ended by agreement: the stock is rebuilt at most "
            f"{limit} time{'' if limit == 1 else 's'}, then the deal ends on its own.",
            key="end_not_offered",
            params={"limit": limit},
        )
    if not deal.goes_nowhere:
        raise CannotEndDeal(
            f"This deal still goes somewhere: it can be ended by agreement once the stock has been rebuilt "
            f"{STALL_REBUILDS} times with no meld and no lay-off ({deal.quiet_refills} so far).",
            key="deal_not_stalled",
            params={"need": STALL_REBUILDS, "rebuilds": deal.quiet_refills},
        )


def _deal_in_play(table: Table) -> Deal | None:
    game = table.game
    if table.status is not TableStatus.PLAYING or game is None or game.outcome is not None:
        return None
    deal = game.deal
    return deal if deal is not None and not deal.over else None


def voters(table: Table) -> list[int]:
    """The seats whose agreement ends the deal in play: the people dealt in (in turn order)."""
    deal = _deal_in_play(table)
    return [] if deal is None else [s for s in deal.seats if not table.players[s].is_bot]


def live(table: Table) -> EndVote | None:
    """The table's proposal while it stands: its deal still in play, and still going nowhere."""
    vote, deal = table.end_vote, _deal_in_play(table)
    if vote is None or deal is None or deal.number != vote.deal or not deal.goes_nowhere:
        return None
    return vote


def waiting(table: Table) -> list[int]:
    """The people still to agree to the standing proposal (none when there is none)."""
    vote = live(table)
    return [] if vote is None else [s for s in voters(table) if s not in vote.agreed]


def _voter(table: Table, seat: int) -> Deal:
    """The deal in play, checking that ``seat`` is a person dealt in it."""
    deal = _deal_in_play(table)
    if deal is None:
        raise CannotEndDeal("There is no deal in play.", key="end_not_playing")
    if 0 <= seat < len(table.players) and table.players[seat].is_bot:
        name = table.players[seat].name
        raise CannotEndDeal(
            f"{name} is a computer player: it always agrees, only the people at the table decide.",
            key="end_computer",
            params={"name": name},
        )
    if seat not in deal.seats:
        raise CannotEndDeal("You are not playing this deal.", key="end_not_dealt")
    return deal


def _standing(table: Table) -> EndVote:
    vote = live(table)
    if vote is None:
        raise CannotEndDeal("Nobody has proposed to end this deal.", key="end_not_proposed")
    return vote


def propose(table: Table, seat: int) -> list[Event]:
    """``seat`` proposes to end the deal in play, which goes nowhere (and agrees to it)."""
    deal = _voter(table, seat)
    check_deal(deal)
    vote = live(table)
    if vote is not None:
        name = table.players[vote.proposer].name
        raise CannotEndDeal(
            f"{name} has already proposed to end this deal: agree or decline.",
            key="end_already_proposed",
            params={"name": name},
        )
    table.end_vote = EndVote(deal.number, seat, frozenset({seat}))
    return [Event("end_proposed", seat, detail={"waiting": waiting(table)})]


def agree(table: Table, seat: int) -> list[Event]:
    """``seat`` agrees to the standing proposal; the last agreement ends the deal (see :func:`settle`)."""
    _voter(table, seat)
    vote = _standing(table)
    if seat in vote.agreed:
        raise CannotEndDeal("You have already agreed to end this deal.", key="end_already_agreed")
    table.end_vote = EndVote(vote.deal, vote.proposer, vote.agreed | {seat})
    return [Event("end_agreed", seat, detail={"waiting": waiting(table)})]


def decline(table: Table, seat: int) -> list[Event]:
    """``seat`` declines: the standing proposal is withdrawn, and play goes on."""
    _voter(table, seat)
    _standing(table)
    table.end_vote = None
    return [Event("end_declined", seat)]


def settle(table: Table) -> list[Event]:
    """After any change of the table: a proposal whose deal went somewhere again lapses (one whose
    deal ended otherwise is dropped quietly), and one that every person dealt in has agreed to ends
    the deal, nobody scoring."""
    vote = table.end_vote
    if vote is None:
        return []
    if live(table) is None:
        table.end_vote = None
        deal = _deal_in_play(table)
        return [Event("end_lapsed", None)] if deal is not None and deal.number == vote.deal else []
    if waiting(table):
        return []
    table.end_vote = None
    assert table.game is not None  # a standing proposal has a deal in play
    return table.game.end_by_agreement()
