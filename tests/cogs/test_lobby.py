"""``/lobby`` and the lobby buttons, against a real database."""

from __future__ import annotations

import discord

from tests.cogs.conftest import ALICE, BOB, CHANNEL, CHLOE, MALLORY, OTHER_CHANNEL, Harness


async def test_create_posts_the_lobby_with_buttons(h: Harness) -> None:
    """/lobby create answers publicly with the preset, the seats and Join/Leave/Start."""
    r = await h.slash(ALICE, "lobby create", preset="rami51")
    assert not r.first.ephemeral
    assert "rami51" in r.text and "Alice" in r.text
    assert r.first.custom_ids == ["rami:1:join", "rami:1:leave", "rami:1:start"]


async def test_create_remembers_the_public_message(h: Harness) -> None:
    """The lobby message is the table's board: its id is stored with the game."""
    await h.slash(ALICE, "lobby create")
    row = await h.db.games.get_active(CHANNEL)
    assert row is not None and row.message_id is not None


async def test_second_table_in_a_channel_is_refused(h: Harness) -> None:
    """One table per channel: a second /lobby create says why, privately."""
    await h.slash(ALICE, "lobby create")
    r = await h.slash(BOB, "lobby create")
    assert r.first.ephemeral and "already a table" in r.text


async def test_each_channel_has_its_own_table(h: Harness) -> None:
    """Another channel can hold another table."""
    await h.slash(ALICE, "lobby create")
    r = await h.slash(BOB, "lobby create", channel=OTHER_CHANNEL)
    assert not r.first.ephemeral


async def test_unknown_preset_is_refused(h: Harness) -> None:
    """A preset name outside the list is refused with the known names."""
    r = await h.slash(ALICE, "lobby create", preset="poker")
    assert r.first.ephemeral and "rami51" in r.text


async def test_join_button_seats_the_player_and_redraws_the_board(h: Harness) -> None:
    """Join answers the clicker privately and the board shows the new seat."""
    await h.slash(ALICE, "lobby create")
    r = await h.click(BOB, "rami:1:join", on_ephemeral=False)
    assert r.first.ephemeral and "2/6" in r.text
    assert "Bob" in h.board_message().text


async def test_join_twice_is_refused(h: Harness) -> None:
    """A seated player cannot join again."""
    await h.slash(ALICE, "lobby create")
    r = await h.slash(ALICE, "lobby join")
    assert r.first.ephemeral and "already seated" in r.text


async def test_join_without_a_table_says_how_to_open_one(h: Harness) -> None:
    """Commands in a channel without a table point to /lobby create."""
    r = await h.slash(BOB, "lobby join")
    assert r.first.ephemeral and "/lobby create" in r.text


async def test_leave_button_frees_the_seat(h: Harness) -> None:
    """Leave in the lobby gives the seat back."""
    await h.open_table(ALICE, BOB, start=False)
    r = await h.click(BOB, "rami:1:leave", on_ephemeral=False)
    assert r.first.ephemeral
    assert [p.name for p in (await h.table()).players] == ["Alice"]


async def test_start_by_a_guest_is_refused(h: Harness) -> None:
    """Only the host starts."""
    await h.open_table(ALICE, BOB, start=False)
    r = await h.click(BOB, "rami:1:start", on_ephemeral=False)
    assert r.first.ephemeral and "Only the host" in r.text


async def test_start_alone_is_refused(h: Harness) -> None:
    """A table needs two players."""
    await h.slash(ALICE, "lobby create")
    r = await h.slash(ALICE, "lobby start")
    assert r.first.ephemeral and "at least 2" in r.text


async def test_start_announces_the_deal_and_the_turn(h: Harness) -> None:
    """The start is public: the deal, who plays first (mentioned), and the board gets My hand."""
    await h.open_table(ALICE, BOB, start=False)
    r = await h.click(ALICE, "rami:1:start", on_ephemeral=False)
    table = await h.table()
    first = table.players[table.turn]
    assert not r.first.ephemeral
    assert "Deal 1" in r.text and f"<@{first.id}>" in r.text
    assert h.board_message().custom_ids == ["rami:1:hand"]


async def test_set_a_house_rule(h: Harness) -> None:
    """The host sets a knob; the board lists it as a house rule."""
    await h.slash(ALICE, "lobby create", preset="rami51")
    r = await h.slash(ALICE, "lobby set", rule="opening", value="40")
    assert r.first.ephemeral and "opening is now 40" in r.text
    assert "opening: 40 (preset 51)" in h.board_message().text


async def test_set_a_table_option(h: Harness) -> None:
    """turn_timer is a table option the host sets like a rule."""
    await h.slash(ALICE, "lobby create")
    await h.slash(ALICE, "lobby set", rule="turn_timer", value="30")
    assert (await h.table()).options.turn_timer == 30
    assert "turn timer 30s" in h.board_message().text


async def test_set_by_a_guest_is_refused(h: Harness) -> None:
    """Only the host changes the rules."""
    await h.open_table(ALICE, BOB, start=False)
    r = await h.slash(BOB, "lobby set", rule="opening", value="10")
    assert r.first.ephemeral and "Only the host" in r.text


async def test_set_a_bad_value_is_refused(h: Harness) -> None:
    """A value outside the knob's range is refused with its limits."""
    await h.slash(ALICE, "lobby create")
    r = await h.slash(ALICE, "lobby set", rule="turn_cap", value="5")
    assert r.first.ephemeral and "at least 20" in r.text


async def test_set_after_the_start_is_refused(h: Harness) -> None:
    """House rules are fixed once the game started."""
    await h.open_table(ALICE, BOB)
    r = await h.slash(ALICE, "lobby set", rule="hints", value="no")
    assert r.first.ephemeral and "already started" in r.text


async def test_rule_names_autocomplete(h: Harness) -> None:
    """Rule names complete from the knobs and the table options, with their help."""
    i = h.interaction(ALICE)
    choices = await h.lobby.rule_names(i, "open")
    assert [c.value for c in choices] == ["opening"]
    assert "Points needed" in choices[0].name
    assert "turn_timer" in [c.value for c in await h.lobby.rule_names(i, "")]


async def test_rule_values_autocomplete(h: Harness) -> None:
    """Values complete from the chosen rule's choices."""

    class Namespace:
        rule = "ace"

    i = h.interaction(ALICE, namespace=Namespace())
    assert [c.value for c in await h.lobby.rule_values(i, "")] == ["low", "low_or_high"]


async def test_addbot_and_removebot(h: Harness) -> None:
    """The host seats computer players by level and removes the last one."""
    await h.slash(ALICE, "lobby create")
    r = await h.slash(ALICE, "lobby addbot", level="hard")
    assert r.first.ephemeral and "Bot (hard)" in r.text
    await h.slash(ALICE, "lobby addbot", level="easy")
    assert "Bot (easy)" in h.board_message().text
    r = await h.slash(ALICE, "lobby removebot")
    assert "Bot (easy)" in r.text
    assert [p.bot_level for p in (await h.table()).players] == [None, "hard"]


async def test_addbot_by_a_guest_is_refused(h: Harness) -> None:
    """Only the host seats computer players."""
    await h.open_table(ALICE, BOB, start=False)
    r = await h.slash(BOB, "lobby addbot")
    assert r.first.ephemeral and "Only the host" in r.text


async def test_kick_by_the_host(h: Harness) -> None:
    """The host removes a seated member; the channel is told."""
    await h.open_table(ALICE, BOB, start=False)
    r = await h.slash(ALICE, "lobby kick", member=h.interaction(BOB).user)
    assert not r.first.ephemeral and "removed Bob" in r.text
    assert (await h.table()).seat_of(BOB.id) is None


async def test_kick_by_a_guest_is_refused(h: Harness) -> None:
    """A guest without Manage Messages cannot kick."""
    await h.open_table(ALICE, BOB, CHLOE, start=False)
    r = await h.slash(BOB, "lobby kick", member=h.interaction(CHLOE).user)
    assert r.first.ephemeral and "Only the host" in r.text


async def test_kick_by_a_moderator(h: Harness) -> None:
    """A member with Manage Messages may kick, seated or not."""
    await h.open_table(ALICE, BOB, start=False)
    r = await h.slash(MALLORY, "lobby kick", member=h.interaction(BOB).user, moderator=True)
    assert not r.first.ephemeral
    assert (await h.table()).seat_of(BOB.id) is None


async def test_cancel_by_the_host_closes_the_table(h: Harness) -> None:
    """Cancel is public, frees the channel, and the board loses its buttons."""
    await h.open_table(ALICE, BOB)
    r = await h.slash(ALICE, "lobby cancel")
    assert not r.first.ephemeral and "cancelled" in r.text
    assert await h.db.games.get_active(CHANNEL) is None
    assert (await h.db.games.get(1)).status == "cancelled"
    assert h.board_message().view is None and "cancelled" in h.board_message().text


async def test_cancel_by_a_guest_is_refused(h: Harness) -> None:
    """A guest cannot cancel."""
    await h.open_table(ALICE, BOB)
    r = await h.slash(BOB, "lobby cancel")
    assert r.first.ephemeral and "Only the host" in r.text
    assert await h.db.games.get_active(CHANNEL) is not None


async def test_cancel_by_a_moderator(h: Harness) -> None:
    """A moderator cancels a table they do not host."""
    await h.open_table(ALICE, BOB)
    await h.slash(MALLORY, "lobby cancel", moderator=True)
    assert await h.db.games.get_active(CHANNEL) is None


async def test_cancelled_game_does_not_count(h: Harness) -> None:
    """A cancelled game writes no results and no leaderboard line."""
    await h.open_table(ALICE, BOB)
    await h.slash(ALICE, "lobby cancel")
    assert await h.db.games.results(1) == []
    assert await h.db.leaderboard.leaderboard(9001) == []


async def test_old_lobby_buttons_refer_to_their_own_game(h: Harness) -> None:
    """A Join button of a cancelled table does not seat anyone at the next one."""
    await h.slash(ALICE, "lobby create")
    await h.slash(ALICE, "lobby cancel")
    await h.slash(ALICE, "lobby create")
    r = await h.click(BOB, "rami:1:join", on_ephemeral=False)
    assert r.first.ephemeral and "over" in r.text
    assert (await h.table()).seat_of(BOB.id) is None


async def test_nothing_works_in_direct_messages(h: Harness) -> None:
    """Every command refuses a DM, privately, in the user's words."""
    for path, options in [("lobby create", {}), ("lobby join", {}), ("hand", {}), ("draw", {})]:
        r = await h.slash(ALICE, path, guild=None, **options)
        assert r.first.ephemeral and "servers only" in r.text


async def test_french_user_reads_french(h: Harness) -> None:
    """Private replies follow the user's locale where the catalog has it."""
    await h.slash(ALICE, "lobby create")
    r = await h.slash(CHLOE, "lobby join")
    assert "Vous avez rejoint la table" in r.text


async def test_lobby_labels_the_preset_text_under_house_rules(h: Harness) -> None:
    """With a house rule, the preset's description is labelled as the preset's, not the table's."""
    await h.open_table(ALICE, BOB, preset="rami51", start=False, opening="30")
    embed = (await h.slash(ALICE, "table")).first.embed
    assert embed.description.startswith("Preset rami51:") and "house rules below" in embed.description


async def test_create_without_permissions_is_refused_with_the_missing_ones(h: Harness) -> None:
    """/lobby create where the bot cannot post embeds names the missing permissions, privately."""
    perms = discord.Permissions(view_channel=True, send_messages=True, read_message_history=True)
    r = await h.slash(ALICE, "lobby create", app_permissions=perms)
    assert r.first.ephemeral and "Embed Links" in r.text and "Send Messages" not in r.text
    assert await h.db.games.get_active(CHANNEL) is None


async def test_computer_players_are_marked_once(h: Harness) -> None:
    """A computer player shows as "🤖 Bot (easy)", without a second "(computer)"."""
    await h.slash(ALICE, "lobby create")
    await h.slash(ALICE, "lobby addbot", level="easy")
    text = (await h.slash(ALICE, "table")).text
    assert "🤖 Bot (easy)" in text and "(computer)" not in text
