"""The two rule sets and their scenarios, as data in one place.

Every number that differs between the 1977 and 1994 texts, or between scenarios, lives
here (rulings.md, "Differences between the rule sets" and "Scenarios"); the rest of the
engine asks these objects instead of testing the rule set's name.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum, StrEnum


class Attr(StrEnum):
    """Ship attributes, in the order the rulebooks print ship records."""

    PD = "PD"
    WG = "WG"
    B = "B"
    S = "S"
    T = "T"
    M = "M"
    C = "C"
    SH = "SH"
    E = "E"
    A = "A"
    H = "H"
    SR = "SR"
    R = "R"


ATTR_NAMES: dict[Attr, str] = {
    Attr.PD: "Power/Drive",
    Attr.WG: "Warp Generator",
    Attr.B: "Beams",
    Attr.S: "Screens",
    Attr.T: "Tubes",
    Attr.M: "Missiles",
    Attr.C: "Cannons",
    Attr.SH: "Shells",
    Attr.E: "ECM",
    Attr.A: "Armor",
    Attr.H: "Holds",
    Attr.SR: "Systemship Racks",
    Attr.R: "Repair Bay",
}

HOLD_CAPACITY = 10
"""BP carried by one Hold (R-BUILD-3)."""
BASE_COST = 30
"""BP to build a Base (R-ECON-5)."""

# Attributes that exist only as 0 or 1 and cost 5 BP: the Warp Generator and the Repair Bay.
SINGLE_UNITS: frozenset[Attr] = frozenset({Attr.WG, Attr.R})
# Attributes a Systemship may not have (R-BUILD-1).
WARPSHIP_ONLY: frozenset[Attr] = frozenset({Attr.WG, Attr.SR, Attr.H, Attr.R})
# Attributes that never take damage and are never repaired (R-DMG-1).
UNDAMAGEABLE: frozenset[Attr] = frozenset({Attr.WG, Attr.R})


class RuleSetName(StrEnum):
    CLASSIC = "classic"
    REVISED = "revised"


class VictoryKind(Enum):
    VICTORY_POINTS = "victory points"
    LAST_BASE = "last base"


class Rule(StrEnum):
    """Optional rules that a scenario may leave out."""

    REPAIR = "repair"
    RESUPPLY = "resupply"
    TECH = "tech"
    SYSTEMSHIPS = "systemships"
    BASE_BUILDING = "base building"
    HOLDS = "holds"
    REPAIR_BAYS = "repair bays"
    STAR_ECONOMY = "star economy"
    SCRAPPING = "scrapping"


@dataclass(frozen=True)
class RuleSet:
    """Facts of one rulebook."""

    name: RuleSetName
    title: str
    attributes: tuple[Attr, ...]
    tech_step: int
    """Game-turns per tech level: turns 1..step are TL0, and so on."""
    halve_movement: bool
    """Revised: movement points are ceil(current PD / 2); classic: current PD."""
    pickups_per_combat_round: str
    """'one' (classic) or 'racks' (revised: as many as undamaged SRs), R-CBT-9."""
    min_players: int
    max_players: int

    def movement_points(self, current_pd: int) -> int:
        return math.ceil(current_pd / 2) if self.halve_movement else current_pd

    def combat_transfers(self, undamaged_racks: int) -> int:
        """Systemships a Warpship may pick up or drop in one combat round (R-CBT-9)."""
        return undamaged_racks if self.pickups_per_combat_round == "racks" else 1


@dataclass(frozen=True)
class Scenario:
    """One scenario of a rule set (rulings.md's scenario table)."""

    key: str
    ruleset: RuleSet
    title: str
    start_bp: int
    turn_bp: int
    """BP granted at the start of every later player-turn (0 = none, or the star economy)."""
    spend_all_first_turn: bool
    warpships_only: bool
    middle_base_only: bool
    victory: VictoryKind
    victory_points: int
    """Points that win (classic); unused for LAST_BASE."""
    left_out: frozenset[Rule]
    draw_when_no_fighters: bool

    @property
    def ruleset_name(self) -> RuleSetName:
        return self.ruleset.name

    def uses(self, rule: Rule) -> bool:
        return rule not in self.left_out

    def tech_level(self, game_turn: int) -> int:
        """Tech level of ships built on ``game_turn`` (R-TURN-1: "turn" means game-turn)."""
        if not self.uses(Rule.TECH):
            return 0
        return (game_turn - 1) // self.ruleset.tech_step

    @property
    def cheapest_ship(self) -> int:
        """BP of the cheapest ship this scenario lets a player build (R-BUILD-1/3): one unit of
        anything is 1 BP, and where only Warpships are built a Warp Generator is 5 more."""
        warpship = self.warpships_only or not self.uses(Rule.SYSTEMSHIPS)
        return design_cost({Attr.WG: 1, Attr.PD: 1} if warpship else {Attr.PD: 1}, 0)

    def allowed_attributes(self) -> tuple[Attr, ...]:
        dropped: set[Attr] = set()
        if not self.uses(Rule.HOLDS):
            dropped.add(Attr.H)
        if not self.uses(Rule.REPAIR_BAYS):
            dropped.add(Attr.R)
        if not self.uses(Rule.SYSTEMSHIPS):
            dropped.add(Attr.SR)
        return tuple(a for a in self.ruleset.attributes if a not in dropped)


CLASSIC = RuleSet(
    name=RuleSetName.CLASSIC,
    title="WarpWar (Metagaming, 1977)",
    attributes=(Attr.PD, Attr.WG, Attr.B, Attr.S, Attr.T, Attr.M, Attr.SR),
    tech_step=4,
    halve_movement=False,
    pickups_per_combat_round="one",
    min_players=2,
    max_players=2,
)

REVISED = RuleSet(
    name=RuleSetName.REVISED,
    title="WarpWar 2nd edition (1994)",
    attributes=tuple(Attr),
    tech_step=6,
    halve_movement=True,
    pickups_per_combat_round="racks",
    min_players=2,
    max_players=8,
)

_CLASSIC_SIMPLE = frozenset({Rule.REPAIR, Rule.RESUPPLY, Rule.TECH, Rule.SCRAPPING})

SCENARIOS: dict[tuple[RuleSetName, str], Scenario] = {
    (s.ruleset.name, s.key): s
    for s in (
        Scenario(
            key="learning",
            ruleset=CLASSIC,
            title="Learning scenario",
            start_bp=40,
            turn_bp=0,
            spend_all_first_turn=True,
            warpships_only=True,
            middle_base_only=True,
            victory=VictoryKind.VICTORY_POINTS,
            victory_points=1,
            left_out=_CLASSIC_SIMPLE | {Rule.SYSTEMSHIPS},
            draw_when_no_fighters=True,
        ),
        Scenario(
            key="basic",
            ruleset=CLASSIC,
            title="Basic scenario",
            start_bp=50,
            turn_bp=0,
            spend_all_first_turn=True,
            warpships_only=False,
            middle_base_only=True,
            victory=VictoryKind.VICTORY_POINTS,
            victory_points=2,
            left_out=_CLASSIC_SIMPLE,
            draw_when_no_fighters=True,
        ),
        Scenario(
            key="advanced",
            ruleset=CLASSIC,
            title="Advanced scenario",
            start_bp=20,
            turn_bp=10,
            spend_all_first_turn=False,
            warpships_only=False,
            middle_base_only=False,
            victory=VictoryKind.VICTORY_POINTS,
            victory_points=3,
            left_out=frozenset({Rule.SCRAPPING}),
            draw_when_no_fighters=False,
        ),
        Scenario(
            key="basic",
            ruleset=REVISED,
            title="Basic scenario",
            start_bp=40,
            turn_bp=8,
            spend_all_first_turn=False,
            warpships_only=False,
            middle_base_only=True,
            victory=VictoryKind.LAST_BASE,
            victory_points=0,
            left_out=frozenset(
                {Rule.BASE_BUILDING, Rule.HOLDS, Rule.REPAIR_BAYS, Rule.TECH, Rule.STAR_ECONOMY}
            ),
            draw_when_no_fighters=False,
        ),
        Scenario(
            key="advanced",
            ruleset=REVISED,
            title="Advanced scenario",
            start_bp=20,
            turn_bp=0,
            spend_all_first_turn=False,
            warpships_only=False,
            middle_base_only=False,
            victory=VictoryKind.LAST_BASE,
            victory_points=0,
            left_out=frozenset(),
            draw_when_no_fighters=False,
        ),
    )
}


def scenario(ruleset: str, key: str) -> Scenario:
    """Look a scenario up by its rule set and name; KeyError lists none, ValueError is clearer."""
    try:
        return SCENARIOS[(RuleSetName(ruleset), key)]
    except (KeyError, ValueError):
        known = ", ".join(f"{r.value} {k}" for r, k in SCENARIOS)
        raise ValueError(f"there is no {ruleset} {key} scenario; choose one of: {known}") from None


def design_cost(design: dict[Attr, int], tech_level: int) -> int:
    """BP to build a ship with these attribute levels (R-BUILD-3).

    Missiles cost 1 BP per 3 started, Shells 1 per 6 started, Armor gives (2 + TL) points per
    BP started, the Warp Generator and Repair Bay 5 BP each, everything else 1 BP a unit.
    """
    total = 0
    for attr, units in design.items():
        if units <= 0:
            continue
        if attr in SINGLE_UNITS:
            total += 5 * units
        elif attr is Attr.M:
            total += math.ceil(units / 3)
        elif attr is Attr.SH:
            total += math.ceil(units / 6)
        elif attr is Attr.A:
            total += math.ceil(units / (2 + tech_level))
        else:
            total += units
    return total
