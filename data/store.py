"""The store interface: what the game service needs of a database, whichever it is.

Two stores implement it, with the same guarantees (every write durable when it returns, a game's
version checked at each action, one active game per channel, results and ratings written with the
game that finished):

* :class:`data.db.Database`, one SQLite file (the default: nothing to install);
* :class:`data.postgres.PostgresStore`, a PostgreSQL database through an asyncpg pool, for several
  processes or machines on one database.

:func:`open_store` picks one from a place: a ``postgresql://`` (or ``postgres://``) URL opens
PostgreSQL, anything else is an SQLite file's path. Both migrate their schema at open and refuse a
database newer than the code. Each store has the same six parts (:class:`Store`); the rows they
return are the same value objects (:mod:`data.rows`, :mod:`data.leaderboard`) and their refusals the
same errors (:mod:`data.errors`).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Protocol

from data._clock import Clock, utcnow
from data.history import GameFigures, PlayedGame
from data.leaderboard import PlayerResult, PlayerStats, ResultRow, Standing
from data.rows import ActionRow, ActionWrite, GameRow, GameStatus
from data.season_calendar import Season, SeasonMode
from data.seasons import BoardQuery, SeasonRow, SeasonSettings
from data.tournament_places import TournamentPlace, TournamentRecord
from data.tournaments import TableLink, TournamentRow, TournamentStatus

__all__ = [
    "GameStorage",
    "GuildDefaultsStorage",
    "GuildSettingsStorage",
    "HistoryStorage",
    "LeaderboardStorage",
    "MetaStorage",
    "PlaceStorage",
    "PreferenceStorage",
    "SeasonStorage",
    "Store",
    "TournamentStorage",
    "is_postgres_url",
    "open_store",
]

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


class GameStorage(Protocol):
    """Games and their action log (``store.games``); see :mod:`data.games` for the contract."""

    async def create_game(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        preset: str,
        state_json: str,
        status: GameStatus | str = GameStatus.LOBBY,
    ) -> GameRow: ...

    async def get(self, game_id: int) -> GameRow | None: ...

    async def get_active(self, channel_id: int) -> GameRow | None: ...

    async def latest(self, channel_id: int) -> GameRow | None: ...

    async def list_active(self) -> list[GameRow]: ...

    async def save_action(self, write: ActionWrite) -> GameRow: ...

    async def finish_game(self, write: ActionWrite, results: Sequence[PlayerResult] | None = None) -> GameRow: ...

    async def set_message(self, game_id: int, message_id: int | None) -> GameRow: ...

    async def actions(self, game_id: int) -> list[ActionRow]: ...

    async def results(self, game_id: int) -> list[ResultRow]: ...


class LeaderboardStorage(Protocol):
    """The read side of the leaderboards (``store.leaderboard``); see :mod:`data.leaderboard`."""

    async def leaderboard(
        self, guild_id: int, preset: str | None = None, limit: int = 10, include_bots: bool = False
    ) -> list[Standing]: ...

    async def stats(self, guild_id: int, user_id: int) -> PlayerStats | None: ...


class HistoryStorage(Protocol):
    """A player's finished games and their figures (``store.history``); see :mod:`data.history`."""

    async def played(
        self,
        guild_id: int,
        user_id: int,
        limit: int,
        *,
        older_than: int | None = None,
        newer_than: int | None = None,
    ) -> list[PlayedGame]: ...

    async def figures(self, guild_id: int, user_id: int) -> dict[str, GameFigures]: ...


class GuildSettingsStorage(Protocol):
    """Each server's settings (``store.guilds``); see :mod:`data.guilds`."""

    async def languages(self) -> dict[int, str]: ...

    async def language(self, guild_id: int) -> str | None: ...

    async def set_language(self, guild_id: int, language: str | None) -> None: ...

    async def organiser_roles(self) -> dict[int, int]: ...

    async def set_organiser_role(self, guild_id: int, role_id: int | None) -> None: ...


class GuildDefaultsStorage(Protocol):
    """Each server's defaults for new tables (``store.defaults``): a JSON document the store keeps
    as text, without reading it; see :mod:`data.defaults`."""

    async def document(self, guild_id: int) -> str | None: ...

    async def set_document(self, guild_id: int, document: str) -> None: ...

    async def clear(self, guild_id: int) -> None: ...


class MetaStorage(Protocol):
    """The bot's own key-value bookkeeping (``store.meta``); see :mod:`data.meta`."""

    async def get(self, key: str) -> str | None: ...

    async def set(self, key: str, value: str) -> None: ...


class PreferenceStorage(Protocol):
    """Each person's own choices (``store.preferences``); see :mod:`data.preferences`."""

    async def pictures(self, user_id: int) -> bool | None: ...

    async def set_pictures(self, user_id: int, on: bool) -> None: ...


class SeasonStorage(Protocol):
    """Seasons and the fair boards (``store.seasons``); see :mod:`data.seasons`."""

    async def settings(self, guild_id: int) -> SeasonSettings: ...

    async def set_settings(self, guild_id: int, mode: SeasonMode, channel_id: int | None = None) -> SeasonSettings: ...

    async def book(self, guild_id: int) -> list[SeasonRow]: ...

    async def board(self, query: BoardQuery) -> list[Standing]: ...

    async def due(self, now: datetime, stale_before: datetime) -> list[tuple[int, Season]]: ...

    async def claim(self, guild_id: int, season: Season, by: str, now: datetime, stale_before: datetime) -> bool: ...

    async def posted(
        self, guild_id: int, season: Season, by: str, channel_id: int | None, message_id: int | None
    ) -> bool: ...

    async def last_channel(self, guild_id: int) -> int | None: ...

    async def best_places(
        self, guild_id: int, user_id: int, now: datetime, min_games: int, inactive: timedelta
    ) -> dict[str, int]: ...


class PlaceStorage(Protocol):
    """Each person's place in the tournaments they finished, and the claim of each round's
    standings message (part of ``store.tournaments``); see :mod:`data.tournament_places`."""

    async def record_places(self, places: Sequence[TournamentPlace]) -> int: ...

    async def places(self, guild_id: int, user_id: int, recent: int = 5) -> TournamentRecord: ...

    async def finished_unrecorded(self) -> list[int]: ...

    async def recently_finished(self, since: datetime) -> list[int]: ...

    async def claim_standings(self, tournament_id: int, round: int) -> bool: ...

    async def release_standings(self, tournament_id: int, round: int) -> None: ...


class TournamentStorage(PlaceStorage, Protocol):
    """Tournaments and the links of their tables to games (``store.tournaments``); see :mod:`data.tournaments`."""

    async def create(
        self, guild_id: int, channel_id: int, organiser_id: int, status: TournamentStatus | str, state_json: str
    ) -> TournamentRow: ...

    async def get(self, tournament_id: int) -> TournamentRow | None: ...

    async def list_open(self) -> list[TournamentRow]: ...

    async def save(
        self, tournament_id: int, expected_version: int, state_json: str, status: TournamentStatus | str
    ) -> TournamentRow: ...

    async def set_message(self, tournament_id: int, message_id: int | None) -> None: ...

    async def link(self, link: TableLink) -> TableLink: ...

    async def set_game(self, tournament_id: int, round: int, table: int, game_id: int) -> TableLink: ...

    async def tables(self, tournament_id: int) -> list[TableLink]: ...

    async def table_of_game(self, game_id: int) -> TableLink | None: ...


class Store(Protocol):
    """One open database: its parts, its clock, and :meth:`close`."""

    @property
    def games(self) -> GameStorage: ...

    @property
    def leaderboard(self) -> LeaderboardStorage: ...

    @property
    def history(self) -> HistoryStorage: ...

    @property
    def guilds(self) -> GuildSettingsStorage: ...

    @property
    def meta(self) -> MetaStorage: ...

    @property
    def preferences(self) -> PreferenceStorage: ...

    @property
    def defaults(self) -> GuildDefaultsStorage: ...

    @property
    def seasons(self) -> SeasonStorage: ...

    @property
    def tournaments(self) -> TournamentStorage: ...

    @property
    def now(self) -> Clock:
        """The store's clock: ``store.now()`` is the current aware UTC datetime it stamps rows with."""
        ...

    async def close(self) -> None:
        """Let the writes under way finish, then release the connections. Idempotent."""
        ...


def is_postgres_url(place: str | os.PathLike[str]) -> bool:
    return isinstance(place, str) and place.startswith(POSTGRES_SCHEMES)


async def open_store(place: str | os.PathLike[str], *, clock: Clock = utcnow) -> Store:
    """Open (and migrate) the store at ``place``: PostgreSQL for a ``postgresql://`` URL (the bot's
    ``RAMI_DATABASE_URL``), else the SQLite file at that path (``RAMI_DB_PATH``)."""
    if is_postgres_url(place):
        from data.postgres import PostgresStore  # asyncpg is imported only by who uses it

        return await PostgresStore.open(str(place), clock=clock)
    from data.db import Database

    return await Database.open(place, clock=clock)
