"""The build event: new ships, repair, resupply, scrapping (R-BUILD-*)."""

from __future__ import annotations

from dataclasses import replace

from engine.warpwar.commands import BuildShip, EndPhase, Repair, Resupply, Scrap
from engine.warpwar.notation import parse_design
from engine.warpwar.rulesets import Attr
from engine.warpwar.state import Phase
from tests.engine.helpers import accept, classic, end_turn, place, refuse, revised, to_phase


def build(player: str, star: str, design: str, name: str | None = None) -> BuildShip:
    return BuildShip(player, star, parse_design(design), name)


def test_classic_w2_example_is_built_for_17_bp() -> None:
    """1977 W2 (17 BP) built in the advanced scenario's first turn, from its 20 BP."""
    game = accept(classic("advanced"), build("alice", "Ur", "WG=1 PD=5 B=3 S=2 T=1 M=3"))
    w1 = game.ship("alice", "W1")
    assert w1 is not None and w1.tl == 0 and w1.hex == game.map.star("Ur").hex
    assert game.player("alice").bp == 3


def test_r_build_1_a_ship_needs_more_than_a_generator() -> None:
    """R-BUILD-1: at least one point outside WG and R; Systemships have no WG, SR, H or R."""
    game = revised("advanced")
    refuse(game, build("alice", "Ur", "WG=1 R=1"), "empty-design", "at least one point")
    refuse(game, build("alice", "Ur", "PD=2 H=1"), "systemship-attribute", "S10 is a Systemship", "Holds")
    refuse(game, build("alice", "Ur", "PD=2 SR=1"), "systemship-attribute", "Systemship Racks")
    refuse(game, build("alice", "Ur", "WG=2 PD=1"), "bad-number", "at most one Warp Generator")


def test_rule_set_attributes_are_enforced() -> None:
    """Classic ships have no ECM; revised basic leaves Holds and Repair Bays out."""
    refuse(classic("advanced"), build("alice", "Ur", "WG=1 PD=2 E=1"), "attribute-not-used", "classic rules")
    refuse(revised("basic"), build("alice", "Ur", "WG=1 PD=2 H=1"), "attribute-not-used", "revised basic")


def test_learning_scenario_builds_warpships_only() -> None:
    refuse(classic("learning"), build("alice", "Ur", "PD=5 B=3"), "warpships-only", "WG=1")


def test_r_build_2_ships_appear_at_a_controlled_base_star() -> None:
    """R-BUILD-2: only at the player's own base star, and not while an enemy ship is there."""
    game = classic("advanced")
    refuse(game, build("alice", "Babylon", "WG=1 PD=1"), "no-base", "no base at Babylon")
    refuse(game, build("alice", "Kish", "WG=1 PD=1"), "no-base")
    refuse(game, build("alice", "Nowhere", "WG=1 PD=1"), "unknown-star")
    held = place(game, "bob", "W1", "WG=1 PD=3 B=2", "Ur")
    refuse(held, build("alice", "Ur", "WG=1 PD=1"), "enemy-present", "enemy ships")
    assert accept(held, build("alice", "Mosul", "WG=1 PD=1")).ship("alice", "W1") is not None


def test_classic_middle_base_only_in_basic() -> None:
    """Classic basic: each player uses only the middle base star; the others are ordinary stars."""
    game = classic("basic")
    assert {b.star for b in game.bases.values()} == {"Ur", "Babylon"}
    refuse(game, build("alice", "Mosul", "WG=1 PD=1"), "no-base")


def test_r_build_3_cost_is_paid_and_shortfall_refused() -> None:
    """R-BUILD-3: 4 missiles cost 2 BP; a design over the BP available is refused with both numbers."""
    game = accept(classic("advanced"), build("alice", "Ur", "PD=1 T=1 M=4"))
    assert game.player("alice").bp == 16
    refuse(game, build("alice", "Ur", "WG=1 PD=12"), "not-enough-bp", "17 BP", "16 BP")


def test_r_build_4_repair_example() -> None:
    """1977/1994 repair example: PD built 7, damaged to 2, repaired to 7 for 5 BP, never over 7."""
    game = place(classic("advanced"), "alice", "W1", "WG=1 PD=7 B=2", "Ur", damage="PD=2")
    refuse(game, Repair("alice", "W1", {Attr.PD: 6}), "over-maximum", "by 5 at most")
    repaired = accept(game, Repair("alice", "W1", {Attr.PD: 5}))
    ship = repaired.ship("alice", "W1")
    assert ship is not None and ship.now(Attr.PD) == 7
    assert repaired.player("alice").bp == 15


def test_r_build_4_repair_only_at_a_base_star() -> None:
    game = place(classic("advanced"), "alice", "W1", "WG=1 PD=7", "Kish", damage="PD=2")
    refuse(game, Repair("alice", "W1", {Attr.PD: 1}), "not-at-base", "base stars")


def test_r_build_4_armor_repairs_at_two_points_per_bp() -> None:
    """R-BUILD-4: armor is repaired at 1 BP per 2 points whatever the tech level."""
    game = place(revised("basic"), "alice", "W1", "WG=1 PD=4 A=12", "Ur", tl=3, damage="A=2")
    before = game.bases["Ur"].stockpile
    game = accept(game, Repair("alice", "W1", {Attr.A: 10}))
    assert game.bases["Ur"].stockpile == before - 5


def test_r_build_4_resupply_three_ships_with_one_bp() -> None:
    """1977/1994: "one BP CAN be used to resupply (for instance) 3 ships with one Missile each"."""
    game = classic("advanced")
    for label in ("S10", "S11", "S12"):
        game = place(game, "alice", label, "PD=1 T=1 M=3", "Ur", damage="M=2")
    for label in ("S10", "S11", "S12"):
        game = accept(game, Resupply("alice", label, missiles=1))
    assert game.player("alice").bp == 19
    assert all(s.now(Attr.M) == 3 for s in game.ships.values())


def test_r_build_4_resupply_fractions_are_not_saved() -> None:
    """Fractions of a BP left after resupply are lost: the next build event pays again."""
    game = place(classic("advanced"), "alice", "S10", "PD=1 T=1 M=6", "Ur", damage="M=4")
    game = accept(game, Resupply("alice", "S10", missiles=1))
    assert game.player("alice").bp == 19
    game = end_turn(end_turn(game))
    assert game.player("alice").bp == 29
    game = accept(game, Resupply("alice", "S10", missiles=1))
    assert game.player("alice").bp == 28


def test_resupply_shells_six_per_bp_and_not_over_the_stock() -> None:
    """1994: one BP replaces up to 6 Shells; never more than the ship originally carried."""
    game = place(revised("basic"), "alice", "S10", "PD=1 C=1 SH=12", "Ur", damage="SH=0")
    start = game.bases["Ur"].stockpile
    refuse(game, Resupply("alice", "S10", shells=13), "over-maximum", "take 12 more")
    game = accept(game, Resupply("alice", "S10", shells=12))
    assert game.bases["Ur"].stockpile == start - 2


def test_repair_and_resupply_left_out_of_simple_classic_scenarios() -> None:
    game = place(classic("basic"), "alice", "W1", "WG=1 PD=7 T=1 M=3", "Ur", damage="PD=2 M=0")
    refuse(game, Repair("alice", "W1", {Attr.PD: 1}), "rule-not-used", "repair")
    refuse(game, Resupply("alice", "W1", missiles=3), "rule-not-used", "resupply")


def test_revised_repair_bay_repairs_away_from_a_base() -> None:
    """1994 / R-ECON-10: a ship with a Repair Bay uses BP in Holds to repair ships on the same star."""
    game = place(revised("advanced"), "alice", "W1", "WG=1 PD=6 H=2 R=1", "Kish")
    game = place(game, "alice", "W2", "WG=1 PD=6 B=4", "Kish", damage="B=1")
    refuse(game, Repair("alice", "W2", {Attr.B: 3}), "not-enough-bp", "costs 3 BP")
    w1 = game.ship("alice", "W1")
    assert w1 is not None
    game = replace(game, ships={**game.ships, w1.key: replace(w1, cargo=5)})
    game = accept(game, Repair("alice", "W2", {Attr.B: 3}))
    assert game.ships["alice:W1"].cargo == 2
    alone = place(revised("advanced"), "alice", "W2", "WG=1 PD=6 B=4", "Kish", damage="B=1")
    refuse(alone, Repair("alice", "W2", {Attr.B: 3}), "not-at-base", "Repair Bay")


def test_r_build_5_scrapping_returns_half_the_current_value() -> None:
    """R-BUILD-5: floor(current value / 2), damaged attributes at their current level."""
    game = place(revised("basic"), "alice", "W1", "WG=1 PD=7 B=3 S=3", "Ur", damage="PD=4")
    before = game.bases["Ur"].stockpile
    game = accept(game, Scrap("alice", "W1"))
    assert game.ship("alice", "W1") is None
    assert game.bases["Ur"].stockpile == before + (5 + 4 + 3 + 3) // 2
    refuse(classic("advanced"), Scrap("alice", "W1"), "rule-not-used", "scrapping")


def test_r_build_6_unspent_first_grant_is_lost() -> None:
    """R-BUILD-6: classic learning/basic BP not spent in the first build are lost."""
    game = accept(classic("learning"), build("alice", "Ur", "WG=1 PD=10 B=10 S=10"))
    assert game.player("alice").bp == 5
    game = accept(game, EndPhase("alice"))
    assert game.phase is Phase.MOVE and game.player("alice").bp == 0


def test_r_build_7_ships_are_numbered_per_player() -> None:
    """R-BUILD-7: W1, W2 … and S10, S11 … per player, with an optional name."""
    game = classic("advanced")
    game = accept(game, build("alice", "Ur", "WG=1 PD=1", name="Reliant"))
    game = accept(game, build("alice", "Ur", "PD=1"))
    game = accept(game, build("alice", "Mosul", "WG=1 PD=1"))
    game = accept(game, build("alice", "Mosul", "PD=1"))
    assert [s.label for s in game.ships_of("alice")] == ["W1", "W2", "S10", "S11"]
    assert game.ships["alice:W1"].display_name == "W1 Reliant"
    game = to_phase(game, Phase.MOVE)
    game = end_turn(game)
    game = accept(game, build("bob", "Babylon", "WG=1 PD=1"))
    assert game.ship("bob", "W1") is not None


def test_build_only_in_own_build_phase() -> None:
    game = classic("advanced")
    refuse(game, build("bob", "Babylon", "WG=1 PD=1"), "not-your-turn", "alice's turn")
    refuse(to_phase(game, Phase.MOVE), build("alice", "Ur", "WG=1 PD=1"), "wrong-phase", "build phase")
    refuse(game, build("carol", "Ur", "WG=1 PD=1"), "not-a-player")
