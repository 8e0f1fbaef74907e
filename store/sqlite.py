"""The SQLite backend: one file, WAL, versioned migrations, one process (the default).

Two connections serve the file. A command's transaction (:meth:`SqliteDatabase.write`: its
steps, prepared beforehand) goes to the file's writer process (store.writer), which commits the
commands waiting at once in one transaction, one sync of the disk for them all (a group
commit), and checkpoints the log (store.checkpoint). Everything else (reads, migrations, the
blocks of :meth:`SqliteDatabase.transaction` that the rarer writes use) runs on aiosqlite's
thread, so the event loop never blocks on disk. Both commit before they return, so a command is
acknowledged only once it is on disk: ``synchronous=FULL`` syncs the WAL at every commit
(NORMAL could lose the last acknowledged commits on a power loss). A block of
:meth:`SqliteDatabase.transaction` waits for the writes already sent, and writes wait for it,
so the two connections never wait for each other's lock.

One process per file (store.lock; the writer process is the bot's own): the process holds every
game, so a game's lock in the database and its revision are not needed
(:meth:`SqliteDatabase.locked` holds nothing, :meth:`SqliteDatabase.revision` is None). A file
the bot cannot use stops it at once with one line saying why
(:class:`~store.db.DatabaseFileError`), never a hang or a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import shutil
import sqlite3
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar, cast

import aiosqlite

from store import lock
from store.checkpoint import WRITER_CHECKPOINT_PAGES
from store.db import Conn, Database, DatabaseFileError, DiskFullError, Hold, Row, Step, migrate
from store.transact import OnConnection, drive, transact
from store.writer import Writer

T = TypeVar("T")

PRAGMAS = (
    "journal_mode=WAL",
    "synchronous=FULL",
    "foreign_keys=ON",
    "busy_timeout=5000",
    f"wal_autocheckpoint={WRITER_CHECKPOINT_PAGES}",
)
"""Set on every connection, the writer process's too (the tests of a full disk add
``max_page_count``); the log is copied into the file by a thread of the writer process
(store.checkpoint)."""
CONNECTION_SETTINGS = frozenset({"max_page_count", "busy_timeout", "cache_size"})
"""Settings of a connection that :meth:`SqliteDatabase.execute` also gives the writer process's."""
_SETTING = re.compile(r"\s*PRAGMA\s+(\w+)\s*=", re.IGNORECASE)
MIN_FREE = 1 << 20
"""Bytes the disk must have free at start-up: less, and the first commands would fail."""
SWITCH_INTERVAL = 0.001
"""Seconds aiosqlite's thread (the reads) waits at most for Python's interpreter lock while the
event loop runs (``sys.setswitchinterval``). SQLite lets go of the lock at every statement; with
Python's 5 ms, a read of ten statements waited up to 50 ms on a busy event loop."""


class SqliteDatabase(Database):
    """An open database file. Use :func:`~store.db.open_database`; close with :meth:`close`."""

    shared = False

    def __init__(
        self, connection: aiosqlite.Connection, path: str, release: Callable[[], None] | None = None
    ) -> None:
        self._conn = connection
        self.path = path
        self._write = asyncio.Lock()
        """Held by a :meth:`transaction` from its BEGIN to its COMMIT (several calls)."""
        self._writing = 0
        """:meth:`write` calls sent and not answered yet."""
        self._written = asyncio.Event()
        self._written.set()
        self._closing = False
        """:meth:`close` has begun: no more writes."""
        self._writer: Writer | None = None
        """Commits the commands (store.writer); None for a database in memory, which only this
        connection can see (it commits them itself)."""
        self._game_id = 0
        """The last id :meth:`new_game_id` gave."""
        self._release = release
        """Lets go of the process lock on the file (store.lock) when the database is closed."""

    async def _call(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work`` on aiosqlite's thread, given SQLite's connection, in one call."""
        execute = cast(Callable[..., Awaitable[T]], self._conn._execute)
        return await execute(work, self._conn._conn)

    async def run(self, work: Callable[[Conn], Awaitable[T]]) -> T:
        return await self._call(lambda raw: drive(cast(Coroutine[Any, Any, T], work(OnConnection(raw)))))

    async def write(self, steps: Sequence[Step]) -> None:
        """Writes wait only for a :meth:`transaction` that is open, then go to the writer process
        (store.writer): the command is on disk when this returns. Once the database is closing,
        a write is refused as aiosqlite refuses a call then."""
        while self._write.locked():
            async with self._write:
                pass
        if self._closing or not self._conn._running:
            raise ValueError("Connection closed")
        self._writing += 1
        self._written.clear()
        try:
            if self._writer is not None:
                await self._writer.send(steps)
            else:
                await self._call(lambda raw: transact(steps, raw))
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
        """A failed COMMIT rolls back too (SQLite may or may not have done so itself), so the next
        transaction starts clean."""
        async with self._write:
            await self._written.wait()  # the writes already sent go first
            await self.execute("BEGIN IMMEDIATE")
            try:
                yield self
                await self.execute("COMMIT")
            except BaseException as error:
                if self._conn.in_transaction:
                    await self.execute("ROLLBACK")
                if isinstance(error, sqlite3.Error) and _code(error) == sqlite3.SQLITE_FULL:
                    raise fault(self.path, error) from error
                raise

    @asynccontextmanager
    async def locked(self, game_id: int, *, skip: bool = False) -> AsyncIterator[Hold | None]:
        """Nothing to take: this process holds the whole file (store.lock)."""
        yield Hold(game_id)

    async def revision(self, game_id: int) -> int | None:
        return None

    async def new_game_id(self) -> int:
        """One past the file's highest, and past every id given since (two games made at once
        read the same highest before either is written)."""
        row = await self.fetch_one("SELECT COALESCE(MAX(id), 0) FROM games")
        assert row is not None
        self._game_id = max(self._game_id, int(row[0])) + 1
        return self._game_id

    @asynccontextmanager
    async def exclusive(self, name: str) -> AsyncIterator[None]:
        """Nothing to take: this process is the file's only user."""
        yield

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """A setting of the connection (:data:`CONNECTION_SETTINGS`) is given to the writer
        process's connection too."""
        changed = await self.run(lambda c: c.execute(sql, params))
        setting = _SETTING.match(sql)
        if setting and setting[1].lower() in CONNECTION_SETTINGS and self._writer is not None:
            await self._writer.send(sql)
        return changed

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        return await self.run(lambda c: c.insert(sql, params))

    async def execute_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self.run(lambda c: c.execute_many(sql, rows))

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return await self.run(lambda c: c.fetch_all(sql, params))

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        return await self.run(lambda c: c.fetch_one(sql, params))

    async def schema_version(self) -> int:
        row = await self.fetch_one("PRAGMA user_version")
        assert row is not None
        return int(row[0])

    async def set_schema_version(self, version: int) -> None:
        await self.execute(f"PRAGMA user_version = {int(version)}")

    def schema(self, ddl: str) -> str:
        return ddl

    async def close(self) -> None:
        """The writes already queued are written first; later ones are refused (:meth:`write`)."""
        self._closing = True
        await self._written.wait()
        try:
            if self._writer is not None:
                await self._writer.close()
            await self._conn.close()
        finally:
            if self._release is not None:
                self._release()


async def open_sqlite(path: str | Path, upto: int | None) -> SqliteDatabase:
    """Open (creating if need be) the database file at ``path`` and bring its schema up to date.

    The file is locked for this process (store.lock) and checked: a file this process cannot
    use raises :class:`DatabaseFileError` saying why, with the connection closed and the lock
    released (a connection left open keeps its thread, and the process, alive). The process's
    thread switches are made quicker (:data:`SWITCH_INTERVAL`), so aiosqlite's thread is never
    kept waiting long.
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


async def _opened(name: str, upto: int | None, release: Callable[[], None] | None) -> SqliteDatabase:
    """Connect, migrate, check that the file can be written and start its writer process
    (store.writer); a fault closes the connection."""
    try:
        connection = await aiosqlite.connect(name, isolation_level=None)
    except sqlite3.Error as error:
        raise fault(name, error) from None
    connection.row_factory = aiosqlite.Row
    db = SqliteDatabase(connection, name)
    try:
        for pragma in PRAGMAS:
            await connection.execute(f"PRAGMA {pragma}")
        await migrate(db, upto)
        await _can_write(db)
        if name != ":memory:":
            db._writer = Writer(name, PRAGMAS)
            await db._writer.start()
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
