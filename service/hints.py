"""Advice for one player from their own view: melds they can make, the opening, a discard.

Used by the private hand ("melds in your hand"), by ``/hint`` and by ``/meld`` autocomplete, and
only at tables with hints on (the hand's meld list counts as a hint). A ``/meld`` command is only
ever suggested from :attr:`Advice.playable_now`, which the engine has accepted. It reads only the
player's :class:`~rummy.view.PlayerView`. The solver is exact and CPU-bound, so async callers use
:func:`advise_async`: a worker thread for a hand that may need a search, at once for the rest.

A player's advice depends only on the game's version and their seat, and one version is looked at
many times (the hand sent after a move, "My hand", ``/hand``, the refresh button, ``/hint``, and
``/meld``'s autocomplete at every keystroke), so :class:`AdviceCache` works it out once per version.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass, replace

from rummy import actions as act
from rummy.cards import Card
from rummy.deal import Phase
from rummy.errors import RummyError
from rummy.game import Game
from rummy.melds import Meld
from rummy.rules import Rules
from rummy.solver import Solution, best_discard, best_melds, is_quick
from rummy.view import PlayerView


@dataclass(frozen=True)
class Advice:
    best: Solution  # least deadwood left in hand
    opening: Solution | None  # most meld points, while the player still has to open
    discard: Card | None  # during the player's own turn, after the draw
    needed: int  # the opening threshold (0: none)
    playable_now: tuple[Meld, ...] = ()  # melds the rules accept right now (checked by the engine)
    take_deadwood: int | None = None  # in the draw phase: deadwood kept after taking the top discard

    @property
    def can_open(self) -> bool:
        return self.opening is not None and self.opening.melded_points >= self.needed


def meld_command(melds: tuple[Meld, ...]) -> str:
    """The ``/meld`` text that lays these melds down (jokers pinned to what they stand for)."""
    return "/meld " + " | ".join(" ".join(m.labels(pretty=False)) for m in melds)


def _candidates(advice: Advice, rules: Rules) -> list[tuple[Meld, ...]]:
    """Meld sets worth suggesting, best first: the opening, the least-deadwood partition, then
    each single meld by points (a table with one new meld per turn accepts only one)."""
    sets: list[tuple[Meld, ...]] = []
    if advice.opening is not None and advice.opening.melds:
        sets.append(tuple(advice.opening.melds))
    if advice.best.melds:
        sets.append(tuple(advice.best.melds))
    singles = [m for melds in list(sets) for m in melds]
    for meld in sorted(singles, key=lambda m: m.points(rules), reverse=True):
        sets.append((meld,))
    return sets


def playable(advice: Advice, game: Game, seat: int) -> tuple[Meld, ...]:
    """The first suggestion the engine accepts as ``seat``'s next move (empty: none). Each one is
    typed back through ``/meld``'s parser and checked with :meth:`Game.check`, so the opening
    threshold, one meld per turn and the phase all apply."""
    for melds in _candidates(advice, game.rules):
        try:
            game.check(seat, act.Meld.parse(meld_command(melds).removeprefix("/meld ")))
        except (RummyError, ValueError):
            continue
        return melds
    return ()


def _wants_opening(view: PlayerView) -> bool:
    """Whether the advice also looks for the opening (a threshold the player has not reached yet)."""
    return bool(view.rules.opening) and not view.has_opened


def advise(view: PlayerView, game: Game | None = None) -> Advice:
    """Advice for ``view.seat`` (CPU-bound: async code calls :func:`advise_async`). With ``game``,
    :attr:`Advice.playable_now` holds the melds the rules accept now (empty out of turn)."""
    hand = list(view.hand)
    rules = view.rules
    best = best_melds(hand, rules, "deadwood")
    opening = None
    if _wants_opening(view):
        opening = best_melds(hand, rules, "opening")
    discard = None
    if view.my_turn and view.phase is Phase.PLAY and hand:
        try:
            discard, _kept = best_discard(hand, rules, forbidden=view.taken)
        except ValueError:
            discard = None
    take = None
    if view.my_turn and view.phase is Phase.DRAW and view.discard_top is not None:
        try:
            take = best_discard([*hand, view.discard_top], rules, forbidden=view.discard_top)[1].deadwood
        except ValueError:
            take = None
    advice = Advice(best, opening, discard, rules.opening, take_deadwood=take)
    if game is not None and view.seat is not None and view.my_turn and view.phase is Phase.PLAY:
        advice = replace(advice, playable_now=playable(advice, game, view.seat))
    return advice


def _quick(view: PlayerView) -> bool:
    """Whether :func:`advise` takes only the solver's fast path for ``view`` (see
    :func:`rummy.solver.is_quick`): its hand, with the top of the discard pile it may weigh."""
    cards = [*view.hand, view.discard_top] if view.discard_top is not None else list(view.hand)
    objectives = ("deadwood", "opening") if _wants_opening(view) else ("deadwood",)
    return is_quick(cards, view.rules, objectives)


async def advise_async(view: PlayerView, game: Game | None = None) -> Advice:
    """:func:`advise` without holding up the event loop.

    A hand the solver's fast path takes (:func:`rummy.solver.is_quick`: distinct cards of one deck,
    no joker, its tables built) is advised at once, in the loop. Any other hand goes to a worker
    thread, where a long search gives the loop a turn at every switch interval.
    """
    if _quick(view):
        return advise(view, game)
    return await asyncio.to_thread(advise, view, game)


DEFAULT_SIZE = 8192  # (game, seat) pairs: the 2,048 games service.cache keeps decoded, four seats each


class AdviceCache:
    """Advice already worked out, per (game, seat), for the version of the game it was made at.

    Only the newest version of each (game, seat) is kept, and at most ``size`` of them (the least
    recently used go first). An entry is used only for the exact version it was made at, and a
    game's version changes with every action, so a stale one is never served.
    """

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        if size < 1:
            raise ValueError("the cache holds at least one advice")
        self.size = size
        self._entries: OrderedDict[tuple[int, int], tuple[int, Advice]] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, game_id: int, version: int, seat: int) -> Advice | None:
        entry = self._entries.get((game_id, seat))
        if entry is None or entry[0] != version:
            return None
        self._entries.move_to_end((game_id, seat))
        return entry[1]

    def put(self, game_id: int, version: int, seat: int, advice: Advice) -> None:
        key = (game_id, seat)
        old = self._entries.get(key)
        if old is not None and old[0] > version:  # a slower computation of an older version
            return
        self._entries[key] = (version, advice)
        self._entries.move_to_end(key)
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)

    async def advice(self, game_id: int, version: int, view: PlayerView, game: Game | None) -> Advice:
        """``view.seat``'s advice at ``version`` of the game (``view`` and ``game`` are of that
        version): from the cache, or worked out (:func:`advise_async`) and kept."""
        assert view.seat is not None, "a spectator gets no advice"
        found = self.get(game_id, version, view.seat)
        if found is not None:
            self.hits += 1
            return found
        self.misses += 1
        advice = await advise_async(view, game)
        self.put(game_id, version, view.seat, advice)
        return advice


def swaps(view: PlayerView, game: Game | None) -> tuple[act.Swap, ...]:
    """The joker swaps ``view.seat`` may make now, one per meld and card (each checked by the
    engine, so the phase, the opening and the table's swap rule all apply): the hand holds the card
    a joker on the table stands for. Not a hint: the cards and the melds are in plain sight."""
    if game is None or view.seat is None or not view.my_turn or view.phase is not Phase.PLAY:
        return ()
    if not view.rules.joker_swap:
        return ()
    found: list[act.Swap] = []
    for shown in view.melds:
        meld = shown.meld
        for index, card in enumerate(meld.cards):
            face = meld.stands_for(index) if card.is_joker else None
            held = next((c for c in view.hand if face is not None and not c.is_joker and c.face == face), None)
            if held is None or act.Swap(shown.index, held) in found:
                continue
            try:
                game.check(view.seat, act.Swap(shown.index, held))
            except RummyError:
                continue
            found.append(act.Swap(shown.index, held))
    return tuple(found)
