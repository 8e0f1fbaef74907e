"""Every worked combat example of both rule texts, each test naming its example.

Positions are set up as the texts print them: ship records and orders in the rulebook's
notation (tests/engine/battle_helpers.py). Misprints are corrected as rulings.md says
(R-TEXT-1..5), and each test says where it does.
"""

from __future__ import annotations

from engine.warpwar import Accepted
from engine.warpwar.commands import SubmitOrders
from engine.warpwar.crt import Outcome, Tactic
from engine.warpwar.ecm import EcmUse
from engine.warpwar.order_notation import parse_orders
from engine.warpwar.report import Weapon
from engine.warpwar.rulesets import design_cost
from engine.warpwar.ships import parse_record
from engine.warpwar.state import GameState
from tests.engine.battle_helpers import battle, fight, record_of, report_of, ship_result, submit
from tests.engine.helpers import refuse


def refused(game: GameState, player: str, orders: str, code: str, *fragments: str) -> str:
    return refuse(game, SubmitOrders(player, "Kish", parse_orders(orders)), code, *fragments)


# --- power allocation and orders ---------------------------------------------------------


def test_power_allocation_example_pd_9_damaged_to_6() -> None:
    """Both texts, power allocation example: PD 9 damaged to 6 gives D=1 B=2 S=2 T=0, one spare;
    the ship could not power its Tubes, since it used Beams and Screens."""
    game = battle("alice W1: TL0 PD={9}6 B=2 S=2 T=1 M=3", "bob W2: TL0 PD=3 B=1")
    assert isinstance(submit(game, "alice", "W1 ATTACKS W2: D=1 B=2 S=2 T=0"), Accepted)
    refused(game, "alice", "W1 ATTACKS W2: D=1 B=2 S=2 T=1", "exclusive", "beams and missiles")
    refused(
        game, "alice", "W1 ATTACKS W2: D=3 B=2 S=2", "over-power", "W1 has PD 6 left; these orders need 7"
    )


def test_beam_fire_example_w3_attacks_s25() -> None:
    """Both texts, example of beam fire: W3 (TL0) ATTACKS S25: D=0 B=3 S=2 T=0 needs PD 5 and
    a Beam of 3 and a Screen of 2; neither may be powered past what was built."""
    enemy = "bob S25: TL0 PD=5 T=1 M=3"
    order = "W3 (TL0) ATTACKS S25: D=0 B=3 S=2 T=0"
    ready = battle("alice W3: TL0 PD=5 B=3 S=2", enemy)
    assert isinstance(submit(ready, "alice", order), Accepted)
    weak = battle("alice W3: TL0 PD=4 B=3 S=2", enemy)
    refused(weak, "alice", order, "over-power", "W3 has PD 4 left; these orders need 5")
    small = battle("alice W3: TL0 PD=9 B=2 S=2", enemy)
    refused(small, "alice", order, "over-capacity", "W3 has B 2; these orders power the beam at 3")
    unscreened = battle("alice W3: TL0 PD=9 B=3 S=1", enemy)
    refused(unscreened, "alice", order, "over-capacity", "W3 has S 1; these orders power the screen at 2")


def test_missile_fire_example_s25_dodges_and_fires() -> None:
    """Both texts, example of missile fire: S25 DODGE: D=4 T=1 with its missile at W3, D=3.
    S25 needs PD 5 (the missile's drive costs no PD), and the missile reads the Attack rows.
    R-TEXT-1: the 1977 text's "M at S25" is S25's missile fired at W3."""
    w3 = "alice W3: TL0 PD=5 B=3 S=2"
    orders = "S25 (TL0) DODGE: D=4 B=0 S=0 T=1\n  M ATTACKS W3: D=3"
    weak = battle(w3, "bob S25: TL0 PD=4 T=1 M=3")
    refused(weak, "bob", orders, "over-power", "S25 has PD 4 left; these orders need 5")
    game = battle(w3, "bob S25: TL0 PD=5 T=1 M=3")
    result = fight(game, bob=orders, alice="W3 (TL0) ATTACKS S25: D=0 B=3 S=2 T=0")
    report = report_of(result)
    missile = next(s for s in report.shots if s.weapon is Weapon.MISSILE)
    beam = next(s for s in report.shots if s.weapon is Weapon.BEAM)
    assert (missile.tactic, missile.drive, missile.row, missile.column) == (
        Tactic.ATTACK,
        3,
        "+3, +4",
        Tactic.ATTACK,
    )
    assert (beam.tactic, beam.difference, beam.row, beam.column) == (
        Tactic.ATTACK,
        -4,
        "-3 or less",
        Tactic.DODGE,
    )
    assert missile.outcome is Outcome.MISS and beam.outcome is Outcome.MISS
    assert record_of(result.state, "bob:S25") == "S25: TL0 PD=5 T=1 M={3}2"


def test_cannon_fire_example_s32_two_cannons() -> None:
    """1994 text, example of cannon fire: S32 (TL1) ATTACKS W3: D=3 C=1 (firing 3 shells)
    C=1 (firing 1 shell). Each burst is read like a beam and does shells + TL (R-CBT-6)."""
    game = battle("alice W3: TL0 PD=5 B=3 S=2", "bob S32: TL1 PD=5 C=2 SH=12")
    result = fight(
        game,
        bob="S32 (TL1) ATTACKS W3: D=3 C=1 (firing 3 shells) C=1 (firing 1 shell)",
        alice="W3 ATTACKS: D=3 S=2",
    )
    bursts = [s for s in report_of(result).shots if s.weapon is Weapon.CANNON]
    assert [(b.strength, b.outcome, b.hits) for b in bursts] == [(3, Outcome.HIT_2, 6), (1, Outcome.HIT_2, 4)]
    assert ship_result(result, "alice:W3").received == 10
    assert record_of(result.state, "bob:S32").endswith("SH={12}8")
    refused(game, "bob", "S32 ATTACKS W3: D=3 C=1 (4 shells)", "bad-number", "1 to 3 shells")


# --- reading the CRT --------------------------------------------------------------------


def test_beam_fire_crt_example_dodge_plus_1_against_attack_is_a_hit() -> None:
    """Both texts, beam fire example: firing Dodge D=3 B=3, target Attack D=2 with screens
    unpowered: DODGE (+1, +2) against ATTACK, a Hit, for 3 hits."""
    game = battle("alice W1: TL0 PD=6 B=3", "bob W2: TL0 PD=4 S=2")
    result = fight(game, alice="W1 DODGES, FIRING AT W2: D=3 B=3", bob="W2 ATTACKS: D=2")
    beam = report_of(result).shots[0]
    assert (beam.row, beam.column, beam.outcome, beam.hits) == ("+1, +2", Tactic.ATTACK, Outcome.HIT, 3)
    assert ship_result(result, "bob:W2").absorbed == 0


def test_cannon_fire_crt_example_both_shells_hit() -> None:
    """1994 text, cannon fire example: Dodge D=3, one Cannon firing 2 Shells, target Attack D=2:
    DODGE (+1, +2) against ATTACK, a Hit; both Shells hit (2 hits at TL0)."""
    game = battle("alice S40: TL0 PD=4 C=1 SH=6", "bob W2: TL0 PD=4 S=2")
    result = fight(game, alice="S40 DODGES, FIRING AT W2: D=3 C=1 (2 shells)", bob="W2 ATTACKS: D=2")
    burst = report_of(result).shots[0]
    assert (burst.weapon, burst.row, burst.outcome, burst.hits) == (Weapon.CANNON, "+1, +2", Outcome.HIT, 2)


def test_missile_fire_crt_example_drive_4_against_3_is_hit_plus_2() -> None:
    """Both texts, missile fire example: a missile at drive 4 against an Attack ship with D=3:
    ATTACK (0, +1) against ATTACK, Hit +2 (2 + 2 hits at TL0)."""
    game = battle("alice S40: TL0 PD=1 T=1 M=3", "bob W2: TL0 PD=4 S=2")
    result = fight(game, alice="S40 DODGE: D=0 T=1\nM at W2: D=4", bob="W2 ATTACKS: D=3")
    missile = report_of(result).shots[0]
    assert (missile.row, missile.column, missile.outcome, missile.hits) == (
        "0, +1",
        Tactic.ATTACK,
        Outcome.HIT_2,
        4,
    )


# --- technology, screens and damage -----------------------------------------------------


def test_technology_in_combat_example_6_minus_4_is_2() -> None:
    """Both texts, technology in combat: a TL2 ship's Beam of 4 hits a TL1 ship with Screens at
    3: 4 + 2 = 6 hits, 3 + 1 = 4 absorbed, 2 effective hits."""
    game = battle("alice W1: TL2 PD=5 B=4", "bob W2: TL1 PD=4 S=3")
    result = fight(game, alice="W1 DODGES, FIRING AT W2: D=1 B=4", bob="W2 ATTACKS: D=1 S=3")
    hit = ship_result(result, "bob:W2")
    assert report_of(result).shots[0].outcome is Outcome.HIT
    assert (hit.received, hit.absorbed, hit.effective) == (6, 4, 2)


def test_screens_example_1977_seven_hits_screen_four() -> None:
    """1977 text, recording damage example: TL0, Screens at 4, 7 hits: 4 absorbed, 3 effective,
    taken one each in PD, Screens and Missiles (a hit takes out 3 Missiles). R-TEXT-2: the
    printed W4 has S=3, so the test builds it with S=4; R-TEXT-3: the AFTER record as its
    own sentence describes it."""
    printed = parse_record("W4: Level 0, PD = 7, B = 3, S = 3, T = 1, M = 6, SR = 1")
    assert design_cost(printed.built, 0) == 22  # "A 22-BP ship, counting the generator."
    game = battle("alice W4: TL0 PD=7 B=3 S=4 T=1 M=6 SR=1", "bob W1: TL0 PD=5 B=5", ruleset="classic")
    result = fight(game, bob="W1 ATTACKS W4: D=0 B=5", alice="W4 ATTACKS: D=0 S=4; damage PD 1, S 1, M 1")
    hit = ship_result(result, "alice:W4")
    assert (hit.received, hit.absorbed, hit.effective) == (7, 4, 3)
    assert record_of(result.state, "alice:W4") == "W4: TL0 PD={7}6 B=3 S={4}3 T=1 M={6}3 SR=1"


def test_screens_example_1994_seven_hits_screen_four() -> None:
    """1994 text, recording damage example: the same 7 hits and 3 effective, taken in PD,
    Screens and Shells (a hit takes out 6 Shells). R-TEXT-2: built with S=4."""
    printed = parse_record("W4: TL0  PD=7 B=3 S=3 C=1 SH=12 E=1")
    assert design_cost(printed.built, 0) == 22
    game = battle("alice W4: TL0 PD=7 B=3 S=4 C=1 SH=12 E=1", "bob W1: TL0 PD=5 B=5")
    result = fight(game, bob="W1 ATTACKS W4: D=0 B=5", alice="W4 ATTACKS: D=0 S=4; damage PD 1, S 1, SH 1")
    assert ship_result(result, "alice:W4").effective == 3
    assert record_of(result.state, "alice:W4") == "W4: TL0 PD={7}6 B=3 S={4}3 C=1 SH={12}6 E=1"


def test_w4_against_s35_1977() -> None:
    """1977 text, the second round of W4 against S35: both missiles hit (ATTACK (0, +1) Hit +2
    and ATTACK (+2) Hit +1) for 5 + 4 = 9 hits, the Screen at 1 absorbs 1, 8 effective; W4's
    beam misses (ATTACK (-1, -2) against DODGE). R-TEXT-4: W4 keeps its PD and ends PD 7, B 0,
    S 0, T 0, M 0, SR 1. The printed order names no beam target; R-CBT-16 needs one."""
    game = battle(
        "alice W4: Level 0, PD = 7, B = 3, S = 2, T = 1, M = 6, SR = 1",
        "bob S35: Level 1, PD = 6, B = 2, S = 3, T = 2, M = 9",
        ruleset="classic",
    )
    as_printed = "W4(Level 0): ATTACK D = 2, B = 3, S = 1, T = 0"
    refused(game, "alice", as_printed, "no-target", "names no target")
    result = fight(
        game,
        bob="S35(Level 1): DODGE PD = 4, B = 0, S = 0, T = 2.\nM at W4: D = 3\nM at W4: D = 4",
        alice="W4(Level 0): ATTACK S35: D = 2, B = 3, S = 1, T = 0; damage B, S, T, M",
    )
    report = report_of(result)
    missiles = [(s.row, s.outcome, s.hits) for s in report.shots if s.weapon is Weapon.MISSILE]
    assert missiles == [("0, +1", Outcome.HIT_2, 5), ("+2", Outcome.HIT_1, 4)]
    beam = next(s for s in report.shots if s.weapon is Weapon.BEAM)
    assert (beam.difference, beam.row, beam.column, beam.outcome) == (
        -2,
        "-1, -2",
        Tactic.DODGE,
        Outcome.MISS,
    )
    w4 = report.result("alice:W4")
    assert (w4.received, w4.absorbed, w4.effective) == (9, 1, 8)
    assert record_of(result.state, "alice:W4") == "W4: TL0 PD=7 B={3}0 S={2}0 T={1}0 M={6}0 SR=1"
    assert record_of(result.state, "bob:S35") == "S35: TL1 PD=6 B=2 S=3 T=2 M={9}7"


def test_w4_against_s35_1994_and_w4s_useless_ecm() -> None:
    """1994 text, the same round: 9 hits, W4's one ECM point is useless against TL1 missiles
    (0 + 0 − 1 < 1 effective point), the Screen at 1 absorbs 1, and 8 hits leave
    W4: TL 0 PD={7}6 B={3}0 S={3}0 C={1}0 SH={12}0 E={1}0 (PD kept, as the default priority
    does). R-TEXT-5: the beam fires at 2, as the order says."""
    game = battle("alice W4: TL 0  PD={7}6 B=3 S={3}2 C=1 SH={12}6 E=1", "bob S35: TL1  PD=6 S=3 T=2 M={9}7")
    refused(
        game,
        "alice",
        "W4 ATTACKS S35: D=2 B=3 S=1 E=1",
        "over-power",
        "W4 has PD 6 left; these orders need 7",
    )
    result = fight(
        game,
        bob="S35 (TL1): DODGE D=4 T=2\n  M1 at W4: D=3\n  M2 at W4: D=4",
        alice="W4 (TL0) ATTACKS S35: D=2 B=2 S=1 E=1",
    )
    report = report_of(result)
    missiles = [s for s in report.shots if s.weapon is Weapon.MISSILE]
    assert [(s.outcome, s.hits, s.ecm) for s in missiles] == [
        (Outcome.HIT_2, 5, None),
        (Outcome.HIT_1, 4, None),
    ]
    w4 = report.result("alice:W4")
    assert (w4.received, w4.absorbed, w4.effective) == (9, 1, 8)
    assert record_of(result.state, "alice:W4") == "W4: TL0 PD={7}6 B={3}0 S={3}0 C={1}0 SH={12}0 E={1}0"
    assert record_of(result.state, "bob:S35") == "S35: TL1 PD=6 S=3 T=2 M={9}5"


def test_ecm_example_hit_plus_2_becomes_hit() -> None:
    """1994 text, ECM use example: a TL2 ship (Attack, D=3, ECM 2) meets a TL3 missile at drive 3,
    normally Hit +2. Two ECM points less the tech difference of 1 leave 1 effective point; the
    drive goes down to 2: ATTACK (-1, -2), just a Hit. R-ECM-1: the text's "tech level of 1" is
    a misprint for the ship's TL 2."""
    game = battle("alice W1: TL2 PD=5 E=2", "bob S40: TL3 PD=1 T=1 M=3")
    result = fight(game, bob="S40 DODGE: D=0 T=1\nM at W1: D=3", alice="W1 ATTACKS: D=3 E=2")
    missile = report_of(result).shots[0]
    assert missile.ecm == EcmUse(points=2, effective=1, drive_before=3, drive_after=2)
    assert (missile.row, missile.outcome, missile.hits) == ("-1, -2", Outcome.HIT, 5)
    without = fight(game, bob="S40 DODGE: D=0 T=1\nM at W1: D=3", alice="W1 ATTACKS: D=3 E=1")
    unaided = report_of(without).shots[0]
    assert (unaided.ecm, unaided.outcome, unaided.hits) == (None, Outcome.HIT_2, 7)
