"""Ship records and costs: the worked examples of both texts (section V / IV) and R-BUILD-3."""

from __future__ import annotations

import pytest

from engine.warpwar.notation import parse_design
from engine.warpwar.rulesets import CLASSIC, REVISED, Attr, design_cost, scenario
from engine.warpwar.ships import new_ship, record


def cost(design: str, tl: int = 0) -> int:
    return design_cost(parse_design(design), tl)


@pytest.mark.parametrize(
    ("example", "design", "turn", "tl", "bp"),
    [
        ("1977 W2: built turn 3, level 0, 17 BP", "WG=1 PD=5 B=3 S=2 T=1 M=3 SR=0", 3, 0, 17),
        ("1977 W7: built turn 6, level 1, 12 BP freighter", "WG=1 PD=5 SR=2", 6, 1, 12),
        ("1977 S20: built turn 2, level 0, 20 BP", "PD=7 B=8 S=5", 2, 0, 20),
        ("1977 S55: built turn 9, level 2, 4 BP fighter", "PD=1 T=1 M=6", 9, 2, 4),
        ("1977 W4: a 22-BP ship, counting the generator", "WG=1 PD=7 B=3 S=3 T=1 M=6 SR=1", 1, 0, 22),
    ],
)
def test_classic_ship_examples(example: str, design: str, turn: int, tl: int, bp: int) -> None:
    """Each 1977 example's tech level follows from its build turn, and its cost from its record."""
    assert scenario("classic", "advanced").tech_level(turn) == tl, example
    assert cost(design, tl) == bp, example


@pytest.mark.parametrize(
    ("example", "design", "turn", "tl", "bp"),
    [
        ("1994 W2: built turn 3, TL0, 21 BP", "WG=1 PD=7 S=2 B=3 T=1 M=3 E=2", 3, 0, 21),
        ("1994 S20: built turn 2, TL0, 20 BP", "PD=7 B=5 S=5 E=3", 2, 0, 20),
        ("1994 S55: built turn 9, TL1, 4 BP gunship", "PD=1 C=1 SH=12", 9, 1, 4),
        ("1994 W4: a 22-BP ship, counting the generator", "WG=1 PD=7 B=3 S=3 C=1 SH=12 E=1", 1, 0, 22),
    ],
)
def test_revised_ship_examples(example: str, design: str, turn: int, tl: int, bp: int) -> None:
    assert scenario("revised", "advanced").tech_level(turn) == tl, example
    assert cost(design, tl) == bp, example


def test_revised_w7_example_is_a_tl2_ship() -> None:
    """1994 W7 (R-TEXT-6): "built during turn 12 … TL2", 23 BP with 8 Armor.

    The TL table puts turn 12 at TL1, and the record's cost (23 BP) is right only at TL2,
    where 1 BP builds 4 Armor. We test the record as a TL2 ship (built in turns 13-18).
    """
    design = "WG=1 PD=6 A=8 H=2 SR=3 R=1"
    assert cost(design, tl=2) == 23
    assert cost(design, tl=1) == 24
    assert scenario("revised", "advanced").tech_level(12) == 1
    assert scenario("revised", "advanced").tech_level(13) == 2


def test_revised_w2_movement_allowance() -> None:
    """1994 W2: "a Power/Drive strength of 7 … W2's movement allowance is 4"."""
    assert REVISED.movement_points(7) == 4
    assert CLASSIC.movement_points(7) == 7


def test_r_build_3_started_groups_round_up() -> None:
    """R-BUILD-3: missiles 1 BP per 3 started, shells per 6 started, armor (2+TL) points per BP."""
    assert cost("M=1") == 1
    assert cost("M=4") == 2
    assert cost("SH=7") == 2
    assert cost("A=2") == 1
    assert cost("A=3") == 2
    assert cost("A=3", tl=1) == 1
    assert cost("WG=1 R=1 PD=1") == 11


def test_records_print_the_rulebook_way() -> None:
    """The 1994 damage example's record: built maximum in braces, then current."""
    w4 = new_ship("alice", "W4", parse_design("WG=1 PD=7 B=3 S=3 C=1 SH=12 E=1"), 0, "0306", 1)
    assert record(w4) == "W4: TL0 PD=7 B=3 S=3 C=1 SH=12 E=1"
    hit = w4.with_current({Attr.PD: 6, Attr.S: 2, Attr.SH: 6})
    assert record(hit) == "W4: TL0 PD={7}6 B=3 S={3}2 C=1 SH={12}6 E=1"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("PD=5 X=2", "X is not a ship attribute"),
        ("PD=5 PD=2", "given twice"),
        ("PD 5", "cannot read"),
        ("", "empty"),
    ],
)
def test_design_notation_refuses_with_the_bad_part(text: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        parse_design(text)
