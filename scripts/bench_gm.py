"""Benchmark of the game master: 200 games played at once through it on one SQLite file.

Issue 4's budget: a command that draws nothing is handled in under 50 ms at the 99th
percentile, database write included, with 200 games in play.

Two runs, because a latency measured at saturation only measures the queue: first every game
sends its next command the moment the last is answered (the most the store can take:
commands per second); then the same 200 games play with pauses between commands, offering
half that rate, and each command's latency is timed.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable
from dataclasses import dataclass, field
from pathlib import Path

from gm.announce import Reply
from gm.clock import ManualClock
from gm.core import Actor
from gm.service import GameMaster
from store.db import open_database

GAMES = 200
TURNS = 2
"""Player-turns per player: build, end the build, move, end the turn (4 commands each)."""
BUDGET_MS = 50.0
LOAD = 0.5
"""Share of the measured capacity offered during the latency run."""


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
        f"({len(flat_out.latencies)} commands, every game sending without pause)",
        f"non-drawing command latency at {LOAD:.0%} of capacity ({len(paced.latencies)} commands): "
        f"p50 {p50:.1f} ms, p99 {p99:.1f} ms (budget p99 {BUDGET_MS:g} ms)",
    ]


def game_master() -> list[str]:
    """The benchmark section: its figures, as lines of text."""
    with tempfile.TemporaryDirectory() as directory:
        return asyncio.run(_measure(Path(directory)))
