"""The whole game as one versioned JSON document, and back, exactly (rummy.serialize)."""

from __future__ import annotations

import json

import pytest

from rummy import actions as act
from rummy.deal import Phase
from rummy.errors import BadRules, CannotDiscard
from rummy.game import Game
from rummy.rules import PRESETS
from rummy.serialize import SCHEMA_VERSION, SchemaError, dumps, game_to_json, loads
from tests.rummy.engine_support import current, play, players, position, rules_of, win_deal


@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_new_game_round_trips(preset: str) -> None:
    """dumps(loads(dumps(g))) == dumps(g) for a fresh game of every preset."""
    game, _ = Game.new(PRESETS[preset], players(5), seed=8)
    text = dumps(game)
    assert dumps(loads(text)) == text


def test_the_document_carries_its_schema_version() -> None:
    """The JSON names its schema; another version is refused clearly."""
    game, _ = Game.new(PRESETS["basic"], players(2), seed=8)
    data = game_to_json(game)
    assert data["schema"] == SCHEMA_VERSION
    data["schema"] = SCHEMA_VERSION + 1
    with pytest.raises(SchemaError):
        loads(json.dumps(data))


def test_a_schema_1_document_with_the_retired_deal_cap_still_loads() -> None:
    """A game stored before deal_cap was retired loads with its other house rules, and plays on."""
    game, _ = Game.new(rules_of("rami51", ace_value=11), players(2), seed=4)
    data = game_to_json(game)
    data["schema"] = 1
    data["rules"] = {"preset": "rami51", "overrides": {"ace_value": 11, "deal_cap": 9}}
    loaded = loads(json.dumps(data))
    assert loaded.rules == rules_of("rami51", ace_value=11)
    assert game_to_json(loaded)["schema"] == SCHEMA_VERSION
    seat = current(loaded).turn
    loaded.apply(seat, act.Discard(current(loaded).hands[seat][0]))


def test_deal_cap_is_no_house_rule_in_a_current_document() -> None:
    """Only a schema 1 document may name the retired deal_cap; a current one naming it is refused."""
    game, _ = Game.new(PRESETS["basic"], players(2), seed=8)
    data = game_to_json(game)
    data["rules"] = {"preset": "basic", "overrides": {"deal_cap": 9}}
    with pytest.raises(BadRules, match="deal_cap"):
        loads(json.dumps(data))


def test_house_rules_survive_the_round_trip() -> None:
    """A preset with overrides loads back as the same rules."""
    rules = rules_of("rami51", ace_value=11, refill_limit=3, void_deal_limit=9)
    game, _ = Game.new(rules, players(3), seed=4)
    assert loads(dumps(game)).rules == rules


def test_the_seed_is_kept_and_none_stays_none() -> None:
    """A seeded game keeps its seed; a game in play has none."""
    seeded, _ = Game.new(PRESETS["basic"], players(2), seed=77)
    unseeded, _ = Game.new(PRESETS["basic"], players(2))
    assert (loads(dumps(seeded)).seed, loads(dumps(unseeded)).seed) == (77, None)


def test_the_card_taken_from_the_pile_is_the_same_physical_card_after_loading() -> None:
    """Mid-turn, the loaded game still refuses to discard the taken copy, and allows the other."""
    game = position("rami51", ["7H 2C 3D", "4D 5D"], discard="7H", opened={0: 1})
    play(game, "draw discard")
    loaded = loads(dumps(game))
    deal, again = current(game), current(loaded)
    assert again.taken is not None and deal.taken is not None and again.taken.key == deal.taken.key
    play(game, "discard 7H")
    play(loaded, "discard 7H")
    assert dumps(loaded) == dumps(game)


def test_a_pending_swapped_joker_survives_loading() -> None:
    """The duty to play a joker taken by a swap is kept in the document."""
    game = position("ref51", ["6H 2C 9D", "4D"], phase=Phase.PLAY, melds=[(1, "5H JK 7H")], opened={0: 1})
    play(game, "swap 6H into 1")
    loaded = loads(dumps(game))
    assert current(loaded).joker_playable(0)
    with pytest.raises(CannotDiscard):
        play(loaded, "discard 2C")


def test_a_finished_game_round_trips_with_its_standings() -> None:
    """History, scores and the outcome load back the same."""
    game, _ = Game.new(rules_of("basic", game_length=2), players(3), seed=2)
    win_deal(game, 0, {1: "KD", 2: "5S"})
    win_deal(game, 1, {0: "2S", 2: "3S"})
    loaded = loads(dumps(game))
    assert loaded.outcome == game.outcome and loaded.scores == game.scores
    assert [r.outcome for r in loaded.history] == [r.outcome for r in game.history]


def test_eliminations_and_drops_round_trip() -> None:
    """Who is out, and who left, are kept."""
    game, _ = Game.new(PRESETS["rami51"], players(4), seed=2)
    game.scores = [495, 0, 0, 0]
    win_deal(game, 1, {0: "KD"})
    game.drop(2)
    loaded = loads(dumps(game))
    assert (loaded.eliminated, loaded.dropped) == ({0: 1}, [2])
    assert dumps(loaded) == dumps(game)


def test_many_jokers_with_copy_numbers_above_nine_round_trip() -> None:
    """Six jokers per deck with three decks: joker copies up to 17 load back."""
    rules = rules_of("ref51", jokers=6, jokers_per_deck=True)
    game, _ = Game.new(rules, players(6), seed=3)
    text = dumps(game)
    assert "JK#17" in text
    assert dumps(loads(text)) == text


def test_loaded_cards_are_the_objects_a_new_pack_holds() -> None:
    """A loaded game shares its cards with every other game (see rummy.cards.physical)."""
    game, _ = Game.new(PRESETS["rami51"], players(3), seed=4)
    loaded = loads(dumps(game))
    deal, again = game.deal, loaded.deal
    assert deal is not None and again is not None
    assert all(a is b for a, b in zip(deal.stock, again.stock, strict=True))
    assert all(a is b for seat in deal.hands for a, b in zip(deal.hands[seat], again.hands[seat], strict=True))


def test_the_loaded_game_plays_on_identically() -> None:
    """The same actions on the original and on the loaded copy give the same document."""
    game, _ = Game.new(PRESETS["rummy100"], players(3), seed=21)
    loaded = loads(dumps(game))
    for g in (game, loaded):
        seat = current(g).turn
        g.apply(seat, act.Draw())
        g.apply(seat, act.Discard(current(g).hands[seat][0]))
    assert dumps(loaded) == dumps(game)


def test_unchanged_parts_are_written_once_and_shared() -> None:
    """Rules, players, past deals and melds are immutable: their documents are built once and
    shared by every later document of the game (which must equal a document built afresh)."""
    rules = rules_of("rami51", void_deal_limit=3)
    game, _ = Game.new(rules, players(3), seed=6)
    win_deal(game, 0)
    first, again = game_to_json(game), game_to_json(game)
    assert first == again == json.loads(dumps(game))
    assert first["rules"] is again["rules"] and first["players"][0] is again["players"][0]
    assert first["history"] and first["history"][0] is again["history"][0]
    fresh = loads(dumps(game))  # new objects: nothing kept on them yet
    assert game_to_json(fresh) == first
