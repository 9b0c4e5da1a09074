"""Private hands already built: the embed and components of a player's hand, per version and language.

A player's hand at one version of a game is looked at several times (the hand sent after their
move, then "My hand", ``/hand`` or the refresh button), and the first look of a turn is the
common one. :class:`HandCache` keeps, per (game, seat), the last hand built: its version, its
language, and what was sent. It also remembers the language each player last saw their hand
in, so that :class:`service.hints.Foresight` can build the hand of the person whose turn starts
before they ask for it (see :func:`cogs.ui.hand.prepare_hand`).

Entries are only read: discord.py reads an embed and a finished view to send them, and never
changes either, so one entry can be sent any number of times.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import NamedTuple

import discord

from service.catalog import Translator


class HandReply(NamedTuple):
    """What a private hand sends: its embed and its components."""

    embed: discord.Embed
    view: discord.ui.View


class HandCache:
    """The last hand built per (game, seat), for its version and language, and each player's language.

    An entry is used only for the exact version and language it was built for. A game's version
    changes with every action, so a stale hand is never sent. Only the newest version of each
    (game, seat) is kept, and at most ``size`` entries, the least recently used going first; the
    languages are kept for the ``size`` players seen last.
    """

    def __init__(self, size: int = 1024) -> None:
        if size < 1:
            raise ValueError("the cache holds at least one hand")
        self.size = size
        self._hands: OrderedDict[tuple[int, int], tuple[int, Translator, HandReply]] = OrderedDict()
        self._languages: OrderedDict[int, Translator] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._hands)

    def get(self, game_id: int, version: int, seat: int, tr: Translator) -> HandReply | None:
        entry = self._hands.get((game_id, seat))
        if entry is None or entry[0] != version or entry[1] is not tr:
            self.misses += 1
            return None
        self.hits += 1
        self._hands.move_to_end((game_id, seat))
        return entry[2]

    def put(self, game_id: int, version: int, seat: int, tr: Translator, hand: HandReply) -> None:
        key = (game_id, seat)
        old = self._hands.get(key)
        if old is not None and old[0] > version:  # built late, for a version already gone
            return
        self._hands[key] = (version, tr, hand)
        self._hands.move_to_end(key)
        while len(self._hands) > self.size:
            self._hands.popitem(last=False)

    def seen(self, user_id: int, tr: Translator) -> None:
        """``user_id`` was shown their hand in ``tr``'s language."""
        self._languages[user_id] = tr
        self._languages.move_to_end(user_id)
        while len(self._languages) > self.size:
            self._languages.popitem(last=False)

    def language(self, user_id: int) -> Translator | None:
        """The language ``user_id`` last saw their hand in, if seen lately."""
        return self._languages.get(user_id)
