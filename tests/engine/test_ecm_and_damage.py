"""ECM (R-ECM-1..3) and taking damage (R-DMG-1..5), by name."""

from __future__ import annotations

from dataclasses import replace
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.warpwar import Accepted, apply
from engine.warpwar.commands import SetDamagePriority
from engine.warpwar.crt import Tactic
from engine.warpwar.damage import hits_to_destroy, take_hits
from engine.warpwar.ecm import Defence, EcmUse, Incoming, effective_points, missile_hits, plan_ecm
from engine.warpwar.order_notation import parse_damage
from engine.warpwar.orders import DEFAULT_PRIORITY, DamageSlot, DamageStep, full_priority
from engine.warpwar.rulesets import Attr
from engine.warpwar.ships import parse_record
from tests.engine.battle_helpers import battle, fight, record_of, ship_result

ATTACKER = Defence(points=0, tl=0, drive=3, tactic=Tactic.ATTACK, other_hits=0, absorb=0)


def test_r_ecm_1_effective_points_add_the_tech_difference_only_where_points_go() -> None:
    """R-ECM-1: assigned + (target TL − missile TL), not below 0; a missile given none is untouched."""
    assert effective_points(2, defender_tl=2, missile_tl=3) == 1  # the 1994 ECM example
    assert effective_points(1, defender_tl=0, missile_tl=1) == 0  # W4's useless ECM
    assert effective_points(1, defender_tl=3, missile_tl=0) == 4
    assert effective_points(0, defender_tl=3, missile_tl=0) == 0


def test_r_ecm_1_a_missiles_drive_never_goes_below_1() -> None:
    """R-ECM-1: each effective point moves the drive by one either way, never below 1. Against
    Attack with D=1, a drive-2 missile reads ATTACK (0, +1): drive 0 would be a mere Hit, but
    the point can only push it up to 3, ATTACK (+2), Hit +1."""
    defence = replace(ATTACKER, points=1, drive=1)
    [use] = plan_ecm(defence, [Incoming(tl=0, drive=2)])
    assert use == EcmUse(points=1, effective=1, drive_before=2, drive_after=3)


def test_r_ecm_2_the_engine_picks_the_assignment_that_lets_least_damage_through() -> None:
    """R-ECM-2: two TL1 missiles at a TL1 ship (Attack, D=3) read ATTACK (0, +1) and (+2): 5 and
    4 hits. Two points can make either one miss (+3) but not both: 4 hits is the least."""
    defence = replace(ATTACKER, points=2, tl=1)
    missiles = [Incoming(tl=1, drive=4), Incoming(tl=1, drive=5)]
    uses = plan_ecm(defence, missiles)
    assert sum(missile_hits(1, u.drive_after, 3, Tactic.ATTACK) for u in uses) == 4
    assert harm(defence, missiles, uses) == best_harm(defence, missiles)


@settings(max_examples=150, deadline=None)
@given(
    points=st.integers(0, 3),
    tl=st.integers(0, 2),
    drive=st.integers(0, 5),
    tactic=st.sampled_from(list(Tactic)),
    other=st.integers(0, 6),
    absorb=st.integers(0, 6),
    missiles=st.lists(st.builds(Incoming, tl=st.integers(0, 2), drive=st.integers(1, 8)), max_size=3),
)
def test_r_ecm_2_the_plan_is_as_good_as_trying_everything(
    points: int, tl: int, drive: int, tactic: Tactic, other: int, absorb: int, missiles: list[Incoming]
) -> None:
    """R-ECM-2/3: no assignment of points and drives does better than the engine's plan."""
    defence = Defence(points, tl, drive, tactic, other, absorb)
    uses = plan_ecm(defence, missiles)
    assert sum(u.points for u in uses) <= points
    for use, missile in zip(uses, missiles, strict=True):
        assert use.drive_after >= 1
        assert abs(use.drive_after - missile.drive) <= effective_points(use.points, tl, missile.tl)
    assert harm(defence, missiles, uses) == best_harm(defence, missiles)


def harm(defence: Defence, missiles: list[Incoming], uses: list[EcmUse]) -> tuple[int, int, int]:
    """What R-ECM-3 minimises: hits past the screen, then ECM points, then hits received."""
    received = defence.other_hits + sum(
        missile_hits(m.tl, u.drive_after, defence.drive, defence.tactic)
        for m, u in zip(missiles, uses, strict=True)
    )
    return (max(0, received - defence.absorb), sum(u.points for u in uses), received)


def best_harm(defence: Defence, missiles: list[Incoming]) -> tuple[int, int, int]:
    """Every split of the points and every reachable drive, the slow way."""
    choices: list[tuple[int, int, int]] = []
    for split in product(range(defence.points + 1), repeat=len(missiles)):
        if sum(split) > defence.points:
            continue
        reach = []
        for a, m in zip(split, missiles, strict=True):
            e = effective_points(a, defence.tl, m.tl)
            reach.append([EcmUse(a, e, m.drive, d) for d in range(max(1, m.drive - e), m.drive + e + 1)])
        choices.extend(harm(defence, missiles, list(uses)) for uses in product(*reach))
    return min(choices)


def test_r_ecm_2_ties_go_to_the_fewest_points() -> None:
    """R-ECM-2/3: when no use of ECM changes the damage, none is spent."""
    defence = replace(ATTACKER, points=3, tl=0)
    [use] = plan_ecm(defence, [Incoming(tl=3, drive=4)])  # 3 + 0 − 3 = 0 effective at most
    assert use.points == 0 and use.drive_after == 4


def test_r_ecm_3_points_need_not_all_be_used_and_a_screen_can_make_them_pointless() -> None:
    """R-ECM-3: the optimiser minimises hits past the screen; a screen that absorbs everything
    anyway leaves the ECM unspent."""
    screened = replace(ATTACKER, points=2, absorb=10)
    [use] = plan_ecm(screened, [Incoming(tl=0, drive=4)])
    assert use.points == 0
    open_ = replace(ATTACKER, points=5)
    [use] = plan_ecm(open_, [Incoming(tl=0, drive=4)])  # two of five points: drive 4 → 6, a Miss
    assert (use.points, use.effective, use.drive_after) == (2, 2, 6)


def test_r_ecm_in_battle_only_against_missiles() -> None:
    """1994 text: shells are not affected by ECM; ECM may be used with everything else."""
    game = battle("alice W1: TL0 PD=9 E=3 S=2 A=20", "bob W2: TL0 PD=9 C=1 SH=6")
    result = fight(game, alice="W1 ATTACKS: D=3 S=2 E=3", bob="W2 ATTACKS W1: D=3 C=1 (3 shells)")
    assert ship_result(result, "alice:W1").received == 5  # ATTACK (0, +1): 3 + 2, ECM or not


def test_r_dmg_1_what_one_hit_takes() -> None:
    """R-DMG-1: 1 hit = 1 unit, 1 armor point, 3 missiles (or the last 1-2), 6 shells (or the
    last 1-5), one hold and up to 10 BP in it. WG and R take no damage."""
    ship = parse_record("W1: TL0 PD=2 M=4 SH=7 A=1 H=1 R=1")
    damage = take_hits(replace(ship, cargo=10), 5, full_priority(parse_damage("M, SH")))
    assert damage.taken == {DamageSlot.M: 2, DamageSlot.SH: 2, DamageSlot.A: 1}
    assert damage.current[Attr.M] == 0 and damage.current[Attr.SH] == 0
    assert hits_to_destroy(ship) == 2 + 2 + 2 + 1 + 1
    wrecked = take_hits(replace(ship, cargo=10), 20, DEFAULT_PRIORITY)
    assert wrecked.destroyed and wrecked.hits == 8 and wrecked.cargo == 0
    assert wrecked.current[Attr.WG] == 1 and wrecked.current[Attr.R] == 1


def test_r_dmg_2_the_default_priority_keeps_pd_for_last() -> None:
    """R-DMG-2: armor, empty holds, empty racks, ECM, shells, missiles, cannons, tubes, screen,
    beam, loaded holds, loaded racks, PD."""
    order = [step.slot.value for step in DEFAULT_PRIORITY]
    assert order == [
        "A",
        "empty H",
        "empty SR",
        "E",
        "SH",
        "M",
        "C",
        "T",
        "S",
        "B",
        "loaded H",
        "loaded SR",
        "PD",
    ]
    ship = parse_record("W1: TL0 PD=3 B=1 S=1 A=1")
    assert list(take_hits(ship, 3, DEFAULT_PRIORITY).taken) == ["A", "S", "B"]


def test_r_dmg_2_standing_priority_then_the_rounds_override() -> None:
    """R-DMG-2: a standing priority per ship, changeable any time; orders override it for a round."""
    game = battle("alice W1: TL0 PD=6 B=3 S=3 A=2", "bob W2: TL0 PD=9 B=4")
    result = apply(game, SetDamagePriority("alice", "w1", parse_damage("B, S")))
    assert isinstance(result, Accepted)
    game = result.state
    bob = "W2 ATTACKS W1: D=2 B=4"  # ATTACK (0, +1), Hit +2: 6 hits
    standing = fight(game, alice="W1 ATTACKS: D=2", bob=bob)
    assert ship_result(standing, "alice:W1").taken == {"B": 3, "S": 3}
    override = fight(game, alice="W1 ATTACKS: D=2; damage PD 2", bob=bob)
    assert ship_result(override, "alice:W1").taken == {"PD": 2, "B": 3, "S": 1}


def test_r_dmg_3_a_hit_rack_drops_its_systemship_the_last_loaded_first() -> None:
    """R-DMG-3: fewer racks than carried Systemships: the last loaded is left on the star."""
    game = battle(
        "alice W1: TL0 PD=9 SR=2",
        "alice S10 in W1: TL0 PD=2",
        "alice S11 in W1: TL0 PD=2",
        "bob W2: TL0 PD=9 B=1",
    )
    result = fight(game, alice="W1 ATTACKS: D=2; damage loaded SR 1", bob="W2 DODGES, FIRING AT W1: D=2 B=1")
    w1 = ship_result(result, "alice:W1")
    assert w1.taken == {"loaded SR": 1} and w1.dropped == ("S11",)
    state = result.state
    assert state.ship("alice", "W1").carrying == ("S10",)  # type: ignore[union-attr]
    assert state.ship("alice", "S11").hex == "2118"  # type: ignore[union-attr]


def test_r_dmg_4_a_destroyed_warpship_takes_its_systemships_and_cargo_with_it() -> None:
    """R-DMG-4: everything carried goes with a destroyed Warpship; cargo c fills ceil(c/10) holds."""
    game = battle(
        "alice W1: TL0 PD=1 H=2 SR=1",
        "alice S10 in W1: TL0 PD=2",
        "bob W2: TL0 PD=10 B=9",
    )
    w1 = game.ship("alice", "W1")
    assert w1 is not None
    game = replace(game, ships={**game.ships, w1.key: replace(w1, cargo=13)})
    result = fight(game, alice="W1 ATTACKS: D=1", bob="W2 ATTACKS W1: D=1 B=9")
    hit = ship_result(result, "alice:W1")
    assert hit.destroyed and hit.lost == ("S10",) and hit.cargo_lost == 13
    assert result.state.ship("alice", "S10") is None and result.state.ship("alice", "W1") is None


def test_r_dmg_5_a_hit_on_a_loaded_hold_takes_the_least_filled_one() -> None:
    """R-DMG-5 (project): cargo 13 fills a hold of 10 and one of 3; a hit loses the 3."""
    ship = replace(parse_record("W1: TL0 PD=2 H=3"), cargo=13)
    damage = take_hits(ship, 2, (DamageStep(DamageSlot.LOADED_H), *DEFAULT_PRIORITY))
    assert damage.taken == {"loaded H": 2} and damage.cargo == 0
    one = take_hits(ship, 1, parse_damage("loaded H"))
    assert one.cargo == 10 and one.current[Attr.H] == 2
    empty_first = take_hits(ship, 1, DEFAULT_PRIORITY)
    assert empty_first.taken == {"empty H": 1} and empty_first.cargo == 13


def test_damage_records_read_back() -> None:
    """The W4 record after the 1994 round, as the engine keeps it, is the rulebook's."""
    game = battle("alice W4: TL0 PD={7}6 B=3 S={3}2 C=1 SH={12}6 E=1", "bob W2: TL0 PD=9 B=4")
    assert record_of(game, "alice:W4") == "W4: TL0 PD={7}6 B=3 S={3}2 C=1 SH={12}6 E=1"
