"""Schema migrations: a database any earlier release left behind opens in this one, data intact.

Each older database is built with ``open_database(upto=k)``, filled with what that schema can
hold, and reopened; the data is then read back through the store functions the game master
uses, so a migration that renames, drops or mistypes a column fails here, not on a player's
server. Every test runs on SQLite and on PostgreSQL (one set of migrations, store.dialect), but
those of what only a SQLite file has (WAL, its thread).
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import aiosqlite
import asyncpg
import pytest

import store.db
from store import games, outbox, phase_posts, secrets, set_aside
from store.db import Database, is_postgres, open_database
from store.dialect import INTEGRITY_ERRORS
from store.games import Deadline, LoggedEvent, Seat
from store.migrations import MIGRATIONS
from tests.backends import BOTH, ON_POSTGRES

CURRENT = len(MIGRATIONS)
TABLES = {
    "games",
    "seats",
    "events",
    "deadlines",
    "guild_settings",
    "requests",
    "mailbox",
    "phase_posts",
    "outbox",
    "set_aside",
    "secrets",
}
NOW = datetime(2024, 5, 6, 7, 8, 9, 123456, tzinfo=UTC)
CHANNEL = 100
SETUP = {"ruleset": "classic", "scenario": "learning", "players": 2}
STATE = '{"game_turn": 3}'
SEAT = Seat(11, "alice", 1, "red")
SEEDED = Seat(12, "bob", 2, None, "bob's own seed")
REACTING = Seat(13, "carol", 3, None, None, "actions")
"""A Warp Arena seat with a standing answer to reaction windows (migration 11)."""
SECRET = bytes(range(32))
EVENTS = (("GameCreated", '{"seq": 1}'), ("TurnBegan", '{"seq": 2}'))
REPLY = '{"ok": true, "text": "Done."}'
ANNOUNCEMENT = '{"to": {"ToChannel": {}}, "text": "alice built W1 at Ur."}'


def phase_post(game_id: int) -> phase_posts.PhasePost:
    """A phase's post in the channel (migration 6), closed once news came after it."""
    text = "bob's move phase."
    return phase_posts.PhasePost(game_id, 3, "move", CHANNEL, 2**62 + game_id, text, None, open=False)


def deadline(game_id: int) -> Deadline:
    return Deadline(game_id, "phase:1:build", "phase", NOW + timedelta(hours=48), {"star": "Ur"})


async def waiting_of(db: Database, game_id: int) -> list[tuple[int, int | None, str]]:
    """The game's announcements not delivered yet (issue 11's outbox), without their ids."""
    return [(w.game_id, w.channel_id, w.body) for w in await outbox.waiting(db, game_id)]


async def paused_at_of(db: Database, game_id: int) -> datetime | None:
    row = await games.game_by_id(db, game_id)
    assert row is not None
    return row.paused_at


async def lost_answer(db: Database, game_id: int) -> None:
    """A request whose answer the front end reported lost (migration 9)."""
    await games.remember(db, f"lost-{game_id}", game_id, REPLY, NOW, fingerprint=f"alice builds {game_id}")
    await games.mark_unanswered(db, f"lost-{game_id}", NOW)


async def lost_answer_of(db: Database, game_id: int) -> tuple[str, str] | None:
    return await games.unanswered(db, f"alice builds {game_id}", NOW - timedelta(minutes=1))


async def first_events(db: Database, game_id: int) -> list[LoggedEvent]:
    """The events an older release wrote (a later sample adds one after them)."""
    return [e for e in await games.events(db, game_id) if e.seq <= len(EVENTS)]


@dataclass(frozen=True)
class Sample:
    """One kind of data a file may hold: written when its schema has ``needs``, read back after
    migrating. Everything is keyed by the game, so a second game in the same file never collides."""

    needs: str
    """A table, or ``table.column`` for a column a later migration added to an older table."""
    write: Callable[[Database, int], Awaitable[object]]
    read: Callable[[Database, int], Awaitable[object]]
    expected: Callable[[int], object]


async def old_seat(db: Database, game_id: int) -> None:
    """A seat as every release before migration 10 wrote it (no seed column)."""
    await db.execute(
        "INSERT INTO seats (game_id, user_id, name, joined, alliance) VALUES (?, ?, ?, ?, ?)",
        (game_id, SEAT.user_id, SEAT.name, SEAT.joined, SEAT.alliance),
    )


async def first_seat(db: Database, game_id: int) -> list[Seat]:
    return [s for s in await games.seats(db, game_id) if s.user_id == SEAT.user_id]


async def seeded_seat(db: Database, game_id: int) -> list[Seat]:
    return [s for s in await games.seats(db, game_id) if s.user_id == SEEDED.user_id]


async def reacting_seat(db: Database, game_id: int) -> list[Seat]:
    return [s for s in await games.seats(db, game_id) if s.user_id == REACTING.user_id]


SAMPLES = (
    Sample("seats", old_seat, first_seat, lambda g: [SEAT]),
    Sample("seats.seed", lambda db, g: games.add_seat(db, g, SEEDED), seeded_seat, lambda g: [SEEDED]),
    Sample("secrets", lambda db, g: secrets.put(db, g, SECRET), secrets.secret_of, lambda g: SECRET),
    Sample(
        "seats.reactions", lambda db, g: games.add_seat(db, g, REACTING), reacting_seat, lambda g: [REACTING]
    ),
    Sample(
        "events",
        lambda db, g: db.execute_many(
            "INSERT INTO events (game_id, seq, kind, body, actor_id, at) VALUES (?, ?, ?, ?, ?, ?)",
            [
                (g, seq, kind, body, SEAT.user_id, games.stamp(NOW))
                for seq, (kind, body) in enumerate(EVENTS, 1)
            ],
        ),
        first_events,
        lambda g: [
            LoggedEvent(seq, kind, body, SEAT.user_id, NOW) for seq, (kind, body) in enumerate(EVENTS, 1)
        ],
    ),
    Sample(
        "events.batch",
        lambda db, g: games.append_events(db, g, len(EVENTS) + 1, EVENTS[:1], SEAT.user_id, NOW),
        lambda db, g: games.events(db, g, after=len(EVENTS)),
        lambda g: [LoggedEvent(len(EVENTS) + 1, EVENTS[0][0], EVENTS[0][1], SEAT.user_id, NOW, len(EVENTS))],
    ),
    Sample("games.paused_at", lambda db, g: games.set_paused(db, g, NOW), paused_at_of, lambda g: NOW),
    Sample(
        "deadlines",
        lambda db, g: games.replace_deadlines(db, g, [deadline(g)]),
        games.deadlines_of,
        lambda g: [deadline(g)],
    ),
    Sample(
        "guild_settings",
        lambda db, g: games.set_guild_setting(db, g, "phase_hours", 12.5),
        games.guild_settings,
        lambda g: {"phase_hours": 12.5},
    ),
    Sample(
        "requests",
        lambda db, g: db.execute(  # as releases before migration 9 wrote it
            "INSERT INTO requests (request_id, game_id, reply, at) VALUES (?, ?, ?, ?)",
            (f"request-{g}", g, REPLY, games.stamp(NOW)),
        ),
        lambda db, g: games.reply_to(db, f"request-{g}"),
        lambda g: REPLY,
    ),
    Sample(
        "requests.fingerprint",
        lambda db, g: lost_answer(db, g),
        lost_answer_of,
        lambda g: (f"lost-{g}", REPLY),
    ),
    Sample(
        "phase_posts",
        lambda db, g: phase_posts.keep(db, phase_post(g)),
        lambda db, g: phase_posts.find(db, g, 3, "move"),
        phase_post,
    ),
    Sample(
        "outbox",
        lambda db, g: outbox.put(db, g, CHANNEL, [ANNOUNCEMENT], NOW),
        waiting_of,
        lambda g: [(g, CHANNEL, ANNOUNCEMENT)],
    ),
    Sample(
        "set_aside",
        lambda db, g: set_aside.put(db, g, "its saved state could not be read", "ValueError: x", NOW),
        set_aside.of,
        lambda g: set_aside.SetAside(g, "its saved state could not be read", "ValueError: x", NOW),
    ),
)


@dataclass(frozen=True)
class Written:
    """What :func:`write_all` put in a file: one game and the samples its schema could hold."""

    game_id: int
    channel_id: int
    samples: tuple[Sample, ...]


async def tables(db: Database) -> set[str]:
    if db.shared:
        rows = await db.fetch_all(
            "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'"
        )
    else:
        rows = await db.fetch_all("SELECT name FROM sqlite_master WHERE type = 'table'")
    return {r["name"] for r in rows}


async def columns(db: Database, table: str) -> set[str]:
    if db.shared:
        rows = await db.fetch_all(
            "SELECT column_name AS name FROM information_schema.columns WHERE table_name = ?", (table,)
        )
    else:
        rows = await db.fetch_all(f"PRAGMA table_info({table})")
    return {r["name"] for r in rows}


async def has(db: Database, needs: str) -> bool:
    table, _, column = needs.partition(".")
    if table not in await tables(db):
        return False
    return not column or column in await columns(db, table)


async def new_game(db: Database, channel_id: int) -> int:
    """A game in the lobby of ``channel_id`` (inside the caller's transaction)."""
    return await games.create_game(
        db,
        guild_id=1,
        channel_id=channel_id,
        kind="warpwar",
        title=f"Game in {channel_id}",
        creator_id=SEAT.user_id,
        setup=SETUP,
        now=NOW,
    )


async def write_all(db: Database, channel_id: int) -> Written:
    """A running game in ``channel_id`` and every sample the file's schema can hold, in one transaction."""
    usable = tuple([s for s in SAMPLES if await has(db, s.needs)])
    async with db.transaction():
        game_id = await new_game(db, channel_id)
        await games.update_game(db, game_id, NOW, status="running", state=STATE, version=len(EVENTS))
        for sample in usable:
            await sample.write(db, game_id)
    return Written(game_id, channel_id, usable)


async def check_all(db: Database, written: Written) -> None:
    """Everything :func:`write_all` wrote reads back the same through the store's functions."""
    row = await games.game_by_id(db, written.game_id)
    assert row is not None
    assert (row.channel_id, row.title, row.creator_id, row.status) == (
        written.channel_id,
        f"Game in {written.channel_id}",
        SEAT.user_id,
        "running",
    )
    assert (row.setup, row.state, row.version, row.created_at) == (SETUP, STATE, len(EVENTS), NOW)
    assert await games.live_game_in(db, written.channel_id) == row
    for sample in written.samples:
        assert await sample.read(db, written.game_id) == sample.expected(written.game_id), sample.needs


async def dump(db: Database) -> list[tuple[object, ...]]:
    """The whole database: its schema and every row of every table."""
    if db.shared:
        schema = (
            "SELECT table_name, column_name, data_type, column_default FROM information_schema.columns"
            " WHERE table_schema = 'public' UNION ALL SELECT tablename, indexname, indexdef, NULL"
            " FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1, 2"
        )
    else:
        schema = "SELECT type, name, sql FROM sqlite_master ORDER BY name"
    found = [tuple(r) for r in await db.fetch_all(schema)]
    for table in sorted(await tables(db)):
        order = ", ".join(str(n) for n in range(1, len(await columns(db, table)) + 1))
        found.extend(tuple(r) for r in await db.fetch_all(f"SELECT * FROM {table} ORDER BY {order}"))
    return found


def spent(count: int) -> list[str]:
    """Stand-ins for migrations a file already has: each fails if run, so a runner that applies
    one twice is caught."""
    return ["SELECT * FROM migration_already_applied"] * count


@BOTH
async def test_a_new_database_gets_the_whole_schema(database_at: Path | str) -> None:
    """A server's first start: every migration runs."""
    db = await open_database(database_at)
    try:
        assert await db.schema_version() == CURRENT
        assert await tables(db) >= TABLES
    finally:
        await db.close()


async def test_a_new_file_gets_its_folder_and_wal(tmp_path: Path) -> None:
    """On SQLite the file and its folder are made, and WAL is on."""
    db = await open_database(tmp_path / "new" / "games.sqlite3")
    try:
        assert await db.schema_version() == CURRENT
        mode = await db.fetch_one("PRAGMA journal_mode")
        assert mode is not None and mode[0] == "wal"
    finally:
        await db.close()


@BOTH
@pytest.mark.parametrize("version", range(1, CURRENT))
async def test_an_older_database_is_brought_up_to_date(
    database_at: Path | str, version: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A database from the release with schema ``version``: only the later migrations run, what it
    held reads back unchanged, and it takes today's writes."""
    path = database_at
    old = await open_database(path, upto=version)
    assert await old.schema_version() == version
    written = await write_all(old, CHANNEL)
    await old.close()
    monkeypatch.setattr(store.db, "MIGRATIONS", [*spent(version), *MIGRATIONS[version:]])
    db = await open_database(path)
    try:
        assert await db.schema_version() == CURRENT
        assert await tables(db) >= TABLES
        await check_all(db, written)
        await check_all(db, await write_all(db, CHANNEL + 1))
    finally:
        await db.close()


@pytest.fixture
async def connections(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[list[aiosqlite.Connection]]:
    """Every connection opened during the test, closed at its end whatever the code under test
    did with them, so a refused open leaves no worker thread behind for the next test."""
    made: list[aiosqlite.Connection] = []
    real = aiosqlite.connect

    def connect(database: str | Path, **kwargs: Any) -> aiosqlite.Connection:
        made.append(real(database, **kwargs))
        return made[-1]

    monkeypatch.setattr(aiosqlite, "connect", connect)
    yield made
    for connection in made:
        await connection.close()


async def newer_file(path: Path | str) -> None:
    """A database a newer release wrote: its schema version is one past the last migration known here."""
    db = await open_database(path)
    async with db.transaction():
        await db.set_schema_version(CURRENT + 1)
    await db.close()


async def version_stored(path: Path | str) -> int:
    """The schema version of the database, read without this program's migrations."""
    if is_postgres(path):
        connection = await asyncpg.connect(str(path))
        try:
            return int(await connection.fetchval("SELECT version FROM schema_version"))
        finally:
            await connection.close()
    with closing(sqlite3.connect(path)) as raw:
        return int(raw.execute("PRAGMA user_version").fetchone()[0])


@BOTH
async def test_a_database_from_a_newer_release_is_refused(database_at: Path | str) -> None:
    """Running an old release on a newer database must stop, saying why, before it misreads or
    damages it."""
    await newer_file(database_at)
    with pytest.raises(
        RuntimeError, match=rf"version {CURRENT + 1}, newer than this program knows \({CURRENT}\)"
    ):
        await open_database(database_at)
    assert await version_stored(database_at) == CURRENT + 1


@ON_POSTGRES
async def test_a_refused_postgres_database_keeps_no_connection(database_at: str) -> None:
    """The bot stops on a newer database: the pool's connections are closed with it."""
    await newer_file(database_at)
    with pytest.raises(RuntimeError):
        await open_database(database_at)
    connection = await asyncpg.connect(database_at)
    try:
        name = database_at.split("?")[0].rsplit("/", 1)[1]
        others = "SELECT count(*) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()"
        assert await connection.fetchval(others, name) == 0
    finally:
        await connection.close()


async def test_a_refused_file_is_left_closed(tmp_path: Path, connections: list[aiosqlite.Connection]) -> None:
    """The bot stops on a newer file; a connection left open keeps a thread alive and the file busy."""
    path = tmp_path / "future.sqlite3"
    await newer_file(path)
    with pytest.raises(RuntimeError):
        await open_database(path)
    with pytest.raises(ValueError, match=r"closed|no active connection"):
        await connections[-1].execute("SELECT 1")


class CommandFailedError(Exception):
    """A failure in the middle of a command."""


async def fail_with_an_exception(db: Database, game_id: int) -> None:
    raise CommandFailedError


async def fail_with_a_constraint(db: Database, game_id: int) -> None:
    await games.add_seat(db, game_id, SEAT)  # the seat is already taken: IntegrityError


@BOTH
@pytest.mark.parametrize(
    ("failure", "error"),
    [(fail_with_an_exception, CommandFailedError), (fail_with_a_constraint, INTEGRITY_ERRORS)],
    ids=["an exception", "a broken constraint"],
)
async def test_a_failed_transaction_writes_nothing(
    database_at: Path | str,
    failure: Callable[[Database, int], Awaitable[None]],
    error: type[Exception] | tuple[type[Exception], ...],
) -> None:
    """A command that fails half-way leaves no trace, and the next one still commits."""
    db = await open_database(database_at)
    try:
        empty = await dump(db)
        with pytest.raises(error):
            async with db.transaction():
                game_id = await new_game(db, CHANNEL)
                await games.add_seat(db, game_id, SEAT)
                await games.set_guild_setting(db, 1, "players", 3)
                await failure(db, game_id)
        assert await dump(db) == empty
        await check_all(db, await write_all(db, CHANNEL))
    finally:
        await db.close()


@BOTH
async def test_reopening_an_up_to_date_database_applies_nothing(
    database_at: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every restart opens the database again: no migration runs twice and nothing changes."""
    path = database_at
    db = await open_database(path)
    written = await write_all(db, CHANNEL)
    before = await dump(db)
    await db.close()
    monkeypatch.setattr(store.db, "MIGRATIONS", spent(CURRENT))
    again = await open_database(path)
    try:
        assert await again.schema_version() == CURRENT
        assert await dump(again) == before
        await check_all(again, written)
    finally:
        await again.close()
