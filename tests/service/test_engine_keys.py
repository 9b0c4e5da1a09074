"""Every refusal the rules engine can make has a key, and both catalogs a text for it.

The source of ``rummy/`` is read (every call that builds a :class:`~rummy.errors.RummyError`, whatever
subclass and module), so a new ``raise`` without a key, or with a key no catalog has, fails here
with its file and line, whether or not a test reaches it. The behavioural tests below provoke a
sample of these refusals and read them in French.
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from rummy import lobby
from rummy.actions import parse_action
from rummy.cards import parse_cards
from rummy.errors import BadCard, RummyError
from rummy.game import Player
from rummy.melds import lay_off, make_meld
from rummy.rules import PRESETS, find_preset
from rummy.table import Table
from rummy.table_options import OPTIONS
from service.catalog import BOOK, LANGUAGES, engine_text, message_id
from tests.service.ftl import variables

ROOT = Path(__file__).resolve().parents[2]
RUMMY = ROOT / "rummy"


@dataclass(frozen=True)
class Site:
    """One call that builds an engine error: where, which class, its keys and its params' names
    (None when the params are not a literal dict)."""

    where: str
    cls: type[RummyError]
    keys: tuple[str, ...]  # the string constants its key may take; () when there is none
    forwarded: bool  # the key is another error's (``key=exc.key``)
    params: frozenset[str] | None


def _resolve(module: object, node: ast.expr) -> object:
    if isinstance(node, ast.Name):
        return getattr(module, node.id, None)
    if isinstance(node, ast.Attribute):
        base = _resolve(module, node.value)
        return None if base is None else getattr(base, node.attr, None)
    return None


def _strings(node: ast.expr | None) -> tuple[str, ...]:
    """The string constants an expression such as ``"a" if x else "b"`` may give."""
    if node is None:
        return ()
    return tuple(n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str))


def _dict_keys(node: ast.expr | None) -> frozenset[str] | None:
    if node is None:
        return frozenset()
    if isinstance(node, ast.Dict) and all(isinstance(k, ast.Constant) for k in node.keys):
        return frozenset(str(k.value) for k in node.keys if isinstance(k, ast.Constant))
    return None


def sites() -> Iterator[Site]:
    for path in sorted(RUMMY.rglob("*.py")):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        module = importlib.import_module(name)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if not isinstance(node, ast.Call):
                continue
            cls = _resolve(module, node.func)
            if not (isinstance(cls, type) and issubclass(cls, RummyError)):
                continue
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            keywords = {k.arg: k.value for k in node.keywords if k.arg is not None}
            if issubclass(cls, BadCard):  # BadCard(token, why, why_key=..., **params): key bad_card[_<why_key>]
                named = {k for k in keywords if k != "why_key"}
                if len(node.args) < 2 and "why" not in keywords:
                    yield Site(where, cls, ("bad_card",), False, frozenset({"card"}))
                else:
                    why_keys = tuple(f"bad_card_{k}" for k in _strings(keywords.get("why_key")))
                    yield Site(where, cls, why_keys, False, frozenset({"card"} | named - {"why"}))
                continue
            key = keywords.get("key")
            forwarded = isinstance(key, ast.Attribute) and key.attr == "key"
            yield Site(where, cls, _strings(key), forwarded, _dict_keys(keywords.get("params")))


SITES = list(sites())


def test_the_scan_sees_the_engine_s_refusals() -> None:
    """The walk finds the raise sites of every module that refuses (an empty walk would pass anything)."""
    places = {site.where.split(":")[0] for site in SITES}
    assert len(SITES) > 100
    assert {"rummy/rules.py", "rummy/melds.py", "rummy/deal.py", "rummy/actions.py", "rummy/lobby.py"} <= places


def test_every_refusal_of_the_engine_has_a_key() -> None:
    """No ``RummyError`` is built in ``rummy/`` without a key (or, for a card, without its reason's key)."""
    missing = [f"{s.where}: {s.cls.__name__}" for s in SITES if not s.keys and not s.forwarded]
    assert not missing


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_has_a_text_in_both_catalogs(lang: str) -> None:
    """Each key a refusal may take is a ``rules.<key>`` message of the language's own file."""
    missing = [f"{s.where}: rules.{key}" for s in SITES for key in s.keys if not BOOK.has(lang, f"rules.{key}")]
    assert not missing


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_gives_the_variables_its_texts_read(lang: str) -> None:
    """A refusal's params hold every variable its text reads in each language (else the player
    would read the English sentence in a French table)."""
    short = []
    for site in SITES:
        for key in site.keys:
            if site.params is None:
                continue
            needed = variables(lang, message_id(f"rules.{key}"))
            if not needed <= site.params:
                short.append(f"{site.where}: rules.{key} reads {sorted(needed - site.params)}")
    assert not short


def refused(call: object) -> RummyError:
    assert callable(call)
    with pytest.raises(RummyError) as caught:
        call()
    return caught.value


def _playing() -> Table:
    table = Table.new(1, 2, 1, "Ana", "basic", seed=7)
    table.players.append(Player("2", "Bea"))
    lobby.start(table, 1)
    return table


BASIC = PRESETS["basic"]

# key -> (what provokes it, words of its French text)
CASES = {
    "meld_syntax": (lambda: parse_action("meld |"), "Indiquez les cartes à poser"),
    "draw_from": (lambda: parse_action("draw hat"), "Piochez dans le talon ou prenez la carte de la défausse"),
    "move_syntax": (lambda: parse_action("layoff 7H on x"), "`layoff CARTES on N`"),
    "swap_one_card": (lambda: parse_action("swap 7H 8H into 1"), "une seule carte à la place d'un joker"),
    "discard_one_card": (lambda: parse_action("discard 7H 8H"), "Défaussez une seule carte."),
    "not_an_action": (lambda: parse_action("dance"), "'dance' n'est pas une action"),
    "no_such_rule": (lambda: BASIC.with_overrides(colour="red"), "Il n'y a pas de règle maison appelée 'colour'."),
    "swap_needs_jokers": (lambda: BASIC.with_overrides(joker_swap="yes"), "L'échange du joker demande des jokers"),
    "lay_off_needs_opening": (lambda: BASIC.with_overrides(lay_off="after_opening"), "seuil d'ouverture"),
    "elimination_needs_penalty": (lambda: BASIC.with_overrides(game_end="elimination"), "points de pénalité"),
    "target_needs_winner_collects": (
        lambda: BASIC.with_overrides(scoring="penalty", game_end="target"),
        "Un score à atteindre",
    ),
    "hand_too_small": (
        lambda: BASIC.with_overrides(hand_size=1),
        "Une main de 1 carte ne peut jamais finir\u00a0: distribuez-en au moins 2.",
    ),
    "pack_too_small": (lambda: BASIC.with_overrides(hand_size=15), "À 4 joueurs, 15 cartes chacun demandent 61 cartes"),
    "opening_unreachable": (
        lambda: PRESETS["rami51"].with_overrides(hand_size=3),
        "À 2 joueurs, une ouverture à 51 est impossible\u00a0: 3 cartes font au plus 44 points.",
    ),
    "unknown_preset": (lambda: find_preset("poker"), "Variante inconnue 'poker'\u00a0: choisissez parmi basic"),
    "seconds_range": (lambda: OPTIONS["bot_pause"].parse("999"), "prend un nombre de secondes de"),
    "bot_levels": (lambda: lobby.add_bot(Table.new(1, 2, 1, "Ana", "basic", seed=7), 1, "godlike"), "'godlike'"),
    "no_such_setting": (
        lambda: lobby.set_rule(Table.new(1, 2, 1, "Ana", "basic", seed=7), 1, "colour", "red"),
        "Il n'y a pas de règle ni d'option appelée 'colour'.",
    ),
    "no_such_seat": (lambda: _playing().game.drop(9), "Il n'y a pas de place 9 à cette table."),  # type: ignore[union-attr]
    "deal_goes_on": (lambda: _playing().game.deal.end_by_agreement(), "Cette donne avance encore."),  # type: ignore[union-attr]
    "set_rank_only": (
        lambda: lay_off(make_meld(parse_cards("7H 7S 7D"), BASIC), parse_cards("8C"), BASIC),
        "8♣ ne peut pas compléter 7♥ 7♠ 7♦\u00a0: seul un 7 peut compléter un brelan de 7.",
    ),
    "joker_holds_place_swap": (
        lambda: lay_off(
            make_meld(parse_cards("7H JK 9H"), PRESETS["ref51"]), parse_cards("8H"), PRESETS["ref51"].with_overrides()
        ),
        "un joker tient déjà la place de 8♥ (prenez-le plutôt par un échange du joker)",
    ),
}


@pytest.mark.parametrize("key", sorted(CASES))
def test_a_refusal_reads_in_french_and_its_english_text_is_the_engine_s(key: str) -> None:
    call, words = CASES[key]
    error = refused(call)
    expected = "cannot_lay_off" if key in {"set_rank_only", "joker_holds_place_swap"} else key
    assert error.key == expected
    if expected == "cannot_lay_off":  # the meld's own reason, inside the lay-off's
        why = error.params["why"]
        assert isinstance(why, RummyError) and why.key == key
    assert engine_text("en", error.key, error.params, english=True) == str(error)
    french = engine_text("fr", error.key, error.params)
    assert french is not None and words in french, french
