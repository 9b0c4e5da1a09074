"""A game: players, a sequence of deals, the score sheet and the end of the game."""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass, field
from enum import Enum

from rummy import actions as act
from rummy.deal import Deal, Event, Phase
from rummy.errors import GameOver, IllegalAction
from rummy.rules import GameEnd, Rules, Scoring
from rummy.scoring import DealEnd, DealOutcome


@dataclass(frozen=True)
class Player:
    id: str  # the bot stores Discord user ids; computer players get "bot:<n>"
    name: str
    bot_level: str | None = None  # None for people; "easy" | "normal" | "hard"

    @property
    def is_bot(self) -> bool:
        return self.bot_level is not None


class GameStatus(Enum):
    PLAYING = "playing"
    OVER = "over"


@dataclass(frozen=True)
class DealRecord:
    number: int
    dealer: int
    outcome: DealOutcome


@dataclass(frozen=True)
class Standing:
    seat: int
    rank: int  # 1 = winner; ties share a rank
    score: int
    deals_won: int
    rummies: int
    eliminated: bool
    dropped: bool


@dataclass(frozen=True)
class GameOutcome:
    standings: tuple[Standing, ...]  # best first

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(s.seat for s in self.standings if s.rank == 1)


@dataclass(slots=True)
class Game:
    rules: Rules
    players: list[Player]
    seed: int | None = None  # None: cryptographically random shuffles (play)
    scores: list[int] = field(default_factory=list)
    dealer: int = 0
    deal: Deal | None = None
    history: list[DealRecord] = field(default_factory=list)
    eliminated: dict[int, int] = field(default_factory=dict)  # seat -> deal number
    dropped: list[int] = field(default_factory=list)
    outcome: GameOutcome | None = None

    @classmethod
    def new(
        cls, rules: Rules, players: list[Player], seed: int | None = None, dealer: int | None = None
    ) -> tuple[Game, list[Event]]:
        """Start a game and its first deal. The first dealer is drawn at random (or seeded)."""
        rules.validate(len(players))
        game = cls(rules, list(players), seed, [0] * len(players))
        if dealer is None:
            dealer = game._rng("dealer").randrange(len(players))
        game.dealer = dealer
        return game, game._start_deal()

    def copy(self) -> Game:
        """A game equal to this one that shares nothing a move changes (see :meth:`Deal.copy`)."""
        new = object.__new__(Game)  # every field set by name, as in Deal.copy
        new.rules = self.rules
        new.players = list(self.players)
        new.seed = self.seed
        new.scores = list(self.scores)
        new.dealer = self.dealer
        new.deal = self.deal.copy() if self.deal is not None else None
        new.history = list(self.history)
        new.eliminated = dict(self.eliminated)
        new.dropped = list(self.dropped)
        new.outcome = self.outcome
        return new

    # -- randomness ------------------------------------------------------------------------
    def _rng(self, purpose: str) -> random.Random:
        if self.seed is None:
            return secrets.SystemRandom()
        return random.Random(f"{self.seed}:{len(self.history) + 1}:{purpose}")

    # -- queries ---------------------------------------------------------------------------
    @property
    def status(self) -> GameStatus:
        return GameStatus.OVER if self.outcome is not None else GameStatus.PLAYING

    @property
    def active_seats(self) -> list[int]:
        return [s for s in range(len(self.players)) if s not in self.eliminated and s not in self.dropped]

    @property
    def scoreless_deals_in_a_row(self) -> int:
        """How many of the last deals, up to the latest one, ended with nobody scoring."""
        count = 0
        for record in reversed(self.history):
            if not record.outcome.scoreless:
                break
            count += 1
        return count

    @property
    def deal_number(self) -> int:
        return self.deal.number if self.deal else len(self.history)

    def seat_of(self, player_id: str) -> int | None:
        for i, p in enumerate(self.players):
            if p.id == player_id:
                return i
        return None

    # -- play ------------------------------------------------------------------------------
    def check(self, seat: int, action: act.Action) -> None:
        """Raise :class:`IllegalAction` (with the reason) if ``seat`` may not take ``action`` now."""
        self._current_deal(seat).check(seat, action)

    def _current_deal(self, seat: int) -> Deal:
        if self.outcome is not None or self.deal is None:
            raise GameOver("This game is over.", key="game_over")
        if seat in self.dropped:
            raise IllegalAction("You have left this game.", key="left_game")
        if seat in self.eliminated:
            raise IllegalAction("You are out of this game: your score reached the limit.", key="eliminated")
        if seat not in self.deal.seats:
            raise IllegalAction("You are not dealt in this deal.", key="not_dealt_in")
        return self.deal

    def apply(self, seat: int, action: act.Action) -> list[Event]:
        """Check and apply ``action`` by ``seat``; an illegal action changes nothing."""
        deal = self._current_deal(seat)
        events = deal.apply(seat, action, self._rng(f"refill{deal.refills}"))
        if deal.over:
            events += self._close_deal()
        return events

    def drop(self, seat: int) -> list[Event]:
        """Take a player out of the game (left, or timed out too often).

        Their hand goes under the stock (cards are conserved) and their melds stay on the table.
        If fewer than two players are left in the deal, it ends with nobody scoring; if fewer than
        two are left in the game, the game ends.
        """
        if not 0 <= seat < len(self.players):
            raise IllegalAction(f"There is no seat {seat} at this table.", key="no_such_seat", params={"seat": seat})
        if self.outcome is not None or seat in self.dropped:
            return []
        self.dropped.append(seat)
        events = [Event("dropped", seat)]
        if self.deal is not None and not self.deal.over:
            if len([s for s in self.deal.seats if s != seat]) < 2:
                self.deal.remove_seat(seat, self._rng("drop"), play_on=False)
                events += self._abandon_deal()
                return events
            events += self.deal.remove_seat(seat, self._rng(f"refill{self.deal.refills}"))
            if self.deal.over:
                events += self._close_deal()
        elif self._game_finished():
            self.outcome = self._standings()
            events.append(Event("game_over", None, detail={"winners": list(self.outcome.winners)}))
        return events

    def end_by_agreement(self) -> list[Event]:
        """End the deal in play, which goes nowhere, as the people at the table agreed (see
        :mod:`rummy.stall`, which checks first): nobody scores, and the game goes on as after any deal
        (a scoreless deal: it counts toward ``void_deal_limit``)."""
        if self.outcome is not None or self.deal is None:
            raise GameOver("This game is over.", key="game_over")
        return self.deal.end_by_agreement() + self._close_deal()

    def _abandon_deal(self) -> list[Event]:
        assert self.deal is not None
        outcome = DealOutcome(
            DealEnd.ABANDONED, (), dict.fromkeys(self.deal.hands, 0), dict.fromkeys(self.deal.hands, 0)
        )
        self.deal.outcome = outcome
        self.deal.phase = Phase.OVER
        over = Event("deal_over", None, detail={"reason": "abandoned", "winners": [], "points": {}, "rummy": False})
        return [over, *self._close_deal()]

    # -- between deals ---------------------------------------------------------------------
    def _close_deal(self) -> list[Event]:
        deal = self.deal
        assert deal is not None and deal.outcome is not None
        for seat, pts in deal.outcome.points.items():
            self.scores[seat] += pts
        self.history.append(DealRecord(deal.number, deal.dealer, deal.outcome))
        events: list[Event] = []
        if self.rules.game_end is GameEnd.ELIMINATION:
            for seat in self.active_seats:
                if self.scores[seat] >= self.rules.game_length:
                    self.eliminated[seat] = deal.number
                    events.append(Event("eliminated", seat, detail={"score": self.scores[seat]}))
        if self._game_finished():
            self.outcome = self._standings()
            events.append(Event("game_over", None, detail={"winners": list(self.outcome.winners)}))
            return events
        self.dealer = self._next_dealer(deal)
        return events + self._start_deal()

    def _game_finished(self) -> bool:
        if len(self.active_seats) < 2:
            return True
        end, n = self.rules.game_end, self.rules.game_length
        if end is GameEnd.DEALS:
            return len(self.history) >= n
        # (decision) Deals in which nobody scores could make a target or elimination game last for
        # ever: a run of them ends it, and the best total wins. Nothing else caps the deals.
        if self.scoreless_deals_in_a_row >= self.rules.void_deal_limit:
            return True
        if end is GameEnd.TARGET:
            return any(self.scores[s] >= n for s in self.active_seats)
        return False

    def _next_dealer(self, deal: Deal) -> int:
        active = self.active_seats
        outcome = deal.outcome
        if (
            self.rules.winner_deals_two_players
            and len(active) == 2
            and outcome is not None
            and len(outcome.winners) == 1
            and outcome.winners[0] in active
        ):
            return outcome.winners[0]
        n = len(self.players)
        for step in range(1, n + 1):
            seat = (self.dealer + step) % n
            if seat in active:
                return seat
        return active[0]

    def _start_deal(self) -> list[Event]:
        seats = self.active_seats
        deal = self.deal = Deal.new(self.rules, len(self.history) + 1, seats, self.dealer, self._rng("deal"))
        # Public from the first moment: who is dealt in, and the card turned face up (if any).
        up = deal.discard[-1].pretty if deal.discard else None
        detail = {"number": deal.number, "starter": deal.turn, "seats": list(deal.seats), "up": up}
        return [Event("deal_started", self.dealer, detail=detail)]

    def standings(self) -> GameOutcome:
        """The standings as the game stands: its outcome once it is over, else the totals of the
        deals played so far ranked as the end of the game ranks them (the deal in play counts for
        nobody). A tournament's time limit ends a table on these (:mod:`rummy.tournament.timelimit`)."""
        return self.outcome if self.outcome is not None else self._standings()

    def _standings(self) -> GameOutcome:
        n = len(self.players)
        won = [0] * n
        rummies = [0] * n
        for rec in self.history:
            for w in rec.outcome.winners:
                won[w] += 1
                if rec.outcome.rummy:
                    rummies[w] += 1
        low_wins = self.rules.scoring is Scoring.PENALTY

        def key(seat: int) -> tuple[int, int, int]:
            # Dropped seats come last, the first to leave last of all.
            dropped = len(self.dropped) - self.dropped.index(seat) if seat in self.dropped else 0
            # Eliminated later ranks better; survivors rank ahead of everyone eliminated.
            out = -self.eliminated.get(seat, 10**6)
            score = self.scores[seat] if low_wins else -self.scores[seat]
            return (dropped, out, score)

        order = sorted(range(n), key=key)
        standings: list[Standing] = []
        for i, seat in enumerate(order):
            rank = i + 1
            if i and key(order[i - 1]) == key(seat):
                rank = standings[-1].rank
            standings.append(
                Standing(
                    seat,
                    rank,
                    self.scores[seat],
                    won[seat],
                    rummies[seat],
                    seat in self.eliminated,
                    seat in self.dropped,
                )
            )
        return GameOutcome(tuple(standings))
