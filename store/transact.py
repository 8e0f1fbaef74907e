"""Steps run to their end on one SQLite connection, and transactions of them.

Both sides of the SQLite backend use this: the writer process commits commands here in groups
(store.writer), and the event loop's connection runs reads and the blocks of
``Database.transaction`` on aiosqlite's thread (store.sqlite). A step (store.db.Step) only
awaits its connection's methods, and :class:`OnConnection` never waits, so a step ends at its
first resumption (:func:`drive`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Coroutine, Iterable, Sequence
from typing import Any, TypeVar, cast

from store.db import Row, Step

T = TypeVar("T")

ROWS_AT_ONCE = 200
"""Rows fetched in one call: a fetch holds Python's interpreter lock throughout, and a log's
10,000 rows at once held the event loop for 12 ms."""


class OnConnection:
    """SQLite's own connection as a step sees it (:class:`~store.db.Conn`): each method does its
    work at once and never waits, so a step runs to its end in one call (:func:`drive`)."""

    def __init__(self, raw: sqlite3.Connection) -> None:
        self._raw = raw

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return self._raw.execute(sql, params).rowcount

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        return self._raw.execute(sql, params).lastrowid or 0

    async def execute_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        self._raw.executemany(sql, rows)

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        row: Row | None = self._raw.execute(sql, params).fetchone()
        return row

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        cursor = self._raw.execute(sql, params)
        found: list[Row] = []
        while rows := cursor.fetchmany(ROWS_AT_ONCE):
            found += rows
        return found


def drive(work: Coroutine[Any, Any, T]) -> T:
    """Run ``work`` (a step, a read) to its end here: every await in it is on
    :class:`OnConnection`, which never waits, so it ends at its first resumption."""
    try:
        work.send(None)
    except StopIteration as done:
        return cast(T, done.value)
    work.close()
    raise RuntimeError("a database step waited for something other than SQLite")


def transact(steps: Sequence[Step], connection: sqlite3.Connection) -> None:
    """The steps as one transaction: all or nothing."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        on_connection = OnConnection(connection)
        for step in steps:
            drive(cast(Coroutine[Any, Any, object], step(on_connection)))
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise


def transact_group(group: Sequence[Sequence[Step]], connection: sqlite3.Connection) -> list[Exception | None]:
    """The commands of a group commit in one transaction, one sync of the disk. If any fails,
    that transaction is rolled back and each command is run again in a transaction of its own,
    so only those that fail fail. What each command raised, in order (None: written)."""
    if len(group) > 1:
        try:
            transact([step for steps in group for step in steps], connection)
        except Exception:
            pass
        else:
            return [None] * len(group)
    failures: list[Exception | None] = []
    for steps in group:
        try:
            transact(steps, connection)
        except Exception as error:
            failures.append(error)
        else:
            failures.append(None)
    return failures
