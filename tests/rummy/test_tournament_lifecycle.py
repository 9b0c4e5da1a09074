"""The tournament's life (rummy.tournament.lifecycle) and its JSON document (serialize): legal
transitions, illegal ones refused with a key and without change, settings checked, and every
state round-tripping."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy import tournament as T
from rummy.errors import BadRules, RummyError
from rummy.serialize import SchemaError
from rummy.table_options import TableOptions
from rummy.tournament.model import PlayerResult, TableResult
from tests.rummy.tournament_support import ORGANISER, play_out, play_round, signed_up

OTHER = 999


def test_sign_up_withdraw_and_sign_up_again_keeps_one_entry() -> None:
    t = T.withdraw(signed_up(3), 102)
    assert [e.id for e in t.playing] == [101, 103]
    t = T.sign_up(t, 102, "Bob")
    assert [e.id for e in t.entrants] == [101, 102, 103] and t.entrant(102) == T.Entrant(102, "Bob")


def test_computer_entrants_get_negative_ids_and_are_flagged() -> None:
    t = T.add_computer(T.add_computer(signed_up(1), ORGANISER, "hard", "Bot 1"), ORGANISER, "easy", "Bot 2")
    bots = [e for e in t.entrants if e.computer]
    assert [(e.id, e.level) for e in bots] == [(-1, "hard"), (-2, "easy")]
    assert all(e.played_by_computer for e in bots)
    assert T.start(t, ORGANISER).stage is T.Stage.PLAYING


def test_a_replaced_player_keeps_their_place_played_by_a_computer() -> None:
    """Replacing keeps the entrant (and their results), marked as played by a computer, still paired."""
    t = T.start(signed_up(6, size=3), ORGANISER)
    t = T.replace(t, ORGANISER, 104, "normal")
    e = t.entrant(104)
    assert e is not None and e.status is T.EntrantStatus.REPLACED and e.played_by_computer and e.level == "normal"
    t = T.next_round(play_round(t, random.Random(1)))
    assert any(104 in x.players for x in t.rounds[-1].tables)


def test_a_swiss_runs_its_rounds_then_finishes() -> None:
    t = T.start(signed_up(9, size=4, rounds=3), ORGANISER)
    states = list(play_out(t, random.Random(2)))
    done = states[-1]
    assert done.stage is T.Stage.FINISHED and len(done.rounds) == 3
    assert all(len(r.tables) == 3 and not r.byes for r in done.rounds)  # 9 players: 3, 3, 3
    assert [s.place for s in T.podium(done)] == [1, 2, 3]


def test_pause_holds_back_the_next_round_until_resume() -> None:
    t = T.pause(T.start(signed_up(6, size=3), ORGANISER), ORGANISER)
    t = play_round(t, random.Random(4))
    assert t.stage is T.Stage.BETWEEN_ROUNDS and t.paused
    with pytest.raises(T.WrongStage, match="paused"):
        T.next_round(t)
    t = T.next_round(T.resume(t, ORGANISER))
    assert len(t.rounds) == 2


def test_a_moderator_may_use_the_organiser_s_controls() -> None:
    t = T.start(signed_up(4), OTHER, moderator=True)
    assert T.cancel(t, OTHER, moderator=True).stage is T.Stage.CANCELLED


def _started() -> T.Tournament:
    return T.start(signed_up(6, size=3), ORGANISER)


def _between() -> T.Tournament:
    return play_round(_started(), random.Random(5))


def _finished() -> T.Tournament:
    *_, t = play_out(T.start(signed_up(4, size=2, rounds=1), ORGANISER), random.Random(6))
    return t


def _result_of(t: T.Tournament, number: int = 1) -> TableResult:
    rnd = t.current
    assert rnd is not None
    table = rnd.tables[number - 1]
    return TableResult(tuple(PlayerResult(p, i + 1) for i, p in enumerate(table.players)))


def _removed() -> T.Tournament:
    return T.remove(signed_up(2), ORGANISER, 101)


def _bad_places(t: T.Tournament) -> TableResult:
    """Table 1's three players placed 2, 1, 1: two share first place, so the other is third, not second."""
    players = t.rounds[0].tables[0].players
    return TableResult(tuple(PlayerResult(p, 2 if i == 0 else 1) for i, p in enumerate(players)))


def _one_recorded() -> T.Tournament:
    t = _started()
    return T.record_result(t, 1, _result_of(t))


Refusal = tuple[str, Callable[[], T.Tournament], Callable[[T.Tournament], object], str]
REFUSALS: list[Refusal] = [
    ("sign up twice", lambda: signed_up(2), lambda t: T.sign_up(t, 101, "A"), "tournament_already_signed_up"),
    ("sign up after the start", _started, lambda t: T.sign_up(t, 500, "Late"), "tournament_sign_up_closed"),
    ("a computer signs up", lambda: signed_up(2), lambda t: T.sign_up(t, -5, "X"), "tournament_person_only"),
    ("removed signs up", _removed, lambda t: T.sign_up(t, 101, "A"), "tournament_removed"),
    ("withdraw twice", lambda: T.withdraw(signed_up(2), 101), lambda t: T.withdraw(t, 101), "tournament_not_playing"),
    ("withdraw a stranger", lambda: signed_up(2), lambda t: T.withdraw(t, 555), "tournament_not_entered"),
    ("start by another", lambda: signed_up(4), lambda t: T.start(t, OTHER), "tournament_only_organiser"),
    ("start alone", lambda: signed_up(1), lambda t: T.start(t, ORGANISER), "tournament_too_few"),
    ("start twice", _started, lambda t: T.start(t, ORGANISER), "tournament_sign_up_closed"),
    ("pair before the start", lambda: signed_up(4), T.next_round, "tournament_not_started"),
    ("pair mid-round", _started, T.next_round, "tournament_round_in_play"),
    ("record twice", _one_recorded, lambda t: T.record_result(t, 1, _result_of(t)), "tournament_result_known"),
    ("record no table", _started, lambda t: T.record_result(t, 9, _result_of(t)), "tournament_no_table"),
    ("record others", _started, lambda t: T.record_result(t, 1, _result_of(t, 2)), "tournament_result_players"),
    ("record bad places", _started, lambda t: T.record_result(t, 1, _bad_places(t)), "tournament_result_places"),
    ("record between rounds", _between, lambda t: T.record_result(t, 1, _result_of(t)), "tournament_no_round"),
    ("finish early", _between, T.finish, "tournament_rounds_left"),
    ("pause twice", lambda: T.pause(_started(), 1), lambda t: T.pause(t, ORGANISER), "tournament_already_paused"),
    ("pause in sign-up", lambda: signed_up(3), lambda t: T.pause(t, ORGANISER), "tournament_not_started"),
    ("resume unpaused", _started, lambda t: T.resume(t, ORGANISER), "tournament_not_paused"),
    ("pause by another", _started, lambda t: T.pause(t, OTHER), "tournament_only_organiser"),
    ("remove by another", _started, lambda t: T.remove(t, OTHER, 101), "tournament_only_organiser"),
    ("replace by another", _started, lambda t: T.replace(t, OTHER, 101, "easy"), "tournament_only_organiser"),
    ("replace a bad level", _started, lambda t: T.replace(t, ORGANISER, 101, "godlike"), "bot_levels"),
    (
        "replace twice",
        lambda: T.replace(_started(), 1, 101, "easy"),
        lambda t: T.replace(t, ORGANISER, 101, "easy"),
        "tournament_already_computer",
    ),
    ("add a computer later", _started, lambda t: T.add_computer(t, 1, "easy", "B"), "tournament_sign_up_closed"),
    ("cancel by another", _started, lambda t: T.cancel(t, OTHER), "tournament_only_organiser"),
    ("cancel twice", lambda: T.cancel(_started(), 1), lambda t: T.cancel(t, ORGANISER), "tournament_over"),
    ("pair after the end", _finished, T.next_round, "tournament_over"),
    ("withdraw after the end", _finished, lambda t: T.withdraw(t, 101), "tournament_over"),
]


@pytest.mark.parametrize(("name", "before", "change", "key"), REFUSALS, ids=[r[0] for r in REFUSALS])
def test_an_illegal_change_is_refused_with_its_key_and_changes_nothing(
    name: str, before: Callable[[], T.Tournament], change: Callable[[T.Tournament], object], key: str
) -> None:
    """Each refusal names its message key, and the tournament's document is the same after."""
    t = before()
    document = T.dumps(t)
    with pytest.raises(RummyError) as refused:
        change(t)
    assert isinstance(refused.value, T.TournamentError) and refused.value.key == key
    assert T.dumps(t) == document


BAD_SETTINGS: list[tuple[dict[str, object], str | None]] = [
    ({"name": "   "}, "tournament_name_empty"),
    ({"name": "x" * 101}, "tournament_name_too_long"),
    ({"table_size": 7}, "tournament_table_size"),
    ({"table_size": 1}, "tournament_table_size"),
    ({"rounds": 0}, "tournament_rounds_range"),
    ({"rounds": 11}, "tournament_rounds_range"),
    ({"format": T.Format.KNOCKOUT}, "tournament_knockout_rounds"),
    ({"round_minutes": 5}, "tournament_round_minutes"),
    ({"preset": "poker"}, "unknown_preset"),
    ({"house_rules": {"opening": 999}}, None),
    ({"house_rules": {"max_players": 3}}, "seats_at_most"),
]


@pytest.mark.parametrize(("change", "key"), BAD_SETTINGS)
def test_settings_that_cannot_make_a_tournament_are_refused(change: dict[str, object], key: str | None) -> None:
    """A name, table size, number of rounds, round length, preset or house rules that cannot work."""
    fields: dict[str, object] = {"name": "Night", "preset": "rami51", "format": T.Format.SWISS, "rounds": 3}
    fields["table_size"] = 4
    fields.update(change)
    with pytest.raises((T.BadSettings, BadRules)) as refused:
        T.Settings(**fields)  # type: ignore[arg-type]
    assert refused.value.key is not None and (key is None or refused.value.key == key)


# -- the JSON document --------------------------------------------------------------------------
@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    count=st.integers(3, 14),
    size=st.integers(2, 5),
    fmt=st.sampled_from(T.Format),
    fill=st.booleans(),
)
def test_every_state_round_trips_through_its_json_document(
    seed: int, count: int, size: int, fmt: T.Format, fill: bool
) -> None:
    """From the sign-up to the finish, with withdrawals, a computer, replacements, pauses and
    byes, each state reads back equal from its document, which is plain JSON."""
    rng = random.Random(seed)
    t = signed_up(count, fmt=fmt, size=size, fill=fill, seed=seed, rounds=3)
    t = T.add_computer(T.withdraw(t, 101), ORGANISER, "hard", "Robot")
    states = [t]
    t = T.start(t, ORGANISER, ratings={102: 1500.0} if rng.random() < 0.5 else None)
    t = T.replace(t, ORGANISER, 103, "easy")
    t = T.pause(t, ORGANISER)
    states += [t, T.resume(t, ORGANISER), T.cancel(t, ORGANISER)]
    states += list(play_out(T.resume(t, ORGANISER), rng))
    for state in states:
        document = T.dumps(state)
        assert json.loads(document) == T.tournament_to_json(state)
        assert T.loads(document) == state


def test_a_document_of_another_schema_is_refused() -> None:
    document = T.tournament_to_json(signed_up(2)) | {"schema": 99}
    with pytest.raises(SchemaError):
        T.tournament_from_json(document)


def test_every_setting_round_trips() -> None:
    """House rules, table options, a start time and the other choices read back equal."""
    chosen = T.Settings(
        "  Soirée rami  ",
        "RAMI51",
        T.Format.KNOCKOUT,
        None,
        5,
        {"opening": 40},
        fill_with_computers=True,
        round_minutes=45,
        starts_at=1_760_000_000.5,
        options=TableOptions(turn_timer=60, hints=False),
    )
    assert chosen.name == "Soirée rami" and chosen.preset == "rami51" and chosen.rules.opening == 40
    t = T.new(chosen, ORGANISER, 3)
    again = T.loads(T.dumps(t))
    assert again.settings == chosen and again == t and hash(again) == hash(t)


def test_a_round_s_time_limit_runs_from_its_start() -> None:
    t = T.start(signed_up(4, size=2), ORGANISER, now=1000.0)
    assert T.round_deadline(t) == 1000.0 + 90 * 60
    t = play_round(t, random.Random(8))
    assert T.round_deadline(t) is None
    t = T.next_round(t, now=9000.0)
    assert T.round_deadline(t) == 9000.0 + 90 * 60 and T.loads(T.dumps(t)) == t
