"""The SQLite database of the game master: one file, WAL, versioned migrations.

aiosqlite runs every statement on its own thread, so the event loop never blocks on disk.
One connection serves the whole process. A command's transaction is one call on that thread
(:meth:`Database.write`: BEGIN, its steps, COMMIT), prepared beforehand, so it waits for the
database only as long as SQLite needs; :meth:`Database.transaction` is the older form, a
block of several calls that holds the write lock throughout (the rarer writes use it). Both
commit before they return, so a command is acknowledged only once it is on disk:
``synchronous=FULL`` syncs the WAL at every commit (NORMAL could lose the last acknowledged
commits on a power loss).

One process per file (store.lock), and a file the bot cannot use stops it at once with one
line saying why (:class:`DatabaseFileError`), never a hang or a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import shutil
import sqlite3
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar, cast

import aiosqlite

from store import lock
from store.lock import DatabaseFileError as DatabaseFileError
from store.migrations import MIGRATIONS

Row = aiosqlite.Row
T = TypeVar("T")
Step = Callable[[sqlite3.Connection], object]
"""One part of a transaction, run on the database thread with SQLite's own connection: the
store's modules make them (``store.games.events_added`` …) from values prepared beforehand."""

PRAGMAS = ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON", "busy_timeout=5000")
"""Set on every connection (the tests of a full disk add ``max_page_count``)."""
MIN_FREE = 1 << 20
"""Bytes the disk must have free at start-up: less, and the first commands would fail."""
SWITCH_INTERVAL = 0.001
"""Seconds the database thread waits at most for Python's interpreter lock while the event loop
runs (``sys.setswitchinterval``). SQLite lets go of the lock at every statement; with Python's
5 ms, a transaction of ten statements waited up to 50 ms on a busy event loop."""


class DiskFullError(DatabaseFileError):
    """A transaction found no space (SQLITE_FULL); it was rolled back, so nothing changed."""


class Database:
    """An open database file. Use :func:`open_database`; close with :meth:`close`."""

    def __init__(
        self, connection: aiosqlite.Connection, path: str, release: Callable[[], None] | None = None
    ) -> None:
        self._conn = connection
        self.path = path
        self._write = asyncio.Lock()
        """Held by a :meth:`transaction` from its BEGIN to its COMMIT (several calls)."""
        self._writing = 0
        """:meth:`write` calls sent to the database thread and not back yet."""
        self._written = asyncio.Event()
        self._written.set()
        self._release = release
        """Lets go of the process lock on the file (store.lock) when the database is closed."""

    async def run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work`` on the database thread, given SQLite's connection, in one call: reads that
        belong together (a game's row, seats and deadlines), or a step inside a
        :meth:`transaction`."""
        execute = cast(Callable[..., Awaitable[T]], self._conn._execute)
        return await execute(work, self._conn._conn)

    async def write(self, steps: Sequence[Step]) -> None:
        """One transaction in one call on the database thread: BEGIN IMMEDIATE, each step in
        order, COMMIT. The steps hold values prepared beforehand (JSON already encoded), so the
        database is busy only for as long as SQLite needs. A step that raises, or SQLite, rolls
        the whole transaction back and the error is raised here (a full disk as
        :class:`DiskFullError`).

        Writes queue on the database thread itself, which runs one call at a time, so several
        may be in flight at once; they wait only for a :meth:`transaction` that is open."""
        while self._write.locked():
            async with self._write:
                pass
        self._writing += 1
        self._written.clear()
        try:
            await self.run(functools.partial(_transact, steps))
        except sqlite3.Error as error:
            if _code(error) == sqlite3.SQLITE_FULL:
                raise fault(self.path, error) from error
            raise
        finally:
            self._writing -= 1
            if not self._writing:
                self._written.set()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Database]:
        """All writes inside happen together or not at all; committed when the block ends.

        A failed COMMIT rolls back too (SQLite may or may not have done so itself), so the next
        transaction starts clean; a full disk is raised as :class:`DiskFullError`."""
        async with self._write:
            await self._written.wait()  # the writes already sent go first
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self
                await self._conn.execute("COMMIT")
            except BaseException as error:
                if self._conn.in_transaction:
                    await self._conn.execute("ROLLBACK")
                if isinstance(error, sqlite3.Error) and _code(error) == sqlite3.SQLITE_FULL:
                    raise fault(self.path, error) from error
                raise

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; returns the last inserted row id."""
        cursor = await self._conn.execute(sql, params)
        row_id = cursor.lastrowid or 0
        await cursor.close()
        return row_id

    async def execute_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self._conn.executemany(sql, rows)

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        async with self._conn.execute(sql, params) as cursor:
            return list(await cursor.fetchall())

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        async with self._conn.execute(sql, params) as cursor:
            row: Row | None = await cursor.fetchone()
            return row

    async def schema_version(self) -> int:
        row = await self.fetch_one("PRAGMA user_version")
        assert row is not None
        return int(row[0])

    async def close(self) -> None:
        try:
            await self._conn.close()
        finally:
            if self._release is not None:
                self._release()


def _transact(steps: Sequence[Step], connection: sqlite3.Connection) -> None:
    """On the database thread: the steps as one transaction (:meth:`Database.write`)."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        for step in steps:
            step(connection)
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise


async def open_database(path: str | Path, *, upto: int | None = None) -> Database:
    """Open (creating if need be) the database at ``path`` and bring its schema up to date.

    The file is locked for this process (store.lock) and checked: a file this process cannot
    use raises :class:`DatabaseFileError` saying why, with the connection closed and the lock
    released (a connection left open keeps its thread, and the process, alive).
    ``upto`` stops at an earlier schema version: the migration tests use it to build the
    files older releases left behind. The process's thread switches are made quicker
    (:data:`SWITCH_INTERVAL`), so its database thread is never kept waiting long.
    """
    name = str(path)
    if sys.getswitchinterval() > SWITCH_INTERVAL:
        sys.setswitchinterval(SWITCH_INTERVAL)
    if name == ":memory:":
        return await _opened(name, upto, None)
    try:
        Path(name).parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        why = "a file is in its place" if isinstance(error, FileExistsError) else error.strerror
        raise DatabaseFileError(
            f"cannot make the folder of {name} ({why}): create it, or choose another path"
        ) from None
    if shutil.disk_usage(Path(name).parent).free < MIN_FREE:
        raise DiskFullError(f"the disk holding {name} is full: free some space, then start again")
    release = lock.take(name)
    try:
        return await _opened(name, upto, release)
    except BaseException:
        release()
        raise


async def _opened(name: str, upto: int | None, release: Callable[[], None] | None) -> Database:
    """Connect, migrate and check that the file can be written; a fault closes the connection."""
    try:
        connection = await aiosqlite.connect(name, isolation_level=None)
    except sqlite3.Error as error:
        raise fault(name, error) from None
    connection.row_factory = aiosqlite.Row
    db = Database(connection, name)
    try:
        for pragma in PRAGMAS:
            await connection.execute(f"PRAGMA {pragma}")
        await migrate(db, upto)
        await _can_write(db)
    except BaseException as error:
        with contextlib.suppress(Exception):  # the fault is ``error``; its thread must end anyway
            await db.close()
        if isinstance(error, sqlite3.Error):
            raise fault(name, error) from None
        raise
    db._release = release
    return db


async def _can_write(db: Database) -> None:
    """Make and drop a table, rolled back: a read-only file or a full disk shows at start-up,
    not at a player's first command (an up-to-date file needs no other write to open)."""
    with contextlib.suppress(_WriteCheckedError):
        async with db.transaction():
            await db.execute("CREATE TABLE write_check (x)")
            raise _WriteCheckedError


class _WriteCheckedError(Exception):
    """Rolls the write check back."""


def fault(name: str, error: sqlite3.Error) -> DatabaseFileError:
    """What is wrong with the file at ``name``, in words, from SQLite's error."""
    code = _code(error)
    if code == sqlite3.SQLITE_FULL:
        return DiskFullError(f"the disk holding {name} is full: free some space and try again")
    if code == sqlite3.SQLITE_READONLY:
        return DatabaseFileError(
            f"{name} is read-only: let this user write it and its folder, or run as the file's owner"
        )
    if code == sqlite3.SQLITE_NOTADB:
        return DatabaseFileError(
            f"{name} is not a SQLite database (its header is wrong): restore it from a backup, "
            "or move it aside to start with an empty one"
        )
    if code == sqlite3.SQLITE_CORRUPT:
        return DatabaseFileError(f"{name} is damaged ({error}): restore it from a backup")
    if code in (sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM, sqlite3.SQLITE_AUTH):
        return DatabaseFileError(
            f"cannot open {name} ({error}): check that this user may read and write it and its folder"
        )
    if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return DatabaseFileError(f"{name} is locked by another program: close it, then start again")
    if code == sqlite3.SQLITE_IOERR:
        return DatabaseFileError(f"cannot read or write {name} ({error}): check the disk")
    return DatabaseFileError(f"cannot use {name}: {error}")


def _code(error: BaseException) -> int | None:
    """SQLite's primary result code of an error (its extended code's low byte), if it has one."""
    code = getattr(error, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else None


async def migrate(db: Database, upto: int | None = None) -> int:
    """Apply the migrations the file has not had yet, each in its own transaction."""
    target = len(MIGRATIONS) if upto is None else upto
    current = await db.schema_version()
    if current > len(MIGRATIONS):
        raise DatabaseFileError(
            f"{db.path} has schema version {current}, newer than this program knows ({len(MIGRATIONS)}): "
            "run the newer release that wrote it, or restore a backup made with this one"
        )
    for version in range(current + 1, target + 1):
        async with db.transaction():
            for statement in _statements(MIGRATIONS[version - 1]):
                await db.execute(statement)
            await db.execute(f"PRAGMA user_version = {version}")
    return await db.schema_version()


def _statements(script: str) -> list[str]:
    """A migration script split into statements (they contain no semicolons in strings)."""
    return [s.strip() for s in script.split(";") if s.strip()]
