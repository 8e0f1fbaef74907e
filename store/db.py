"""The database of the game master: one interface, two backends.

:func:`open_database` opens a SQLite file (a path: the default, one process, store.sqlite) or a
PostgreSQL database (a ``postgresql://`` address: several processes may share it,
store.postgres), migrates it, and returns a :class:`Database`. The game master and the store's
modules see only this interface; the few places where the two databases write SQL differently
are in store.dialect.

A command's transaction is one call (:meth:`Database.write`: its steps, prepared beforehand,
then COMMIT); :meth:`Database.transaction` is the block of several calls the rarer writes use.
Both commit before they return, so a command is acknowledged only once it is stored.

Several processes on one database agree through the database itself: a game's lock is taken
there for the transaction that writes it (:meth:`Database.locked`: the game's row on PostgreSQL;
on SQLite the process holds the whole file, store.lock), and every such write moves the game's
revision on, so a process that holds a game in memory knows when another changed it
(:meth:`Database.revision`). A named lock (:meth:`Database.exclusive`) lets one process at a
time deliver a game's outbox or show a member's letters. Every lock lasts only as long as its
transaction: a process that dies leaves nothing locked.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Iterable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

from store.lock import DatabaseFileError as DatabaseFileError
from store.migrations import MIGRATIONS

T = TypeVar("T")


class Row(Protocol):
    """A row read: its values by column name or by position (sqlite3.Row, asyncpg.Record)."""

    def __getitem__(self, key: int | str, /) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...

    def __len__(self) -> int: ...


class Conn(Protocol):
    """A connection as a step sees it, inside its transaction: statements in SQLite's words
    (store.dialect translates them for PostgreSQL)."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; returns how many rows it changed."""
        ...

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one ``INSERT`` into a table with an ``id``; returns the new row's id."""
        ...

    async def execute_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...


ROWS_PER_INSERT = 100
"""Rows one INSERT of :func:`insert_rows` adds at most (well under SQLite's limit of parameters)."""


async def insert_rows(
    connection: Conn, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]
) -> None:
    """Add ``rows`` to ``table`` with one INSERT of many ``VALUES`` per hundred rows, not a
    statement per row: a command's statements are few (each costs a round of SQLite's virtual
    machine and, on PostgreSQL, a message to the server)."""
    one = "(" + ", ".join("?" * len(columns)) + ")"
    for start in range(0, len(rows), ROWS_PER_INSERT):
        chunk = rows[start : start + ROWS_PER_INSERT]
        sql = f"INSERT INTO {table} ({', '.join(columns)}) VALUES {', '.join([one] * len(chunk))}"
        await connection.execute(sql, [value for row in chunk for value in row])


Step = Callable[[Conn], Awaitable[object]]
"""One part of a transaction: the store's modules make them (``store.games.events_added`` …)
from values prepared beforehand, as ``functools.partial`` of a module-level function, so that a
step can be pickled and sent to SQLite's writer process (store.writer). A step only awaits its
connection's methods, so a whole transaction's steps run in one call there. What a step returns
is not kept, and a step may be run more than once (a group commit that failed is retried command
by command)."""


async def run_statement(sql: str, params: Sequence[Any], connection: Conn) -> None:
    """One statement as a step: ``partial(run_statement, sql, params)``."""
    await connection.execute(sql, params)


class DiskFullError(DatabaseFileError):
    """A transaction found no space; it was rolled back, so nothing changed."""


@dataclass
class Hold:
    """A game's lock in the database (:meth:`Database.locked`)."""

    game_id: int
    revision: int | None = None
    """The game's revision as stored, known while the lock holds it (and after a write under it,
    the revision written); None when this process is the database's only user (SQLite), or when
    it is not known."""


class Database(ABC):
    """An open database. Use :func:`open_database`; close with :meth:`close`."""

    path: str
    """What it is, for messages: the file's path, or the server's address without a password."""
    shared: bool
    """Several processes may use it at once (PostgreSQL)."""

    @abstractmethod
    async def run(self, work: Callable[[Conn], Awaitable[T]]) -> T:
        """``work`` given a connection, in one go: reads that belong together (a game's row,
        seats and deadlines, from one moment of the database), or a step inside a
        :meth:`transaction`."""

    @abstractmethod
    async def write(self, steps: Sequence[Step]) -> None:
        """The steps in order, all or nothing, on disk when this returns. A step that raises, or
        the database, rolls them all back and the error is raised here (a full disk as
        :class:`DiskFullError`). Under a game's lock (:meth:`locked`) it is the lock's
        transaction, and the game's revision moves on with it. SQLite commits the writes waiting
        at once together (one sync of the disk for them all, store.sqlite); each is still all
        or nothing on its own."""

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Database]:
        """All writes inside happen together or not at all; committed when the block ends (a full
        disk raised as :class:`DiskFullError`). Under a game's lock, the lock's transaction."""

    @abstractmethod
    def locked(self, game_id: int, *, skip: bool = False) -> AbstractAsyncContextManager[Hold | None]:
        """The game's lock in the database for the block (the game master holds its own lock per
        game in the process first): what is read and written inside, up to the first write,
        happens while no other process writes the game. Taken again by a later write in the
        block. With ``skip``, None at once if another process holds it (a deadline it fires)."""

    @abstractmethod
    async def new_game_id(self) -> int:
        """An id for a game about to be made, never given before: the game's row, seats and
        reply are then written in one call (:meth:`write`), its seeds drawn from the id first."""

    @abstractmethod
    async def revision(self, game_id: int) -> int | None:
        """The game's revision as stored, to check a game held in memory against; None when this
        process is the database's only user, so what it holds is the truth."""

    @abstractmethod
    def exclusive(self, name: str) -> AbstractAsyncContextManager[None]:
        """One holder of ``name`` at a time, among every process using the database (a game's
        outbox delivered, a member's letters shown). Held by a transaction of its own, which
        writes nothing: what the block writes commits on its own as it goes."""

    @abstractmethod
    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement (in the block's transaction, if any); returns how many rows it changed."""

    @abstractmethod
    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one ``INSERT`` of a table with an ``id``; returns the new row's id."""

    @abstractmethod
    async def execute_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    @abstractmethod
    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...

    @abstractmethod
    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...

    @abstractmethod
    async def schema_version(self) -> int:
        """The migrations the database has had."""

    @abstractmethod
    async def set_schema_version(self, version: int) -> None:
        """Inside a migration's transaction: the database has had ``version`` migrations."""

    @abstractmethod
    def schema(self, ddl: str) -> str:
        """A migration's statement as this database reads it (store.dialect)."""

    @abstractmethod
    async def close(self) -> None: ...


POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres(target: str | Path) -> bool:
    """Whether ``target`` (``WARPWAR_DB``, ``--db``) names a PostgreSQL database, not a file."""
    return str(target).startswith(POSTGRES_SCHEMES)


async def open_database(target: str | Path, *, upto: int | None = None) -> Database:
    """Open the database ``target`` names (a file's path, or a ``postgresql://`` address) and
    bring its schema up to date. A database this process cannot use raises
    :class:`DatabaseFileError` saying why, with nothing left open. ``upto`` stops at an earlier
    schema version: the migration tests use it to build the databases older releases left
    behind."""
    if is_postgres(target):
        from store.postgres import open_postgres

        return await open_postgres(str(target), upto)
    from store.sqlite import open_sqlite

    return await open_sqlite(target, upto)


async def migrate(db: Database, upto: int | None = None) -> int:
    """Apply the migrations the database has not had yet, each in its own transaction, one
    process at a time (two processes starting together on a new database)."""
    target = len(MIGRATIONS) if upto is None else upto
    async with db.exclusive("migrations"):
        current = await db.schema_version()
        if current > len(MIGRATIONS):
            raise DatabaseFileError(
                f"{db.path} has schema version {current}, newer than this program knows "
                f"({len(MIGRATIONS)}): run the newer release that wrote it, or restore a backup made "
                "with this one"
            )
        for version in range(current + 1, target + 1):
            async with db.transaction():
                for statement in _statements(MIGRATIONS[version - 1]):
                    await db.execute(db.schema(statement))
                await db.set_schema_version(version)
    return await db.schema_version()


def _statements(script: str) -> list[str]:
    """A migration script split into statements (they contain no semicolons in strings)."""
    return [s.strip() for s in script.split(";") if s.strip()]
