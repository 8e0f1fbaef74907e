"""Issue 10, items 6, 20 and 22 through the game master: what players type, and what they are told."""

from __future__ import annotations

from engine.warpwar.state import Phase
from tests.engine.battle_helpers import battle
from tests.engine.helpers import place, start
from tests.gm.table import ALICE, BOB, CHANNEL, Table, said, seat_position
from tests.gm.test_whole_games import assert_public_is_clean, start_classic_learning


async def test_item_06_standing_orders_retreating_to_9999_are_refused(table: Table) -> None:
    """R-CBT-24: ``retreat to 9999`` is refused with the reason; a hex next to Kish is taken."""
    game = await seat_position(table, battle("alice W1: TL0 PD=6 B=2", "bob W2: TL0 PD=6 B=2"))
    await table.no(
        table.gm.standing_orders(ALICE, game, "W1", "W1 RETREATS: D=6; retreat to 9999"),
        "bad-retreat",
        "9999 is not a hex on this map",
    )
    kept = await table.ok(table.gm.standing_orders(ALICE, game, "W1", "W1 RETREATS: D=6; retreat to 2018"))
    assert "retreat to 2018" in said(kept)


async def test_item_20_the_first_learning_build_spends_every_bp(table: Table) -> None:
    """R-BUILD-6: ``done`` with 7 BP left is refused and says why; what cannot buy a ship (5 BP)
    is lost when the phase ends."""
    gm = table.gm
    game = await start_classic_learning(table)
    state = await gm.replay(game)
    assert state is not None
    home = state.bases_of("alice")[0].star
    await table.ok(gm.build_ship(ALICE, CHANNEL, home, "WG=1 PD=20 B=8"))
    refused = await table.no(gm.done(ALICE, CHANNEL), "bp-left")
    assert refused.text.startswith("You have 7 BP left: the learning game spends all 40 on the first turn.")
    await table.ok(gm.build_ship(ALICE, CHANNEL, home, "WG=1 PD=1"))
    await table.ok(gm.done(ALICE, CHANNEL))
    state = await gm.replay(game)
    assert state is not None and state.phase is Phase.MOVE and state.player("alice").bp == 0


async def test_item_20_a_deadline_that_passes_first_lets_it_lapse(table: Table) -> None:
    """R-BUILD-6: the phase deadline ends the build phase all the same (the 40 BP are lost)."""
    game = await start_classic_learning(table)
    await table.no(table.gm.done(ALICE, CHANNEL), "bp-left", "You have 40 BP left")
    await table.pass_time(48)
    state = await table.gm.replay(game)
    assert state is not None and state.active_player.name == "bob"
    assert state.player("alice").bp == 0 and state.ships_of("alice") == []


async def test_item_22_a_concession_reveals_every_players_records(table: Table) -> None:
    """R-WIN-4: when bob concedes, the game is over and the channel hears every ship's record,
    bob's too, though conceding removed his ships from the map."""
    state = place(start("classic", "advanced"), "alice", "W1", "WG=1 PD=7 B=3", "Ur")
    state = place(state, "bob", "W1", "WG=1 PD=9 B=5 S=4", "Babylon")
    state = place(state, "bob", "S10", "PD=2 B=1", "Babylon")
    await seat_position(table, state)
    conceded = await table.ok(table.gm.concede(BOB, CHANNEL))
    text = said(conceded)
    assert "The game is over: alice won" in text
    assert "W1: TL0 PD=7 B=3 (alice)" in text
    assert "W1: TL0 PD=9 B=5 S=4 (bob)" in text and "S10: TL0 PD=2 B=1 (bob)" in text
    assert_public_is_clean(table)
