"""``/rami season``, ``/leaderboard`` with seasons, and the season's final board posted once (cogs)."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from itertools import count
from typing import Any
from unittest.mock import MagicMock

import discord
import pytest
from discord import app_commands

from cogs.seasons import SeasonPosts, SeasonsCog
from cogs.ui.boards import final_message
from cogs.ui.errors import report_error
from cogs.ui.poster import NO_PACE, Poster
from data import ActionWrite, PlayerResult, SeasonMode, parse_season
from service.catalog import BOOK
from service.seasons import Seasons
from tests.cogs.conftest import ALICE, BOB, CHANNEL, CHLOE, GUILD, MALLORY, Clock, Harness, Result, User

EN, FR = BOOK.translator("en"), BOOK.translator("fr")
FEBRUARY = 1769904000  # 2026-02-01 00:00 UTC: the harness's January season ends then
_channels = count(60_000)


async def finished(h: Harness, *users: User, channel: int | None = None, times: int = 1) -> None:
    """Games where ``users`` finish in that order, stored as the service stores them."""
    for _ in range(times):
        game = await h.db.games.create_game(GUILD, channel or next(_channels), users[0].id, "basic", "{}")
        results = [
            PlayerResult(u.id, u.name, False, None, seat, seat + 1, seat == 0, 0, 0, 10 * seat)
            for seat, u in enumerate(users)
        ]
        await h.db.games.finish_game(ActionWrite(game.id, 0, "{}", "finished", None, "end", {}), results)


async def season(h: Harness, user: User, mode: str, *, manager: bool = True, channel: int | None = None) -> Result:
    """``/rami season`` with its channel option (the harness's ``channel`` names where one types)."""
    cog, cmd = h.command("rami season")
    i = h.interaction(user, manager=manager)
    i.command = cmd
    picked = None
    if channel is not None:
        picked = MagicMock(spec=discord.TextChannel)
        picked.id = channel
    try:
        await cmd.callback(cog, i, mode=mode, channel=picked)
    except Exception as exc:
        await report_error(i, app_commands.CommandInvokeError(cmd, exc))
    return i.result  # type: ignore[no-any-return]


# -- /rami season ------------------------------------------------------------------------------
async def test_only_manage_server_chooses_seasons(h: Harness) -> None:
    """A moderator without Manage Server is refused with the reason; nothing is stored."""
    r = await season(h, BOB, "monthly", manager=False)
    assert r.first.ephemeral and r.text == EN("manage_guild_only")
    assert (await h.db.seasons.settings(GUILD)).mode is SeasonMode.OFF


async def test_the_reply_says_when_the_season_ends_in_utc(h: Harness) -> None:
    r = await season(h, ALICE, "monthly")
    assert r.first.ephemeral and "monthly" in r.text and "midnight UTC" in r.text and "January 2026" in r.text
    assert f"<t:{FEBRUARY}:f>" in r.text and "where the server's last game was played" in r.text
    r = await season(h, CHLOE, "quarterly", channel=4321)
    assert "trimestrielles" in r.text and "T1 2026" in r.text and "<#4321>" in r.text and "minuit UTC" in r.text
    settings = await h.db.seasons.settings(GUILD)
    assert (settings.mode, settings.channel_id) == (SeasonMode.QUARTERLY, 4321)
    off = await season(h, ALICE, "off")
    assert off.text == EN("season_set_off")


async def test_a_forged_mode_is_refused(h: Harness) -> None:
    r = await season(h, ALICE, "weekly")
    assert r.first.ephemeral and r.text == EN("season_mode_unknown")


# -- /leaderboard ------------------------------------------------------------------------------
async def test_seasons_off_the_board_is_as_before(h: Harness) -> None:
    await finished(h, ALICE, BOB, times=5)
    r = await h.slash(MALLORY, "leaderboard")
    assert r.first.embed.title == "Leaderboard: all presets" and "1. Alice" in r.first.embed.description


async def test_the_current_season_all_time_and_a_past_season(h: Harness, clock: Clock) -> None:
    """Seasons on: the current season by default, with its end; all time one option away; a past
    season still readable; a season the server never had refused privately."""
    await finished(h, ALICE, BOB, times=5)  # before seasons: all time only
    await season(h, ALICE, "monthly")
    await finished(h, BOB, ALICE, times=5)
    now = await h.slash(MALLORY, "leaderboard")
    embed = now.first.embed
    assert embed.title == "Leaderboard of the season January 2026: all presets" and not now.first.ephemeral
    assert embed.description.startswith("1. Bob") and f"<t:{FEBRUARY}:f>" in embed.description
    forever = (await h.slash(MALLORY, "leaderboard", season="all")).first.embed
    assert forever.title == "All-time leaderboard: all presets" and "games: 10" in forever.description
    clock.advance(timedelta(days=40).total_seconds())
    past = (await h.slash(MALLORY, "leaderboard", season="2026-01", preset="basic")).first.embed
    assert past.title == "Leaderboard of the season January 2026: basic" and past.description.startswith("1. Bob")
    assert "<t:" not in past.description
    empty = (await h.slash(MALLORY, "leaderboard")).first.embed
    assert "February 2026" in empty.title and EN("lb_season_empty") in empty.description
    refused = await h.slash(MALLORY, "leaderboard", season="2025-12")
    assert refused.first.ephemeral and refused.text == EN("season_unknown")


async def test_provisional_players_are_shown_apart_and_marked(h: Harness) -> None:
    await finished(h, ALICE, BOB, times=5)
    await finished(h, CHLOE, MALLORY, times=2)
    embed = (await h.slash(MALLORY, "leaderboard")).first.embed
    assert "Chloé" not in embed.description and "1. Alice" in embed.description
    (provisional,) = embed.fields
    assert provisional.name.startswith("Provisional") and "◦ Chloé: 2 of 5 games" in provisional.value
    assert "60 days without a game" in embed.footer.text


async def test_the_season_option_suggests_current_all_time_and_past(h: Harness, clock: Clock) -> None:
    await season(h, ALICE, "monthly")
    await finished(h, ALICE, BOB)
    clock.advance(timedelta(days=40).total_seconds())
    i = h.interaction(CHLOE, kind=discord.InteractionType.autocomplete)
    choices = await h.leaderboard.season_names(i, "")
    assert [(c.name, c.value) for c in choices] == [
        ("saison en cours (février 2026)", "2026-02"),
        ("de tous les temps", "all"),
        ("janvier 2026", "2026-01"),
    ]
    assert [c.value for c in await h.leaderboard.season_names(i, "janv")] == ["2026-01"]
    assert await h.leaderboard.season_names(h.interaction(CHLOE, guild=None), "") == []


# -- the final board, posted once --------------------------------------------------------------
def posts(h: Harness, seasons: Seasons | None = None) -> SeasonPosts:
    """A process's poster of final boards (another ``Seasons``: another process)."""
    return SeasonPosts(seasons or Seasons(h.db), h.writer.poster, h.writer.tr_for)


def boards_in(h: Harness) -> list[Any]:
    return [s for s in h.outbox if s.where == "channel" and s.embed is not None and "Final board" in s.embed.title]


async def test_the_final_board_goes_out_once_with_its_winner(h: Harness, clock: Clock) -> None:
    """Two processes look at once when the season has ended: one posts, in the last game's channel,
    with who won; a restarted process posts nothing more."""
    await season(h, ALICE, "monthly")
    await finished(h, BOB, ALICE, times=5)
    await finished(h, ALICE, MALLORY, channel=CHANNEL)  # the last game: its channel gets the board
    first, second = posts(h), posts(h)
    assert await first.post_due() == 0  # not ended yet
    clock.advance(timedelta(days=31).total_seconds())
    assert sorted(await asyncio.gather(first.post_due(), second.post_due())) == [0, 1]
    (board,) = boards_in(h)
    assert board.channel_id == CHANNEL and board.allowed_mentions.to_dict() == {"parse": []}
    assert board.content == "🏆 The season January 2026 is over: Bob wins it!"
    assert [f.name for f in board.embed.fields] == ["all presets", "basic"]
    assert board.embed.fields[0].value.startswith("1. Bob") and "Mallory" not in board.embed.fields[0].value
    assert await posts(h).post_due() == 0 and len(boards_in(h)) == 1
    (row,) = await h.db.seasons.book(GUILD)
    assert row.message_id == board.message_id and row.channel_id == CHANNEL


async def test_nobody_ranked_and_the_chosen_channel(h: Harness, clock: Clock) -> None:
    await season(h, ALICE, "quarterly", channel=5555)
    await finished(h, ALICE, BOB, times=2)
    clock.advance(timedelta(days=100).total_seconds())
    assert await posts(h).post_due() == 1
    (board,) = boards_in(h)
    assert board.channel_id == 5555 and board.content == EN("season_final_nobody", season="Q1 2026", needed=5)


async def test_the_cog_posts_a_season_that_ended_while_it_was_down(h: Harness, clock: Clock) -> None:
    """Once the bot is ready, the cog's loop looks at once: a season that ended meanwhile goes out."""
    await season(h, ALICE, "monthly")
    await finished(h, ALICE, BOB, times=5)
    clock.advance(timedelta(days=31).total_seconds())
    cog = SeasonsCog(posts(h))
    await cog.cog_load()
    await asyncio.sleep(0.01)
    assert boards_in(h) == []  # not before the bot is connected
    await cog.on_ready()
    await cog.on_ready()  # a reconnection: still one loop
    for _ in range(50):
        if boards_in(h):
            break
        await asyncio.sleep(0.01)
    await cog.cog_unload()
    (row,) = await h.db.seasons.book(GUILD)
    assert len(boards_in(h)) == 1 and row.season == parse_season("2026-01") and row.posted_at is not None


class Refusing:
    """Channels where every new message is refused with ``error``, until ``error`` is None."""

    def __init__(self, h: Harness, error: discord.HTTPException | None) -> None:
        self.h, self.error, self.tried = h, error, 0

    async def send(self, channel_id: int, **kwargs: Any) -> int:
        self.tried += 1
        if self.error is not None:
            raise self.error
        return await self.h.channels.send(channel_id, **kwargs)


def refusal(kind: type[discord.HTTPException], status: int) -> discord.HTTPException:
    response = MagicMock(status=status, reason="refused")
    return kind(response, {"code": 0, "message": "refused"})


async def test_a_channel_that_refuses_the_bot_is_given_up_once(h: Harness, clock: Clock, caplog: Any) -> None:
    """No right to post there (403): logged as a warning, the season marked done, never tried again."""
    await season(h, ALICE, "monthly", channel=777)
    await finished(h, ALICE, BOB)
    clock.advance(timedelta(days=31).total_seconds())
    channels = Refusing(h, refusal(discord.Forbidden, 403))
    poster = posts(h)
    poster.poster = Poster(channels, pace=NO_PACE)  # type: ignore[arg-type]
    assert await poster.post_due() == 0 and channels.tried == 1
    clock.advance(3600)
    assert await poster.post_due() == 0 and channels.tried == 1
    (row,) = await h.db.seasons.book(GUILD)
    assert row.posted_at is not None and row.message_id is None
    assert "could not post the board of season 2026-01" in caplog.text


async def test_a_failed_post_is_tried_again_when_its_claim_runs_out(h: Harness, clock: Clock) -> None:
    """Discord failing (500): the claim stays, so no other process posts meanwhile; once the claim's
    lease has run out the season is posted, once."""
    await season(h, ALICE, "monthly")
    await finished(h, ALICE, BOB, channel=CHANNEL)
    clock.advance(timedelta(days=31).total_seconds())
    channels = Refusing(h, refusal(discord.DiscordServerError, 500))
    poster = posts(h)
    poster.poster = Poster(channels, pace=NO_PACE)  # type: ignore[arg-type]
    with pytest.raises(discord.DiscordServerError):  # raised to the loop, which logs it
        await poster.post_due()
    channels.error = None
    assert await poster.post_due() == 0 and await posts(h).post_due() == 0  # still claimed
    clock.advance(timedelta(minutes=11).total_seconds())
    assert await poster.post_due() == 1 and len(boards_in(h)) == 1


async def test_the_final_board_speaks_the_servers_language(h: Harness, clock: Clock) -> None:
    await h.slash(ALICE, "rami language", manager=True, language="fr")
    await season(h, ALICE, "monthly")
    await finished(h, BOB, ALICE, times=5)
    clock.advance(timedelta(days=31).total_seconds())
    assert await posts(h).post_due() == 1
    (board,) = [s for s in h.outbox if s.where == "channel" and s.embed is not None and "final" in s.embed.title]
    assert board.content == FR("season_final_winner", season="janvier 2026", name="Bob")
    assert board.embed.title == "Classement final de la saison janvier 2026"
    assert [f.name for f in board.embed.fields] == ["toutes variantes", "basic"]
    # Not one of the English board's sentences (the same board, read in English) is in it.
    english_content, english = final_message(EN, await Seasons(h.db).final(GUILD, parse_season("2026-01")))
    said = [english_content, english.title, english.footer.text, *(f.value for f in english.fields)]
    french = "\n".join([board.content, board.embed.title, board.embed.footer.text or ""])
    french += "\n".join(f"{f.name}\n{f.value}" for f in board.embed.fields)
    assert all(piece and piece not in french for piece in said) and english.fields[0].name not in french


# -- /stats: the best place of a season ----------------------------------------------------------
async def test_stats_show_the_best_place_of_an_ended_season(h: Harness, clock: Clock) -> None:
    """A season ends with Bob first and Alice second (5 games each): /stats then gives each of them
    that place, overall and for the preset, in English and in French; nothing while it runs."""
    await season(h, ALICE, "monthly")
    await finished(h, BOB, ALICE, times=5)

    async def values(user: User) -> list[str]:
        r = await h.slash(MALLORY, "stats", member=h.interaction(user).user)
        return [f.value for f in r.first.embed.fields]

    assert not any(EN("stats_best_season", place=1) in v or "season" in v for v in await values(BOB))
    clock.advance(timedelta(days=31).total_seconds())
    assert all(EN("stats_best_season", place=1) in v for v in await values(BOB))
    assert all(EN("stats_best_season", place=2) in v for v in await values(ALICE))
    await h.slash(ALICE, "rami language", manager=True, language="fr")
    french = await values(ALICE)
    assert len(french) == 2 and all(FR("stats_best_season", place=2) in v for v in french)
    assert not any("season" in v for v in french)
