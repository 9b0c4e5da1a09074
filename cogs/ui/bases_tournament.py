"""The item bases of a tournament's public message: **Sign up** and **Withdraw**, and the view that
carries them (issue 31).

The same kind of bases as :mod:`cogs.ui.bases` (shape, ``custom_id``, nothing of what a click does):
the id's number is the tournament's (``rami:<tournament>:tsign`` / ``:twithdraw``); the behaving
subclasses are in :mod:`cogs.ui.tournament_flows`. The buttons are shown while sign-ups are open.
"""

from __future__ import annotations

import discord

from cogs.ui.components import Button, Guarded, persistent
from rummy import tournament as T
from service.catalog import Translator
from service.tournament_model import TournamentSnapshot


class SignUpItem(Guarded, discord.ui.DynamicItem[Button], what="tsign"):
    """Sign up for the tournament (each person their own)."""

    def __init__(self, game_id: int, label: str = "Sign up") -> None:
        super().__init__(self.button(game_id, label=label, style=discord.ButtonStyle.success, emoji="✍️"))
        self.game_id = game_id


class WithdrawItem(Guarded, discord.ui.DynamicItem[Button], what="twithdraw"):
    """Withdraw from the tournament (each person their own; before the start or during it)."""

    def __init__(self, game_id: int, label: str = "Withdraw") -> None:
        super().__init__(self.button(game_id, label=label, style=discord.ButtonStyle.secondary))
        self.game_id = game_id


def tournament_view(tr: Translator, snap: TournamentSnapshot) -> discord.ui.View:
    """Sign up and Withdraw while sign-ups are open; Withdraw alone while it is played; none once over."""
    stage = snap.stage
    if stage.over:
        return persistent()
    withdraw = WithdrawItem(snap.tournament_id, tr("tournament_withdraw"))
    if stage is T.Stage.SIGN_UP:
        return persistent(SignUpItem(snap.tournament_id, tr("tournament_sign_up")), withdraw)
    return persistent(withdraw)
