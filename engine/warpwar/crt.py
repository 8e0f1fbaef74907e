"""The Combat Results Table, as data, and how to read it (rule texts, "Reading the CRT").

The table is identical in the 1977 and 1994 texts: rows by the firing ship's tactic and the
drive difference (firing drive − target drive), columns by the target's tactic. Missiles
always read the Attack rows with their own drive setting (R-CBT-5).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Tactic(StrEnum):
    """A ship's combat tactic for one round; also the CRT's row groups and columns."""

    ATTACK = "attack"
    DODGE = "dodge"
    RETREAT = "retreat"


class Outcome(StrEnum):
    """What one weapon does (rule texts, "Explanation of combat results")."""

    MISS = "Miss"
    HIT = "Hit"
    HIT_1 = "Hit +1"
    HIT_2 = "Hit +2"
    ESCAPES = "Escapes"

    @property
    def bonus(self) -> int:
        """Extra hits this result adds to a weapon that hits."""
        return {Outcome.HIT_1: 1, Outcome.HIT_2: 2}.get(self, 0)

    @property
    def hits(self) -> bool:
        return self in (Outcome.HIT, Outcome.HIT_1, Outcome.HIT_2)


@dataclass(frozen=True)
class Row:
    """One CRT row: the firing tactic, a range of drive differences, and a result per column."""

    tactic: Tactic
    low: int | None
    """Smallest drive difference of the row; None for "or less"."""
    high: int | None
    """Largest drive difference of the row; None for "or more"."""
    label: str
    """The row's drive-difference heading as the rulebook prints it ("0, +1")."""
    results: dict[Tactic, Outcome]

    def covers(self, difference: int) -> bool:
        return (self.low is None or difference >= self.low) and (self.high is None or difference <= self.high)


def _row(tactic: Tactic, low: int | None, high: int | None, label: str, *cells: Outcome) -> Row:
    return Row(tactic, low, high, label, dict(zip(Tactic, cells, strict=True)))


_M, _H, _H1, _H2, _E = Outcome.MISS, Outcome.HIT, Outcome.HIT_1, Outcome.HIT_2, Outcome.ESCAPES
_A, _D, _R = Tactic.ATTACK, Tactic.DODGE, Tactic.RETREAT

CRT: tuple[Row, ...] = (
    #    firing tactic, drive difference, label:  target ATTACK, DODGE, RETREAT
    _row(_A, None, -3, "-3 or less", _M, _M, _E),
    _row(_A, -2, -1, "-1, -2", _H, _M, _E),
    _row(_A, 0, 1, "0, +1", _H2, _M, _M),
    _row(_A, 2, 2, "+2", _H1, _H1, _M),
    _row(_A, 3, 4, "+3, +4", _M, _H, _H),
    _row(_A, 5, None, "+5 or more", _M, _M, _M),
    _row(_D, None, -4, "-4 or less", _M, _M, _E),
    _row(_D, -3, -2, "-2, -3", _M, _H, _E),
    _row(_D, -1, 0, "0, -1", _H, _H, _E),
    _row(_D, 1, 2, "+1, +2", _H, _M, _E),
    _row(_D, 3, None, "+3 or more", _M, _M, _E),
    _row(_R, None, -2, "-2 or less", _M, _M, _E),
    _row(_R, -1, 0, "-1, 0", _H, _M, _E),
    _row(_R, 1, None, "+1 or more", _M, _M, _E),
)
"""The 14 rows × 3 columns of the table, in the rulebook's order."""


@dataclass(frozen=True)
class Reading:
    """One look-up in the CRT: which row and column were read, and what they say."""

    row: Row
    column: Tactic
    difference: int

    @property
    def outcome(self) -> Outcome:
        return self.row.results[self.column]

    def describe(self) -> str:
        """The rulebook's way to name the cell: ``ATTACK (0, +1) against DODGE``."""
        return f"{self.row.tactic.name} ({self.row.label}) against {self.column.name}"


def read_crt(firing: Tactic, difference: int, target: Tactic) -> Reading:
    """Read the CRT for a weapon fired with ``firing`` tactic at a ``target``-tactic ship."""
    for row in CRT:
        if row.tactic is firing and row.covers(difference):
            return Reading(row, target, difference)
    raise AssertionError(f"the CRT has no {firing} row for {difference}")  # the rows cover every int
