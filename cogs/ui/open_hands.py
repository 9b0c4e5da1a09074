"""Open hands: the private hands players keep open, redrawn as their game changes.

A private hand is an ephemeral message, and only the interaction that sent it (or the last click
on it) can edit it, through its token, for 15 minutes. :class:`OpenHands` is the writer of every
such message after its first response: it keeps, per game and person, only what editing needs (a
:class:`Handle`: the application id, the token, the message id, the reader's language, the version
shown; never the interaction, which the garbage collector would scan for 15 minutes), hears every
committed change from the per-game writer (:mod:`cogs.ui.writer`) and edits each open hand of the
game to its new state, in the language it was opened in, with its buttons: so a player who keeps
their hand open draws and discards in two clicks. The handler of a click answers its own
interaction (that first response is the mover's) and hands the message over
(:meth:`OpenHands.shown`), with the picture still being drawn (:meth:`OpenHands.picture`).

* **Fresh tokens only.** A hand is kept :data:`TOKEN_LIFE` seconds (the "My hand" button gives a
  fresh one); an edit Discord refuses (the message dismissed, 404...) forgets it, logged at debug.
* **One edit in flight, the newest state.** One task per open hand: a burst of changes costs one
  edit, of the newest state, at most once every ``min_interval`` seconds; every write of the
  message (the handler's first response too) takes its turn in the message's lock.
* **Behind first replies.** The edit is secondary work: it waits until no interaction owes its
  first response (:mod:`cogs.ui.replies`), and a click that redraws the hand itself (it is
  handed over before its redraw, at the version it shows) is never drawn over by an older state.
* **The picture.** A picture drawn after the text goes on the hand it was drawn for only if that
  hand is still the one shown: a newer state brings its own. :func:`put_picture` is the one way a
  late picture goes on a private message (a look's too: :mod:`cogs.ui.looks`).
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
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass
from typing import Any, Protocol, cast

import aiohttp
import discord

from cogs.ui.handover import Handle, Picture
from cogs.ui.limits import fit
from cogs.ui.pictures import for_person, hand_frame
from cogs.ui.sentences import hand_note
from cogs.ui.tasks import Locks, Tasks
from cogs.ui.views import hand_message
from rummy.deal import Phase
from service.catalog import translator
from service.gallery import Gallery
from service.games import GameService
from service.model import GameSnapshot, Outcome, PlayerSnapshot
from service.preferences import Preferences

log = logging.getLogger(__name__)

TOKEN_LIFE = 14 * 60.0  # seconds a hand is kept open: Discord's interaction tokens last 15 minutes
OLDER_KEPT = 64  # at most this many older hand messages of one player and game, closed when it ends
# Discord's name of an interaction's original response in the webhook routes; discord.py types the
# message id as an int and puts it in the route as it is.
ORIGINAL = cast(int, "@original")


class PrivateMessages(Protocol):
    """How a private message is edited through its handle (Discord in play; a recorder in tests)."""

    async def edit(self, handle: Handle, **kwargs: Any) -> None: ...


class DiscordPrivate:
    """Edits through the interaction's webhook, built from the handle alone."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client

    async def edit(self, handle: Handle, **kwargs: Any) -> None:
        hook = discord.Webhook.partial(handle.application_id, handle.token, client=self.client)
        message_id = handle.message_id if handle.followup and handle.message_id is not None else ORIGINAL
        await hook.edit_message(message_id, **kwargs)


async def put_picture(
    private: PrivateMessages,
    lock: asyncio.Lock,
    handle: Handle,
    embed: discord.Embed,
    picture: Picture,
    shown: Callable[[], bool],
) -> None:
    """Once ``picture`` is drawn, show it in ``embed`` on ``handle``'s private message, in its turn
    among the message's writes (``lock``), if that message still shows what it was drawn for
    (``shown()``). Not drawn, or no longer wanted: the text stands, and nothing is said. Discord
    refusing it is a warning in the log, never a word to the reader: the text was the answer."""
    file = await picture.later(embed)
    if file is None:
        return
    async with lock:
        if not shown():
            return
        try:
            await private.edit(handle, **fit({"embed": embed}), attachments=[file])
        except discord.HTTPException as exc:  # the text is there: the picture was a plus
            log.warning("could not add %s to a private message: %s", picture.name, exc)


@dataclass(slots=True)
class OpenHand:
    """One private hand message: its handle, and the version it shows."""

    handle: Handle
    game_id: int
    opened: float  # when the token was given (the registry's clock)
    version: int  # the game version it shows
    picker: bool = False  # it shows the meld builder or the lay-off picker, not the hand
    picture: tuple[int, discord.Embed, Picture] | None = None  # (version, embed) still to get its picture

    @property
    def message_id(self) -> int | None:
        return self.handle.message_id


Key = tuple[int, int]  # (game id, user id)


def changes_nothing_for(out: Outcome[Any], seat: int | None) -> bool:
    """Whether ``out`` leaves everything the reader at ``seat`` can do as it was: another player
    only drew (the reader's cards, the discard pile's top, the melds and whose turn it is are the
    same). Such a change is not worth an edit; the next one that matters brings the counts too."""
    if out.ended or out.new_turn or out.seat is None or out.seat == seat or not out.events:
        return False
    return all(event.kind == "drew" and event.source != "discard" for event in out.events)


class OpenHands:
    """The open private hands of every game, kept current (see the module doc)."""

    def __init__(
        self,
        service: GameService,
        private: PrivateMessages,
        *,
        gallery: Gallery,
        preferences: Preferences,
        turn: Callable[[], Awaitable[None]] | None = None,
        closing: Callable[[], bool] = lambda: False,
        min_interval: float = 0.5,
        life: float = TOKEN_LIFE,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.service = service
        self.private = private
        self.gallery = gallery
        self.preferences = preferences
        self.turn = turn  # first replies go first (cogs.ui.replies)
        self.closing = closing  # whether the bot is closing (a failed edit is then no news)
        self.min_interval = min_interval
        self.life = life
        self.clock = clock
        self.lock: Locks[Hashable] = Locks()  # every write of one message takes its turn
        self._live: dict[int, dict[int, OpenHand]] = {}  # game id -> user id -> the newest hand
        self._older: dict[int, dict[int, list[OpenHand]]] = {}  # hands a newer one replaced
        self._pending: dict[Key, Outcome[Any]] = {}  # the newest change each open hand must show
        self._tasks: Tasks[Key] = Tasks("open hand")  # one task per open hand, and the closings
        self._last: dict[Key, float] = {}

    def __len__(self) -> int:
        return sum(len(hands) for hands in self._live.values())

    def live(self, game_id: int, user_id: int) -> OpenHand | None:
        """The open hand of ``user_id`` in ``game_id``, if one is kept."""
        return self._live.get(game_id, {}).get(user_id)

    # -- what the handlers hand over ----------------------------------------------------------------
    def shown(self, handle: Handle, game: GameSnapshot, *, picker: bool = False) -> None:
        """``handle``'s message shows (or is about to show) its reader's hand of ``game`` at its
        version (``picker``: a meld or lay-off picker): keep it current from now on. A game that
        ended is not kept (the message shows the end itself)."""
        game_id, user = game.game_id, handle.user_id
        if not game.active:
            self.forget(game_id, user)
            return
        hands = self._live.setdefault(game_id, {})
        old = hands.get(user)
        older = self._older.setdefault(game_id, {}).setdefault(user, [])
        same = handle.message_id
        older[:] = [e for e in older if (e.message_id != same or same is None) and self._fresh(e)]
        if old is not None and (old.message_id != same or same is None):
            old.picture = None  # an older hand is only closed at the end: it keeps no picture to come
            older.append(old)
            del older[:-OLDER_KEPT]
        hands[user] = OpenHand(handle, game_id, self.clock(), game.version, picker)

    def picture(self, handle: Handle, game: GameSnapshot, embed: discord.Embed, picture: Picture | None) -> None:
        """The hand just shown through ``handle`` (at ``game``'s version) gets ``picture`` once it
        is drawn, unless a newer state is shown by then."""
        entry = self.live(game.game_id, handle.user_id)
        if picture is None or picture.ready is not None or entry is None or entry.handle != handle:
            return
        entry.picture = (game.version, embed, picture)
        key = (game.game_id, handle.user_id)
        self._tasks.once(key, self._flush, f"rami-hand-{key[0]}-{key[1]}")

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
        """A game changed (the writer hands every committed change over): redraw its open hands."""
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
            while True:
                entry = self.live(game_id, user)
                if entry is None or (key not in self._pending and entry.picture is None):
                    return
                wait = self._last.get(key, -1e9) + self.min_interval - loop.time()
                if wait > 0 and key in self._pending:
                    await asyncio.sleep(wait)
                if self.turn is not None:
                    await self.turn()  # first replies go first
                out = self._pending.pop(key, None)
                entry = self.live(game_id, user)
                if entry is None:
                    continue
                if not self._fresh(entry):
                    self.forget(game_id, user)
                    continue
                if out is not None and out.game.version > entry.version:
                    entry.picture = None  # the newer state brings its own picture
                    await self._redraw(entry, out)
                    self._last[key] = loop.time()
                elif out is not None and out.ended:
                    self.forget(game_id, user)  # the click showed the end itself
                elif entry.picture is not None:  # what a click showed (its own change, if queued, shown too)
                    await self._add_picture(entry)
        finally:
            if self.live(game_id, user) is None:
                self._last.pop(key, None)

    async def _add_picture(self, entry: OpenHand) -> None:
        """Put the picture handed over on the hand it was drawn for, if that hand is still shown."""
        assert entry.picture is not None
        (version, embed, picture), entry.picture = entry.picture, None

        def shown() -> bool:  # else a newer state was shown meanwhile, with its own picture
            return self.live(entry.game_id, entry.handle.user_id) is entry and entry.version == version

        await put_picture(self.private, self.lock(entry.handle.key), entry.handle, embed, picture, shown)

    async def _redraw(self, entry: OpenHand, out: Outcome[Any]) -> None:
        """Show ``out`` on ``entry``'s message, unless it shows that version (or a newer one)."""
        game_id, user = out.game.game_id, entry.handle.user_id
        if entry.version >= out.game.version:
            if out.ended:
                self.forget(game_id, user)
            return
        message = await self._message(entry, out)
        async with self.lock(entry.handle.key):
            if self.live(game_id, user) is not entry or entry.version >= out.game.version:
                return  # a click redrew it meanwhile, or a newer hand took its place
            entry.version = out.game.version
            if message is None:
                return  # the picker stays
            if not await self._edit(entry, message):
                self.forget(game_id, user)
        if out.ended:
            self.forget(game_id, user)

    async def _message(self, entry: OpenHand, out: Outcome[Any]) -> dict[str, Any] | None:
        """What ``entry``'s message shows after ``out`` (None: leave the picker as it is)."""
        handle = entry.handle
        tr = translator(handle.locale)
        seat = out.table.seat_of(handle.user_id)
        view = out.view(seat) if seat is not None and not out.ended else None
        if view is not None and seat in view.dropped:
            view, seat = None, None  # they left the game: their hand is closed
        line = hand_note(out, seat, tr)
        if view is None:
            return self._kwargs({"content": line, "embed": None, "view": None}, None)
        if entry.picker and view.my_turn and view.phase is Phase.PLAY:
            return None
        player = PlayerSnapshot(out.game, view)
        hand = await hand_message(self.service, tr, player)
        frame = hand_frame(player, tr)
        picture = for_person(self.gallery, self.preferences, self.turn, handle.user_id, handle.may_attach, frame)
        file = None if picture is None else await picture.later(hand.embed)
        return self._kwargs({"content": line, "embed": hand.embed, "view": hand.view}, file)

    def _kwargs(self, kwargs: dict[str, Any], file: discord.File | None) -> dict[str, Any]:
        kwargs = fit(kwargs)
        if self.gallery.enabled:  # an old picture never stays under a new hand
            kwargs["attachments"] = [] if file is None else [file]
        return kwargs

    async def _edit(self, entry: OpenHand, kwargs: dict[str, Any]) -> bool:
        """Edit ``entry``'s message; False if Discord refused (it is forgotten, logged at debug). The
        connection failing (the bot closing) keeps it: the next change tries again."""
        try:
            await self.private.edit(entry.handle, **kwargs)
        except discord.HTTPException as exc:
            log.debug("an open hand could not be redrawn (%s): forgotten", exc)
            return False
        except (aiohttp.ClientError, TimeoutError) as exc:  # the connection failed, not the hand: kept
            if self.closing():
                log.info("the bot closed before an open hand was redrawn")
            else:
                log.warning("could not reach Discord to redraw an open hand: %s", exc)
        return True

    async def _close(self, entry: OpenHand, out: Outcome[Any]) -> None:
        """End an older hand message of a game that ended: its text, no buttons."""
        if self.turn is not None:
            await self.turn()
        seat = out.table.seat_of(entry.handle.user_id)
        kwargs = self._kwargs(
            {"content": hand_note(out, seat, translator(entry.handle.locale)), "embed": None, "view": None}, None
        )
        async with self.lock(entry.handle.key):
            await self._edit(entry, kwargs)

    # -- tests and shutdown --------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """Whether anything is still to go out."""
        return bool(self._tasks)

    async def drain(self) -> None:
        """Wait until every pending redraw is done (tests, shutdown)."""
        await self._tasks.drain()

    async def close(self) -> None:
        await self._tasks.close()
