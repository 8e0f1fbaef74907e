"""The SQLite database of the game master: one file, WAL, versioned migrations.

aiosqlite runs every statement on its own thread, so the event loop never blocks on disk.
One connection serves the whole process; a write lock lets one transaction run at a time
(SQLite allows one writer anyway), and :meth:`Database.transaction` commits before it
returns, so a command is acknowledged only once it is on disk.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from store.migrations import MIGRATIONS

Row = aiosqlite.Row


class Database:
    """An open database file. Use :func:`open_database`; close with :meth:`close`."""

    def __init__(self, connection: aiosqlite.Connection, path: str) -> None:
        self._conn = connection
        self.path = path
        self._write = asyncio.Lock()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Database]:
        """All writes inside happen together or not at all; committed when the block ends."""
        async with self._write:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise
            await self._conn.execute("COMMIT")

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
        await self._conn.close()


async def open_database(path: str | Path, *, upto: int | None = None) -> Database:
    """Open (creating if need be) the database at ``path`` and bring its schema up to date.

    ``upto`` stops at an earlier schema version: the migration tests use it to build the
    files older releases left behind.
    """
    name = str(path)
    if name != ":memory:":
        Path(name).parent.mkdir(parents=True, exist_ok=True)
    connection = await aiosqlite.connect(name, isolation_level=None)
    connection.row_factory = aiosqlite.Row
    await connection.execute("PRAGMA journal_mode=WAL")
    await connection.execute("PRAGMA synchronous=NORMAL")
    await connection.execute("PRAGMA foreign_keys=ON")
    await connection.execute("PRAGMA busy_timeout=5000")
    db = Database(connection, name)
    try:
        await migrate(db, upto)
    except BaseException:
        await db.close()
        raise
    return db


async def migrate(db: Database, upto: int | None = None) -> int:
    """Apply the migrations the file has not had yet, each in its own transaction."""
    target = len(MIGRATIONS) if upto is None else upto
    current = await db.schema_version()
    if current > len(MIGRATIONS):
        raise RuntimeError(
            f"{db.path} has schema version {current}, newer than this program knows ({len(MIGRATIONS)})"
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
