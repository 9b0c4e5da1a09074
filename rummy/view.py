"""Player views: the only thing the UI and computer players ever see.

A :class:`PlayerView` is built from a game for one seat (or for a spectator, ``seat=None``) and
holds only what that seat may know: its own hand, the other hands' sizes, the top of the
discard pile, the melds, the scores and whose turn it is. Hidden cards cannot leak through a
view because they are never copied into it.

A view built by :meth:`rummy.table.Table.view` also shows a deal that goes nowhere and the
standing proposal to end it (:mod:`rummy.stall`): who proposed, who agreed, who is still to agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rummy.cards import Card, sort_hand
from rummy.deal import Phase
from rummy.game import Game
from rummy.melds import Meld
from rummy.rules import Rules

if TYPE_CHECKING:
    from rummy.stall import EndVote


@dataclass(frozen=True)
class MeldView:
    index: int  # position on the table, 0-based (shown 1-based)
    owner: int
    meld: Meld  # melds are face up: every card in them is public

    @property
    def label(self) -> str:
        return f"{self.index + 1}. {self.meld}"


@dataclass(frozen=True)
class PlayerView:
    rules: Rules
    seat: int | None  # None: a spectator
    names: tuple[str, ...]
    bots: tuple[bool, ...]
    hand: tuple[Card, ...]  # sorted; empty for a spectator
    hand_sizes: dict[int, int]
    seats_in_deal: tuple[int, ...]
    turn: int | None
    phase: Phase | None
    discard_top: Card | None
    discard_size: int
    stock_size: int
    melds: tuple[MeldView, ...]
    scores: tuple[int, ...]
    opened: frozenset[int]
    deal_number: int
    dealer: int
    turns: int
    refills: int
    game_over: bool
    eliminated: frozenset[int]
    dropped: frozenset[int]
    # private to ``seat`` during its own turn
    drawn: Card | None = None
    taken: Card | None = None
    joker_to_play: Card | None = None
    melds_this_turn: int = 0
    played_before: bool = False  # melded or laid off on an earlier turn (no rummy then)
    can_lay_off: bool = False
    can_draw_stock: bool = True
    joker_pending: bool = False  # the joker taken by a swap must be played before discarding
    # a deal that goes nowhere (public): see rummy.stall
    quiet_refills: int = 0  # stock rebuilds since the last meld or lay-off
    goes_nowhere: bool = False  # any person dealt in may propose to end the deal
    end_proposer: int | None = None  # the seat that proposed to end it, while the proposal stands
    end_agreed: frozenset[int] = frozenset()  # seats agreeing: computer players always do
    end_waiting: tuple[int, ...] = ()  # the people still to agree, in turn order

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.turn == self.seat and not self.game_over

    @property
    def end_pending(self) -> bool:
        """A proposal to end the deal stands."""
        return self.end_proposer is not None

    @property
    def in_deal_as_person(self) -> bool:
        """This seat is a person dealt in the deal in play (who has a say in ending it)."""
        return self.seat is not None and self.seat in self.seats_in_deal and not self.bots[self.seat]

    @property
    def can_propose_end(self) -> bool:
        """This seat may propose to end the deal (``Table.propose_end``)."""
        return self.goes_nowhere and not self.end_pending and self.in_deal_as_person and not self.game_over

    @property
    def can_agree_end(self) -> bool:
        """This seat is still to agree to the standing proposal (``Table.agree_end``)."""
        return self.end_pending and self.seat in self.end_waiting

    @property
    def can_decline_end(self) -> bool:
        """This seat may decline, withdrawing the standing proposal (``Table.decline_end``)."""
        return self.end_pending and self.in_deal_as_person

    @property
    def has_opened(self) -> bool:
        return self.rules.opening == 0 or (self.seat is not None and self.seat in self.opened)


def view_for(game: Game, seat: int | None, end_vote: EndVote | None = None) -> PlayerView:
    """``seat``'s view (None: a spectator's). ``end_vote``: the table's standing proposal to end the
    deal in play (``rummy.stall.live``), if any."""
    deal = game.deal
    in_play = deal is not None and not deal.over and game.outcome is None
    vote = end_vote if in_play and deal is not None and end_vote is not None and end_vote.deal == deal.number else None
    people = [s for s in deal.seats if not game.players[s].is_bot] if deal is not None else []
    mine = deal is not None and seat is not None and deal.turn == seat and not deal.over
    hand: tuple[Card, ...] = ()
    if deal is not None and seat is not None and seat in deal.hands:
        hand = tuple(sort_hand(deal.hands[seat]))
    return PlayerView(
        rules=game.rules,
        seat=seat,
        names=tuple(p.name for p in game.players),
        bots=tuple(p.is_bot for p in game.players),
        hand=hand,
        hand_sizes={s: len(h) for s, h in deal.hands.items()} if deal else {},
        seats_in_deal=tuple(deal.seats) if deal else (),
        turn=deal.turn if deal and not deal.over else None,
        phase=deal.phase if deal else None,
        discard_top=deal.discard[-1] if deal and deal.discard else None,
        discard_size=len(deal.discard) if deal else 0,
        stock_size=len(deal.stock) if deal else 0,
        melds=tuple(MeldView(i, t.owner, t.meld) for i, t in enumerate(deal.melds)) if deal else (),
        scores=tuple(game.scores),
        opened=frozenset(deal.opened) if deal else frozenset(),
        deal_number=deal.number if deal else 0,
        dealer=game.dealer,
        turns=deal.turns if deal else 0,
        refills=deal.refills if deal else 0,
        game_over=game.outcome is not None,
        eliminated=frozenset(game.eliminated),
        dropped=frozenset(game.dropped),
        drawn=deal.drawn if mine and deal else None,
        taken=deal.taken if mine and deal else None,
        joker_to_play=deal.joker_to_play if mine and deal else None,
        melds_this_turn=deal.melds_now if mine and deal else 0,
        played_before=bool(deal and seat is not None and seat in deal.played),
        can_lay_off=bool(deal and seat is not None and deal.can_lay_off(seat)),
        can_draw_stock=bool(deal and deal.can_draw_stock()),
        joker_pending=bool(mine and deal and seat is not None and deal.joker_playable(seat)),
        quiet_refills=deal.quiet_refills if deal else 0,
        goes_nowhere=bool(in_play and deal and deal.goes_nowhere),
        end_proposer=vote.proposer if vote else None,
        end_agreed=(
            frozenset(s for s in deal.seats if game.players[s].is_bot or s in vote.agreed)
            if vote and deal
            else frozenset()
        ),
        end_waiting=tuple(s for s in people if s not in vote.agreed) if vote else (),
    )
