"""Issue 15, capacity and latency: commands are committed by the file's writer process
(store.writer), the commands waiting at once together (one sync of the disk), each still all or
nothing on its own; what a command raised there is raised here, as itself; a writer that dies
fails only what it had not answered, and the next write starts another; the log is checkpointed
there; rows are added with one INSERT per hundred; a game's id is given before its one write.

Nothing here times anything (the budgets are in ``make bench``): the tests count commits in the
log, rows and checkpoints, and check what is on disk.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import struct
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import cast

import pytest

import store.sqlite
from store import checkpoint
from store.db import (
    ROWS_PER_INSERT,
    Conn,
    Database,
    DatabaseFileError,
    Step,
    insert_rows,
    open_database,
    run_statement,
)
from store.games import Stale, game_advanced
from store.sqlite import SqliteDatabase
from store.writer import Writer, WriterStoppedError
from tests.backends import BOTH, ON_SQLITE


@pytest.fixture
async def db(database_at: Path | str) -> AsyncIterator[Database]:
    database = await open_database(database_at)
    await database.execute("CREATE TABLE said (n INTEGER NOT NULL UNIQUE)")
    yield database
    await database.close()


def said(n: int | None) -> Step:
    """A step that adds ``n`` (None breaks the table's rule: the step fails)."""
    return partial(run_statement, "INSERT INTO said (n) VALUES (?)", (n,))


async def numbers(db: Database) -> list[int]:
    return [int(r[0]) for r in await db.fetch_all("SELECT n FROM said ORDER BY n")]


async def at_once(db: Database, *writes: Step | list[Step]) -> list[object]:
    """The writes sent in one turn of the event loop; what each returned or raised."""
    sent = [db.write(w if isinstance(w, list) else [w]) for w in writes]
    return list(await asyncio.gather(*sent, return_exceptions=True))


def commits_in_log(path: Path) -> int:
    """Commits written to the file's WAL since it last started over: frames whose header gives
    the database's size (only a commit's last frame does), with the log's current salt."""
    data = (path.parent / (path.name + "-wal")).read_bytes()
    page_size, salt = struct.unpack(">I", data[8:12])[0], data[16:24]
    commits, offset = 0, 32
    while offset + 24 + page_size <= len(data):
        size_after, frame_salt = (
            struct.unpack(">I", data[offset + 4 : offset + 8])[0],
            data[offset + 8 : offset + 16],
        )
        if frame_salt != salt:
            break
        commits += size_after != 0
        offset += 24 + page_size
    return commits


async def waiting_at_once(db: Database, *writes: Step | list[Step]) -> list[object]:
    """The writes sent while the writer process is stopped, so that they all wait in its pipe
    at once; what each returned or raised."""
    assert isinstance(db, SqliteDatabase) and db._writer is not None
    await db.write([said(100)])  # the writer process is started
    pid = db._writer._pid
    assert pid is not None
    os.kill(pid, signal.SIGSTOP)
    try:
        sent = asyncio.gather(
            *(db.write(w if isinstance(w, list) else [w]) for w in writes), return_exceptions=True
        )
        for _ in range(100):
            if len(db._writer._waiting) == len(writes) or sent.done():
                break
            await asyncio.sleep(0)
    finally:
        os.kill(pid, signal.SIGCONT)
    return list(await sent)


@ON_SQLITE
async def test_writes_waiting_at_once_are_one_commit(db: Database) -> None:
    """Twenty commands waiting at once go in one transaction: one commit in the log (one sync of
    the disk), not twenty; a command sent when none waits goes at once, alone."""
    await db.write([said(101)])
    path = Path(db.path)
    before = commits_in_log(path)
    assert await waiting_at_once(db, *(said(n) for n in range(20))) == [None] * 20
    assert await numbers(db) == [*range(20), 100, 101] and commits_in_log(path) == before + 2
    await db.write([said(20)])
    assert commits_in_log(path) == before + 3


@ON_SQLITE
async def test_a_command_that_fails_in_a_group_fails_alone(db: Database) -> None:
    """The group is rolled back and its commands written again one by one: the failing ones
    raise, the others are on disk, and a failing one wrote nothing (not its first step)."""
    outcomes = await waiting_at_once(
        db,
        said(1),
        said(2),
        [said(3), said(None)],
        [said(4), said(5)],
        said(2),  # the table's own rule refuses it: 2 is there already
    )
    assert outcomes[:2] == [None, None] and outcomes[3] is None
    assert isinstance(outcomes[2], sqlite3.IntegrityError) and "NOT NULL" in str(outcomes[2])
    assert isinstance(outcomes[4], sqlite3.IntegrityError) and "UNIQUE" in str(outcomes[4])
    assert await numbers(db) == [1, 2, 4, 5, 100]


@ON_SQLITE
async def test_what_a_step_raised_in_the_writer_is_raised_here_as_itself(db: Database) -> None:
    """A stale game comes back as :class:`Stale` with its game (the game master reads it again);
    a step that cannot go to the writer (a closure) fails alone, saying so."""
    now = datetime(2026, 11, 27, tzinfo=UTC)
    stale = game_advanced(404, 1, now, status="running", setup={}, state="{}", to=2)

    async def closure(connection: Conn) -> None:
        await connection.execute("INSERT INTO said (n) VALUES (7)")

    outcomes = await at_once(db, stale, closure, said(8))
    assert isinstance(outcomes[0], Stale) and outcomes[0].game_id == 404
    assert isinstance(outcomes[1], TypeError) and "cannot go to the writer process" in str(outcomes[1])
    assert outcomes[2] is None and await numbers(db) == [8]
    assert isinstance(db, SqliteDatabase) and db._writer is not None and not db._writer._waiting


@ON_SQLITE
async def test_a_writer_that_dies_fails_what_it_had_not_answered_and_another_starts(db: Database) -> None:
    """What was acknowledged stays; a command sent as the writer dies fails with
    :class:`WriterStoppedError` (a database fault, which the game master reports as one); the
    next write starts a new writer."""
    assert isinstance(db, SqliteDatabase) and db._writer is not None
    await db.write([said(1)])
    db._writer.kill()
    with pytest.raises(WriterStoppedError, match="stopped"):
        await db.write([said(2)])
    await db.write([said(3)])
    assert await numbers(db) == [1, 3]


async def test_a_write_after_close_is_refused_and_those_queued_before_are_written(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    db = await open_database(path)
    await db.execute("CREATE TABLE said (n INTEGER NOT NULL UNIQUE)")
    writes = [asyncio.ensure_future(db.write([said(n)])) for n in range(5)]
    await asyncio.sleep(0)  # sent
    await db.close()
    assert all(w.done() and w.exception() is None for w in writes)
    with pytest.raises(ValueError, match="closed"):
        await db.write([said(9)])
    again = await open_database(path)
    try:
        assert await numbers(again) == list(range(5))
    finally:
        await again.close()


async def test_the_log_is_copied_into_the_file_by_the_writers_checkpoint_thread(tmp_path: Path) -> None:
    """After more commands than a checkpoint waits for, the database file itself (read as it is
    on disk, without its log) holds them; the writing connection did not copy them (its own
    threshold is far off)."""
    path = tmp_path / "games.sqlite3"
    db = await open_database(path)
    try:
        await db.execute("CREATE TABLE said (n INTEGER NOT NULL UNIQUE)")
        for n in range(checkpoint.CHECKPOINT_WRITES + 1):
            await db.write([said(n)])
        wal_pages = await db.fetch_one("PRAGMA wal_autocheckpoint")
        assert wal_pages is not None and wal_pages[0] == checkpoint.WRITER_CHECKPOINT_PAGES
        count = 0
        for _ in range(200):  # the thread runs on its own: give it time, without timing it
            with sqlite3.connect(f"file:{path}?immutable=1", uri=True) as on_disk:
                count = on_disk.execute("SELECT count(*) FROM said").fetchone()[0]
            if count >= checkpoint.CHECKPOINT_WRITES:
                break
            await asyncio.sleep(0.01)
        assert count >= checkpoint.CHECKPOINT_WRITES
    finally:
        await db.close()


@BOTH
async def test_rows_are_added_a_hundred_to_an_insert(db: Database) -> None:
    rows = [(n,) for n in range(ROWS_PER_INSERT * 2 + 5)]
    statements: list[str] = []

    async def step(connection: Conn) -> None:
        await insert_rows(cast(Conn, _Logging(connection, statements)), "said", ("n",), rows)

    async with db.transaction():
        await db.run(step)
    assert await numbers(db) == [n for (n,) in rows]
    assert len(statements) == 3


@BOTH
async def test_game_ids_are_new_even_for_games_made_at_once(db: Database) -> None:
    ids = await asyncio.gather(*(db.new_game_id() for _ in range(5)))
    assert len(set(ids)) == 5 and min(ids) >= 1


class _Logging:
    """A step's connection, keeping the statements run on it."""

    def __init__(self, connection: Conn, statements: list[str]) -> None:
        self._connection = connection
        self._statements = statements

    async def execute(self, sql: str, params: object = ()) -> int:
        self._statements.append(sql)
        return await self._connection.execute(sql, params)  # type: ignore[arg-type]


async def test_a_writer_that_cannot_start_stops_the_open_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A writer process that ends as it starts (here, a setting its connection refuses) is a
    fault of the database at start-up, in one line, with the file let go, never a hang or a
    failure at a player's first command."""
    path = tmp_path / "games.sqlite3"
    monkeypatch.setattr(store.sqlite, "Writer", lambda name, pragmas: Writer(name, ("no such = setting",)))
    with pytest.raises(DatabaseFileError, match=r"writer process .* ended as it started"):
        await open_database(path)
    monkeypatch.undo()
    db = await open_database(path)  # the file was let go
    await db.close()


@ON_SQLITE
async def test_the_writer_ignores_a_ctrl_c_meant_for_the_bot(db: Database) -> None:
    """A Ctrl-C (SIGINT) or systemd's stop (SIGTERM) reaches the writer too: it goes on, so the
    bot can shut down in its own way and still write."""
    assert isinstance(db, SqliteDatabase) and db._writer is not None and db._writer._pid is not None
    await db.write([said(1)])
    pid = db._writer._pid
    os.kill(pid, signal.SIGINT)
    os.kill(pid, signal.SIGTERM)
    await db.write([said(2)])
    assert await numbers(db) == [1, 2] and db._writer._pid == pid, "the same writer, not a new one"
