"""Pieces every level shares: which melds may go down now, lay-offs, and a legal discard to fall back on."""

from __future__ import annotations

from collections.abc import Sequence

from rummy import actions as act
from rummy.ai.arrange import Plan, best_plan
from rummy.ai.legal import lay_offs, legal_discards, meld_ok, remove_cards
from rummy.cards import Card
from rummy.scoring import card_value
from rummy.view import PlayerView


def meld_plan(view: PlayerView, hand: Sequence[Card]) -> Plan | None:
    """The split of ``hand`` to lay down now: least deadwood once opened, else one that reaches the opening."""
    plan = best_plan(hand, view.rules)
    if view.has_opened:
        return plan if plan.melds else None
    if plan.points >= view.rules.opening:
        return plan
    opening = best_plan(hand, view.rules, "opening")
    return opening if opening.points >= view.rules.opening else None


def meld_action(view: PlayerView, plan: Plan | None) -> act.Meld | None:
    """The melds of ``plan`` the engine accepts now: all at once, else the biggest one alone."""
    if plan is None or not plan.melds:
        return None
    if meld_ok(view, plan.melds):
        return act.Meld(plan.melds)
    if view.has_opened:
        for group in sorted(plan.melds, key=len, reverse=True):
            if meld_ok(view, [group]):
                return act.Meld((group,))
    return None


def lay_off_action(view: PlayerView, cards: Sequence[Card]) -> act.LayOff | None:
    """The first accepted lay-off of one of ``cards`` (costliest first)."""
    if not view.can_lay_off or not view.melds:
        return None
    ordered = sorted(cards, key=lambda c: -card_value(c, view.rules))
    found = lay_offs(view, ordered)
    return found[0] if found else None


def without(hand: Sequence[Card], cards: Sequence[Card]) -> list[Card]:
    rest = remove_cards(hand, cards)
    return list(hand) if rest is None else rest


def least_harm_discard(view: PlayerView, candidates: Sequence[Card] | None = None) -> Card:
    """Among legal discards (restricted to ``candidates`` if any are legal), the one leaving least deadwood."""
    legal = legal_discards(view)
    if not legal:
        return view.hand[0]
    pool = [c for c in legal if candidates is None or any(c.key == k.key for k in candidates)] or legal
    seen: dict[Card, tuple[int, int]] = {}
    for card in pool:
        if card not in seen:
            rest = without(view.hand, [card])
            seen[card] = (best_plan(rest, view.rules).deadwood, -card_value(card, view.rules))
    return min(pool, key=lambda c: seen[c])
