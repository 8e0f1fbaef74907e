"""Crash safety: a scripted game killed at any point and started again on the same database ends
exactly as an uninterrupted run of the same script: same games, seats, events (with their
times), deadlines and answered requests."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from console import progress
from console.progress import PlayedLine
from gm.core import GameCore
from store.db import Database
from tests.console.helpers import DEMO, ROOT, STARTED, TIMEOUT, bot, open_console, write_script

SEED = 2026
KILLS = 8

TABLES = {
    "games": "SELECT * FROM games ORDER BY id",
    "seats": "SELECT * FROM seats ORDER BY game_id, user_id",
    "events": "SELECT * FROM events ORDER BY game_id, seq",
    "deadlines": "SELECT * FROM deadlines ORDER BY game_id, key",
    "guild_settings": "SELECT * FROM guild_settings ORDER BY guild_id, key",
    # The game master's answers; the console's own records (…#done) hold what it printed, and a
    # line cut short by a kill prints less when it is finished.
    "requests": "SELECT * FROM requests WHERE request_id NOT LIKE '%#done' ORDER BY request_id",
}


class Killed(BaseException):
    """Stands for SIGKILL in this process: nothing after it runs, nothing catches it."""


def dump(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row the game master wrote, table by table."""
    with sqlite3.connect(path) as db:
        return {name: [tuple(row) for row in db.execute(sql)] for name, sql in TABLES.items()}


def crash_script(folder: Path) -> Path:
    """The demo's game with the clock moved on an hour after each move phase, so every later
    event's time depends on the replayed clock."""
    lines = []
    for line in DEMO.read_text(encoding="utf-8").splitlines():
        lines.append(line)
        if line == "/move done":
            lines.append("/wait 1h")
    return write_script(folder, *lines)


def play_and_kill(script: Path, db: Path, after_lines: int, delay: float) -> bool:
    """Play ``script`` on ``db`` and SIGKILL it once it has printed ``after_lines`` lines (and
    ``delay`` seconds more); True if it was killed before it finished."""
    command = [sys.executable, "bot.py", "--script", str(script), "--db", str(db), "--no-pictures"]
    env = {**os.environ, "DISCORD_TOKEN": ""}
    with subprocess.Popen(
        command, cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, text=True
    ) as process:
        watchdog = threading.Timer(TIMEOUT, process.kill)
        watchdog.start()
        try:
            assert process.stdout is not None
            for _ in range(after_lines):
                if not process.stdout.readline():
                    break
            time.sleep(delay)
            process.send_signal(signal.SIGKILL)
            code = process.wait(TIMEOUT)
        finally:
            watchdog.cancel()
    assert code in (0, -signal.SIGKILL), f"the script failed on its own (exit {code})"
    return code == -signal.SIGKILL


def test_a_script_killed_at_random_points_ends_as_if_never_killed(tmp_path: Path) -> None:
    script = crash_script(tmp_path)
    reference = tmp_path / "reference.sqlite3"
    whole = bot("--script", str(script), "--db", str(reference), "--no-pictures")
    assert whole.returncode == 0, whole.stdout[-2000:]
    length = len(whole.stdout.splitlines())

    rng = random.Random(SEED)
    crashed = tmp_path / "crashed.sqlite3"
    points = sorted(rng.sample(range(1, length), KILLS))
    killed = sum(play_and_kill(script, crashed, point, rng.uniform(0, 0.01)) for point in points)
    assert killed >= KILLS // 2, "most kills should land before the script ends"

    finished = bot("--script", str(script), "--db", str(crashed), "--no-pictures")
    assert finished.returncode == 0, finished.stdout[-2000:]
    assert "Round 2 at Babylon fought: W1 (bob) destroyed." in finished.stdout
    expected = dump(reference)
    assert len(expected["events"]) > 20
    assert dump(crashed) == expected


async def play_until_killed(folder: Path, script: Path) -> None:
    async with open_console(folder, pictures=False) as console:
        with pytest.raises(Killed):
            await console.script(script)


async def play_to_the_end(folder: Path, script: Path) -> dict[str, list[tuple[object, ...]]]:
    async with open_console(folder, pictures=False) as console:
        code, _ = await console.script(script)
        assert code == 0, console.text()[-2000:]
    return dump(folder / "games.sqlite3")


async def test_a_wait_killed_after_its_deadline_fired_is_finished_on_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The deadline's effects are stored, the console's record of the line is not: played
    again, the clock moves the same way and nothing fires twice."""
    script = write_script(tmp_path, *STARTED, "/wait 48h", "/warpwar status")
    expected = await play_to_the_end(tmp_path / "reference", script)

    async def killed_on_wait(db: Database, request_id: str, line: PlayedLine, now: Any) -> None:
        if line.fired:
            raise Killed
        await recorded(db, request_id, line, now)

    recorded = progress.record
    monkeypatch.setattr(progress, "record", killed_on_wait)
    await play_until_killed(tmp_path / "crashed", script)
    monkeypatch.undo()
    assert await play_to_the_end(tmp_path / "crashed", script) == expected


async def test_a_wait_killed_while_its_deadline_fires_is_finished_on_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Killed inside the firing, before its effects were stored: the deadline's row goes only
    with them (one transaction), so the restart fires it again and finishes the game."""
    script = write_script(tmp_path, *STARTED, "/wait 48h", "/warpwar status")
    expected = await play_to_the_end(tmp_path / "reference", script)

    async def killed_on_deadline(
        self: GameCore, loaded: Any, result: Any, actor: int | None, **kw: Any
    ) -> Any:
        if actor is None:  # the game master commits a deadline's effects with no actor
            raise Killed
        return await committed(self, loaded, result, actor, **kw)

    committed = GameCore.commit
    monkeypatch.setattr(GameCore, "commit", killed_on_deadline)
    await play_until_killed(tmp_path / "crashed", script)
    monkeypatch.undo()
    assert await play_to_the_end(tmp_path / "crashed", script) == expected
