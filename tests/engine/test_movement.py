"""Movement (R-MOVE-*, R-TURN-3) and the two movement examples of both texts."""

from __future__ import annotations

from dataclasses import replace

from engine.warpwar.commands import Drop, Go, Move, PickUp
from engine.warpwar.hexgrid import distance
from engine.warpwar.movement import Detour, cheapest_path, detour
from engine.warpwar.rulesets import Attr
from engine.warpwar.state import GameState, Phase
from tests.engine.helpers import accept, carry, classic, place, refuse, revised, to_phase


def moving(game: GameState) -> GameState:
    """The position in alice's move phase of game-turn 2 (past the first-turn restriction)."""
    return to_phase(replace(game, game_turn=2), Phase.MOVE)


def kish_route(game: GameState) -> tuple[str, ...]:
    route = cheapest_path(game, "alice", game.map.star("Girsu").hex, game.map.star("Kish").hex)
    assert route is not None
    return tuple(route)


def test_w6_movement_example_costs_5_mp() -> None:
    """W6 starts on 1720, moves onto Umma (1), along the warpline to Girsu (1), 3 hexes to Kish (3)."""
    game = moving(place(classic("advanced"), "alice", "W6", "WG=1 PD=5 B=1", "1720"))
    hexes = kish_route(game)
    assert len(hexes) == 3 == distance(game.map.star("Girsu").hex, game.map.star("Kish").hex)
    order = Move("alice", "W6", (Go("Umma"), Go("Girsu"), *(Go(h) for h in hexes)))
    moved = accept(game, order)
    assert moved.ships["alice:W6"].hex == game.map.star("Kish").hex
    assert moved.turn.mp_used["W6"] == 5
    assert moved.ships["alice:W6"].now(Attr.PD) == 5  # R-MOVE-4: moving spends no PD
    short = moving(place(classic("advanced"), "alice", "W6", "WG=1 PD=4 B=1", "1720"))
    refuse(short, order, "too-far", "W6 has 4 movement points left; that move needs 5")


def test_w6_example_with_a_systemship_dropped_costs_6_mp() -> None:
    """ "Had it dropped a Systemship on any one of those three stars … a total of six"."""
    game = place(classic("advanced"), "alice", "W6", "WG=1 PD=6 SR=1", "1720")
    game = carry(place(game, "alice", "S10", "PD=1 B=1", "1720"), "alice", "W6", "S10")
    game = moving(game)
    hexes = kish_route(game)
    moved = accept(game, Move("alice", "W6", (Go("Umma"), Go("Girsu"), Drop("S10"), *(Go(h) for h in hexes))))
    assert moved.turn.mp_used["W6"] == 6
    assert moved.ships["alice:S10"].hex == game.map.star("Girsu").hex


def test_w8_movement_example_through_a_warpline_hex() -> None:
    """W8 moves 1919 → 1818 → 1717 for 2 MP, treating 1818 (a warpline passes) as space."""
    game = moving(place(classic("advanced"), "alice", "W8", "WG=1 PD=2", "1919"))
    assert not game.map.is_star("1818")
    moved = accept(game, Move("alice", "W8", (Go("1818"), Go("1717"))))
    assert moved.ships["alice:W8"].hex == "1717" and moved.turn.mp_used["W8"] == 2


def test_revised_movement_points_are_half_pd_rounded_up() -> None:
    """1994: "One half of a ship's present PD value, rounded up"; damage counts."""
    game = moving(place(revised("advanced"), "alice", "W1", "WG=1 PD=7", "1720", damage="PD=3"))
    refuse(
        game, Move("alice", "W1", (Go("Umma"), Go("Girsu"), Go(kish_route(game)[0]))), "too-far", "2 movement"
    )
    assert accept(game, Move("alice", "W1", (Go("Umma"), Go("Girsu")))).turn.mp_used["W1"] == 2


def test_r_move_1_and_2_warpline_from_star_to_star_for_1_mp() -> None:
    """R-MOVE-1/2: a whole warpline costs 1 MP, entered only at a star at one of its ends."""
    game = moving(place(classic("advanced"), "alice", "W1", "WG=1 PD=3", "Umma"))
    moved = accept(game, Move("alice", "W1", (Go("Girsu"),)))
    assert moved.turn.mp_used["W1"] == 1
    mid = moving(place(classic("advanced"), "alice", "W1", "WG=1 PD=3", "1818"))
    refuse(mid, Move("alice", "W1", (Go("Akkad"),)), "not-adjacent", "warplines run only from star to star")
    refuse(game, Move("alice", "W1", (Go("Babylon"),)), "not-adjacent", "no warpline joins Umma and Babylon")
    refuse(game, Move("alice", "W1", (Go("Atlantis"),)), "unknown-place")


def test_r_move_1_pickups_and_drops_cost_1_mp_each() -> None:
    game = place(classic("advanced"), "alice", "W1", "WG=1 PD=3 SR=2", "Umma")
    game = moving(place(game, "alice", "S10", "PD=1 B=1", "Umma"))
    moved = accept(game, Move("alice", "W1", (PickUp("S10"), Go("Girsu"), Drop("S10"))))
    assert moved.turn.mp_used["W1"] == 3 and moved.ships["alice:S10"].hex == game.map.star("Girsu").hex
    refuse(game, Move("alice", "W1", (PickUp("S10"), Go("Girsu"), Drop("S10"), Go("Umma"))), "too-far")


def test_r_move_3_stop_at_enemy_star_but_pass_enemies_in_space() -> None:
    """R-MOVE-3: stop on entering a star with an enemy ship; pass freely through space hexes."""
    game = place(classic("advanced"), "alice", "W1", "WG=1 PD=6", "Umma")
    game = moving(place(game, "bob", "W3", "WG=1 PD=1", "Girsu"))
    after = kish_route(game)
    refuse(game, Move("alice", "W1", (Go("Girsu"), Go(after[0]))), "must-stop", "had to stop at Girsu")
    stopped = accept(game, Move("alice", "W1", (Go("Girsu"),)))
    refuse(stopped, Move("alice", "W1", (Go(after[0]),)), "must-stop")
    space = moving(
        place(
            place(classic("advanced"), "alice", "W1", "WG=1 PD=3", "1919"), "bob", "W3", "WG=1 PD=1", "1818"
        )
    )
    assert accept(space, Move("alice", "W1", (Go("1818"), Go("1717")))).ships["alice:W1"].hex == "1717"


def test_r_move_4_a_ship_with_pd_0_cannot_move() -> None:
    game = moving(place(classic("advanced"), "alice", "W1", "WG=1 PD=3 B=1", "1919", damage="PD=0"))
    refuse(game, Move("alice", "W1", (Go("1818"),)), "no-power", "PD 0")


def test_r_move_5_systemships_move_only_carried_and_drop_at_stars() -> None:
    game = place(classic("advanced"), "alice", "W1", "WG=1 PD=3 SR=1", "Umma")
    game = carry(place(game, "alice", "S10", "PD=2 B=1", "Umma"), "alice", "W1", "S10")
    game = moving(game)
    refuse(game, Move("alice", "S10", (Go("Girsu"),)), "systemship", "moves only when carried")
    space = game.map.neighbours(game.map.star("Umma").hex)[0]
    refuse(game, Move("alice", "W1", (Go(space), Drop("S10"))), "drop-in-space", "only at a star")
    refuse(game, Move("alice", "W1", (PickUp("S10"),)), "already-carried")


def test_r_move_6_an_illegal_order_moves_nothing() -> None:
    """R-MOVE-6: the whole order is checked first; the refusal helper checks the state is unchanged."""
    game = moving(place(classic("advanced"), "alice", "W1", "WG=1 PD=2", "1919"))
    refuse(game, Move("alice", "W1", (Go("1818"), Go("1717"), Go("1616"))), "too-far", "needs 3")


def test_r_turn_3_no_ship_enters_an_enemy_base_star_in_the_first_turn() -> None:
    game = classic("advanced")
    babylon = game.map.star("Babylon").hex
    game = to_phase(place(game, "alice", "W1", "WG=1 PD=3", game.map.neighbours(babylon)[0]), Phase.MOVE)
    refuse(game, Move("alice", "W1", (Go("Babylon"),)), "first-turn", "(Babylon)")
    assert cheapest_path(game, "alice", game.ships["alice:W1"].hex or "", babylon) is None


def test_cheapest_path_uses_warplines_and_stops_at_enemies() -> None:
    game = classic("advanced")
    umma, girsu = game.map.star("Umma").hex, game.map.star("Girsu").hex
    assert cheapest_path(game, "alice", umma, girsu) == [girsu]
    blocked = place(game, "bob", "W1", "WG=1 PD=1", "Girsu")
    kish = game.map.star("Kish").hex
    via = cheapest_path(blocked, "alice", umma, kish)
    assert via is not None and girsu not in via


def test_only_the_active_player_moves_in_the_move_phase() -> None:
    game = moving(place(classic("advanced"), "bob", "W1", "WG=1 PD=2", "1919"))
    refuse(game, Move("bob", "W1", (Go("1818"),)), "not-your-turn")
    refuse(game, Move("alice", "W9", (Go("1818"),)), "unknown-ship", "no ship called W9")


def test_item_05_detour_names_the_star_that_blocks_the_direct_route() -> None:
    """R-MOVE-3: from Mari to Sumer the direct route passes Umma, where bob's ship makes a
    ship stop; the legal route goes round, and :func:`detour` says what and how much."""
    game = moving(
        place(place(classic("advanced"), "alice", "W1", "WG=1 PD=9", "Mari"), "bob", "W3", "WG=1", "Umma")
    )
    mari, sumer, umma = (game.map.star(n).hex for n in ("Mari", "Sumer", "Umma"))
    assert detour(game, "alice", mari, sumer) == Detour(blocked=umma, direct=2, around=7, first_turn=False)
    assert detour(game, "alice", mari, umma) is None, "ending on the enemy's star is no detour"
    clear = moving(place(classic("advanced"), "alice", "W1", "WG=1 PD=9", "Mari"))
    assert detour(clear, "alice", mari, sumer) is None


def test_item_05_an_unknown_star_suggests_the_closest_name() -> None:
    """Star names are public: a mistyped one is answered with the nearest (difflib)."""
    game = moving(place(classic("advanced"), "alice", "W1", "WG=1 PD=3", "Umma"))
    refuse(game, Move("alice", "W1", (Go("Girsoo"),)), "unknown-place", "Did you mean Girsu?")
    assert game.map.closest_star("babilon") == "Babylon"
    assert game.map.closest_star("Atlantis") is None
    assert game.map.no_such("9999", "hex or star") == "There is no hex or star called 9999 on this map."
