"""What each computer level chooses in set positions, and that it decides from its own view only."""

from __future__ import annotations

import ast
import dataclasses
import random
from pathlib import Path

import pytest

from rummy import actions as act
from rummy.ai import LEVELS, TableMemory, choose_action, hard
from rummy.cards import Card, parse_cards
from rummy.deal import Event, Phase
from rummy.errors import IllegalAction
from rummy.rules import find_preset
from rummy.view import PlayerView
from tests.rummy.ai_support import draw_stock, position, take_discard, view

AI_DIR = Path(__file__).resolve().parents[2] / "rummy" / "ai"


def test_works_from_a_view_alone() -> None:
    """A PlayerView built by hand, with no game behind it, is enough for every level."""
    hand = tuple(parse_cards("7H 8H 9H QC QD 2S 5D KC"))
    made = PlayerView(
        rules=find_preset("basic"),
        seat=0,
        names=("A", "B"),
        bots=(True, False),
        hand=hand,
        hand_sizes={0: 8, 1: 7},
        seats_in_deal=(0, 1),
        turn=0,
        phase=Phase.PLAY,
        discard_top=Card.parse("4C"),
        discard_size=3,
        stock_size=20,
        melds=(),
        scores=(0, 0),
        opened=frozenset(),
        deal_number=1,
        dealer=1,
        turns=4,
        refills=0,
        game_over=False,
        eliminated=frozenset(),
        dropped=frozenset(),
        drawn=Card.parse("KC"),
    )
    for level in LEVELS:
        action = choose_action(made, level, random.Random(1), TableMemory())
        assert isinstance(action, act.Meld | act.Discard | act.LayOff)


def _imports(path: Path) -> list[tuple[str, list[str]]]:
    found: list[tuple[str, list[str]]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.append((node.module, [a.name for a in node.names]))
        elif isinstance(node, ast.Import):
            found.extend((a.name, []) for a in node.names)
    return found


# The expert plays candidate moves out in worlds it samples from its own view (rummy/ai/expert.py):
# it builds a Game and a Deal of its own, so it imports those classes, and nothing else of the engine's.
WORLD_BUILDERS = {
    "expert.py": {"rummy.game": {"Game", "Player"}, "rummy.deal": {"Deal", "Event", "Phase", "TableMeld"}},
}


@pytest.mark.parametrize("path", sorted(AI_DIR.glob("*.py")), ids=lambda p: p.name)
def test_never_imports_hidden_state(path: Path) -> None:
    """No computer-player module can reach the game: no game, deal state, storage or table imports
    (the expert only the classes it builds its sampled worlds with)."""
    allowed = WORLD_BUILDERS.get(path.name, {})
    for module, names in _imports(path):
        if module in allowed:
            assert set(names) <= allowed[module]
            continue
        assert module not in {"rummy.game", "rummy.serialize", "rummy.table", "rummy.replay", "rummy.plays"}
        if module == "rummy.deal":
            assert set(names) <= {"Event", "Phase"}


@pytest.mark.parametrize("level", LEVELS)
def test_hidden_cards_do_not_change_the_choice(level: str) -> None:
    """Two tables that differ only in cards this seat cannot see get the same action."""
    hands = ["7H 8H 2S 5D KC QD JS", "2C 3C 4C 5C 6C 7C 8C", "9S 9D AH 4D 6H 10S JH"]
    first = position("basic", hands, discard="9H", stock="AS 3S 4H KH KS")
    second = position(
        "basic", [hands[0], "AS 3S 4H KH KS 10D JC", "2C 3C 4C 5C 6C 7C 8C"], discard="9H", stock="9S 9D AH 4D 6H"
    )
    assert view(first) == view(second)
    one = choose_action(view(first), level, random.Random(5), TableMemory())
    two = choose_action(view(second), level, random.Random(5), TableMemory())
    assert one == two


def test_refuses_an_unknown_level() -> None:
    """A level that does not exist is an error naming the levels."""
    game = position("basic", ["7H 8H 2S 5D KC QD JS", "2C 3C 4C 5C 6C 7C 8C"])
    with pytest.raises(ValueError, match="easy, normal, hard, expert"):
        choose_action(view(game), "master", random.Random(1))


def test_refuses_when_it_is_not_the_seats_turn() -> None:
    """Asking for a seat that is not to move is an error."""
    game = position("basic", ["7H 8H 2S 5D KC QD JS", "2C 3C 4C 5C 6C 7C 8C"])
    with pytest.raises(IllegalAction):
        choose_action(view(game, seat=1), "normal", random.Random(1))


# -- easy ----------------------------------------------------------------------------------------


def test_easy_always_draws_from_the_stock() -> None:
    """easy draws from the stock even when the top discard would complete a meld."""
    game = position("basic", ["7H 8H 2S 5D KC QD JS", "2C 3C 4C 5C 6C 7C 8C"], discard="9H")
    assert choose_action(view(game), "easy", random.Random(1)) == act.Draw(act.Source.STOCK)


def test_easy_discards_a_high_loose_card() -> None:
    """With no meld to make, easy throws one of its three costliest cards."""
    game = position("basic", ["AS 2D 4C 6H 8S QD KC", "2C 3C 4C 5C 6C 7C 8C"], stock="JH")
    after = draw_stock(game)
    for seed in range(10):
        action = choose_action(after, "easy", random.Random(seed))
        assert isinstance(action, act.Discard) and action.card in parse_cards("QD KC JH")


# -- normal --------------------------------------------------------------------------------------


def test_normal_melds_what_it_can() -> None:
    """normal lays down a ready meld at once."""
    game = position("basic", ["7H 8H 9H 2S 5D KC QD", "2C 3C 4C 5C 6C 7C 8C"], stock="AS")
    action = choose_action(draw_stock(game), "normal", random.Random(1))
    assert action == act.Meld((tuple(parse_cards("7H 8H 9H")),))


def test_normal_does_not_open_below_the_threshold() -> None:
    """In rami51 a 24-point meld is not an opening: normal discards instead."""
    hand = "7H 8H 9H 2S 5D KC QD 3C 4D 6S 10C JD AS"
    game = position("rami51", [hand, "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"], stock="2H")
    action = choose_action(draw_stock(game), "normal", random.Random(1))
    assert isinstance(action, act.Discard)


def test_normal_opens_with_every_meld_at_once() -> None:
    """When the melds reach 51 together, normal lays them down in one action."""
    hand = "7H 8H 9H KC KD KS QH QD QS 2S 4D 6C AS"
    game = position("rami51", [hand, "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"], stock="2H")
    action = choose_action(draw_stock(game), "normal", random.Random(1))
    assert isinstance(action, act.Meld) and len(action.melds) == 3


def test_normal_takes_a_discard_that_completes_a_meld() -> None:
    """normal takes the top discard when it goes straight into a meld."""
    game = position("basic", ["7H 8H 2S 5D KC QD JS", "2C 3C 4C 5C 6C 7C 8C"], discard="9H")
    assert choose_action(view(game), "normal", random.Random(1)) == act.Draw(act.Source.DISCARD)


def test_normal_draws_from_the_stock_otherwise() -> None:
    """A top discard that joins nothing is left."""
    game = position("basic", ["7H 8H 2S 5D KC QD JS", "2C 3C 4C 5C 6C 7C 8C"], discard="4C")
    assert choose_action(view(game), "normal", random.Random(1)) == act.Draw(act.Source.STOCK)


def test_normal_discards_its_costliest_loose_card() -> None:
    """With nothing to meld, the discard is the highest-value card outside its melds."""
    game = position("basic", ["7H 8H 2S 5D 3C 4D JS", "2C 3C 4C 5C 6C 7C 8C"], stock="AS")
    assert choose_action(draw_stock(game), "normal", random.Random(1)) == act.Discard(Card.parse("JS"))


def test_normal_keeps_a_final_discard_in_rami100() -> None:
    """Where going out needs a final discard, normal melds all but one card and then goes out by discarding."""
    game = position("rami100", ["7H 8H 9H QC QD QS 5D", "2C 3C 4C 5C 6C 7C 8C"], stock="10H")
    after = draw_stock(game)
    for _ in range(5):
        if game.outcome is not None or game.deal is None or game.deal.turn != 0 or game.deal.over:
            break
        game.apply(0, choose_action(view(game), "normal", random.Random(1)))
    assert game.history and game.history[-1].outcome.winners == (0,)
    assert after.hand


# -- hard ----------------------------------------------------------------------------------------


def test_hard_takes_a_discard_that_completes_a_meld() -> None:
    """hard takes the top discard when it makes a meld."""
    game = position("rami51", ["7H 8H KS KD 2S 5D 3C 4D 6S 10C JD AS QC", "2C 3C 4C 5C 6C 7C 8C"], discard="KH")
    assert choose_action(view(game), "hard", random.Random(1), TableMemory()) == act.Draw(act.Source.DISCARD)


def test_hard_judges_a_stock_draw_as_keeping_its_hand() -> None:
    """Where the winner collects, hard takes a discard that builds a run draw in place of a high loose card.

    Judged against the hand less its worst card (as if the stock card were free), the same discard is passed.
    """
    game = position(
        "basic", ["7H 8H 9H 2C KS QD JC", "2D 4D 6D 8D 10D QS KH"], discard="3C", stock="5S 6S 7S 8S 9S 10S JS"
    )
    rules = game.rules
    assert hard.STYLES[rules.scoring].draw_keeps_hand
    assert choose_action(view(game), "hard", random.Random(1), TableMemory()) == act.Draw(act.Source.DISCARD)
    old = dataclasses.replace(hard.STYLES[rules.scoring], draw_keeps_hand=False)
    assert hard.choose(view(game), random.Random(1), TableMemory(), old) == act.Draw(act.Source.STOCK)


def test_hard_does_not_feed_the_next_player_what_they_collect() -> None:
    """Between two equal discards, hard keeps the one matching what the next player took from the pile."""
    game = position(
        "rami51",
        ["KH KS 5D 5C 9S 9D 2S 2D 4H 4C 7S 7C JS", "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"],
        discard="QD",
        stock="2H",
        turn=1,
    )
    memory = TableMemory()
    memory.observe(Event("drew", 1, "discard", "Q♣"))
    memory.observe(Event("discarded", 1, card="Q♦"))
    game.deal.hands[0] = parse_cards("KH 5D 5C 9S 9D 2S 2D 4H 4C 7S 7C JS QS")  # type: ignore[union-attr]
    game.deal.turn = 0  # type: ignore[union-attr]
    after = draw_stock(game)
    action = choose_action(after, "hard", random.Random(1), memory)
    assert isinstance(action, act.Discard)
    assert action.card != Card.parse("QS")


def test_hard_holds_melds_for_a_rummy() -> None:
    """In basic (rummy doubles) hard keeps a ready meld in hand while nobody is close to going out."""
    game = position("basic", ["7H 8H 9H 2S 5D KC QD", "2C 3C 4C 5C 6C 7C 8C"], stock="AS")
    action = choose_action(draw_stock(game), "hard", random.Random(1), TableMemory())
    assert isinstance(action, act.Discard)


def test_hard_goes_out_in_one_turn_when_it_can() -> None:
    """Holding for the rummy ends in the turn everything melds: hard lays it all down and goes out."""
    game = position("basic", ["7H 8H 9H QC QD QS 2S", "2C 3C 4C 5C 6C 7C 8C"], stock="10H")
    draw_stock(game)
    for _ in range(5):
        if game.history:
            break
        game.apply(0, choose_action(view(game), "hard", random.Random(1), TableMemory()))
    assert game.history and game.history[-1].outcome.winners == (0,) and game.history[-1].outcome.rummy


def test_hard_melds_at_once_where_losers_pay_their_hand() -> None:
    """In rami51 (penalty scoring) hard opens as soon as its melds reach 51."""
    hand = "7H 8H 9H KC KD KS QH QD QS 2S 4D 6C AS"
    game = position("rami51", [hand, "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"], stock="2H")
    action = choose_action(draw_stock(game), "hard", random.Random(1), TableMemory())
    assert isinstance(action, act.Meld)


def test_hard_swaps_a_joker_it_can_use() -> None:
    """In ref51, holding 6S and a pair of 9s, hard takes the table joker standing for 6S to meld the 9s."""
    game = position(
        "ref51",
        ["6S 9C 9D 2H 4C", "2C 3C 4C 5C 6C 7C 8C"],
        stock="KD",
        melds=[(1, "JK 7S 8S"), (0, "QH QD QC")],
        opened={0: 1, 1: 2},
    )
    action = choose_action(draw_stock(game), "hard", random.Random(1), TableMemory())
    assert action == act.Swap(0, Card.parse("6S"))
    game.apply(0, action)
    follow = choose_action(view(game), "hard", random.Random(1), TableMemory())
    assert isinstance(follow, act.Meld) and any(c.is_joker for c in follow.melds[0])


def test_hard_plays_a_taken_discard_again_legally() -> None:
    """After taking the top discard, hard never tries to throw that same card back."""
    game = position("basic", ["7H 8H 2S 5D KC QD JS", "2C 3C 4C 5C 6C 7C 8C"], discard="9H")
    after = take_discard(game)
    action = choose_action(after, "hard", random.Random(1), TableMemory())
    assert not (isinstance(action, act.Discard) and action.card == Card.parse("9H"))
