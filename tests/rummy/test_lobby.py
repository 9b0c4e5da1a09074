"""The lobby's rules (rummy.lobby), through the table's methods: seats, the host's powers,
computer players, house rules and table options, the start, the end of a lobby."""

from __future__ import annotations

import pytest

from rummy.errors import RummyError
from rummy.rules import KNOBS
from rummy.table import LobbyError, NotHost, NotSeated, TableStatus
from rummy.table_options import OPTIONS, TableOptions, setting_choices, setting_names
from tests.rummy.table_support import BOB, CARL, HOST, lobby, started


def test_join_twice_is_refused() -> None:
    """A player cannot take two seats."""
    table = lobby()
    table.join(BOB, "Bob")
    with pytest.raises(LobbyError, match="already seated"):
        table.join(BOB, "Bob")


def test_full_table_is_refused() -> None:
    """A seventh player finds the table full."""
    table = lobby()
    for uid in range(100, 105):
        table.join(uid, f"P{uid}")
    with pytest.raises(LobbyError, match="full"):
        table.join(BOB, "Bob")


def test_max_players_knob_limits_seats() -> None:
    """Lowering max_players shrinks the table, but not below the players already seated."""
    table = lobby()
    table.set(HOST, "max_players", "2")
    table.join(BOB, "Bob")
    with pytest.raises(LobbyError, match="full"):
        table.join(CARL, "Carl")
    table.set(HOST, "max_players", "3")
    table.join(CARL, "Carl")
    with pytest.raises(LobbyError, match="already seated"):
        table.set(HOST, "max_players", "2")


def test_leave_frees_the_seat() -> None:
    """A player who leaves the lobby gives the seat back."""
    table = lobby()
    table.join(BOB, "Bob")
    table.leave(BOB)
    assert table.seat_of(BOB) is None and len(table.players) == 1


def test_host_cannot_leave_the_lobby() -> None:
    """The host must start or cancel rather than leave."""
    with pytest.raises(LobbyError, match="host"):
        lobby().leave(HOST)


def test_leave_when_not_seated_is_refused() -> None:
    """Someone who is not seated cannot leave."""
    with pytest.raises(NotSeated):
        lobby().leave(BOB)


@pytest.mark.parametrize(
    "move",
    [
        lambda t: t.start(BOB),
        lambda t: t.add_bot(BOB),
        lambda t: t.remove_bot(BOB),
        lambda t: t.set(BOB, "opening", "10"),
        lambda t: t.cancel(BOB),
        lambda t: t.kick(BOB, HOST),
    ],
)
def test_only_the_host_runs_the_lobby(move) -> None:
    """Start, bots, rules, cancel and kick belong to the host."""
    table = lobby()
    table.join(BOB, "Bob")
    with pytest.raises(NotHost, match="Only the host"):
        move(table)


def test_moderator_may_cancel_and_kick() -> None:
    """A moderator (Manage Messages) may kick and cancel without being the host."""
    table = lobby()
    table.join(BOB, "Bob")
    table.join(CARL, "Carl")
    table.kick(BOB, CARL, moderator=True)
    assert table.seat_of(CARL) is None
    table.cancel(BOB, moderator=True)
    assert table.status is TableStatus.CANCELLED


def test_start_needs_two_players() -> None:
    """A table of one cannot start."""
    with pytest.raises(LobbyError, match="at least 2"):
        lobby().start(HOST)


def test_start_deals_the_game() -> None:
    """Starting deals every seat and opens the first turn."""
    table = started()
    assert table.status is TableStatus.PLAYING and table.game is not None
    assert table.turn in (0, 1)
    assert table.recent and table.recent[-1].kind == "deal_started"


def test_lobby_moves_are_refused_once_playing() -> None:
    """Joining, adding bots or changing rules is over once the game started."""
    table = started()
    for move in (
        lambda: table.join(CARL, "Carl"),
        lambda: table.add_bot(HOST),
        lambda: table.set(HOST, "hints", "no"),
        lambda: table.start(HOST),
    ):
        with pytest.raises(LobbyError, match="already started"):
            move()


def test_bots_get_names_levels_and_stable_ids() -> None:
    """Computer players are named by level and get negative ids stable per level and rank."""
    table = lobby()
    a = table.add_bot(HOST, "hard")
    b = table.add_bot(HOST, "hard")
    c = table.add_bot(HOST, "easy")
    assert (a.name, b.name, c.name) == ("Bot (hard)", "Bot 2 (hard)", "Bot (easy)")
    ids = [table.leaderboard_id(s) for s in (1, 2, 3)]
    assert ids == [-301, -302, -101]
    assert table.leaderboard_id(0) == HOST


def test_unknown_bot_level_is_refused() -> None:
    """Only easy, normal and hard exist."""
    with pytest.raises(LobbyError, match="easy"):
        lobby().add_bot(HOST, "genius")


def test_remove_bot_takes_the_last_one() -> None:
    """removebot removes the computer player added last, and says so when there is none."""
    table = lobby()
    table.add_bot(HOST, "easy")
    table.add_bot(HOST, "hard")
    assert table.remove_bot(HOST).bot_level == "hard"
    assert table.remove_bot(HOST).bot_level == "easy"
    with pytest.raises(LobbyError, match="no computer player"):
        table.remove_bot(HOST)


def test_set_a_knob_changes_the_rules() -> None:
    """A house rule is stored as an override and changes the table's rules."""
    table = lobby("rami51")
    assert table.set(HOST, "opening", "40") == "40"
    assert table.overrides == {"opening": 40} and table.rules.opening == 40


def test_setting_a_knob_back_to_the_preset_drops_the_override() -> None:
    """Setting the preset's own value leaves no override behind."""
    table = lobby("rami51")
    table.set(HOST, "opening", "40")
    table.set(HOST, "opening", "51")
    assert table.overrides == {}


def test_impossible_house_rule_is_refused() -> None:
    """A combination the rules refuse is not stored."""
    table = lobby("basic")
    with pytest.raises(ValueError, match="Joker swap needs jokers"):
        table.set(HOST, "joker_swap", "yes")
    assert table.overrides == {}


@pytest.mark.parametrize(
    ("name", "value", "expected"),
    [
        ("turn_timer", "30", TableOptions(turn_timer=30)),
        ("bot_pause", "0", TableOptions(bot_pause=0.0)),
        ("hints", "no", TableOptions(hints=False)),
    ],
)
def test_table_options(name: str, value: str, expected: TableOptions) -> None:
    """turn_timer, bot_pause and hints are table options."""
    table = lobby()
    table.set(HOST, name, value)
    assert table.options == expected


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("turn_timer", "-1"),
        ("turn_timer", "1.5"),
        ("turn_timer", "5"),
        ("turn_timer", "29"),
        ("turn_timer", "3601"),
        ("bot_pause", "11"),
        ("bot_pause", "nan"),
        ("hints", "maybe"),
        ("colour", "red"),
    ],
)
def test_bad_option_values_are_refused(name: str, value: str) -> None:
    """Out-of-range or unknown settings are refused with a reason."""
    with pytest.raises(RummyError):
        lobby().set(HOST, name, value)


def test_setting_names_cover_knobs_and_options() -> None:
    """/lobby set offers every knob and every table option, with value suggestions."""
    assert set(setting_names()) == set(KNOBS) | set(OPTIONS)
    assert setting_choices("hints") == ["yes", "no"]
    assert setting_choices("ace") == ["low", "low_or_high"]


def test_kick_during_play_drops_the_seat() -> None:
    """Kicking a seated player mid-game drops them."""
    table = lobby()
    table.join(BOB, "Bob")
    table.join(CARL, "Carl")
    table.start(HOST)
    table.kick(HOST, CARL)
    assert 2 in table.game.dropped and table.status is TableStatus.PLAYING


def test_expire_cancels_a_lobby_and_abandons_a_game() -> None:
    """An expired lobby is cancelled; an idle game is abandoned."""
    a, b = lobby(), started()
    a.expire()
    b.expire()
    assert (a.status, b.status) == (TableStatus.CANCELLED, TableStatus.ABANDONED)
