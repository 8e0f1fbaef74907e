"""Issue 16, item 2: game masters of several processes on one PostgreSQL database.

Each game master here has a database of its own (its own pool of connections, its own games
held in memory): two processes, as far as the database can tell. They share one clock. The
multi-process test (tests/gm/test_i16_processes.py) plays the same with real processes, one of
them killed mid-run.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import timedelta

import pytest

from engine.warpwar.events import RoundFought
from gm.core import Actor
from gm.service import GameMaster
from gm.timing import ELSEWHERE_WAIT, MAX_SLEEP_SHARED, DeadlineRunner
from store import games
from store.db import open_database
from tests.backends import ON_POSTGRES
from tests.engine.battle_helpers import battle
from tests.gm.table import ALICE, BOB, CAROL, CHANNEL, Table, open_table, seat_position
from tests.gm.test_whole_games import start_classic_learning

pytestmark = ON_POSTGRES


@dataclass
class Two:
    """Two game masters on one database: ``table``'s, and ``other`` (another process's)."""

    table: Table
    other: GameMaster

    @property
    def first(self) -> GameMaster:
        return self.table.gm


@pytest.fixture
async def two(database_at: str) -> AsyncIterator[Two]:
    table = await open_table(database_at)
    db = await open_database(database_at)
    yield Two(table, GameMaster(db, table.clock, seeds=lambda game_id: 7000 + game_id))
    await db.close()
    await table.db.close()


def kinds(events: list[games.LoggedEvent]) -> list[str]:
    return [e.kind for e in events]


async def deadline_batches(two: Two, game: int) -> set[int | None]:
    """The game's changes made by deadlines (no one acted), each once however many events."""
    return {e.batch for e in await games.events(two.table.db, game) if e.actor_id is None}


async def test_item_2_a_game_changed_by_another_process_is_read_again(two: Two) -> None:
    """The first game master holds the game in memory; the other builds in it; the first's next
    view and command start from the game as stored (its revision moved on), both ships there."""
    game = await start_classic_learning(two.table)
    state = await two.first.replay(game)
    assert state is not None
    home = state.bases_of("alice")[0].star
    await two.table.ok(two.first.build_ship(ALICE, CHANNEL, home, "WG=1 PD=5 B=3"))
    await two.table.ok(two.other.build_ship(ALICE, CHANNEL, home, "WG=1 PD=5 B=3"))
    fleet = await two.table.ok(two.first.fleet(ALICE, CHANNEL))
    assert "W1" in fleet.text and "W2" in fleet.text, fleet.text
    await two.table.ok(two.first.build_ship(ALICE, CHANNEL, home, "WG=1 PD=5 B=3"))
    loaded = await two.first.load(game)
    assert [s.label for s in loaded.state.ships_of("alice")] == ["W1", "W2", "W3"]
    assert loaded.state == await two.first.replay(game)


async def test_item_2_a_seat_taken_in_another_process_counts(two: Two) -> None:
    """Not only events: a seat taken through another process (a write without an event) is seen
    by the first, which holds the lobby: the third seat is refused as the game is full."""
    gm = two.first
    await two.table.ok(gm.create(ALICE, 1, CHANNEL, "Lobby", ruleset="classic", scenario="learning"))
    await two.table.ok(two.other.join(BOB, CHANNEL))
    await two.table.no(gm.join(CAROL, CHANNEL), "full")
    await two.table.ok(gm.start(ALICE, CHANNEL))


async def test_item_2_orders_sent_through_two_processes_resolve_each_round_once(two: Two) -> None:
    """Both players' orders at once, each through its own process, ten rounds: the database's
    lock lets one of them seal the round; ten reports, the state the fold of its events."""
    game = await seat_position(two.table, battle("alice W1: TL0 PD=3 B=1", "bob W2: TL0 PD=3 A=99"))
    for _ in range(10):
        replies = await asyncio.gather(
            two.first.submit_orders(ALICE, game, "Kish", "W1 ATTACKS W2: D=1 B=1"),
            two.other.submit_orders(BOB, game, "Kish", "W2 ATTACKS: D=1"),
        )
        assert all(r.ok for r in replies), [r.text for r in replies]
        assert sum("Orders revealed" in r.text for r in replies) == 1
    logged = await games.events(two.table.db, game)
    rounds = [json.loads(e.body)["report"]["round"] for e in logged if e.kind == RoundFought.__name__]
    assert rounds == list(range(1, 11))
    assert await two.first.stored_state(game) == await two.other.replay(game)


async def test_item_2_one_button_pressed_into_two_processes_is_done_once(two: Two) -> None:
    """The same request id reaches both processes together (a retried interaction): it is carried
    out once, and both answer with the one stored reply."""
    game = await seat_position(two.table, battle("alice W1: TL0 PD=3 B=1", "bob W2: TL0 PD=3 A=99"))
    pressed = Actor(ALICE.user_id, ALICE.name, request_id="button-1")
    first, second = await asyncio.gather(
        two.first.submit_orders(pressed, game, "Kish", "W1 ATTACKS W2: D=1 B=1"),
        two.other.submit_orders(pressed, game, "Kish", "W1 ATTACKS W2: D=1 B=1"),
    )
    assert first == second and first.ok
    assert kinds(await games.events(two.table.db, game)).count("OrdersSubmitted") == 1


async def test_item_2_a_new_game_opened_in_two_processes_at_once_is_opened_once(two: Two) -> None:
    """Two creations in one channel, one through each process: one game, one refusal."""
    replies = await asyncio.gather(
        two.first.create(ALICE, 1, CHANNEL, "Mine", ruleset="classic", scenario="learning"),
        two.other.create(BOB, 1, CHANNEL, "Yours", ruleset="classic", scenario="learning"),
    )
    assert sorted(r.ok for r in replies) == [False, True]
    assert [r.code for r in replies if not r.ok] == ["channel-busy"]


async def test_item_2_each_overdue_deadline_fires_in_one_process(two: Two) -> None:
    """Eight games' turns overdue; both processes fire what is due at the same moment: each
    deadline fires once (its game's lock, SKIP LOCKED), in one process or the other."""
    channels = [CHANNEL + n for n in range(8)]
    for channel in channels:
        gm = two.first
        await two.table.ok(gm.create(ALICE, 1, channel, "G", ruleset="classic", scenario="learning"))
        await two.table.ok(gm.join(BOB, channel))
        await two.table.ok(gm.start(ALICE, channel))
        await two.table.settle_ends(channel)
    two.table.clock.advance(timedelta(hours=49))
    first, other = await asyncio.gather(two.first.fire_due(), two.other.fire_due())
    ended = [r for r in (*first, *other) if any("The deadline passed" in a.text for a in r.announcements)]
    assert sorted(r.channel_id or 0 for r in ended) == channels
    for channel in channels:
        row = await games.live_game_in(two.table.db, channel)
        assert row is not None
        assert len(await deadline_batches(two, row.id)) == 1
    assert await two.first.fire_due() == [] and await two.other.fire_due() == []


async def test_item_2_a_games_outbox_is_delivered_once_by_two_processes(two: Two) -> None:
    """Both processes deliver the game's waiting news at once (a herald each): one at a time,
    so each announcement goes out once, in order."""
    game = await start_classic_learning(two.table)
    told: list[int] = []

    async def deliver(gm: GameMaster) -> None:
        async with gm.delivering(game):
            for waiting in await gm.undelivered(game):
                told.append(waiting.id)
                await asyncio.sleep(0.01)  # Discord takes its time
                await gm.delivered(waiting.id)

    await asyncio.gather(deliver(two.first), deliver(two.other), deliver(two.first))
    assert told and told == sorted(set(told))
    assert await two.first.undelivered(game) == []


async def test_item_2_a_deadline_whose_game_another_process_holds_is_passed_by_not_failed(two: Two) -> None:
    """The other process holds the game (a command, or firing the deadline itself): the runner
    passes the due deadline by without counting a failure, and looks again a second later; once
    the game is free, it fires it."""
    game = await start_classic_learning(two.table)
    two.table.clock.advance(timedelta(hours=49))
    runner = DeadlineRunner(two.first, lambda reply: asyncio.sleep(0))
    async with two.other.locked(game):
        assert await runner.one_pass() == ELSEWHERE_WAIT
        assert runner.failures == 0 and await deadline_batches(two, game) == set()
    await runner.one_pass()
    assert len(await deadline_batches(two, game)) == 1


async def test_item_2_every_process_looks_for_deadlines_at_least_every_30_seconds(two: Two) -> None:
    """A process is told of the deadlines it sets, not of another's: it looks again within 30 s,
    so a deadline set by a process that died meanwhile is fired by the others."""
    runner = DeadlineRunner(two.first, lambda reply: asyncio.sleep(0))
    assert await runner.one_pass() == MAX_SLEEP_SHARED
    await start_classic_learning(two.table)  # its turn's deadline is 48 hours away
    assert await runner.one_pass() == MAX_SLEEP_SHARED == 30
