"""The messages a tournament shows (issue 31): its public message, kept current, and the thread
each round's table is played in.

:class:`TournamentWriter` is the one listener of :meth:`service.tournaments.Tournaments.subscribe`
that writes: a change marks its tournament to redraw, and one task per tournament (coalesced: the
newest committed version wins) posts the message the first time (its id stored with
``set_message``) and edits it after, through the writer's :class:`~cogs.ui.poster.Poster` (the
channel's pace, one edit in flight; a message too old to edit is posted anew and its new id stored).
The message carries the standings after each complete round and, at the end, the podium (it
replaces the buttons). Each complete round also gets one message of its own below, posted once
(:mod:`cogs.ui.tournament_standings`): its standings and, with pictures on (the bot's
``RAMI_PICTURES`` and Attach Files in the channel, as for a table's board), their picture; the
last round's is the final standings, the podium highlighted.

:class:`TableThreads` is the service's :class:`~service.tournament_model.TableChannels`: for a
round's table it posts one line in the tournament's channel (the table and its players, pinging
nobody), opens a public thread on it (as :mod:`cogs.ui.threads` opens a table's), and mentions the
table's people in the thread (pinging exactly them), which adds them to it. Its answer, the
thread's id, is where the table's game is played. A thread Discord refuses (the bot may not open
threads there) is raised with its line deleted: the service logs it and the clock tries again.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from typing import Any

import discord

from cogs.ui.bases_tournament import tournament_view
from cogs.ui.context import NO_MENTIONS
from cogs.ui.handover import attach
from cogs.ui.limits import quote
from cogs.ui.poster import Poster
from cogs.ui.tasks import Tasks
from cogs.ui.threads import NAME_LENGTH
from cogs.ui.tournament_render import entrant_name, tournament_embed
from cogs.ui.tournament_standings import latest_round, standings_embed, standings_frame
from service.catalog import Translator
from service.gallery import Gallery
from service.tournament_model import TournamentChange, TournamentSnapshot
from service.tournaments import Tournaments

log = logging.getLogger(__name__)


class TournamentWriter:
    """Every tournament's public message (see the module doc)."""

    def __init__(
        self,
        tournaments: Tournaments,
        poster: Poster,
        tr_for: Callable[[int], Translator],
        roles: Callable[[int], int | None] = lambda guild: None,
        gallery: Gallery | None = None,
    ) -> None:
        self.tournaments = tournaments
        self.poster = poster
        self.tr_for = tr_for  # a server's public language
        self.roles = roles  # a server's organisers' role, shown beside the organiser
        self.gallery = gallery  # the standings' pictures (None, or disabled: text only)
        self.tasks: Tasks[int] = Tasks("tournament message")
        self._dirty: set[int] = set()

    def changed(self, change: TournamentChange) -> None:
        """The service's listener: returns at once; the message is redrawn in its task."""
        self.refresh(change.snapshot.tournament_id)

    def refresh(self, tournament_id: int) -> None:
        self._dirty.add(tournament_id)
        self.tasks.once(tournament_id, self._write, name=f"rami-tournament-{tournament_id}")

    async def _write(self, tournament_id: int) -> None:
        while tournament_id in self._dirty:
            self._dirty.discard(tournament_id)
            await self.write(await self.tournaments.get(tournament_id))

    async def write(self, snap: TournamentSnapshot) -> None:
        """Post or edit the tournament's message to show ``snap``."""
        tr = self.tr_for(snap.guild_id)
        embed, view = tournament_embed(tr, snap, self.roles(snap.guild_id)), tournament_view(tr, snap)
        message: dict[str, Any] = {"content": None, "embed": embed, "view": view, "allowed_mentions": NO_MENTIONS}
        if snap.message_id is None:
            message_id = await self.poster.send(snap.channel_id, **message)
        else:
            try:
                message_id = await self.poster.edit(snap.channel_id, snap.message_id, **message)
            except discord.NotFound:  # deleted by someone: posted again
                message_id = await self.poster.send(snap.channel_id, **message)
        if message_id != snap.message_id:
            await self.tournaments.set_message(snap.tournament_id, message_id)
        await self.standings(snap)

    async def standings(self, snap: TournamentSnapshot) -> None:
        """Post the newest complete round's standings, once (claimed in the store first; a message
        Discord refuses gives its claim back, for the next redraw to try again)."""
        shown = latest_round(snap)
        if shown is None or not await self.tournaments.claim_standings(snap.tournament_id, shown.round):
            return
        tr = self.tr_for(snap.guild_id)
        embed = standings_embed(tr, snap, shown)
        message: dict[str, Any] = {"embed": embed, "allowed_mentions": NO_MENTIONS, "silent": True}
        if self.gallery is not None and self.gallery.enabled and self.poster.channels.can_attach(snap.channel_id):
            frame = standings_frame(tr, snap, shown)
            data = await self.gallery.picture(frame.job)
            if data is not None:
                message["files"] = [attach(embed, data, frame.name, frame.description)]
        try:
            await self.poster.send(snap.channel_id, **message)
        except discord.HTTPException as exc:
            await self.tournaments.release_standings(snap.tournament_id, shown.round)
            log.warning("could not post the standings of tournament %s: %s", snap.tournament_id, exc)

    async def drain(self) -> None:
        await self.tasks.drain()

    async def close(self) -> None:
        await self.tasks.close()


class TableThreads:
    """Where a round's table is played: a thread of the tournament's channel (see the module doc)."""

    def __init__(self, poster: Poster, tr_for: Callable[[int], Translator]) -> None:
        self.poster = poster
        self.tr_for = tr_for
        # The tables' threads this process knows of (opened here, or noted from the store after a
        # restart): an interaction there is about the thread's own game (cogs.ui.context.game_channel).
        self.threads: set[int] = set()

    def note(self, snapshots: Iterable[TournamentSnapshot]) -> None:
        """Remember the threads of these tournaments' tables (at start-up and at each clock tick)."""
        for snap in snapshots:
            self.threads.update(link.channel_id for link in snap.tables)

    async def __call__(self, snap: TournamentSnapshot, round: int, table: int, /) -> int:
        tr, t = self.tr_for(snap.guild_id), snap.tournament
        seated = t.rounds[round - 1].tables[table - 1]
        entrants = [e for e in (t.entrant(p) for p in seated.players) if e is not None]
        names = ", ".join(quote(entrant_name(e, tr)) for e in entrants) or "—"
        title = quote(t.settings.name)
        line = tr("tournament_table_opens", name=title, round=round, table=table, players=names)
        message_id = await self.poster.send(snap.channel_id, content=line, allowed_mentions=NO_MENTIONS)
        thread_name = tr("tournament_table_thread", name=t.settings.name, round=round, table=table)[:NAME_LENGTH]
        try:
            thread_id = await self.poster.open_thread(snap.guild_id, snap.channel_id, message_id, thread_name)
        except discord.HTTPException:  # no Create Public Threads, say: the clock tries again, with no second line
            await self.poster.delete(snap.channel_id, message_id)
            raise
        people = [e.id for e in entrants if not e.played_by_computer]
        if people:
            call = tr("tournament_table_call", players=" ".join(f"<@{p}>" for p in people), round=round)
            allowed = discord.AllowedMentions(
                everyone=False, users=[discord.Object(p) for p in people], roles=False, replied_user=False
            )
            await self.poster.send(thread_id, content=call, allowed_mentions=allowed)
        self.threads.add(thread_id)
        return thread_id
