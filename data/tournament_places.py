"""Each person's place in the tournaments they finished, for ``/stats`` (issue 31); and the claim
of each round's standings message.

A row of ``tournament_places`` is one person's final place in one finished tournament, with what
``/stats`` shows of it copied in: the server, the tournament's name, the place, how many the final
standings ranked, when it finished. :meth:`~PlaceQueries.record_places` writes a tournament's
rows in one statement and keeps any row already there (a restart, or the final round checked
twice, changes nothing). Computer entrants (ids 0 or less) are refused by the schema's check, and
never passed by the service.

``tournaments.standings_round`` is the newest round whose standings message was claimed:
:meth:`~PlaceQueries.claim_standings` raises it in one conditional update, so that of two
writers (or a writer run again after a restart) exactly one posts a round's message;
:meth:`~PlaceQueries.release_standings` gives a claim back when the message could not be posted.

API (``store.tournaments``, beside :mod:`data.tournaments`)::

    await tournaments.record_places([TournamentPlace(...), ...]) -> int  # rows new
    await tournaments.places(guild_id, user_id, recent=5) -> TournamentRecord
    await tournaments.finished_unrecorded() -> [tournament id, ...]    # finished, no place written
    await tournaments.claim_standings(tournament_id, round) -> bool
    await tournaments.release_standings(tournament_id, round)
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from data._clock import from_timestamp, to_timestamp
from data.rows import Row

__all__ = ["PlaceQueries", "TournamentPlace", "TournamentRecord"]


@dataclass(frozen=True, slots=True)
class TournamentPlace:
    """One person's final place in one finished tournament (``entrants``: how many were ranked)."""

    tournament_id: int
    user_id: int
    guild_id: int
    name: str
    place: int
    entrants: int
    finished_at: datetime


@dataclass(frozen=True, slots=True)
class TournamentRecord:
    """A person's tournaments on one server: how many finished, won, on the podium, the best place
    (``None``: none played), and the newest few, newest first."""

    played: int = 0
    wins: int = 0
    podiums: int = 0
    best: int | None = None
    recent: tuple[TournamentPlace, ...] = ()


_PLACE_COLUMNS: Final = "tournament_id, user_id, guild_id, name, place, entrants, finished_at"
RECORD_SQL: Final = (
    f"INSERT INTO tournament_places ({_PLACE_COLUMNS}) VALUES {{rows}}"
    " ON CONFLICT (tournament_id, user_id) DO NOTHING RETURNING user_id"
)
SUMMARY_SQL: Final = (
    "SELECT count(*) AS played, COALESCE(SUM(CASE WHEN place = 1 THEN 1 ELSE 0 END), 0) AS wins,"
    " COALESCE(SUM(CASE WHEN place <= 3 THEN 1 ELSE 0 END), 0) AS podiums, MIN(place) AS best"
    " FROM tournament_places WHERE guild_id = ? AND user_id = ?"
)
RECENT_SQL: Final = (
    f"SELECT {_PLACE_COLUMNS} FROM tournament_places WHERE guild_id = ? AND user_id = ?"
    " ORDER BY finished_at DESC, tournament_id DESC LIMIT ?"
)
UNRECORDED_SQL: Final = (
    "SELECT t.id FROM tournaments t WHERE t.status = 'finished'"
    " AND NOT EXISTS (SELECT 1 FROM tournament_places p WHERE p.tournament_id = t.id) ORDER BY t.id"
)
RECENTLY_FINISHED_SQL: Final = "SELECT id FROM tournaments WHERE status = 'finished' AND updated_at >= ? ORDER BY id"
CLAIM_SQL: Final = (
    "UPDATE tournaments SET standings_round = ? WHERE id = ? AND (standings_round IS NULL OR standings_round < ?)"
    " RETURNING id"
)
RELEASE_SQL: Final = "UPDATE tournaments SET standings_round = ? WHERE id = ? AND standings_round = ? RETURNING id"


def place_row(row: Row) -> TournamentPlace:
    return TournamentPlace(
        tournament_id=int(row["tournament_id"]),
        user_id=int(row["user_id"]),
        guild_id=int(row["guild_id"]),
        name=str(row["name"]),
        place=int(row["place"]),
        entrants=int(row["entrants"]),
        finished_at=from_timestamp(float(row["finished_at"])),
    )


class PlaceQueries(ABC):
    """The statements of both stores (``?`` here; the PostgreSQL store numbers them)."""

    @abstractmethod
    async def _rows(self, sql: str, params: Sequence[Any]) -> Sequence[Row]: ...

    @abstractmethod
    async def _write(self, sql: str, params: Sequence[Any]) -> Sequence[Row]:
        """Run one writing statement in a transaction of its own; its ``RETURNING`` rows."""

    async def record_places(self, places: Sequence[TournamentPlace]) -> int:
        """Write these places in one statement, keeping every row already there; how many were new."""
        if not places:
            return 0
        rows = ", ".join("(?, ?, ?, ?, ?, ?, ?)" for _ in places)
        params: list[Any] = []
        for p in places:
            params += [p.tournament_id, p.user_id, p.guild_id, p.name, p.place, p.entrants, to_timestamp(p.finished_at)]
        return len(await self._write(RECORD_SQL.format(rows=rows), params))

    async def places(self, guild_id: int, user_id: int, recent: int = 5) -> TournamentRecord:
        """A person's tournaments on a server: the counts and the ``recent`` newest."""
        (summary,) = await self._rows(SUMMARY_SQL, (guild_id, user_id))
        played = int(summary["played"])
        if not played:
            return TournamentRecord()
        rows = await self._rows(RECENT_SQL, (guild_id, user_id, recent)) if recent > 0 else []
        return TournamentRecord(
            played=played,
            wins=int(summary["wins"]),
            podiums=int(summary["podiums"]),
            best=int(summary["best"]),
            recent=tuple(place_row(r) for r in rows),
        )

    async def finished_unrecorded(self) -> list[int]:
        """The finished tournaments without any place written (a crash came between the two, or
        nobody but computer players was ranked)."""
        return [int(r["id"]) for r in await self._rows(UNRECORDED_SQL, ())]

    async def recently_finished(self, since: datetime) -> list[int]:
        """The tournaments that finished at ``since`` or later (start-up shows their end again, in
        case a crash came before their final standings were posted)."""
        return [int(r["id"]) for r in await self._rows(RECENTLY_FINISHED_SQL, (to_timestamp(since),))]

    async def claim_standings(self, tournament_id: int, round: int) -> bool:
        """Claim the standings message of ``round``: True once, for the first caller, if no later
        round's was claimed."""
        return bool(await self._write(CLAIM_SQL, (round, tournament_id, round)))

    async def release_standings(self, tournament_id: int, round: int) -> None:
        """Give back the claim of ``round`` (its message could not be posted), if it is still the newest."""
        await self._write(RELEASE_SQL, (round - 1 if round > 1 else None, tournament_id, round))
