"""The ``expert`` level: ``hard``, plus a search of the close decisions over sampled hidden hands.

At each decision it first works out ``hard``'s move. Where ``hard``'s best candidates are close
(take the top discard or draw from the stock; which card to discard), it samples worlds from its
:class:`~rummy.ai.model.HandModel` (hidden hands consistent with what the table showed), plays each
candidate in every world, then a short rollout with ``hard`` in every seat (to the next player's
draw), and scores the position it reaches:
a finished deal by who won it, an unfinished one by how close each player is to going out
(``hard``'s own measure of a hand). Every candidate is scored on the same worlds, with the same
random numbers, so the comparison is between moves, not between lucky draws. It stops early once
the answer is settled, and keeps ``hard``'s move unless another gains by a margin and clearly (in
standard errors of the gains, paired on the same worlds).

The decision is a pure function of the view, the table memory, the seed and the :class:`Budget`
(the number of sampled worlds): the same four give the same move. It sees nothing but its view.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rummy import actions as act
from rummy.ai import hard
from rummy.ai.common import meld_action, meld_plan, without
from rummy.ai.legal import draw_sources, legal_discards
from rummy.ai.memory import TableMemory
from rummy.ai.model import HandModel, World
from rummy.ai.safe import safe_action
from rummy.deal import Deal, Phase, TableMeld
from rummy.errors import IllegalAction
from rummy.game import Game, Player
from rummy.rules import LayOffRule, Scoring
from rummy.view import PlayerView, view_for

ROLLOUT_ACTIONS_CAP = 60  # a rollout's actions at most (far above two turns): a guard, not a rule
MIN_SAMPLES = 4  # worlds played before stopping early
Z_SWITCH = 2.0  # standard errors that settle a search early, and the strict rule's (Budget.table_z)


@dataclass(frozen=True)
class Budget:
    """How much an ``expert`` decision may think: sampled worlds per decision, candidates at most."""

    samples: int = 24
    candidates: int = 2
    horizon: int = 1  # turns played out after the expert's own (the last of them to its draw only)
    close: float = 0.4  # candidates within this many loose cards of hard's best are searched
    # How much better (in win chance) another move must do than hard's, and by how many standard errors
    # (paired on the same worlds). Measured in basic, heads-up: 0.03 and 2 switched on 1.6% of decisions
    # and left the expert at par; 0.02 and 1.5 gained 5 points; 0.01 and 1 lost them again (README).
    margin: float = 0.02
    z: float = 1.5
    # The same once melds are on the table: the one-turn leaf does not see the lay-offs they offer, and
    # the looser rule lost 1.5-2 points in rummy100, where hard lays its melds down as it goes.
    table_margin: float = 0.03
    table_z: float = Z_SWITCH
    # Where an opening is required (the 13-card games, two decks and jokers) a rollout costs several times
    # more: 24 worlds there missed the time target (rami51: p99 983 ms) and gained nothing (45.0%, 60
    # boards), and 8 still missed it (p99 358-454 ms) at par. 6 worlds: the same share (heads-up, 100
    # boards: rami51 50.5%, ref40 48.0%, ref51 48.0%, against 49.0%, 50.0%, 48.0% with 8), p99 230-296 ms;
    # so those games keep at most 6 worlds and the stricter rule throughout.
    opening_samples: int = 6
    check_every: int = 4  # worlds between two looks at whether one candidate leads clearly
    lay_now: bool = False  # where hard holds its melds for a rummy, search laying them down now too: measured
    # harmful (its short rollouts see a smaller hand, not the lay-offs it offers), so off (benchmarks/README.md)


DEFAULT_BUDGET = Budget()


@dataclass(frozen=True)
class Decision:
    """The move, with what the search saw (for tests and benchmarks)."""

    action: act.Action
    base: act.Action  # hard's move
    searched: bool
    samples: int  # worlds played (0 when not searched)
    values: tuple[float, ...] = ()  # each candidate's mean, hard's move first


def choose(
    view: PlayerView, seed: int, memory: TableMemory | None = None, budget: Budget = DEFAULT_BUDGET
) -> act.Action:
    """The expert's next action for ``view.seat`` (which must be to move)."""
    return decide(view, seed, memory, budget).action


def decide(
    view: PlayerView,
    seed: int,
    memory: TableMemory | None,
    budget: Budget = DEFAULT_BUDGET,
    give_up: Callable[[], bool] | None = None,
) -> Decision:
    """:func:`choose`, with what the search saw. ``give_up`` is asked before each sampled world: when it
    says so (the caller's time ran out), the decision is ``hard``'s move, whatever was searched."""
    if memory is not None:
        memory.sync(view)
    base = hard.choose(view, random.Random(seed), memory)
    if budget.samples <= 0:
        return Decision(base, base, False, 0)
    style = hard.STYLES[view.rules.scoring]
    candidates = _candidates(view, memory, style, base, budget)
    if len(candidates) < 2:
        return Decision(base, base, False, 0)
    model = HandModel.of(view, memory)
    if model is None:
        return Decision(base, base, False, 0)
    rows: list[list[float]] = []  # one row per sampled world: each candidate's value, hard's move first
    samples = min(budget.samples, budget.opening_samples) if view.rules.opening else budget.samples
    for i in range(samples):
        if give_up is not None and give_up():
            return Decision(base, base, False, len(rows))
        world_seed = random.Random(f"{seed}:{i}").getrandbits(64)
        world = model.sample(random.Random(world_seed))
        rows.append([_rollout(view, world, action, world_seed, budget, memory) for action in candidates])
        played = len(rows)
        if played >= MIN_SAMPLES and played % budget.check_every == 0 and played < samples and _settled(rows):
            break
    means = tuple(sum(col) / len(rows) for col in zip(*rows, strict=True))
    best = better(rows, *switch_rule(view, budget))
    return Decision(candidates[best], base, True, len(rows), means)


def switch_rule(view: PlayerView, budget: Budget) -> tuple[float, float]:
    """The margin and the standard errors by which another move must beat hard's: stricter once melds
    are on the table, whose lay-offs the one-turn leaf does not see, and where an opening is required."""
    strict = view.melds or view.rules.opening
    return (budget.table_margin, budget.table_z) if strict else (budget.margin, budget.z)


def _gains(rows: Sequence[Sequence[float]], c: int) -> tuple[float, float]:
    """Candidate ``c``'s mean gain over hard's move on the same worlds, and its standard error."""
    diffs = [row[c] - row[0] for row in rows]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(var / n)


def better(rows: Sequence[Sequence[float]], margin: float, z: float = Z_SWITCH) -> int:
    """The candidate to play: the one gaining most over hard's move, if it gains more than ``margin`` and
    clearly (``z`` standard errors, paired on the same worlds); else hard's move (0)."""
    if len(rows) < 2:
        return 0
    best, best_gain = 0, 0.0
    for c in range(1, len(rows[0])):
        gain, error = _gains(rows, c)
        if gain > margin and gain > z * error and gain > best_gain:
            best, best_gain = c, gain
    return best


def _settled(rows: Sequence[Sequence[float]]) -> bool:
    """Whether more worlds would hardly change the answer: every alternative is clearly worse than
    hard's move, or one is far ahead of it."""
    gains = [_gains(rows, c) for c in range(1, len(rows[0]))]
    if all(gain + Z_SWITCH * error < 0 for gain, error in gains):
        return True
    best = better(rows, 0.0)
    return best > 0 and gains[best - 1][0] > 2 * Z_SWITCH * gains[best - 1][1]


# -- the candidates -------------------------------------------------------------------------------


def _candidates(
    view: PlayerView, memory: TableMemory | None, style: hard.Style, base: act.Action, budget: Budget
) -> list[act.Action]:
    """hard's move first, then the alternatives close to it (none: nothing to search)."""
    turn = hard.Turn(view, memory, style)
    if view.phase is Phase.DRAW:
        return _draw_candidates(turn, base, budget)
    if view.joker_to_play is not None or view.joker_pending:
        return [base]
    out: list[act.Action] = [base]
    hand = list(view.hand)
    legal = legal_discards(view)
    if isinstance(base, act.Discard) and legal:
        ranked = sorted(dict.fromkeys(legal), key=lambda c: turn.discard_cost(hand, c))
        best = turn.discard_cost(hand, ranked[0])
        for card in ranked:
            if len(out) >= budget.candidates:
                break
            cost = turn.discard_cost(hand, card)
            if card != base.card and cost - best <= budget.close * turn.unit:
                out.append(act.Discard(card))
        # hard holds its melds: or lay them now?
        if budget.lay_now and hard._holding(turn) and len(out) < budget.candidates + 1:
            found = meld_action(view, meld_plan(view, without(hand, [base.card])))
            if found is not None:
                out.append(found)
    return out


def _draw_candidates(turn: hard.Turn, base: act.Action, budget: Budget) -> list[act.Action]:
    view = turn.view
    sources = draw_sources(view)
    top = view.discard_top
    if len(sources) < 2 or top is None:
        return [base]
    hand = list(view.hand)
    now = turn.score(hand) if turn.style.draw_keeps_hand else turn.best_discard(hand, hand)[0]
    taken = [*hand, top]
    after, _card = turn.best_discard(taken, [c for c in taken if c is not top])
    if abs(after - (now - turn.style.stock_gain)) > budget.close * turn.unit / 2:
        return [base]
    other = act.Source.STOCK if isinstance(base, act.Draw) and base.source is act.Source.DISCARD else act.Source.DISCARD
    return [base, act.Draw(other)]


# -- one world, one candidate ---------------------------------------------------------------------


def world_game(view: PlayerView, world: World) -> Game:
    """A game whose deal in play is ``world``: the view's public state with the hidden cards placed."""
    seat = view.seat
    assert seat is not None and view.turn is not None and view.phase is not None
    rules = view.rules
    later = rules.lay_off is LayOffRule.AFTER_OPENING_LATER_TURNS
    opened = {s: -1 for s in view.opened}
    if seat in view.opened and later and not view.can_lay_off:
        opened[seat] = view.turns  # it opened this turn
    owners = {mv.owner for mv in view.melds}
    played = {s for s in view.seats_in_deal if s != seat and (s in owners or s in view.opened)}
    if view.played_before:
        played.add(seat)
    hands = {s: list(cards) for s, cards in world.hands.items()}
    deal = Deal(
        rules,
        view.deal_number,
        list(view.seats_in_deal),
        view.dealer,
        hands,
        list(world.stock),
        list(world.discard),
        view.turn,
        phase=view.phase,
        melds=[TableMeld(mv.meld, mv.owner) for mv in view.melds],
        turns=view.turns,
        refills=view.refills,
        opened=opened,
        played=played,
        played_now=view.melds_this_turn > 0,
        melds_now=view.melds_this_turn,
        taken=view.taken,
        drawn=view.drawn,
        joker_to_play=view.joker_to_play,
        quiet_refills=view.quiet_refills,
    )
    players = [Player(f"bot:{i}", name, "hard") for i, name in enumerate(view.names)]
    game = Game(rules, players, None, list(view.scores), view.dealer, deal)
    game.eliminated = {s: 0 for s in view.eliminated}
    game.dropped = list(view.dropped)
    return game


def _rollout(
    view: PlayerView, world: World, action: act.Action, seed: int, budget: Budget, memory: TableMemory | None
) -> float:
    """Play ``action`` in ``world``, then ``hard`` everywhere to the horizon: the seat's chance to win.

    The table memory is public (every seat saw the same discards and pickups): one copy of it, fed
    the rollout's events, serves every seat's ``hard``, as their own memories serve them at the table."""
    seat = view.seat
    assert seat is not None
    game = world_game(view, world)
    deal = game.deal
    assert deal is not None
    rng = random.Random(seed)
    public = memory.copy() if memory is not None else TableMemory()
    try:
        public.observe_all(deal.apply(seat, action, rng))
    except IllegalAction:
        return -1.0  # never chosen: a candidate the engine refuses
    # The expert's turn to its end, then ``horizon - 1`` whole turns and the next player's draw.
    stop = view.turns + budget.horizon
    actions = 0
    while not deal.over and actions < ROLLOUT_ACTIONS_CAP:
        if deal.turns >= stop and (deal.turn == seat or deal.phase is not Phase.DRAW):
            break
        actions += 1
        mover = deal.turn
        seen = view_for(game, mover)
        try:
            events = deal.apply(mover, hard.choose(seen, rng, public), rng)
        except IllegalAction:
            events = deal.apply(mover, safe_action(seen), rng)
        public.observe_all(events)
    return _value(game, seat, public)


def _value(game: Game, seat: int, memory: TableMemory) -> float:
    """The seat's chance of winning the deal from here: 1 or 0 once it is over, else an estimate."""
    deal = game.deal
    assert deal is not None
    if deal.over:
        assert deal.outcome is not None
        winners = deal.outcome.winners
        if not winners:
            return 1.0 / len(deal.seats)  # a dead deal: nobody's, an even share
        return 1.0 / len(winners) if seat in winners else 0.0
    weights = {s: math.exp(-_distance(game, s, memory)) for s in deal.seats}
    return weights[seat] / sum(weights.values())


def _distance(game: Game, seat: int, memory: TableMemory) -> float:
    """How far ``seat`` is from going out, in loose cards: hard's score of its hand over one card's cost
    (for the player to move after its draw: of its hand after its best discard)."""
    view = view_for(game, seat)
    style = hard.STYLES[view.rules.scoring]
    memory.sync(view)
    turn = hard.Turn(view, memory, style)
    hand = list(view.hand)
    legal = legal_discards(view) if view.my_turn and view.phase is Phase.PLAY else []
    score = turn.best_discard(hand, legal)[0] if legal else turn.score(hand)
    if view.rules.scoring is Scoring.PENALTY and not view.has_opened:
        return score / 10.0
    return score / turn.unit
