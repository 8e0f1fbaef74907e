"""Issue 16, item 2 played by processes: three game masters on one PostgreSQL database, 50 games.

Each process (tests/gm/i16_worker.py) takes jobs as a bot takes interactions, many at once. Every
player of every game sends sealed orders for each round, each through a process drawn at random;
a quarter of the presses reach a second process too (a button pressed twice, one request id);
some rounds are left to their deadline, and all the processes fire what is due at the same
moment. In the second round one process hangs holding a game's lock and is killed with SIGKILL
while it has commands in flight; what it had not acknowledged is sent again to the others, with
the same request ids, as a front end retries.

Then: every acknowledged command is in the log once (nothing lost, nothing done twice), every
round is resolved exactly once, every deadline fired once, and each game's final state equals a
single process's replay of the same commands, on a SQLite file.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

from engine.warpwar import GameState
from engine.warpwar.events import OrdersSubmitted, RoundFought
from gm.core import Actor
from store import games
from tests.backends import ON_POSTGRES
from tests.engine.battle_helpers import battle
from tests.gm.table import ALICE, BOB, Table, open_table, seat_position

pytestmark = ON_POSTGRES

ROOT = Path(__file__).resolve().parents[2]
PROCESSES = 3
GAMES = 50
FIRST_CHANNEL = 1000
STAR = "Kish"
ORDERS = {ALICE: "W1 ATTACKS W2: D=1 B=1", BOB: "W2 ATTACKS: D=1"}
STEP = timedelta(hours=25)
"""How far the clock moves before the deadlines fire: past a round's 24-hour deadline."""
TWICE = 0.25
"""The share of presses that reach a second process too."""
PATIENCE = 120.0
"""Seconds a job may take at most: a process stuck on a lock fails the test, never hangs it."""


@dataclass(frozen=True)
class Press:
    """One player's orders for one round of one game: a button pressed once."""

    game: int
    actor: Actor
    round: int

    def job(self) -> dict[str, Any]:
        return {
            "kind": "orders",
            "game": self.game,
            "user": self.actor.user_id,
            "name": self.actor.name,
            "star": STAR,
            "round": self.round,
            "text": ORDERS[self.actor],
            "request": f"press-{self.game}-{self.actor.name}-{self.round}",
        }


@dataclass
class Worker:
    """One game-master process and the jobs it has not answered yet."""

    process: asyncio.subprocess.Process
    waiting: dict[str, tuple[asyncio.Future[dict[str, Any]], dict[str, Any]]] = field(default_factory=dict)
    answered: int = 0
    alive: bool = True

    async def read(self) -> None:
        assert self.process.stdout is not None
        while line := await self.process.stdout.readline():
            done = json.loads(line)
            future, _ = self.waiting.pop(done["id"])
            future.set_result(done)
            self.answered += 1


Sent = tuple[str, "asyncio.Future[dict[str, Any]]"]
"""A job's id and its answer to come."""


class Processes:
    """The game-master processes, and jobs sent to them by number."""

    def __init__(self, workers: list[Worker]) -> None:
        self.workers = workers
        self._ids = 0

    @classmethod
    @contextlib.asynccontextmanager
    async def started(cls, address: str, count: int) -> AsyncIterator[Processes]:
        workers = []
        readers = []
        try:
            for _ in range(count):
                process = await asyncio.create_subprocess_exec(
                    sys.executable,
                    "-m",
                    "tests.gm.i16_worker",
                    address,
                    cwd=ROOT,
                    stdin=asyncio.subprocess.PIPE,
                    stdout=asyncio.subprocess.PIPE,
                    env={**os.environ, "PYTHONPATH": str(ROOT)},
                )
                workers.append(Worker(process))
            for worker in workers:
                assert worker.process.stdout is not None
                ready = await asyncio.wait_for(worker.process.stdout.readline(), PATIENCE)
                assert json.loads(ready)["text"] == "ready"
                readers.append(asyncio.create_task(worker.read()))
            yield cls(workers)
        finally:
            for worker in workers:
                with contextlib.suppress(ProcessLookupError):
                    worker.process.kill()
                await worker.process.wait()
            for reader in readers:
                reader.cancel()

    def alive(self) -> list[int]:
        return [n for n, w in enumerate(self.workers) if w.alive]

    def send(self, to: int, job: dict[str, Any]) -> Sent:
        worker = self.workers[to]
        assert worker.alive and worker.process.stdin is not None
        self._ids += 1
        job = {**job, "id": str(self._ids)}
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        worker.waiting[job["id"]] = (future, job)
        worker.process.stdin.write((json.dumps(job) + "\n").encode())
        return job["id"], future

    async def everywhere(self, job: dict[str, Any]) -> list[dict[str, Any]]:
        """The job sent to every live process at once; their answers."""
        sent = [self.send(n, job) for n in self.alive()]
        return list(await asyncio.wait_for(asyncio.gather(*(f for _, f in sent)), PATIENCE))

    async def kill_busy(self, victim: int, answered: int) -> dict[str, Sent]:
        """Once the victim has answered ``answered`` jobs in all, SIGKILL it, whatever it is doing;
        its unanswered orders go again, the same request ids, to the others (by the lost job's id)."""
        worker = self.workers[victim]
        while worker.answered < answered:
            await asyncio.sleep(0.005)
        worker.process.send_signal(signal.SIGKILL)
        worker.alive = False
        lost = [job for _, job in worker.waiting.values() if job["kind"] == "orders"]
        assert lost, "the victim died with no command in flight"
        for future, _ in worker.waiting.values():
            future.cancel()
        worker.waiting.clear()
        others = self.alive()
        return {job["id"]: self.send(others[n % len(others)], job) for n, job in enumerate(lost)}


async def battles(table: Table) -> list[int]:
    """Fifty games, each a battle at Kish between alice and bob waiting for round 1's orders."""
    position = battle("alice W1: TL0 PD=3 B=1", "bob W2: TL0 PD=3 A=99")
    return [await seat_position(table, position, channel=FIRST_CHANNEL + n) for n in range(GAMES)]


async def open_round(table: Table, game: int) -> int:
    state = await table.gm.stored_state(game)
    assert isinstance(state, GameState)
    [fight] = state.turn.battles
    assert fight.star == state.map.resolve(STAR), f"the battle of game {game} ended"
    return fight.round


@dataclass
class Run:
    """The games, and what the processes were asked to do, wave by wave (for the replay)."""

    games: list[int]
    waves: list[list[Press] | None] = field(default_factory=list)
    """Each wave's presses, or None for a wave of deadlines (the clock moved on by STEP)."""
    answers: dict[Press, list[dict[str, Any]]] = field(default_factory=dict)
    """Every press's answers: one per process it reached."""


async def press_wave(
    table: Table, processes: Processes, run: Run, rng: random.Random, quiet: int = 0, kill: int | None = None
) -> None:
    """Every game's players send their orders for its open round (bob not in every ``quiet``-th
    game), each through a process drawn at random, some through two. With ``kill``, that process
    first hangs holding the first game's lock, then dies with commands in flight."""
    presses: list[Press] = []
    for game in run.games:
        round_ = await open_round(table, game)
        players = (ALICE,) if quiet and game % quiet == 0 else (ALICE, BOB)
        presses.extend(Press(game, actor, round_) for actor in players)
    run.waves.append(presses)
    if kill is not None:
        _, stalled = processes.send(kill, {"kind": "stall", "game": run.games[0]})
        assert (await asyncio.wait_for(stalled, PATIENCE))["text"] == "stalled"
        busy = processes.workers[kill].answered + len(presses) // 10
    sent: list[tuple[Press, Sent]] = []
    for press in presses:
        first, second = rng.sample(processes.alive(), 2)
        sent.append((press, processes.send(first, press.job())))
        if rng.random() < TWICE:
            sent.append((press, processes.send(second, press.job())))
    if kill is not None:
        again = await processes.kill_busy(kill, answered=busy)
        sent = [(press, again.get(job_id, (job_id, future))) for press, (job_id, future) in sent]
    for press, (_, future) in sent:
        run.answers.setdefault(press, []).append(await asyncio.wait_for(future, PATIENCE))


async def deadline_wave(table: Table, processes: Processes, run: Run) -> None:
    """The clock moves past the rounds' deadlines in every process; all fire what is due at once."""
    run.waves.append(None)
    table.clock.advance(STEP)
    await processes.everywhere({"kind": "time", "at": table.clock.now().isoformat()})
    await processes.everywhere({"kind": "fire"})
    assert await games.due_deadlines(table.db, table.clock.now()) == []


async def replay(where: Path, run: Run) -> Table:
    """The same presses and deadlines, one after another, in one process on a SQLite file."""
    alone = await open_table(where)
    assert await battles(alone) == run.games
    for wave in run.waves:
        if wave is None:
            await alone.pass_time(STEP / timedelta(hours=1))
            continue
        for press in wave:
            text = ORDERS[press.actor]
            await alone.ok(alone.gm.submit_orders(press.actor, press.game, STAR, text, round=press.round))
    return alone


def read(logged: list[games.LoggedEvent], kind: str) -> list[dict[str, Any]]:
    return [json.loads(e.body) for e in logged if e.kind == kind]


async def test_item_2_three_processes_fifty_games_one_killed(database_at: str, tmp_path: Path) -> None:
    table = await open_table(database_at)
    rng = random.Random(16)
    try:
        run = Run(await battles(table))
        async with Processes.started(database_at, PROCESSES) as processes:
            await press_wave(table, processes, run, rng)
            await press_wave(table, processes, run, rng, kill=PROCESSES - 1)
            await press_wave(table, processes, run, rng, quiet=4)
            await deadline_wave(table, processes, run)
            await press_wave(table, processes, run, rng, quiet=3)
            await deadline_wave(table, processes, run)
        for press, answers in run.answers.items():
            assert all(a["ok"] for a in answers), (press, answers)
            assert len({a["text"] for a in answers}) == 1, "a press reaching two processes has one answer"
        alone = await replay(tmp_path / "alone.sqlite3", run)
        try:
            for game in run.games:
                logged = await games.events(table.db, game)
                sealed = sorted((o["player"], o["round"]) for o in read(logged, OrdersSubmitted.__name__))
                pressed = sorted((p.actor.name, p.round) for p in run.answers if p.game == game)
                assert sealed == pressed, f"game {game}: every acknowledged press stored, once"
                rounds = [f["report"]["round"] for f in read(logged, RoundFought.__name__)]
                assert rounds == list(range(1, len(rounds) + 1)), f"game {game}: each round resolved once"
                fired = [e.kind for e in logged if e.actor_id is None]
                assert fired == [e.kind for e in await games.events(alone.db, game) if e.actor_id is None]
                assert await table.gm.stored_state(game) == await alone.gm.stored_state(game), f"game {game}"
        finally:
            await alone.db.close()
    finally:
        await table.db.close()
