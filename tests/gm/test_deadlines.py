"""Deadlines: rows that fire when the clock passes them, reminders, pausing, restarts."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path

from engine.warpwar.state import Phase
from gm.announce import Reply, ToPlayer
from gm.service import GameMaster
from gm.timing import DeadlineRunner
from store import games
from store.db import open_database
from tests.backends import BOTH
from tests.engine.battle_helpers import battle
from tests.gm.table import ALICE, BOB, CHANNEL, Table, open_table, said, seat_position
from tests.gm.test_whole_games import start_classic_learning

pytestmark = BOTH


async def test_a_reminder_goes_to_the_player_who_must_act(table: Table) -> None:
    """Six hours before a 48-hour phase ends, its player (and only they) is reminded."""
    await start_classic_learning(table)
    assert await table.pass_time(41) == []
    fired = await table.pass_time(1)
    told = [a for r in fired for a in r.announcements]
    assert [(a.to.name, "Reminder" in a.text) for a in told if isinstance(a.to, ToPlayer)] == [
        ("alice", True)
    ]
    assert "(late" not in told[0].text


async def test_an_idle_player_loses_the_turn_when_its_deadline_passes(table: Table) -> None:
    """The phase deadline ends the idle player's whole turn: nothing built or moved (classic
    learning: the unspent 40 BP are lost, R-BUILD-6)."""
    game = await start_classic_learning(table)
    await table.pass_time(48)
    state = await table.gm.replay(game)
    assert state is not None and state.active_player.name == "bob" and state.phase is Phase.BUILD
    assert state.ships_of("alice") == [] and state.player("alice").bp == 0


async def test_a_round_deadline_fights_the_round_with_default_orders(table: Table) -> None:
    """R-CBT-12: the round deadline resolves the round; whoever sent nothing fights on defaults."""
    game = await seat_position(table, battle("alice W1: TL0 PD=6 B=2", "bob W2: TL0 PD=6 S=2"))
    await table.ok(table.gm.submit_orders(ALICE, game, "Kish", "W1 ATTACKS W2: D=4 B=2"))
    fired = await table.pass_time(24)
    assert len(fired) == 1 and "The orders deadline passed." in said(fired[0])
    bob = [a.text for a in fired[0].announcements if isinstance(a.to, ToPlayer) and a.to.name == "bob"]
    assert any("(default orders: none were sent)" in t for t in bob)


async def test_pause_holds_every_deadline_and_resume_moves_them_on(table: Table) -> None:
    game = await start_classic_learning(table)
    await table.ok(table.gm.pause(ALICE, CHANNEL))
    await table.no(table.gm.pause(ALICE, CHANNEL), "paused")
    assert await table.pass_time(100) == []
    await table.ok(table.gm.resume(ALICE, CHANNEL))
    await table.pass_time(47)  # 48 hours from the start, paused time not counted: the turn stays
    state = await table.gm.replay(game)
    assert state is not None and state.active_player.name == "alice"
    await table.pass_time(1.5)
    state = await table.gm.replay(game)
    assert state is not None and state.active_player.name == "bob"


async def test_extend_moves_the_deadlines_on(table: Table) -> None:
    game = await start_classic_learning(table)
    await table.no(table.gm.extend(BOB, CHANNEL, 24), "not-creator")
    await table.ok(table.gm.extend(ALICE, CHANNEL, 24))
    await table.pass_time(50)
    state = await table.gm.replay(game)
    assert state is not None and state.active_player.name == "alice"
    await table.pass_time(23)
    state = await table.gm.replay(game)
    assert state is not None and state.active_player.name == "bob"


async def test_deadlines_survive_a_restart_and_an_overdue_one_fires_late(database_at: Path | str) -> None:
    """Deadlines are rows: a new game master on the same database finds them, and one that passed
    while the bot was away fires at once with a note that it is late."""
    table = await open_table(database_at)
    game = await start_classic_learning(table)
    await table.ok(table.gm.build_ship(ALICE, CHANNEL, (await _base(table, game, "alice")), "WG=1 PD=30 B=5"))
    before = await table.gm.stored_state(game)
    await table.db.close()

    db = await open_database(database_at)
    table.clock.advance(timedelta(hours=100))
    restarted = GameMaster(db, table.clock)
    assert await restarted.stored_state(game) == before
    fired = await restarted.fire_due()
    assert fired and "late: the bot was away" in said(fired[0])
    state = await restarted.replay(game)
    assert state is not None and state.active_player.name == "bob"
    assert state.ship("alice", "W1") is not None, "what was done before the restart stays done"
    assert await restarted.stored_state(game) == state
    await db.close()


async def test_the_runner_fires_what_is_due_and_hands_it_over(table: Table) -> None:
    """The deadline task wakes for due deadlines and delivers the replies to the front end."""
    await start_classic_learning(table)
    table.clock.advance(timedelta(hours=49))
    delivered: list[Reply] = []
    done = asyncio.Event()

    async def deliver(reply: Reply) -> None:
        delivered.append(reply)
        done.set()

    task = DeadlineRunner(table.gm, deliver).start()
    await asyncio.wait_for(done.wait(), timeout=5)
    task.cancel()
    assert "The deadline passed" in said(delivered[0])


async def _base(table: Table, game: int, player: str) -> str:
    state = await table.gm.replay(game)
    assert state is not None
    star: str = state.bases_of(player)[0].star
    return star


async def test_no_deadline_is_left_once_the_game_is_over(table: Table) -> None:
    game = await start_classic_learning(table)
    assert await games.deadlines_of(table.db, game) != []
    await table.ok(table.gm.concede(BOB, CHANNEL))
    assert await games.deadlines_of(table.db, game) == []
    assert await games.next_due(table.db) is None
