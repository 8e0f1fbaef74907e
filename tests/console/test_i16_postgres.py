"""Issue 16, item 1 from the command line: ``WARPWAR_DB=postgresql://…`` (or ``--db``) plays on
PostgreSQL, and a script reads exactly as it does on a SQLite file, played again too (the
console's record of a script's lines is stored with the games)."""

from __future__ import annotations

import asyncio
import subprocess
from pathlib import Path

import pytest

import bot as main
from gm.core import REQUESTS_KEPT
from tests.backends import ON_POSTGRES
from tests.console.helpers import DEMO, bot


def twice(*args: str, **env: str) -> tuple[subprocess.CompletedProcess[str], ...]:
    """The demo's script played, then played again on the same database (as after a crash)."""
    return tuple(bot("--script", str(DEMO), "--no-pictures", *args, **env) for _ in range(2))


@ON_POSTGRES
async def test_item_1_the_demo_script_plays_alike_on_postgres_and_on_sqlite(
    database_at: str, tmp_path: Path
) -> None:
    on_postgres, on_file = await asyncio.gather(
        asyncio.to_thread(twice, WARPWAR_DB=database_at),
        asyncio.to_thread(twice, "--db", str(tmp_path / "games.sqlite3")),
    )
    assert all(run.returncode == 0 for run in (*on_postgres, *on_file)), on_postgres[-1].stderr
    assert "The game is over: alice won" in on_postgres[0].stdout
    assert "(done before the restart)" in on_postgres[1].stdout
    assert [run.stdout for run in on_postgres] == [run.stdout for run in on_file]


def test_item_1_a_postgres_address_is_taken_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """An address is not a file's path: kept as it is (not folded into a path), pictures in
    data/pictures unless told."""
    address = "postgresql://bot:secret@db.example:5432/warpwar"
    monkeypatch.setenv("WARPWAR_DB", address)
    setup = main.setup_from(main.arguments([]), REQUESTS_KEPT)
    assert setup.db == address and setup.pictures == Path("data") / "pictures"
    setup = main.setup_from(main.arguments(["--db", "elsewhere.sqlite3"]), REQUESTS_KEPT)
    assert setup.db == Path("elsewhere.sqlite3") and setup.pictures == Path("pictures")
