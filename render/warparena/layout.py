"""Where the arena's hexes fall on a picture, and how large they are drawn.

The engine's lattice (engine.warparena.hexes) is axial (q, r) with flat-topped hexes and r
growing southwards, so a cell's column is q and its height is 2r + q half-rows. The
picture's north is the lattice's north: a grid turned by a Rotate Grid action shows turned,
its numbers with it (R-WA-MAP-2). Arenas of any shape (warps may leave them in pieces) are
framed by the box around every cell drawn, old places included.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from engine.warparena.board import Board
from engine.warparena.hexes import Cell, HexName
from render.geometry import SQRT3, Box, Point, flat_centre, hex_corners

BASE_RADIUS = 40.0
"""A hex's corner radius at scale 1 when the arena fits without shrinking."""
LEAST_RADIUS = 24.0
"""Never smaller, at scale 1: below it a hex's labels stop being readable on a phone; a
larger arena then makes a larger picture instead (R-WA-X-51)."""
MOST_WIDTH = 1400.0
MOST_HEIGHT = 1500.0
"""The board area a picture aims to stay within at scale 1, shrinking hexes to fit."""


def cell_offset(cell: Cell, radius: float) -> Point:
    """A cell's centre relative to cell (0, 0)."""
    return flat_centre(cell.q, 2 * cell.r + cell.q, radius)


def cells_box(cells: Iterable[Cell], radius: float) -> Box:
    """The box around these cells' outlines, relative to cell (0, 0)."""
    centres = [cell_offset(c, radius) for c in cells]
    if not centres:
        return (-radius, -radius, radius, radius)
    half = SQRT3 / 2 * radius
    return (
        min(x for x, _ in centres) - radius,
        min(y for _, y in centres) - half,
        max(x for x, _ in centres) + radius,
        max(y for _, y in centres) + half,
    )


def fitting_radius(cells: Iterable[Cell], scale: float) -> float:
    """The radius at which these cells fit the aimed-for area, between the least and the base."""
    left, top, right, bottom = cells_box(list(cells), 1.0)
    fit = min(MOST_WIDTH / max(right - left, 1e-9), MOST_HEIGHT / max(bottom - top, 1e-9))
    return scale * max(LEAST_RADIUS, min(BASE_RADIUS, fit))


@dataclass(frozen=True)
class ArenaLayout:
    """Hexes of one size on one picture: cell (0, 0)'s centre falls at ``origin``."""

    radius: float
    origin: Point
    board: Board

    def at(self, cell: Cell) -> Point:
        dx, dy = cell_offset(cell, self.radius)
        return self.origin[0] + dx, self.origin[1] + dy

    def centre(self, name: HexName) -> Point:
        return self.at(self.board.cell_of(name))

    def corners(self, cell: Cell, inset: float = 0.0) -> list[Point]:
        return hex_corners(self.at(cell), self.radius - inset)

    @property
    def half_height(self) -> float:
        return SQRT3 / 2 * self.radius


def place(cells: Iterable[Cell], radius: float, margin: float) -> tuple[Point, int, int]:
    """Origin, width and height of a board showing ``cells`` with ``margin`` around them."""
    left, top, right, bottom = cells_box(list(cells), radius)
    return (
        (margin - left, margin - top),
        _whole(right - left + 2 * margin),
        _whole(bottom - top + 2 * margin),
    )


def _whole(pixels: float) -> int:
    """Whole pixels enough for ``pixels``, not one more for a float's last bit (a close-up
    sized to fill 560 px is 560 px wide, not 561)."""
    return math.ceil(round(pixels, 6))
