"""One game-master process of tests/gm/test_i16_processes.py: ``python -m tests.gm.i16_worker
ADDRESS``, a :class:`GameMaster` on the PostgreSQL database at ADDRESS.

It reads jobs, one JSON object a line, from its standard input and carries each out at once, as
its own task (many at a time, as a bot does with interactions), and writes one line for each when
it is done: ``{"id": …, "ok": …, "text": …}``, written only once the game master has answered,
which is once what it did is stored (an acknowledged command), or with the error that stopped it.
Jobs:

- ``orders``: a player's sealed orders for a round (``game``, ``user``, ``name``, ``star``,
  ``round``, ``text``, ``request``: the request id of the button pressed);
- ``time``: the clock now reads ``at`` (ISO), as every process's clock would;
- ``fire``: the deadlines due are fired (``text`` is how many fired here);
- ``stall``: the game's lock is taken and held, ``stalled`` written, and nothing more done with it
  (a process that hangs holding a lock, until it is killed).
"""

from __future__ import annotations

import asyncio
import json
import sys
from datetime import datetime
from typing import Any

from gm.announce import Reply
from gm.clock import ManualClock
from gm.core import Actor
from gm.service import GameMaster
from store.db import open_database


def answer(job: dict[str, Any], ok: bool, text: str) -> None:
    sys.stdout.write(json.dumps({"id": job["id"], "ok": ok, "text": text}) + "\n")
    sys.stdout.flush()


async def carry_out(gm: GameMaster, clock: ManualClock, job: dict[str, Any]) -> None:
    """The job, answered; an error is answered too (the test fails on it at once, not later)."""
    try:
        await do(gm, clock, job)
    except Exception as error:
        answer(job, False, f"{type(error).__name__}: {error}")


async def do(gm: GameMaster, clock: ManualClock, job: dict[str, Any]) -> None:
    kind = job["kind"]
    if kind == "orders":
        actor = Actor(job["user"], job["name"], request_id=job["request"])
        reply: Reply = await gm.submit_orders(
            actor, job["game"], job["star"], job["text"], round=job["round"]
        )
        answer(job, reply.ok, reply.text)
    elif kind == "time":
        clock.advance(datetime.fromisoformat(job["at"]) - clock.now())
        answer(job, True, clock.now().isoformat())
    elif kind == "fire":
        answer(job, True, str(len(await gm.fire_due())))
    elif kind == "stall":
        async with gm.locked(job["game"]):
            answer(job, True, "stalled")
            await asyncio.Event().wait()


async def serve(address: str) -> None:
    db = await open_database(address)
    clock = ManualClock()
    gm = GameMaster(db, clock)
    await gm.check_games()
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    running: set[asyncio.Task[None]] = set()
    answer({"id": "ready"}, True, "ready")
    while line := await reader.readline():
        task = asyncio.create_task(carry_out(gm, clock, json.loads(line)))
        running.add(task)
        task.add_done_callback(running.discard)
    await asyncio.gather(*running)
    await db.close()


if __name__ == "__main__":
    asyncio.run(serve(sys.argv[1]))
