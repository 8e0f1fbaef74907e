"""Moving every game from a SQLite file to a PostgreSQL database, in one command:

    python -m store.move data/warpwar.sqlite3 postgresql://warpwar@db.example/warpwar

A bot outgrows one process on one file (docs/deployment.md); its games go with it. Both databases
are opened as the bot opens them, so each is brought to today's schema first and the file is
locked (a bot still running on it stops the move, naming itself). Every table is copied whole,
row ids and all (games, seats, events, deadlines, the outbox, the mailbox, answered requests,
phase posts, secrets, what was set aside, the servers' defaults), in one transaction on
PostgreSQL: a move that fails leaves the target as empty as it found it. PostgreSQL's row
numbering then continues after the rows copied. A target that holds anything is refused: a move
never merges two bots' games.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from engine.text import plural
from store.db import Database, DatabaseFileError, is_postgres, open_database

BATCH = 1000
"""Rows read from the file at a time: a large log is never held in memory whole."""
FIRST = "games"
"""Copied first: every other table refers to it."""
RENUMBER = (
    "SELECT setval(pg_get_serial_sequence('{table}', 'id'), COALESCE(MAX(id), 0) + 1, false) FROM {table}"
)
"""PostgreSQL's next row id after the rows copied with their own ids (SQLite needs nothing: it
numbers after the largest id it holds)."""


class MoveRefusedError(Exception):
    """The move cannot be made; nothing was written. The message says why, for the operator."""


@dataclass(frozen=True)
class Moved:
    """What was copied: rows by table, in the order copied."""

    rows: dict[str, int]

    def summary(self) -> str:
        return f"Moved {plural(self.rows.get(FIRST, 0), 'game')}, every table whole: {_listed(self.rows)}."


async def move(source: Path | str, target: str) -> Moved:
    """Copy every table of the SQLite file ``source`` into the empty PostgreSQL database
    ``target``; raises :class:`MoveRefusedError` (nothing written) when it cannot."""
    if is_postgres(source):
        raise MoveRefusedError("the first database must be a SQLite file; the second, PostgreSQL")
    if not is_postgres(target):
        raise MoveRefusedError(f"the target must be a postgresql:// address, not {target[:60]!r}")
    if not Path(source).is_file():
        raise MoveRefusedError(f"there is no SQLite file at {source}")
    old = await open_database(Path(source))
    try:
        new = await open_database(target)
        try:
            return await _copy(old, new)
        finally:
            await new.close()
    finally:
        await old.close()


async def _copy(old: Database, new: Database) -> Moved:
    tables = await _tables(old)
    held = {table: await _count(new, table) for table in tables}
    if any(held.values()):
        what = _listed({table: count for table, count in held.items() if count})
        raise MoveRefusedError(f"{new.path} is not empty (rows in {what}); move into a new database")
    rows: dict[str, int] = {}
    async with new.transaction():
        for table in tables:
            rows[table] = await _copy_table(old, new, table)
            if await _has_id(old, table):
                await new.execute(RENUMBER.format(table=table))
    return Moved(rows)


def _listed(rows: dict[str, int]) -> str:
    return ", ".join(f"{table} {count}" for table, count in rows.items())


async def _tables(db: Database) -> list[str]:
    """The file's tables, the one the others refer to first."""
    found = await db.fetch_all(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
    )
    names = [str(row[0]) for row in found]
    return sorted(names, key=lambda name: name != FIRST)


async def _columns(db: Database, table: str) -> list[str]:
    return [str(row[1]) for row in await db.fetch_all(f"PRAGMA table_info({table})")]


async def _has_id(db: Database, table: str) -> bool:
    return "id" in await _columns(db, table)


async def _count(db: Database, table: str) -> int:
    row = await db.fetch_one(f"SELECT COUNT(*) FROM {table}")
    return int(row[0]) if row is not None else 0


async def _copy_table(old: Database, new: Database, table: str) -> int:
    """Every row of ``table``, in the file's order, a batch at a time; how many."""
    columns = await _columns(old, table)
    listed = ", ".join(columns)
    insert = f"INSERT INTO {table} ({listed}) VALUES ({', '.join('?' for _ in columns)})"
    copied = 0
    while True:
        batch = await old.fetch_all(
            f"SELECT {listed} FROM {table} ORDER BY rowid LIMIT ? OFFSET ?", (BATCH, copied)
        )
        if not batch:
            return copied
        await new.execute_many(insert, [tuple(row) for row in batch])
        copied += len(batch)


USAGE = "usage: python -m store.move SQLITE_FILE postgresql://ADDRESS"


def main(argv: Sequence[str]) -> int:
    """The command: 0 once moved, 1 when refused or a database cannot be used (nothing written),
    2 for a wrong call."""
    if len(argv) != 2:
        print(USAGE, file=sys.stderr)
        return 2
    try:
        moved = asyncio.run(move(argv[0], argv[1]))
    except (MoveRefusedError, DatabaseFileError) as refused:
        print(f"store.move: {refused}", file=sys.stderr)
        return 1
    print(moved.summary())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
