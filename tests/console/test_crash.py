"""Crash safety: a scripted game killed at any point and started again on the same database ends
exactly as an uninterrupted run of the same script: same games, seats, events (with their
times), deadlines, answered requests and announcements, every one of them delivered. A deadline
fired and stored but not yet told when the process died is told after the restart, once
(issue 11, item 4: the outbox)."""

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
    # Every announcement, and whether it was delivered (when depends on where the kills fell).
    "outbox": "SELECT id, game_id, channel_id, body, created_at, delivered_at IS NOT NULL FROM outbox"
    " ORDER BY id",
}


class Killed(BaseException):
    """Stands for SIGKILL in this process: nothing after it runs, nothing catches it."""


def dump(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row the game master wrote, table by table."""
    return {name: rows(path, name) for name in TABLES}


def rows(path: Path, table: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as db:
        return [tuple(row) for row in db.execute(TABLES[table])]


def crash_script(folder: Path) -> Path:
    """The demo's game with the clock moved on an hour after each move phase, so every later
    event's time depends on the replayed clock."""
    lines = []
    for line in DEMO.read_text(encoding="utf-8").splitlines():
        lines.append(line)
        if line == "/move done":
            lines.append("/wait 1h")
    return write_script(folder, *lines)


def play_and_kill(script: Path, db: Path, after_lines: int, delay: float) -> tuple[bool, str]:
    """Play ``script`` on ``db`` (pictures drawn beside it) and SIGKILL it once it has printed
    ``after_lines`` lines (and ``delay`` seconds more); whether it was killed before it finished,
    and what it printed."""
    command = [sys.executable, "bot.py", *script_on(script, db)]
    env = {**os.environ, "DISCORD_TOKEN": ""}
    with subprocess.Popen(
        command, cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, text=True
    ) as process:
        watchdog = threading.Timer(TIMEOUT, process.kill)
        watchdog.start()
        try:
            assert process.stdout is not None
            printed = [process.stdout.readline() for _ in range(after_lines)]
            time.sleep(delay)
            process.send_signal(signal.SIGKILL)
            code = process.wait(TIMEOUT)
            printed.append(process.stdout.read())
        finally:
            watchdog.cancel()
    assert code in (0, -signal.SIGKILL), f"the script failed on its own (exit {code})"
    return code == -signal.SIGKILL, "".join(printed)


def script_on(script: Path, db: Path) -> list[str]:
    """bot.py's arguments to play ``script`` on ``db``, with pictures on (drawing them widens the
    moments between a commit and its news being printed), saved in a folder beside ``db``."""
    return ["--script", str(script), "--db", str(db), "--pictures", str(db.with_suffix(".pictures"))]


def test_a_script_killed_at_random_points_ends_as_if_never_killed(tmp_path: Path) -> None:
    script = crash_script(tmp_path)
    reference = tmp_path / "reference.sqlite3"
    whole = bot(*script_on(script, reference))
    assert whole.returncode == 0, whole.stdout[-2000:]
    length = len(whole.stdout.splitlines())

    rng = random.Random(SEED)
    crashed = tmp_path / "crashed.sqlite3"
    points = sorted(rng.sample(range(1, length), KILLS))
    runs = [play_and_kill(script, crashed, point, rng.uniform(0, 0.01)) for point in points]
    assert sum(killed for killed, _ in runs) >= KILLS // 2, "most kills should land before the script ends"

    finished = bot(*script_on(script, crashed))
    assert finished.returncode == 0, finished.stdout[-2000:]
    # Told once, by whichever run got there (a restart prints a recorded line's news again).
    printed = "".join(out for _, out in runs) + finished.stdout
    assert "Round 2 at Babylon fought: W1 (bob) destroyed." in printed
    expected = dump(reference)
    assert len(expected["events"]) > 20
    assert expected["outbox"] and all(row[-1] for row in expected["outbox"]), "all told"
    assert dump(crashed) == expected


def news_after_the_wait(output: str, pictures: Path) -> list[str]:
    """What ``/wait 48h`` printed after its own note: the news of the deadline it let pass (the
    pictures' folder named alike in every run)."""
    lines = output.replace(str(pictures), "PICTURES").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("-- 48 hours later")) + 1
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("alice> ")), len(lines))
    return lines[start:end]


@pytest.mark.parametrize("kill_at", ["The deadline passed.", "Game-turn 1 · alice · Move"])
def test_item_4_a_deadline_fired_then_killed_before_its_news_was_told_is_told_once_after_the_restart(
    tmp_path: Path, kill_at: str
) -> None:
    """SIGKILL after the deadline's effects were committed, before its news was printed (or half
    way through it: the first message printed, the rest not): played again, the restart prints
    the news not printed before, each message once, where an uninterrupted run prints it."""
    script = write_script(tmp_path, *STARTED, "/wait 48h", "/warpwar status")
    reference = tmp_path / "reference.sqlite3"
    whole = bot(*script_on(script, reference))
    assert whole.returncode == 0, whole.stdout[-2000:]
    expected = news_after_the_wait(whole.stdout, reference.with_suffix(".pictures"))
    assert kill_at in expected[0] or kill_at in "\n".join(expected[1:])

    crashed = tmp_path / "crashed.sqlite3"
    killed = subprocess.run(
        [sys.executable, "tests/console/kill_at.py", kill_at, *script_on(script, crashed)],
        cwd=ROOT,
        env={**os.environ, "DISCORD_TOKEN": ""},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    assert killed.returncode == -signal.SIGKILL, killed.stdout[-2000:] + killed.stderr[-2000:]
    assert rows(crashed, "events") == rows(reference, "events"), "the deadline fired before the kill"
    restarted = bot(*script_on(script, crashed))
    assert restarted.returncode == 0, restarted.stdout[-2000:]

    pictures = crashed.with_suffix(".pictures")
    told_before = news_after_the_wait(killed.stdout, pictures)
    assert kill_at not in "\n".join(told_before), "killed before that message was printed"
    assert told_before + news_after_the_wait(restarted.stdout, pictures) == expected
    assert dump(crashed) == dump(reference)


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
