"""The rulings this project added in docs/rulings.md, and R-MAP-6, one case each."""

from __future__ import annotations

from dataclasses import replace

from engine.warpwar.commands import Drop, EndPhase, Go, Move, Scrap
from engine.warpwar.fairness import measure
from engine.warpwar.state import Phase
from gm.warpwar.maps import available_maps, load_map
from tests.engine.helpers import accept, carry, place, printed_map, refuse, revised, to_phase


def test_r_map_6_the_repaired_row_below_lagash() -> None:
    """R-MAP-6: the repaired line keeps Lagash's hexes and both of its warplines."""
    m = printed_map()
    lagash = m.star("Lagash").hex
    assert {"1515", "1614", "1713"} <= m.hex_set
    assert {m.star("Elam").hex, m.star("Assur").hex, m.star("Nippur").hex} == m.warp_destinations(lagash)


def test_r_move_7_a_stopped_ship_may_still_drop_systemships() -> None:
    game = place(revised("advanced"), "alice", "W1", "WG=1 PD=8 SR=1", "Umma")
    game = carry(place(game, "alice", "S10", "PD=1 B=1", "Umma"), "alice", "W1", "S10")
    game = place(game, "bob", "W1", "WG=1 PD=2", "Girsu")
    game = to_phase(replace(game, game_turn=2), Phase.MOVE)
    game = accept(game, Move("alice", "W1", (Go("Girsu"), Drop("S10"))))
    assert game.ships["alice:S10"].hex == game.map.star("Girsu").hex


def test_r_win_5_an_unfinished_base_keeps_its_owner_in() -> None:
    game = revised("basic")
    game = replace(
        game, bases={**game.bases, "Kish": replace(game.bases["Ur"], star="Kish", owner="bob", progress=5)}
    )
    babylon = game.map.star("Babylon").hex
    game = place(game, "alice", "W1", "WG=1 PD=4", game.map.neighbours(babylon)[0])
    game = to_phase(replace(game, game_turn=2), Phase.MOVE)
    game = accept(game, Move("alice", "W1", (Go("Babylon"),)))
    game = accept(game, EndPhase("alice"))
    assert "Babylon" not in game.bases and not game.player("bob").out and game.result is None


def test_r_build_8_scrap_only_an_empty_ship() -> None:
    game = place(revised("advanced"), "alice", "W1", "WG=1 PD=4 SR=1 H=1", "Ur")
    game = carry(place(game, "alice", "S10", "PD=1 B=1", "Ur"), "alice", "W1", "S10")
    refuse(game, Scrap("alice", "W1"), "still-carrying", "drop them first")
    loaded = replace(game.ships["alice:W1"], carrying=(), cargo=3)
    game = replace(
        game,
        ships={
            **game.ships,
            "alice:W1": loaded,
            "alice:S10": replace(game.ships["alice:S10"], hex=loaded.hex, carried_by=None),
        },
    )
    refuse(game, Scrap("alice", "W1"), "still-loaded", "unload them first")
    assert accept(game, Scrap("alice", "S10")).ship("alice", "S10") is None


def test_r_scen_3_is_retired_and_every_bundled_map_is_fair() -> None:
    """R-SCEN-3 is replaced by R-SCEN-4: the four-ended printed map is gone (its added ends were
    unfair, tests/engine/test_fairness.py), and every bundled map's ends pass the measure."""
    assert "warpwar-four" not in available_maps()
    for name in available_maps():
        assert measure(load_map(name)).fair, name
