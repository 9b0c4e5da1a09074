"""Errors raised on purpose by the storage layer.

One family, rooted at :class:`DataError`. Each ``str()`` is a sentence that a cog may show to a
player as is; the attributes carry the details for logs and for code that wants to react.
"""

from __future__ import annotations


class DataError(Exception):
    """Base of every error the ``data`` package raises on purpose."""


class SchemaError(DataError):
    """The migration files or the database's schema version cannot be used."""


class GameNotFound(DataError, LookupError):
    """No game has this id."""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(f"Game #{game_id} does not exist.")


class ChannelBusy(DataError):
    """The channel already has an active (lobby or playing) game."""

    def __init__(self, channel_id: int, game_id: int) -> None:
        self.channel_id = channel_id
        self.game_id = game_id
        super().__init__("There is already a game in this channel. Finish or cancel it first.")


class StaleState(DataError):
    """The game changed since the caller loaded it (optimistic version check failed).

    Nothing was written. The caller should reload the game and try again, or tell the player
    that someone else acted first.
    """

    def __init__(self, game_id: int, expected_version: int, actual_version: int) -> None:
        self.game_id = game_id
        self.expected_version = expected_version
        self.actual_version = actual_version
        super().__init__("The game moved on before your action was saved. Please try again.")


class GameClosed(DataError):
    """The game is finished, cancelled or abandoned: its state can no longer change."""

    def __init__(self, game_id: int, status: str) -> None:
        self.game_id = game_id
        self.status = status
        super().__init__(f"This game is already {status}.")
