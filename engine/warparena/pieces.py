"""The Robots of War (2.3) and the pieces on the board."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.warparena.hexes import HexName, arena_type


class Robot(StrEnum):
    """A robot type by its letter (2.3, the summary sheet)."""

    C = "C"
    D = "D"
    H = "H"
    B = "B"
    W = "W"

    @property
    def die(self) -> int:
        """Sides of its combat die (6.0): C 1d12, D 1d10, H 1d8, B 1d6, W 1d4."""
        return _DIE[self]

    @property
    def moves(self) -> int:
        """Hexes it may move in a Move action (5.0); the H-bot's 2 is one step or one hop."""
        return _MOVES[self]

    @property
    def fixed_strength(self) -> int:
        """Its strength with option 9.4's fixed strengths (R-WA-OPT-1): C 7, D 6, H 5, B 4, W 3."""
        return _FIXED[self]

    @property
    def d6_add(self) -> int:
        """What it adds to 1d6 with the cost-saving dice (R-WA-OPT-2): W 0, B 1, H 2, D 3, C 4."""
        return _D6_ADD[self]

    @property
    def spoken(self) -> str:
        """Its name in players' words: "C-bot"."""
        return f"{self.value}-bot"


_DIE = {Robot.C: 12, Robot.D: 10, Robot.H: 8, Robot.B: 6, Robot.W: 4}
_MOVES = {Robot.C: 3, Robot.D: 1, Robot.H: 2, Robot.B: 3, Robot.W: 4}
_FIXED = {Robot.C: 7, Robot.D: 6, Robot.H: 5, Robot.B: 4, Robot.W: 3}
_D6_ADD = {Robot.C: 4, Robot.D: 3, Robot.H: 2, Robot.B: 1, Robot.W: 0}

MOST_OF_A_TYPE = 5
"""No more than five of one robot type in the arena at once (2.3, 4.2.5)."""
MOST_PDS = 4
"""No piece carries more than four power discs (2.3.6, R-WA-PD-1)."""
ROBOT_ORDER = (Robot.C, Robot.D, Robot.H, Robot.B, Robot.W)
"""The order pieces are listed and defaults choose in (R-WA-PD-2)."""


def robot_of(label: str) -> Robot:
    """The type of a piece from its label: ``C``, ``D1``-``D5``, ``H1``..., ``W5`` (R-WA-SET-3)."""
    return Robot(label[0])


@arena_type
@dataclass(frozen=True)
class Piece:
    """One robot in the arena."""

    owner: str
    """The player's name."""
    label: str
    """``C`` or a type letter and number, ``D1``-``D5``; unique per player (R-WA-SET-3)."""
    hex: HexName
    pds: int = 0
    """Power discs it carries, 0-4 (R-WA-PD-1)."""

    @property
    def robot(self) -> Robot:
        return robot_of(self.label)

    @property
    def ref(self) -> PieceRef:
        return PieceRef(self.owner, self.label)


@arena_type
@dataclass(frozen=True, order=True)
class PieceRef:
    """A piece by owner and label: ``ann's H2``. Labels repeat between players."""

    owner: str
    label: str

    def __str__(self) -> str:
        return f"{self.owner}'s {self.label}"
