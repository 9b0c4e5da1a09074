"""A person's own choices through the service: pictures unless they said no, kept across restarts."""

from __future__ import annotations

from data import Database
from service.preferences import Preferences


async def test_pictures_unless_they_said_no(db: Database) -> None:
    """Someone who never chose sees pictures; their choice is what they read back."""
    prefs = Preferences(db)
    assert await prefs.pictures(1) is True
    await prefs.set_pictures(1, False)
    assert await prefs.pictures(1) is False and await prefs.pictures(2) is True


async def test_a_choice_is_stored_not_only_kept(db: Database) -> None:
    """Another service on the same database (a restart) reads the choice made through the first."""
    await Preferences(db).set_pictures(5, False)
    assert await Preferences(db).pictures(5) is False


async def test_forgetting_from_memory_changes_no_answer(db: Database) -> None:
    """Past its size the memory drops people, and reads them again from the database."""
    prefs = Preferences(db, size=1)
    await prefs.set_pictures(1, False)
    await prefs.set_pictures(2, True)
    assert await prefs.pictures(1) is False and await prefs.pictures(2) is True
    assert len(prefs) == 1
