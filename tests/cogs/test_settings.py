"""``/rami language``: a server's admins choose the language of its public messages.

The choice wins over the locale the server reports (the harness's servers report en-US); private
replies keep following each person's own locale; only Manage Server may change it; it is stored.
"""

from __future__ import annotations

from service.catalog import BOOK
from service.games import GameService
from tests.cogs.conftest import ALICE, BOB, CHLOE, GUILD, OTHER_CHANNEL, OTHER_GUILD, Harness

FR, EN = BOOK.translator("fr"), BOOK.translator("en")


async def test_french_chosen_on_an_english_server(h: Harness) -> None:
    """After /rami language français, the lobby's public message is French on an en-US server,
    while an English player's private reply stays English."""
    set_ = await h.slash(ALICE, "rami language", manager=True, language="fr")
    assert set_.first.ephemeral and set_.text == EN("language_set", language="fr")
    created = await h.slash(ALICE, "lobby create")
    assert not created.first.ephemeral
    assert created.first.component("rami:1:join").label == FR("btn_join")
    joined = await h.slash(BOB, "lobby join")
    assert joined.private and joined.private[0].text == EN("joined", n=2, max=6)
    # another server keeps its own (reported) language
    other = await h.slash(BOB, "lobby create", guild=OTHER_GUILD, channel=OTHER_CHANNEL)
    assert other.first.component(r"rami:\d+:join").label == EN("btn_join")


async def test_a_french_admin_reads_the_answer_in_french(h: Harness) -> None:
    r = await h.slash(CHLOE, "rami language", manager=True, language="en")
    assert r.text == FR("language_set", language="en")


async def test_auto_goes_back_to_the_reported_locale(h: Harness) -> None:
    await h.slash(ALICE, "rami language", manager=True, language="fr")
    r = await h.slash(ALICE, "rami language", manager=True, language="auto")
    assert r.text == EN("language_auto", language="en")
    created = await h.slash(ALICE, "lobby create")
    assert created.first.component("rami:1:join").label == EN("btn_join")


async def test_only_manage_server_may_choose(h: Harness) -> None:
    """A moderator without Manage Server is refused, and nothing changes."""
    r = await h.slash(BOB, "rami language", moderator=True, language="fr")
    assert r.first.ephemeral and r.text == EN("manage_guild_only")
    assert h.service.settings.language(GUILD) is None


async def test_the_board_is_redrawn_in_the_new_language(h: Harness) -> None:
    await h.slash(ALICE, "lobby create")
    await h.slash(ALICE, "rami language", manager=True, language="fr")
    assert h.board_message().component("rami:1:join").label == FR("btn_join")


async def test_the_choice_is_stored_and_read_at_start(h: Harness) -> None:
    await h.slash(ALICE, "rami language", manager=True, language="fr")
    again = GameService(h.db)
    assert again.settings.language(GUILD) is None  # not read yet
    await again.settings.load()
    assert again.settings.language(GUILD) == "fr"
    assert again.settings.public_language(GUILD, "en-US") == "fr"
    assert again.settings.public_language(OTHER_GUILD, "fr") == "fr"
    assert again.settings.public_language(OTHER_GUILD, "en-GB") == "en"
