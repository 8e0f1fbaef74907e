"""Issue 15, items 1, 3 and 4: how the game master uses its database, checked by counting.

A command is one call to the database (an order to its writer process), its game held in
memory and checked by version in that call; the table of per-game locks holds only the locks in
use; overdue deadlines are told as they fire, oldest first; requests older than the setting are
pruned. No test here times anything (the budgets are in ``make bench``).
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Awaitable, Callable, Sequence
from datetime import timedelta
from typing import Any, cast

import aiosqlite
import pytest

from gm.announce import Reply
from gm.core import Actor
from gm.locks import Locks
from gm.service import GameMaster
from gm.timing import PRUNE_EVERY, DeadlineRunner
from store import games
from store.db import Step
from store.writer import Writer
from tests.backends import ON_SQLITE
from tests.gm.table import ALICE, BOB, CHANNEL, GUILD, Table, said
from tests.gm.test_whole_games import start_classic_learning

Calls = list[str]


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Calls:
    """The name of every function sent to a database thread from now on (aiosqlite's queue), and
    of every order sent to the writer process (store.writer)."""
    sent: Calls = []
    execute = cast(Callable[..., Awaitable[Any]], aiosqlite.Connection._execute)

    async def counted(self: aiosqlite.Connection, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        sent.append(getattr(fn, "__qualname__", repr(fn)))
        return await execute(self, fn, *args, **kwargs)

    send = Writer.send

    async def sent_to_writer(self: Writer, order: Sequence[Step] | str) -> None:
        sent.append("Writer.send")
        await send(self, order)

    monkeypatch.setattr(aiosqlite.Connection, "_execute", counted)
    monkeypatch.setattr(Writer, "send", sent_to_writer)
    return sent


async def learning_game(table: Table, channel: int) -> int:
    title = f"Game {channel}"
    await table.ok(table.gm.create(ALICE, GUILD, channel, title, ruleset="classic", scenario="learning"))
    await table.ok(table.gm.join(BOB, channel))
    await table.ok(table.gm.start(ALICE, channel))
    return await table.game_id(channel)


@ON_SQLITE
async def test_item_15_1_a_command_is_one_call_to_the_database(table: Table, calls: Calls) -> None:
    """Once the game is held, a command (with a request id, so answered once) and its
    announcements and reply are one transaction in one call; a refusal reads once, to give a
    request answered before its first reply."""
    await start_classic_learning(table)
    calls.clear()
    built = await table.ok(
        table.gm.build_ship(Actor(ALICE.user_id, "alice", request_id="one"), CHANNEL, "Ur", "WG=1 PD=5 B=3")
    )
    assert len(calls) == 1 and built.queued
    events = await games.events(table.db, await table.game_id())
    assert events[-1].kind == "ShipBuilt"

    calls.clear()
    again = await table.gm.build_ship(
        Actor(ALICE.user_id, "alice", request_id="one"), CHANNEL, "Ur", "WG=1 PD=5 B=3"
    )
    assert again == built and len(calls) == 2, "tried in one call, rolled back, then the first reply read"
    assert await games.events(table.db, await table.game_id()) == events, "nothing carried out twice"

    calls.clear()
    refused = await table.gm.build_ship(BOB, CHANNEL, "Ur", "WG=1 PD=5 B=3")
    assert not refused.ok and calls == [], "a refusal without a request id asks nothing of the database"
    assert await games.events(table.db, await table.game_id()) == events


async def test_item_15_1_a_game_written_behind_the_game_masters_back_is_read_again(table: Table) -> None:
    """What is held in memory is checked by version in the command's own transaction: a game
    another game master moved on meanwhile is read again and the command carried out on it;
    both commands stand and the state is the fold of its events."""
    game = await start_classic_learning(table)
    await table.ok(table.gm.build_ship(ALICE, CHANNEL, "Ur", "WG=1 PD=5 B=3"))  # held at this version
    other = GameMaster(table.db, table.clock, seeds=lambda game_id: 7)
    await table.ok(other.build_ship(ALICE, CHANNEL, "Ur", "WG=1 PD=5 B=3"))
    third = await table.ok(table.gm.build_ship(ALICE, CHANNEL, "Ur", "WG=1 PD=5 B=3"))
    assert "W3" in third.text, "built after the other game master's W2, not over it"
    state = await table.gm.stored_state(game)
    assert state is not None and [s.label for s in state.ships_of("alice")] == ["W1", "W2", "W3"]
    assert state == await table.gm.replay(game)


async def test_item_15_1_the_lock_table_keeps_only_the_locks_in_use(table: Table) -> None:
    """A lock per game lives while a command holds it or waits for it, then goes: the table
    does not grow with every game ever served."""
    for channel in range(300, 306):
        await learning_game(table, channel)
    await asyncio.gather(*(table.gm.status(channel) for channel in range(300, 306)))
    gc.collect()
    assert len(table.gm._locks) == 0

    locks: Locks[int] = Locks()
    first = locks(1)
    async with first:
        waiting = asyncio.ensure_future(_take(locks, 1))
        await asyncio.sleep(0)
        assert locks(1) is first and len(locks) == 1, "the lock waited for is the one held"
    await waiting
    del first
    gc.collect()
    assert len(locks) == 0


async def _take(locks: Locks[int], key: int) -> None:
    async with locks(key):
        pass


async def overdue_games(table: Table, channels: range) -> list[int]:
    """A learning game in each channel, each started an hour after the one before; then the
    game master restarts a hundred hours later, with every phase deadline overdue."""
    found = []
    for channel in channels:
        found.append(await learning_game(table, channel))
        table.clock.advance(timedelta(hours=1))
    table.clock.advance(timedelta(hours=100))
    table.gm = GameMaster(table.db, table.clock, seeds=lambda game_id: 7)
    return found


async def test_item_15_3_overdue_deadlines_are_told_as_they_fire_oldest_first(table: Table) -> None:
    """At start-up each overdue deadline is told as soon as it has fired, the oldest first: the
    first is told while the others are still due, not after every one has fired."""
    ids = await overdue_games(table, range(400, 404))
    told: list[tuple[int | None, int]] = []

    async def deliver(reply: Reply) -> None:
        still_due = await games.due_deadlines(table.db, table.clock.now())
        told.append((reply.game_id, len([d for d in still_due if d.kind != "remind"])))
        assert "late: the bot was away" in said(reply)

    await DeadlineRunner(table.gm, deliver).one_pass()
    assert [game for game, _ in told] == ids, "oldest first"
    assert [due for _, due in told] == [3, 2, 1, 0], "each told before the next fired"


async def requests(table: Table) -> set[str]:
    return {r["request_id"] for r in await table.db.fetch_all("SELECT request_id FROM requests")}


async def test_item_15_4_requests_older_than_the_setting_are_pruned_at_start_up_and_hourly(
    table: Table,
) -> None:
    """Requests are kept for the game master's ``requests_kept`` (30 days by default; a day in
    this game master), then pruned: at the deadline task's first pass (start-up), then every
    hour. A pruned request sent again is a new request."""
    await start_classic_learning(table)
    gm = GameMaster(table.db, table.clock, requests_kept=timedelta(days=1))
    for n in range(3):  # 12 hours apart
        await table.ok(_remember(gm, f"day-{n}"))
        table.clock.advance(timedelta(hours=12))
    assert await requests(table) == {"day-0", "day-1", "day-2"}
    runner = DeadlineRunner(gm, _nowhere)
    await runner.one_pass()
    assert await requests(table) == {"day-1", "day-2"}, "day-0 is 36 hours old, day-1 a day exactly"
    table.clock.advance(PRUNE_EVERY / 2)
    await runner.one_pass()
    assert await requests(table) == {"day-1", "day-2"}, "older than a day now, but pruning is hourly"
    table.clock.advance(PRUNE_EVERY / 2)
    await runner.one_pass()
    assert await requests(table) == {"day-2"}
    await table.ok(_remember(gm, "day-0"))
    assert await requests(table) == {"day-0", "day-2"}


async def _nowhere(reply: Reply) -> None:
    """A front end that tells nobody."""


def _remember(gm: GameMaster, request_id: str) -> Awaitable[Reply]:
    """A command with a request id whose reply is stored: a server's defaults changed."""
    return gm.server_defaults(Actor(99, "mod", manager=True, request_id=request_id), GUILD, phase_hours=12)
