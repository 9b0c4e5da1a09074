"""``/rami defaults``: a server's admins set the defaults of its new tables (preset, house rules,
table options) with the lobby's own vocabulary; ``/lobby create`` starts from them; ``/rules``
marks the house rules that are the server's; members without Manage Server are refused."""

from __future__ import annotations

from typing import Any

import pytest

from cogs.ui.limits import quote
from rummy.rules import KNOBS, find_preset
from rummy.table_options import OPTIONS
from service.catalog import BOOK
from service.catalog_rules import rules_text
from tests.cogs.conftest import ALICE, BOB, CHLOE, GUILD, Harness

FR, EN = BOOK.translator("fr"), BOOK.translator("en")


async def admin(h: Harness, path: str, user: Any = ALICE, **options: Any) -> Any:
    return await h.slash(user, f"rami defaults {path}", manager=True, **options)


async def test_nothing_set_shows_the_bots_own(h: Harness) -> None:
    r = await admin(h, "show")
    assert r.first.ephemeral and r.text.startswith(EN("defaults_title"))
    assert EN("defaults_no_house_rules") in r.text and EN("defaults_no_options") in r.text
    assert EN("defaults_preset_bot", title=EN("preset_basic_title"), name="basic") in r.text


async def test_an_admin_sets_the_defaults_and_a_new_table_starts_from_them(h: Harness) -> None:
    r = await admin(h, "preset", preset="rami51")
    assert r.first.ephemeral
    assert r.text.startswith(EN("defaults_preset_set", title=EN("preset_rami51_title"), name="rami51"))
    r = await admin(h, "rule", rule="ace_value", value="11")
    assert r.text.startswith(EN("defaults_rule_set", name="ace_value", value="11", preset="rami51"))
    assert EN("house_rule", name="ace_value", value="11", preset="1") in r.text
    r = await admin(h, "rule", rule="game_length", value="5", preset="basic")
    assert EN("defaults_house_rules", title=EN("preset_basic_title"), name="basic") in r.text
    r = await admin(h, "option", option="turn_timer", value="60")
    assert r.text.startswith(EN("defaults_option_set", name="turn_timer", value=EN("value_seconds", n="60")))
    assert EN("defaults_options", options=EN("defaults_option", name="turn_timer", value="60s")) in r.text
    await h.slash(BOB, "lobby create")
    table = await h.table()
    assert (table.preset, table.overrides, table.options.turn_timer) == ("rami51", {"ace_value": 11}, 60)
    r = await h.slash(BOB, "lobby set", rule="ace_value", value="1")  # the host still changes it
    assert (await h.table()).overrides == {}


async def test_a_french_admin_reads_it_all_in_french(h: Harness) -> None:
    r = await admin(h, "rule", CHLOE, rule="ace", value="low_or_high", preset="basic")
    said = FR("defaults_rule_set", name="ace", value=FR("value_low_or_high"), preset="basic")
    assert r.text.startswith(said) and FR("defaults_title") in r.text
    assert FR("house_rule", name="ace", value=FR("value_low_or_high"), preset=FR("value_low")) in r.text
    r = await admin(h, "option", CHLOE, option="hints", value="non")
    assert r.text.startswith(FR("defaults_option_set", name="hints", value=FR("value_no")))
    r = await admin(h, "reset", CHLOE)
    assert r.text == FR("defaults_reset")
    assert (await h.service.defaults.get(GUILD)).empty


async def test_the_presets_own_value_removes_a_house_rule(h: Harness) -> None:
    await admin(h, "rule", rule="opening", value="40", preset="rami51")
    r = await admin(h, "rule", rule="opening", value="51", preset="rami51")
    assert r.text.startswith(EN("defaults_rule_preset", name="opening", value="51", preset="rami51"))
    assert (await h.service.defaults.get(GUILD)).house_rules == {}


@pytest.mark.parametrize(
    ("path", "options"),
    [
        ("show", {}),
        ("preset", {"preset": "rami51"}),
        ("rule", {"rule": "ace_value", "value": "11"}),
        ("option", {"option": "hints", "value": "no"}),
        ("reset", {}),
    ],
)
async def test_only_manage_server_may_see_or_change_them(h: Harness, path: str, options: dict[str, str]) -> None:
    """A moderator without Manage Server is refused with the reason, in their language; nothing changes."""
    await admin(h, "option", option="turn_timer", value="60")
    before = await h.db.defaults.document(GUILD)
    for user, tr in ((BOB, EN), (CHLOE, FR)):
        r = await h.slash(user, f"rami defaults {path}", moderator=True, **options)
        assert r.first.ephemeral and r.text == tr("defaults_manage_guild_only")
    assert await h.db.defaults.document(GUILD) == before


@pytest.mark.parametrize(
    ("path", "options", "key", "params"),
    [
        ("rule", {"rule": "turn_timer", "value": "60"}, "unknown_setting", {"name": quote("turn_timer")}),
        ("rule", {"rule": "ace_value", "value": "<@1>"}, "bad_value", {"name": "ace_value", "value": quote("<@1>")}),
        ("option", {"option": "ace", "value": "low"}, "unknown_setting", {"name": quote("ace")}),
        ("rule", {"rule": "ace_value", "value": "12"}, "rules.at_most", {"rule": "ace_value", "max": 11}),
        ("rule", {"rule": "lay_off", "value": "after_opening"}, "rules.lay_off_needs_opening", {}),
        ("option", {"option": "turn_timer", "value": "5"}, "rules.turn_timer_range", None),
    ],
)
async def test_a_bad_value_is_refused_as_the_lobby_refuses_it(
    h: Harness, path: str, options: dict[str, str], key: str, params: dict[str, Any] | None
) -> None:
    for user, tr in ((ALICE, EN), (CHLOE, FR)):
        r = await admin(h, path, user, **options)
        assert r.first.ephemeral
        if params is not None and (tr is FR or not key.startswith("rules.")):
            assert r.text == tr(key, **params)
        assert EN("defaults_title") not in r.text and FR("defaults_title") not in r.text
    assert await h.db.defaults.document(GUILD) is None


async def test_rules_mark_the_servers_house_rules(h: Harness) -> None:
    """With no table, /rules reads the server's default preset with its house rules, all marked; at
    a table, only those the host left as the server set them."""
    await admin(h, "preset", preset="rami51")
    await admin(h, "rule", rule="ace_value", value="11")
    await admin(h, "rule", rule="joker_value", value="30")
    server = find_preset("rami51").with_overrides(ace_value=11, joker_value=30)
    for user, tr in ((BOB, EN), (CHLOE, FR)):
        r = await h.slash(user, "rules")
        assert r.first.content == rules_text(server, tr, server={"ace_value", "joker_value"})
        assert tr("describe.server_rule", text="") in r.text
    await h.slash(BOB, "lobby create")
    await h.slash(BOB, "lobby set", rule="joker_value", value="20")
    table = find_preset("rami51").with_overrides(ace_value=11, joker_value=20)
    for user, tr in ((BOB, EN), (CHLOE, FR)):
        r = await h.slash(user, "rules")
        assert r.first.content == rules_text(table, tr, server={"ace_value"})
        assert r.text.count(tr("describe.server_rule", text="").strip()) == 1


async def test_the_autocomplete_offers_the_lobbys_names_apart(h: Harness) -> None:
    """The rule names are the knobs (no table option), the option names the table options; their
    values are the lobby's suggestions."""
    settings, rule = h.command("rami defaults rule")
    _settings, option = h.command("rami defaults option")
    i = h.interaction(ALICE, manager=True)
    rules = await settings.defaults_rule_names(i, "")
    assert [c.value for c in rules] == list(KNOBS)[:25]
    options = await settings.defaults_option_names(i, "t")
    assert [c.value for c in options] == [n for n in OPTIONS if "t" in n]
    i.namespace = type("Namespace", (), {"option": "hints"})()
    assert [c.value for c in await settings.defaults_values(i, "")] == ["yes", "no"]
    assert rule.parent is not None and option.parent is rule.parent and rule.parent.name == "defaults"
    for command, names in ((rule, ("rule", "value")), (option, ("option", "value"))):
        assert all(getattr(command.get_parameter(n), "autocomplete", False) for n in names), command.name


CHANGES = [("turn_cap", "500"), ("joker_value", "40"), ("void_deal_limit", "20"), ("decks", "3"), ("turn_cap", "600")]
CHANGES += [("ace_value", "5"), ("game_length", "7"), ("max_players", "4"), ("refill_limit", "5"), ("jokers", "2")]


async def test_every_house_rule_of_every_preset_still_fits_one_message(h: Harness) -> None:
    """However many house rules the server sets, the answer is one message (shortened, not cut
    before its end when the short form fits)."""
    for preset in ("basic", "rummy100", "rami100", "rami51", "ref40", "ref51"):
        for name, value in CHANGES:
            await h.service.defaults.set_rule(GUILD, name, value, preset)
    for user, tr in ((ALICE, EN), (CHLOE, FR)):
        r = await admin(h, "option", user, option="bot_pause", value="0")
        assert len(r.text) <= 2000 and r.text.endswith(tr("defaults_how"))
        assert r.text.count("turn_cap") == 6 and "\n- " not in r.text  # one line per preset
