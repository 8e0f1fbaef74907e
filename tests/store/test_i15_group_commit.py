"""Issue 15, capacity: the writes waiting at once are committed together (one sync of the disk),
each still all or nothing on its own; the log is checkpointed by a thread of its own; rows are
added with one INSERT per hundred; a game's id is given before its one write.

Nothing here times anything (the budgets are in ``make bench``): the tests count transactions,
rows and checkpoints, and check what is on disk.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import cast

import pytest

from store import checkpoint
from store.db import ROWS_PER_INSERT, Conn, Database, Step, insert_rows, open_database
from store.sqlite import SqliteDatabase
from tests.backends import BOTH, ON_SQLITE


@pytest.fixture
async def db(database_at: Path | str) -> AsyncIterator[Database]:
    database = await open_database(database_at)
    await database.execute("CREATE TABLE said (n INTEGER NOT NULL UNIQUE)")
    yield database
    await database.close()


def said(n: int) -> Step:
    async def step(connection: Conn) -> None:
        await connection.execute("INSERT INTO said (n) VALUES (?)", (n,))

    return step


class RefusedError(Exception):
    """A step of a command that fails (as a stale game or a repeated request does)."""


async def refused(connection: Conn) -> None:
    raise RefusedError


async def numbers(db: Database) -> list[int]:
    return [int(r[0]) for r in await db.fetch_all("SELECT n FROM said ORDER BY n")]


async def held(db: Database, *writes: Step | list[Step]) -> list[object]:
    """The writes sent while the database thread is busy (held by a call that waits for them to
    be queued), so that they all wait at once; what each returned or raised."""
    assert isinstance(db, SqliteDatabase)
    gate = threading.Event()
    execute = cast(Callable[..., Awaitable[object]], db._conn._execute)
    holding = asyncio.ensure_future(execute(gate.wait))
    sent = [asyncio.ensure_future(db.write(w if isinstance(w, list) else [w])) for w in writes]
    await asyncio.sleep(0)  # each is queued
    gate.set()
    await holding
    return list(await asyncio.gather(*sent, return_exceptions=True))


@ON_SQLITE
async def test_writes_waiting_at_once_are_one_transaction(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Twenty commands waiting at once go in one transaction: one BEGIN, not twenty; a command
    sent when none waits goes at once, alone."""
    begun: list[str] = []
    assert isinstance(db, SqliteDatabase)
    monkeypatch.setattr(db._conn, "_connection", _Counting(db._conn._conn, begun))
    assert await held(db, *(said(n) for n in range(20))) == [None] * 20
    assert await numbers(db) == list(range(20)) and len(begun) == 1
    await db.write([said(20)])
    assert len(begun) == 2


@ON_SQLITE
async def test_a_command_that_fails_in_a_group_fails_alone(db: Database) -> None:
    """The group is rolled back and its commands written again one by one: the failing ones
    raise, the others are on disk, and a failing one wrote nothing (not its first step)."""
    outcomes = await held(
        db,
        said(1),
        said(2),
        [said(3), refused],
        [said(4), said(5)],
        said(2),  # the table's own rule refuses it: 2 is there already
    )
    assert outcomes[:2] == [None, None] and outcomes[3] is None
    assert isinstance(outcomes[2], RefusedError) and isinstance(outcomes[4], sqlite3.IntegrityError)
    assert await numbers(db) == [1, 2, 4, 5]


async def test_a_write_after_close_is_refused_and_those_queued_before_are_written(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    db = await open_database(path)
    await db.execute("CREATE TABLE said (n INTEGER NOT NULL UNIQUE)")
    writes = [asyncio.ensure_future(db.write([said(n)])) for n in range(5)]
    await asyncio.sleep(0)  # queued
    await db.close()
    assert all(w.done() and w.exception() is None for w in writes)
    with pytest.raises(ValueError, match="closed"):
        await db.write([said(9)])
    again = await open_database(path)
    try:
        assert await numbers(again) == list(range(5))
    finally:
        await again.close()


async def test_the_log_is_copied_into_the_file_by_the_checkpoint_thread(tmp_path: Path) -> None:
    """After more commands than a checkpoint waits for, the database file itself (read as it is
    on disk, without its log) holds them; the writing connection did not copy them (its own
    threshold is far off)."""
    path = tmp_path / "games.sqlite3"
    db = await open_database(path)
    try:
        assert isinstance(db, SqliteDatabase) and db._checkpointer is not None
        await db.execute("CREATE TABLE said (n INTEGER NOT NULL UNIQUE)")
        for n in range(checkpoint.CHECKPOINT_WRITES + 1):
            await db.write([said(n)])
        for _ in range(200):  # the thread runs on its own: give it time, without timing it
            if db._checkpointer.checkpoints:
                break
            await asyncio.sleep(0.01)
        assert db._checkpointer.checkpoints == 1
        wal_pages = await db.fetch_one("PRAGMA wal_autocheckpoint")
        assert wal_pages is not None and wal_pages[0] == checkpoint.WRITER_CHECKPOINT_PAGES
        with sqlite3.connect(f"file:{path}?immutable=1", uri=True) as on_disk:
            count = on_disk.execute("SELECT count(*) FROM said").fetchone()[0]
        assert count >= checkpoint.CHECKPOINT_WRITES
    finally:
        await db.close()


@BOTH
async def test_rows_are_added_a_hundred_to_an_insert(db: Database) -> None:
    rows = [(n,) for n in range(ROWS_PER_INSERT * 2 + 5)]
    statements: list[str] = []

    async def step(connection: Conn) -> None:
        await insert_rows(cast(Conn, _Logging(connection, statements)), "said", ("n",), rows)

    await db.write([step])
    assert await numbers(db) == [n for (n,) in rows]
    assert len(statements) == 3


@BOTH
async def test_game_ids_are_new_even_for_games_made_at_once(db: Database) -> None:
    ids = await asyncio.gather(*(db.new_game_id() for _ in range(5)))
    assert len(set(ids)) == 5 and min(ids) >= 1


class _Counting:
    """SQLite's connection, counting the transactions begun on it."""

    def __init__(self, raw: sqlite3.Connection, begun: list[str]) -> None:
        self._raw = raw
        self._begun = begun

    def execute(self, sql: str, params: object = ()) -> sqlite3.Cursor:
        if sql.startswith("BEGIN"):
            self._begun.append(sql)
        return self._raw.execute(sql, params)  # type: ignore[arg-type]

    def __getattr__(self, name: str) -> object:
        return getattr(self._raw, name)


class _Logging:
    """A step's connection, keeping the statements run on it."""

    def __init__(self, connection: Conn, statements: list[str]) -> None:
        self._connection = connection
        self._statements = statements

    async def execute(self, sql: str, params: object = ()) -> int:
        self._statements.append(sql)
        return await self._connection.execute(sql, params)  # type: ignore[arg-type]
