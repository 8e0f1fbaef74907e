"""The PostgreSQL backend: several game-master processes share the games
(``WARPWAR_DB=postgresql://…``).

asyncpg, with a pool of connections per process. A task's transaction keeps its connection
for as long as it lasts (a context variable says which), so whatever the task reads and writes
inside a :meth:`~PostgresDatabase.transaction` or under a game's lock goes through it.

How the processes agree, each lock lasting only as long as its transaction, so a process that
dies (its connection closes) leaves nothing locked:

- a game's lock is its row, taken ``FOR NO KEY UPDATE`` (store.dialect.LOCK_GAME) in the
  transaction that writes it: a command on one process waits while another writes the game;
- every transaction that commits under a game's lock moves the game's revision on
  (store.dialect.REVISED), and the lock reads it as it is taken: a process that holds the game
  in memory reads it again when another has changed it (gm.core);
- a deadline is claimed by the process that locks its game with ``SKIP LOCKED``: the others
  pass it by (gm.timing);
- a request id is the ``requests`` table's key: a second process storing the same request waits
  for the first's transaction, then fails, and answers with the stored reply (gm.core.once);
- a named lock (``pg_advisory_xact_lock``) in a transaction of its own: one process at a time
  delivers a game's outbox, or shows a member's letters.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from store import dialect
from store.db import Conn, Database, DatabaseFileError, DiskFullError, Hold, Row, Step, migrate

T = TypeVar("T")

POOL_SIZE = 10
"""Connections a process keeps open at most: a command holds one while it has its game's lock."""
CONNECT_SECONDS = 10.0
"""How long connecting may take before the process gives up, saying so."""
CLOSE_SECONDS = 10.0
"""How long closing waits for the connections in use to come back."""
CONNECT_ERRORS: tuple[type[Exception], ...] = (OSError, ValueError, *dialect.DATABASE_ERRORS)
"""What a failed connection raises: no server there, a wrong address, a refused login."""


class _Pg:
    """An asyncpg connection as a step sees it (:class:`~store.db.Conn`), SQLite's words
    translated (store.dialect)."""

    def __init__(self, connection: Any) -> None:
        self._c = connection

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return _changed(await self._c.execute(dialect.numbered(sql), *params))

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        return int(await self._c.fetchval(dialect.numbered(dialect.returning_id(sql)), *params))

    async def execute_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        listed = [tuple(r) for r in rows]
        if listed:
            await self._c.executemany(dialect.numbered(sql), listed)

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        row: Row | None = await self._c.fetchrow(dialect.numbered(sql), *params)
        return row

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self._c.fetch(dialect.numbered(sql), *params))


def _changed(status: str) -> int:
    """How many rows a statement changed, from PostgreSQL's status (``UPDATE 1``, ``INSERT 0 3``)."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


@dataclass
class _Session:
    """A connection one task is using for a transaction: a :meth:`PostgresDatabase.transaction`
    block's, or a game's lock's."""

    connection: Any
    hold: Hold | None = None
    """The game whose lock the transaction takes, if it is a lock's."""
    open: bool = False
    """A transaction is open on the connection."""
    block: bool = False
    """The open transaction is a :meth:`PostgresDatabase.transaction` block's: it commits when
    the block ends."""


class PostgresDatabase(Database):
    """A PostgreSQL database. Use :func:`~store.db.open_database`; close with :meth:`close`."""

    shared = True

    def __init__(self, pool: Any, path: str) -> None:
        self._pool = pool
        self.path = path
        self._session: ContextVar[_Session | None] = ContextVar(f"postgres-{id(self)}", default=None)
        """The connection of the task's transaction or game lock, if it has one."""

    async def run(self, work: Callable[[Conn], Awaitable[T]]) -> T:
        """Outside a transaction, ``work`` sees one moment of the database (``REPEATABLE READ``)."""
        session = self._session.get()
        if session is not None:
            return await work(_Pg(session.connection))
        async with self._pool.acquire() as connection, connection.transaction(isolation="repeatable_read"):
            return await work(_Pg(connection))

    async def write(self, steps: Sequence[Step]) -> None:
        session = self._session.get()
        if session is not None and session.block:
            for step in steps:
                await step(_Pg(session.connection))
            return
        if session is not None:
            await self._commit(session, steps)
            return
        async with self._pool.acquire() as connection:
            await self._commit(_Session(connection), steps)

    async def _commit(self, session: _Session, steps: Sequence[Step]) -> None:
        """The steps and COMMIT in the session's transaction (begun, and its game locked, if
        it is not open)."""
        if not session.open:
            await self._begin(session)
        try:
            for step in steps:
                await step(_Pg(session.connection))
        except BaseException as error:
            await self._end(session, commit=False)
            raise self._translated(error) from error
        await self._end(session, commit=True)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Database]:
        session = self._session.get()
        if session is not None and session.block:
            raise RuntimeError("a transaction was begun inside another")
        if session is not None:  # under a game's lock: its transaction
            async with self._block(session):
                yield self
            return
        async with self._pool.acquire() as connection:
            session = _Session(connection)
            token = self._session.set(session)
            try:
                async with self._block(session):
                    yield self
            finally:
                self._session.reset(token)

    @asynccontextmanager
    async def _block(self, session: _Session) -> AsyncIterator[None]:
        if not session.open:
            await self._begin(session)
        session.block = True
        try:
            yield
        except BaseException as error:
            session.block = False
            await self._end(session, commit=False)
            raise self._translated(error) from error
        session.block = False
        await self._end(session, commit=True)

    async def _begin(self, session: _Session, *, skip: bool = False) -> bool:
        """BEGIN, and the session's game locked (its revision read); False if ``skip`` and
        another process holds the game (the transaction is then ended)."""
        connection = session.connection
        await connection.execute("BEGIN")
        session.open = True
        if session.hold is None:
            return True
        lock = dialect.TRY_LOCK_GAME if skip else dialect.LOCK_GAME
        row = await connection.fetchrow(lock, session.hold.game_id)
        if row is None and skip:
            await self._end(session, commit=False)
            return False
        session.hold.revision = int(row[0]) if row is not None else None
        return True

    async def _end(self, session: _Session, *, commit: bool) -> None:
        """COMMIT (a locked game's revision moved on first) or ROLLBACK the session's transaction."""
        connection, hold = session.connection, session.hold
        session.open = False
        if not commit:
            if hold is not None:
                hold.revision = None
            with contextlib.suppress(Exception):  # a broken connection has no transaction left
                await connection.execute("ROLLBACK")
            return
        try:
            revision = await connection.fetchval(dialect.REVISED, hold.game_id) if hold else None
            await connection.execute("COMMIT")
        except BaseException as error:
            if hold is not None:
                hold.revision = None
            with contextlib.suppress(Exception):
                await connection.execute("ROLLBACK")
            raise self._translated(error) from error
        if hold is not None:
            hold.revision = revision

    def _translated(self, error: BaseException) -> BaseException:
        """A full disk as :class:`~store.db.DiskFullError`; anything else as it is."""
        if isinstance(error, asyncpg.DiskFullError):
            return DiskFullError(f"the disk of {self.path} is full: free some space and try again")
        return error

    @asynccontextmanager
    async def locked(self, game_id: int, *, skip: bool = False) -> AsyncIterator[Hold | None]:
        session = self._session.get()
        if session is not None and session.hold is not None and session.hold.game_id == game_id:
            yield session.hold  # held already, by this task
            return
        if session is not None and session.block:
            raise RuntimeError(f"game {game_id} was locked inside a transaction begun without it")
        async with self._pool.acquire() as connection:
            session = _Session(connection, Hold(game_id))
            token = self._session.set(session)
            try:
                yield session.hold if await self._begin(session, skip=skip) else None
            finally:
                self._session.reset(token)
                if session.open:
                    await self._end(session, commit=False)

    async def new_game_id(self) -> int:
        """The next of the games' identity sequence, shared by every process."""
        row = await self.fetch_one("SELECT nextval(pg_get_serial_sequence('games', 'id'))")
        assert row is not None
        return int(row[0])

    async def revision(self, game_id: int) -> int | None:
        session = self._session.get()
        hold = session.hold if session is not None else None
        if session is not None and session.open and hold is not None and hold.game_id == game_id:
            return hold.revision  # read as the lock was taken; nobody else wrote it since
        row = await self.fetch_one("SELECT revision FROM games WHERE id = ?", (game_id,))
        return int(row[0]) if row is not None else None

    @asynccontextmanager
    async def exclusive(self, name: str) -> AsyncIterator[None]:
        async with self._pool.acquire() as connection, connection.transaction():
            await connection.execute(dialect.NAMED_LOCK, name)
            yield

    async def _on(self, work: Callable[[_Pg], Awaitable[T]]) -> T:
        """One statement: in the task's transaction if it has one, else on its own."""
        session = self._session.get()
        if session is not None:
            return await work(_Pg(session.connection))
        async with self._pool.acquire() as connection:
            return await work(_Pg(connection))

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return await self._on(lambda c: c.execute(sql, params))

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        return await self._on(lambda c: c.insert(sql, params))

    async def execute_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self._on(lambda c: c.execute_many(sql, rows))

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return await self._on(lambda c: c.fetch_all(sql, params))

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        return await self._on(lambda c: c.fetch_one(sql, params))

    async def schema_version(self) -> int:
        made = await self.fetch_one("SELECT to_regclass('schema_version')")
        if made is None or made[0] is None:
            return 0
        row = await self.fetch_one(dialect.SCHEMA_VERSION)
        return int(row[0]) if row is not None else 0

    async def set_schema_version(self, version: int) -> None:
        await self.execute(dialect.SCHEMA_TABLE)
        await self.execute(dialect.SCHEMA_SET.format(version=int(version)))

    def schema(self, ddl: str) -> str:
        return dialect.schema(ddl)

    async def close(self) -> None:
        """Once the connections in use are back (at most :data:`CLOSE_SECONDS`), else at once:
        the server rolls back what they had not committed."""
        try:
            await asyncio.wait_for(self._pool.close(), CLOSE_SECONDS)
        except TimeoutError:
            self._pool.terminate()


def shown(address: str) -> str:
    """The address without its password, fit for a message or the log."""
    parts = urlsplit(address)
    if parts.password is None:
        return address
    host = parts.netloc.rpartition("@")[2]
    user = f"{parts.username}@" if parts.username else ""
    return urlunsplit(parts._replace(netloc=f"{user}{host}"))


async def open_postgres(address: str, upto: int | None) -> PostgresDatabase:
    """Connect to the database at ``address`` and bring its schema up to date; a server this
    process cannot use raises :class:`~store.db.DatabaseFileError` saying why, nothing left open."""
    name = shown(address)
    try:
        pool = await asyncpg.create_pool(address, min_size=1, max_size=POOL_SIZE, timeout=CONNECT_SECONDS)
    except CONNECT_ERRORS as error:
        raise DatabaseFileError(
            f"cannot connect to {name} ({error}): check WARPWAR_DB and that the server is running"
        ) from None
    db = PostgresDatabase(pool, name)
    try:
        await migrate(db, upto)
    except BaseException as error:
        pool.terminate()
        if isinstance(error, dialect.DATABASE_ERRORS):
            raise DatabaseFileError(f"cannot use {name}: {error}") from None
        raise
    return db
