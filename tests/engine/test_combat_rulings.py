"""Each combat ruling of a single round (R-CBT-2..9, R-CBT-15/16), by name."""

from __future__ import annotations

from engine.warpwar import Accepted
from engine.warpwar.commands import SubmitOrders
from engine.warpwar.crt import Outcome, Tactic
from engine.warpwar.events import RoundFought
from engine.warpwar.order_notation import parse_orders
from engine.warpwar.report import Weapon
from engine.warpwar.state import GameState
from tests.engine.battle_helpers import battle, fight, record_of, report_of, ship_result, submit
from tests.engine.helpers import refuse

DUEL = ("alice W1: TL0 PD=8 B=4 S=3 T=2 M=6", "bob W2: TL0 PD=8 B=4 S=3 T=2 M=6")


def refused(game: GameState, player: str, orders: str, code: str, *fragments: str) -> str:
    return refuse(game, SubmitOrders(player, "Kish", parse_orders(orders)), code, *fragments)


def test_r_cbt_2_orders_stay_sealed_until_every_player_has_sent_them() -> None:
    """R-CBT-2: one player's orders wait, sealed; sending again amends; the last one reveals."""
    game = battle(*DUEL)
    first = submit(game, "alice", "W1 ATTACKS W2: D=2 B=4")
    assert isinstance(first, Accepted) and not any(isinstance(e, RoundFought) for e in first.events)
    amended = submit(first.state, "alice", "W1 DODGES, FIRING AT W2: D=4 B=4")
    assert isinstance(amended, Accepted)
    assert amended.state.turn.battles[0].orders["alice"][0].tactic is Tactic.DODGE
    done = submit(amended.state, "bob", "W2 ATTACKS: D=2 S=3")
    assert isinstance(done, Accepted)
    assert report_of(done).orders["alice:W1"].tactic is Tactic.DODGE


def test_r_cbt_3_missiles_need_powered_tubes_and_missiles_carried() -> None:
    """R-CBT-3: missiles fired ≤ powered tubes ≤ current T, and ≤ missiles carried."""
    game = battle("alice W1: TL0 PD=8 T=2 M=6", "bob W2: TL0 PD=8 B=4")
    refused(game, "alice", "W1 DODGE: D=1 T=1\nM at W2: D=3\nM at W2: D=3", "unpowered-tube", "T=1")
    refused(game, "alice", "W1 DODGE: D=1 T=3", "over-capacity", "W1 has T 2")
    low = battle("alice W1: TL0 PD=8 T=2 M={6}1", "bob W2: TL0 PD=8 B=4")
    refused(low, "alice", "W1 DODGE: D=1 T=2\nM at W2: D=3\nM at W2: D=3", "over-capacity", "W1 has M 1")


def test_r_cbt_3_the_classic_rules_have_no_ecm_or_cannons() -> None:
    """R-CBT-3 and the rule-set table: ECM, Cannons and Shells exist only in the revised rules."""
    game = battle("alice W1: TL0 PD=8 B=4", "bob W2: TL0 PD=8 B=4", ruleset="classic")
    refused(game, "alice", "W1 ATTACKS W2: D=1 B=2 E=1", "not-in-rules", "classic rules have no ECM")
    refused(game, "alice", "W1 ATTACKS W2: D=1 C=1", "not-in-rules", "no Cannons")


def test_r_cbt_3_revised_cannons_exclude_beams_and_screens_but_go_with_missiles() -> None:
    """R-CBT-3: (revised) Cannons never with Beams or Screens; Cannons with Missiles are fine."""
    game = battle("alice W1: TL0 PD=9 B=2 S=2 T=1 M=3 C=1 SH=6", "bob W2: TL0 PD=8 B=4")
    refused(game, "alice", "W1 ATTACKS W2: D=1 S=1 C=1 (2 shells)", "exclusive", "screens and cannons")
    both = "W1 ATTACKS W2: D=1 T=1 C=1 (2 shells)\nM at W2: D=3"
    assert isinstance(submit(game, "alice", both), Accepted)


def test_r_cbt_4_systemships_may_not_retreat() -> None:
    """R-CBT-4: Systemships may not choose Retreat, nor name a hex to escape to."""
    game = battle("alice S10: TL0 PD=4 B=2", "bob W2: TL0 PD=8 B=4")
    refused(game, "alice", "S10 RETREATS: D=4", "systemship-retreat", "may not Retreat")
    refused(game, "alice", "S10 DODGE: D=4; retreat to 2017", "systemship", "cannot leave the star")


def test_r_cbt_5_missiles_read_the_attack_rows_whatever_their_ships_tactic() -> None:
    """R-CBT-5: beams read the firing ship's tactic; missiles always the Attack rows."""
    game = battle("alice W1: TL0 PD=8 T=1 M=3", "bob W2: TL0 PD=8 B=3")
    result = fight(game, alice="W1 RETREATS: D=2 T=1\nM at W2: D=2", bob="W2 DODGES, FIRING AT W1: D=2 B=3")
    shots = {s.weapon: s for s in report_of(result).shots}
    assert (shots[Weapon.MISSILE].tactic, shots[Weapon.MISSILE].row) == (Tactic.ATTACK, "0, +1")
    assert (shots[Weapon.BEAM].tactic, shots[Weapon.BEAM].column) == (Tactic.DODGE, Tactic.RETREAT)


def test_r_cbt_6_damage_of_each_weapon_adds_the_firing_ships_tl() -> None:
    """R-CBT-6: beam = power + TL; missile = 2 + TL; burst = shells + TL; plus the CRT bonus."""
    game = battle("alice W1: TL1 PD=9 B=4 T=1 M=3 C=1 SH=6", "bob W2: TL0 PD=9 A=40")
    beam = fight(game, alice="W1 ATTACKS W2: D=2 B=4", bob="W2 ATTACKS: D=2")
    assert report_of(beam).shots[0].hits == 4 + 1 + 2  # ATTACK (0, +1): Hit +2
    other = fight(game, alice="W1 ATTACKS W2: D=2 T=1 C=1 (3 shells)\nM at W2: D=4", bob="W2 ATTACKS: D=2")
    hits = {s.weapon: s.hits for s in report_of(other).shots}
    assert hits == {Weapon.CANNON: 3 + 1 + 2, Weapon.MISSILE: 2 + 1 + 1}  # +2 is Hit +1


def test_r_cbt_7_the_screen_absorbs_once_per_round_and_not_at_all_unpowered() -> None:
    """R-CBT-7: screen + TL absorbs once from the sum of all hits; unpowered, no TL either."""
    two = battle("alice W1: TL0 PD=8 B=3", "alice W3: TL0 PD=8 B=3", "bob W2: TL2 PD=8 S=2 A=30")
    result = fight(
        two,
        alice="W1 ATTACKS W2: D=2 B=3\nW3 ATTACKS W2: D=2 B=3",
        bob="W2 ATTACKS: D=2 S=2",
    )
    hit = ship_result(result, "bob:W2")
    assert (hit.received, hit.absorbed, hit.effective) == (10, 4, 6)
    bare = fight(two, alice="W1 ATTACKS W2: D=2 B=3\nW3 DODGE: D=2", bob="W2 ATTACKS: D=2")
    assert ship_result(bare, "bob:W2").absorbed == 0


def test_r_cbt_8_a_retreating_ship_escapes_when_every_beam_at_it_reads_escapes() -> None:
    """R-CBT-8: Escapes against each enemy ship that fired a beam at it: the ship leaves, with
    its Systemships, to the hex its orders name; hits still land."""
    game = battle(
        "alice W1: TL0 PD=8 S=2 SR=1", "alice S10 in W1: TL0 PD=2 B=1", "bob W2: TL0 PD=8 B=3 T=1 M=3"
    )
    result = fight(
        game,
        alice="W1 RETREATS: D=6 S=2; retreat to 2219",
        bob="W2 DODGES, FIRING AT W1: D=1 B=3",
    )
    assert report_of(result).shots[0].outcome is Outcome.ESCAPES
    assert ship_result(result, "alice:W1").escaped_to == "2219"
    w1 = result.state.ship("alice", "W1")
    assert w1 is not None and w1.hex == "2219" and w1.carrying == ("S10",)


def test_r_cbt_8_one_beam_that_does_not_read_escapes_holds_the_ship() -> None:
    """R-CBT-8: a Miss (or a hit) from any ship that fired at it keeps the retreating ship there."""
    game = battle("alice W1: TL0 PD=8 S=2", "bob W2: TL0 PD=8 B=3", "bob W3: TL0 PD=8 B=3")
    result = fight(
        game,
        alice="W1 RETREATS: D=2 S=2",
        bob="W2 DODGES, FIRING AT W1: D=0 B=3\nW3 ATTACKS W1: D=4 B=3",  # W3: ATTACK (+2), a Miss
    )
    assert [s.outcome for s in report_of(result).shots] == [Outcome.ESCAPES, Outcome.MISS]
    assert ship_result(result, "alice:W1").escaped_to is None


def test_r_cbt_8_unfired_upon_it_escapes_to_the_first_hex_clockwise_from_north() -> None:
    """R-CBT-8: a ship no enemy ship fires at escapes; missiles' "Escapes" is just a miss."""
    game = battle("alice W1: TL0 PD=8 S=2", "bob S20: TL0 PD=4 T=1 M=3")
    result = fight(game, alice="W1 RETREATS: D=7", bob="S20 DODGE: D=0 T=1\nM at W1: D=3")
    missile = report_of(result).shots[0]
    assert (missile.outcome, missile.hits) == (Outcome.ESCAPES, 0)
    assert ship_result(result, "alice:W1").escaped_to == "2017"  # Kish is 2118: north-west first
    assert result.state.turn.battles == ()  # alice's side left: the battle is over


def test_r_cbt_9_pick_up_needs_dodge_or_retreat_drive_0_screen_0_and_no_missiles() -> None:
    """R-CBT-9: a Warpship picks up or drops with Dodge or Retreat, D=0 and S=0; it may fire its
    beam, never missiles or cannons."""
    game = battle(
        "alice W1: TL0 PD=8 B=3 S=2 T=1 M=3 SR=2", "alice S10: TL0 PD=2 B=1 S=1", "bob W2: TL0 PD=8 B=4"
    )
    refused(game, "alice", "W1 DODGE: D=1; pick up S10", "transfer-tactic", "D=0 and S=0")
    refused(game, "alice", "W1 ATTACKS W2: D=0 B=3; pick up S10", "transfer-tactic", "Dodge or Retreat")
    refused(game, "alice", "W1 DODGE: D=0 T=1; pick up S10\nM at W2: D=2", "transfer-fire", "missiles")
    fine = "W1 DODGES, FIRING AT W2: D=0 B=3; pick up S10\nS10 DODGE: D=0 S=1"
    assert isinstance(submit(game, "alice", fine), Accepted)
    refused(
        game, "alice", "W1 DODGE: D=0; pick up S10\nS10 ATTACKS W2: D=0 B=1", "picked-up-fires", "not fire"
    )


def test_r_cbt_9_classic_moves_one_systemship_a_round_revised_as_many_as_racks() -> None:
    """R-CBT-9: classic, one pick-up or drop per round; revised, up to the undamaged racks."""
    ships = ("alice W1: TL0 PD=8 SR=3", "alice S10: TL0 PD=2", "alice S11: TL0 PD=2", "bob W2: TL0 PD=8 B=4")
    both = "W1 DODGE: D=0; pick up S10 S11"
    refused(battle(*ships, ruleset="classic"), "alice", both, "transfer-limit", "1 Systemship")
    assert isinstance(submit(battle(*ships), "alice", both), Accepted)
    damaged = battle("alice W1: TL0 PD=8 SR={3}1", *ships[1:])
    refused(damaged, "alice", both, "transfer-limit", "may pick up or drop 1")


def test_r_cbt_9_dropped_ships_sit_out_the_round_picked_up_ones_are_fired_on() -> None:
    """R-CBT-9: a Systemship dropped this round neither fires nor is fired on (it cannot be named
    as a target); one being picked up powers its screen and can be hit."""
    game = battle(
        "alice W1: TL0 PD=8 SR=2",
        "alice S10 in W1: TL0 PD=2 S=2",
        "alice S11: TL0 PD=3 S=2 A=9",
        "bob W2: TL0 PD=8 B=5",
    )
    refused(game, "bob", "W2 ATTACKS S10: D=2 B=5", "unknown-target", "no enemy ship called S10")
    result = fight(
        game,
        alice="W1 DODGE: D=0; drop S10; pick up S11\nS11 ATTACKS: D=1 S=2",
        bob="W2 ATTACKS S11: D=1 B=5",
    )
    s11 = ship_result(result, "alice:S11")
    assert (s11.received, s11.absorbed) == (7, 2)  # ATTACK (0, +1) Hit +2: 5 + 2
    assert "alice:S10" not in report_of(result).orders
    state = result.state
    assert state.ship("alice", "W1").carrying == ("S11",)  # type: ignore[union-attr]
    assert state.ship("alice", "S10").hex == "2118"  # type: ignore[union-attr]


def test_r_cbt_9_a_destroyed_carrier_leaves_its_pick_up_on_the_star() -> None:
    """R-CBT-9: if the Warpship picking up is destroyed, the Systemship stays on the star."""
    game = battle("alice W1: TL0 PD=1 SR=1", "alice S11: TL0 PD=3 S=2", "bob W2: TL0 PD=8 B=5")
    result = fight(
        game, alice="W1 DODGE: D=0; pick up S11\nS11 DODGE: D=3", bob="W2 DODGES, FIRING AT W1: D=0 B=5"
    )
    assert ship_result(result, "alice:W1").destroyed
    assert result.state.ship("alice", "S11").hex == "2118"  # type: ignore[union-attr]


def test_r_cbt_15_fire_is_simultaneous_and_ammunition_goes_first() -> None:
    """R-CBT-15: a ship destroyed this round still fires; missiles fired leave the stock before
    damage is taken; a destroyed ship has not escaped."""
    game = battle("alice W1: TL0 PD=3 T=1 M=1", "bob W2: TL0 PD=9 B=4 S=1")
    result = fight(game, alice="W1 RETREATS: D=2 T=1\nM at W2: D=4", bob="W2 ATTACKS W1: D=5 B=4")
    report = report_of(result)
    assert {s.weapon for s in report.shots} == {Weapon.BEAM, Weapon.MISSILE}
    w1 = report.result("alice:W1")
    assert w1.destroyed and w1.escaped_to is None and w1.taken == {"T": 1, "PD": 3}
    assert record_of(result.state, "bob:W2") == "W2: TL0 PD=9 B={4}3 S={1}0"  # the missile: Hit, 2


def test_r_cbt_16_tubes_count_as_missiles_beams_need_a_target_cannons_may_idle() -> None:
    """R-CBT-16: T > 0 with a beam or screen is refused even with no missile written; a powered
    beam names its target; cannons may be powered and not fired; Retreat with D=0 is allowed."""
    game = battle("alice W1: TL0 PD=9 B=2 S=2 T=1 M=3 C=1 SH=6", "bob W2: TL0 PD=8 B=4")
    refused(game, "alice", "W1 ATTACKS: D=1 S=1 T=1", "exclusive", "screens and missiles")
    refused(game, "alice", "W1 ATTACKS: D=1 B=1", "no-target", "names no target")
    assert isinstance(submit(game, "alice", "W1 ATTACKS: D=1 C=1"), Accepted)
    assert isinstance(submit(game, "alice", "W1 RETREATS: D=0"), Accepted)


def test_targets_name_an_enemy_ship_fighting_here_and_say_whose_when_labels_repeat() -> None:
    """Labels repeat between players: ``W1@bob`` picks one when two enemies share a label."""
    game = battle(
        "alice W1: TL0 PD=8 B=3",
        "bob W1: TL0 PD=4 S=1",
        "carol W1: TL0 PD=4 S=1",
        players=("alice", "bob", "carol"),
    )
    refused(game, "alice", "W1 ATTACKS W1: D=1 B=3", "ambiguous-target", "W1@bob or W1@carol")
    refused(game, "alice", "W1 ATTACKS W9: D=1 B=3", "unknown-target", "no enemy ship called W9")
    assert isinstance(submit(game, "alice", "W1 ATTACKS W1@carol: D=1 B=3"), Accepted)
