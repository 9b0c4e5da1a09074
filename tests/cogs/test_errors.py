"""One place for errors: refusals say why, bugs get an apology and a log line; the message catalog."""

from __future__ import annotations

from typing import Any
from unittest.mock import MagicMock

import discord
import pytest
from discord import app_commands

from cogs.errors import RamiTree
from cogs.ui.errors import report_error, rules_text
from data import ChannelBusy, GameClosed, StaleState
from rummy.errors import NotYourTurn, RummyError
from service.catalog import EN, language, translator
from service.model import Refusal
from tests.cogs.conftest import ALICE, CHLOE, Harness


@pytest.fixture
def tree() -> RamiTree:
    return RamiTree(discord.Client(intents=discord.Intents.none()))


def wrapped(error: Exception) -> app_commands.CommandInvokeError:
    command = MagicMock(spec=app_commands.Command)
    command.name = "draw"
    return app_commands.CommandInvokeError(command, error)


@pytest.mark.parametrize(
    ("error", "expected"),
    [
        (NotYourTurn("It's Bob's turn."), "It's Bob's turn."),
        (Refusal("no_table"), EN["no_table"]),
        (ChannelBusy(1, 2), EN["busy"]),
        (StaleState(1, 2, 3), EN["stale"]),
        (GameClosed(1, "finished"), EN["closed"]),
        (app_commands.NoPrivateMessage(), EN["guild_only"]),
    ],
)
async def test_refusals_are_told_privately(h: Harness, tree: RamiTree, error: Exception, expected: str) -> None:
    """Every refusal becomes an ephemeral reply with its reason, in the player's words."""
    i = h.interaction(ALICE)
    await tree.on_error(i, wrapped(error))
    assert i.result.first.ephemeral and i.result.text == expected


@pytest.mark.logs_errors
async def test_a_bug_gets_an_apology_and_a_traceback(
    h: Harness, tree: RamiTree, caplog: pytest.LogCaptureFixture
) -> None:
    """An unexpected error is logged with its traceback; the user reads a short apology."""
    i = h.interaction(ALICE)
    await tree.on_error(i, wrapped(KeyError("oops")))
    assert i.result.text == EN["oops"] and i.result.first.ephemeral
    record = next(r for r in caplog.records if r.levelname == "ERROR")
    assert record.exc_info is not None


@pytest.mark.logs_errors
async def test_a_component_error_logs_no_cards(h: Harness, caplog: pytest.LogCaptureFixture) -> None:
    """A failing builder button logs rami:<game>:<kind>, never the cards its custom_id carries."""
    i = h.interaction(ALICE, data={"custom_id": "rami:1:mk:QH.QS.QC|6D.7D.8D"}, kind=discord.InteractionType.component)
    await report_error(i, KeyError("oops"))
    logged = " ".join(r.getMessage() for r in caplog.records)
    assert "rami:1:mk" in logged and "QH" not in logged and "6D" not in logged


async def test_error_after_the_response_uses_the_followup(h: Harness) -> None:
    """Once the interaction was answered, the reason goes out as an ephemeral follow-up."""
    i = h.interaction(ALICE)
    await i.response.send_message("public part")
    await report_error(i, NotYourTurn("It's Bob's turn."))
    assert [s.where for s in i.result.sent] == ["reply", "followup"]
    assert i.result.sent[1].ephemeral


async def test_a_dead_token_only_warns(h: Harness, caplog: pytest.LogCaptureFixture) -> None:
    """If even the error reply fails (token expired), it is a warning, not a crash."""
    i = h.interaction(ALICE)

    async def gone(*args: Any, **kwargs: Any) -> None:
        raise discord.NotFound(MagicMock(status=404, reason="Not Found"), "Unknown interaction")

    i.response.send_message = gone
    await report_error(i, NotYourTurn("It's Bob's turn."))
    assert any(r.levelname == "WARNING" and "could not tell" in r.getMessage() for r in caplog.records)


async def test_direct_messages_are_refused_by_the_tree(h: Harness, tree: RamiTree) -> None:
    """The tree refuses any command from a DM, with a private reason."""
    dm = h.interaction(ALICE, guild=None)
    assert await tree.interaction_check(dm) is False
    assert dm.result.text == EN["guild_only"] and dm.result.first.ephemeral
    assert await tree.interaction_check(h.interaction(ALICE)) is True


async def test_autocomplete_in_a_dm_is_silently_empty(h: Harness, tree: RamiTree) -> None:
    """Autocomplete from a DM gets no reply at all (it cannot carry a message)."""
    i = h.interaction(ALICE, guild=None, kind=discord.InteractionType.autocomplete)
    assert await tree.interaction_check(i) is False
    assert i.result.sent == []


async def test_french_locale_reads_french(h: Harness, tree: RamiTree) -> None:
    """A refusal with a French translation is shown in French to a French user."""
    i = h.interaction(CHLOE)
    await tree.on_error(i, wrapped(Refusal("no_table")))
    assert i.result.text == "Il n'y a pas de table dans ce salon\u00a0: ouvrez-en une avec /lobby create."


@pytest.mark.parametrize(
    ("locale", "expected"),
    [("fr", "fr"), ("en-US", "en"), ("en-GB", "en"), ("de", "en"), (discord.Locale.french, "fr"), (None, "en")],
)
def test_language_of_a_locale(locale: object, expected: str) -> None:
    """Discord locales map to the catalog's languages, English by default."""
    assert language(locale) == expected


def test_translator_formats() -> None:
    """A bound translator fills the placeholders."""
    assert translator("en-US")("joined", n=2, max=6) == "You joined the table (2/6)."


async def test_engine_refusal_in_french(h: Harness) -> None:
    """A French player reads the engine's refusal from the catalog, with its params."""
    await h.open_table(ALICE, CHLOE)
    table = await h.table()
    waiting = CHLOE if table.players[table.turn].id == str(ALICE.id) else ALICE
    mover = table.players[table.turn].name
    r = await h.slash(waiting, "draw")
    expected = f"C'est à {mover} de jouer." if waiting is CHLOE else f"It's {mover}'s turn."
    assert r.first.ephemeral and r.text == expected


def test_engine_refusal_without_translation_reads_english() -> None:
    """An engine error with no key, or a key French lacks, is shown as its English str()."""
    assert rules_text("fr", RummyError("Plain.")) == "Plain."
    assert rules_text("fr", RummyError("Other.", key="no_such_key")) == "Other."
    assert (
        rules_text("en-US", NotYourTurn("It's Bob's turn.", key="turn_of", params={"name": "Bob"}))
        == "It's Bob's turn."
    )
    assert (
        rules_text("fr", NotYourTurn("It's Bob's turn.", key="turn_of", params={"name": "Bob"}))
        == "C'est à Bob de jouer."
    )


async def test_a_reply_past_the_deadline_is_a_warning(h: Harness, caplog: pytest.LogCaptureFixture) -> None:
    """Discord's 'Unknown interaction' (the 3 s deadline passed) is logged as a warning, not a bug."""
    i = h.interaction(ALICE)
    response = MagicMock(status=404, reason="Not Found")
    late = discord.NotFound(response, {"code": 10062, "message": "Unknown interaction"})
    await report_error(i, wrapped(late))
    assert not [r for r in caplog.records if r.levelname == "ERROR"]
    assert any(r.levelname == "WARNING" and "too late" in r.getMessage() for r in caplog.records)
    assert i.result.sent == []
