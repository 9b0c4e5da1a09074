"""The rules of a table as facts, built from the knobs so that a house rule changes them.

:func:`describe_rules` gives the facts of one table: the title and ten :class:`Fact` sections (the
pack, the deal, the turn, melds, the opening, lay-offs, going out, the empty stock, scoring, the
end of the game), each a key with its values, some of them facts in turn. The words are the
catalog's (``service/locales``: ``describe.<key>``, one message per key), so no language is
written here. Where a source left a point open, RULES.md took a **decision**; each fact of such a
point says whether this table plays it as a decision (:attr:`Fact.decision`), so the text can name
it. :data:`DECISIONS` says which presets took which decision, and under which knob values it is in
effect. :func:`describe_overrides` gives the house rules, knob by knob.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeAlias

from rummy.rules import (
    KNOBS,
    MIN_PLAYERS,
    PRESETS,
    STALL_REBUILDS,
    AceRule,
    DeadDeal,
    FirstDiscard,
    GameEnd,
    JokerLimit,
    JokerPlace,
    Rules,
)

_ALL_BUT_REF = frozenset({"basic", "rummy100", "rami100", "rami51"})
_REF = frozenset({"ref40", "ref51"})


@dataclass(frozen=True, slots=True)
class Fact:
    """One point of the rules: a ``key`` (a catalog message ``describe.<key>``) and its values, by
    name: numbers, code names (a preset, a knob), facts, or a tuple of facts (a list). ``decision``:
    RULES.md decided this point for the table's preset (its source is silent)."""

    key: str
    params: tuple[tuple[str, Value], ...] = ()
    decision: bool = False

    def __getitem__(self, name: str) -> Value:
        for found, value in self.params:
            if found == name:
                return value
        raise KeyError(name)

    def walk(self) -> list[Fact]:
        """This fact and every fact among its values, depth first."""
        found = [self]
        for _name, value in self.params:
            for child in value if isinstance(value, tuple) else (value,):  # a list holds facts and numbers
                if isinstance(child, Fact):
                    found += child.walk()
        return found


Value: TypeAlias = int | str | Fact | tuple[Fact | int, ...]


def fact(key: str, **params: Value) -> Fact:
    return Fact(key, tuple(params.items()))


@dataclass(frozen=True)
class Decision:
    """A point RULES.md decided for ``presets`` (their source is silent), in force when ``applies``.
    Its fact has the decision's key."""

    key: str
    presets: frozenset[str]
    applies: Callable[[Rules], bool]


DECISIONS: tuple[Decision, ...] = (
    Decision("starter_may_meld", frozenset({"rami51"}), lambda r: r.first_discard is FirstDiscard.STARTER_EXTRA_CARD),
    Decision("who_starts", frozenset({"rami100", "rami51"}), lambda r: True),
    Decision(
        "jokers_per_meld",
        frozenset({"rami51"}),
        lambda r: r.jokers > 0 and r.joker_limit is JokerLimit.NO_MORE_THAN_NATURALS,
    ),
    Decision("ace_in_set", _ALL_BUT_REF, lambda r: r.opening > 0 and r.ace_in_set_points == 11),
    Decision("discard_rule", frozenset({"rami100", "rami51"}), lambda r: True),
    Decision("final_discard_optional", frozenset({"rami51"}), lambda r: not r.final_discard_required),
    Decision("rami_sec_off", _REF, lambda r: not r.rummy_doubles),
    Decision("refill_unlimited", frozenset({"rami51"}), lambda r: r.refill_limit is None),
    Decision("turn_cap", _ALL_BUT_REF, lambda r: True),
    Decision(
        "stalled_deal",
        frozenset({"basic", "rummy100", "rami51"}),  # rami100 and ref40/ref51 cannot rebuild that often
        lambda r: r.end_by_agreement,
    ),
    Decision("penalty_scoring", _REF, lambda r: r.penalty),
    Decision("ace_value", _REF, lambda r: r.ace_value == 11),
    Decision("joker_value", _REF, lambda r: r.jokers > 0 and r.joker_value == 25),
    Decision("game_length", _REF, lambda r: r.game_end is GameEnd.ELIMINATION),
    Decision(
        "void_deals",
        frozenset({"rummy100", "rami100", "rami51", "ref40", "ref51"}),
        lambda r: r.game_end is not GameEnd.DEALS,
    ),
)
_BY_KEY = {d.key: d for d in DECISIONS}


def decisions_for(rules: Rules) -> list[Decision]:
    """The decisions of RULES.md that this table plays (by its preset and its knob values)."""
    return [d for d in DECISIONS if rules.name in d.presets and d.applies(rules)]


def _decided(rules: Rules, key: str, **params: Value) -> Fact:
    """A decision's fact, marked when this table plays it as a decision."""
    decision = _BY_KEY[key]
    return Fact(key, tuple(params.items()), rules.name in decision.presets and decision.applies(rules))


def _by_players(values: dict[int, Fact | int], first: Fact | None = None) -> tuple[Fact | int, ...]:
    """Player counts that share a value, grouped: one value for all, else ``first_group`` (the
    value ``first``, or the first value, with its players) then ``next_group`` facts."""
    groups: list[tuple[Fact | int, list[int]]] = []
    for n, value in values.items():
        if groups and groups[-1][0] == value:
            groups[-1][1].append(n)
        else:
            groups.append((value, [n]))
    if len(groups) == 1:
        return (first or groups[0][0],)

    def span(ns: list[int]) -> str:
        return str(ns[0]) if len(ns) == 1 else f"{ns[0]}-{ns[-1]}"

    (value, ns), *rest = groups
    return (
        fact("first_group", value=first or value, span=span(ns), hi=ns[-1]),
        *(fact("next_group", value=v, span=span(vs), hi=vs[-1]) for v, vs in rest),
    )


def _players(rules: Rules) -> range:
    return range(MIN_PLAYERS, rules.max_players + 1)


def _pack(rules: Rules) -> Fact:
    def one(n: int) -> Fact:
        decks, jokers = rules.decks_for(n), rules.jokers_for(n)
        return fact("decks_jokers", decks=decks, jokers=jokers) if jokers else fact("decks", decks=decks)

    by_players: dict[int, Fact | int] = {n: one(n) for n in _players(rules)}
    packs = _by_players(by_players)
    return fact("pack" if rules.jokers else "pack_no_jokers", min=MIN_PLAYERS, max=rules.max_players, packs=packs)


def _deal(rules: Rules) -> Fact:
    sizes: dict[int, Fact | int] = {n: rules.hand_size_for(n) for n in _players(rules)}
    first_size = rules.hand_size_for(MIN_PLAYERS)
    size = _by_players(sizes, fact("cards_each", n=first_size))
    if rules.first_discard is FirstDiscard.STARTER_EXTRA_CARD:
        first = fact("starter_extra_card", meld=_decided(rules, "starter_may_meld"))
    else:
        first = fact("upcard")
    rotates = _decided(rules, "who_starts")
    starts = fact("starts_winner_deals" if rules.winner_deals_two_players else "starts", rotates=rotates)
    return fact("deal", size=size, first=first, starts=starts)


def _turn(rules: Rules) -> Fact:
    melds = fact("one_meld_per_turn" if rules.one_meld_per_turn else "any_melds")
    return fact("turn", melds=melds, discard=_decided(rules, "discard_rule"))


def _melds(rules: Rules) -> Fact:
    ace = fact("ace_low_or_high" if rules.ace is AceRule.LOW_OR_HIGH else "ace_low")
    if not rules.jokers:
        return fact("melds", ace=ace)
    limit = fact("one_joker") if rules.joker_limit is JokerLimit.ONE else _decided(rules, "jokers_per_meld")
    joker = fact("joker_lower" if rules.joker_place is JokerPlace.LOWER else "joker_choice", limit=limit)
    return fact("melds_jokers", ace=ace, joker=joker)


def _opening(rules: Rules) -> Fact:
    if not rules.opening:
        return fact("opening_none")
    ace = fact("opening_ace_high" if rules.ace is AceRule.LOW_OR_HIGH else "opening_ace_low")
    # An opening makes an ace in a set count 11 (Rules.ace_in_set_points): always said here.
    in_set = _decided(rules, "ace_in_set")
    return fact("opening_jokers" if rules.jokers else "opening", points=rules.opening, ace=ace, set=in_set)


def _lay_offs(rules: Rules) -> Fact:
    when = fact(f"lay_off_{rules.lay_off.value}")
    return fact("lay_offs_swap" if rules.joker_swap else "lay_offs", when=when)


def _going_out(rules: Rules) -> Fact:
    if rules.final_discard_required:
        out = fact("final_discard")
    else:
        out = fact("empty_hand", optional=_decided(rules, "final_discard_optional"))
    rummy = fact("rummy_doubles") if rules.rummy_doubles else _decided(rules, "rami_sec_off")
    return fact("going_out", out=out, rummy=rummy)


def _stock(rules: Rules) -> Fact:
    limit = rules.refill_limit
    if limit == 0:
        refill = fact("never_rebuilt")
    else:
        if limit is None:
            times = _decided(rules, "refill_unlimited")
        else:
            times = fact("refill_once") if limit == 1 else fact("refill_at_most", n=limit)
        refill = fact(f"refill_{rules.stock_refill.value}", times=times)
    if rules.draw_discard_when_stock_empty:
        refill = fact("next_may_take", refill=refill)
    cap = _decided(rules, "turn_cap", n=rules.turn_cap)
    dead = fact(f"dead_{rules.dead_deal.value}")
    if not rules.end_by_agreement:
        ends = fact("ends_dead", cap=cap, dead=dead)
    else:
        stalled = _decided(rules, "stalled_deal", n=STALL_REBUILDS)
        if rules.dead_deal is DeadDeal.NOBODY_SCORES:
            ends = fact("ends_stalled", cap=cap, stalled=stalled)
        else:
            ends = fact("ends_dead_stalled", cap=cap, dead=dead, stalled=stalled)
    return fact("stock", refill=refill, ends=ends)


def _scoring(rules: Rules) -> Fact:
    ace = _decided(rules, "ace_value", n=rules.ace_value)
    values: dict[str, Value] = {"ace": ace}
    if rules.jokers:
        values["joker"] = _decided(rules, "joker_value", n=rules.joker_value)
    if rules.penalty:
        values["penalty"] = _decided(rules, "penalty_scoring")
    key = "scoring" + ("_penalty" if rules.penalty else "") + ("_jokers" if rules.jokers else "")
    return Fact(key, tuple(values.items()))


def _game_end(rules: Rules) -> Fact:
    n = rules.game_length
    if rules.game_end is GameEnd.DEALS:
        return fact("game_deals_penalty" if rules.penalty else "game_deals", n=n)
    void = _decided(rules, "void_deals", n=rules.void_deal_limit)
    if rules.game_end is GameEnd.TARGET:
        # No cap on the number of deals: only a run of deals where nobody scores ends it otherwise.
        return fact("game_target", n=n, void=void)
    # elimination needs penalty scoring
    return fact("game_elimination", n=n, limit=_decided(rules, "game_length", n=n), void=void)


@dataclass(frozen=True, slots=True)
class RulesFacts:
    """What :func:`describe_rules` gives: the table's preset (``name``, and its ``title`` as the
    engine writes it), its sections, and its house rules (``house_rule`` facts)."""

    name: str
    title: str
    sections: tuple[Fact, ...]
    house_rules: tuple[Fact, ...]

    def facts(self) -> list[Fact]:
        """Every fact, the sections' and the house rules', depth first."""
        return [f for top in (*self.sections, *self.house_rules) for f in top.walk()]


def describe_overrides(rules: Rules) -> list[Fact]:
    """One ``house_rule`` fact per knob where ``rules`` differs from its preset (none for a plain
    preset): the knob's ``name``, its ``value`` and the ``preset``'s, as ``/lobby set`` takes them."""
    base = PRESETS.get(rules.name)
    if base is None:
        return []
    facts = []
    for name in rules.overrides_from(base):
        knob = KNOBS[name]
        mine, theirs = knob.show(getattr(rules, name)), knob.show(getattr(base, name))
        facts.append(fact("house_rule", name=name, value=mine, preset=theirs))
    return facts


def describe_rules(rules: Rules) -> RulesFacts:
    """The rules of this table as facts, with every decision it plays marked."""
    sections = (
        _pack(rules),
        _deal(rules),
        _turn(rules),
        _melds(rules),
        _opening(rules),
        _lay_offs(rules),
        _going_out(rules),
        _stock(rules),
        _scoring(rules),
        _game_end(rules),
    )
    return RulesFacts(rules.name, rules.title, sections, tuple(describe_overrides(rules)))
