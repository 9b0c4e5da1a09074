"""Every component class the bot registers in ``setup_hook``, in one list.

A click on any message the bot ever sent reaches it by its ``custom_id`` (after a restart too), but
only through a class listed here: one left out would be a dead button. The list is written out
rather than filled as modules happen to be imported, so what is registered does not depend on the
order of imports.

Each class listed is the behaving subclass of an item base (:mod:`cogs.ui.bases`, which the views
build): the one class per kind that answers a click. A base is never listed: its subclass has the
same template, and two classes of one template would make the routing depend on their order.
"""

from __future__ import annotations

from typing import Any

import discord

from cogs.ui.hand import DiscardSelect, DrawButton, HandButton, RefreshButton
from cogs.ui.history import HistoryPageButton, HistoryRecordSelect
from cogs.ui.lobby import JoinButton, LeaveButton, StartButton
from cogs.ui.meld import JokerPlace, LayOffButton, LayOffCards, LayOffMeld, MeldButton, MeldConfirm, MeldPick
from cogs.ui.record import RecordButton, RecordFileButton
from cogs.ui.rematch import RematchButton
from cogs.ui.shortcuts import SuggestButton, SwapButton, SwapSelect
from cogs.ui.stall import AgreeEndButton, DeclineEndButton, ProposeEndButton
from cogs.ui.tournament_flows import SignUpButton, WithdrawButton

ALL_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    HandButton,
    RefreshButton,
    DrawButton,
    DiscardSelect,
    MeldButton,
    MeldPick,
    MeldConfirm,
    JokerPlace,
    SuggestButton,
    SwapButton,
    SwapSelect,
    LayOffButton,
    LayOffMeld,
    LayOffCards,
    JoinButton,
    LeaveButton,
    StartButton,
    ProposeEndButton,
    AgreeEndButton,
    DeclineEndButton,
    RematchButton,
    HistoryPageButton,
    HistoryRecordSelect,
    RecordButton,
    RecordFileButton,
    SignUpButton,
    WithdrawButton,
)
