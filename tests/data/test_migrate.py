# ruff: noqa: E402
"""``python -m data migrate-to-postgres``: an SQLite database copied whole into PostgreSQL."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.stores import skip_module_without_postgres

skip_module_without_postgres()  # before asyncpg is imported

from data import ActionWrite, BoardQuery, Database, PlayerResult, SeasonMode, Store, TableLink, TournamentPlace
from data.migrate import TABLES, MigrationRefused, copy_to_postgres
from data.postgres import PostgresStore

from .conftest import GUILD, OTHER_GUILD, state

ROOT = Path(__file__).resolve().parents[2]
ALICE, BOB = 11, 22


def result(user: int, rank: int, bot: bool = False) -> PlayerResult:
    return PlayerResult(user, f"p{user}", bot, "normal" if bot else None, seat=rank - 1, rank=rank, won=rank == 1,
                        deals_won=rank, rummies=0, final_score=5 * rank, deals=rank + 2)  # fmt: skip


async def fill(db: Database) -> None:
    """A bit of everything: finished games with results, an active one mid-turn, a cancelled one,
    settings, preferences, bookkeeping, a server's defaults, seasons (one posted)."""
    await db.seasons.set_settings(GUILD, SeasonMode.MONTHLY, 555)
    for n, guild in enumerate((GUILD, GUILD, OTHER_GUILD)):
        game = await db.games.create_game(guild, 500 + n, ALICE, "classic", state())
        game = await db.games.save_action(ActionWrite(game.id, 0, state(1), "playing", ALICE, "start", {"n": n}))
        await db.games.finish_game(
            ActionWrite(game.id, 1, state(2), "finished", None, "end", {}),
            [result(ALICE, 1 + n % 2), result(-101, 2 - n % 2, True)],
        )
    cancelled = await db.games.create_game(GUILD, 600, BOB, "basic", state())
    await db.games.finish_game(ActionWrite(cancelled.id, 0, state(1), "cancelled", BOB, "cancel", {}))
    active = await db.games.create_game(GUILD, 700, BOB, "basic", '{"spaced": [1, 2]}')
    active = await db.games.set_message(active.id, 123456789012345678)
    await db.games.save_action(
        ActionWrite(active.id, 0, state(5), "playing", BOB, "start", {"é": "♥"}, turn_deadline=db.now())
    )
    await db.guilds.set_language(GUILD, "fr")
    await db.guilds.set_language(OTHER_GUILD, "en")
    await db.guilds.set_language(OTHER_GUILD, None)
    await db.guilds.set_organiser_role(GUILD, 424242424242424242)
    await db.preferences.set_pictures(ALICE, False)
    await db.preferences.set_pictures(BOB, True)
    await db.meta.set("commands_hash", "abc")
    await db.defaults.set_document(GUILD, '{"schema": 1, "preset": "rami51", "options": {"hints": false}}')
    (season,) = [row.season for row in await db.seasons.book(GUILD)]
    assert await db.seasons.claim(GUILD, season, "me", season.end, season.end)
    assert await db.seasons.posted(GUILD, season, "me", 555, 987654321098765432)
    tournament = await db.tournaments.create(GUILD, 555, ALICE, "sign_up", '{"schema": 1, "n": "é"}')
    await db.tournaments.save(tournament.id, 0, '{"schema": 1, "n": 2}', "playing")
    await db.tournaments.set_message(tournament.id, 876543210987654321)
    await db.tournaments.link(TableLink(tournament.id, 1, 1, 556, (ALICE, None, -1), active.id))
    assert await db.tournaments.claim_standings(tournament.id, 1)
    over = await db.tournaments.create(GUILD, 557, ALICE, "sign_up", '{"schema": 1}')
    await db.tournaments.save(over.id, 0, '{"schema": 1, "over": true}', "finished")
    when = db.now()
    places = [TournamentPlace(over.id, user, GUILD, "Nuit « é »", n, 2, when) for n, user in enumerate((BOB, ALICE), 1)]
    await db.tournaments.record_places(places)


async def everything(db: Store, games: list[int]) -> list[object]:
    """What the bot can read of a store, as values to compare."""
    seen: list[object] = [await db.games.list_active()]
    for game_id in games:
        seen += [await db.games.get(game_id), await db.games.actions(game_id), await db.games.results(game_id)]
    for guild in (GUILD, OTHER_GUILD):
        seen += [await db.leaderboard.leaderboard(guild, p, include_bots=True) for p in ("classic", None)]
        seen += [await db.leaderboard.stats(guild, user) for user in (ALICE, -101)]
        seen += [await db.history.played(guild, user, 10) for user in (ALICE, -101)]  # deals, finish order
        seen += [await db.history.figures(guild, user) for user in (ALICE, -101)]
    seen += [await db.guilds.languages(), await db.guilds.organiser_roles()]
    seen += [await db.preferences.pictures(ALICE), await db.preferences.pictures(BOB)]
    seen += [await db.preferences.pictures(99), await db.meta.get("commands_hash")]
    seen += [await db.defaults.document(GUILD), await db.defaults.document(OTHER_GUILD)]
    for guild in (GUILD, OTHER_GUILD):
        book = await db.seasons.book(guild)
        seen += [await db.seasons.settings(guild), book]
        seen += [await db.seasons.board(BoardQuery(guild, season=row.season.key, bots=True)) for row in book]
    for row in await db.tournaments.list_open():
        seen += [row, await db.tournaments.tables(row.id), not await db.tournaments.claim_standings(row.id, 1)]
    seen += [await db.tournaments.places(GUILD, user) for user in (ALICE, BOB)]
    return seen


async def test_every_table_is_copied_and_reads_the_same(
    tmp_path: Path, new_postgres_database: Callable[..., str]
) -> None:
    path, url = tmp_path / "rami.sqlite3", new_postgres_database(migrated=False)
    async with await Database.open(path) as db:
        await fill(db)
        games = [g.id for g in [await db.games.latest(c) for c in (500, 501, 502, 600, 700)] if g is not None]
        before = await everything(db, games)
        counts = {table: len(await db.fetchall(f"SELECT * FROM {table}")) for table in TABLES}
    copied = await copy_to_postgres(path, url)
    assert copied == counts and all(counts.values())
    async with await PostgresStore.open(url) as pg:
        assert await everything(pg, games) == before
        new = await pg.games.create_game(GUILD, 800, ALICE, "classic", state())  # ids go on after the copy
        assert new.id == max(games) + 1
        (tournament,) = await pg.tournaments.list_open()
        later = await pg.tournaments.create(GUILD, 900, ALICE, "sign_up", "{}")
        assert later.id == tournament.id + 2  # the finished one after it
    with pytest.raises(MigrationRefused, match="not empty"):
        await copy_to_postgres(path, url)


async def test_a_missing_file_is_refused(tmp_path: Path, new_postgres_database: Callable[..., str]) -> None:
    with pytest.raises(MigrationRefused, match="not an SQLite file"):
        await copy_to_postgres(tmp_path / "nothing.sqlite3", new_postgres_database())
    assert not (tmp_path / "nothing.sqlite3").exists()


async def test_the_command(tmp_path: Path, new_postgres_database: Callable[..., str]) -> None:
    """The command prints the rows copied and exits 0; run again on the filled target, it refuses."""
    path, url = tmp_path / "rami.sqlite3", new_postgres_database()
    async with await Database.open(path) as db:
        await fill(db)
    command = [sys.executable, "-m", "data", "migrate-to-postgres", str(path), url]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    assert "games" in done.stdout and "done" in done.stdout
    again = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=False)
    assert again.returncode == 1 and "not empty" in again.stderr
    wrong = subprocess.run([*command[:-1], "sqlite:///x"], capture_output=True, text=True, cwd=ROOT, check=False)
    assert wrong.returncode == 2 and "not a PostgreSQL URL" in wrong.stderr


async def test_every_table_and_column_of_the_schema_is_copied(tmp_path: Path) -> None:
    """TABLES names every table of the migrated SQLite schema (its own book of migrations aside)
    with every column, so a table or column a new migration adds cannot be left behind."""
    async with await Database.open(tmp_path / "rami.sqlite3") as db:
        rows = await db.fetchall("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        schema: dict[str, set[str]] = {}
        for (name,) in rows:
            if name != "schema_version":
                schema[name] = {str(c[1]) for c in await db.fetchall(f"PRAGMA table_info({name})")}
    assert schema == {table: {c.strip() for c in columns.split(",")} for table, columns in TABLES.items()}
