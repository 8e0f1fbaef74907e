"""Rule sets and scenarios as data (rulings.md's tables), and the tech-level tables."""

from __future__ import annotations

import pytest

from engine.warpwar.rulesets import SCENARIOS, Attr, Rule, RuleSetName, VictoryKind, scenario


@pytest.mark.parametrize(
    ("turn", "level"), [(1, 0), (4, 0), (5, 1), (8, 1), (9, 2), (12, 2), (13, 3), (16, 3)]
)
def test_classic_tech_level_table(turn: int, level: int) -> None:
    """1977: turns 1-4 Level 0, 5-8 Level 1, 9-12 Level 2, 13-16 Level 3 (advanced scenario)."""
    assert scenario("classic", "advanced").tech_level(turn) == level


@pytest.mark.parametrize(("turn", "level"), [(1, 0), (6, 0), (7, 1), (12, 1), (13, 2), (18, 2), (19, 3)])
def test_revised_tech_level_table(turn: int, level: int) -> None:
    """1994: turns 1-6 TL0, 7-12 TL1, 13-18 TL2, and so on (advanced scenario)."""
    assert scenario("revised", "advanced").tech_level(turn) == level


@pytest.mark.parametrize(
    ("ruleset", "key"), [("classic", "learning"), ("classic", "basic"), ("revised", "basic")]
)
def test_tech_rules_left_out(ruleset: str, key: str) -> None:
    """Scenarios without the Technology rules build every ship at TL0."""
    assert scenario(ruleset, key).tech_level(30) == 0


def test_scenario_table() -> None:
    """rulings.md's scenario table, row by row."""
    learning = scenario("classic", "learning")
    assert (learning.start_bp, learning.turn_bp, learning.victory_points) == (40, 0, 1)
    assert learning.warpships_only and learning.middle_base_only and learning.spend_all_first_turn
    assert {Rule.REPAIR, Rule.RESUPPLY, Rule.TECH, Rule.SYSTEMSHIPS} <= learning.left_out
    basic = scenario("classic", "basic")
    assert (basic.start_bp, basic.turn_bp, basic.victory_points) == (50, 0, 2)
    assert basic.uses(Rule.SYSTEMSHIPS) and not basic.uses(Rule.REPAIR)
    advanced = scenario("classic", "advanced")
    assert (advanced.start_bp, advanced.turn_bp, advanced.victory_points) == (20, 10, 3)
    assert not advanced.middle_base_only and not advanced.spend_all_first_turn
    rbasic = scenario("revised", "basic")
    assert (rbasic.start_bp, rbasic.turn_bp, rbasic.victory) == (40, 8, VictoryKind.LAST_BASE)
    assert {Rule.BASE_BUILDING, Rule.HOLDS, Rule.REPAIR_BAYS, Rule.TECH, Rule.STAR_ECONOMY} <= rbasic.left_out
    assert Attr.H not in rbasic.allowed_attributes() and Attr.E in rbasic.allowed_attributes()
    radvanced = scenario("revised", "advanced")
    assert radvanced.start_bp == 20 and radvanced.uses(Rule.STAR_ECONOMY) and not radvanced.left_out
    assert len(SCENARIOS) == 5


def test_rule_set_attributes() -> None:
    """Classic ships have PD, WG, B, S, T, M, SR; revised adds E, C, SH, A, H, R."""
    classic = scenario("classic", "advanced").ruleset
    revised = scenario("revised", "advanced").ruleset
    assert set(classic.attributes) == {Attr.PD, Attr.WG, Attr.B, Attr.S, Attr.T, Attr.M, Attr.SR}
    assert set(revised.attributes) - set(classic.attributes) == {
        Attr.E,
        Attr.C,
        Attr.SH,
        Attr.A,
        Attr.H,
        Attr.R,
    }
    assert classic.name is RuleSetName.CLASSIC and revised.max_players > 2 == classic.max_players


def test_unknown_scenario_is_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match="classic learning"):
        scenario("revised", "learning")
