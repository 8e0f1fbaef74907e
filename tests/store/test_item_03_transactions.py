"""Issue 11, item 3 in the store: a transaction that fails leaves the connection ready for the
next one, whether it failed in a statement or at COMMIT (where a full disk usually shows in WAL
mode, as the frames are written), and a full disk is raised as DiskFullError."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from store.db import DiskFullError, open_database


async def test_item_3_a_failed_commit_is_rolled_back_and_the_next_transaction_runs(tmp_path: Path) -> None:
    """A deferred foreign key fails at COMMIT and SQLite keeps the transaction open; left so, every
    later BEGIN would fail ("cannot start a transaction within a transaction")."""
    db = await open_database(tmp_path / "games.sqlite3")
    try:
        await db.execute("CREATE TABLE parent (id INTEGER PRIMARY KEY)")
        await db.execute(
            "CREATE TABLE child (parent_id INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED)"
        )
        with pytest.raises(sqlite3.IntegrityError):
            async with db.transaction():
                await db.execute("INSERT INTO child VALUES (7)")
        async with db.transaction():
            await db.execute("INSERT INTO parent VALUES (7)")
            await db.execute("INSERT INTO child VALUES (7)")
        assert [tuple(r) for r in await db.fetch_all("SELECT parent_id FROM child")] == [(7,)]
    finally:
        await db.close()


async def test_item_3_a_full_disk_is_raised_as_disk_full_and_rolled_back(tmp_path: Path) -> None:
    db = await open_database(tmp_path / "games.sqlite3")
    try:
        await db.execute("CREATE TABLE filler (x)")
        pages = await db.fetch_one("PRAGMA page_count")
        assert pages is not None
        await db.execute(f"PRAGMA max_page_count = {pages[0]}")
        with pytest.raises(DiskFullError, match="is full"):
            async with db.transaction():
                await db.execute("INSERT INTO filler VALUES (1)")
                await db.execute("INSERT INTO filler VALUES (zeroblob(100000))")
        assert await db.fetch_all("SELECT x FROM filler") == []
        await db.execute(f"PRAGMA max_page_count = {pages[0] * 100}")
        async with db.transaction():
            await db.execute("INSERT INTO filler VALUES (1)")
        assert [tuple(r) for r in await db.fetch_all("SELECT x FROM filler")] == [(1,)]
    finally:
        await db.close()
