"""Issue 10, items 6 and 17-21: rules fixes found by audits, each named after its ruling.

Item 22 (a concession reveals every record) is told by the game master: tests/gm.
"""

from __future__ import annotations

from dataclasses import replace

from engine.warpwar import Accepted
from engine.warpwar.commands import BuildShip, CloseRound, EndPhase, Repair, Resupply, SetStandingOrders
from engine.warpwar.crt import Tactic
from engine.warpwar.damage import take_hits
from engine.warpwar.ecm import Defence, Incoming, plan_ecm
from engine.warpwar.notation import parse_design
from engine.warpwar.order_notation import parse_damage, parse_order
from engine.warpwar.orders import full_priority
from engine.warpwar.report import Weapon
from engine.warpwar.rulesets import Attr
from engine.warpwar.ships import parse_record
from engine.warpwar.state import GameState, Phase
from tests.engine.battle_helpers import battle, fight, report_of, ship_result, submit
from tests.engine.helpers import accept, accepted, classic, place, refuse, revised

# --- item 6: standing orders' "retreat to" (R-CBT-24) ------------------------------------

KISH_NEIGHBOUR = "2018"
"""A hex next to Kish (2118) and next to no other star."""


def _standing(game: GameState, text: str) -> SetStandingOrders:
    return SetStandingOrders("alice", "W1", parse_order(text))


def test_item_06_standing_retreat_to_a_hex_off_the_map_is_refused() -> None:
    """R-CBT-24: ``retreat to 9999`` names no hex of the map: refused, nothing changes."""
    game = battle("alice W1: TL0 PD=6 B=2", "bob W2: TL0 PD=6 B=2")
    refuse(
        game,
        _standing(game, "W1 RETREATS: D=6; retreat to 9999"),
        "bad-retreat",
        "9999 is not a hex on this map",
    )


def test_item_06_standing_retreat_to_a_hex_next_to_no_star_is_refused() -> None:
    """R-CBT-24: a hex with no star beside it can never be a ship's escape hex."""
    game = battle("alice W1: TL0 PD=6 B=2", "bob W2: TL0 PD=6 B=2")
    lonely = next(h for h in game.map.hexes if not any(game.map.is_star(n) for n in game.map.neighbours(h)))
    message = refuse(game, _standing(game, f"W1 RETREATS: D=6; retreat to {lonely}"), "bad-retreat")
    assert message == (
        f"{lonely} is not next to any star: a ship escapes only to a hex next to the star it fights at."
    )


def test_item_06_standing_retreat_of_a_systemship_is_refused() -> None:
    """R-CBT-4 / R-CBT-24: a Systemship never leaves the star, so it has no escape hex."""
    game = battle("alice S10: TL0 PD=6 B=2", "bob W2: TL0 PD=6 B=2")
    order = SetStandingOrders("alice", "S10", parse_order(f"S10 DODGES: D=6; retreat to {KISH_NEIGHBOUR}"))
    refuse(game, order, "systemship", "S10 is a Systemship")


def _closed(game: GameState) -> Accepted:
    """alice sends nothing: the deadline passes and her W1 fights on its standing orders."""
    return accepted(game, CloseRound("Kish"))


def test_item_06_standing_retreat_is_used_next_to_the_battle() -> None:
    """R-CBT-24: a hex next to the battle's star is where the ship escapes to."""
    game = battle("alice W1: TL0 PD=6 B=2", "bob W2: TL0 PD=6 B=2")
    game = accept(game, _standing(game, f"W1 RETREATS: D=6; retreat to {KISH_NEIGHBOUR}"))
    result = _closed(fight(game, bob="W2 ATTACKS W1: D=0 B=2").state)  # D diff -6: "Escapes"
    assert ship_result(result, "alice:W1").escaped_to == KISH_NEIGHBOUR
    assert report_of(result).standing == ("alice:W1",)


def test_item_06_standing_retreat_elsewhere_is_set_aside_not_the_orders() -> None:
    """R-CBT-24: the hex may serve a battle at another star; fighting at Kish, the ship keeps its
    standing tactic and power and escapes to the first hex clockwise from north instead."""
    game = battle("alice W1: TL0 PD=6 B=2", "bob W2: TL0 PD=6 B=2")
    elsewhere = next(
        h
        for h in game.map.hexes
        if h not in game.map.neighbours("2118") and any(game.map.is_star(n) for n in game.map.neighbours(h))
    )
    game = accept(game, _standing(game, f"W1 RETREATS: D=6; retreat to {elsewhere}"))
    result = _closed(fight(game, bob="W2 ATTACKS W1: D=0 B=2").state)
    report = report_of(result)
    assert report.standing == ("alice:W1",) and report.defaulted == ()
    assert report.orders["alice:W1"].tactic is Tactic.RETREAT
    assert ship_result(result, "alice:W1").escaped_to == game.map.neighbours("2118")[0]


# --- item 17: Repair Bays on stars, armor repair fractions shared (R-BUILD-4) -------------


def _with_cargo(game: GameState, key: str, cargo: int) -> GameState:
    return replace(game, ships={**game.ships, key: replace(game.ships[key], cargo=cargo)})


def test_item_17_a_repair_bay_repairs_only_on_a_star_hex() -> None:
    """R-BUILD-4 (94 text): "on a Star hex with a Repair Bay-equipped Warpship present". In space
    the bay and its BP are there, yet neither repair nor resupply is allowed."""
    space = "2018"
    game = place(revised("advanced"), "alice", "W1", "WG=1 PD=6 H=2 R=1", space)
    game = place(game, "alice", "W2", "WG=1 PD=6 B=4 T=1 M=3", space, damage="B=1 M=0")
    game = _with_cargo(game, "alice:W1", 10)
    refuse(game, Repair("alice", "W2", {Attr.B: 3}), "not-on-a-star", "in space at 2018", "star hex")
    refuse(game, Resupply("alice", "W2", missiles=3), "not-on-a-star", "Repair Bay works only on a star")
    on_star = place(revised("advanced"), "alice", "W1", "WG=1 PD=6 H=2 R=1", "Kish")
    on_star = place(on_star, "alice", "W2", "WG=1 PD=6 B=4", "Kish", damage="B=1")
    on_star = accept(_with_cargo(on_star, "alice:W1", 10), Repair("alice", "W2", {Attr.B: 3}))
    assert on_star.ships["alice:W1"].cargo == 7


def test_item_17_armor_repair_fractions_are_shared_in_a_build_phase() -> None:
    """R-BUILD-4: armor points repaired in one build phase are summed, then halved and rounded
    up: two ships with 1 point each cost 1 BP together, a third point 1 BP more."""
    game = revised("basic")
    for label in ("W1", "W2", "W3"):
        game = place(game, "alice", label, "WG=1 PD=4 A=4", "Ur", damage="A=3")
    start = game.bases["Ur"].stockpile
    game = accept(game, Repair("alice", "W1", {Attr.A: 1}))
    assert game.bases["Ur"].stockpile == start - 1
    game = accept(game, Repair("alice", "W2", {Attr.A: 1}))
    assert game.bases["Ur"].stockpile == start - 1, "the second point shares the first's BP"
    game = accept(game, Repair("alice", "W3", {Attr.A: 1}))
    assert game.bases["Ur"].stockpile == start - 2
    assert all(s.now(Attr.A) == 4 for s in game.ships_of("alice"))


def test_item_17_armor_fractions_end_with_the_build_phase() -> None:
    """R-BUILD-4: the sum is per build phase; a half BP left over is lost, not carried on."""
    game = place(revised("basic"), "alice", "W1", "WG=1 PD=4 A=4", "Ur", damage="A=2")
    game = accept(game, Repair("alice", "W1", {Attr.A: 1}))
    assert game.turn.armor_repaired == {game.map.star("Ur").hex: 1}
    game = accept(game, EndPhase("alice"))
    assert game.phase is Phase.MOVE
    game = replace(game, phase=Phase.BUILD)  # a later build event begins with nothing shared
    game = replace(game, turn=replace(game.turn, armor_repaired={}))
    before = game.bases["Ur"].stockpile
    assert accept(game, Repair("alice", "W1", {Attr.A: 1})).bases["Ur"].stockpile == before - 1


# --- item 18: powered tubes within the missiles carried (R-CBT-3) -------------------------


def test_item_18_powered_tubes_may_not_exceed_missiles_carried() -> None:
    """R-CBT-3: missiles fired ≤ powered tubes ≤ current T and ≤ missiles carried. W1 has T=2
    but only 1 missile: T=2 is refused, T=1 is fine."""
    game = battle("alice W1: TL0 PD=6 T=2 M=1", "bob W2: TL0 PD=6 B=2")
    refused = submit(game, "alice", "W1 ATTACKS W2: D=2 T=2\nM at W2: D=3")
    assert refused.code == "too-few-missiles"  # type: ignore[union-attr]
    assert refused.message == "W1 carries 1 missile: it can power at most 1 tube, not 2."  # type: ignore[union-attr]
    fight(game, alice="W1 ATTACKS W2: D=2 T=1\nM at W2: D=3", bob="W2 ATTACKS W1: D=2 B=2")


def test_item_18_no_missiles_no_powered_tubes() -> None:
    """R-CBT-3 / R-CBT-16: with no missiles left a tube cannot be powered at all, nor in standing
    orders (checked when they are set)."""
    game = battle("alice W1: TL0 PD=6 T=2 M=0", "bob W2: TL0 PD=6 B=2")
    refused = submit(game, "alice", "W1 DODGES: D=4 T=1")
    assert refused.code == "too-few-missiles"  # type: ignore[union-attr]
    assert "W1 carries no missiles" in refused.message  # type: ignore[union-attr]
    refuse(game, _standing(game, "W1 DODGES: D=4 T=1"), "too-few-missiles")


# --- item 19: a hit rack drops a Systemship only when racks run short (R-DMG-3) -----------


def test_item_19_a_hit_on_a_loaded_rack_with_a_free_one_drops_nothing() -> None:
    """R-DMG-3: with a priority of loaded racks first, one hit on W1 (SR 2, carrying S10) leaves
    1 rack for 1 Systemship: S10 moves to the free rack and stays aboard."""
    carrier = replace(parse_record("W1: TL0 PD=4 SR=2", "alice", "2118"), carrying=("S10",))
    damage = take_hits(carrier, 1, full_priority(parse_damage("loaded SR, empty SR")))
    assert damage.current[Attr.SR] == 1 and damage.systemships_dropped == 0
    damage = take_hits(carrier, 2, full_priority(parse_damage("loaded SR, empty SR")))
    assert damage.current[Attr.SR] == 0 and damage.systemships_dropped == 1


def test_item_19_in_a_round_the_systemship_stays_aboard() -> None:
    """R-DMG-3 in a round: W2's beam hits W1's loaded rack; S10 keeps its place in the free one."""
    game = battle(
        "alice W1: TL0 PD=9 SR=2",
        "alice S10 in W1: TL0 PD=2",
        "bob W2: TL0 PD=9 B=1",
    )
    result = fight(game, alice="W1 ATTACKS: D=2; damage loaded SR 1", bob="W2 DODGES, FIRING AT W1: D=2 B=1")
    w1 = ship_result(result, "alice:W1")
    assert w1.taken == {"loaded SR": 1} and w1.dropped == ()
    assert result.state.ship("alice", "W1").carrying == ("S10",)  # type: ignore[union-attr]


# --- item 20: the classic first build spends the whole grant (R-BUILD-6) ------------------


def _build(game: GameState, design: str) -> GameState:
    return accept(game, BuildShip("alice", "Ur", parse_design(design), None))


def test_item_20_ending_the_first_learning_build_with_bp_to_spend_is_refused() -> None:
    """R-BUILD-6: 7 BP still buy a Warpship (6 BP), so the build phase may not end yet."""
    game = _build(classic("learning"), "WG=1 PD=20 B=8")
    message = refuse(game, EndPhase("alice"), "bp-left")
    assert message.startswith("You have 7 BP left: the learning game spends all 40 on the first turn.")
    assert "R-BUILD" not in message


def test_item_20_what_cannot_be_spent_is_lost() -> None:
    """R-BUILD-6: 5 BP buy no Warpship in the learning game: the phase ends and they are lost."""
    game = accept(_build(classic("learning"), "WG=1 PD=20 B=10"), EndPhase("alice"))
    assert game.phase is Phase.MOVE and game.player("alice").bp == 0


def test_item_20_basic_spends_down_to_the_last_bp() -> None:
    """R-BUILD-6: classic basic has Systemships, and 1 BP buys one (PD=1): even 1 BP must go."""
    game = _build(classic("basic"), "WG=1 PD=20 B=10 S=14")
    refuse(game, EndPhase("alice"), "bp-left", "You have 1 BP left: the basic game spends all 50")
    game = _build(game, "PD=1")
    assert accept(game, EndPhase("alice")).phase is Phase.MOVE


def test_item_20_a_deadline_that_passes_first_lets_the_rule_lapse() -> None:
    """R-BUILD-6: "A deadline that passes first lets it lapse": the unspent BP are lost."""
    game = accept(classic("learning"), EndPhase("alice", deadline_passed=True))
    assert game.phase is Phase.MOVE and game.player("alice").bp == 0


def test_item_20_later_turns_and_other_scenarios_may_save() -> None:
    """R-BUILD-6 is for the first build of classic learning and basic only."""
    assert accept(classic("advanced"), EndPhase("alice")).player("alice").bp == 20


# --- item 21: ECM ties go to the earliest missile (R-ECM-4) -------------------------------


def test_item_21_equal_ecm_plans_jam_the_earliest_missile() -> None:
    """R-ECM-4: two equal missiles (D=5 at a Dodging D=3 target: Hit +1) and 1 ECM point that
    turns either into a miss. Both plans are equal by R-ECM-3; the first missile is jammed."""
    defence = Defence(points=1, tl=0, drive=3, tactic=Tactic.DODGE, other_hits=0, absorb=0)
    first, second = plan_ecm(defence, [Incoming(tl=0, drive=5), Incoming(tl=0, drive=5)])
    assert first.points == 1 and first.drive_after != 5
    assert second.points == 0 and second.drive_after == 5


def test_item_21_in_a_round_the_first_missile_written_is_jammed() -> None:
    """R-ECM-4 in a round: alice's two missiles at W2 are equal; W2's one ECM point goes on the
    one written first."""
    game = battle("alice W1: TL0 PD=6 T=2 M=6", "bob W2: TL0 PD=6 E=1")
    result = fight(game, alice="W1 ATTACKS W2: D=0 T=2\nM at W2: D=5\nM at W2: D=5", bob="W2 DODGES: D=3 E=1")
    missiles = [s for s in report_of(result).shots if s.weapon is Weapon.MISSILE]
    assert [s.ecm is not None for s in missiles] == [True, False]
    assert [s.hits for s in missiles] == [0, 3]
