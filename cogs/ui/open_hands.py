"""Open hands: the private hands players keep open, redrawn as their game changes.

A private hand is an ephemeral message, and only the interaction that sent it (or the last click
on it) can edit it, through its token, for 15 minutes. :class:`OpenHands` remembers that
interaction per game and person (the newest hand wins: :meth:`OpenHands.remember`), listens to the
service's changes (:meth:`OpenHands.changed`, subscribed in ``bot.py`` like the board) and edits
each open hand of the game to its new state, in the language it was opened in, with its buttons:
so a player who keeps their hand open draws and discards in two clicks.

* **Fresh tokens only.** A hand is kept :data:`TOKEN_LIFE` seconds (the "My hand" button gives a
  fresh one); an edit Discord refuses (the message dismissed, 404...) forgets it, logged at debug.
* **Coalesced.** One task per open hand, at most one edit in flight: a burst of changes costs one
  edit, of the newest state, at most once every ``min_interval`` seconds.
* **Behind first replies.** The edit is secondary work: it waits until no interaction owes its
  first response (:mod:`cogs.ui.replies`), and a click that redraws the hand itself (it is
  remembered before its redraw, at the version it shows) is never drawn over by an older state.
* **Only what matters.** Another player drawing from the stock changes nothing a reader can do
  (their cards, the discard pile's top, the melds, whose turn): it is not redrawn for; the next
  change that matters brings the card counts up to date too.
* **A picker stays.** While the player builds melds or picks a lay-off in that message during
  their own turn, a change elsewhere (a vote, someone leaving) leaves the picker alone.
* **The end.** At the end of a deal the next deal's hand replaces the open one, under a line
  that says so ("you went out" for the player who did); at the end of the game every hand message
  of the game the bot still can edit, older ones too, ends as a short text with no buttons.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from cogs.ui.limits import fit
from cogs.ui.tasks import Tasks
from rummy.deal import Phase
from service.catalog import Translator
from service.model import GameSnapshot, Outcome, PlayerSnapshot

if TYPE_CHECKING:
    from cogs.ui.context import Ctx

log = logging.getLogger(__name__)

TOKEN_LIFE = 14 * 60.0  # seconds a hand is kept open: Discord's interaction tokens last 15 minutes
OLDER_KEPT = 64  # at most this many older hand messages of one player and game, closed when it ends


@dataclass
class OpenHand:
    """One private hand message and the interaction whose token edits it."""

    ctx: Ctx  # the interaction, and the reader's language (the one they opened it in)
    message_id: int | None
    followup: bool  # a follow-up of a typed move (its @original is the public line)
    opened: float  # when the token was given (the registry's clock)
    version: int  # the game version it shows
    picker: bool = False  # it shows the meld builder or the lay-off picker, not the hand

    @property
    def lock_id(self) -> int:
        """The key of its redraws' order (:class:`~cogs.ui.pictures.Redraws`)."""
        return self.message_id if self.message_id is not None else -self.ctx.interaction.id


Key = tuple[int, int]  # (game id, user id)


def deal_ended(out: Outcome[Any]) -> bool:
    return any(e.kind == "deal_over" for e in out.events)


def went_out(out: Outcome[Any], seat: int | None) -> bool:
    """Whether ``seat`` ended the deal of ``out`` by going out."""
    return (
        seat is not None
        and seat == out.seat
        and any(
            e.kind == "deal_over" and e.detail.get("reason") == "went_out" and seat in e.detail.get("winners", ())
            for e in out.events
        )
    )


def changes_nothing_for(out: Outcome[Any], seat: int | None) -> bool:
    """Whether ``out`` leaves everything the reader at ``seat`` can do as it was: another player
    only drew (the reader's cards, the discard pile's top, the melds and whose turn it is are the
    same). Such a change is not worth an edit; the next one that matters brings the counts too."""
    if out.ended or out.new_turn or out.seat is None or out.seat == seat or not out.events:
        return False
    return all(event.kind == "drew" and event.source != "discard" for event in out.events)


def note(out: Outcome[Any], seat: int | None, tr: Translator) -> str | None:
    """The line above a hand redrawn after ``out``: the deal ended (and ``seat`` went out), or the
    game ended (then it is the whole message: never empty, no buttons); None otherwise."""
    out_first = [tr("open_hand_went_out")] if went_out(out, seat) else []
    if out.ended:
        return " ".join([*out_first, tr("open_hand_game_over")])
    if seat is None:
        return tr("open_hand_left")
    if deal_ended(out):
        return " ".join([*out_first, tr("open_hand_deal_over")])
    return None


class OpenHands:
    """The open private hands of every game, kept current (see the module doc)."""

    def __init__(
        self,
        *,
        min_interval: float = 0.5,
        life: float = TOKEN_LIFE,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.min_interval = min_interval
        self.life = life
        self.clock = clock
        self._live: dict[int, dict[int, OpenHand]] = {}  # game id -> user id -> the newest hand
        self._older: dict[int, dict[int, list[OpenHand]]] = {}  # hands a newer one replaced
        self._pending: dict[Key, Outcome[Any]] = {}  # the newest change each open hand must show
        self._tasks: Tasks[Key] = Tasks("open hand")  # one redraw task per open hand, and the closings
        self._last: dict[Key, float] = {}

    def __len__(self) -> int:
        return sum(len(hands) for hands in self._live.values())

    def live(self, game_id: int, user_id: int) -> OpenHand | None:
        """The open hand of ``user_id`` in ``game_id``, if one is kept."""
        return self._live.get(game_id, {}).get(user_id)

    def remember(
        self,
        ctx: Ctx,
        game_id: int,
        message_id: int | None,
        version: int,
        *,
        followup: bool = False,
        picker: bool = False,
    ) -> None:
        """``ctx``'s interaction shows (or is about to show) the caller's hand of ``game_id`` at
        ``version`` in the private message ``message_id``: keep it current from now on."""
        user = ctx.who.id
        hands = self._live.setdefault(game_id, {})
        old = hands.get(user)
        older = self._older.setdefault(game_id, {}).setdefault(user, [])
        older[:] = [e for e in older if (e.message_id != message_id or message_id is None) and self._fresh(e)]
        if old is not None and (old.message_id != message_id or message_id is None):
            older.append(old)
            del older[:-OLDER_KEPT]
        hands[user] = OpenHand(ctx, message_id, followup, self.clock(), version, picker)

    def forget(self, game_id: int, user_id: int) -> None:
        hands = self._live.get(game_id)
        if hands is not None:
            hands.pop(user_id, None)
            if not hands:
                del self._live[game_id]

    def _fresh(self, entry: OpenHand) -> bool:
        return self.clock() - entry.opened <= self.life

    # -- listening ---------------------------------------------------------------------------
    def changed(self, out: Outcome[Any]) -> None:
        """A game changed (a listener of :meth:`GameService.subscribe`): redraw its open hands."""
        game_id = out.game.game_id
        for user, entry in list(self._live.get(game_id, {}).items()):
            if not self._fresh(entry):
                log.debug("the open hand of %s in game %s is too old to edit: forgotten", user, game_id)
                self.forget(game_id, user)
                continue
            if changes_nothing_for(out, out.table.seat_of(user)):
                continue
            key = (game_id, user)
            self._pending[key] = out
            self._tasks.once(key, self._flush, f"rami-hand-{game_id}-{user}")
        if out.ended:
            for entries in self._older.pop(game_id, {}).values():
                for entry in entries:
                    if self._fresh(entry):
                        self._tasks.spawn(self._close(entry, out), f"rami-hand-close-{game_id}")

    async def _flush(self, key: Key) -> None:
        loop = asyncio.get_running_loop()
        game_id, user = key
        try:
            while key in self._pending:
                wait = self._last.get(key, -1e9) + self.min_interval - loop.time()
                if wait > 0:
                    await asyncio.sleep(wait)
                entry = self.live(game_id, user)
                if entry is not None and entry.ctx.bot.replies is not None:
                    await entry.ctx.bot.replies.turn()  # first replies go first
                out = self._pending.pop(key, None)
                entry = self.live(game_id, user)
                if out is None or entry is None:
                    continue
                if not self._fresh(entry):
                    self.forget(game_id, user)
                    continue
                await self._redraw(entry, out)
                self._last[key] = loop.time()
        finally:
            if self.live(game_id, user) is None:
                self._last.pop(key, None)

    async def _redraw(self, entry: OpenHand, out: Outcome[Any]) -> None:
        """Show ``out`` on ``entry``'s message, unless it shows that version (or a newer one)."""
        game_id, user = out.game.game_id, entry.ctx.who.id
        if entry.version >= out.game.version:
            if out.ended:
                self.forget(game_id, user)
            return
        message = await self._message(entry, out)
        bot = entry.ctx.bot
        async with bot.redraws.lock(entry.lock_id):
            if self.live(game_id, user) is not entry or entry.version >= out.game.version:
                return  # a click redrew it meanwhile, or a newer hand took its place
            entry.version = out.game.version
            if message is None:
                return  # the picker stays
            bot.redraws.begin(entry.lock_id)
            if not await self._edit(entry, message):
                self.forget(game_id, user)
        if out.ended:
            self.forget(game_id, user)

    async def _message(self, entry: OpenHand, out: Outcome[Any]) -> dict[str, Any] | None:
        """What ``entry``'s message shows after ``out`` (None: leave the picker as it is)."""
        # Imported here: the hand's views build on this module's registry (cogs.ui.hand remembers).
        from cogs.ui import pictures
        from cogs.ui.views import hand_message

        ctx = entry.ctx
        seat = out.table.seat_of(ctx.who.id)
        view = out.view(seat) if seat is not None and not out.ended else None
        if view is not None and seat in view.dropped:
            view, seat = None, None  # they left the game: their hand is closed
        line = note(out, seat, ctx.tr)
        if view is None:
            return self._kwargs(entry, {"content": line, "embed": None, "view": None}, None)
        if entry.picker and view.my_turn and view.phase is Phase.PLAY:
            return None
        player = PlayerSnapshot(out.game, view)
        hand = await hand_message(ctx, player)
        picture = pictures.for_caller(ctx, pictures.hand_frame(player, ctx.tr))
        file = None if picture is None else await picture.later(hand.embed)
        return self._kwargs(entry, {"content": line, "embed": hand.embed, "view": hand.view}, file)

    @staticmethod
    def _kwargs(entry: OpenHand, kwargs: dict[str, Any], file: discord.File | None) -> dict[str, Any]:
        kwargs = fit(kwargs)
        if entry.ctx.bot.gallery.enabled:  # an old picture never stays under a new hand
            kwargs["attachments"] = [] if file is None else [file]
        return kwargs

    async def _edit(self, entry: OpenHand, kwargs: dict[str, Any]) -> bool:
        """Edit ``entry``'s message; False if Discord refused (it is forgotten, logged at debug). The
        connection failing (the bot closing) keeps it: the next change tries again."""
        interaction = entry.ctx.interaction
        try:
            if entry.followup and entry.message_id is not None:
                await interaction.followup.edit_message(entry.message_id, **kwargs)
            else:
                await interaction.edit_original_response(**kwargs)
        except discord.HTTPException as exc:
            log.debug("an open hand could not be redrawn (%s): forgotten", exc)
            return False
        except (aiohttp.ClientError, TimeoutError) as exc:  # the connection failed, not the hand: kept
            if entry.ctx.bot.is_closed():
                log.info("the bot closed before an open hand was redrawn")
            else:
                log.warning("could not reach Discord to redraw an open hand: %s", exc)
        return True

    async def _close(self, entry: OpenHand, out: Outcome[Any]) -> None:
        """End an older hand message of a game that ended: its text, no buttons."""
        bot = entry.ctx.bot
        if bot.replies is not None:
            await bot.replies.turn()
        seat = out.table.seat_of(entry.ctx.who.id)
        kwargs = self._kwargs(entry, {"content": note(out, seat, entry.ctx.tr), "embed": None, "view": None}, None)
        async with bot.redraws.lock(entry.lock_id):
            bot.redraws.begin(entry.lock_id)
            await self._edit(entry, kwargs)

    # -- tests and shutdown --------------------------------------------------------------------
    async def drain(self) -> None:
        """Wait until every pending redraw is done (tests, shutdown)."""
        await self._tasks.drain()

    async def close(self) -> None:
        await self._tasks.close()


# -- what the flows call ------------------------------------------------------------------------


def keep_sent(ctx: Ctx, game: GameSnapshot, message_id: int | None, *, followup: bool = False) -> None:
    """The caller's hand of ``game`` was just sent privately (as ``ctx``'s response, or as its
    follow-up ``message_id``): keep it current."""
    hands = ctx.bot.open_hands
    if hands is not None and game.active:
        hands.remember(ctx, game.game_id, message_id, game.version, followup=followup)


def keep_clicked(ctx: Ctx, game: GameSnapshot, *, picker: bool = False) -> None:
    """The private message clicked on is about to show the caller's hand of ``game`` (or, with
    ``picker``, a meld or lay-off picker): keep it current. Only a private message is kept (a
    forged click on a public one is answered apart), and none of a game that ended."""
    hands = ctx.bot.open_hands
    message = ctx.interaction.message
    if hands is None or message is None or not message.flags.ephemeral:
        return
    if not game.active:
        hands.forget(game.game_id, ctx.who.id)  # the click shows the end itself
        return
    hands.remember(ctx, game.game_id, message.id, game.version, picker=picker)
