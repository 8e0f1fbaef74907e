"""The arena's geometry: lattice cells, the seven hexes of a grid, and hex names.

R-WA-MAP-1: one unbounded lattice of flat-topped hexes in axial coordinates (q, r).
Directions are numbered 1-6 clockwise from north. A grid is a centre cell and a rotation
ρ in 0-5: its secondary hex k lies in direction ((k - 1 + ρ) mod 6) + 1 from the centre.
R-WA-MAP-2: a hex is named by its grid and number, ``9-3`` or ``9-C``; the name travels
with the grid, so everything on a hex is kept by name and only its cell changes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NewType

from engine.serial import serializable_in

arena_type = serializable_in("arena")
"""Registers a Warp Arena dataclass for JSON under ``arena.<ClassName>``."""

HexName = NewType("HexName", str)
"""A hex by its printed name: ``9-3`` (grid 9, secondary hex 3) or ``9-C`` (grid 9's centre)."""

CENTRE = 0
"""The number used for a grid's centre hex in :func:`hex_name` and :func:`hex_number`."""


@arena_type
@dataclass(frozen=True, order=True)
class Cell:
    """A cell of the lattice, in axial coordinates (flat-topped hexes, r grows southwards)."""

    q: int
    r: int

    def __add__(self, other: Cell) -> Cell:
        return Cell(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Cell) -> Cell:
        return Cell(self.q - other.q, self.r - other.r)

    def times(self, n: int) -> Cell:
        return Cell(self.q * n, self.r * n)


DIRECTIONS: dict[int, Cell] = {
    1: Cell(0, -1),  # N
    2: Cell(1, -1),  # NE
    3: Cell(1, 0),  # SE
    4: Cell(0, 1),  # S
    5: Cell(-1, 1),  # SW
    6: Cell(-1, 0),  # NW
}
"""One step in each direction, numbered clockwise from north (R-WA-MAP-1)."""


def turn(direction: int, by: int) -> int:
    """The direction ``by`` sixth-turns clockwise from ``direction`` (both 1-6)."""
    return (direction - 1 + by) % 6 + 1


def distance(a: Cell, b: Cell) -> int:
    """Steps between two cells on the lattice, whatever lies between (R-WA-MAP-7)."""
    dq, dr = a.q - b.q, a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def neighbours(cell: Cell) -> tuple[Cell, ...]:
    """The six cells next to ``cell``, in direction order 1-6."""
    return tuple(cell + step for step in DIRECTIONS.values())


@arena_type
@dataclass(frozen=True)
class Grid:
    """One of the numbered seven-hex tiles, where it lies and how it is turned."""

    number: int
    centre: Cell
    rotation: int = 0
    """ρ in 0-5: sixth-turns clockwise from the printed orientation (R-WA-MAP-1)."""

    def cell_of(self, k: int) -> Cell:
        """The cell of hex k of this grid (0 for the centre, 1-6 for the secondaries)."""
        if k == CENTRE:
            return self.centre
        return self.centre + DIRECTIONS[turn(k, self.rotation)]

    def cells(self) -> dict[int, Cell]:
        """Each of the grid's hex numbers (0-6) with its cell."""
        return {k: self.cell_of(k) for k in range(7)}


def hex_name(grid: int, k: int) -> HexName:
    """The name of hex ``k`` (0 = centre) of grid ``grid``: ``9-3``, ``9-C``."""
    return HexName(f"{grid}-{'C' if k == CENTRE else k}")


def grid_of(name: HexName) -> int:
    """The grid a hex belongs to."""
    return int(name.split("-", 1)[0])


def hex_number(name: HexName) -> int:
    """The hex's number in its grid, 0 for the centre."""
    tail = name.split("-", 1)[1]
    return CENTRE if tail == "C" else int(tail)


_HEX = re.compile(r"^\s*(\d{1,2})\s*(?:[-.]?\s*(c|ctr|centre|center|0)|[-.]\s*([1-6]))\s*$", re.IGNORECASE)


def parse_hex(text: str) -> HexName | None:
    """Read a hex name as players write it (R-WA-MAP-2): ``9-3``, ``9.3``, ``9c``, ``9-ctr``,
    ``9-0``, any case. None when it is not a hex name at all (whether the grid exists is the
    arena's question)."""
    found = _HEX.match(text)
    if found is None:
        return None
    grid = int(found.group(1))
    if grid < 1:
        return None
    return hex_name(grid, CENTRE if found.group(2) else int(found.group(3)))


RING_SLOTS = 18
"""Places around a grid where another grid may lie touching it: the cells 3 steps away."""


def slot_cell(centre: Cell, slot: int) -> Cell:
    """The cell of place ``slot`` (1-18) around a grid whose centre is ``centre``.

    A grid touches another without overlapping exactly when their centres are 3 steps apart
    (and no other centre is nearer than 3). The 18 such cells are numbered clockwise from the
    one straight north (slot 1), on the lattice: north is the picture's north, not the grid's
    rotation. Slot 1 is the corner 3 steps N, slots 2-3 follow it towards the NE corner (4)."""
    if not 1 <= slot <= RING_SLOTS:
        raise ValueError(f"slot {slot} is not 1-{RING_SLOTS}")
    side, step = divmod(slot - 1, 3)
    corner = centre + DIRECTIONS[side + 1].times(3)
    return corner + DIRECTIONS[turn(side + 1, 2)].times(step)


def slot_of(centre: Cell, cell: Cell) -> int | None:
    """The place number of ``cell`` around ``centre``, or None when it is not 3 steps away."""
    return next((s for s in range(1, RING_SLOTS + 1) if slot_cell(centre, s) == cell), None)
