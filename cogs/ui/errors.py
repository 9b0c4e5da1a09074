"""Errors, answered in one place for commands and components alike.

A refusal (the rules, the table, the service or storage saying no) gets an ephemeral reply that
says why; the state is untouched because every check happens before any change. Anything else
is a bug: it is logged with its traceback and the user gets a short apology, never Discord's
"This interaction failed". Replies use the follow-up once the response is done. A refusal that
names what the player typed shows a short, defused piece of it (:func:`cogs.ui.limits.quote`).

:func:`report_error` sits low in ``cogs/ui`` (on :func:`cogs.ui.context.reply` and the text
modules only), so that the components' guard (:class:`cogs.ui.components.Guarded`) and the command
tree (:class:`cogs.errors.RamiTree`) both call it from above.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from cogs.ui.context import reply
from cogs.ui.limits import quote
from cogs.ui.sentences import display
from data import ChannelBusy, GameClosed, GameNotFound, StaleState
from rummy.errors import BadCard, RummyError
from service.catalog import engine_text, translator
from service.model import Refusal

log = logging.getLogger(__name__)

_DATA_KEYS: dict[type[Exception], str] = {
    ChannelBusy: "busy",
    StaleState: "stale",
    GameClosed: "closed",
    GameNotFound: "game_closed",
}


def unwrap(error: BaseException) -> BaseException:
    """The error a command raised, out of discord.py's wrappers."""
    while isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, app_commands.TransformerError) and error.__cause__ is not None:
        return error.__cause__
    return error


def rules_text(locale: object, error: RummyError) -> str:
    """An engine refusal in the player's language: ``rules.<key>`` of the catalog with the error's
    params; English (and any error without a key or translation) reads ``str(error)``, except that
    a refusal naming a player is built from the catalog too, with the name escaped (``display``)."""
    named = "name" in error.params
    params = {**error.params, "name": display(str(error.params["name"]))} if named else error.params
    return engine_text(locale, error.key, params, english=named) or str(error)


def refusal_text(interaction: discord.Interaction, error: BaseException) -> str | None:
    """What to tell the player when ``error`` is a refusal; None when it is a bug."""
    tr = translator(interaction.locale)
    if isinstance(error, Refusal):
        return tr(error.key, **error.params)
    if isinstance(error, BadCard):  # its str() quotes the whole token, however long
        return tr("bad_card", card=quote(error.token))
    if isinstance(error, RummyError):
        return rules_text(interaction.locale, error)
    for kind, key in _DATA_KEYS.items():
        if isinstance(error, kind):
            return tr(key)
    if isinstance(error, app_commands.NoPrivateMessage):
        return tr("guild_only")
    if isinstance(error, app_commands.CheckFailure):
        return str(error) or tr("oops")
    return None


UNKNOWN_INTERACTION = 10062  # Discord's code for an interaction whose token expired or was never answered


async def report_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Answer an interaction that failed: the reason for a refusal, an apology for a bug."""
    error = unwrap(error)
    if isinstance(error, discord.NotFound) and error.code == UNKNOWN_INTERACTION:
        # The reply came after Discord's 3-second deadline (a saturated bot): nobody can be told
        # any more, and the action, if accepted, is already committed. Not a bug in the code.
        log.warning(
            "%s answered too late for Discord (user %s, channel %s)",
            _what(interaction),
            interaction.user.id,
            interaction.channel_id,
        )
        return
    text = refusal_text(interaction, error)
    if text is None:
        log.error(
            "unexpected error in %s (user %s, channel %s)",
            _what(interaction),
            interaction.user.id,
            interaction.channel_id,
            exc_info=error,
        )
        text = translator(interaction.locale)("oops")
    elif not isinstance(error, (Refusal, RummyError)):
        log.info("refused %s: %s", _what(interaction), type(error).__name__)
    try:
        await reply(interaction, text, ephemeral=True)
    except discord.HTTPException as exc:
        log.warning("could not tell user %s why %s failed: %s", interaction.user.id, _what(interaction), exc)


def _what(interaction: discord.Interaction) -> str:
    """The command, or the component's ``rami:<game>:<kind>`` only: the rest of a custom_id can
    hold cards of a hand (the meld builder's groups), which are never logged."""
    if interaction.command is not None:
        return f"/{interaction.command.qualified_name}"
    data: dict[str, object] = dict(interaction.data or {})
    return "component " + ":".join(str(data.get("custom_id", "?")).split(":")[:3])
