"""The rules of a table in plain words, built from the knobs so that a house rule changes the text.

:func:`describe_rules` gives one Discord-sized message (markdown-ish, under 1,800 characters for
every preset). Where a source left a point open, RULES.md took a **decision**; the text names each
decision the table plays, so players know what they are using. :data:`DECISIONS` says which
presets took which decision, and under which knob values it is in effect.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

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
    LayOffRule,
    Rules,
    StockRefill,
)

DECISION_MARK = "(decision)"
DISCORD_LIMIT = 2000  # characters in one Discord message

_ALL_BUT_REF = frozenset({"basic", "rummy100", "rami100", "rami51"})
_REF = frozenset({"ref40", "ref51"})


@dataclass(frozen=True)
class Decision:
    """A point RULES.md decided for ``presets`` (their source is silent), in force when ``applies``."""

    key: str
    presets: frozenset[str]
    applies: Callable[[Rules], bool]
    phrase: str  # the words the mark follows; ``{r.knob}`` fields are filled from the rules


DECISIONS: tuple[Decision, ...] = (
    Decision(
        "starter_may_meld",
        frozenset({"rami51"}),
        lambda r: r.first_discard is FirstDiscard.STARTER_EXTRA_CARD,
        "they may meld on that turn",
    ),
    Decision("who_starts", frozenset({"rami100", "rami51"}), lambda r: True, "the dealer rotates left each deal"),
    Decision(
        "jokers_per_meld",
        frozenset({"rami51"}),
        lambda r: r.jokers > 0 and r.joker_limit is JokerLimit.NO_MORE_THAN_NATURALS,
        "never more jokers than natural cards in a meld",
    ),
    Decision(
        "ace_in_set", _ALL_BUT_REF, lambda r: r.opening > 0 and r.ace_in_set_points == 11, "an ace in a set counts 11"
    ),
    Decision(
        "discard_rule",
        frozenset({"rami100", "rami51"}),
        lambda r: True,
        "The card taken from the discard pile cannot be discarded that turn",
    ),
    Decision(
        "final_discard_optional",
        frozenset({"rami51"}),
        lambda r: not r.final_discard_required,
        "a final discard is optional",
    ),
    Decision("rami_sec_off", _REF, lambda r: not r.rummy_doubles, "Rummy (rami sec) does not double"),
    Decision("refill_unlimited", frozenset({"rami51"}), lambda r: r.refill_limit is None, "as often as needed"),
    Decision("turn_cap", _ALL_BUT_REF, lambda r: True, "at the safety cap of {r.turn_cap} turns"),
    Decision(
        "stalled_deal",
        frozenset({"basic", "rummy100", "rami51"}),  # rami100 and ref40/ref51 cannot rebuild that often
        lambda r: r.end_by_agreement,
        f"if all agree after {STALL_REBUILDS} rebuilds with no meld or lay-off",
    ),
    Decision("penalty_scoring", _REF, lambda r: r.penalty, "each loser scores their own hand as penalty points"),
    Decision("ace_value", _REF, lambda r: r.ace_value == 11, "ace 11"),
    Decision("joker_value", _REF, lambda r: r.jokers > 0 and r.joker_value == 25, "joker 25"),
    Decision(
        "game_length", _REF, lambda r: r.game_end is GameEnd.ELIMINATION, "reaching {r.game_length} points puts you out"
    ),
    Decision(
        "void_deals",
        frozenset({"rummy100", "rami100", "rami51", "ref40", "ref51"}),
        lambda r: r.game_end is not GameEnd.DEALS,
        "{r.void_deal_limit} scoreless deals in a row",
    ),
)


def decisions_for(rules: Rules) -> list[Decision]:
    """The decisions of RULES.md that this table plays (by its preset and its knob values)."""
    return [d for d in DECISIONS if rules.name in d.presets and d.applies(rules)]


def _phrase(rules: Rules, key: str) -> str:
    """A decision's words, followed by the mark when this table plays it as a decision."""
    decision = next(d for d in DECISIONS if d.key == key)
    phrase = decision.phrase.format(r=rules)
    marked = rules.name in decision.presets and decision.applies(rules)
    return f"{phrase} {DECISION_MARK}" if marked else phrase


def _counts(values: dict[int, str], unit: str = "") -> str:
    """Group player counts that share a value: '10 cards each with 2 players, 7 with 3-4'.

    ``unit`` follows the first value only.
    """
    groups: list[tuple[str, list[int]]] = []
    for n, value in values.items():
        if groups and groups[-1][0] == value:
            groups[-1][1].append(n)
        else:
            groups.append((value, [n]))
    if len(groups) == 1:
        return groups[0][0] + unit

    def span(ns: list[int]) -> str:
        return str(ns[0]) if len(ns) == 1 else f"{ns[0]}-{ns[-1]}"

    first, *rest = groups
    return ", ".join([f"{first[0]}{unit} with {span(first[1])} players", *(f"{v} with {span(ns)}" for v, ns in rest)])


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _players(rules: Rules) -> range:
    return range(MIN_PLAYERS, rules.max_players + 1)


def _pack(rules: Rules) -> str:
    def one(n: int) -> str:
        decks, jokers = rules.decks_for(n), rules.jokers_for(n)
        return f"{_plural(decks, 'deck')} + {_plural(jokers, 'joker')}" if jokers else _plural(decks, "deck")

    text = _counts({n: one(n) for n in _players(rules)})
    return f"{MIN_PLAYERS}-{rules.max_players} players. **Pack**: {text}{'' if rules.jokers else ', no jokers'}."


def _deal(rules: Rules) -> str:
    size = _counts({n: str(rules.hand_size_for(n)) for n in _players(rules)}, " cards each")
    if rules.first_discard is FirstDiscard.STARTER_EXTRA_CARD:
        first = (
            f"the starter gets one more, starts the discard pile (défausse) without drawing; "
            f"{_phrase(rules, 'starter_may_meld')}"
        )
    else:
        first = "the next card starts the discard pile (défausse)"
    starts = f"Left of the dealer starts; {_phrase(rules, 'who_starts')}"
    if rules.winner_deals_two_players:
        starts += "; with 2 players the winner deals"
    return f"**Deal**: {size}; {first}; the rest is the stock (talon). {starts}."


def _turn(rules: Rules) -> str:
    per_turn = "only one new meld per turn" if rules.one_meld_per_turn else "any number of melds"
    return (
        f"**Turn**: draw from the stock or the discard pile, meld ({per_turn}), lay off, discard. "
        f"{_phrase(rules, 'discard_rule')}."
    )


def _melds(rules: Rules) -> str:
    ace = "ace low or high (A-2-3, Q-K-A)" if rules.ace is AceRule.LOW_OR_HIGH else "ace low only (A-2-3, never Q-K-A)"
    text = (
        f"**Melds**: sets (brelan, carré) of 3-4 of a rank, suits all different; runs (suite) of 3+ in one suit; "
        f"{ace}, never K-A-2."
    )
    if rules.jokers:
        limit = "at most one per meld" if rules.joker_limit is JokerLimit.ONE else _phrase(rules, "jokers_per_meld")
        if rules.joker_place is JokerPlace.LOWER:
            place = ", always the lower one where two fit"
        else:
            place = " (name it: JK=6S; else the lower one)"
        text += f" A joker stands for any card, {limit}; its card is fixed when melded{place}."
    return text


def _opening(rules: Rules) -> str:
    if not rules.opening:
        return "**Opening**: none."
    ace = "ace 1 in A-2-3" + (", 11 after K" if rules.ace is AceRule.LOW_OR_HIGH else "")
    if rules.ace_in_set_points == 11:
        ace += f"; {_phrase(rules, 'ace_in_set')}"
    jokers = ", a joker as its card" if rules.jokers else ""
    return f"**Opening**: your first lay-down needs {rules.opening}+ points: 2-10 face value, J Q K 10, {ace}{jokers}."


def _lay_offs(rules: Rules) -> str:
    when = {
        LayOffRule.ANY_TIME: "any turn",
        LayOffRule.AFTER_OPENING: "once you have opened, that turn included",
        LayOffRule.AFTER_OPENING_LATER_TURNS: "on turns after your opening",
    }[rules.lay_off]
    text = f"**Lay-offs** on any meld: {when}. Melds are never split or rearranged."
    if rules.joker_swap:
        text += (
            " **Joker swap**: once opened, take a melded joker by putting in its exact card, "
            "then meld it again that turn if you can; in a set only beside 3 natural cards."
        )
    return text


def _going_out(rules: Rules) -> str:
    if rules.final_discard_required:
        out = "end with a discard: you cannot meld your whole hand"
    else:
        out = f"an empty hand ends the deal; {_phrase(rules, 'final_discard_optional')}"
    if rules.rummy_doubles:
        rummy = "Rummy (rami sec: going out in one turn, nothing melded or laid off before) doubles the points"
    else:
        rummy = _phrase(rules, "rami_sec_off")
    return f"**Going out**: {out}. {rummy}."


def _stock(rules: Rules) -> str:
    refill = {
        StockRefill.TURN_WHOLE_PILE: "the whole pile is turned over unshuffled as the stock",
        StockRefill.TURN_KEEP_TOP: "the pile but its top card is turned over unshuffled as the stock",
        StockRefill.SHUFFLE_KEEP_TOP: "all but the top discard is shuffled into a new stock",
    }[rules.stock_refill]
    limit = rules.refill_limit
    if limit == 0:
        refill = "the stock is never rebuilt"
    else:
        times = (
            _phrase(rules, "refill_unlimited") if limit is None else "once" if limit == 1 else f"at most {limit} times"
        )
        refill = f"{refill}, {times}"
    if rules.draw_discard_when_stock_empty:
        refill = f"the next player may take the top discard; else {refill}"
    cap = _phrase(rules, "turn_cap")
    if not rules.end_by_agreement:
        ends = f"or {cap}, the deal ends and {_dead(rules)}"
    elif rules.dead_deal is DeadDeal.NOBODY_SCORES:
        ends = f"{cap}, or {_phrase(rules, 'stalled_deal')}, the deal ends and nobody scores"
    else:
        ends = (
            f"or {cap}, the deal ends and {_dead(rules)}; {_phrase(rules, 'stalled_deal')}, it ends and nobody scores"
        )
    return f"**Empty stock**: {refill}. When it cannot be rebuilt, {ends}."


def _dead(rules: Rules) -> str:
    return "nobody scores" if rules.dead_deal is DeadDeal.NOBODY_SCORES else "the lowest hand wins"


def _scoring(rules: Rules) -> str:
    if rules.penalty:
        how = f"{_phrase(rules, 'penalty_scoring')}; the winner 0"
    else:
        how = "the winner scores the total of the others' hands"
    ace = _phrase(rules, "ace_value") if rules.ace_value == 11 else f"ace {rules.ace_value}"
    values = f"{ace}, 2-10 face value, J Q K 10"
    if rules.jokers:
        values += ", " + (_phrase(rules, "joker_value") if rules.joker_value == 25 else f"joker {rules.joker_value}")
    return f"**Scoring**: {how}. Cards in hand: {values}."


def _game_end(rules: Rules) -> str:
    n = rules.game_length
    best = "fewest" if rules.penalty else "most"
    if rules.game_end is GameEnd.DEALS:
        text = f"{_plural(n, 'deal')}; {best} points wins, a tie is shared"
    elif rules.game_end is GameEnd.TARGET:
        # No cap on the number of deals: only a run of deals where nobody scores ends it otherwise.
        text = (
            f"first to {n} points; the highest total wins if several pass it in one deal, "
            f"or after {_phrase(rules, 'void_deals')}"
        )
    else:
        text = (
            f"{_phrase(rules, 'game_length')}; the last player under {n} wins, "
            f"or the lowest total after {_phrase(rules, 'void_deals')}"  # elimination needs penalty scoring
        )
    return f"**Game**: {text}."


def describe_overrides(rules: Rules, explain: bool = True) -> list[str]:
    """One line per house rule where ``rules`` differs from its preset (none for a plain preset).

    ``explain`` adds what the knob does: ``opening: 40 (preset 51): Points needed for ...``.
    """
    base = PRESETS.get(rules.name)
    if base is None:
        return []
    lines = []
    for name in rules.overrides_from(base):
        knob = KNOBS[name]
        mine, theirs = knob.show(getattr(rules, name)), knob.show(getattr(base, name))
        lines.append(f"{name}: {mine} (preset {theirs})" + (f": {knob.help}" if explain else ""))
    return lines


# What a text too long for one message drops first, in this order (many house rules can make it so):
# the French words, reminders no knob changes, the definition of rummy, the opening's card values
# (the scoring line gives them), then shorter wordings. Each is (words, what replaces them).
_SPARE = (
    (" (brelan, carré)", ""),
    (" (suite)", ""),
    (" (défausse)", ""),
    (" (talon)", ""),
    (" Melds are never split or rearranged.", ""),
    (" (rami sec: going out in one turn, nothing melded or laid off before)", " (rami sec)"),
    ("; the rest is the stock", ""),
    (": 2-10 face value, J Q K 10, ace", ": ace"),
    ("; the winner 0.", "."),
    (" (name it: JK=6S; else the lower one)", " (else the lower one)"),
    ("take a melded joker by putting in its exact card", "swap a melded joker for its exact card"),
)


def _compact(text: str, limit: int) -> str:
    """``text`` without the :data:`_SPARE` words, dropped one by one until it fits ``limit``."""
    for words, instead in _SPARE:
        if len(text) <= limit:
            break
        text = text.replace(words, instead, 1)
    return text


def describe_rules(rules: Rules) -> str:
    """The rules of this table in plain words, with every decision named (one Discord message)."""
    overrides = describe_overrides(rules)
    title = f"**{rules.title}** (`{rules.name}`{', house rules' if overrides else ''})"
    parts = [
        title,
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
    ]
    text = "\n".join(parts)
    if overrides:
        full = f"{text}\n**House rules**:\n" + "\n".join(f"- {line}" for line in overrides)
        if len(full) <= DISCORD_LIMIT:
            return full
        for summary in (
            "; ".join(describe_overrides(rules, explain=False)),
            f"{len(overrides)} changes: " + ", ".join(rules.overrides_from(PRESETS[rules.name])),
        ):
            if len(text) + len(summary) + 20 <= DISCORD_LIMIT:
                return f"{text}\n**House rules**: {summary}."
        tail = f"\n**House rules**: {len(overrides)} changes, all shown above."
        short = _compact(text, DISCORD_LIMIT - len(tail))
        if len(short) + len(tail) <= DISCORD_LIMIT:
            return short + tail
    short = _compact(text, DISCORD_LIMIT)
    # Never reached by any combination of knobs known when this was written: a last guard.
    return short if len(short) <= DISCORD_LIMIT else short[: DISCORD_LIMIT - 1] + "…"
