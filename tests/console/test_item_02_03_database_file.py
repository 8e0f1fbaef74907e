"""Issue 11, items 2 and 3: one process per database file, and a file the bot cannot use.

The bot and the console share bot.py and store.db.open_database, so each fault is played
through ``python bot.py --console`` (or ``--script``) in a subprocess: it must exit within
seconds, non-zero, with one line on stderr and no traceback. A full disk is simulated with
``PRAGMA max_page_count`` (SQLite then reports SQLITE_FULL, as for a full disk), set through a
prelude that adds it to store.sqlite.PRAGMAS before bot.main runs.
"""

from __future__ import annotations

import ctypes
import fcntl
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest

from gm.core import DISK_FULL
from store.db import open_database
from store.lock import lock_path
from store.migrations import MIGRATIONS
from tests.console.helpers import ROOT, STARTED, TIMEOUT, Console, bot, run_bot, write_script

SECONDS = 15.0
"""How long a refusing start may take (Python and discord.py load in about one)."""


def stopped(args: list[str], prelude: str = "", preexec_fn: Callable[[], None] | None = None) -> str:
    """Run bot.py; it must stop within :data:`SECONDS`, non-zero, with one line on stderr and no
    traceback. Returns that line."""
    start = time.monotonic()
    try:
        result = run_bot(args, timeout=SECONDS, prelude=prelude, preexec_fn=preexec_fn)
    except subprocess.TimeoutExpired:
        pytest.fail(f"bot.py {' '.join(args)} still ran after {SECONDS:g} s")
    assert time.monotonic() - start < SECONDS
    assert result.returncode != 0, result.stdout
    assert "Traceback" not in result.stderr, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


async def made(path: Path) -> None:
    """An up-to-date, empty database file at ``path``, closed."""
    db = await open_database(path)
    await db.close()


def holder(db: Path) -> subprocess.Popen[str]:
    """A console on ``db`` waiting at its prompt (its input a pipe), once it has greeted."""
    process = subprocess.Popen(
        [sys.executable, "bot.py", "--console", "--db", str(db), "--no-pictures"],
        cwd=ROOT,
        env={**os.environ, "DISCORD_TOKEN": ""},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    assert "WarpWar console" in process.stdout.readline()
    return process


# --- item 2: one process per database ------------------------------------------------------


def test_item_2_a_second_process_on_the_same_file_is_refused_naming_the_first(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    first = holder(db)
    try:
        line = stopped(["--console", "--db", str(db)])
        assert line.startswith(f"bot.py: {db} is in use by another process (pid {first.pid}: ")
        assert f"bot.py --console --db {db}" in line
        out, _ = first.communicate("/quit\n", timeout=TIMEOUT)
        assert first.returncode == 0, out
    finally:
        first.kill()
        first.wait()


def test_item_2_a_killed_process_leaves_the_file_usable(tmp_path: Path) -> None:
    """The lock is the kernel's (flock): SIGKILL releases it, nothing stale is left to clear."""
    db = tmp_path / "games.sqlite3"
    first = holder(db)
    try:
        assert "is in use by another process" in stopped(["--console", "--db", str(db)])
    finally:
        first.send_signal(signal.SIGKILL)
        first.communicate(timeout=TIMEOUT)
    assert first.returncode == -signal.SIGKILL
    played = bot("--script", str(write_script(tmp_path, *STARTED)), "--db", str(db), "--no-pictures")
    assert played.returncode == 0, played.stdout + played.stderr


async def test_item_2_one_process_may_open_its_file_twice_and_lets_go_when_both_close(
    tmp_path: Path,
) -> None:
    """The tests simulate a restart by opening the file again in the same process: the lock is
    the process's, shared by its connections, and held until the last one closes."""
    path = tmp_path / "games.sqlite3"
    first = await open_database(path)
    second = await open_database(path)

    def free() -> bool:
        with open(lock_path(str(path)), "a") as other:  # another open file: flock sees a rival
            try:
                fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                return False
            return True

    await first.close()
    assert not free()
    await second.close()
    assert free()


# --- item 3: a file the bot cannot use -----------------------------------------------------


def test_item_3_a_garbage_header_stops_the_bot_with_one_line(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    db.write_bytes(b"this is not a database, just bytes\n" * 200)
    line = stopped(["--console", "--db", str(db)])
    assert line == (
        f"bot.py: {db} is not a SQLite database (its header is wrong): restore it from a backup, "
        "or move it aside to start with an empty one"
    )


async def test_item_3_a_file_from_a_newer_release_stops_the_bot_with_one_line(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    await made(db)
    with closing(sqlite3.connect(db)) as raw:
        raw.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    line = stopped(["--script", str(write_script(tmp_path, *STARTED)), "--db", str(db)])
    assert line == (
        f"bot.py: {db} has schema version {len(MIGRATIONS) + 1}, newer than this program knows "
        f"({len(MIGRATIONS)}): run the newer release that wrote it, or restore a backup made with this one"
    )


def test_item_3_a_folder_that_cannot_be_made_stops_the_bot_with_one_line(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("a file, not a folder")
    db = tmp_path / "file" / "games.sqlite3"
    line = stopped(["--console", "--db", str(db)])
    assert line == (
        f"bot.py: cannot make the folder of {db} (a file is in its place): create it, or choose another path"
    )


def without_root_override() -> None:
    """In the child: drop the capabilities that let root write any file (CAP_DAC_OVERRIDE and
    CAP_DAC_READ_SEARCH) from its bounding set, so bot.py runs as root with a file's mode obeyed."""
    prctl = ctypes.CDLL(None, use_errno=True).prctl
    for capability in (1, 2):
        if prctl(24, capability, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
            raise OSError(ctypes.get_errno(), "cannot drop a capability")


async def test_item_3_a_read_only_file_stops_the_bot_with_one_line(tmp_path: Path) -> None:
    """A file of mode 0444. The tests run as root, which writes any file whatever its mode, so
    bot.py runs without root's override of file modes (without_root_override); as another user
    the mode alone does it. Before the fix the bot started, and failed at the first command."""
    db = tmp_path / "games.sqlite3"
    await made(db)
    db.chmod(0o444)
    try:
        line = stopped(
            ["--console", "--db", str(db)], preexec_fn=without_root_override if os.geteuid() == 0 else None
        )
    except subprocess.SubprocessError as error:
        pytest.skip(f"cannot run bot.py without root's file override here: {error}")
    assert line == (
        f"bot.py: {db} is read-only: let this user write it and its folder, or run as the file's owner"
    )


async def test_item_3_a_full_disk_at_start_up_stops_the_bot_with_one_line(tmp_path: Path) -> None:
    """The file may not grow by a page: opening needs no new page, the start-up check does."""
    db = tmp_path / "games.sqlite3"
    await made(db)
    with closing(sqlite3.connect(db)) as raw:
        pages = raw.execute("PRAGMA page_count").fetchone()[0]
        assert raw.execute("PRAGMA freelist_count").fetchone() == (0,)
    prelude = f"import store.sqlite\nstore.sqlite.PRAGMAS += ('max_page_count={pages}',)"
    line = stopped(["--script", str(write_script(tmp_path, *STARTED)), "--db", str(db)], prelude=prelude)
    assert line == f"bot.py: the disk holding {db} is full: free some space and try again"


async def filled(console: Console) -> tuple[int, int]:
    """Let the console's database grow no more (as a full disk); its pages and events now."""
    db = console.session.gm.db
    pages = await db.fetch_one("PRAGMA page_count")
    events = await db.fetch_one("SELECT count(*) FROM events")
    assert pages is not None and events is not None
    await db.execute(f"PRAGMA max_page_count = {pages[0]}")
    return pages[0], events[0]


async def status(console: Console) -> str:
    row = await console.session.gm.db.fetch_one("SELECT status FROM games")
    assert row is not None
    return str(row[0])


async def test_item_3_a_disk_that_fills_refuses_the_command_and_goes_on_when_space_returns(
    console: Console,
) -> None:
    await console.play(*STARTED[: STARTED.index("/warpwar start")])
    pages, events = await filled(console)
    out = await console.play("/warpwar start")
    assert out[-1].endswith(DISK_FULL)
    db = console.session.gm.db
    assert tuple(await db.fetch_one("SELECT count(*) FROM events") or ()) == (events,)  # rolled back
    assert await status(console) == "lobby"
    await db.execute(f"PRAGMA max_page_count = {pages * 100}")
    out = await console.play("/warpwar start")
    assert DISK_FULL not in "\n".join(out)
    assert await status(console) == "running"
