"""Running the console: in this process over a temporary database, or as ``python bot.py``."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

from console.app import DEFAULT_SEED, Outcome, Session, Setup, open_session, play_script
from console.clock import SCRIPT_START
from gm.clock import ManualClock

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "data" / "demo" / "classic-learning.txt"
PNG = b"\x89PNG\r\n\x1a\n"
TIMEOUT = 60.0
"""Seconds any one run of bot.py may take before the test fails."""


@dataclass
class Console:
    """A session whose printed lines are kept; ``play`` types lines and returns what they printed."""

    session: Session
    clock: ManualClock
    out: list[str] = field(default_factory=list)

    async def play(self, *lines: str) -> list[str]:
        start = len(self.out)
        for line in lines:
            await self.session.line(line)
        return self.out[start:]

    async def outcome(self, line: str) -> Outcome:
        return await self.session.line(line)

    async def script(self, path: Path, keep_going: bool = False) -> tuple[int, list[str]]:
        start = len(self.out)
        code = await play_script(self.session, path, keep_going)
        return code, self.out[start:]

    def text(self) -> str:
        return "\n".join(self.out)


@asynccontextmanager
async def open_console(folder: Path, pictures: bool = True) -> AsyncIterator[Console]:
    clock = ManualClock(SCRIPT_START)
    out: list[str] = []
    setup = Setup(folder / "games.sqlite3", folder / "pictures" if pictures else None, DEFAULT_SEED)
    async with open_session(setup, clock, out.append) as session:
        yield Console(session, clock, out)


STARTED = (
    '/warpwar new title:"Test game" fixed_order:yes',
    "/as bob",
    "/warpwar join",
    "/as alice",
    "/warpwar start",
    "/as bob",
    "/warpwar end south",
    "/as alice",
)
"""A classic learning game in #game, alice (base Ur) then bob (base Babylon), alice typing."""
SPENT = ('/build ship star:Ur design:"WG=1 PD=5 B=3"',) * 3
"""alice spends 39 of her 40 BP: a learning game's first build phase ends only then (R-BUILD-6)."""


def bot(*args: str, typed: str | None = None, **env: str) -> subprocess.CompletedProcess[str]:
    """``python bot.py ARGS`` from the repository root, reading ``typed`` (else nothing: no
    terminal), without a Discord token (an empty one also outweighs a developer's own .env,
    which python-dotenv does not override)."""
    return run_bot(list(args), typed=typed, env=env)


def run_bot(
    args: list[str],
    *,
    typed: str | None = None,
    env: Mapping[str, str] | None = None,
    prelude: str = "",
    timeout: float = TIMEOUT,
    preexec_fn: Callable[[], None] | None = None,
) -> subprocess.CompletedProcess[str]:
    """:func:`bot` with more say: ``prelude`` is Python run in the process before ``bot.main``
    (to simulate a small disk, say), ``preexec_fn`` runs in the child before it starts."""
    environment = {**os.environ, "DISCORD_TOKEN": "", **(env or {})}
    command = ["bot.py"] if not prelude else ["-c", f"{prelude}\nimport sys, bot\nsys.exit(bot.main())"]
    return subprocess.run(
        [sys.executable, *command, *args],
        cwd=ROOT,
        input=typed,
        stdin=subprocess.DEVNULL if typed is None else None,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=environment,
        check=False,
        preexec_fn=preexec_fn,
    )


def write_script(folder: Path, *lines: str) -> Path:
    path = folder / "game.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path
