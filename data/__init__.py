"""Rami's storage: every SQL statement of the project lives in this package.

It knows nothing of Discord, and treats the rules engine's state as an opaque JSON document.
Two stores implement one interface (:class:`Store`, in :mod:`data.store`): SQLite (:class:`Database`,
the default) and PostgreSQL (:class:`data.postgres.PostgresStore`, imported only when used).
Open one once, share it, close it at shutdown::

    db = await open_store("var/rami.sqlite3")         # or "postgresql://..."; migrates
    game = await db.games.create_game(guild, channel, host, "classic", state_json)
    game = await db.games.save_action(
        ActionWrite(game.id, game.version, new_json, "playing", user_id, "draw", {"from": "stock"})
    )
    top = await db.leaderboard.leaderboard(guild)
    await db.close()

Schema (``data/migrations/V*.sql``; version kept in ``schema_version``):

``games``
    One row per table: ids, ``preset``, ``status`` (lobby, playing, finished, cancelled,
    abandoned), ``state_json``, ``version`` (optimistic-concurrency token), ``message_id``,
    ``turn_deadline`` and times. A partial unique index allows one active (lobby or playing)
    game per channel.
``game_actions``
    The append-only action log, keyed by (game, seq); ``seq`` equals the version the action
    produced and is written in the same transaction as the state.
``game_results``
    One row per seat of a finished game (rank, win, deals won, rummies, score) with the
    player's rating before and after, the deals the seat played and when the game finished: what
    a player's history reads (:class:`HistoryStore`: pages by key, points per deal, streaks).
``guild_settings``
    A server's own settings (:class:`GuildSettingsStore`): the language of its public messages
    and the role whose members may organise its tournaments.
``meta``
    The bot's own key-value bookkeeping (:class:`MetaStore`), e.g. the synced command hash.
``user_preferences``
    Each person's own choices (:class:`PreferenceStore`), e.g. pictures or text only.
``guild_defaults``
    A server's defaults for its new tables (:class:`GuildDefaultsStore`): one JSON document,
    opaque here, that the service checks at every read.
``guild_seasons``, ``seasons``, ``season_stats``
    A server's seasons (off, monthly, quarterly: :class:`SeasonStore`), the book of its seasons
    (with the claim and the post of each final board) and each season's own ratings.
``tournaments``, ``tournament_tables``
    A tournament's versioned document (:class:`TournamentStore`, version-checked like a game),
    and each table of its rounds: the channel, who sits where, and the game played there.
``tournament_places``
    Each person's final place in each tournament they finished, for ``/stats``
    (:mod:`data.tournament_places`).
``player_stats``
    The leaderboard, keyed by (guild, preset, user): games, wins, deals won, rummies and an
    openskill rating (mu, sigma). Preset ``"*"`` is the all-presets track.

Times are aware UTC datetimes in Python and UNIX seconds in the database (SQLite REAL, PostgreSQL
double precision). The PostgreSQL schema is the same tables with their own numbered migrations
(``data/postgres/migrations``). ``python -m data migrate-to-postgres`` copies an SQLite file over.
"""

from data.db import Database, SynchronousLevel
from data.defaults import GuildDefaultsStore
from data.errors import ChannelBusy, DataError, GameClosed, GameNotFound, SchemaError, StaleState
from data.games import GameStore
from data.guilds import GuildSettingsStore
from data.history import GameFigures, HistoryStore, PlayedGame
from data.jsontext import compact_json
from data.leaderboard import (
    ALL_PRESETS,
    LeaderboardStore,
    PlayerResult,
    PlayerStats,
    ResultRow,
    Standing,
)
from data.meta import MetaStore
from data.preferences import PreferenceStore
from data.ratings import Rating, rate
from data.rows import UNCHANGED, ActionRow, ActionWrite, GameRow, GameStatus, Unchanged
from data.schema import Migration, load_migrations, migrate, schema_version
from data.season_calendar import Season, SeasonMode, parse_season, season_at
from data.seasons import BoardQuery, SeasonRow, SeasonSettings, SeasonStore
from data.store import (
    GameStorage,
    GuildDefaultsStorage,
    GuildSettingsStorage,
    HistoryStorage,
    LeaderboardStorage,
    MetaStorage,
    PreferenceStorage,
    SeasonStorage,
    Store,
    TournamentStorage,
    is_postgres_url,
    open_store,
)
from data.tournament_places import TournamentPlace, TournamentRecord
from data.tournaments import TableLink, TournamentNotFound, TournamentRow, TournamentStatus, TournamentStore

__all__ = [
    "ALL_PRESETS",
    "UNCHANGED",
    "ActionRow",
    "ActionWrite",
    "BoardQuery",
    "ChannelBusy",
    "DataError",
    "Database",
    "GameClosed",
    "GameFigures",
    "GameNotFound",
    "GameRow",
    "GameStatus",
    "GameStorage",
    "GameStore",
    "GuildDefaultsStorage",
    "GuildDefaultsStore",
    "GuildSettingsStorage",
    "GuildSettingsStore",
    "HistoryStorage",
    "HistoryStore",
    "LeaderboardStorage",
    "LeaderboardStore",
    "MetaStorage",
    "MetaStore",
    "Migration",
    "PlayedGame",
    "PlayerResult",
    "PlayerStats",
    "PreferenceStorage",
    "PreferenceStore",
    "Rating",
    "ResultRow",
    "SchemaError",
    "Season",
    "SeasonMode",
    "SeasonRow",
    "SeasonSettings",
    "SeasonStorage",
    "SeasonStore",
    "StaleState",
    "Standing",
    "Store",
    "SynchronousLevel",
    "TableLink",
    "TournamentNotFound",
    "TournamentPlace",
    "TournamentRecord",
    "TournamentRow",
    "TournamentStatus",
    "TournamentStorage",
    "TournamentStore",
    "Unchanged",
    "compact_json",
    "is_postgres_url",
    "load_migrations",
    "migrate",
    "open_store",
    "parse_season",
    "rate",
    "schema_version",
    "season_at",
]
