"""Taking back a move (R-MOVE-8): the moving player's last move order, if it revealed nothing."""

from __future__ import annotations

from gm.announce import Picture
from tests.backends import BOTH
from tests.gm.table import ALICE, BOB, CHANNEL, Table, said
from tests.gm.test_whole_games import attack_route, into_battle, start_classic_learning

pytestmark = BOTH


async def test_the_last_move_is_taken_back_and_the_ship_can_move_again(table: Table) -> None:
    gm = table.gm
    game = await start_classic_learning(table)
    home, _, route = await attack_route(gm, game)
    await table.no(gm.undo(ALICE, CHANNEL), "wrong-phase", "move phase")
    await table.ok(gm.build_ship(ALICE, CHANNEL, home, "WG=1 PD=22 B=13"))
    await table.ok(gm.done(ALICE, CHANNEL))
    await table.no(gm.undo(ALICE, CHANNEL), "nothing-to-undo", "not a move")
    before = await gm.stored_state(game)
    await table.ok(gm.move(ALICE, CHANNEL, "W1", path=" ".join(route[:3])))
    await table.no(gm.undo(BOB, CHANNEL), "wrong-phase")
    undone = await table.ok(gm.undo(ALICE, CHANNEL))
    assert f"took back W1's last move: it is at {home} again" in said(undone)
    after = await gm.stored_state(game)
    assert after == before and after == await gm.replay(game)
    await table.no(gm.undo(ALICE, CHANNEL), "nothing-to-undo")
    await table.ok(gm.move(ALICE, CHANNEL, "W1", path=" ".join(route[:5])))
    png = await gm.picture(game, Picture("map"))
    assert png is not None


async def test_a_move_that_met_the_enemy_stands(table: Table) -> None:
    """Once a ship has found enemy ships, its move cannot be taken back, nor a battle."""
    game = await start_classic_learning(table)
    await into_battle(table, game, end_move=False)
    await table.no(table.gm.undo(ALICE, CHANNEL), "nothing-to-undo", "met enemy ships")
    await table.ok(table.gm.done(ALICE, CHANNEL))
    await table.no(table.gm.undo(ALICE, CHANNEL), "wrong-phase")
