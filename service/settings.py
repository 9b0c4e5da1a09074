"""The servers' settings, behind the service's door: the language of a server's public messages,
and the role whose members may organise its tournaments (beside Manage Server).

A server's public messages (the board, the channel's lines, the timers' messages) are written in
the language an admin chose with ``/rami language`` when there is one, else in the locale the
server reports to Discord (many servers that are not "community" servers report ``en-US``).
Replies to one person follow that person's own locale, whatever the server chose.

The choices change rarely and are read at every interaction: they are loaded once
(:meth:`ServerSettings.load`) and kept in memory; a change is written, then cached.
"""

from __future__ import annotations

from data import Store
from service.catalog import LANGUAGES, language

AUTO = "auto"  # no choice: the server's reported locale


class ServerSettings:
    """Each server's chosen language, cached in memory in front of the store's ``guilds``."""

    def __init__(self, db: Store) -> None:
        self._store = db.guilds
        self._languages: dict[int, str] = {}
        self._organisers: dict[int, int] = {}

    async def load(self) -> None:
        """Read every server's choice (once, when the bot starts)."""
        self._languages = {g: lang for g, lang in (await self._store.languages()).items() if lang in LANGUAGES}
        self._organisers = await self._store.organiser_roles()

    def language(self, guild_id: int) -> str | None:
        """The language the server's admins chose, or None (the server's reported locale)."""
        return self._languages.get(guild_id)

    async def set_language(self, guild_id: int, choice: str) -> str | None:
        """Store a server's choice: a catalog language (``"fr"``, ``"en"``) or :data:`AUTO`; returns
        the language now chosen (None for auto). Anything else is a :class:`ValueError`."""
        if choice != AUTO and choice not in LANGUAGES:
            raise ValueError(f"not a language: {choice!r}")
        chosen = None if choice == AUTO else choice
        await self._store.set_language(guild_id, chosen)
        if chosen is None:
            self._languages.pop(guild_id, None)
        else:
            self._languages[guild_id] = chosen
        return chosen

    def public_language(self, guild_id: int | None, reported: object) -> str:
        """The language of a server's public messages: its admins' choice, else the catalog's
        language for the locale the server reports (``reported``: a Discord locale, or None)."""
        chosen = self._languages.get(guild_id) if guild_id is not None else None
        return chosen if chosen is not None else language(reported)

    def organiser_role(self, guild_id: int | None) -> int | None:
        """The role whose members may organise the server's tournaments, or None (Manage Server alone)."""
        return self._organisers.get(guild_id) if guild_id is not None else None

    async def set_organiser_role(self, guild_id: int, role_id: int | None) -> None:
        """Name the organisers' role (None: none, Manage Server alone); stored, then cached."""
        await self._store.set_organiser_role(guild_id, role_id)
        if role_id is None:
            self._organisers.pop(guild_id, None)
        else:
            self._organisers[guild_id] = role_id
