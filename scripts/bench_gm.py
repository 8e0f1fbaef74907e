"""Benchmarks of the game master: commands of 200 games at once, and deadlines at start-up.

Issue 15's budgets: with 200 games in play, a command that draws nothing is handled in
under 2 ms at the median and 10 ms at the 99th percentile (at half the capacity), and the
game master takes at least 1,500 commands a second; beside them stands the floor measured in
the same run, one aiosqlite insert and commit, which no command can beat.

Two runs, because a latency measured at saturation only measures the queue: first every game
sends its next command the moment the last is answered (the most the store can take:
commands per second); then the same 200 games play with pauses between commands, offering
half that rate, and each command's latency is timed.

At start-up, with 10,000 games and 1,000 of their deadlines overdue, the first overdue one is
told within a second (the others are told as they fire, oldest first).
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Awaitable
from contextlib import closing
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

import aiosqlite

from bot import freeze_start_up
from gm.announce import Reply
from gm.clock import ManualClock
from gm.core import Actor
from gm.service import GameMaster
from gm.timing import DeadlineRunner
from store.db import open_database
from store.games import stamp
from store.sqlite import PRAGMAS

GAMES = 200
TURNS = 2
"""Player-turns per player: build, end the build, move, end the turn (4 commands each)."""
P50_BUDGET_MS, P99_BUDGET_MS = 2.0, 10.0
CAPACITY_BUDGET = 1500
"""Commands a second, at least."""
LOAD = 0.5
"""Share of the measured capacity offered during the latency run."""
FLOOR_RUNS = 300


@dataclass
class Run:
    """One benchmark run: how it paces commands, and what it measured."""

    pause: float = 0.0
    """Mean seconds a game waits between its commands (0: none)."""
    latencies: list[float] = field(default_factory=list)
    rng: random.Random = field(default_factory=lambda: random.Random(4))

    async def send(self, call: Awaitable[Reply]) -> Reply:
        if self.pause:
            await asyncio.sleep(self.rng.expovariate(1 / self.pause))
        start = time.perf_counter()
        reply = await call
        self.latencies.append((time.perf_counter() - start) * 1000)
        if not reply.ok:
            raise RuntimeError(f"refused in the benchmark: {reply.text}")
        return reply


async def _play(gm: GameMaster, channel: int, run: Run) -> None:
    """One classic advanced game: each player builds a Warpship and moves it a hex a turn."""
    alice, bob = Actor(channel * 10 + 1, "alice"), Actor(channel * 10 + 2, "bob")
    created = await run.send(
        gm.create(alice, 1, channel, ruleset="classic", scenario="advanced", fixed_order=True)
    )
    await run.send(gm.join(bob, channel))
    await run.send(gm.start(alice, channel))
    await run.send(gm.choose_end(bob, channel, "south"))  # bob moves second: he chooses (R-SCEN-2)
    assert created.game_id is not None
    for turn in range(TURNS * 2):
        actor = alice if turn % 2 == 0 else bob
        state = await gm.stored_state(created.game_id)
        assert state is not None
        base = state.bases_of(actor.name)[0].star
        step = state.map.neighbours(state.map.star(base).hex)[0]
        await run.send(gm.build_ship(actor, channel, base, "WG=1 PD=5"))
        await run.send(gm.done(actor, channel))
        await run.send(gm.move(actor, channel, f"W{turn // 2 + 1}", path=step))
        await run.send(gm.done(actor, channel))


async def _games(path: Path, run: Run) -> float:
    """Play GAMES games at once on a fresh database; the wall time in seconds."""
    db = await open_database(path)
    gm = GameMaster(db, ManualClock(), seeds=lambda game_id: game_id)
    start = time.perf_counter()
    await asyncio.gather(*(_play(gm, 1000 + i, run) for i in range(GAMES)))
    wall = time.perf_counter() - start
    await db.close()
    return wall


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


async def _measure(directory: Path) -> list[str]:
    floor = await _floor(directory / "floor.sqlite3")
    flat_out = Run()
    wall = await _games(directory / "capacity.sqlite3", flat_out)
    capacity = len(flat_out.latencies) / wall
    # Each game's command rate is its share of LOAD × capacity; its pause is what is left of
    # its period after the command itself.
    period = GAMES / (LOAD * capacity)
    paced = Run(pause=max(0.0, period - 1 / capacity))
    await _games(directory / "latency.sqlite3", paced)
    p50, p99 = statistics.median(paced.latencies), _percentile(paced.latencies, 0.99)
    return [
        f"game master, {GAMES} games at once on one SQLite file: capacity {capacity:.0f} commands/s "
        f"(budget {CAPACITY_BUDGET}; {len(flat_out.latencies)} commands, every game sending without pause)",
        f"non-drawing command latency at {LOAD:.0%} of capacity ({len(paced.latencies)} commands): "
        f"p50 {p50:.2f} ms (budget {P50_BUDGET_MS:g}), p99 {p99:.2f} ms (budget {P99_BUDGET_MS:g})",
        f"floor, one aiosqlite insert + commit ({FLOOR_RUNS} in a row, same disk): "
        f"p50 {statistics.median(floor):.2f} ms, p99 {_percentile(floor, 0.99):.2f} ms; "
        f"command p50 / floor p50: {p50 / statistics.median(floor):.1f}x",
    ]


async def _floor(path: Path) -> list[float]:
    """Milliseconds of one insert and its commit through aiosqlite, with the game master's
    settings (WAL, synchronous FULL): the least a stored command can cost."""
    async with aiosqlite.connect(path) as connection:
        for pragma in PRAGMAS:
            await connection.execute(f"PRAGMA {pragma}")
        await connection.execute("CREATE TABLE floor (n INTEGER)")
        await connection.commit()
        times = []
        for n in range(FLOOR_RUNS):
            start = time.perf_counter()
            await connection.execute("INSERT INTO floor (n) VALUES (?)", (n,))
            await connection.commit()
            times.append((time.perf_counter() - start) * 1000)
        return times


def game_master() -> list[str]:
    """The benchmark section: its figures, as lines of text. The process is set up as the bot's
    is once started (bot.freeze_start_up: what start-up made is out of the collector's reach)."""
    freeze_start_up()
    with tempfile.TemporaryDirectory() as directory:
        return asyncio.run(_measure(Path(directory)))


# --- deadlines at start-up ------------------------------------------------------------------

START_GAMES = 10_000
OVERDUE = 1_000
FIRST_BUDGET_MS = 1000.0
"""The first overdue deadline is told within this of the deadline task's start (issue 15)."""


async def _start_up(directory: Path) -> list[str]:
    """A file of START_GAMES running games, OVERDUE of them with their phase deadline passed
    while the bot was away; a new game master's deadline task starts: how soon is the first
    one told, and how long until all are?"""
    path = directory / "start.sqlite3"
    clock = ManualClock()
    db = await open_database(path)
    gm = GameMaster(db, clock, seeds=lambda game_id: game_id)
    alice, bob = Actor(1, "alice"), Actor(2, "bob")
    created = await gm.create(alice, 1, 1, ruleset="classic", scenario="learning", fixed_order=True)
    await gm.join(bob, 1)
    await gm.start(alice, 1)
    await db.close()
    assert created.game_id is not None
    clock.advance(timedelta(hours=100))
    _copies(path, created.game_id, clock.now())

    db = await open_database(path)
    told: list[float] = []
    started = time.perf_counter()

    async def deliver(reply: Reply) -> None:
        told.append((time.perf_counter() - started) * 1000)

    await DeadlineRunner(GameMaster(db, clock), deliver).one_pass()
    await db.close()
    assert len(told) == OVERDUE, len(told)
    return [
        f"start-up with {START_GAMES} games, {OVERDUE} deadlines overdue: the first told after "
        f"{told[0]:.0f} ms (budget {FIRST_BUDGET_MS:g} ms), the last after {told[-1] / 1000:.1f} s",
    ]


def _copies(path: Path, template: int, now: datetime) -> None:
    """START_GAMES - 1 copies of the template game, each in its own channel; the first OVERDUE
    have their deadlines passed (a second apart, the oldest first), the others' are to come."""
    columns = "guild_id, kind, title, creator_id, status, setup, state, version, created_at, updated_at"
    seat = "user_id, name, joined, alliance, seed, reactions"
    with closing(sqlite3.connect(path)) as raw:
        deadlines = "SELECT key, kind, payload FROM deadlines WHERE game_id = ?"
        wanted = raw.execute(deadlines, (template,)).fetchall()
        raw.execute("DELETE FROM deadlines WHERE game_id = ?", (template,))
        for n in range(1, START_GAMES):
            cursor = raw.execute(
                f"INSERT INTO games (channel_id, {columns}) SELECT ?, {columns} FROM games WHERE id = ?",
                (1 + n, template),
            )
            game = cursor.lastrowid
            seated = f"INSERT INTO seats (game_id, {seat}) SELECT ?, {seat} FROM seats WHERE game_id = ?"
            raw.execute(seated, (game, template))
            passed = now - timedelta(hours=50) + timedelta(seconds=n)
            due = passed if n <= OVERDUE else now + timedelta(days=1)
            raw.executemany(
                "INSERT INTO deadlines (game_id, key, kind, due_at, payload) VALUES (?, ?, ?, ?, ?)",
                [(game, key, kind, stamp(due), payload) for key, kind, payload in wanted],
            )
        raw.commit()


def deadlines_at_start() -> list[str]:
    """The benchmark section of the deadlines at start-up: its figures, as lines of text."""
    with tempfile.TemporaryDirectory() as directory:
        return asyncio.run(_start_up(Path(directory)))
