"""Issue 10, items 6, 20 and 22 through the game master: what players type, and what they are told."""

from __future__ import annotations

from engine.warpwar import GameState
from engine.warpwar.state import Phase
from gm.warpwar.maps import generated_map
from tests.engine.battle_helpers import battle
from tests.engine.helpers import carry, place, start
from tests.gm.table import ALICE, BOB, CAROL, CHANNEL, Table, said, seat_position
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


async def test_item_22_records_of_a_player_out_earlier_are_revealed_at_the_end(table: Table) -> None:
    """R-WIN-4: in a game of three, carol concedes first and her ships leave the map; when bob
    concedes later the game is over, and the channel hears carol's records too, as they were
    when she went out (her damaged Warpship, the Systemship in its rack). Nothing of them is
    public before the end."""
    game = await seat_position(table, three_players())
    out = await table.ok(table.gm.concede(CAROL, CHANNEL))
    assert "carol is out of the game: conceded" in said(out) and "game is over" not in said(out)
    await table.ok(table.gm.done(ALICE, CHANNEL))
    assert_public_is_clean(table)
    assert not any(record.split(" (")[0] in text for text in table.public() for record in CAROLS)
    over = await table.ok(table.gm.concede(BOB, CHANNEL))
    final = next(a.text for a in over.announcements if "The game is over: alice won" in a.text)
    for shown in REVEALED:
        assert shown in final, final
    stored = await table.gm.stored_state(game)
    assert stored is not None and stored == await table.gm.replay(game)
    assert [s.key for s in stored.retired] == ["carol:S2", "carol:W1", "bob:W1"]


CAROLS = ("W1: TL0 PD={8}5 B=4 SR=1 (carol)", "S2: TL0 PD=3 B=2 (carol)")
"""carol's records as she concedes in :func:`three_players`: a damaged Warpship, the Systemship
in its rack."""
REVEALED = (*CAROLS, "W1: TL0 PD=9 B=5 S=4 (bob)", "W1: TL0 PD=7 B=3 (alice)")
"""Every record the end of :func:`three_players` reveals once carol, then bob, conceded."""


def three_players() -> GameState:
    """Three players on a map generated for three, alice's build phase, one Warpship each at
    their middle home star; carol's is damaged and carries a Systemship (CAROLS)."""
    state = start("revised", "advanced", "alice", "bob", "carol", hex_map=generated_map(3, 3, None, "edge"))

    def home(player: str) -> str:
        end = state.player(player).home
        assert end is not None, "start() fixes every player's end"
        return state.map.home(end).middle

    state = place(state, "alice", "W1", "WG=1 PD=7 B=3", home("alice"))
    state = place(state, "bob", "W1", "WG=1 PD=9 B=5 S=4", home("bob"))
    state = place(state, "carol", "W1", "WG=1 PD=8 B=4 SR=1", home("carol"), damage="PD=5")
    state = place(state, "carol", "S2", "PD=3 B=2", home("carol"))
    return carry(state, "carol", "W1", "S2")
