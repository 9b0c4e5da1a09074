"""The organiser's controls of issue 31 on Discord: the organisers' role, a start time, adding a
computer entrant, naming any entrant by autocomplete, and a replaced person's seat taken over in
the game in play. Each refused to anyone else with its reason, privately, in their language."""

from __future__ import annotations

from typing import Any
from unittest.mock import MagicMock

import discord

from cogs.tournament import Tournament, TournamentClock
from rummy import tournament as T
from service.model import Who
from tests.cogs.conftest import ALICE, BOB, CHLOE, GUILD, MALLORY, Clock, User
from tests.cogs.test_tournament import EN, FR, Rig, labels, t  # noqa: F401 - t: the rig's fixture

ROLE = 4242


def role(role_id: int = ROLE, everyone: bool = False) -> Any:
    r = MagicMock(spec=discord.Role)
    r.id, r.mention = role_id, f"<@&{role_id}>"
    r.is_default.return_value = everyone
    return r


def cog(rig: Rig) -> Tournament:
    found = next(c for c in rig.h.cogs if isinstance(c, Tournament))
    return found


async def signed(rig: Rig, *users: User) -> None:
    for user in users:
        await rig.click(user, "tsign")


def test_role_members_see_the_commands(t: Rig) -> None:  # noqa: F811
    """The group is not hidden behind Manage Server: the organisers' role must see it."""
    group = cog(t).app_command
    assert group is not None and group.default_permissions is None


async def test_the_organisers_role_named_by_an_admin(t: Rig) -> None:  # noqa: F811
    """Only Manage Server names the role (others refused with the reason, @everyone refused);
    its members then create and control any tournament of the server, the message names the
    role, and once cleared they are refused again."""
    refused = await t.slash(BOB, "tournament organisers", role=role())
    assert refused.first.ephemeral and refused.text == EN("tournament_organisers_manage_only")
    everyone = await t.slash(ALICE, "tournament organisers", role=role(GUILD, everyone=True), manager=True)
    assert everyone.text == EN("tournament_organisers_everyone")
    assert t.h.service.settings.organiser_role(GUILD) is None
    await t.create(ALICE)  # by Manage Server
    done = await t.slash(ALICE, "tournament organisers", role=role(), manager=True)
    assert done.first.ephemeral and done.text == EN("tournament_organisers_set", role=f"<@&{ROLE}>")
    await t.settle()
    assert f"<@&{ROLE}>" in (await t.message()).text  # told to the open tournament's message
    await signed(t, BOB, CHLOE)
    paused = await t.slash(MALLORY, "tournament start", roles=(ROLE,))  # not the organiser, but the role's
    assert paused.text == EN("tournament_done_start")
    french = await t.slash(CHLOE, "tournament pause")
    assert french.first.ephemeral and "organisateur" in french.text
    cleared = await t.slash(ALICE, "tournament organisers", manager=True)
    assert cleared.text == EN("tournament_organisers_cleared")
    again = await t.slash(MALLORY, "tournament pause", roles=(ROLE,))
    assert again.first.ephemeral and "Only the organiser" in again.text


async def test_a_role_member_creates_and_others_are_told_why_not(t: Rig) -> None:  # noqa: F811
    """With the role, a member without Manage Server creates a tournament; without it, refused."""
    await t.slash(ALICE, "tournament organisers", role=role(), manager=True)
    no = await t.create(CHLOE, manager=False)
    assert no.first.ephemeral and no.text == FR("tournament_not_allowed")
    yes = await t.create(BOB, manager=False, roles=(ROLE,))
    assert yes.first.ephemeral and "Friday night" in yes.text
    assert (await t.only()).tournament.organiser == BOB.id


async def test_a_start_time_is_shown_and_kept_by_the_clock(t: Rig, clock: Clock) -> None:  # noqa: F811
    """21h (Paris) is shown as Discord timestamps; at that time, with one player, the tournament
    waits for its organiser (its message says so); the organiser starts it by hand later."""
    r = await t.create(start_time="21h")
    at = int(t.service.start_time("21h"))
    assert f"<t:{at}:F>" in r.text and f"<t:{at}:R>" in r.text
    shown = (await t.message()).text
    assert f"<t:{at}:F> (<t:{at}:R>)" in shown and EN("tournament_field_starts") in shown
    await signed(t, BOB)
    ticking = TournamentClock(t.service)
    await ticking.tick()
    assert (await t.only()).stage is T.Stage.SIGN_UP and not (await t.only()).tournament.waiting
    clock.advance(at - clock.now.timestamp() + 1)
    await ticking.tick()
    await t.settle()
    shown = (await t.message()).text
    assert EN("tournament_status_waiting", n=2) in shown and EN("tournament_starts_by_hand") in shown
    assert labels(await t.message()) == ["Sign up", "Withdraw"]  # still open for sign-ups
    await signed(t, CHLOE)
    await ticking.tick()
    assert (await t.only()).stage is T.Stage.SIGN_UP  # nothing more by itself
    assert (await t.slash(ALICE, "tournament start", manager=True)).text == EN("tournament_done_start")


async def test_the_clock_starts_a_full_tournament_at_its_time(t: Rig, clock: Clock) -> None:  # noqa: F811
    """Two players at the start time: the clock starts it as its organiser would, tables open."""
    await t.create(start_time="2026-01-01 20:30")
    await signed(t, ALICE, BOB)
    clock.advance(8 * 3600)
    await TournamentClock(t.service).tick()
    await t.settle()
    snap = await t.only()
    assert snap.stage is T.Stage.PLAYING and snap.tables and snap.tables[0].game_id is not None


async def test_a_start_time_refused_in_the_members_words(t: Rig) -> None:  # noqa: F811
    """Unreadable, past or too far: refused privately with the reason (French for Chloé), nothing made."""
    r = await t.create(CHLOE, start_time="demain soir")
    assert r.first.ephemeral and r.text == FR("tournament_start_unreadable", zone="Europe/Paris")
    r = await t.create(start_time="2025-12-31 20:00")
    assert r.text == EN("tournament_start_past", zone="Europe/Paris")
    r = await t.create(start_time="2026-03-01 20:00")
    assert r.text == EN("tournament_start_too_far", days=30, zone="Europe/Paris")
    assert await t.service.open_tournaments() == []


async def test_addbot_enters_a_computer_player_during_sign_ups(t: Rig) -> None:  # noqa: F811
    """The organiser enters a computer player at the level chosen; another member is refused with
    the reason, and so is anyone once the tournament started."""
    await t.create()
    await signed(t, BOB)
    refused = await t.slash(BOB, "tournament addbot", level="hard")
    assert refused.first.ephemeral and "Only the organiser" in refused.text
    done = await t.slash(ALICE, "tournament addbot", level="hard")
    assert done.first.ephemeral and done.text == EN("tournament_done_addbot", name="Bot 1 (hard)", n=2)
    assert "Bot 1 (hard) (computer player)" in (await t.message()).text
    await t.slash(ALICE, "tournament start", manager=True)
    late = await t.slash(ALICE, "tournament addbot")
    assert late.first.ephemeral and "Sign-ups closed" in late.text


async def test_remove_and_replace_name_any_entrant_by_autocomplete(t: Rig) -> None:  # noqa: F811
    """The autocomplete lists the entrants (a computer one, a person gone from the server), at most
    25, names clipped to 100; remove takes the computer entrant by its choice; replace lists only
    people not yet replaced; an unknown value is refused with what was typed."""
    await t.create(table_size=6)
    snap = await t.only()
    organiser = Who(ALICE.id, ALICE.name)
    await t.service.add_computer(snap.tournament_id, organiser, "easy", may_organise=True)
    for n in range(30):
        await t.service.sign_up(snap.tournament_id, Who(5000 + n, f"Gone {n} " + "x" * 150))
    i = t.h.interaction(ALICE, kind=discord.InteractionType.autocomplete)
    choices = await cog(t).removable_players(i, "")
    assert len(choices) == 25 and all(len(c.name) <= 100 for c in choices)
    assert choices[0].name == "Bot 1 (easy)" and choices[0].value == "-1"
    assert [c.value for c in await cog(t).removable_players(i, "gone 29")] == ["5029"]
    assert all(c.value != "-1" for c in await cog(t).replaceable_players(i, ""))
    done = await t.slash(ALICE, "tournament remove", player="-1")
    assert done.text == EN("tournament_done_remove", name="Bot 1 (easy)")
    assert "Bot 1 (easy) (computer player, removed)" in (await t.message()).text
    gone = await t.slash(ALICE, "tournament replace", player="5003")
    assert gone.text.startswith(EN("tournament_done_replace_now", name="Gone 3 xxx")[:20])
    unknown = await t.slash(ALICE, "tournament remove", player="nobody")
    assert unknown.first.ephemeral and unknown.text == EN("tournament_unknown_player", name="nobody")
    again = await t.slash(ALICE, "tournament replace", player="5003")
    assert again.text == EN("tournament_unknown_player", name="5003")  # already played by a computer


async def test_replacing_a_person_in_play_seats_a_computer_player_at_once(t: Rig) -> None:  # noqa: F811
    """Bob is replaced mid-game: the table's thread tells it (a computer player plays Bob's seat
    from now on), Bob's buttons there are refused with the reason, and the game goes on."""
    await t.create(rounds=1)
    await signed(t, ALICE, BOB)
    await t.slash(ALICE, "tournament start", manager=True)
    (link,) = (await t.only()).tables
    assert link.game_id is not None
    done = await t.slash(ALICE, "tournament replace", player=str(BOB.id))
    assert done.first.ephemeral and done.text == EN("tournament_done_replace_now", name="Bob")
    told = [s.content or "" for s in t.h.outbox if s.channel_id == link.channel_id]
    assert any(EN("ev_taken_over", level=EN("level_normal"), name="Bob") in line for line in told)
    typed = await t.slash(BOB, "draw", channel=link.channel_id, source="stock")
    assert typed.first.ephemeral and typed.text == "A computer player plays your seat now: you were replaced."
    game = await t.h.service.game(link.game_id)
    assert game is not None and game.active and [game.table.taken_over(s) for s in range(2)].count(True) == 1
    row = await t.h.db.tournaments.get(link.tournament_id)
    assert row is not None and T.loads(row.state_json).entrant(BOB.id).status is T.EntrantStatus.REPLACED


async def test_a_french_server_reads_the_start_and_the_role_in_french(t: Rig, clock: Clock) -> None:  # noqa: F811
    """The organiser, the role, the start time and the wait, in French on a French server."""
    await t.h.service.settings.set_language(GUILD, "fr")
    await t.slash(ALICE, "tournament organisers", role=role(), manager=True)
    await t.create(CHLOE, start_time="04/01 20h30")
    shown = (await t.message()).text
    assert FR("tournament_field_organiser") in shown and "(et les membres de <@&4242>)" in shown
    assert FR("tournament_field_starts") in shown and "<t:" in shown
    clock.advance(4 * 86400)
    await TournamentClock(t.service).tick()
    await t.settle()
    assert FR("tournament_status_waiting", n=2) in (await t.message()).text
